"""Acceptance: a McMahon go tournament of 40 players over 5 rounds, through the organiser
services and through the organiser views (staff posts): grades, a top bar and a floor bar,
handicaps, a withdrawal and the byes it causes, results, McMahon standings and the EGD file.

The scenario (deterministic): player i (0-based) has rank 3 - i // 2 (4d, 4d, 3d, 3d, … 16k),
top bar 1d, floor bar 12k, handicap "grade difference minus one". Results: the stronger player
wins; equal grades: White wins, except in handicap games on even boards, where Black wins.
Player 20 withdraws after round 2, so rounds 3-5 have 39 players and a bye.
"""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest
from django.urls import reverse

from actions.registrations import register_player, withdraw_player
from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from actions.tournaments import create_tournament
from backoffice.files.results import export_h9
from core.roles import SYSTEM
from ratings.queries.tournaments import tournament_standings
from rules.files.h9 import parse_h9
from rules.pairing.mcmahon import grade_rank, handicap, initial_mms, rank_grade
from rules.ratings import egf
from tests.factories import make_player
from tournaments.enums import PairingSystem
from tournaments.models import Game, Registration, Round, Tournament
from tournaments.queries.standings import ranked

pytestmark = pytest.mark.django_db

PLAYERS = 40
ROUNDS = 5
WITHDRAWN = 20
TOP, FLOOR = grade_rank("1d"), grade_rank("12k")


def _rank(i: int) -> int:
    return 3 - i // 2


def _players(count: int = PLAYERS):
    return [make_player(f"Go{i:02d}", "Player") for i in range(count)]


def _entry(i: int) -> dict:
    """Player 39 declares no grade: it comes from the rating (500 = 16k)."""
    if i == 39:
        return {"rating_at_start": 500}
    return {"grade": rank_grade(_rank(i))}


def _result(game: Game, rank: dict[int, int]) -> str:
    white, black = rank[game.white_id], rank[game.black_id]
    if game.handicap and game.board % 2 == 0:
        return "01"
    if white == black:
        return "10"
    return "10" if white > black else "01"


SETTINGS = {
    "pairing_system": PairingSystem.MCMAHON_GO,
    "rounds_planned": ROUNDS,
    "top_bar": "1d",
    "floor_bar": "12k",
    "handicap_policy": "minus_one",
}


def _run_with_services(players, rounds: int = ROUNDS) -> Tournament:
    tournament = create_tournament(
        name="McMahon Open",
        slug="mcmahon-open",
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 3),
        **{**SETTINGS, "rounds_planned": rounds},
        actor=SYSTEM,
    )
    for i, player in enumerate(players):
        register_player(tournament=tournament, player=player, **_entry(i), actor=SYSTEM)
    rank = {p.pk: _rank(i) for i, p in enumerate(players)}
    for number in range(1, rounds + 1):
        round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
        publish_round(round=round_, actor=SYSTEM)
        for game in round_.games.filter(result="").order_by("board"):
            record_result(game=game, result=_result(game, rank), actor=SYSTEM)
        if number == 2:
            withdraw_player(
                registration=Registration.objects.get(player=players[WITHDRAWN]),
                after_round=2,
                actor=SYSTEM,
            )
    return tournament


def _url(slug: str, name: str, *args) -> str:
    return reverse(f"tournaments:{name}", args=[slug, *args])


def _run_with_views(
    client, players, rounds: int = ROUNDS, withdraw: tuple[int, int] = (WITHDRAWN, 2)
) -> Tournament:
    form = {
        "name": "McMahon Views",
        "slug": "mcmahon-views",
        "start_date": "2026-05-01",
        "end_date": "2026-05-03",
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_forfeit_win": "1",
        "points_pab": "1",
        "points_half_bye": "0.5",
        "initial_colour": "w",
        "seeding": "rating",
        "handicap_cap": "9",
        "komi": "6.5",
        **SETTINGS,
        "rounds_planned": rounds,
    }
    response = client.post(reverse("tournaments:organise_create"), form)
    assert response.status_code == 302, response.context["form"].errors
    tournament = Tournament.objects.get(slug="mcmahon-views")
    slug = tournament.slug
    for i, player in enumerate(players):
        client.post(_url(slug, "organise_register"), {"player": player.pk, **_entry(i)})
    rank = {p.pk: _rank(i) for i, p in enumerate(players)}
    for number in range(1, rounds + 1):
        assert client.post(_url(slug, "organise_pair")).status_code == 302
        page = client.get(_url(slug, "organise_round", number)).content.decode()
        assert "Handicap" in page
        client.post(_url(slug, "organise_publish", number))
        round_ = Round.objects.get(tournament=tournament, number=number)
        for game in round_.games.filter(result="").order_by("board"):
            client.post(
                _url(slug, "organise_result", number, game.board),
                {f"b{game.board}-result": _result(game, rank)},
            )
        if number == withdraw[1]:
            registration = Registration.objects.get(
                tournament=tournament, player=players[withdraw[0]]
            )
            client.post(
                _url(slug, "organise_withdraw"),
                {"registration": registration.pk, "after_round": number},
            )
    return tournament


