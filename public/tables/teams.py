"""Tables of a team tournament's public pages (issue 22): team standings, the crosstable, a
round's matches board by board, a team's card and the board prizes."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from public.tables.columns import PriorityMixin, key
from public.tables.event import colour_html
from public.tables.tournaments import NUM, PointsColumn
from rules.standings import format_value
from web.points import localized
from web.tables import BaseTable, PlayerColumn, player_link
from web.tiebreak_names import describe_team


class TeamColumn(tables.Column):
    """A team's name, linked to its card (the record's ``number`` is its pairing number)."""

    def __init__(self, *args, number_accessor: str = "number", **kwargs):
        kwargs.setdefault("verbose_name", _("Team"))
        super().__init__(*args, **kwargs)
        self.number_accessor = number_accessor

    def render(self, value, record, table) -> str:
        number = tables.A(self.number_accessor).resolve(record, quiet=True)
        if value is None or number is None:
            return format_html("{}", value or "")
        url = reverse("tournaments:team_card", args=[table.slug, number])
        return format_html('<a href="{}">{}</a>', url, value)

    def value(self, value) -> str:
        return "" if value is None else str(value)


class SlugTableMixin:
    """A table whose team links need the tournament's slug."""

    def __init__(self, *args, slug: str, **kwargs):
        self.slug = slug
        super().__init__(*args, **kwargs)


class TeamTiebreakColumn(tables.Column):
    """One team tie-break's values, headed by its code with its name as a tooltip."""

    def __init__(self, tb, index: int):
        header = format_html('<abbr title="{}">{}</abbr>', describe_team(tb), tb.code)
        super().__init__(verbose_name=header, accessor=f"tb{index}", default="–", attrs=NUM)

    def render(self, value) -> str:
        return localized(format_value(value))


class TeamStandingsTable(SlugTableMixin, PriorityMixin, BaseTable):
    """Team standings: place, number, team, matches played, match and game points, then the
    tie-breaks in order."""

    priorities = {"place": "key", "number": 3, "team": "key", "played": 2}

    place = tables.Column(verbose_name=_("Place"), attrs=NUM)
    number = tables.Column(verbose_name=_("No."), attrs=NUM)
    team = TeamColumn()
    played = tables.Column(verbose_name=_("Matches"), attrs=NUM)
    match_points = tables.Column(verbose_name=_("MP"), attrs=key(num=True))
    game_points = PointsColumn(verbose_name=_("GP"), attrs=key(num=True))

    class Meta(BaseTable.Meta):
        orderable = False

    def __init__(self, rows, *, slug: str, tiebreaks: tuple = ()):
        extra = [(f"tb{i}", TeamTiebreakColumn(tb, i)) for i, tb in enumerate(tiebreaks)]
        super().__init__(rows, slug=slug, extra_columns=extra)
        self.sequence = [
            "place",
            "number",
            "team",
            "played",
            "match_points",
            "game_points",
            *(name for name, _c in extra),
        ]


class CrossCell(tables.Column):
    """A crosstable cell, hidden on a phone (rank, team, points and place fit there)."""

    def __init__(self, name: str, header: str):
        super().__init__(
            verbose_name=header,
            accessor=name,
            default="",
            attrs={"td": {"class": "result p2"}, "th": {"class": "p2"}},
        )


class TeamCrosstableTable(SlugTableMixin, PriorityMixin, BaseTable):
    """The team crosstable: a round robin's square of game points, a Swiss's rounds."""

    priorities = {"rank": "key", "team": "key", "match_points": "key", "place": "key"}

    rank = tables.Column(verbose_name=_("Rank"), attrs=NUM)
    team = TeamColumn()
    match_points = tables.Column(verbose_name=_("MP"), attrs=NUM)
    game_points = PointsColumn(verbose_name=_("GP"), attrs=NUM)
    place = tables.Column(verbose_name=_("Place"), attrs=NUM)

    class Meta(BaseTable.Meta):
        orderable = False
        attrs = {"class": "table crosstable"}

    def __init__(self, rows, *, slug: str, size: int, rounds: int, round_robin: bool):
        if round_robin:
            cells = [(f"c{rank}", CrossCell(f"c{rank}", str(rank))) for rank in range(1, size + 1)]
        else:
            cells = [(f"r{n}", CrossCell(f"r{n}", str(n))) for n in range(1, rounds + 1)]
        super().__init__(rows, slug=slug, extra_columns=cells)
        self.sequence = [
            "rank",
            "team",
            *(name for name, _c in cells),
            "match_points",
            "game_points",
            "place",
        ]


