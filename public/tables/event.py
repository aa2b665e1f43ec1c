"""Tables of the chess-results-like tournament pages: starting rank and alphabetical lists,
pairings by board and by name, the Swiss crosstable and a player's card."""

from __future__ import annotations

from collections.abc import Callable

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from public.tables.columns import key, priority, signed_two_decimals
from public.tables.tournaments import PointsColumn, TiebreakColumn
from rules.standings import TieBreak
from tournaments.queries.event import Board
from tournaments.queries.standings import Cell
from web.colours import colour_letter
from web.points import format_points, localized, points_value
from web.tables import BaseTable, GradeColumn, PlayerColumn, SeatColumn, as_cards, player_link

COLOURS = {"w": _("white"), "b": _("black")}
SHOGI_COLOURS = {"w": _("sente"), "b": _("gote")}


def colour_html(colour: str | None, *, shogi: bool = False) -> str:
    """A colour as a marker and its name (screen readers and print read the name)."""
    if not colour:
        return ""
    names = SHOGI_COLOURS if shogi else COLOURS
    return format_html('<span class="colour-{}">{}</span>', colour, names[colour])


def dash(value) -> str:
    return "–" if value is None else str(value)


class StartingRankTable(BaseTable):
    """The players by start number (or alphabetically): number, title, name, FIDE ID,
    federation, rating at the start, club (go/shogi: the grade)."""

    tpn = tables.Column(verbose_name=_("No."), default="–", attrs=key(num=True))
    title = tables.Column(
        verbose_name=_("Title"), accessor="player__title", default="", attrs=priority(3)
    )
    player = PlayerColumn(verbose_name=_("Name"), show_title=False, attrs=key())
    grade = GradeColumn(attrs=priority(2))
    fide_id = tables.Column(
        verbose_name=_("FIDE ID"), accessor="player__fide_id", default="", attrs=priority(3)
    )
    federation = tables.Column(
        verbose_name=_("Fed."), accessor="player__federation", default="", attrs=priority(2)
    )
    rating = tables.Column(verbose_name=_("Rating"), default="–", attrs=key(num=True))
    club = tables.Column(verbose_name=_("Club"), default="", attrs=priority(3))

    class Meta(BaseTable.Meta):
        orderable = False
        row_attrs = {"class": lambda record: "withdrawn" if record.get("withdrawn") else ""}

    def __init__(self, rows, *, grades: dict[int, str] | None = None):
        self.grades = grades or {}
        super().__init__(rows, exclude=() if grades is not None else ("grade",))


