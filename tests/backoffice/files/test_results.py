"""EGD ``.h9`` and FESA ``turnering.txt``: writers and readers round-trip; bad files are refused
with the line and the reason; the services export a tournament; the commands and downloads."""

from __future__ import annotations

import datetime
from dataclasses import replace

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from actions.registrations import register_player
from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from actions.tournaments import create_tournament
from backoffice.files.results import export_h9, export_turnering
from core.roles import SYSTEM
from rules.files.h9 import H9Error, parse_h9, write_h9
from rules.files.turnering import (
    TurneringError,
    parse_turnering,
    write_turnering,
)
from rules.pairing.mcmahon import pair_round
from tests.factories import make_player
from tests.rules.files.result_samples import H9, TURNERING
from tournaments.enums import PairingSystem
from tournaments.models import Game
from tournaments.queries.pairing import mcmahon_state

H9_TEXT = """\
; CL[B]
; EV[Lyon Open]
; PC[FR, Lyon]
; DT[2026-05-01,2026-05-02]
; HA[h9]
; KM[6.5]
; TM[60]
;
; Pl Name Grade Co Club MMS SOS SOSOS
1 Dupont Marie_Anne 2k FR Lyon 29 57 113 2+/w0 0+
2 Ng Li 3k -- - 28 57 113 1-/b0 3+/b1!
3 Ko Jo 4k DE Bonn 26.5 55 110 0- 2-/w1!
"""


def test_h9_writer_exact_text_and_round_trip():
    assert write_h9(H9) == H9_TEXT
    assert parse_h9(H9_TEXT) == H9


def _h9_error(text: str) -> H9Error:
    with pytest.raises(H9Error) as info:
        parse_h9(text)
    return info.value


def _replace_line(text: str, number: int, line: str) -> str:
    lines = text.splitlines()
    lines[number - 1] = line
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("line", "content", "reason"),
    [
        (
            10,
            "1 Dupont Marie 2x FR Lyon 29 57 113 2+/w0 0+",
            "no grade such as 5k or 2d after the name",
        ),
        (
            10,
            "1 Dupont Marie 2k FR Lyon 29 57 113 2*/w0 0+",
            "round 1: '2*/w0' is not a result such as 3+/w0",
        ),
        (10, "1 Dupont Marie 2k FR Lyon 29 57 113 2+ 0+", "round 1: '2+' has no colour (/w or /b)"),
        (
            10,
            "1 Dupont Marie 2k FRA Lyon 29 57 113 2+/w0 0+",
            "country 'FRA' is not a two-letter code",
        ),
        (10, "2 Dupont Marie 2k FR Lyon 29 57 113 2+/w0 0+", "place 2: expected 1"),
        (
            10,
            "1 Dupont Marie 2k FR Lyon 29 57 113 2+/b0 0+",
            "round 1: place 2 does not have the matching result 1-/w0",
        ),
        (10, "1 Dupont Marie 2k FR Lyon 29 57 113 9+/w0 0+", "round 1: no opponent with place 9"),
        (11, "2 Ng Li 3k -- - 28 57 113 1-/b0", "1 rounds, the first player has 2"),
        (10, "1 Dupont Marie 40k FR Lyon 29 57 113 2+/w0 0+", "grade '40k' is out of range"),
        (10, "1 Dupont Marie 2k FR Lyon 29 57 2+/w0 0+", "expected 3 score columns after the club"),
    ],
)
def test_h9_bad_player_lines_are_refused_with_line_and_reason(line, content, reason):
    error = _h9_error(_replace_line(H9_TEXT, line, content))
    assert (error.line, error.reason) == (line, reason)
    assert str(error) == f"line {line}: {reason}"


@pytest.mark.parametrize(
    ("edit", "line", "reason"),
    [
        ((2, "; XX[nothing]"), 10, "the EV (event name) header tag is missing"),
        ((4, "; DT[1 May 2026]"), 1, "DT[1 May 2026] is not two dates YYYY-MM-DD"),
        ((1, "; CL[E]"), 1, "tournament class 'E' is not A, B, C or D"),
        ((3, "; EV[Again]"), 3, "tag EV is repeated"),
        ((7, "; TM[long]"), 1, "TM[long] is not a number of minutes"),
    ],
)
def test_h9_bad_headers_are_refused(edit, line, reason):
    error = _h9_error(_replace_line(H9_TEXT, *edit))
    assert (error.line, error.reason) == (line, reason)


