"""The tables of the search page: the players found in one rating list, and the clubs."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.translation import gettext_lazy as _

from public.tables.columns import key, player_grade, priority, rating_text
from web.tables import BaseTable, PlayerColumn


class FoundPlayersTable(BaseTable):
    """Rows ``(player, rating)`` of one list (rating ``None`` for the unrated group)."""

    name = PlayerColumn(verbose_name=_("Name"), accessor="0", attrs=key())
    badge = tables.Column(
        verbose_name=_("Title or grade"), accessor="1", default="", attrs=priority(2)
    )
    federation = tables.Column(
        verbose_name=_("Fed."), accessor="0__federation", default="", attrs=priority(2)
    )
    club = tables.Column(
        verbose_name=_("Club"), accessor="0__club__name", default="", attrs=priority(3)
    )
    fide_id = tables.Column(
        verbose_name=_("FIDE ID"), accessor="0__fide_id", default="", attrs=priority(3, num=True)
    )
    rating = tables.Column(verbose_name=_("Rating"), accessor="1", default="–", attrs=key(num=True))

    class Meta(BaseTable.Meta):
        orderable = False

    def __init__(self, rows, *, rated: bool):
        super().__init__(rows, exclude=() if rated else ("badge", "rating"))

    def render_badge(self, value) -> str:
        return player_grade(value)

    def render_rating(self, value) -> str:
        return rating_text(value.live_rating)


class FoundClubsTable(BaseTable):
    """Rows ``(club, [(rating list, players)])``: each list links to the club's top list."""

    name = tables.Column(verbose_name=_("Club"), accessor="0__name", attrs=key())
    city = tables.Column(verbose_name=_("City"), accessor="0__city", default="", attrs=priority(2))
    lists = tables.Column(
        verbose_name=_("Rated players"), accessor="1", default="–", attrs=key(), orderable=False
    )

    class Meta(BaseTable.Meta):
        orderable = False

    def render_lists(self, record) -> str:
        club, entries = record
        if not entries:
            return "–"
        return format_html_join(
            ", ",
            '<a href="{}?club={}">{}</a> ({})',
            (
                (reverse("ratings:leaderboard", args=[rating_list.slug]), club.pk, rating_list, n)
                for rating_list, n in entries
            ),
        )
