"""What the pages of one rating list filtered like its leaderboard share: the list from the
URL, its rows, the filter's choices, and the top-list tabs (open, women, juniors, girls,
seniors)."""

from django.shortcuts import get_object_or_404
from django.utils.functional import cached_property
from django.utils.translation import gettext as _

from core.cache import clubs as list_clubs
from core.cache import federations as list_federations
from ratings.filters import CATEGORY_CHOICES, LeaderboardFilter
from ratings.models import RatingList
from ratings.queries.leaderboard import leaderboard_rows
from web.params import parse_text


class FilteredListMixin:
    """A ``FilterView`` over one rating list's rows (``slug`` in the URL), filtered by the
    leaderboard's filter: top list, sex, club, federation, activity."""

    filterset_class = LeaderboardFilter

    @cached_property
    def rating_list(self) -> RatingList:
        return get_object_or_404(RatingList, slug=self.kwargs["slug"])

    def get_queryset(self):
        return leaderboard_rows(self.rating_list)

    def get_filterset_kwargs(self, filterset_class):
        kwargs = super().get_filterset_kwargs(filterset_class)
        kwargs["rating_list"] = self.rating_list
        kwargs["federations"] = list_federations(self.rating_list)
        kwargs["clubs"] = list_clubs(self.rating_list)
        return kwargs


def top_list_links(request) -> list[dict]:
    """The top-list tabs: open first, then women, juniors, girls and seniors.

    Each tab keeps the other filters (club, federation, activity…) and starts at page 1."""
    current = parse_text(request.GET.get("category"))
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
