"""FIDE title norms (Title Regulations B.01 in force from 1 January 2024, §1.4).

For one player's games in one tournament, :func:`check_norms` gives, for each of the GM, IM,
WGM and WIM norms, a :class:`Verdict`: every requirement of §1.4.1 to §1.4.8 with its value,
its threshold and whether it is met. The articles applied (quoted in docs/norms.md):

- §1.4.1 at least 9 games (``Event.min_games`` for the team events of §1.4.1b); c) in a
  9-round event, 8 games when the missing game is a forfeit win or a pairing-allocated bye;
  e) outside predetermined pairings (round robins), later rounds may be ignored once a title
  result is achieved; f) games against opponents the player defeated may be ignored: both
  by :func:`best_selection`, which keeps the mix and the number of games valid.
- §1.4.2 not counted: b) in a round robin, an unrated opponent who scored zero against the
  rated players; c) games not played over the board (forfeits, byes, unplayed games).
- §1.4.3 at least two federations other than the applicant's; §1.4.4 at most 3/5 of the
  opponents from the applicant's federation and 2/3 from one federation (a minimum rounded
  up, a maximum rounded down); both waived for the events of §1.4.3a-d (:class:`Exemption`).
  ``FID`` is not a federation for these counts, nor is an unknown (empty) federation.
- §1.4.5 a) at least 50 % of the opponents title-holders (CM and WCM excluded); b-e) at least
  1/3 of them, and at least 3, holding the norm's title or a higher one.
- §1.4.6 the rating list at the start; the lowest-rated opponent below the norm's adjusted
  rating floor (GM 2200, IM 2050, WGM 2000, WIM 1850) is raised to it, one opponent at
  most; unrated opponents otherwise count 1400.
- §1.4.7 Ra: the average, rounded to the nearest whole number (0.5 up).
- §1.4.8 Rp = Ra + dp (table 1.4.9, the percentage rounded to a whole number, 0.5 % up) at
  least GM 2600, IM 2450, WGM 2400, WIM 2250; a) Ra at least 2380, 2230, 2180, 2030;
  b) a score of at least 35 %.
- §1.7 a norm of more than 13 games counts as 13 games.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from itertools import combinations

from rules.ratings.fide import average_rating, difference_for_percentage, percentage


class NormTitle(StrEnum):
    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    WIM = "WIM"


@dataclass(frozen=True)
class NormRule:
    """The numbers of one norm: §0.5, §1.4.5b-e, §1.4.6b and §1.4.8."""

    performance: int
    minimum_average: int
    rating_floor: int
    titles: frozenset[str]


NORMS: dict[NormTitle, NormRule] = {
    NormTitle.GM: NormRule(2600, 2380, 2200, frozenset({"GM"})),
    NormTitle.IM: NormRule(2450, 2230, 2050, frozenset({"GM", "IM"})),
    NormTitle.WGM: NormRule(2400, 2180, 2000, frozenset({"GM", "IM", "WGM"})),
    NormTitle.WIM: NormRule(2250, 2030, 1850, frozenset({"GM", "IM", "WGM", "WIM"})),
}

TITLE_HOLDERS = frozenset({"GM", "IM", "FM", "WGM", "WIM", "WFM"})
"""§1.4.5a: title-holders as in §0.3, excluding CM and WCM."""

UNRATED_RATING = 1400
"""§1.4.6d."""

MIN_GAMES = 9
MIN_SCORE_PERCENT = 35
MIN_NORM_TITLED = 3
MAX_COUNTED_GAMES = 13
NO_FEDERATION = frozenset({"", "FID"})


class Outcome(StrEnum):
    """A round of the player, as the norm rules see it."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    PAIRING_BYE = "pairing_bye"
    BYE = "bye"  # a bye the player asked for, or a zero-point bye
    NOT_PLAYED = "not_played"  # a double forfeit, a game of less than one move
    PENDING = "pending"  # paired, no result yet


POINTS = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2), Outcome.LOSS: Fraction(0)}
PLAYED = frozenset(POINTS)


class EventKind(StrEnum):
    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"
    DOUBLE_ROUND_ROBIN = "double_round_robin"
    OTHER = "other"

    @property
    def predetermined(self) -> bool:
        """Pairings fixed in advance (§1.4.1e: the norm uses every scheduled round)."""
        return self in (EventKind.ROUND_ROBIN, EventKind.DOUBLE_ROUND_ROBIN)


class Exemption(StrEnum):
    """§1.4.3a-d: events exempt from the federation requirements (§1.4.3 and §1.4.4)."""

    NATIONAL_CHAMPIONSHIP = "1.4.3a"
    NATIONAL_TEAM_CHAMPIONSHIP = "1.4.3b"
    ZONAL = "1.4.3c"
    LARGE_SWISS = "1.4.3d"