class BoardTable(BaseTable):
    """A round by board: start numbers, ratings and points (McMahon score) before the round;
    go adds handicap and komi, shogi names the sides sente and gote. A go or McMahon round is
    a stack of cards on a phone, every column shown."""

    board = tables.Column(verbose_name=_("Board"), accessor="number", attrs=key(num=True))
    white_tpn = tables.Column(
        verbose_name=_("No."), accessor="white__tpn", default="–", attrs=priority(3, num=True)
    )
    white = SeatColumn(verbose_name=_("White"), accessor="white", attrs=key())
    white_rating = tables.Column(
        verbose_name=_("Rating"), accessor="white__rating", default="–", attrs=priority(2, num=True)
    )
    white_points = tables.Column(
        verbose_name=_("Pts"), accessor="white__points", default="", attrs=priority(2, num=True)
    )
    result = tables.Column(
        verbose_name=_("Result"), accessor="number", attrs={"td": {"class": "key result"}}
    )
    black_points = tables.Column(
        verbose_name=_("Pts"), accessor="black__points", default="", attrs=priority(2, num=True)
    )
    black = SeatColumn(verbose_name=_("Black"), accessor="black", attrs=key())
    black_rating = tables.Column(
        verbose_name=_("Rating"), accessor="black__rating", default="–", attrs=priority(2, num=True)
    )
    black_tpn = tables.Column(
        verbose_name=_("No."), accessor="black__tpn", default="–", attrs=priority(3, num=True)
    )
    handicap = tables.Column(verbose_name=_("Handicap"), attrs=priority(2, num=True))
    komi = tables.Column(verbose_name=_("Komi"), attrs=priority(3, num=True))
    why = tables.Column(
        verbose_name=_("Why?"),
        accessor="number",
        empty_values=(),
        exclude_from_export=True,
        attrs=key(),
    )

    class Meta(BaseTable.Meta):
        orderable = False

    def __init__(
        self,
        boards: list[Board],
        *,
        go: bool = False,
        shogi: bool = False,
        mms=False,
        why: Callable[[int], str] | None = None,
    ):
        """``why``: the address of a board's "Why this pairing" page, by board number (no
        such column without it: a round the engine did not explain)."""
        self.why_url = why
        exclude = [] if go else ["handicap", "komi"]
        if why is None:
            exclude.append("why")
        super().__init__(boards, exclude=exclude)
        if shogi:
            self.columns["white"].column.verbose_name = _("Sente")
            self.columns["black"].column.verbose_name = _("Gote")
        if mms:
            for name in ("white_points", "black_points"):
                self.columns[name].column.verbose_name = _("MMS")
        if go or mms:
            # The legend explains handicap, komi and MMS: a phone shows them, as cards.
            as_cards(self, wide=("white", "black"))

    def render_why(self, record: Board) -> str:
        bye = record.black.player is None
        if self.why_url is None or (bye and record.game.result != "U"):
            return ""
        return format_html(
            '<a href="{}" class="why-link">{}</a>', self.why_url(record.number), _("Why?")
        )

    def render_white_tpn(self, value) -> str:
        return dash(value)

    render_black_tpn = render_white_tpn
    render_white_rating = render_white_tpn
    render_black_rating = render_white_tpn

    def render_white_points(self, value) -> str:
        return "" if value is None else format_points(value)

    render_black_points = render_white_points

    def value_white_points(self, value) -> str:
        return "" if value is None else points_value(value)

    value_black_points = value_white_points

    def render_result(self, record: Board) -> str:
        return record.result or "–"

    def render_handicap(self, value: int) -> str:
        return str(value) if value else _("even")

    def render_komi(self, value) -> str:
        return localized(f"{value:g}") if value is not None else ""


class NameTable(BaseTable):
    """A round by name: each player once, with board, colour, opponent and own score."""

    player = SeatColumn(verbose_name=_("Name"), accessor="me", attrs=key())
    tpn = tables.Column(
        verbose_name=_("No."), accessor="me__tpn", default="–", attrs=priority(3, num=True)
    )
    rating = tables.Column(
        verbose_name=_("Rating"), accessor="me__rating", default="–", attrs=priority(3, num=True)
    )
    points = tables.Column(
        verbose_name=_("Pts"), accessor="me__points", default="", attrs=priority(2, num=True)
    )
    board = tables.Column(verbose_name=_("Board"), attrs=key(num=True))
    colour = tables.Column(verbose_name=_("Colour"), attrs=priority(2))
    opponent = SeatColumn(verbose_name=_("Opponent"), attrs=key())
    opponent_rating = tables.Column(
        verbose_name=_("Rating"),
        accessor="opponent__rating",
        default="–",
        attrs=priority(3, num=True),
    )
    score = tables.Column(
        verbose_name=_("Score"), default="–", attrs={"td": {"class": "key result"}}
    )

    class Meta(BaseTable.Meta):
        orderable = False

    def __init__(self, rows, *, shogi: bool = False, mms: bool = False):
        self.shogi = shogi
        super().__init__(rows)
        if mms:
            self.columns["points"].column.verbose_name = _("MMS")

    def render_tpn(self, value) -> str:
        return dash(value)

    render_rating = render_tpn
    render_opponent_rating = render_tpn

    def render_points(self, value) -> str:
        return "" if value is None else format_points(value)

    def value_points(self, value) -> str:
        return "" if value is None else points_value(value)

    def render_colour(self, record) -> str:
        return colour_html(record.colour, shogi=self.shogi) if record.opponent.player else ""


