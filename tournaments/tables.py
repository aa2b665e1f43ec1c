"""Tables of the public tournament pages."""

from decimal import Decimal

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from players.tables import BaseTable, PlayerColumn
from ratings.tables import signed_two_decimals
from tournaments.models import Game, Tournament
from tournaments.queries import PlayerLine


def points(value: Decimal) -> str:
    """Points as chess prints them: 2½, ½, 3."""
    whole = int(value)
    half = value - whole == Decimal("0.5")
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


class TournamentTable(BaseTable):
    """The tournaments index."""

    name = tables.Column(verbose_name=_("Tournament"), linkify=True)
    start_date = tables.DateColumn(verbose_name=_("Start"), format="Y-m-d")
    end_date = tables.DateColumn(verbose_name=_("End"), format="Y-m-d")
    city = tables.Column(verbose_name=_("City"), default="")
    club = tables.Column(verbose_name=_("Club"), default="", order_by=("club__name",))
    rating_list = tables.Column(
        verbose_name=_("Rated in"), default=_("unrated"), order_by=("rating_list__position",)
    )
    games_count = tables.Column(verbose_name=_("Games"), attrs={"td": {"class": "num"}})

    class Meta(BaseTable.Meta):
        model = Tournament
        fields = ()


class GameTable(BaseTable):
    """The games of one round."""

    board = tables.Column(verbose_name=_("Board"), attrs={"td": {"class": "num"}})
    white = PlayerColumn(verbose_name=_("White"))
    result = tables.Column(verbose_name=_("Result"), default="", attrs={"td": {"class": "result"}})
    black = PlayerColumn(verbose_name=_("Black"), default=_("bye"))

    class Meta(BaseTable.Meta):
        model = Game
        fields = ()
        orderable = False


class TournamentPlayerTable(BaseTable):
    """The players of a tournament: points, rating used, rating change and performance."""

    place = tables.Column(verbose_name=_("#"), attrs={"td": {"class": "num"}})
    player = PlayerColumn(verbose_name=_("Player"))
    points = tables.Column(verbose_name=_("Points"), attrs={"td": {"class": "num"}})
    games = tables.Column(verbose_name=_("Games"), attrs={"td": {"class": "num"}})
    rating_used = tables.Column(
        verbose_name=_("Rating used"), default="–", attrs={"td": {"class": "num"}}
    )
    change = tables.Column(
        verbose_name=_("Rating change"), default="–", attrs={"td": {"class": "num"}}
    )
    performance = tables.Column(
        verbose_name=_("Performance"), default="–", attrs={"td": {"class": "num"}}
    )

    class Meta(BaseTable.Meta):
        orderable = False

    def __init__(self, data: list[PlayerLine], *, rated: bool, **kwargs):
        exclude = () if rated else ("rating_used", "change", "performance")
        super().__init__(data, exclude=exclude, **kwargs)

    def render_points(self, value: Decimal) -> str:
        return points(value)

    def render_change(self, value: Decimal) -> str:
        return signed_two_decimals(value)