@dataclass(frozen=True)
class Opponent:
    key: int
    name: str = ""
    rating: int | None = None
    title: str = ""
    federation: str = ""
    #: §1.4.2b: an unrated player who scored zero against the rated players.
    zero_against_rated: bool = False


@dataclass(frozen=True)
class RoundResult:
    round: int
    outcome: Outcome
    opponent: Opponent | None = None

    @property
    def points(self) -> Fraction:
        return POINTS.get(self.outcome, Fraction(0))


@dataclass(frozen=True)
class Event:
    rounds_planned: int
    kind: EventKind = EventKind.SWISS
    host_federation: str = ""
    exemption: Exemption | None = None
    min_games: int = MIN_GAMES


@dataclass(frozen=True)
class Applicant:
    federation: str = ""
    title: str = ""


@dataclass(frozen=True)
class CountedGame:
    """A game that counts (§1.4.2) with the rating it counts with (§1.4.6)."""

    round: int
    opponent: Opponent
    points: Fraction
    rating: int
    raised: bool = False  # raised to the rating floor (§1.4.6c)
    unrated: bool = False  # counted as 1400 (§1.4.6d)


@dataclass(frozen=True)
class Requirement:
    """One requirement: ``code`` (see :data:`ARTICLES`), the value reached, the threshold
    and whether it is met; ``maximum``: the threshold is a most, else a least."""

    code: str
    value: int | Fraction
    threshold: int
    passed: bool
    maximum: bool = False
    waived: bool = False
    detail: str = ""

    @property
    def article(self) -> str:
        return ARTICLES[self.code]


ARTICLES = {
    "games": "1.4.1",
    "federations": "1.4.3",
    "own_federation": "1.4.4",
    "one_federation": "1.4.4",
    "title_holders": "1.4.5a",
    "norm_titles": "1.4.5b-e",
    "average": "1.4.8a",
    "score": "1.4.8b",
    "performance": "1.4.8",
}


@dataclass(frozen=True)
class Verdict:
    """One norm of one player: the games counted, Ra, the points, Rp and every requirement."""

    title: NormTitle
    games: tuple[CountedGame, ...]
    points: Fraction
    average: int | None
    percent: int | None
    performance: int | None
    requirements: tuple[Requirement, ...]
    ignored_rounds: tuple[int, ...] = ()
    counts_as: int = 0  # §1.4.1c, §1.7: the games the norm counts for
    eight_of_nine: bool = False  # §1.4.1c

    @property
    def passed(self) -> bool:
        return bool(self.games) and all(r.passed for r in self.requirements)

    @property
    def failed(self) -> tuple[Requirement, ...]:
        return tuple(r for r in self.requirements if not r.passed)

    def requirement(self, code: str) -> Requirement:
        return next(r for r in self.requirements if r.code == code)


@dataclass(frozen=True)
class Exclusion:
    """A round that does not count, and why (§1.4.2)."""

    round: int
    reason: str  # "unplayed", "pending", "zero_unrated"


def score_percent(points: Fraction, games: int) -> int:
    """The score as a whole percentage, 0.5 % up (the sentence after table 1.4.9)."""
    return percentage(Decimal(points.numerator) / Decimal(points.denominator), games)


def counted_rounds(
    event: Event, rounds: Sequence[RoundResult]
) -> tuple[list[RoundResult], list[Exclusion]]:
    """The rounds whose games count for a norm (§1.4.2), and the others with their reason."""
    kept, excluded = [], []
    for entry in sorted(rounds, key=lambda r: r.round):
        if entry.outcome is Outcome.PENDING:
            excluded.append(Exclusion(entry.round, "pending"))
        elif entry.outcome not in PLAYED or entry.opponent is None:
            excluded.append(Exclusion(entry.round, "unplayed"))
        elif (
            event.kind.predetermined
            and entry.opponent.rating is None
            and entry.opponent.zero_against_rated
        ):
            excluded.append(Exclusion(entry.round, "zero_unrated"))
        else:
            kept.append(entry)
    return kept, excluded


def adjusted_ratings(rule: NormRule, entries: Sequence[RoundResult]) -> list[CountedGame]:
    """§1.4.6: each game with its opponent's rating, 1400 for the unrated, the lowest below
    the norm's floor raised to it (one opponent at most; the earliest round on a tie)."""
    games = [
        CountedGame(
            e.round,
            e.opponent,
            e.points,
            e.opponent.rating if e.opponent.rating is not None else UNRATED_RATING,
            unrated=e.opponent.rating is None,
        )
        for e in entries
        if e.opponent is not None
    ]
    if games:
        lowest = min(range(len(games)), key=lambda i: (games[i].rating, games[i].round))
        if games[lowest].rating < rule.rating_floor:
            game = games[lowest]
            games[lowest] = CountedGame(
                game.round, game.opponent, game.points, rule.rating_floor, True, game.unrated
            )
    return games


