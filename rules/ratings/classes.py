"""Chess titles, classes and tournament categories derived from a rating.

Pure module: standard library only.

- FIDE title rating thresholds (FIDE Title Regulations effective 1 January 2024): open
  GM 2500, IM 2400, FM 2300, CM 2200; women's WGM 2300, WIM 2200, WFM 2100, WCM 2000. A
  rating is only one requirement: GM, IM, WGM and WIM also need norms, and ratings reached
  after 1 July 2017 count only with at least 30 rated games. :func:`best_title` answers
  "which title's rating requirement does this rating meet", nothing more.
- Elo's class scale (class interval 200; nine classes when 2200-2399 is one class):
  :data:`ELO_CLASSES`.
- The national class ladder shown on player pages, from >= 2700 down to "novice" below
  1000: :data:`NATIONAL_CLASSES`. No federation publishes exactly this ladder; it combines
  Elo's scale with US Chess class names (see the notes on :data:`NATIONAL_CLASSES`).
- FIDE tournament category from the average rating: :func:`tournament_category`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "ELO_CLASSES",
    "NATIONAL_CLASSES",
    "OPEN_TITLES",
    "TITLE_ORDER",
    "WOMEN_CATEGORY_OFFSET",
    "WOMEN_TITLES",
    "NextClass",
    "RatingClass",
    "Title",
    "best_title",
    "category_range",
    "next_class",
    "rating_class",
    "titles_for_rating",
    "tournament_category",
]


def _check_rating(value: int, name: str = "rating") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")
    return value


# --------------------------------------------------------------------------- titles


@dataclass(frozen=True)
class Title:
    """A FIDE title and the rating its holder must have reached.

    Attributes:
        code: FIDE's abbreviation ("GM", "WIM", ...).
        name: the full English name.
        rating: the minimum rating (Title Regulations §1.3.1 for FM/CM/WFM/WCM, §1.5.3 and
            the norm-title sections for GM/IM/WGM/WIM).
        women: True for the women's titles.
        needs_norms: True for the norm titles (GM, IM, WGM, WIM).
    """

    code: str
    name: str
    rating: int
    women: bool
    needs_norms: bool


OPEN_TITLES: tuple[Title, ...] = (
    Title("GM", "Grandmaster", 2500, women=False, needs_norms=True),
    Title("IM", "International Master", 2400, women=False, needs_norms=True),
    Title("FM", "FIDE Master", 2300, women=False, needs_norms=False),
    Title("CM", "Candidate Master", 2200, women=False, needs_norms=False),
)
"""Open titles, highest first."""

WOMEN_TITLES: tuple[Title, ...] = (
    Title("WGM", "Woman Grandmaster", 2300, women=True, needs_norms=True),
    Title("WIM", "Woman International Master", 2200, women=True, needs_norms=True),
    Title("WFM", "Woman FIDE Master", 2100, women=True, needs_norms=False),
    Title("WCM", "Woman Candidate Master", 2000, women=True, needs_norms=False),
)
"""Women's titles, highest first."""

TITLE_ORDER: tuple[str, ...] = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""All titles, highest first, in the order FIDE lists them."""

_TITLES_BY_CODE = {title.code: title for title in OPEN_TITLES + WOMEN_TITLES}


def titles_for_rating(rating: int, *, women: bool = False) -> tuple[Title, ...]:
    """Every title whose rating requirement ``rating`` meets, highest first.

    ``women=False`` considers the open titles only; ``women=True`` considers the open and the
    women's titles (a woman may hold either), ordered as :data:`TITLE_ORDER`.
    """
    _check_rating(rating)
    codes = TITLE_ORDER if women else tuple(title.code for title in OPEN_TITLES)
    return tuple(_TITLES_BY_CODE[code] for code in codes if rating >= _TITLES_BY_CODE[code].rating)


def best_title(rating: int, *, women: bool = False) -> str | None:
    """The code of the highest title on one ladder whose rating requirement is met.

    ``women=False``: the open ladder (GM 2500, IM 2400, FM 2300, CM 2200).
    ``women=True``: the women's ladder (WGM 2300, WIM 2200, WFM 2100, WCM 2000).
    ``None`` below the lowest threshold. Use :func:`titles_for_rating` to see both ladders.

    >>> best_title(2450), best_title(2450, women=True), best_title(2050, women=True)
    ('IM', 'WGM', 'WCM')
    """
    _check_rating(rating)
    ladder = WOMEN_TITLES if women else OPEN_TITLES
    for title in ladder:
        if rating >= title.rating:
            return title.code
    return None


# --------------------------------------------------------------------------- classes


@dataclass(frozen=True)
class RatingClass:
    """A class (band) of a rating ladder.

    Attributes:
        code: a short stable identifier (for storage and CSS).
        name: the English display name.
        minimum: the lowest rating in the class; ``None`` for the open-ended bottom class.
    """

    code: str
    name: str
    minimum: int | None

    def contains(self, rating: int) -> bool:
        """Whether ``rating`` is at or above this class's minimum."""
        return self.minimum is None or rating >= self.minimum


