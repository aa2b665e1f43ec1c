"""Refusals and defaults of the go/shogi settings in the services: each refusal writes nothing."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError

from actions.boards import edit_board
from actions.byes import request_bye
from actions.registrations import register_player
from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from actions.tournaments import create_tournament
from core.roles import SYSTEM
from tests.factories import make_player
from tournaments.enums import PairingSystem
from tournaments.models import Game, Registration, Round, Tournament
from tournaments.queries.pairing import mcmahon_state

pytestmark = pytest.mark.django_db

DATES = {"start_date": datetime.date(2026, 5, 1), "end_date": datetime.date(2026, 5, 2)}


def _go(**settings) -> Tournament:
    settings.setdefault("pairing_system", PairingSystem.MCMAHON_GO)
    settings.setdefault("rounds_planned", 3)
    return create_tournament(name="Go Cup", **DATES, **settings, actor=SYSTEM)


def test_floor_bar_above_the_top_bar_is_refused():
    with pytest.raises(ValidationError) as info:
        _go(top_bar="5k", floor_bar="2d")
    assert info.value.message_dict == {
        "floor_bar": ["The floor bar must not be above the top bar."]
    }
    assert not Tournament.objects.exists()


def test_a_bar_that_is_not_a_grade_is_refused():
    with pytest.raises(ValidationError) as info:
        _go(top_bar="9x")
    assert info.value.message_dict["top_bar"] == ["“9x” is not a grade such as 5k or 2d."]
    assert not Tournament.objects.exists()


def test_grades_declared_normalised_or_derived():
    tournament = _go()
    declared = register_player(
        tournament=tournament, player=make_player("Kim"), grade=" 3 dan ", actor=SYSTEM
    )
    derived = register_player(
        tournament=tournament, player=make_player("Lee"), rating_at_start=1549, actor=SYSTEM
    )
    none = register_player(tournament=tournament, player=make_player("Park"), actor=SYSTEM)
    assert (declared.grade, derived.grade, none.grade) == ("3d", "6k", "")
    shogi = create_tournament(
        name="Shogi Cup", pairing_system=PairingSystem.SWISS_SHOGI, **DATES, actor=SYSTEM
    )
    entry = register_player(
        tournament=shogi, player=make_player("Sato"), rating_at_start=1700, actor=SYSTEM
    )
    assert entry.grade == "1d"  # FESA: 1 dan from 1680


def test_a_bad_grade_is_refused_and_nothing_is_written():
    tournament = _go()
    with pytest.raises(ValidationError) as info:
        register_player(tournament=tournament, player=make_player("Kim"), grade="9x", actor=SYSTEM)
    assert info.value.message_dict == {"grade": ["“9x” is not a grade such as 5k or 2d."]}
    assert not Registration.objects.exists()


def test_mcmahon_needs_a_grade_or_a_rating_for_everybody():
    tournament = _go()
    register_player(tournament=tournament, player=make_player("Kim"), grade="1k", actor=SYSTEM)
    register_player(tournament=tournament, player=make_player("Park"), actor=SYSTEM)
    with pytest.raises(ValidationError) as info:
        pair_next_round(tournament=tournament, actor=SYSTEM)
    assert info.value.messages == ["Park has neither a grade nor a rating: enter a grade."]
    assert not Round.objects.exists() and not Game.objects.exists()


def test_a_go_swiss_needs_no_grades_and_starts_everybody_at_zero():
    tournament = _go(pairing_system=PairingSystem.SWISS_GO, handicap_policy="minus_one")
    for name, grade in (("Kim", "5d"), ("Park", ""), ("Lee", "1d"), ("Cho", "")):
        register_player(tournament=tournament, player=make_player(name), grade=grade, actor=SYSTEM)
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    boards = [
        (g.white.last_name, g.black.last_name, g.handicap) for g in round_.games.order_by("board")
    ]
    # Ordered by grade (ungraded players last, by name): Kim 5d, Lee 1d, Cho, Park; one
    # group (everybody 0): Kim-Cho and Lee-Park, handicap from the grades (30k for none).
    # Handicap games: the stronger player takes White.
    assert boards == [("Kim", "Cho", 9), ("Lee", "Park", 9)]


def test_late_entry_in_mcmahon_gets_a_number_and_plays():
    tournament = _go(rounds_planned=2)
    players = [make_player(name) for name in ("Kim", "Lee", "Park", "Cho")]
    for player, grade in zip(players, ("2d", "1d", "1k", "2k"), strict=True):
        register_player(tournament=tournament, player=player, grade=grade, actor=SYSTEM)
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=round_, actor=SYSTEM)
    for game in round_.games.all():
        record_result(game=game, result="10", actor=SYSTEM)
    late = register_player(
        tournament=tournament, player=make_player("Yun"), grade="3d", actor=SYSTEM
    )
    assert (late.pairing_number, late.entered_round) == (1, 2)  # re-ranked: 3d is the strongest
    second = pair_next_round(tournament=tournament, actor=SYSTEM)
    assert second.games.count() == 3  # two games and a bye


def test_requested_half_point_bye_and_the_pairing_bye_in_mcmahon():
    tournament = _go(rounds_planned=2)
    players = [make_player(name) for name in ("Kim", "Lee", "Park", "Cho")]
    entries = [
        register_player(tournament=tournament, player=player, grade=grade, actor=SYSTEM)
        for player, grade in zip(players, ("2d", "1d", "1k", "2k"), strict=True)
    ]
    request_bye(registration=entries[0], round_number=1, kind="H", actor=SYSTEM)
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    boards = [
        (g.white.last_name, g.black.last_name if g.black else None, g.result)
        for g in round_.games.order_by("board")
    ]
    # Lee 1d (30), Park 1k (29), Cho 2k (28): Cho, the lowest, gets the bye; Kim is absent.
    assert boards == [("Lee", "Park", ""), ("Cho", None, "U"), ("Kim", None, "H")]
    publish_round(round=round_, actor=SYSTEM)
    record_result(game=round_.games.get(board=1), result="01", actor=SYSTEM)
    state, absent = mcmahon_state(tournament, 2)
    mms = {p.number: state.mms(p) for p in state.players}
    # Kim 31 + ½, Lee 30, Park 29 + 1, Cho 28 + 1 (bye).
    assert mms == {1: Fraction(63, 2), 2: 30, 3: 30, 4: 29}
    assert absent == []
    assert [p.byes for p in state.players] == [0, 0, 0, 1]


def test_a_board_edited_by_hand_gets_its_handicap_again():
    tournament = _go(rounds_planned=1, handicap_policy="minus_one")
    players = [make_player(name) for name in ("Kim", "Lee", "Park", "Cho")]
    for player, grade in zip(players, ("5d", "4d", "1k", "2k"), strict=True):
        register_player(tournament=tournament, player=player, grade=grade, actor=SYSTEM)
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    before = [
        (g.white.last_name, g.black.last_name, g.handicap) for g in round_.games.order_by("board")
    ]
    # MMS 34 33 29 28: Kim-Lee (one grade: even), Park-Cho (even; board 2: the lower-placed
    # takes White).
    assert before == [("Kim", "Lee", 0), ("Cho", "Park", 0)]
    kim, cho = players[0], players[3]
    warnings = edit_board(game=round_.games.get(board=1), white=kim, black=cho, actor=SYSTEM)
    after = [
        (g.white.last_name, g.black.last_name, g.handicap) for g in round_.games.order_by("board")
    ]
    # Cho leaves board 2 and Lee takes his seat. 5d against 2k: six grades apart, five
    # stones; Lee-Park: 4d against 1k, three stones.
    assert after == [("Kim", "Cho", 5), ("Lee", "Park", 3)]
    assert warnings == []
