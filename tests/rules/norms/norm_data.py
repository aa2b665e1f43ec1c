"""The norm cases stored in ``tests/data/norms-real/`` and how the tests read them.

``cases.json`` holds players' tournaments as the norm rules see them (the applicant's
federation, the event, each round's outcome and opponent); ``sharly.json`` holds another
implementation's answers for the same cases (see the folder's README). The cases are made
by :func:`generated_cases` (seeded, so the file can be checked against it) and are kept in
JSON so that a program outside this repository can read them.
"""

import json
import random
from functools import cache

from rules.norms.fide import (
    Applicant,
    Event,
    EventKind,
    Exemption,
    Opponent,
    Outcome,
    RoundResult,
)
from tests.datafiles import DATA

NORMS_REAL = DATA / "norms-real"
SEED = 2026
COUNT = 400


@cache
def stored(name):
    return json.loads((NORMS_REAL / name).read_text(encoding="utf-8"))


def applicant_of(case) -> Applicant:
    return Applicant(case["applicant"]["federation"], case["applicant"].get("title", ""))


def event_of(case) -> Event:
    data = case["event"]
    exemption = data.get("exemption")
    return Event(
        data["rounds_planned"],
        EventKind(data["kind"]),
        data.get("host_federation", ""),
        Exemption(exemption) if exemption else None,
    )


def rounds_of(case) -> list[RoundResult]:
    result = []
    for entry in case["rounds"]:
        opponent = entry.get("opponent")
        result.append(
            RoundResult(
                entry["round"],
                Outcome(entry["outcome"]),
                Opponent(
                    opponent["key"],
                    opponent.get("name", ""),
                    opponent.get("rating"),
                    opponent.get("title", ""),
                    opponent.get("federation", ""),
                    opponent.get("zero_against_rated", False),
                )
                if opponent
                else None,
            )
        )
    return result


FEDERATIONS = ["ENG", "GER", "FRA", "USA", "IND", "ESP", "NED", "HUN", "FID"]
TITLES = ["GM"] * 5 + ["IM"] * 5 + ["WGM", "WIM", "FM", "FM", "WFM", "CM", "WCM"] + [""] * 5
UNPLAYED = ["forfeit_win", "forfeit_loss", "pairing_bye", "bye", "not_played"]


def _opponent(rng, key, host):
    federation = host if rng.random() < 0.45 else rng.choice(FEDERATIONS)
    rating = None if rng.random() < 0.04 else int(rng.gauss(2390, 110))
    return {
        "key": key,
        "rating": rating,
        "title": rng.choice(TITLES),
        "federation": federation,
    }


def _case(rng, number):
    """One player's rounds: a Swiss (9 to 13 rounds) or a 10-player round robin, opponents
    around the GM and IM norm levels, now and then an unplayed round or an exemption."""
    round_robin = rng.random() < 0.2
    planned = 9 if round_robin else rng.choice([9, 9, 9, 10, 11, 11, 13])
    host = rng.choice(FEDERATIONS[:8])
    applicant = host if rng.random() < 0.6 else rng.choice(FEDERATIONS[:8])
    strength = rng.choice([0.45, 0.55, 0.62, 0.7, 0.78])
    rounds = []
    for number_of_round in range(1, planned + 1):
        if not round_robin and rng.random() < 0.05:
            outcome = rng.choice(UNPLAYED)
        else:
            draw = rng.random()
            outcome = (
                "win" if draw < strength - 0.2 else "draw" if draw < strength + 0.2 else "loss"
            )
        entry = {"round": number_of_round, "outcome": outcome}
        if outcome not in ("pairing_bye", "bye"):
            entry["opponent"] = _opponent(rng, 100 * number + number_of_round, host)
        rounds.append(entry)
    exemption = "1.4.3d" if not round_robin and rng.random() < 0.1 else None
    return {
        "id": f"gen-{number:03d}",
        "applicant": {"federation": applicant, "title": ""},
        "event": {
            "rounds_planned": planned,
            "kind": "round_robin" if round_robin else "swiss",
            "host_federation": host,
            "exemption": exemption,
        },
        "rounds": rounds,
    }