def test_h9_players_before_the_header_and_empty_files():
    error = _h9_error("1 Dupont Marie 2k FR Lyon 0+\n; EV[x]\n; DT[2026-01-01]\n")
    assert (error.line, error.reason) == (1, "the EV (event name) header tag is missing")
    error = _h9_error("; EV[x]\n; DT[2026-01-01]\n")
    assert (error.line, error.reason) == (1, "no player lines")


TURNERING_TEXT = """\
[Shogi Open, Lyon edition, Lyon, FR, 2026-05-01]
[2026-05-01]
[30 min + 30 s byoyomi]
1 [Dupont][Marie][2+ 3+ 0+][FR] 3
2 [Tanaka][Hiro][1- 0+ 3=][N JP] 1.5
3 [Müller][Jörg][0- 1- 2=][DE] 0.5
"""


def test_turnering_writer_exact_text_and_round_trip_in_latin_1():
    text = write_turnering(TURNERING)
    assert text == TURNERING_TEXT
    raw = text.encode("iso-8859-1")
    assert parse_turnering(raw.decode("iso-8859-1")) == TURNERING


def _turnering_error(text: str) -> TurneringError:
    with pytest.raises(TurneringError) as info:
        parse_turnering(text)
    return info.value


@pytest.mark.parametrize(
    ("line", "content", "reason"),
    [
        (1, "Shogi Open", "the tournament header must be in [brackets]"),
        (1, "[Shogi Open, Lyon]", "the tournament header needs name, city, country and date"),
        (2, "[1 May]", "'1 May' is not a date YYYY-MM-DD"),
        (
            4,
            "1 Dupont Marie 2+ 3+ 0+ FR 3",
            "expected: place [last name][first name][rounds][nationality] points",
        ),
        (4, "1 [Dupont][Marie][2+ 3x 0+][FR] 3", "round 2: '3x' is not a result such as 3+ or 0-"),
        (
            4,
            "1 [Dupont][Marie][2+ 3+ 0+][France] 3",
            "nationality 'France' is not a two-letter code",
        ),
        (4, "1 [Dupont][Marie][2+ 3+ 0+][FR] 2", "points 2 do not match the rounds (3)"),
        (4, "1 [Dupont][Marie][2+ 3+ 0+][FR] x", "points 'x' are not a number"),
        (4, "2 [Dupont][Marie][2+ 3+ 0+][FR] 3", "place 2: expected 1"),
        (
            4,
            "1 [Dupont][Marie][2+ 2+ 0+][FR] 3",
            "round 2: place 2 does not have the matching result 1-",
        ),
        (4, "1 [Dupont][Marie][2+ 7+ 0+][FR] 3", "round 2: no opponent with place 7"),
        (5, "2 [Tanaka][Hiro][1- 0+][N JP] 1", "2 rounds, the first player has 3"),
    ],
)
def test_turnering_bad_lines_are_refused_with_line_and_reason(line, content, reason):
    error = _turnering_error(_replace_line(TURNERING_TEXT, line, content))
    assert (error.line, error.reason) == (line, reason)
    assert str(error) == f"line {line}: {reason}"


def test_turnering_missing_header_lines():
    error = _turnering_error("[A, B, FR, 2026-05-01]\n[2026-05-01]\n")
    assert (error.line, error.reason) == (3, "the time control header line is missing")
    error = _turnering_error("[A, B, FR, 2026-05-01]\n[2026-05-01]\n[none]\n")
    assert (error.line, error.reason) == (3, "no player lines")


# --------------------------------------------------------------------------- from the database


def _shogi_swiss(players: int = 5, rounds: int = 2, system=PairingSystem.SWISS_SHOGI):
    tournament = create_tournament(
        name="Shogi Club Swiss",
        slug="shogi-swiss",
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 1),
        pairing_system=system,
        rounds_planned=rounds,
        city="Lyon",
        actor=SYSTEM,
    )
    entries = []
    for i in range(players):
        player = make_player(f"Sh{i}", "Player", federation="FR" if i % 2 else "")
        rating = 1800 - 100 * i if i != players - 1 else None
        entries.append(
            register_player(
                tournament=tournament, player=player, rating_at_start=rating, actor=SYSTEM
            )
        )
    return tournament, entries


def _play_all(tournament, rule=lambda game: "10"):
    for _number in range(tournament.rounds_planned):
        round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
        publish_round(round=round_, actor=SYSTEM)
        for game in round_.games.filter(result=""):
            record_result(game=game, result=rule(game), actor=SYSTEM)