def _federation_requirements(
    applicant: Applicant, event: Event, games: Sequence[CountedGame]
) -> list[Requirement]:
    n = len(games)
    federations = Counter(
        g.opponent.federation for g in games if g.opponent.federation not in NO_FEDERATION
    )
    own = federations.get(applicant.federation, 0) if applicant.federation else 0
    foreign = len([f for f in federations if f != applicant.federation])
    top = federations.most_common(1)[0] if federations else ("", 0)
    exempt = event.exemption is not None
    own_max = math.floor(Fraction(3 * n, 5))
    one_max = math.floor(Fraction(2 * n, 3))
    return [
        Requirement("federations", foreign, 2, exempt or foreign >= 2, waived=exempt),
        Requirement(
            "own_federation", own, own_max, exempt or own <= own_max, True, exempt,
            applicant.federation,
        ),
        Requirement(
            "one_federation", top[1], one_max, exempt or top[1] <= one_max, True, exempt, top[0]
        ),
    ]  # fmt: skip


def _title_requirements(
    rule: NormRule, event: Event, games: Sequence[CountedGame]
) -> list[Requirement]:
    n = len(games)
    holders = sum(1 for g in games if g.opponent.title in TITLE_HOLDERS)
    holders_min = math.ceil(Fraction(n, 2))
    if event.kind is EventKind.DOUBLE_ROUND_ROBIN:
        # §1.4.5 for double round robins: players (not games), half of them rounded up.
        players = {g.opponent.key: g.opponent for g in games}
        titled = sum(1 for o in players.values() if o.title in rule.titles)
        titled_min = max(math.ceil(Fraction(len(players), 2)), MIN_NORM_TITLED)
    else:
        titled = sum(1 for g in games if g.opponent.title in rule.titles)
        titled_min = max(math.ceil(Fraction(n, 3)), MIN_NORM_TITLED)
    return [
        Requirement("title_holders", holders, holders_min, holders >= holders_min),
        Requirement("norm_titles", titled, titled_min, titled >= titled_min),
    ]


def evaluate(
    title: NormTitle,
    applicant: Applicant,
    event: Event,
    entries: Sequence[RoundResult],
    *,
    eight_of_nine: bool = False,
    ignored: Sequence[int] = (),
) -> Verdict:
    """The verdict of ``title`` on exactly the counted games ``entries``."""
    rule = NORMS[title]
    games = adjusted_ratings(rule, entries)
    n = len(games)
    points = sum((g.points for g in games), Fraction(0))
    games_needed = event.min_games - 1 if eight_of_nine else event.min_games
    requirements = [Requirement("games", n, games_needed, n >= games_needed)]
    requirements += _federation_requirements(applicant, event, games)
    requirements += _title_requirements(rule, event, games)
    average = percent = performance = None
    if n:
        average = average_rating(g.rating for g in games)
        percent = score_percent(points, n)
        performance = average + difference_for_percentage(percent)
    reached = {"average": average or 0, "score": percent or 0, "performance": performance or 0}
    for code, least in (
        ("average", rule.minimum_average),
        ("score", MIN_SCORE_PERCENT),
        ("performance", rule.performance),
    ):
        requirements.append(Requirement(code, reached[code], least, reached[code] >= least))
    counts_as = event.min_games if eight_of_nine else min(n, MAX_COUNTED_GAMES)
    return Verdict(
        title, tuple(games), points, average, percent, performance, tuple(requirements),
        tuple(ignored), counts_as, eight_of_nine,
    )  # fmt: skip


def _eight_of_nine(
    event: Event, rounds: Sequence[RoundResult], kept: Sequence[RoundResult]
) -> bool:
    """§1.4.1c: a 9-round event, 8 games, the ninth round a forfeit win or a
    pairing-allocated bye."""
    if event.rounds_planned != MIN_GAMES or len(kept) != MIN_GAMES - 1:
        return False
    missing = [r for r in rounds if r.outcome not in PLAYED]
    return len(missing) == 1 and missing[0].outcome in (Outcome.FORFEIT_WIN, Outcome.PAIRING_BYE)


