"""The calculators of the reference pages: validated input in, every step of the rule out.

Each function takes the cleaned values of one calculator form (``public.forms``) and returns
what the page prints, computed by the rating engine (``rules.ratings``) alone. No database,
no Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from rules.ratings import egf, fesa, fide

HYPOTHETICAL = [fide.HYPOTHETICAL_OPPONENT_RATING] * 2


# --------------------------------------------------------------------------- FIDE


@dataclass(frozen=True)
class FideResult:
    """A FIDE rating period: ``k`` as entered or derived, ``derived`` whether it was derived,
    and the engine's :class:`fide.PeriodResult`."""

    k: int
    derived: bool
    period: fide.PeriodResult

    @property
    def expected_total(self) -> Decimal:
        return sum((line.expected for line in self.period.lines if line.rated), Decimal(0))

    @property
    def score_total(self) -> Decimal:
        return sum((line.score for line in self.period.lines), Decimal(0))

    @property
    def delta_total(self) -> Decimal:
        return sum((line.delta for line in self.period.lines), Decimal(0))

    @property
    def below_floor(self) -> bool:
        """Whether the new rating is below 1400 (shown as unrated on the next list)."""
        return fide.is_below_floor(self.period.new_rating)

    @property
    def any_capped(self) -> bool:
        return any(line.capped for line in self.period.lines)

    @property
    def k_capped(self) -> bool:
        return self.period.k_used != self.period.k


def fide_change(
    *,
    rating: int,
    games: list[tuple[int, Decimal]],
    k: int | None = None,
    games_total: int | None = None,
    birth_year: int | None = None,
    list_year: int | None = None,
    ever_2400: bool = False,
    time_control: str = "standard",
) -> FideResult:
    """One rating period of a rated player: K as given or from :func:`fide.k_factor`."""
    derived = k is None
    if k is None:
        k = fide.k_factor(
            rating=rating,
            games_total=games_total or 0,
            birth_year=birth_year,
            list_year=list_year,
            ever_published_2400=ever_2400,
        )
    period = fide.rate_period(rating, k, games, time_control=time_control)
    return FideResult(k=k, derived=derived, period=period)


@dataclass(frozen=True)
class InitialResult:
    """The 2024 initial-rating formula, step by step.

    ``average`` is Ra with the two hypothetical 1800 opponents (unrounded), ``percent`` the
    score with their two draws, ``dp`` from table 8.1.1, ``value`` Ra + dp rounded before the
    2200 cap, ``rating`` the rating published (``None``: not published, see ``reason``).
    """

    games: int
    points: Decimal
    average: Decimal
    percent: int
    dp: int
    value: int
    rating: int | None
    reason: str  # "", "games", "floor"
    capped: bool


def initial(games: list[tuple[int, Decimal]]) -> InitialResult:
    """An unrated player's first rating from pooled games against rated opponents."""
    opponents = [opponent for opponent, _ in games]
    points = sum((score for _, score in games), Decimal(0))
    count = len(opponents) + len(HYPOTHETICAL)
    average = Fraction(sum(opponents) + sum(HYPOTHETICAL), count)
    percent = fide.percentage(points + 1, count)
    dp = fide.difference_for_percentage(percent)
    value = fide.average_rating(opponents + HYPOTHETICAL) + dp
    rating = fide.initial_rating(opponents, points)
    if len(opponents) < fide.INITIAL_RATING_MIN_GAMES:
        reason = "games"
    elif rating is None:
        reason = "floor"
    else:
        reason = ""
    return InitialResult(
        games=len(opponents),
        points=points,
        average=Decimal(average.numerator) / Decimal(average.denominator),
        percent=percent,
        dp=dp,
        value=value,
        rating=rating,
        reason=reason,
        capped=rating is not None and rating < value,
    )


@dataclass(frozen=True)
class PerformanceResult:
    """Rp = Ra + dp: ``average`` rounded (0.5 up), ``percent`` rounded (0.5 % up)."""

    games: int
    points: Decimal
    average: int
    percent: int
    dp: int
    rating: int


