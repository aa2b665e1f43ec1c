"""Public, read-only rating pages: the rating lists, top lists, distribution, published lists
and their downloads, a player's card, games and head-to-head record, and the compare page.

Charts are SVG strings from ``public.charts`` (which escapes every text); the views only
build the tooltip texts (translated) and mark the SVG safe.
"""

from decimal import Decimal

from django.core.cache import cache
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.utils.formats import number_format
from django.utils.functional import cached_property
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.generic import DetailView, TemplateView, View
from django_filters.views import FilterView
from django_tables2 import SingleTableMixin, SingleTableView

from core.audit import can_see_audit, player_history
from core.cache import PAGE_CACHE_SECONDS, cache_key, cached, list_versions
from core.views import ReadOnlyMixin
from players.models import Player
from players.queries import player_for_page
from public import badges, charts, exports
from public.filters import CATEGORY_CHOICES, LeaderboardFilter
from public.tables.ratings import (
    ArchiveTable,
    BandTable,
    CountTable,
    HeadToHeadTable,
    LeaderboardTable,
    PerformanceTable,
    PlayerGamesTable,
    PlayerRatingTable,
    PublishedListTable,
    RatingListTable,
    ledger_table_for,
    next_class_text,
    points_text,
)
from public.views.tournaments import history_table
from ratings import queries
from ratings.enums import GameKind
from ratings.models import PublishedList, RatingList
from rules.ratings import classes, fide

MAX_COMPARED = 5
"""The compare page overlays at most this many players."""


def point_label(player_name: str, point: queries.HistoryPoint) -> str:
    """The tooltip of a history point: date, rating and event(s)."""
    if point.live:
        rating = number_format(Decimal(point.rating).quantize(Decimal("0.01")), 2)
        text = _("%(date)s: live rating %(rating)s") % {
            "date": point.date.isoformat(),
            "rating": rating,
        }
    else:
        text = _("%(date)s: list rating %(rating)s") % {
            "date": point.date.isoformat(),
            "rating": point.rating,
        }
    if point.events:
        text = f"{text} — {', '.join(point.events)}"
    return f"{player_name}, {text}" if player_name else text


def history_series(name: str, points: list[queries.HistoryPoint], *, label_name: str = ""):
    """A chart series from history points."""
    return charts.Series(
        name,
        [charts.Point(p.date, float(p.rating), point_label(label_name, p)) for p in points],
    )


class AnonymousPageCacheMixin:
    """A public page served whole from the cache to visitors who are not signed in.

    The key is the full path (query string included), the language and the versions of all
    rating lists: a replay bumps its list's version, so an entered result shows at once (the
    per-part caches below bound the rest by ``PAGE_CACHE_SECONDS``). Signed-in users see
    role-dependent navigation and history, so they always get a fresh page. A page holding a
    CSRF token (tied to one visitor) is never stored.
    """

    def dispatch(self, request, *args, **kwargs):
        if request.method != "GET" or request.user.is_authenticated:
            return super().dispatch(request, *args, **kwargs)
        request.list_versions = list_versions()
        key = cache_key("page", request.get_full_path(), request.list_versions)
        content = cache.get(key)
        if content is not None:
            return HttpResponse(content)
        response = super().dispatch(request, *args, **kwargs)
        if response.status_code == 200 and isinstance(response, TemplateResponse):
            response.render()
            if b"csrfmiddlewaretoken" not in response.content:
                cache.set(key, response.content, PAGE_CACHE_SECONDS)
        return response


class HomeView(AnonymousPageCacheMixin, ReadOnlyMixin, TemplateView):
    """The home page: every rating list with its number of rated players.

    The rendered table is cached under the versions of all lists (a replay bumps its list's)."""

    template_name = "public/ratings/home.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        versions = getattr(self.request, "list_versions", None) or list_versions()
        key = cache_key("home", versions)
        context["table_html"] = cached(
            key,
            lambda: RatingListTable(queries.rating_lists_overview()).as_html(self.request),
        )
        return context


