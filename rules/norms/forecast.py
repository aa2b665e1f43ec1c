"""During the event: what a player still needs, for each norm, from the rounds left.

The model, kept simple and stated on the page (docs/norms.md):

- every round left is assumed to be a game that counts (no bye, no forfeit);
- the opponents of those rounds are assumed to keep the average rating of the opponents so
  far (the floor of §1.4.6 applied as it is now) or, when that average is below the norm's
  minimum (§1.4.8a), to raise it just to the minimum: :attr:`Forecast.opponents_average` is
  then the average the rounds left need;
- the points needed are the fewest (in half points) that bring Rp = Ra + dp to the norm's
  level with the score of at least 35 %, on all the games at the end;
- the opponent mix: the title-holders and norm-title holders still to meet (§1.4.5, on the
  number of games at the end), the federations still to meet (§1.4.3) and the room left
  under the caps of §1.4.4.

A norm is reachable when all of these fit into the rounds left. A norm already achieved
(:func:`rules.norms.fide.best_selection`) needs nothing more: §1.4.1e lets the later rounds
be ignored in a Swiss.

When the opponents of the rounds left are known (``upcoming``: a round robin's pairings are
fixed in advance), nothing is assumed about them: Ra, the floor of §1.4.6 and the opponent
mix are those of every game at the end, and the points needed are counted against them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.norms.fide import (
    MIN_NORM_TITLED,
    MIN_SCORE_PERCENT,
    MIX,
    NORMS,
    Applicant,
    Event,
    NormTitle,
    Opponent,
    Outcome,
    RoundResult,
    Verdict,
    best_selection,
    counted_rounds,
    evaluate,
    score_percent,
)
from rules.ratings.fide import difference_for_percentage

HALF = Fraction(1, 2)


@dataclass(frozen=True)
class Forecast:
    title: NormTitle
    achieved: bool
    rounds_left: int
    reachable: bool
    points_needed: Fraction | None = None  # from the rounds left
    opponents_average: int | None = None  # the rounds left need at least this average
    title_holders_needed: int = 0
    norm_titles_needed: int = 0
    federations_needed: int = 0
    own_federation_room: int | None = None  # more opponents of one's own federation allowed
    one_federation_room: int | None = None

    #: What does not fit into the rounds left: "games", "average", "points",
    #: "title_holders", "norm_titles", "federations", "own_federation", "one_federation".
    blocked: tuple[str, ...] = ()


def points_needed(
    average: int, points: Fraction, games: int, rounds_left: int, performance: int
) -> Fraction | None:
    """The fewest points (half points) from ``rounds_left`` games that give Rp >= the level
    and 35 % over all ``games + rounds_left`` games against opponents averaging ``average``;
    ``None`` when even winning them all is not enough."""
    total = games + rounds_left
    extra = Fraction(0)
    while extra <= rounds_left:
        p = score_percent(points + extra, total)
        if p >= MIN_SCORE_PERCENT and average + difference_for_percentage(p) >= performance:
            return extra
        extra += HALF
    return None


def _against(
    title: NormTitle,
    applicant: Applicant,
    event: Event,
    kept: Sequence[RoundResult],
    upcoming: Sequence[Opponent],
) -> Forecast:
    """The forecast against the known opponents of the rounds left."""
    rule = NORMS[title]
    last = max((r.round for r in kept), default=0)
    ahead = [RoundResult(last + i, Outcome.LOSS, o) for i, o in enumerate(upcoming, start=1)]
    end = evaluate(title, applicant, event, [*kept, *ahead])
    so_far = sum((r.points for r in kept), Fraction(0))
    left = len(upcoming)
    needed = points_needed(end.average, so_far, len(kept), left, rule.performance)
    short = {r.code: r for r in end.failed if r.code in MIX}
    blocked = [code for code in ("games",) if len(end.games) < event.min_games]
    blocked += ["average"] if end.average < rule.minimum_average else []
    blocked += ["points"] if needed is None else []
    blocked += list(short)
    missing = {code: max(0, r.threshold - int(r.value)) for code, r in short.items()}
    return Forecast(
        title, False, left, not blocked, needed, None, missing.get("title_holders", 0),
        missing.get("norm_titles", 0), missing.get("federations", 0),
        blocked=tuple(blocked),
    )  # fmt: skip


def forecast(
    title: NormTitle,
    applicant: Applicant,
    event: Event,
    rounds: Sequence[RoundResult],
    rounds_left: int,
    verdict: Verdict | None = None,
    upcoming: Sequence[Opponent] | None = None,
) -> Forecast:
    """What ``title`` still needs from ``rounds_left`` rounds (see the module's model);
    ``verdict``: the norm's verdict so far when known (:func:`best_selection`);
    ``upcoming``: the opponents of the rounds left when known (one for each)."""
    if (verdict or best_selection(title, applicant, event, rounds)).passed:
        return Forecast(title, True, rounds_left, True, Fraction(0))
    kept, _excluded = counted_rounds(event, rounds)
    if upcoming is not None and rounds_left and len(upcoming) == rounds_left:
        return _against(title, applicant, event, kept, upcoming)
    now: Verdict = evaluate(title, applicant, event, kept)
    rule = NORMS[title]
    n = len(now.games)
    total = n + rounds_left
    if total == 0:
        return Forecast(title, False, rounds_left, False, blocked=("games",))
    need_average = None
    average = now.average
    if average is None or average < rule.minimum_average:
        if rounds_left == 0:
            return Forecast(title, False, 0, False, blocked=("average",))
        # round_half_up(sum / total) >= minimum  <=>  sum >= (minimum - 1/2) * total
        rating_sum = sum(g.rating for g in now.games)
        need = (Fraction(2 * rule.minimum_average - 1, 2) * total - rating_sum) / rounds_left
        need_average = math.ceil(need)
        average = rule.minimum_average
    needed = points_needed(average, now.points, n, rounds_left, rule.performance)
    holders = now.requirement("title_holders").value
    titled = now.requirement("norm_titles").value
    holders_needed = max(0, math.ceil(Fraction(total, 2)) - holders)
    titles_needed = max(0, max(math.ceil(Fraction(total, 3)), MIN_NORM_TITLED) - titled)
    exempt = event.exemption is not None
    federations_needed = 0 if exempt else max(0, 2 - now.requirement("federations").value)
    own_room = one_room = None
    if not exempt:
        own_room = math.floor(Fraction(3 * total, 5)) - now.requirement("own_federation").value
        one_room = math.floor(Fraction(2 * total, 3)) - now.requirement("one_federation").value
    blocked = [
        code
        for code, stuck in (
            ("games", total < event.min_games),
            ("points", needed is None),
            ("title_holders", holders_needed > rounds_left),
            ("norm_titles", titles_needed > rounds_left),
            ("federations", federations_needed > rounds_left),
            ("own_federation", own_room is not None and own_room < 0),
            ("one_federation", one_room is not None and one_room < 0),
        )
        if stuck
    ]
    return Forecast(
        title, False, rounds_left, not blocked, needed, need_average, holders_needed,
        titles_needed, federations_needed, own_room, one_room, tuple(blocked),
    )  # fmt: skip


def forecasts(
    applicant: Applicant,
    event: Event,
    rounds: Sequence[RoundResult],
    rounds_left: int,
    verdicts: dict[NormTitle, Verdict] | None = None,
    upcoming: Sequence[Opponent] | None = None,
) -> dict[NormTitle, Forecast]:
    known = verdicts or {}
    return {
        t: forecast(t, applicant, event, rounds, rounds_left, known.get(t), upcoming)
        for t in NormTitle
    }