@pytest.mark.django_db
def test_turnering_export_of_a_shogi_swiss_parses_back():
    tournament, _entries = _shogi_swiss()
    _play_all(tournament)
    text = export_turnering(tournament=tournament, time_control="30 min + 30 s byoyomi")
    parsed = parse_turnering(text)
    assert parsed.name == "Shogi Club Swiss"
    assert parsed.city == "Lyon"
    assert parsed.time_control == "30 min + 30 s byoyomi"
    assert [p.points for p in parsed.players] == sorted(
        (p.points for p in parsed.players), reverse=True
    )
    assert sum(p.points for p in parsed.players) == 6  # 2 games and a bye, each round
    # The player without a rating at the start is new to the list; nationality from the
    # federation when it is a two-letter code.
    by_name = {p.last_name: p for p in parsed.players}
    assert by_name["Sh4"].new and not by_name["Sh0"].new
    assert by_name["Sh1"].nationality == "FR" and by_name["Sh0"].nationality == "--"


@pytest.mark.django_db
def test_h9_export_refused_before_a_complete_round():
    tournament, _entries = _shogi_swiss(system=PairingSystem.SWISS_GO)
    with pytest.raises(Exception, match="No round has all its results yet"):
        export_h9(tournament=tournament)


@pytest.mark.django_db
def test_commands_write_and_check_the_files(tmp_path, capsys):
    tournament, _entries = _shogi_swiss()
    _play_all(tournament)
    target = tmp_path / "turnering.txt"
    call_command("export_turnering", "shogi-swiss", "-o", str(target))
    assert parse_turnering(target.read_bytes().decode("iso-8859-1")).players[0].place == 1
    call_command("check_results_file", str(target))
    assert "5 players, 2 rounds, valid." in capsys.readouterr().out
    with pytest.raises(CommandError, match="is not a go tournament"):
        call_command("export_h9", "shogi-swiss")
    bad = tmp_path / "bad.h9"
    bad.write_text(_replace_line(H9_TEXT, 10, "1 Dupont Marie 2k FR Lyon 29 57 113 2+/b0 0+"))
    with pytest.raises(CommandError) as info:
        call_command("check_results_file", str(bad))
    assert str(info.value).endswith(
        "line 10: round 1: place 2 does not have the matching result 1-/w0"
    )


@pytest.mark.django_db
def test_downloads_are_staff_only_and_match_the_format(client, admin_client):
    tournament, _entries = _shogi_swiss()
    _play_all(tournament)
    url = reverse("tournaments:turnering_export", args=["shogi-swiss"])
    assert client.get(url).status_code == 302  # to the login page
    response = admin_client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="turnering.txt"'
    assert response.content.decode("iso-8859-1") == export_turnering(tournament=tournament)
    assert (
        admin_client.get(reverse("tournaments:h9_export", args=["shogi-swiss"])).status_code == 404
    )


# --------------------------------------------------------------------------- shogi pairing


@pytest.mark.django_db
def test_shogi_swiss_does_not_balance_colours():
    """Six players, White wins every game. In round 2 the shogi pairing lists the
    higher-placed player first whatever the colours were (sente/gote is decided by furigoma
    at the board); the same state paired with go's colour balancing gives Sh3, who had
    Black, White against Sh2, who had White."""
    tournament, _entries = _shogi_swiss(players=6, rounds=2)
    _play_all(tournament)
    games = list(
        Game.objects.filter(round__tournament=tournament)
        .select_related("round", "white", "black")
        .order_by("round__number", "board")
    )
    boards = [(g.round.number, g.white.last_name, g.black.last_name, g.handicap) for g in games]
    assert boards == [
        (1, "Sh0", "Sh3", 0),
        (1, "Sh1", "Sh4", 0),
        (1, "Sh2", "Sh5", 0),
        (2, "Sh0", "Sh1", 0),
        (2, "Sh2", "Sh3", 0),
        (2, "Sh4", "Sh5", 0),
    ]
    state, _absent = mcmahon_state(tournament, 2)
    assert not state.colour_balance
    # Reversing every colour of round 1 changes nothing in shogi ...
    flipped = replace(
        state,
        players=tuple(
            replace(p, colours=tuple({"w": "b", "b": "w"}[c] for c in p.colours))
            for p in state.players
        ),
    )
    assert pair_round(flipped) == pair_round(state)
    # ... while go balances: (TPN) 4 = Sh3 gets White on board 2. On boards 1 and 3 both
    # players had the same colour, and the tie rule (odd board: the higher-placed) applies.
    go = pair_round(replace(state, colour_balance=True))
    assert [(b.white, b.black) for b in go.boards] == [(1, 2), (4, 3), (5, 6)]