class LeaderboardView(AnonymousPageCacheMixin, ReadOnlyMixin, SingleTableMixin, FilterView):
    """One rating list's leaderboard: filtered first, then ranked (rank within the filter)."""

    template_name = "public/ratings/leaderboard.html"
    content_template = "public/ratings/leaderboard_content.html"
    table_class = LeaderboardTable
    filterset_class = LeaderboardFilter
    table_pagination = {"per_page": 50}

    @cached_property
    def rating_list(self) -> RatingList:
        return get_object_or_404(RatingList, slug=self.kwargs["slug"])

    def get_queryset(self):
        return queries.leaderboard_rows(self.rating_list)

    def get_filterset_kwargs(self, filterset_class):
        kwargs = super().get_filterset_kwargs(filterset_class)
        kwargs["rating_list"] = self.rating_list
        return kwargs

    def ranked_in_rating_order(self) -> bool:
        """Whether the table shows the default order (by rank, i.e. by live rating)."""
        return self.request.GET.get("sort", "rank") in ("", "rank")

    def get_table_data(self):
        if self.ranked_in_rating_order():
            return self.object_list  # ranked per page in get_table
        return queries.with_rank(self.object_list)

    def get_table_kwargs(self):
        return {"rating_list": self.rating_list}

    def get_table(self, **kwargs):
        table = super().get_table(**kwargs)
        if self.ranked_in_rating_order() and hasattr(table, "page"):
            rows = table.page.object_list
            rows.data = list(rows.data)
            queries.rank_page(self.object_list, rows.data, offset=table.page.start_index() - 1)
        return table

    def get(self, request, *args, **kwargs):
        """The page around its content, which is cached by the list's version, the query
        string (page, sort, filters) and the language: a cached page reads the list only."""
        rating_list = self.rating_list
        key = cache_key("leaderboard", rating_list.pk, rating_list.version, request.get_full_path())
        content = cache.get(key)
        if content is None:
            context = super().get(request, *args, **kwargs).context_data
            content = render_to_string(self.content_template, context, request=request)
            cache.set(key, content, PAGE_CACHE_SECONDS)
        return TemplateResponse(
            request,
            self.template_name,
            {"view": self, "rating_list": rating_list, "content_html": content},
        )

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["rating_list"] = self.rating_list
        context["published_lists"] = queries.published_lists_of(self.rating_list)
        context["top_lists"] = top_list_links(self.request)
        context["filtered"] = self.filterset.is_valid() and any(
            value not in (None, "", False) for value in self.filterset.form.cleaned_data.values()
        )
        return context


def top_list_links(request) -> list[dict]:
    """The top-list tabs: open first, then women, juniors, girls and seniors.

    Each tab keeps the other filters (club, federation, activity…) and starts at page 1."""
    current = request.GET.get("category", "")
    links = []
    for code, label in [("", _("Open")), *CATEGORY_CHOICES]:
        query = request.GET.copy()
        query.pop("page", None)
        query.pop("category", None)
        if code:
            query["category"] = code
        links.append(
            {"code": code, "label": label, "current": current == code, "query": query.urlencode()}
        )
    return links


class DistributionView(ReadOnlyMixin, FilterView):
    """A list's rating distribution: histogram, players per 100-point band, titles, classes.

    Takes the leaderboard's filters (top list, sex, club, federation, activity)."""

    template_name = "public/ratings/distribution.html"
    filterset_class = LeaderboardFilter

    @cached_property
    def rating_list(self) -> RatingList:
        return get_object_or_404(RatingList, slug=self.kwargs["slug"])

    def get_queryset(self):
        return queries.leaderboard_rows(self.rating_list)

    def get_filterset_kwargs(self, filterset_class):
        kwargs = super().get_filterset_kwargs(filterset_class)
        kwargs["rating_list"] = self.rating_list
        return kwargs

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        rows = self.object_list
        chess = self.rating_list.game == GameKind.CHESS
        distribution = queries.rating_distribution(rows, chess=chess)
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
        return queries.published_archive(self.rating_list).select_related("rating_list")

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
        return queries.previous_published(self.published)

    def rows(self):
        return queries.published_rows(self.published, self.previous)


