"""Tables of the public tournament pages."""

from decimal import Decimal
from fractions import Fraction

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from core import history
from core.models import AuditEntry
from public.tables.columns import PriorityMixin, signed_two_decimals
from ratings.queries.tournaments import PlayerLine
from rules.standings import TieBreak, format_value
from tournaments.models import Game, Tournament
from web.points import format_points, localized, points_value
from web.tables import BaseTable, DateColumn, DateTimeColumn, GradeColumn, PlayerColumn
from web.tiebreak_names import describe


class TournamentTable(PriorityMixin, BaseTable):
    """The tournaments index."""

    priorities = {
        "name": "key",
        "start_date": 2,
        "end_date": "key",
        "city": 3,
        "club": 3,
        "rating_list": 2,
        "games_count": 3,
    }

    name = tables.Column(verbose_name=_("Tournament"), linkify=True)
    start_date = DateColumn(verbose_name=_("Start"), format="SHORT_DATE_FORMAT")
    end_date = DateColumn(verbose_name=_("End"), format="SHORT_DATE_FORMAT")
    city = tables.Column(verbose_name=_("City"), default="")
    club = tables.Column(verbose_name=_("Club"), default="", order_by=("club__name",))
    rating_list = tables.Column(
        verbose_name=_("Rated in"), default=_("unrated"), order_by=("rating_list__position",)
    )
    games_count = tables.Column(verbose_name=_("Games"), attrs={"td": {"class": "num"}})

    class Meta(BaseTable.Meta):
        model = Tournament
        fields = ()


class GameTable(PriorityMixin, BaseTable):
    """The games of one round."""

    priorities = {"board": "key", "white": "key", "result": "key", "black": "key", "handicap": 2}

    board = tables.Column(verbose_name=_("Board"), attrs={"td": {"class": "num"}})
    white = PlayerColumn(verbose_name=_("White"))
    result = tables.Column(verbose_name=_("Result"), default="", attrs={"td": {"class": "result"}})
    black = PlayerColumn(verbose_name=_("Black"), default=_("bye"))
    handicap = tables.Column(verbose_name=_("Handicap"), attrs={"td": {"class": "num"}})

    class Meta(BaseTable.Meta):
        model = Game
        fields = ()
        orderable = False

    def __init__(self, *args, go: bool = False, shogi: bool = False, **kwargs):
        super().__init__(*args, exclude=() if go else ("handicap",), **kwargs)
        if shogi:  # as the round pages: the sides are sente and gote (furigoma at the board)
            self.columns["white"].column.verbose_name = _("Sente")
            self.columns["black"].column.verbose_name = _("Gote")

    def render_handicap(self, value: int) -> str:
        return str(value) if value else _("even")


class TournamentPlayerTable(PriorityMixin, BaseTable):
    """The players of a tournament: points, rating used, rating change and performance."""

    priorities = {
        "place": "key",
        "player": "key",
        "grade": 2,
        "points": "key",
        "games": 3,
        "rating_used": 2,
        "change": 2,
        "performance": 3,
    }

    place = tables.Column(verbose_name=_("#"), attrs={"td": {"class": "num"}})
    player = PlayerColumn(verbose_name=_("Player"))
    grade = GradeColumn()
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

    def __init__(
        self, data: list[PlayerLine], *, rated: bool, grades: dict[int, str] | None = None, **kwargs
    ):
        exclude = () if rated else ("rating_used", "change", "performance")
        if grades is None:
            exclude = (*exclude, "grade")
        self.grades = grades or {}
        super().__init__(data, exclude=exclude, **kwargs)

    def render_points(self, value: Decimal) -> str:
        return format_points(value)

    def render_change(self, value: Decimal) -> str:
        return signed_two_decimals(value)


NUM = {"td": {"class": "num"}, "th": {"class": "num"}}


class PointsColumn(tables.Column):
    """Exact points (a Fraction) printed as chess prints them."""

    def render(self, value: Fraction) -> str:
        return format_points(value)

    def value(self, value: Fraction) -> str:
        return points_value(value)


class TiebreakColumn(tables.Column):
    """One tie-break's values, headed by its code with its name as a tooltip."""

    def __init__(self, tb: TieBreak, index: int):
        header = format_html('<abbr title="{}">{}</abbr>', describe(tb), tb.code)
        super().__init__(verbose_name=header, accessor=f"tb{index}", default="–", attrs=NUM)

    def render(self, value) -> str:
        return localized(format_value(value))


