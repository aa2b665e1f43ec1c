"""Rows of the reference pages, generated from the rating engine (``rules.ratings``).

No table here is typed in a second time: every row is computed by calling the pure modules
(``fide``, ``classes``, ``egf``, ``fesa``), so the pages always show what the engine computes.
No database access.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from rules.ratings import classes, egf, fesa, fide

#: The last FIDE tournament category shown (23 = 2801-2825, the highest ever reached).
LAST_CATEGORY = 23


@dataclass(frozen=True)
class ExpectedScoreRow:
    """One row of FIDE table 8.1.2: differences ``low``..``high`` (``high`` None: and more)."""

    low: int
    high: int | None
    higher: Decimal
    lower: Decimal

    @property
    def higher_percent(self) -> int:
        return int(self.higher * 100)

    @property
    def lower_percent(self) -> int:
        return int(self.lower * 100)


def expected_score_rows() -> list[ExpectedScoreRow]:
    """Table 8.1.2 as bands of rating difference, read from :func:`fide.probability_for_difference`.

    Scans the differences from 0 until the expected score reaches 1.00 and starts a new row
    wherever the value changes, so the bands are exactly the engine's.
    """
    rows: list[ExpectedScoreRow] = []
    low, current = 0, fide.probability_for_difference(0)
    difference = 0
    while current < 1:
        difference += 1
        value = fide.probability_for_difference(difference)
        if value != current:
            rows.append(ExpectedScoreRow(low, difference - 1, current, 1 - current))
            low, current = difference, value
    rows.append(ExpectedScoreRow(low, None, current, 1 - current))
    return rows


@dataclass(frozen=True)
class CategoryRow:
    """A FIDE tournament category and its average-rating ranges (open and women's events)."""

    category: int
    low: int
    high: int
    women_low: int
    women_high: int


def category_rows(last: int = LAST_CATEGORY) -> list[CategoryRow]:
    """Categories 1..``last`` from :func:`classes.category_range`."""
    rows = []
    for category in range(1, last + 1):
        low, high = classes.category_range(category)
        women_low, women_high = classes.category_range(category, women=True)
        rows.append(CategoryRow(category, low, high, women_low, women_high))
    return rows


def title_rows() -> list[classes.Title]:
    """Every FIDE title with its rating requirement, in FIDE's order (GM, IM, WGM, ...)."""
    by_code = {title.code: title for title in classes.OPEN_TITLES + classes.WOMEN_TITLES}
    return [by_code[code] for code in classes.TITLE_ORDER]


@dataclass(frozen=True)
class ClassRow:
    """A class of a ladder with its rating range (``low`` None: open below; ``high`` None:
    open above)."""

    code: str
    name: str
    low: int | None
    high: int | None


def ladder_rows(ladder: tuple[classes.RatingClass, ...]) -> list[ClassRow]:
    """The classes of ``ladder`` (highest first) with the range each covers."""
    rows = []
    upper: int | None = None
    for band in ladder:
        high = None if upper is None else upper - 1
        rows.append(ClassRow(band.code, band.name, band.minimum, high))
        upper = band.minimum
    return rows


@dataclass(frozen=True)
class GoGradeRow:
    """An EGF grade, the rating a new player declaring it starts with, and the ratings that
    read as this grade (``low``/``high`` None: open-ended)."""

    grade: str
    rating: int
    low: int | None
    high: int | None
    professional: bool


def egf_grade_rows() -> list[GoGradeRow]:
    """30 kyu .. 7 dan, then 1p .. 9p, from :func:`egf.grade_to_rating` and
    :func:`egf.rating_to_grade` (a band ends where ``rating_to_grade`` changes)."""
    rows = []
    amateur = [f"{k}k" for k in range(egf.KYU_MAX, 0, -1)] + [
        f"{d}d" for d in range(1, egf.DAN_MAX + 1)
    ]
    for index, grade in enumerate(amateur):
        rating = egf.grade_to_rating(grade)
        low = None if index == 0 else _first_rating_of(grade, rating - 100, rating)
        high = (
            None
            if index == len(amateur) - 1
            else _first_rating_of(amateur[index + 1], rating, rating + 100) - 1
        )
        rows.append(GoGradeRow(grade, rating, low, high, professional=False))
    for number in range(1, egf.PRO_MAX + 1):
        grade = f"{number}p"
        rows.append(GoGradeRow(grade, egf.grade_to_rating(grade), None, None, professional=True))
    return rows


def _first_rating_of(grade: str, start: int, stop: int) -> int:
    """The lowest whole rating in ``start..stop`` that :func:`egf.rating_to_grade` reads as
    ``grade``."""
    for rating in range(start, stop + 1):
        if egf.rating_to_grade(rating) == grade:
            return rating
    raise ValueError(f"no rating in {start}..{stop} reads as {grade}")


def fesa_grade_rows() -> list[fesa.Grade]:
    """FESA's grades, highest first (6 dan .. 20 kyu); 16-20 kyu carry ``extension``."""
    return list(reversed(fesa.GRADES))


def fesa_k_rows() -> list[ClassRow]:
    """FESA's K by rating band, highest first, from :data:`fesa.K_TABLE`."""
    rows = []
    upper: int | None = None
    for lowest, k in fesa.K_TABLE:
        rows.append(ClassRow(str(k), str(k), lowest, None if upper is None else upper - 1))
        upper = lowest
    rows.append(ClassRow(str(fesa.K_LOWEST), str(fesa.K_LOWEST), None, upper - 1))
    return rows