class PublishedListView(PublishedMixin, ReadOnlyMixin, SingleTableView):
    """A published list: the ratings frozen when the period closed, new entries marked."""

    template_name = "public/ratings/published_list.html"
    table_class = PublishedListTable
    table_pagination = {"per_page": 50}

    def get_queryset(self):
        """The list's rows; ``?category=`` keeps one top list, ages counted in the list's year."""
        rows = self.rows()
        category = self.request.GET.get("category", "")
        if category in queries.TOP_CATEGORIES:
            rows = queries.filter_category(rows, category, self.published.date.year)
        return rows

    def get_table_kwargs(self):
        return {"rating_list": self.published.rating_list}

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["published"] = self.published
        context["previous"] = self.previous
        context["summary"] = queries.published_summary(self.published, self.previous)
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


class PlayerView(AnonymousPageCacheMixin, ReadOnlyMixin, DetailView):
    """A player's card: their ratings per list, then per list the ledger grouped by period."""

    template_name = "public/ratings/player.html"
    context_object_name = "player"

    def get_queryset(self):
        return queries.with_lists_version(player_for_page())

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        # The replay-derived part (ratings, charts, ledger, tournaments) is rendered once per
        # version of the player's lists (read with the player); the header and the staff
        # history stay live.
        key = cache_key(
            "player", self.object.pk, self.object.lists_version, self.object.lists_count
        )
        context["body_html"] = cached(
            key,
            lambda: render_to_string(
                "public/ratings/player_body.html", self.body_context(), request=self.request
            ),
        )
        if can_see_audit(self.request.user, player=self.object):
            context["history_table"] = history_table(self.request, player_history(self.object))
        return context

    def body_context(self) -> dict:
        """The context of the cached part of the page."""
        context = {"player": self.object}
        calculations = queries.player_calculations(self.object)
        ratings = [c.rating for c in calculations if c.rating is not None]
        changes = [c for calc in calculations for p in calc.periods for c in p.changes]
        histories = queries.rating_histories([self.object.pk], changes=changes, ratings=ratings)
        context["charts"] = [
            {
                "rating_list": calc.rating_list,
                "summary": rating_summary(calc.rating, self.object),
                "svg": mark_safe(  # noqa: S308 -- charts.history_svg escapes every text
                    charts.history_svg(
                        [history_series(calc.rating_list.name, points)],
                        title=_("Rating history: %(list)s") % {"list": calc.rating_list.name},
                        empty_text=_("No rating yet."),
                    )
                ),
            }
            for calc in calculations
            if (points := histories.get((self.object.pk, calc.rating_list.pk)))
        ]
        context["performance_table"] = PerformanceTable(queries.tournament_performances(changes))
        context["opponents"] = queries.opponents_of(changes)
        context["ratings_table"] = PlayerRatingTable(ratings)
        context["calculations"] = [
            {
                "calculation": calculation,
                "system": calculation.rating_list.system,
                "periods": [
                    {
                        "period": period,
                        "table": ledger_table_for(calculation.rating_list.system)(
                            period.changes, period=period
                        ),
                    }
                    for period in calculation.periods
                ],
            }
            for calculation in calculations
        ]
        return context


def rating_summary(rating, player) -> dict | None:
    """Peak, current class (or badge) and the distance to the next class of one rating."""
    if rating is None or rating.live_rating is None:
        return None
    rounded = fide.round_change(rating.live_rating)
    chess = rating.rating_list.game == GameKind.CHESS
    found = classes.next_class(rounded) if chess else None
    return {
        "peak": rating.peak,
        "rating": rounded,
        "badge": badges.badge_html(badges.badge_for(player, rounded, rating.rating_list)),
        "class_name": badges.class_name(rounded) if chess else "",
        "next_class": next_class_text(rounded) if chess else "",
        "points_to_next": found.points if found else None,
    }


class PlayerGamesView(ReadOnlyMixin, SingleTableMixin, DetailView):
    """All of a player's rated games, newest first, with each game's calculation (paginated).

    ``?list=<slug>`` keeps one rating list."""

    template_name = "public/ratings/player_games.html"
    context_object_name = "player"
    table_class = PlayerGamesTable
    table_pagination = {"per_page": 50}

    def get_queryset(self):
        return player_for_page()

    @cached_property
    def rating_list(self) -> RatingList | None:
        slug = self.request.GET.get("list")
        if not slug:
            return None
        return get_object_or_404(RatingList, slug=slug)

    def get_table_data(self):
        return queries.player_games(self.object, self.rating_list)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["rating_list"] = self.rating_list
        return context