def _boards(tournament: Tournament) -> list[tuple]:
    return [
        (
            g.round.number,
            g.board,
            g.white.last_name,
            g.black.last_name if g.black else None,
            g.handicap,
            g.result,
        )
        for g in Game.objects.filter(round__tournament=tournament)
        .select_related("round", "white", "black")
        .order_by("round__number", "board")
    ]


def _check_rules(tournament: Tournament, players) -> None:
    rank = {p.pk: _rank(i) for i, p in enumerate(players)}
    games = list(Game.objects.filter(round__tournament=tournament).select_related("round"))
    met = [frozenset((g.white_id, g.black_id)) for g in games if g.black_id]
    assert len(met) == len(set(met)), "a rematch"
    clamp = {pk: min(max(r, FLOOR), TOP) for pk, r in rank.items()}
    stones = []
    for g in games:
        if g.black_id is None:
            continue
        expected = min(max(abs(clamp[g.white_id] - clamp[g.black_id]) - 1, 0), 9)
        assert g.handicap == expected
        if g.handicap:
            stones.append(g.handicap)
            assert rank[g.white_id] > rank[g.black_id], "White is the stronger player"
    assert stones, "the scenario has handicap games"
    # Every round: each player still in the event exactly once; the withdrawn player
    # gets a zero-point round, one bye ("U") per round from round 3.
    for number in range(1, ROUNDS + 1):
        round_games = [g for g in games if g.round.number == number]
        seen = [g.white_id for g in round_games] + [g.black_id for g in round_games if g.black_id]
        assert sorted(seen) == sorted(p.pk for p in players)
        byes = [g for g in round_games if g.result == "U"]
        assert len(byes) == (1 if number >= 3 else 0)
        absent = [g for g in round_games if g.result == "Z"]
        assert [g.white_id for g in absent] == ([players[20].pk] if number >= 3 else [])
    bye_players = [g.white_id for g in games if g.result == "U"]
    assert len(set(bye_players)) == 3, "no second bye"


def test_mcmahon_tournament_through_services():
    players = _players()
    tournament = _run_with_services(players)
    _check_rules(tournament, players)

    data = tournament_standings(tournament)
    table = ranked(data, data.completed)
    assert [tb.code for tb in table.tiebreaks] == ["MMS", "SOS", "SODOS", "SOSOS"]
    # Initial McMahon scores: bar at 1d (30), floor at 12k (18).
    initial = {row.player.name: row.player.initial_score for row in table.rows}
    assert initial["Go00, Player"] == 30  # 4d above the bar
    assert initial["Go07, Player"] == 30  # 1d at the bar
    assert initial["Go08, Player"] == 29  # 1k
    assert initial["Go30, Player"] == 18  # 12k at the floor
    assert initial["Go39, Player"] == 18  # 16k (from rating 500) below the floor
    # Pairing numbers follow the grades (strongest first), then the rating: Go39 (16k, rated
    # 500, grade derived from it) comes before Go38 (16k, no rating).
    tpn = {row.player.name: row.player.tpn for row in table.rows}
    assert [tpn[f"Go{i:02d}, Player"] for i in (0, 1, 2, 38, 39)] == [1, 2, 3, 40, 39]
    assert data.grades[39] == "16k"

    # SOS recomputed independently from the stored games: Σ opponents' final MMS, own final
    # MMS for a round without a game.
    mms = {row.player.tpn: row.mms for row in table.rows}
    entries = {row.player.tpn: row.player.entries for row in table.rows}
    for row in table.rows:
        sos = sum(
            (mms[e.opponent] if e.opponent and e.result in "10" else mms[row.player.tpn])
            for e in entries[row.player.tpn]
        )
        assert row.tiebreaks[1] == sos

    top = [
        (row.label, row.player.name, row.mms, row.points, row.tiebreaks[1])
        for row in table.rows[:6]
    ]
    # Pinned (the SOS column was checked above against the independent recomputation).
    assert top == [
        ("1", "Go01, Player", Fraction(35), Fraction(5), Fraction(162)),
        ("2", "Go00, Player", Fraction(34), Fraction(4), Fraction(164)),
        ("3", "Go02, Player", Fraction(33), Fraction(3), Fraction(165)),
        ("4", "Go03, Player", Fraction(32), Fraction(2), Fraction(165)),
        ("5", "Go04, Player", Fraction(32), Fraction(2), Fraction(165)),
        ("6", "Go07, Player", Fraction(32), Fraction(2), Fraction(159)),
    ]
    # 2k Go11 started two below the bar and won four games: MMS 32, placed 8th.
    eighth = table.rows[7]
    assert (eighth.player.name, eighth.player.initial_score, eighth.mms) == (
        "Go11, Player",
        28,
        32,
    )