ELO_CLASSES: tuple[RatingClass, ...] = (
    RatingClass("contender", "World-championship contender", 2600),
    RatingClass("gm-im", "Grandmaster / International Master", 2400),
    RatingClass("master", "National master", 2200),
    RatingClass("expert", "Candidate master / Expert", 2000),
    RatingClass("A", "Class A", 1800),
    RatingClass("B", "Class B", 1600),
    RatingClass("C", "Class C", 1400),
    RatingClass("D", "Class D", 1200),
    RatingClass("novice", "Novice", None),
)
"""Elo's class scale (class interval 200), highest first: 2600+, 2400-2599, 2200-2399,
2000-2199, 1800-1999 (A), 1600-1799 (B), 1400-1599 (C), 1200-1399 (D), below 1200 novices."""

NATIONAL_CLASSES: tuple[RatingClass, ...] = (
    RatingClass("elite", "Elite (super-grandmaster level)", 2700),
    RatingClass("gm", "Grandmaster level", 2500),
    RatingClass("senior-master", "Senior master", 2400),
    RatingClass("master", "National master", 2200),
    RatingClass("expert", "Expert / candidate master", 2000),
    RatingClass("A", "Class A", 1800),
    RatingClass("B", "Class B", 1600),
    RatingClass("C", "Class C", 1400),
    RatingClass("D", "Class D", 1200),
    RatingClass("E", "Class E", 1000),
    RatingClass("novice", "Novice", None),
)
"""The national class ladder shown on player pages, highest first.

>= 2700 elite; 2500-2699 grandmaster level; 2400-2499 senior master; 2200-2399 national
master; 2000-2199 expert / candidate master; then 200-point classes A (1800) to E (1000);
below 1000 novice.

Where the sources disagree, and what this ladder takes:

- Elo's scale puts 2600+ together ("world-championship contenders") and 2400-2599 together
  ("most GMs and IMs"); US Chess stops at "senior master" 2400+. Neither names a 2700 band.
  This ladder splits the top at 2700 (the customary "2700 club") and at 2500 (the GM title
  rating), keeping 2400 for senior master as US Chess does.
- Below 1200 Elo's scale has only "novices"; US Chess continues with E (1000-1199) and
  F..J in 200-point steps down to 100. This ladder keeps Class E and calls everything below
  1000 "novice".
- Russian sport categories (разряды) are earned by norms, not by rating; their rating
  equivalents are informal and are not encoded here.
"""


def rating_class(rating: int, ladder: Sequence[RatingClass] = NATIONAL_CLASSES) -> RatingClass:
    """The class of ``ladder`` (highest first) that ``rating`` falls in.

    >>> rating_class(1850).code, rating_class(999).code, rating_class(2700).code
    ('A', 'novice', 'elite')
    """
    _check_rating(rating)
    for rating_band in ladder:
        if rating_band.contains(rating):
            return rating_band
    raise ValueError(f"ladder has no class for {rating}; its last class needs minimum=None")


@dataclass(frozen=True)
class NextClass:
    """The next class up the ladder and how far away it is.

    Attributes:
        current: the class ``rating`` is in now.
        target: the class above it.
        points: rating points still needed, ``target.minimum - rating`` (always >= 1).
    """

    current: RatingClass
    target: RatingClass
    points: int


def next_class(rating: int, ladder: Sequence[RatingClass] = NATIONAL_CLASSES) -> NextClass | None:
    """The next class above ``rating`` and the distance to it; ``None`` in the top class.

    >>> found = next_class(1785)
    >>> found.target.code, found.points
    ('A', 15)
    """
    current = rating_class(rating, ladder)
    position = list(ladder).index(current)
    if position == 0:
        return None
    upper = ladder[position - 1]
    if upper.minimum is None:
        raise ValueError("only the last class of a ladder may be open-ended")
    return NextClass(current=current, target=upper, points=upper.minimum - rating)


# --------------------------------------------------------------------------- categories

WOMEN_CATEGORY_OFFSET = 200
"""Women's tournament categories are 200 points lower (category 1 = 2051-2075)."""

_CATEGORY_BASE = 2250
_CATEGORY_WIDTH = 25


def tournament_category(average_rating: int, *, women: bool = False) -> int | None:
    """FIDE tournament category of a round robin from its average rating.

    Category N covers ``2226 + 25 N`` to ``2250 + 25 N`` (category 1 = 2251-2275,
    2 = 2276-2300, ..., 18 = 2676-2700, 23 = 2801-2825). Women's events are 200 lower.
    Pass the average already rounded to a whole number (0.5 up, see
    ``fide.average_rating``). Returns ``None`` below category 1.

    >>> tournament_category(2251), tournament_category(2700), tournament_category(2250)
    (1, 18, None)
    """
    _check_rating(average_rating, "average_rating")
    base = _CATEGORY_BASE - (WOMEN_CATEGORY_OFFSET if women else 0)
    if average_rating <= base:
        return None
    return (average_rating - base - 1) // _CATEGORY_WIDTH + 1


def category_range(category: int, *, women: bool = False) -> tuple[int, int]:
    """The inclusive average-rating range ``(lowest, highest)`` of a category.

    >>> category_range(1), category_range(1, women=True)
    ((2251, 2275), (2051, 2075))
    """
    _check_rating(category, "category")
    if category < 1:
        raise ValueError("categories start at 1")
    base = _CATEGORY_BASE - (WOMEN_CATEGORY_OFFSET if women else 0)
    highest = base + _CATEGORY_WIDTH * category
    return highest - _CATEGORY_WIDTH + 1, highest
