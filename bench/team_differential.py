"""Team Swiss differential: our C.04.6 engine against the fork's stored pairings, round by round.

Every round of every tournament in ``tests/data/team-swiss/generated/tournaments.tar.xz`` (see
its README) is cut back with :func:`rules.files.trf.team_rounds.team_file_before`, read into the
engine's state with :func:`rules.pairing.team_swiss.from_trf.team_state` and paired by
:func:`rules.pairing.team_swiss.pair_team_round`; the answer is compared with the fork's.
A round is *identical* when both give the same pairs with the same colours and the same PAB
team, or both refuse it.

A round that differs gets the class of what decides it, tried in this order:

1. ``baku-192-gp`` — we refuse the ``192`` code (Baku with game points first, C.04.7 Art. 1.4.4)
   where the fork pairs from the file's ``250`` records.
2. ``baku-twice`` — we add Baku (from ``192``) on top of the ``250`` records; without it we give
   the fork's pairing (TRF-2026: ``250`` records replace the method of ``192``).
3. ``board1-scoring`` — the fork scores a match from the roster's *first* player: when that
   player rests, or his board is forfeited, the fork counts the whole match as forfeited (no
   colour, match lost or won); read that way, we give the fork's pairing (Art. 1.6.1, 1.2).
4. ``fork-refuses`` — the fork refused a round that we pair, with a pairing that respects
   [C1] and [C2] (Art. 2.1, 3.3.1); ``we-refuse`` the other way round.
5. Otherwise the first C.04.6 step at which the two pairings of the round differ (on the state
   as the fork read it): ``pab-3.4`` (another PAB team), ``C4-2.3.1`` (number of upfloaters),
   ``C5-2.3.2`` (their score differences), ``C7-2.3.4`` (upfloaters who floated in the previous
   round), ``upfloaters-3.5.4`` (same counts, another set of upfloaters: the article takes the
   first set in the lexicographic order of their TPNs), ``C8-2.3.5``, ``C9-2.3.6``,
   ``C10-2.3.7`` (colour preferences, strong ones, upfloaters' opponents who floated),
   ``identifier-3.6.3`` (the same on every criterion: the article takes the first pairing in
   the order of its identifier) and ``colours-4`` (same pairs, other colours). Each class says
   whose pairing the criterion prefers: ``…:ours`` or ``…:fork``.

The counts are taken over the whole round, while C.04.6 applies them bracket by bracket: a
class names the first criterion at which the round's pairings differ, a reading for the rule
book, not a proof.
"""

from __future__ import annotations

import dataclasses
import tarfile
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from rules.files.trf.team_records import TeamTrfFile
from rules.files.trf.team_rounds import team_file_before
from rules.files.trf.teams import parse_team_trf
from rules.pairing.team_swiss import (
    FORFEIT_LOSS,
    FORFEIT_WIN,
    PLAYED,
    TYPE_B,
    MatchRecord,
    TeamPairing,
    TeamTournament,
    pair_team_round,
)
from rules.pairing.team_swiss.facts import team_facts
from rules.pairing.team_swiss.from_trf import team_state

ARCHIVE = Path(__file__).resolve().parents[1] / "tests/data/team-swiss/generated/tournaments.tar.xz"


@dataclass(frozen=True)
class ForkRound:
    """The fork's answer for one round: pairs ``(white, black)`` and the PAB, or a refusal."""

    pairs: frozenset[tuple[int, int]] = frozenset()
    bye: int | None = None
    refused: str = ""

    @classmethod
    def from_line(cls, text: str) -> ForkRound:
        if text.startswith("refused"):
            return cls(refused=text.split(":", 1)[1].strip())
        fork = [tuple(int(x) for x in p.split("-")) for p in text.split()]
        bye = next((w for w, b in fork if b == 0), None)
        return cls(frozenset((w, b) for w, b in fork if b), bye)


@dataclass(frozen=True)
class RoundOutcome:
    """One replayed round: ``identical`` or the class of the difference."""

    name: str
    round_no: int
    teams: int
    code: str
    identical: bool
    kind: str = ""


@dataclass
class Stored:
    """A stored tournament: its file and the fork's answer for each round."""

    name: str
    file: TeamTrfFile
    rounds: list[ForkRound]


def load(archive: Path = ARCHIVE, names: set[str] | None = None) -> list[Stored]:
    """The stored tournaments (only ``names`` when given), in name order. The archive is read
    once from start to end (an xz stream cannot seek back cheaply)."""
    texts: dict[str, str] = {}
    with tarfile.open(archive) as tar:
        for member in tar:
            name = member.name.rsplit(".", 1)[0]
            if names is None or name in names:
                texts[member.name] = tar.extractfile(member).read().decode("utf-8")
    out = []
    for trf_name in sorted(n for n in texts if n.endswith(".trf")):
        name = trf_name.removesuffix(".trf")
        pairs = texts[name + ".pairs"].splitlines()
        rounds = [ForkRound.from_line(line.split(" ", 1)[1]) for line in pairs]
        out.append(Stored(name, parse_team_trf(texts[trf_name]), rounds))
    return out


