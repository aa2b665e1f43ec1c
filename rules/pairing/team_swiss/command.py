"""The ``--team`` side of the command line (:mod:`rules.pairing.cli`).

    python -m tournaments.pairing --team INPUT.trf -p [OUTPUT.txt] [--encoding NAME]
    python -m tournaments.pairing --team INPUT.trf -c [--encoding NAME]

The file is a TRF-2026 team tournament, read by :func:`rules.files.trf.teams.parse_team_trf`
and turned into the engine's state by :mod:`rules.pairing.team_swiss.from_trf`. ``-p`` pairs
the round after the last played one and writes what the fork of bbpPairings writes with
``--team``: the number of lines, then one ``white black`` line of team pairing numbers per
match (the team named first has White on board 1) and ``tpn 0`` for the pairing-allocated bye.
``-c`` re-pairs every played round and prints, per round, ``Round #N: no discrepancies`` or
``Round #N: discrepancies`` followed by every criterion the recorded round breaks
(:mod:`rules.pairing.team_swiss.checker`). Exit codes are those of the individual command line.
"""

from __future__ import annotations

from rules.files.trf import TrfError, decode_trf
from rules.files.trf.teams import parse_team_trf
from rules.pairing.team_swiss.checker import check_rounds
from rules.pairing.team_swiss.codes import is_team_code
from rules.pairing.team_swiss.engine import pair_team_round
from rules.pairing.team_swiss.from_trf import played_rounds, team_state


def load(data: bytes, encoding: str | None):
    """The team file, or :class:`TrfError` (line, column) when it is not one we pair."""
    f = parse_team_trf(decode_trf(data, encoding))
    if not f.teams:
        raise TrfError(1, 1, "no team records (310 or 013): this is not a team tournament")
    code = f.members.headers.get("192", "").strip()
    if code and not is_team_code(code):
        raise TrfError(1, 1, f"192 {code}: not a team Swiss type (FIDE_TEAM...)")
    return f


def state(f, round_to_pair: int | None = None):
    """The engine's state, a bad configuration reported as invalid input."""
    try:
        return team_state(f, round_to_pair)
    except ValueError as exc:
        raise TrfError(1, 1, str(exc)) from exc


def pair(f):
    """The pairing of the next round (:class:`~rules.pairing.team_swiss.state.TeamPairing`)."""
    before = state(f)
    if all(team.absent for team in before.teams):
        raise TrfError(
            1, 1, f"round {before.round_to_pair}: every team is absent, there is nothing to pair"
        )
    return pair_team_round(before)


def check(f, out) -> bool:
    """Print the report of every played round to ``out``; True when all are as we pair them."""
    played = played_rounds(f)
    if played == 0:
        return True
    after = state(f, played + 1)
    forbidden = {r: state(f, r).forbidden_pairs for r in range(1, played + 1)}
    good = True
    for report in check_rounds(after, forbidden):
        if report.ok:
            print(f"Round #{report.round_no}: no discrepancies", file=out)
            continue
        good = False
        print(f"Round #{report.round_no}: discrepancies", file=out)
        for problem in report.problems:
            print(f"  {problem}", file=out)
    return good
