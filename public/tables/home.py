"""Tables of the home page: each list's top ten, tournaments, a published list's movers."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from public.tables.columns import key, player_grade, priority, rating_text, signed
from tournaments.models import Tournament
from web.tables import BaseTable, DateColumn, PlayerColumn


class TopPlayersTable(BaseTable):
    """A list's top ten (``PlayerRating`` rows with ``rank``): rank, name, title or class and
    rating at every width (the home page's narrow columns wrap the names and hide the
    federation, ``static/css/layout.css``)."""

    rank = tables.Column(verbose_name=_("Rank"), attrs=key(num=True))
    name = PlayerColumn(verbose_name=_("Name"), accessor="player", show_title=False, attrs=key())
    badge = tables.Column(verbose_name=_("Title or grade"), accessor="pk", attrs=key())
    federation = tables.Column(
        verbose_name=_("Fed."), accessor="player__federation", default="", attrs=priority(3)
    )
    live_rating = tables.Column(verbose_name=_("Rating"), attrs=key(num=True))

    class Meta(BaseTable.Meta):
        orderable = False

    def render_badge(self, record) -> str:
        return player_grade(record)

    def render_live_rating(self, value) -> str:
        return rating_text(value)


class HomeTournamentTable(BaseTable):
    """Running or recently finished tournaments."""

    name = tables.Column(verbose_name=_("Tournament"), linkify=True, attrs=key())
    start_date = DateColumn(verbose_name=_("Start"), format="SHORT_DATE_FORMAT", attrs=priority(2))
    end_date = DateColumn(verbose_name=_("End"), format="SHORT_DATE_FORMAT", attrs=key())
    city = tables.Column(verbose_name=_("City"), default="", attrs=priority(3))
    rating_list = tables.Column(verbose_name=_("Rated in"), default=_("unrated"), attrs=priority(3))

    class Meta(BaseTable.Meta):
        model = Tournament
        fields = ()
        orderable = False


class MoversTable(BaseTable):
    """The biggest gains or falls of a published list (``PublishedRating`` rows)."""

    name = PlayerColumn(verbose_name=_("Name"), accessor="player", attrs=key())
    federation = tables.Column(
        verbose_name=_("Fed."), accessor="player__federation", default="", attrs=priority(3)
    )
    rating = tables.Column(verbose_name=_("Rating"), attrs=priority(2, num=True))
    change = tables.Column(verbose_name=_("Change"), attrs=key(num=True))

    class Meta(BaseTable.Meta):
        orderable = False

    def render_change(self, value) -> str:
        return signed(value)
