"""European Go Federation rating (GoR) mathematics, current (2021) and old (1998-2020) systems.

Pure module: standard library only. Ratings, expected scores and changes are ``float``: the
European Go Database keeps GoR with decimals, and nothing here is rounded (round for display).
The rules, as read in ``docs/ratings.md`` ("Go (EGF)"):

**Current system (since 2021)**, :func:`expected_score`, :func:`game_change`:

- r' = r + con x (Sa - Se) + bonus, per game, with con = ((3300 - r) / 200) ** 1.6 and
  bonus = ln(1 + exp((2300 - r) / 80)) / 5, both from the player's **own** rating (so the two
  sides of a game are not zero-sum).
- Se by the Bradley-Terry form Se = 1 / (1 + exp(beta(r2) - beta(r1))) with
  beta(r) = -7 ln(3300 - r); equivalently 1 / (1 + ((3300 - r1) / (3300 - r2)) ** 7).
- **Handicap** (the EGD rule of the old system, which the EGD calculator still applies; the
  2021 page itself does not restate it, so this is a documented choice): the player receiving
  h >= 1 stones counts as rated r + 100 (h - 0.5) **in Se only**; con and bonus use the real
  rating. h = 0 (even game) changes nothing. At most 9 stones.
- **Tournament class** weights A 1, B 0.75, C 0.5, D 0.25. Whether the weight also applies to
  the bonus is NOT VERIFIED; we apply it to the whole per-game change, bonus included (the
  class weights "the rating change", and in the 2021 formula the bonus is part of it).
- Ratings are **frozen** for a whole tournament: every game uses the pre-tournament rating
  and the tournament change is the sum of the per-game changes (:func:`rate_tournament`).
- **Floor** -900: a result below it is reset to -900.

**Old system (1998-2020)**, ``system="old"``, for replaying historic results:

- The lower-rated player A has Se(A) = 1 / (exp(D / a) + 1) with D = rB - rA (>= 0) and
  a = 200 - (rA - 100) / 20 (200 at 20 kyu, 70 at 7 dan), a = 70 above 2700. The higher-rated
  player B has Se(B) = 1 - Se(A) - epsilon.
- epsilon = 0.016 (:data:`OLD_EPSILON`): the value of the later years of the system (the EGF's
  own calculator pages and later implementations); 0.014 was the earlier value (2008-2010
  implementations). A replay of a given year can pass ``epsilon`` to :func:`old_expected_score`.
- Handicap h for a player: their rating counts as r + 100 (h - 0.5) both in D and for a; A and
  B are chosen by these adjusted ratings. Equal adjusted ratings (no lower-rated player): each
  side gets 0.5 - epsilon / 2 (our choice; it keeps the total 1 - epsilon and is symmetric).
- change = con x (Sa - Se), no bonus, con by linear interpolation in the EGD table
  (:data:`OLD_CON_TABLE`: 116 at 100 ... 10 at 2700). The documented range is 100-2700: below
  100, a and con take their 100 values; above 2700 their 2700 values.
- Same tournament classes and frozen ratings; the floor is 100 (:data:`OLD_RATING_FLOOR`),
  the bottom of the documented range (20 kyu), not -900.

**Grades** (EGD general information): 1 dan = 2100, 100 points a grade (kyu k = 2100 - 100 k,
down to 30 kyu = -900; dan d = 2000 + 100 d up to 7 dan = 2700); professional grades
1p = 7d = 2700, then 30 points a grade (9p = 2940). A new player starts at the rating of the
grade they declare (:func:`grade_to_rating`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Hashable, Iterable, Mapping
from typing import TypeAlias, TypeVar

__all__ = [
    "BONUS_CENTRE",
    "BONUS_SCALE",
    "CON_BASE",
    "CON_EXPONENT",
    "MAX_HANDICAP",
    "OLD_CON_TABLE",
    "OLD_EPSILON",
    "OLD_RATING_FLOOR",
    "RATING_CEILING",
    "RATING_FLOOR",
    "SYSTEMS",
    "TOURNAMENT_CLASSES",
    "GameEntry",
    "beta",
    "bonus",
    "class_weight",
    "con",
    "expected_score",
    "game_change",
    "grade_to_rating",
    "handicap_adjustment",
    "new_player_rating",
    "old_a",
    "old_con",
    "old_expected_score",
    "parse_grade",
    "rate_tournament",
    "rating_floor",
    "rating_to_grade",
]

P = TypeVar("P", bound=Hashable)

SYSTEMS = ("2021", "old")
#: Tournament class -> weight of the rating change.
TOURNAMENT_CLASSES: dict[str, float] = {"A": 1.0, "B": 0.75, "C": 0.5, "D": 0.25}
#: beta(r) = -7 ln(3300 - r) and con need r < 3300.
RATING_CEILING = 3300
CON_BASE = 200
CON_EXPONENT = 1.6
BONUS_CENTRE = 2300
BONUS_SCALE = 80
RATING_FLOOR = -900
MAX_HANDICAP = 9

OLD_EPSILON = 0.016
OLD_RATING_FLOOR = 100
#: (GoR, con) of the old system, interpolated linearly in between.
OLD_CON_TABLE: tuple[tuple[int, int], ...] = (
    (100, 116), (200, 110), (300, 105), (400, 100), (500, 95), (600, 90), (700, 85),
    (800, 80), (900, 75), (1000, 70), (1100, 65), (1200, 60), (1300, 55), (1400, 51),
    (1500, 47), (1600, 43), (1700, 39), (1800, 35), (1900, 31), (2000, 27), (2100, 24),
    (2200, 21), (2300, 18), (2400, 15), (2500, 13), (2600, 11), (2700, 10),
)  # fmt: skip
_OLD_LOW = 100
_OLD_HIGH = 2700


def _check_system(system: str) -> None:
    if system not in SYSTEMS:
        raise ValueError(f"unknown EGF system {system!r} (expected one of {SYSTEMS})")


def class_weight(tournament_class: str) -> float:
    """The weight of tournament class ``A``/``B``/``C``/``D`` (1, 0.75, 0.5, 0.25)."""
    try:
        return TOURNAMENT_CLASSES[tournament_class.upper()]
    except KeyError:
        raise ValueError(f"unknown tournament class {tournament_class!r}") from None


def rating_floor(system: str = "2021") -> int:
    """The lowest rating of ``system``: -900 (2021) or 100 (old)."""
    _check_system(system)
    return RATING_FLOOR if system == "2021" else OLD_RATING_FLOOR


def handicap_adjustment(stones: int) -> float:
    """Rating points added to the receiver of ``stones`` handicap stones: 100 (h - 0.5).

    0 for an even game. Raises ``ValueError`` outside 0-9.
    """
    if not 0 <= stones <= MAX_HANDICAP:
        raise ValueError(f"handicap must be 0-{MAX_HANDICAP} stones, got {stones}")
    return 0.0 if stones == 0 else 100.0 * (stones - 0.5)


def _effective(rating: float, opponent: float, handicap: int) -> tuple[float, float]:
    """Both ratings with the handicap added to the receiver (``handicap`` < 0: opponent)."""
    if handicap >= 0:
        return rating + handicap_adjustment(handicap), float(opponent)
    return float(rating), opponent + handicap_adjustment(-handicap)


def _check_score(score: float) -> None:
    if not 0 <= score <= 1:
        raise ValueError(f"score must be between 0 and 1, got {score}")


# --------------------------------------------------------------------------- 2021 system


def _below_ceiling(rating: float) -> None:
    if rating >= RATING_CEILING:
        raise ValueError(f"the 2021 EGF formulas need ratings below 3300, got {rating}")


def beta(rating: float) -> float:
    """beta(r) = -7 ln(3300 - r), the Bradley-Terry strength of a rating (2021 system)."""
    _below_ceiling(rating)
    return -7.0 * math.log(RATING_CEILING - rating)


def con(rating: float) -> float:
    """con = ((3300 - r) / 200) ** 1.6 from the player's own rating (2021 system)."""
    _below_ceiling(rating)
    return ((RATING_CEILING - rating) / CON_BASE) ** CON_EXPONENT