class MatchBoardTable(PriorityMixin, BaseTable):
    """One match board by board: the first team's player (with the colour), ratings, the
    result from the first team's side, the second team's player."""

    priorities = {"first_rating": 2, "second_rating": 2}

    board = tables.Column(verbose_name=_("Board"), attrs=key(num=True))
    first_player = PlayerColumn(verbose_name=_("Player"), attrs=key())
    first_rating = tables.Column(verbose_name=_("Rating"), default="–", attrs=NUM)
    result = tables.Column(verbose_name=_("Result"), default="", attrs=key())
    second_player = PlayerColumn(verbose_name=_("Player"), attrs=key())
    second_rating = tables.Column(verbose_name=_("Rating"), default="–", attrs=NUM)

    class Meta(BaseTable.Meta):
        orderable = False

    def render_first_player(self, value, record) -> str:
        return format_html(
            "{} {}", colour_html(record["colour"]), player_link(value) if value else "–"
        )


class RoundMatchesTable(PriorityMixin, BaseTable):
    """A round's matches board by board in one table: what the round's CSV download holds."""

    match = tables.Column(verbose_name=_("Match"), attrs=NUM)
    board = tables.Column(verbose_name=_("Board"), attrs=NUM)
    first_team = tables.Column(verbose_name=_("Team"))
    first_player = PlayerColumn(verbose_name=_("Player"))
    first_rating = tables.Column(verbose_name=_("Rating"), default="–", attrs=NUM)
    colour = tables.Column(verbose_name=_("Colour"), default="")
    result = tables.Column(verbose_name=_("Result"), default="")
    second_team = tables.Column(verbose_name=_("Team"))
    second_player = PlayerColumn(verbose_name=_("Player"))
    second_rating = tables.Column(verbose_name=_("Rating"), default="–", attrs=NUM)

    class Meta(BaseTable.Meta):
        orderable = False


class TeamMatchesTable(SlugTableMixin, PriorityMixin, BaseTable):
    """A team's matches on its card: round, opponent, colour on board 1, game points for and
    against, match points."""

    priorities = {"colour": 2}

    round = tables.Column(verbose_name=_("Round"), attrs=NUM)
    opponent = TeamColumn(verbose_name=_("Opponent"), number_accessor="opponent_number")
    colour = tables.Column(verbose_name=_("Board 1"), default="")
    game_points = PointsColumn(verbose_name=_("GP"), attrs=NUM)
    against = PointsColumn(verbose_name=_("Against"), attrs=NUM)
    match_points = tables.Column(verbose_name=_("MP"), attrs=NUM)

    class Meta(BaseTable.Meta):
        orderable = False

    def render_colour(self, value) -> str:
        return colour_html(value)


class RosterTable(PriorityMixin, BaseTable):
    """A team's roster on its card: board order, player, rating, each round's board, colour
    and result (``2w 1``), the score, the games and the performance."""

    priorities = {"order": "key", "player": "key", "rating": 2, "performance": 2}

    order = tables.Column(verbose_name=_("Board"), default="–", attrs=NUM)
    player = PlayerColumn(verbose_name=_("Player"))
    rating = tables.Column(verbose_name=_("Rating"), default="–", attrs=NUM)
    points = PointsColumn(verbose_name=_("Points"), attrs=key(num=True))
    games = tables.Column(verbose_name=_("Games"), attrs=key(num=True))
    performance = tables.Column(verbose_name=_("Performance"), default="–", attrs=NUM)

    class Meta(BaseTable.Meta):
        orderable = False
        row_attrs = {"class": lambda record: "reserve" if record.get("reserve") else ""}

    def __init__(self, rows, *, rounds: int):
        cells = [(f"r{n}", CrossCell(f"r{n}", str(n))) for n in range(1, rounds + 1)]
        super().__init__(rows, extra_columns=cells)
        self.sequence = [
            "order",
            "player",
            "rating",
            *(name for name, _c in cells),
            "points",
            "games",
            "performance",
        ]

    def render_order(self, value, record) -> str:
        if record.get("reserve"):
            return format_html("{} <small>{}</small>", value, _("res."))
        return str(value)

    def value_order(self, value) -> str:
        return str(value)


class BoardPrizeTable(SlugTableMixin, PriorityMixin, BaseTable):
    """One board's prize list: place, player, team, points, games, percentage, performance."""

    priorities = {"team": 2, "games": 2}

    board = tables.Column(verbose_name=_("Board"), attrs=NUM)
    place = tables.Column(verbose_name=_("Place"), attrs=NUM)
    player = PlayerColumn(verbose_name=_("Player"))
    team = TeamColumn(number_accessor="team_number")
    points = PointsColumn(verbose_name=_("Points"), attrs=NUM)
    games = tables.Column(verbose_name=_("Games"), attrs=NUM)
    percent = tables.Column(verbose_name=_("%"), attrs=NUM)
    performance = tables.Column(verbose_name=_("Performance"), default="–", attrs=NUM)

    class Meta(BaseTable.Meta):
        orderable = False

    def __init__(self, rows, *, slug: str, every_board: bool = False):
        """``every_board``: the boards' lists in one table (the CSV), a board column first."""
        super().__init__(rows, slug=slug, exclude=() if every_board else ("board",))


__all__ = [
    "BoardPrizeTable",
    "MatchBoardTable",
    "RosterTable",
    "RoundMatchesTable",
    "TeamCrosstableTable",
    "TeamMatchesTable",
    "TeamStandingsTable",
]