REAL_EVENTS = (
    "spice-cup-2007",
    "spice-spring-2010",
    "spice-spring-2011",
    "spice-cup-2011-b",
    "saint-louis-2012",
)
"""The real tournaments of ``tests/data/norms-real/`` (see its README)."""


def real_event(name):
    return stored(f"{name}.json")


def _outcomes(points, count):
    """``count`` outcomes that add up to ``points``: wins, a draw for a half, losses. In a
    round robin of 9 games the norm depends on the opponents and the total only (no
    selection of §1.4.1e-f is possible with 9 games), so the order is immaterial."""
    wins = int(points)
    draws = 1 if points - wins else 0
    return ["win"] * wins + ["draw"] * draws + ["loss"] * (count - wins - draws)


def final_points(player):
    """The published final points, else the least the published outcome implies, else
    ``None``."""
    if player["points"] is not None:
        return player["points"]
    return player.get("points_at_least")


def real_case(name, key, cut=None, points=None):
    """Player ``key``'s rounds of the round robin ``name`` (every other player once), the
    whole event or, with ``cut`` (an entry of the event's ``cuts``), the rounds before it;
    with ``points``, the whole event scored so instead of the published points."""
    event = real_event(name)
    players = {p["key"]: p for p in event["players"]}
    later = {entry["opponent"] for entry in cut["later"]} if cut else set()
    opponents = [p for k, p in players.items() if k != key and k not in later]
    if points is None:
        points = cut["points"] if cut else final_points(players[key])
    suffix = f"/after-{cut['after_round']}" if cut else ""
    if points != (cut["points"] if cut else final_points(players[key])):
        suffix = f"/at-{points:g}"
    rounds = [
        {
            "round": number,
            "outcome": outcome,
            "opponent": {k: opponent[k] for k in ("key", "name", "rating", "title", "federation")},
        }
        for number, (opponent, outcome) in enumerate(
            zip(opponents, _outcomes(points, len(opponents)), strict=True), start=1
        )
    ]
    return {
        "id": f"{name}/{key}{suffix}",
        "applicant": {
            "federation": players[key]["federation"],
            "title": players[key]["title"],
        },
        "event": {
            "rounds_planned": event["rounds"],
            "kind": event["kind"],
            "host_federation": event["host_federation"],
            "exemption": None,
        },
        "rounds": rounds,
    }


def required_cases(name):
    """For each published "points required" statement: its players at those points and
    half a point less, as (title, points needed, case at them, case half a point short)."""
    return [
        (
            entry["title"],
            entry["points"],
            real_case(name, key, points=entry["points"]),
            real_case(name, key, points=entry["points"] - 0.5),
        )
        for entry in real_event(name)["required"]
        for key in entry["players"]
    ]


def real_cases():
    """Every player of the real tournaments whose final points are known, then the cases
    of the published requirements."""
    final = [
        real_case(name, player["key"])
        for name in REAL_EVENTS
        for player in real_event(name)["players"]
        if final_points(player) is not None
    ]
    required = {
        case["id"]: case
        for name in REAL_EVENTS
        for _title, _points, at, short in required_cases(name)
        for case in (at, short)
    }
    known = {case["id"] for case in final}
    return final + [case for case_id, case in required.items() if case_id not in known]


def generated_cases(seed=SEED, count=COUNT):
    rng = random.Random(seed)
    return [_case(rng, number) for number in range(1, count + 1)]


def write_cases():  # pragma: no cover - run by hand to (re)make cases.json
    """cases.json: one case a line, so that a change shows as the lines of its cases."""
    cases = [*real_cases(), *generated_cases()]
    made_by = (
        f"tests.rules.norms.norm_data.write_cases (generated_cases(seed={SEED}, count={COUNT}))"
    )
    lines = ",\n".join(json.dumps(case, sort_keys=True) for case in cases)
    text = f'{{"made_by": {json.dumps(made_by)},\n"cases": [\n{lines}\n]}}\n'
    (NORMS_REAL / "cases.json").write_text(text, encoding="utf-8")