def _same(ours: TeamPairing, fork: ForkRound) -> bool:
    if fork.refused:
        return not ours.ok
    return ours.ok and frozenset(ours.pairs) == fork.pairs and ours.bye == fork.bye


def _without_baku(f: TeamTrfFile) -> TeamTrfFile:
    headers = dict(f.members.headers)
    headers["192"] = headers.get("192", "").replace("_BAKU", "")
    return dataclasses.replace(f, members=dataclasses.replace(f.members, headers=headers))


def fork_view(f: TeamTrfFile, state: TeamTournament) -> TeamTournament:
    """``state`` with each match read as the fork reads it: by the roster's first player. When
    he did not play his game over the board, the team's match counts as forfeited: won with a
    won board, else lost; no colour."""
    ms = f.match_point_system
    teams = []
    for ts in state.teams:
        first = f.members.player(f.team(ts.tpn).members[0])
        history = list(ts.history)
        for i, rec in enumerate(history):
            entry = first.entry(i + 1)
            if rec.kind == PLAYED and not entry.played:
                won = entry.result in ("+", "1", "W")
                history[i] = MatchRecord(
                    FORFEIT_WIN if won else FORFEIT_LOSS,
                    rec.opponent,
                    None,
                    ms.win if won else ms.loss,
                    rec.game_points,
                )
        teams.append(dataclasses.replace(ts, history=tuple(history)))
    return dataclasses.replace(state, teams=tuple(teams))


def replay_round(s: Stored, round_no: int) -> RoundOutcome:
    """Round ``round_no`` of ``s`` through our engine, compared with the fork's, classified."""
    fork = s.rounds[round_no - 1]
    cut = team_file_before(s.file, round_no)
    code = s.file.members.headers.get("192", "")
    base = RoundOutcome(s.name, round_no, len(s.file.teams), code, True)
    try:
        ours = pair_team_round(team_state(cut, round_no))
    except ValueError:
        ours = None
    if ours is not None and _same(ours, fork):
        return base
    kind = classify(cut, round_no, fork, ours)
    return dataclasses.replace(base, identical=False, kind=kind)


def classify(cut: TeamTrfFile, round_no: int, fork: ForkRound, ours: TeamPairing | None) -> str:
    """The class of a round where we differ from the fork (see the module docstring)."""
    if ours is None:
        if "_BAKU" in cut.members.headers.get("192", "") and cut.accelerations:
            return "baku-192-gp"
        return "error"
    f = cut
    if "_BAKU" in cut.members.headers.get("192", "") and cut.accelerations:
        f = _without_baku(cut)
        if _same(pair_team_round(team_state(f, round_no)), fork):
            return "baku-twice"
    state = team_state(f, round_no)
    viewed = fork_view(f, state)
    if viewed != state:
        again = pair_team_round(viewed)
        if _same(again, fork):
            return "board1-scoring"
        state, ours = viewed, again
    else:
        ours = pair_team_round(state)
    if fork.refused:
        return "fork-refuses" if ours.ok else "identical"
    if not ours.ok:
        return "we-refuse"
    return compare_criteria(state, ours, fork)


def _bracket_metrics(state, facts, pairs, residents: set[int]) -> dict[str, object]:
    """The criteria of the pairs that involve ``residents`` (one top-scoregroup)."""
    score = {t: facts[t].score for t in facts}
    last_two = state.round_to_pair >= state.total_rounds - 1
    mine = [(w, b) for w, b in pairs if w in residents or b in residents]
    up = [b if w in residents and b not in residents else w for w, b in mine]
    up = [t for t in up if t not in residents]
    opponents = [w if b in up else b for w, b in mine if w in up or b in up]
    unfulfilled = strong = 0
    for w, b in mine:
        for team, colour in ((w, "W"), (b, "B")):
            pref = facts[team].preference
            if pref.colour is not None and pref.colour != colour:
                unfulfilled += 1
                strong += pref.strong and state.config.colour_type == TYPE_B
    top = max(score[t] for t in residents)
    return {
        "C4-2.3.1": [len(up)],
        "C5-2.3.2": sorted((top - score[t] for t in up), reverse=True),
        "C7-2.3.4": [0 if last_two else sum(facts[t].floated for t in up)],
        "upfloaters-3.5.4": sorted(up, key=lambda t: (-score[t], t)),
        "C8-2.3.5": [unfulfilled],
        "C9-2.3.6": [strong],
        "C10-2.3.7": [0 if last_two else sum(facts[t].floated for t in opponents)],
        "identifier-3.6.3": _identifier(mine),
    }