def test_small_mcmahon_tournament_through_the_views(admin_client):
    """12 players (4d … 2k, all above the floor), 3 rounds; Go09 (1k) withdraws after round 1,
    so rounds 2 and 3 have a bye."""
    players = _players(12)
    tournament = _run_with_views(admin_client, players, rounds=3, withdraw=(9, 1))
    boards = _boards(tournament)
    # Round 1: the top group (4d 4d 3d 3d 2d 2d 1d 1d, all MMS 30 under the bar) splits
    # 1-5 2-6 3-7 4-8; 1k 1k and 2k 2k are groups of two.
    assert [(b[2], b[3], b[4]) for b in boards if b[0] == 1] == [
        ("Go00", "Go04", 0),
        ("Go05", "Go01", 0),
        ("Go02", "Go06", 0),
        ("Go07", "Go03", 0),
        ("Go08", "Go09", 0),
        ("Go11", "Go10", 0),
    ]
    met = [frozenset(b[2:4]) for b in boards if b[3] is not None]
    assert len(met) == len(set(met)) == 6 + 5 + 5
    # The byes go to the lowest: Go10 (2k, lost round 1: MMS 28); in round 3 Go10 (bye) and
    # Go11 (won, then lost) both have 29 … Go11 has had no bye, so it is Go11's turn.
    byes = [(b[0], b[2], b[5]) for b in boards if b[3] is None]
    assert byes == [(2, "Go10", "U"), (2, "Go09", "Z"), (3, "Go11", "U"), (3, "Go09", "Z")]
    # Round 3 board 5: 1d against 2k, two grades apart: one stone, the 1d takes White.
    assert (3, 5, "Go07", "Go10", 1, "10") in boards
    page = admin_client.get(reverse("tournaments:standings", args=["mcmahon-views"]))
    html = page.content.decode()
    for text in ("MMS", "SOS", "SODOS", "SOSOS", "Grade", "4d", "2k"):
        assert text in html
    download = admin_client.get(reverse("tournaments:h9_export", args=["mcmahon-views"]))
    assert download.status_code == 200
    exported = parse_h9(download.content.decode())
    assert len(exported.players) == 12
    # The EGD class is the tournament's EGF class (the create form's default: A).
    assert exported.tournament_class == "A"
    Tournament.objects.filter(slug="mcmahon-views").update(rating_class="C")
    again = admin_client.get(reverse("tournaments:h9_export", args=["mcmahon-views"]))
    assert parse_h9(again.content.decode()).tournament_class == "C"


@pytest.mark.slow
def test_mcmahon_tournament_through_the_views_matches_the_services(admin_client):
    players = _players()
    by_services = _run_with_services(players)
    by_views = _run_with_views(admin_client, players)
    assert _boards(by_views) == _boards(by_services)
    _check_rules(by_views, players)

    page = admin_client.get(reverse("tournaments:standings", args=["mcmahon-views"]))
    html = page.content.decode()
    assert page.status_code == 200
    for text in ("MMS", "SOS", "SODOS", "SOSOS", "Grade", "4d", "16k"):
        assert text in html
    detail = admin_client.get(reverse("tournaments:detail", args=["mcmahon-views"]))
    assert "Handicap" in detail.content.decode()
    assert reverse("tournaments:h9_export", args=["mcmahon-views"]) in detail.content.decode()

    download = admin_client.get(reverse("tournaments:h9_export", args=["mcmahon-views"]))
    assert download.status_code == 200
    assert download["Content-Disposition"] == 'attachment; filename="mcmahon-views.h9"'
    text = download.content.decode("utf-8")
    assert text == export_h9(tournament=by_views)
    parsed = parse_h9(text)
    assert len(parsed.players) == PLAYERS
    assert parsed.players[0].last_name == "Go01"
    assert parsed.players[0].grade == "4d"
    assert parsed.players[0].scores[0] == 35  # MMS
    handicap_games = [g for p in parsed.players for g in p.games if g.handicap]
    assert handicap_games and all(g.colour in "wb" for g in handicap_games)


def test_bars_give_equal_starts_and_even_games_above_the_top_bar():
    assert initial_mms(grade_rank("4d"), top_bar=TOP, floor_bar=FLOOR) == 30
    assert initial_mms(grade_rank("16k"), top_bar=TOP, floor_bar=FLOOR) == 18
    assert handicap(grade_rank("4d"), grade_rank("1d"), policy="minus_one", top_bar=TOP) == 0
    assert egf.rating_to_grade(500) == "16k"