def bonus(rating: float) -> float:
    """bonus = ln(1 + exp((2300 - r) / 80)) / 5 from the player's own rating (2021 system)."""
    x = (BONUS_CENTRE - rating) / BONUS_SCALE
    # log1p(exp(x)) overflows for large x; softplus(x) = x + log1p(exp(-x)) there.
    softplus = x + math.log1p(math.exp(-x)) if x > 30 else math.log1p(math.exp(x))
    return softplus / 5.0


def _expected_2021(own: float, opponent: float) -> float:
    _below_ceiling(own)
    _below_ceiling(opponent)
    ratio = (RATING_CEILING - own) / (RATING_CEILING - opponent)
    return 1.0 / (1.0 + ratio**7)


# --------------------------------------------------------------------------- old system


def old_a(rating: float) -> float:
    """The old system's a = 200 - (r - 100) / 20, with r clamped to 100-2700 (a 200..70)."""
    r = min(max(rating, _OLD_LOW), _OLD_HIGH)
    return 200.0 - (r - 100.0) / 20.0


def old_con(rating: float) -> float:
    """The old system's con, linear interpolation in :data:`OLD_CON_TABLE` (clamped)."""
    if rating <= _OLD_LOW:
        return float(OLD_CON_TABLE[0][1])
    if rating >= _OLD_HIGH:
        return float(OLD_CON_TABLE[-1][1])
    index = int((rating - _OLD_LOW) // 100)
    (r0, c0), (r1, c1) = OLD_CON_TABLE[index], OLD_CON_TABLE[index + 1]
    return c0 + (c1 - c0) * (rating - r0) / (r1 - r0)


def old_expected_score(
    rating: float, opponent: float, *, handicap: int = 0, epsilon: float = OLD_EPSILON
) -> float:
    """Se of the player in the old (1998-2020) system; see the module docstring."""
    own, opp = _effective(rating, opponent, handicap)
    if own < opp:
        return 1.0 / (math.exp((opp - own) / old_a(own)) + 1.0)
    if own > opp:
        weaker = 1.0 / (math.exp((own - opp) / old_a(opp)) + 1.0)
        return 1.0 - weaker - epsilon
    return 0.5 - epsilon / 2.0


# --------------------------------------------------------------------------- public API


def expected_score(
    rating: float, opponent: float, *, handicap: int = 0, system: str = "2021"
) -> float:
    """The player's expected score Se against ``opponent``.

    ``handicap`` is the number of stones the player receives (negative: the opponent receives
    ``-handicap`` stones). ``system="old"`` gives the pre-2021 formula (with epsilon 0.016).
    """
    _check_system(system)
    if system == "old":
        return old_expected_score(rating, opponent, handicap=handicap)
    own, opp = _effective(rating, opponent, handicap)
    return _expected_2021(own, opp)


def game_change(
    rating: float,
    opponent: float,
    score: float,
    *,
    handicap: int = 0,
    tournament_class: str = "A",
    system: str = "2021",
) -> float:
    """New rating minus old rating for one game (no floor; :func:`rate_tournament` applies it).

    2021: w x (con(r) x (score - Se) + bonus(r)); old: w x con_old(r) x (score - Se), where w
    is the tournament class weight. ``score`` is 1, 0.5 (jigo) or 0.
    """
    _check_system(system)
    _check_score(score)
    weight = class_weight(tournament_class)
    se = expected_score(rating, opponent, handicap=handicap, system=system)
    if system == "old":
        return weight * old_con(rating) * (score - se)
    return weight * (con(rating) * (score - se) + bonus(rating))


#: One game for :func:`rate_tournament`: (player, opponent, score[, stones received]).
GameEntry: TypeAlias = tuple[P, P, float] | tuple[P, P, float, int]


def rate_tournament(
    ratings: Mapping[P, float],
    games: Iterable[GameEntry[P]],
    *,
    tournament_class: str = "A",
    system: str = "2021",
) -> dict[P, float]:
    """New ratings after one tournament: frozen ratings, summed changes, the floor.

    ``ratings``: player -> pre-tournament rating (a new player: :func:`new_player_rating` of
    their declared grade). ``games``: one entry per game, ``(player, opponent, score)`` or
    ``(player, opponent, score, handicap)`` with ``score`` and ``handicap`` (stones received)
    from ``player``'s side; both players are rated. Every game uses the pre-tournament ratings.
    Returns player -> new rating (unrounded) for every player in ``ratings``; the floor is
    applied once, to the tournament result. Players without games keep their rating.
    """
    _check_system(system)
    weight_class = tournament_class
    class_weight(weight_class)
    totals: dict[P, float] = {}
    for game in games:
        if len(game) not in (3, 4):
            raise ValueError(f"a game is (player, opponent, score[, handicap]), got {game!r}")
        player, opponent, score = game[0], game[1], float(game[2])
        handicap = int(game[3]) if len(game) == 4 else 0
        for p in (player, opponent):
            if p not in ratings:
                raise KeyError(f"player {p!r} has no rating")
        r1, r2 = ratings[player], ratings[opponent]
        d1 = game_change(
            r1, r2, score, handicap=handicap, tournament_class=weight_class, system=system
        )
        d2 = game_change(
            r2, r1, 1.0 - score, handicap=-handicap, tournament_class=weight_class, system=system
        )
        totals[player] = totals.get(player, 0.0) + d1
        totals[opponent] = totals.get(opponent, 0.0) + d2
    floor = float(rating_floor(system))
    return {p: (max(floor, r + totals[p]) if p in totals else float(r)) for p, r in ratings.items()}


# --------------------------------------------------------------------------- grades

_GRADE = re.compile(r"^\s*(\d+)\s*-?\s*(k|kyu|d|dan|p|pro)\.?\s*$", re.IGNORECASE)
KYU_MAX = 30
DAN_MAX = 7
PRO_MAX = 9
PRO_STEP = 30
_DAN_1 = 2100
_PRO_1 = 2700


def parse_grade(grade: str) -> tuple[int, str]:
    """``"5k"``, ``"5 kyu"``, ``"1d"``, ``"3 dan"``, ``"2p"`` -> (number, ``"k"|"d"|"p"``)."""
    match = _GRADE.match(grade)
    if match is None:
        raise ValueError(f"not a go grade: {grade!r}")
    number, kind = int(match.group(1)), match.group(2)[0].lower()
    limit = {"k": KYU_MAX, "d": DAN_MAX, "p": PRO_MAX}[kind]
    if not 1 <= number <= limit:
        raise ValueError(f"grade out of range (1-{limit}{kind}): {grade!r}")
    return number, kind


def grade_to_rating(grade: str) -> int:
    """The GoR of a grade: 1d = 2100, 100 a grade (20k = 100, 30k = -900, 7d = 2700),
    1p = 2700 and 30 a professional grade (9p = 2940)."""
    number, kind = parse_grade(grade)
    if kind == "k":
        return _DAN_1 - 100 * number
    if kind == "d":
        return _DAN_1 - 100 + 100 * number
    return _PRO_1 + PRO_STEP * (number - 1)


def new_player_rating(declared_grade: str) -> int:
    """A new player's starting rating: the rating of the grade they declare."""
    return grade_to_rating(declared_grade)


def rating_to_grade(rating: float, *, professional: bool = False) -> str:
    """The amateur grade of a GoR: the grade whose rating is nearest, boundaries at +-50.

    A boundary belongs to the grade above (2050 -> ``"1d"``, 2049.9 -> ``"1k"``). Below
    -900 is ``"30k"``, 2650 and above ``"7d"``. With ``professional=True`` the grade is read on
    the professional scale from 2700 - 15 on (``"1p"`` ... ``"9p"``, boundaries at +-15).
    """
    if professional and rating >= _PRO_1 - PRO_STEP / 2:
        step = math.floor((rating - _PRO_1 + PRO_STEP / 2) / PRO_STEP)
        return f"{min(step + 1, PRO_MAX)}p"
    # Grade index: 0 = 30k ... 29 = 1k, 30 = 1d ... 36 = 7d.
    index = math.floor((rating - (_DAN_1 - 100 * KYU_MAX) + 50) / 100)
    index = min(max(index, 0), KYU_MAX + DAN_MAX - 1)
    if index < KYU_MAX:
        return f"{KYU_MAX - index}k"
    return f"{index - KYU_MAX + 1}d"