def _identifier(pairs) -> list[int]:
    """Art. 3.6.2: the top members' TPNs in ascending order, then their bottom members'."""
    ordered = sorted(tuple(sorted(p)) for p in pairs)
    return [top for top, _ in ordered] + [bottom for _, bottom in ordered]


def compare_criteria(state: TeamTournament, ours: TeamPairing, fork: ForkRound) -> str:
    """The first C.04.6 step at which the two pairings differ: the PAB (Art. 3.4), else the
    first bracket (top-scoregroup, from the highest score down) where a team has another
    opponent, and in it the first criterion that differs."""
    if ours.bye != fork.bye:
        return f"pab-3.4:{'ours' if (ours.bye or 0) > (fork.bye or 0) else 'fork'}"
    facts = team_facts(state)
    score = {t: facts[t].score for t in facts}
    mine, theirs = _opponents(ours.pairs), _opponents(fork.pairs)
    order = sorted(mine, key=lambda t: (-score[t], t))
    differing = next((t for t in order if mine[t] != theirs.get(t)), None)
    if differing is None:
        return "colours-4"
    done = {t for t in order if score[t] > score[differing]}
    residents = {t for t in order if score[t] == score[differing] and t not in done}
    # residents already paired identically into a higher bracket (as upfloaters) are out
    residents = {t for t in residents if not (mine[t] in done and theirs.get(t) == mine[t])}
    a = _bracket_metrics(state, facts, ours.pairs, residents)
    b = _bracket_metrics(state, facts, sorted(fork.pairs), residents)
    for key, value in a.items():
        if value != b[key]:
            return f"{key}:{'ours' if _smaller(value, b[key]) else 'fork'}"
    return "identifier-3.6.3:same"


def _opponents(pairs) -> dict[int, int]:
    out = {}
    for w, b in pairs:
        out[w], out[b] = b, w
    return out


def _smaller(a: list, b: list) -> bool:
    return [Fraction(x) if not isinstance(x, tuple) else x for x in a] < [
        Fraction(x) if not isinstance(x, tuple) else x for x in b
    ]


def replay(stored: list[Stored]) -> list[RoundOutcome]:
    """Every round of every tournament in ``stored``."""
    return [replay_round(s, r) for s in stored for r in range(1, len(s.rounds) + 1)]


def _team_bucket(n: int) -> str:
    for low, high in ((4, 6), (7, 10), (11, 16), (17, 24), (25, 30)):
        if low <= n <= high:
            return f"{low}-{high}"
    return str(n)


def figures(outcomes: list[RoundOutcome]) -> str:
    """Markdown tables: rounds identical / rounds by team count, by 192 type, and the classes."""
    lines = [
        f"Rounds identical: {sum(o.identical for o in outcomes)} / {len(outcomes)}",
        "",
        "| teams | identical / rounds |",
        "| --- | --- |",
    ]
    by_teams: dict[str, list[RoundOutcome]] = {}
    for o in outcomes:
        by_teams.setdefault(_team_bucket(o.teams), []).append(o)
    for key in sorted(by_teams, key=lambda k: int(k.split("-")[0])):
        group = by_teams[key]
        lines.append(f"| {key} | {sum(o.identical for o in group)} / {len(group)} |")
    lines += ["", "| 192 type | identical / rounds |", "| --- | --- |"]
    by_code: dict[str, list[RoundOutcome]] = {}
    for o in outcomes:
        by_code.setdefault(o.code, []).append(o)
    for key in sorted(by_code):
        group = by_code[key]
        lines.append(f"| `{key}` | {sum(o.identical for o in group)} / {len(group)} |")
    lines += ["", "| class | rounds |", "| --- | --- |"]
    for kind, count in Counter(o.kind for o in outcomes if not o.identical).most_common():
        lines.append(f"| `{kind}` | {count} |")
    return "\n".join(lines) + "\n"


def listing(outcomes: list[RoundOutcome]) -> str:
    """The differing rounds, one a line: ``NAME ROUND CLASS``, after two comment lines."""
    head = (
        "# Rounds of tests/data/team-swiss/generated/ where our team Swiss engine differs from "
        "the fork:\n# NAME ROUND CLASS (classes: bench/team_differential.py; written by "
        "python -m bench.team_differential --listing)\n"
    )
    return head + "".join(f"{o.name} {o.round_no} {o.kind}\n" for o in outcomes if not o.identical)


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description="Team Swiss: our engine against the fork")
    parser.add_argument("--listing", type=Path, help="write the differing rounds here")
    args = parser.parse_args()
    outcomes = replay(load())
    print(figures(outcomes))
    if args.listing:
        args.listing.write_text(listing(outcomes), encoding="utf-8")


if __name__ == "__main__":
    main()
