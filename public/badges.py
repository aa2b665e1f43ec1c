"""The badge shown next to a player in rating tables: FIDE title, class or grade.

One function decides the badge (:func:`badge_for`), one function renders it
(:func:`badge_html`) and one column factory puts it in a table
(``public.tables.columns.badge_column``).
Chess lists show the player's FIDE title, else the national class of the rating
(``rules.ratings.classes``). Other games have no badge until a provider is registered with
:func:`register_badge_provider` (the go/shogi grades plug in there: a function of the player,
the rounded rating and the rating list that returns a :class:`Badge` or ``None``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from ratings.enums import GameKind
from rules.ratings import classes

# Translated names of the national class ladder (rules.ratings.classes.NATIONAL_CLASSES).
CLASS_NAMES = {
    "elite": _("Elite (super-grandmaster level)"),
    "gm": _("Grandmaster level"),
    "senior-master": _("Senior master"),
    "master": _("National master"),
    "expert": _("Expert / candidate master"),
    "A": _("Class A"),
    "B": _("Class B"),
    "C": _("Class C"),
    "D": _("Class D"),
    "E": _("Class E"),
    "novice": _("Novice"),
}


@dataclass(frozen=True)
class Badge:
    """What a badge shows: ``kind`` ("title", "class" or "grade", also its CSS class), the
    short text and the long name (the tooltip)."""

    kind: str
    text: str
    name: str


BadgeProvider = Callable[[object, int | None, object], Badge | None]
_PROVIDERS: dict[str, BadgeProvider] = {}


def register_badge_provider(game: str, provider: BadgeProvider) -> None:
    """Use ``provider(player, rating, rating_list)`` for the lists of ``game``."""
    _PROVIDERS[game] = provider


def class_name(rating: int) -> str:
    """The translated name of the national class ``rating`` falls in."""
    band = classes.rating_class(rating)
    return str(CLASS_NAMES.get(band.code, band.name))


def chess_badge(player, rating: int | None, rating_list=None) -> Badge | None:
    """The FIDE title when the player holds one, else the class of ``rating``."""
    if player.title:
        return Badge("title", player.title, str(player.get_title_display()))
    if rating is None:
        return None
    name = class_name(rating)
    return Badge("class", name, name)


register_badge_provider(GameKind.CHESS, chess_badge)


def badge_for(player, rating: int | None, rating_list) -> Badge | None:
    """The badge of ``player`` with the (rounded) ``rating`` in ``rating_list``."""
    provider = _PROVIDERS.get(getattr(rating_list, "game", GameKind.CHESS))
    return provider(player, rating, rating_list) if provider else None


def badge_html(badge: Badge | None) -> str:
    """The badge as HTML (a dash when there is none)."""
    if badge is None:
        return "–"
    if badge.kind == "class":
        return format_html('<span class="badge badge-class">{}</span>', badge.text)
    extra = " title" if badge.kind == "title" else ""
    return format_html(
        '<abbr class="badge badge-{}{}" title="{}">{}</abbr>',
        badge.kind,
        extra,
        badge.name,
        badge.text,
    )
