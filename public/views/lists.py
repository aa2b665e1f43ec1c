"""Public pages of one rating list beside its leaderboard: distribution, archive, published lists.

A published list is shown as a page and downloaded as CSV or TXT (see ``public.exports``).
Charts are SVG strings from ``public.charts`` (which escapes every text); the views only build
the tooltip texts (translated) and mark the SVG safe.
"""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.functional import cached_property
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.generic import View
from django_filters.views import FilterView
from django_tables2 import SingleTableView

from public import badges, charts, exports
from public.tables.lists import (
    ArchiveTable,
    BandTable,
    CountTable,
    PublishedListTable,
)
from public.views.list_filters import FilteredListMixin, top_list_links
from ratings.enums import GameKind
from ratings.models import PublishedList, RatingList
from ratings.queries.lists import (
    TOP_CATEGORIES,
    filter_category,
    previous_published,
    published_archive,
    published_rows,
    published_summary,
    rating_distribution,
)
from web.params import parse_text
from web.views import ReadOnlyMixin


class DistributionView(FilteredListMixin, ReadOnlyMixin, FilterView):
    """A list's rating distribution: histogram, players per 100-point band, titles, classes.

    Takes the leaderboard's filters (top list, sex, club, federation, activity)."""

    template_name = "public/ratings/distribution.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        rows = self.object_list
        chess = self.rating_list.game == GameKind.CHESS
        distribution = rating_distribution(rows, chess=chess)
        bars = [
            charts.Bar(
                str(band.low),
                band.count,
                ngettext(
                    "%(low)d–%(high)d: %(count)d player",
                    "%(low)d–%(high)d: %(count)d players",
                    band.count,
                )
                % {"low": band.low, "high": band.high, "count": band.count},
            )
            for band in reversed(distribution.bands)
        ]
        context.update(
            rating_list=self.rating_list,
            distribution=distribution,
            top_lists=top_list_links(self.request),
            chart=mark_safe(  # noqa: S308 -- charts.histogram_svg escapes every text
                charts.histogram_svg(
                    bars,
                    title=_("Players per 100-point band"),
                    empty_text=_("No rated players."),
                )
            ),
            band_table=BandTable(distribution.bands),
            title_table=CountTable(
                [{"label": code, "count": count} for code, count in distribution.titles]
            ),
            class_table=CountTable(
                [
                    {"label": badges.CLASS_NAMES[code], "count": count}
                    for code, count in distribution.classes
                ]
            ),
        )
        return context


class ArchiveView(ReadOnlyMixin, SingleTableView):
    """Every published list of a rating list, newest first, with its downloads."""

    template_name = "public/ratings/archive.html"
    table_class = ArchiveTable
    table_pagination = {"per_page": 50}

    @cached_property
    def rating_list(self) -> RatingList:
        return get_object_or_404(RatingList, slug=self.kwargs["slug"])

    def get_queryset(self):
        return published_archive(self.rating_list).select_related("rating_list")

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["rating_list"] = self.rating_list
        return context


class PublishedMixin:
    @cached_property
    def published(self) -> PublishedList:
        return get_object_or_404(
            PublishedList.objects.select_related("rating_list").defer("replay_state"),
            rating_list__slug=self.kwargs["slug"],
            date=self.kwargs["date"],
        )

    @cached_property
    def previous(self) -> PublishedList | None:
        return previous_published(self.published)

    def rows(self):
        return published_rows(self.published, self.previous)


class PublishedListView(PublishedMixin, ReadOnlyMixin, SingleTableView):
    """A published list: the ratings frozen when the period closed, new entries marked."""

    template_name = "public/ratings/published_list.html"
    table_class = PublishedListTable
    table_pagination = {"per_page": 50}

    def get_queryset(self):
        """The list's rows; ``?category=`` keeps one top list, ages counted in the list's year."""
        rows = self.rows()
        category = parse_text(self.request.GET.get("category"))
        if category in TOP_CATEGORIES:
            rows = filter_category(rows, category, self.published.date.year)
        return rows

    def get_table_kwargs(self):
        return {"rating_list": self.published.rating_list}

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["published"] = self.published
        context["previous"] = self.previous
        context["summary"] = published_summary(self.published, self.previous)
        context["top_lists"] = top_list_links(self.request)
        return context


class PublishedDownloadView(PublishedMixin, ReadOnlyMixin, View):
    """A published list as a file (CSV or TXT, see ``public.exports``)."""

    extension = ""
    content_type = ""

    def render(self, rows) -> str:
        raise NotImplementedError

    def get(self, request, *args, **kwargs):
        published = self.published
        response = HttpResponse(self.render(self.rows()), content_type=self.content_type)
        filename = f"{published.rating_list.slug}-{published.date.isoformat()}.{self.extension}"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


class PublishedCsvView(PublishedDownloadView):
    extension = "csv"
    content_type = "text/csv; charset=utf-8"

    def render(self, rows) -> str:
        return exports.published_csv(rows)


class PublishedTxtView(PublishedDownloadView):
    extension = "txt"
    content_type = "text/plain; charset=utf-8"

    def render(self, rows) -> str:
        return exports.published_txt(rows)