def performance(games: list[tuple[int, Decimal]]) -> PerformanceResult:
    """Performance rating as in the FIDE Title Regulations (§1.4.7-1.4.9)."""
    opponents = [opponent for opponent, _ in games]
    points = sum((score for _, score in games), Decimal(0))
    percent = fide.percentage(points, len(opponents))
    return PerformanceResult(
        games=len(opponents),
        points=points,
        average=fide.average_rating(opponents),
        percent=percent,
        dp=fide.difference_for_percentage(percent),
        rating=fide.performance_rating(opponents, points),
    )


# --------------------------------------------------------------------------- EGF


@dataclass(frozen=True)
class EgfLine:
    opponent: float
    handicap: int
    score: float
    expected: float
    con: float
    bonus: float
    change: float


@dataclass(frozen=True)
class EgfResult:
    rating: float
    weight: float
    system: str
    lines: list[EgfLine]
    change: float
    new_rating: float
    floored: bool


def egf_change(
    *,
    rating: float,
    games: list[tuple[float, int, float]],
    tournament_class: str = "A",
    system: str = "2021",
) -> EgfResult:
    """One EGF tournament of a player: frozen ratings, per-game changes, the floor.

    ``games`` holds ``(opponent, stones received, score)``; a negative number of stones means
    the opponent receives them.
    """
    lines = []
    for opponent, handicap, score in games:
        expected = egf.expected_score(rating, opponent, handicap=handicap, system=system)
        if system == "old":
            con, bonus = egf.old_con(rating), 0.0
        else:
            con, bonus = egf.con(rating), egf.bonus(rating)
        change = egf.game_change(
            rating,
            opponent,
            score,
            handicap=handicap,
            tournament_class=tournament_class,
            system=system,
        )
        lines.append(EgfLine(opponent, handicap, score, expected, con, bonus, change))
    ratings: dict[object, float] = {"player": rating}
    entries = []
    for index, (opponent, handicap, score) in enumerate(games):
        ratings[index] = opponent
        entries.append(("player", index, score, handicap))
    new_rating = egf.rate_tournament(
        ratings, entries, tournament_class=tournament_class, system=system
    )["player"]
    change = sum(line.change for line in lines)
    return EgfResult(
        rating=rating,
        weight=egf.class_weight(tournament_class),
        system=system,
        lines=lines,
        change=change,
        new_rating=new_rating,
        floored=new_rating > rating + change,
    )


# --------------------------------------------------------------------------- FESA


@dataclass(frozen=True)
class FesaLine:
    before: float
    opponent: int
    score: float
    k: int
    expected: float
    change: float
    bonus: bool


@dataclass(frozen=True)
class FesaResult:
    rating: int
    lines: list[FesaLine]
    change: float
    rounded_change: int
    new_rating: int
    games_after: int
    grade: str | None
    new_grade: str | None


def fesa_change(
    *,
    rating: int,
    games_before: int,
    games: list[tuple[int, float]],
    win_bonus: bool = True,
    grade: str | None = None,
) -> FesaResult:
    """A FESA tournament game by game: the rating before each game moves with the unrounded
    changes; the opponents' ratings are their final ratings of the tournament (as entered)."""
    lines = []
    before = float(rating)
    for opponent, score in games:
        change = fesa.game_change(before, opponent, score, win_bonus=win_bonus)
        plain = fesa.game_change(before, opponent, score, win_bonus=False)
        lines.append(
            FesaLine(
                before=before,
                opponent=opponent,
                score=score,
                k=fesa.k_factor(before),
                expected=fesa.expected_score(before, opponent),
                change=change,
                bonus=change != plain,
            )
        )
        before += change
    total = sum(line.change for line in lines)
    rounded = fesa.round_total(total)
    games_after = games_before + len(games)
    new_rating = rating + rounded
    return FesaResult(
        rating=rating,
        lines=lines,
        change=total,
        rounded_change=rounded,
        new_rating=new_rating,
        games_after=games_after,
        grade=grade,
        new_grade=fesa.promote(grade, new_rating, games_after),
    )