class HeadToHeadView(ReadOnlyMixin, DetailView):
    """A player's record against one opponent: ``?opponent=<id>`` (any played game)."""

    template_name = "public/ratings/head_to_head.html"
    context_object_name = "player"

    def get_queryset(self):
        return player_for_page()

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        raw = self.request.GET.get("opponent", "").strip()
        context["error"] = ""
        if not raw:
            context["error"] = _("Choose an opponent.")
            return context
        opponent = None
        if raw.isdigit():
            opponent = Player.objects.filter(pk=int(raw)).first()
        if opponent is None or opponent.pk == self.object.pk:
            context["error"] = _("No such opponent: %(value)s.") % {"value": raw}
            return context
        games, record = queries.head_to_head_games(self.object, opponent)
        context.update(
            opponent=opponent,
            record=record,
            score=points_text(record.score),
            opponent_score=points_text(record.games - record.score),
            games_table=HeadToHeadTable(games),
        )
        return context


class CompareView(ReadOnlyMixin, TemplateView):
    """Up to five players' rating histories in one chart: ``?p=1&p=2…&list=<slug>``.

    The picker works without JavaScript: ``?q=`` searches names; results link to the page
    with the player added. Unknown ids, more than five players or a bad list get a message.
    """

    template_name = "public/ratings/compare.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        errors: list[str] = []
        raw_ids = [value.strip() for value in self.request.GET.getlist("p") if value.strip()]
        ids: list[int] = []
        for value in raw_ids:
            if not value.isdigit():
                errors.append(_("Not a player id: %(value)s.") % {"value": value})
            elif int(value) not in ids:
                ids.append(int(value))
        if len(ids) > MAX_COMPARED:
            errors.append(
                _("Compare at most %(count)d players; the first %(count)d are shown.")
                % {"count": MAX_COMPARED}
            )
            ids = ids[:MAX_COMPARED]
        found = queries.players_by_id(ids)
        for missing in [pk for pk in ids if pk not in found]:
            errors.append(_("No player with id %(id)d.") % {"id": missing})
        players = [found[pk] for pk in ids if pk in found]
        lists = list(RatingList.objects.order_by("position", "name"))
        slug = self.request.GET.get("list", "")
        rating_list = next((item for item in lists if item.slug == slug), None)
        if slug and rating_list is None:
            errors.append(_("No rating list %(slug)s.") % {"slug": slug})
        if rating_list is None and lists:
            rating_list = lists[0]
        chart = ""
        if players and rating_list is not None:
            histories = queries.rating_histories([p.pk for p in players], rating_list=rating_list)
            series = [
                history_series(
                    player.name,
                    histories.get((player.pk, rating_list.pk), []),
                    label_name=player.name,
                )
                for player in players
            ]
            chart = mark_safe(  # noqa: S308 -- charts.history_svg escapes every text
                charts.history_svg(
                    series,
                    title=_("Rating histories: %(list)s") % {"list": rating_list.name},
                    empty_text=_("None of these players has a rating in this list."),
                )
            )
            context["legend"] = [
                {
                    "player": player,
                    "colour": charts.PALETTE[index],
                    "index": index,
                    "empty": not series[index].points,
                }
                for index, player in enumerate(players)
            ]
        query = self.request.GET.get("q", "")
        results = [p for p in queries.search_players(query) if p.pk not in ids] if query else []
        context.update(
            errors=errors,
            players=players,
            lists=lists,
            rating_list=rating_list,
            chart=chart,
            query=query,
            results=[
                {"player": p, "query": _compare_query([*ids, p.pk], rating_list)} for p in results
            ],
            removals=[
                {
                    "player": p,
                    "query": _compare_query([o.pk for o in players if o != p], rating_list),
                }
                for p in players
            ],
            full=len(players) >= MAX_COMPARED,
            max_compared=MAX_COMPARED,
        )
        return context


def _ids_without(players: list[Player], removed: Player) -> list[int]:
    return [player.pk for player in players if player.pk != removed.pk]


def _compare_query(ids: list[int], rating_list: RatingList | None) -> str:
    """The query string of a compare page."""
    from urllib.parse import urlencode

    pairs = [("p", pk) for pk in ids]
    if rating_list is not None:
        pairs.append(("list", rating_list.slug))
    return urlencode(pairs)