class StandingsTable(PriorityMixin, BaseTable):
    """Standings after a round: place (shared as "3–5"), points, the tournament's tie-breaks in
    order, then rating, performance and the ledger's rating change."""

    priorities = {
        "place": "key",
        "tpn": 3,
        "player": "key",
        "grade": 2,
        "rating": 2,
        "points": "key",
        "performance": 3,
        "change": 3,
    }

    place = tables.Column(verbose_name=_("Place"), attrs=NUM)
    tpn = tables.Column(verbose_name=_("No."), attrs=NUM)
    player = PlayerColumn(verbose_name=_("Player"))
    grade = GradeColumn()
    rating = tables.Column(verbose_name=_("Rating"), default="–", attrs=NUM)
    points = PointsColumn(verbose_name=_("Points"), attrs=NUM)
    performance = tables.Column(verbose_name=_("Performance"), default="–", attrs=NUM)
    change = tables.Column(verbose_name=_("Rating change"), default="–", attrs=NUM)

    class Meta(BaseTable.Meta):
        orderable = False
        sequence = ("place", "tpn", "player", "rating", "points", "...")
        row_attrs = {"class": lambda record: "withdrawn" if record["withdrawn"] else ""}

    def __init__(
        self,
        rows: list[dict],
        *,
        tiebreaks: tuple[TieBreak, ...],
        rated: bool,
        grades: dict[int, str] | None = None,
    ):
        extra = [(f"tb{i}", TiebreakColumn(tb, i)) for i, tb in enumerate(tiebreaks)]
        exclude = () if rated else ("change",)
        if grades is None:
            exclude = (*exclude, "grade")
        self.grades = grades or {}
        super().__init__(rows, extra_columns=extra, exclude=exclude)
        self.sequence = (
            ["place", "tpn", "player", "grade", "rating", "points"]
            + [name for name, _column in extra]
            + ["performance", "change"]
        )

    def render_change(self, value: Decimal) -> str:
        return signed_two_decimals(value)


class CrossColumn(tables.Column):
    """A crosstable column: the results against the player of that rank."""

    def __init__(self, rank: int):
        super().__init__(
            verbose_name=str(rank),
            accessor=f"c{rank}",
            default="",
            # Hidden on a phone, where rank, player, points and place are what fits.
            attrs={"td": {"class": "result p2"}, "th": {"class": "p2"}},
        )


class CrosstableTable(PriorityMixin, BaseTable):
    """A round robin's crosstable, rows and columns in the order of the standings."""

    priorities = {"rank": "key", "player": "key", "rating": 2, "points": "key", "place": "key"}

    rank = tables.Column(verbose_name=_("Rank"), attrs=NUM)
    player = PlayerColumn(verbose_name=_("Player"))
    rating = tables.Column(verbose_name=_("Rating"), default="–", attrs=NUM)
    points = PointsColumn(verbose_name=_("Points"), attrs=NUM)
    place = tables.Column(verbose_name=_("Place"), attrs=NUM)

    class Meta(BaseTable.Meta):
        orderable = False
        attrs = {"class": "table crosstable"}

    def __init__(self, rows: list[dict], *, size: int, tiebreaks: tuple[TieBreak, ...]):
        cross = [(f"c{rank}", CrossColumn(rank)) for rank in range(1, size + 1)]
        extra = [(f"tb{i}", TiebreakColumn(tb, i)) for i, tb in enumerate(tiebreaks)]
        for _name, column in extra:
            column.attrs = {part: {"class": "num p2"} for part in ("td", "th")}
        super().__init__(rows, extra_columns=cross + extra)
        self.sequence = (
            ["rank", "player", "rating"]
            + [name for name, _column in cross]
            + ["points"]
            + [name for name, _column in extra]
            + ["place"]
        )


class ProgressTable(PriorityMixin, BaseTable):
    """A Swiss progress table: the score after each round, rows in the order of the standings."""

    priorities = {"place": "key", "tpn": 3, "player": "key", "rating": 2}

    place = tables.Column(verbose_name=_("Place"), attrs=NUM)
    tpn = tables.Column(verbose_name=_("No."), attrs=NUM)
    player = PlayerColumn(verbose_name=_("Player"))
    rating = tables.Column(verbose_name=_("Rating"), default="–", attrs=NUM)

    class Meta(BaseTable.Meta):
        orderable = False

    def __init__(self, rows: list[dict], *, rounds: int):
        extra = [
            (f"r{number}", PointsColumn(verbose_name=str(number), accessor=f"r{number}", attrs=NUM))
            for number in range(1, rounds + 1)
        ]
        super().__init__(rows, extra_columns=extra)
        self.sequence = ["place", "tpn", "player", "rating"] + [name for name, _c in extra]


class AuditTable(BaseTable):
    """The audit trail of a tournament or a player, newest first (staff only)."""

    created_at = DateTimeColumn(verbose_name=_("When"), format="SHORT_DATETIME_FORMAT")
    user = tables.Column(verbose_name=_("Who"), default=_("(command)"))
    action = tables.Column(verbose_name=_("What"))
    summary = tables.Column(verbose_name=_("Change"))

    class Meta(BaseTable.Meta):
        model = AuditEntry
        fields = ()
        orderable = False
        empty_text = _("No changes recorded yet.")

    def render_summary(self, record: AuditEntry) -> str:
        return history.sentence(record)


class RoundTable(BaseTable):
    """The pairings and results of one round, with each player's points before it."""

    board = tables.Column(verbose_name=_("Board"), attrs={"td": {"class": "num"}})
    white_points = tables.Column(verbose_name=_("Pts"), attrs={"td": {"class": "num"}})
    white = PlayerColumn(verbose_name=_("White"), accessor="game__white")
    result = tables.Column(
        verbose_name=_("Result"),
        accessor="game__result",
        default="–",
        attrs={"td": {"class": "result"}},
    )
    black = PlayerColumn(verbose_name=_("Black"), accessor="game__black", default=_("bye"))
    black_points = tables.Column(verbose_name=_("Pts"), default="", attrs={"td": {"class": "num"}})

    class Meta(BaseTable.Meta):
        orderable = False

    def render_white_points(self, value: Fraction) -> str:
        return format_points(value)

    def render_black_points(self, value: Fraction) -> str:
        return format_points(value)

    def render_result(self, record) -> str:
        return record.game.get_result_display()