def _dropped_rating(entry: RoundResult) -> int:
    """The order in which §1.4.1e-f selections are tried: the lowest-rated opponents left
    out first (an unrated opponent as 1400, §1.4.6d)."""
    rating = entry.opponent.rating if entry.opponent is not None else None
    return rating if rating is not None else UNRATED_RATING


MAX_SELECTIONS = 2_000
"""The most selections :func:`_selections` builds after all games: every set of rounds left
out fits up to 13 rounds (at most 1470 with all 13 games won); longer events stop at the
first number of rounds left out that would pass it."""


def _selections(event: Event, kept: list[RoundResult]):
    """The selections §1.4.1e-f allow, all games first; then every set of rounds left out
    that keeps at least ``event.min_games`` games: a tail of rounds after the first k
    (e, not for predetermined pairings) together with any set of wins before it (f),
    the fewest rounds left out first and, among as many, the lowest-rated opponents (within
    :data:`MAX_SELECTIONS`)."""
    yield kept, ()
    n = len(kept)
    most = n - event.min_games
    longest_tail = 0 if event.kind.predetermined else most
    seen: set[frozenset[int]] = set()
    built = 0
    for size in range(1, most + 1):
        tails = range(min(size, longest_tail) + 1)
        built += sum(
            math.comb(sum(1 for e in kept[: n - t] if e.outcome is Outcome.WIN), size - t)
            for t in tails
        )
        if built > MAX_SELECTIONS:
            return
        candidates: list[list[RoundResult]] = []
        for tail in tails:
            wins = [e for e in kept[: n - tail] if e.outcome is Outcome.WIN]
            for combo in combinations(wins, size - tail):
                dropped = [*combo, *kept[n - tail :]]
                key = frozenset(e.round for e in dropped)
                if key not in seen:
                    seen.add(key)
                    candidates.append(dropped)
        candidates.sort(key=lambda d: sum(_dropped_rating(e) for e in d))
        for dropped in candidates:
            out = {e.round for e in dropped}
            yield [e for e in kept if e.round not in out], tuple(sorted(out))


def _foreign_federations(applicant: Applicant, kept: Sequence[RoundResult]) -> int:
    return len(
        {
            e.opponent.federation
            for e in kept
            if e.opponent is not None
            and e.opponent.federation not in NO_FEDERATION
            and e.opponent.federation != applicant.federation
        }
    )


def _within_reach(
    title: NormTitle, applicant: Applicant, event: Event, kept: Sequence[RoundResult]
) -> bool:
    """Whether any selection of ``kept`` could reach ``title``'s federations, performance
    and average: leaving games out never adds a federation nor points, and a selection of m
    games averages at most the m highest ratings (each at least the floor). A cheap bound
    that spares the search of :func:`_selections` for the players far from a norm."""
    rule = NORMS[title]
    if event.exemption is None and _foreign_federations(applicant, kept) < 2:
        return False  # leaving games out never adds a federation (§1.4.3)
    ratings = sorted((max(_dropped_rating(e), rule.rating_floor) for e in kept), reverse=True)
    points = sum((e.points for e in kept), Fraction(0))
    for m in range(event.min_games, len(kept) + 1):
        average = average_rating(ratings[:m])
        best = average + difference_for_percentage(score_percent(min(points, m), m))
        if average >= rule.minimum_average and best >= rule.performance:
            return True
    return False


def best_selection(
    title: NormTitle, applicant: Applicant, event: Event, rounds: Sequence[RoundResult]
) -> Verdict:
    """The norm ``title`` on every counted game, or, when that fails, on the first
    selection of §1.4.1e-f (see :func:`_selections`) that achieves it; the verdict on every
    game when none does."""
    kept, _excluded = counted_rounds(event, rounds)
    first = None
    for chosen, ignored in _selections(event, kept):
        eight = not ignored and _eight_of_nine(event, rounds, chosen)
        verdict = evaluate(title, applicant, event, chosen, eight_of_nine=eight, ignored=ignored)
        if first is None:
            first = verdict
            # §1.4.1f: in a round robin the mix must make a norm possible on every game.
            mix_ok = all(r.passed for r in verdict.requirements if r.code in MIX)
            if not verdict.passed and not _within_reach(title, applicant, event, kept):
                return verdict
        if verdict.passed and (mix_ok or not ignored or not event.kind.predetermined):
            return verdict
    return first


MIX = frozenset({"federations", "own_federation", "one_federation", "title_holders", "norm_titles"})


def check_norms(
    applicant: Applicant, event: Event, rounds: Sequence[RoundResult]
) -> dict[NormTitle, Verdict]:
    """Every norm's verdict (GM, IM, WGM, WIM) for one player's ``rounds``."""
    return {title: best_selection(title, applicant, event, rounds) for title in NormTitle}
