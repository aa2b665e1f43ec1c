"""Our own checker of a team Swiss (the ``-c`` of the command line): every round re-paired and
every violated criterion named by its C.04.6 article.

For each played round :func:`check_rounds` rebuilds the state before it, takes the teams that
were paired in it (a team with a bye or absent in that round is left out, as the arbiter did),
and compares the recorded pairing with :func:`~rules.pairing.team_swiss.engine.pair_team_round`:

* absolute criteria of the recorded pairing: [C1] two teams meeting again (Art. 2.1.1, a
  record-260 pair included), [C2] a PAB to a team that may not have it (Art. 2.1.2), a team
  left unpaired besides the PAB (Art. 3.3.1);
* where the recorded pairing departs from ours, the first step of Art. 3.3.2 where they part:
  the PAB (Art. 3.4), a top-scoregroup's set of upfloaters (Art. 3.5, with the first of [C4],
  [C5], [C6], [C7] it does worse on, or the order of Art. 3.5.4), a bracket's pairing (Art. 3.6,
  [C8], [C9], [C10] or the identifier order of 3.6.3), then the colours (Art. 4.3, the rule that
  gives ours).

A forfeited match gives no colour (Art. 1.6.1), so its two teams are compared unordered.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules.pairing.team_swiss.colours import allocate
from rules.pairing.team_swiss.engine import (
    NoPairing,
    _bracket_penalties,
    _Round,
    identifier,
    pair_brackets,
)
from rules.pairing.team_swiss.state import (
    PAB,
    PAIRED_KINDS,
    PLAYED,
    WHITE,
    TeamTournament,
)


@dataclass
class RoundReport:
    """What the checker found in one round (``problems`` empty: the round is as we pair it)."""

    round_no: int
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def recorded_round(after: TeamTournament, round_no: int):
    """(pairs, bye, absent teams) recorded for ``round_no`` in a state after that round.

    Pairs are ``(white, black)`` for played matches, ``(smaller, larger)`` for forfeits."""
    pairs, bye, absent = set(), None, set()
    for team in after.teams:
        record = team.history[round_no - 1]
        if record.kind == PAB:
            bye = team.tpn
        elif record.kind not in PAIRED_KINDS:
            absent.add(team.tpn)
        elif record.kind == PLAYED and record.colour is not None:
            if record.colour == WHITE:
                pairs.add((team.tpn, record.opponent))
        elif team.tpn < record.opponent:
            pairs.add((team.tpn, record.opponent))
    return pairs, bye, absent


def _before(after: TeamTournament, round_no: int, absent: set[int], forbidden) -> TeamTournament:
    teams = tuple(
        replace(t, history=t.history[: round_no - 1], absent=t.tpn in absent) for t in after.teams
    )
    if forbidden is None:
        forbidden = after.forbidden_pairs
    return replace(after, teams=teams, round_to_pair=round_no, forbidden_pairs=forbidden)


def check_round(after: TeamTournament, round_no: int, forbidden=None) -> RoundReport:
    """The report of ``round_no`` of the tournament ``after`` (a state after that round);
    ``forbidden`` the record-260 pairs valid in that round (default: ``after``'s)."""
    report = RoundReport(round_no)
    pairs, bye, absent = recorded_round(after, round_no)
    forfeited = {
        frozenset(p)
        for p in pairs
        if after.team(p[0]).history[round_no - 1].kind != PLAYED
        or after.team(p[0]).history[round_no - 1].colour is None
    }
    state = _before(after, round_no, absent, forbidden)
    rnd = _Round(state)
    _absolute(rnd, pairs, bye, absent, report)
    present = [t.tpn for t in state.teams if not t.absent]
    try:
        our_bye, brackets = pair_brackets(rnd, present)
    except NoPairing as exc:
        report.problems.append(f"Art. 3.3.3: no legal round-pairing exists ({exc})")
        return report
    if our_bye != bye:
        report.problems.append(f"Art. 3.4: the PAB goes to team {our_bye}, not {bye}")
        return report
    partner = {}
    for a, b in pairs:
        partner[a], partner[b] = b, a
    for residents, upfloaters, ours in brackets:
        if _compare_bracket(rnd, residents, upfloaters, ours, partner, report):
            return report
    for _, _, ours in brackets:
        for a, b in ours:
            white, black, rule = allocate(rnd.facts[a], rnd.facts[b], state.config)
            if frozenset((a, b)) in forfeited or (white, black) in pairs:
                continue
            report.problems.append(
                f"Art. {rule}: team {white} has White against {black}, recorded the other way"
            )
    return report


def _absolute(rnd: _Round, pairs, bye, absent, report: RoundReport) -> None:
    seen: set[int] = set()
    for a, b in sorted(pairs):
        if not rnd.legal(a, b):
            report.problems.append(f"[C1] Art. 2.1.1: teams {a} and {b} meet again")
        seen |= {a, b}
    if bye is not None and not rnd.facts[bye].pab_allowed:
        report.problems.append(f"[C2] Art. 2.1.2: team {bye} may not receive the PAB")
    unpaired = set(rnd.facts) - seen - absent - {bye}
    if unpaired or (bye is not None and len(seen) % 2):
        report.problems.append(f"Art. 3.3.1: teams {sorted(unpaired)} are not paired")


def _compare_bracket(rnd, residents, upfloaters, ours, partner, report) -> bool:
    """Report the first difference in this bracket; True when there is one."""
    recorded = [partner.get(t) for t in residents]
    theirs = sorted({t for t in recorded if t is not None and t not in residents})
    if theirs != sorted(upfloaters):
        report.problems.append(
            f"Art. 3.5: the top-scoregroup {sorted(residents)} takes upfloaters "
            f"{sorted(upfloaters)}, recorded {theirs}{_set_reason(rnd, upfloaters, theirs)}"
        )
        return True
    got = {frozenset(p) for p in ours}
    bracket = set(residents) | set(upfloaters)
    rec = {frozenset((t, partner[t])) for t in bracket if t in partner}
    if got != rec:
        report.problems.append(
            f"Art. 3.6: bracket {sorted(bracket)} pairs {_show(ours)}, recorded "
            f"{_show([tuple(sorted(p)) for p in rec])}"
            f"{_pairing_reason(rnd, set(upfloaters), ours, rec)}"
        )
        return True
    return False


def _show(pairs) -> str:
    return " ".join(f"{a}-{b}" for a, b in sorted(tuple(sorted(p)) for p in pairs))


def _set_reason(rnd, ours, theirs) -> str:
    if len(theirs) > len(ours):
        return ": [C4] Art. 2.3.1, more upfloaters"
    if sorted(rnd.score(t) for t in theirs) < sorted(rnd.score(t) for t in ours):
        return ": [C5] Art. 2.3.2, upfloaters of lower scores"
    floated = sum(rnd.facts[t].floated for t in theirs) if rnd.floats_count else 0
    if floated > (sum(rnd.facts[t].floated for t in ours) if rnd.floats_count else 0):
        return ": [C7] Art. 2.3.4 or [C6] Art. 2.3.3"
    return ": [C6] Art. 2.3.3 or the order of Art. 3.5.4"


def _pairing_reason(rnd, upfloaters, ours, recorded) -> str:
    penalty = _bracket_penalties(rnd, upfloaters)
    size = len(rnd.facts) + 1
    if any(not rnd.legal(*sorted(p)) for p in recorded):
        return ": [C1] Art. 2.1.1"

    def split(pairs):
        total = sum(penalty(*sorted(p)) for p in pairs)
        return total // (size * size), total // size % size, total % size

    mine, theirs = split(ours), split(recorded)
    for name, a, b in zip(
        ("[C8] Art. 2.3.5", "[C9] Art. 2.3.6", "[C10] Art. 2.3.7"), mine, theirs, strict=True
    ):
        if b > a:
            return f": {name}, {b} against {a}"
    return (
        f": Art. 3.6.3, identifier {' '.join(map(str, identifier(ours)))} comes before "
        f"{' '.join(map(str, identifier([tuple(p) for p in recorded])))}"
    )


def check_rounds(after: TeamTournament, forbidden: dict | None = None) -> list[RoundReport]:
    """One report per round played in ``after`` (a state after them); ``forbidden`` maps a
    round to its record-260 pairs."""
    played = after.round_to_pair - 1
    return [check_round(after, r, (forbidden or {}).get(r)) for r in range(1, played + 1)]
