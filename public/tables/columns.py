"""Shared columns and value formats of the public rating tables.

Number formats (two decimals, signs, half points), the title/class/grade badge column, a
player's grade in a go or shogi list (also for the tournament and back-office tables) and the
text of the next class.
"""

from decimal import Decimal

import django_tables2 as tables
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from public import badges
from ratings.models import PlayerRating
from ratings.queries.lists import GRADE_SYSTEMS, grade_label
from rules.ratings import classes, fide

# The class names and badges live in public.badges; re-exported for older imports.
CLASS_NAMES = badges.CLASS_NAMES
class_name = badges.class_name


def two_decimals(value: Decimal | None) -> str:
    """A decimal with exactly two places in the current locale; a dash when missing."""
    if value is None:
        return "–"
    return number_format(Decimal(value).quantize(Decimal("0.01")), 2)


def signed_two_decimals(value: Decimal | None) -> str:
    """Like :func:`two_decimals`, with a plus sign on positive values."""
    if value is None:
        return "–"
    text = two_decimals(value)
    return f"+{text}" if value > 0 else text


def rating_text(value: Decimal | None) -> str:
    """A live rating as it reads best: the decimals it has, at most two, in the current
    locale: 2515, 2830.4, 1850.25 (Russian: 2830,4); a dash when missing."""
    if value is None:
        return "–"
    value = Decimal(value).quantize(Decimal("0.01"))
    for places in (0, 1):
        if value == value.quantize(Decimal(1).scaleb(-places)):
            return number_format(value, places)
    return number_format(value, 2)


def priority(level: int, *, num: bool = False) -> dict:
    """The attrs of a column shown from a screen width up: 2 from a small tablet, 3 from a
    laptop, 4 from a wide screen (``p2``…``p4`` in ``static/css/layout.css``); ``num``
    right-aligns it."""
    css = f"p{level}" + (" num" if num else "")
    return {"td": {"class": css}, "th": {"class": css}}


class PriorityMixin:
    """A table whose columns say from which screen width they show: ``priorities`` maps a
    column name to ``"key"`` (always) or 2, 3, 4 (see :func:`priority`); the class goes on
    the header, body and footer cells alike, so a hidden column leaves no hole."""

    priorities: dict[str, str | int] = {}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, level in self.priorities.items():
            if name not in self.columns:
                continue
            column = self.columns[name].column
            css = "key" if level == "key" else f"p{level}"
            attrs = {part: dict(values) for part, values in (column.attrs or {}).items()}
            for part in ("th", "td", "tf"):
                cell = attrs.setdefault(part, {})
                cell["class"] = f"{cell.get('class', '')} {css}".strip()
            column.attrs = attrs


def key(*, num: bool = False) -> dict:
    """The attrs of a key column (``num``: right-aligned)."""
    css = "key num" if num else "key"
    return {"td": {"class": css}, "th": {"class": css}}


def next_class_text(rating: int) -> str:
    """ "Class A in 15": the next class up and the points still needed; empty at the top."""
    found = classes.next_class(rating)
    if found is None:
        return ""
    return _("%(class)s in %(points)d") % {
        "class": CLASS_NAMES.get(found.target.code, found.target.name),
        "points": found.points,
    }


def title_or_class(rating: PlayerRating) -> str:
    """The badge of a leaderboard row: FIDE title, else class (chess), or a plugged-in grade."""
    rounded = None if rating.live_rating is None else fide.round_change(rating.live_rating)
    return badges.badge_html(badges.badge_for(rating.player, rounded, rating.rating_list))


class BadgeColumn(tables.Column):
    """The "title/class/grade" badge of a row with ``player`` and ``rating_list`` (a
    ``PlayerRating``) or ``player`` and ``published_list.rating_list`` plus ``rating``."""

    def __init__(self, **kwargs):
        kwargs.setdefault("verbose_name", _("Title or class"))
        kwargs.setdefault("accessor", "player")
        kwargs.setdefault("orderable", False)
        super().__init__(**kwargs)

    def render(self, record, table) -> str:
        if isinstance(record, PlayerRating):
            return title_or_class(record)
        rating_list = getattr(table, "rating_list", None)
        return badges.badge_html(badges.badge_for(record.player, record.rating, rating_list))


def badge_column(**kwargs) -> BadgeColumn:
    """The badge column of every ranked table (one instance per table)."""
    return BadgeColumn(**kwargs)


def signed(value: int | None) -> str:
    """An integer with its sign (+5, −3, 0); a dash when missing."""
    if value is None:
        return "–"
    return f"+{value}" if value > 0 else str(value)


def player_grade(rating: PlayerRating, system: str | None = None) -> str:
    """A player's grade in a list: go (EGF) kyu/dan from the rating per EGD, shogi (FESA) the
    grade earned by promotion (marked "provisional" while provisional), chess (FIDE) the
    title or class as :func:`title_or_class` gives it. ``system``: the list's system when the
    caller knows it (saves reading ``rating.rating_list``)."""
    system = system or rating.rating_list.system
    if system not in GRADE_SYSTEMS:
        return title_or_class(rating)
    label = grade_label(rating.grade, rating.declared_grade) or "–"
    if rating.status == "provisional":
        return format_html(
            '<span class="grade">{}</span> <span class="status">{}</span>',
            label,
            _("provisional"),
        )
    return format_html('<span class="grade">{}</span>', label)


def decimals(value: float | Decimal | None, places: int) -> str:
    """A number with exactly ``places`` decimals in the current locale; a dash when missing."""
    if value is None:
        return "–"
    quantum = Decimal(1).scaleb(-places)
    return number_format(Decimal(str(value)).quantize(quantum), places)


def signed_decimals(value: Decimal | None, places: int) -> str:
    """Like :func:`decimals`, with a plus sign on positive values."""
    if value is None:
        return "–"
    text = decimals(value, places)
    return f"+{text}" if value > 0 else text


def points_text(value: Decimal) -> str:
    """Points with a ½ sign: 3½, ½, 0."""
    whole = int(value)
    half = value - whole == Decimal("0.5")
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)