class CellColumn(tables.Column):
    """One round of the Swiss crosstable: opponent's start number, colour, result."""

    def __init__(self, number: int, *, shogi: bool = False):
        self.shogi = shogi
        super().__init__(
            verbose_name=str(number),
            accessor=f"r{number}",
            default="",
            attrs={"td": {"class": "round"}, "th": {"class": "round"}},
        )

    def render(self, value: Cell) -> str:
        if value.opponent is None:
            return format_html("– {}", value.score)
        name, letter = self._colours(value.colour or "")
        return format_html(
            '{}<abbr class="cell-colour" title="{}">{}</abbr>{}',
            value.opponent,
            name,
            letter,
            value.score,
        )

    def _colours(self, colour: str) -> tuple[str, str]:
        """A colour's name and letter in the page's language, translated once per column
        and language (a crosstable has hundreds of cells)."""
        language = get_language()
        if getattr(self, "_language", None) != language:
            self._language, self._names = language, {}
        if colour not in self._names:
            names = SHOGI_COLOURS if self.shogi else COLOURS
            self._names[colour] = (
                str(names.get(colour, "")),
                colour_letter(colour, shogi=self.shogi),
            )
        return self._names[colour]

    def value(self, value: Cell, **kwargs) -> str:
        if value.opponent is None:
            return f"- {value.score}"
        return f"{value.opponent}{colour_letter(value.colour, shogi=self.shogi)}{value.score}"


class SwissCrosstableTable(BaseTable):
    """A Swiss event's crosstable as chess-results prints it: per round the opponent's start
    number, the colour and the result, in the order of the standings."""

    place = tables.Column(verbose_name=_("Place"), attrs=key(num=True))
    tpn = tables.Column(verbose_name=_("No."), attrs=priority(3, num=True))
    player = PlayerColumn(verbose_name=_("Name"), attrs=key())
    points = PointsColumn(verbose_name=_("Points"), attrs=key(num=True))
    rating = tables.Column(verbose_name=_("Rating"), default="–", attrs=priority(2, num=True))

    class Meta(BaseTable.Meta):
        orderable = False
        attrs = {"class": "table swiss-crosstable"}
        row_attrs = {"class": lambda record: "withdrawn" if record["withdrawn"] else ""}

    def __init__(
        self,
        rows: list[dict],
        *,
        rounds: int,
        tiebreaks: tuple[TieBreak, ...],
        shogi: bool = False,
    ):
        cells = [(f"r{n}", CellColumn(n, shogi=shogi)) for n in range(1, rounds + 1)]
        extra = [(f"tb{i}", TiebreakColumn(tb, i)) for i, tb in enumerate(tiebreaks)]
        for _name, column in extra:
            column.attrs = priority(2, num=True)
        super().__init__(rows, extra_columns=cells + extra)
        self.sequence = (
            ["place", "tpn", "player", "points", "rating"]
            + [name for name, _c in cells]
            + [name for name, _c in extra]
        )


class CardTable(BaseTable):
    """A player's rounds in one tournament (:class:`tournaments.queries.event.CardGame`)."""

    round = tables.Column(verbose_name=_("Round"), attrs=key(num=True))
    board = tables.Column(verbose_name=_("Board"), attrs=priority(3, num=True))
    colour = tables.Column(verbose_name=_("Colour"), attrs=priority(2))
    opponent_tpn = tables.Column(
        verbose_name=_("No."), accessor="opponent__tpn", default="–", attrs=priority(3, num=True)
    )
    opponent = tables.Column(verbose_name=_("Opponent"), attrs=key())
    opponent_rating = tables.Column(
        verbose_name=_("Rating"),
        accessor="opponent__rating",
        default="–",
        attrs=priority(2, num=True),
    )
    score = tables.Column(
        verbose_name=_("Score"), default="–", attrs={"td": {"class": "key result"}}
    )
    change = tables.Column(verbose_name=_("Rating change"), default="–", attrs=key(num=True))

    class Meta(BaseTable.Meta):
        orderable = False

    def __init__(self, rows, *, rated: bool, shogi: bool = False):
        self.shogi = shogi
        super().__init__(rows, exclude=() if rated else ("change",))

    def render_opponent(self, value) -> str:
        return player_link(value.player) if value.player else _("bye")

    def render_opponent_tpn(self, value) -> str:
        return dash(value)

    render_opponent_rating = render_opponent_tpn

    def render_colour(self, record) -> str:
        return colour_html(record.colour, shogi=self.shogi) if record.opponent.player else ""

    def render_change(self, value) -> str:
        return signed_two_decimals(value)
