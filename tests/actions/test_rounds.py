"""Pairing services: numbers, Berger and Dutch rounds, byes, withdrawals, manual edits."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from actions.boards import edit_board, swap_boards
from actions.byes import add_forbidden_pair, request_bye
from actions.registrations import assign_pairing_numbers, register_player, withdraw_player
from actions.results import record_result
from actions.rounds import discard_pairings, pair_next_round, publish_round
from core.roles import SYSTEM
from players.enums import Title
from tests.factories import make_player, make_tournament
from tournaments.enums import PairingSystem, RoundStatus
from tournaments.models import Game, Registration, Round
from tournaments.queries.pairing import pairing_state

pytestmark = pytest.mark.django_db

RATINGS = (2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700)


def _event(system: str, players: int, **fields):
    tournament = make_tournament(
        rating_list=None,
        pairing_system=system,
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 9),
        **fields,
    )
    entrants = []
    for index in range(players):
        player = make_player(f"P{index + 1}")
        register_player(
            tournament=tournament, player=player, rating_at_start=RATINGS[index], actor=SYSTEM
        )
        entrants.append(player)
    return tournament, entrants


def _boards(round_: Round) -> list[tuple[str, str | None, str]]:
    return [
        (g.white.last_name, g.black.last_name if g.black else None, g.result)
        for g in round_.games.select_related("white", "black").order_by("board")
    ]


def _finish(round_: Round, result: str = "10") -> None:
    publish_round(round=round_, actor=SYSTEM)
    for game in round_.games.filter(result=""):
        record_result(game=game, result=result, actor=SYSTEM)


def test_swiss_numbers_follow_rating_then_title_then_name():
    tournament = make_tournament(rating_list=None, pairing_system=PairingSystem.SWISS_DUTCH)
    late_alphabet = make_player("Zed")
    titled = make_player("Young", title=Title.IM)
    first = make_player("Adams", title=Title.IM)
    strong = make_player("Strong")
    for player, rating in ((late_alphabet, 2000), (titled, 2000), (first, 2000), (strong, 2100)):
        register_player(tournament=tournament, player=player, rating_at_start=rating, actor=SYSTEM)

    order = list(
        Registration.objects.filter(tournament=tournament)
        .order_by("pairing_number")
        .values_list("player__last_name", flat=True)
    )

    assert order == ["Strong", "Adams", "Young", "Zed"]


def test_round_robin_six_players_round_two_is_the_berger_table():
    tournament, _players = _event(PairingSystem.ROUND_ROBIN, 6, seeding="rating")
    _finish(pair_next_round(tournament=tournament, actor=SYSTEM))

    second = pair_next_round(tournament=tournament, actor=SYSTEM)

    # Berger table, 6 players, round 2: 6-4, 5-3, 1-2.
    assert _boards(second) == [("P6", "P4", ""), ("P5", "P3", ""), ("P1", "P2", "")]
    assert second.status == RoundStatus.DRAFT
    tournament.refresh_from_db()
    assert tournament.rounds_planned == 5


def test_double_round_robin_second_cycle_reverses_colours():
    tournament, _players = _event(PairingSystem.DOUBLE_ROUND_ROBIN, 4, seeding="rating")
    rounds = []
    for _number in range(4):
        round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
        rounds.append(_boards(round_))
        _finish(round_, "==")

    # 4 players: table rounds 1, 3, 2 (last two swapped), then round 1 reversed.
    assert rounds[0] == [("P1", "P4", ""), ("P2", "P3", "")]
    assert rounds[3] == [("P4", "P1", ""), ("P3", "P2", "")]


def test_swiss_round_one_with_seven_players_by_initial_ranking():
    tournament, _players = _event(PairingSystem.SWISS_DUTCH, 7, rounds_planned=5)
    tournament.initial_colour = "b"
    tournament.save()

    first = pair_next_round(tournament=tournament, actor=SYSTEM)

    assert _boards(first) == [
        ("P4", "P1", ""),
        ("P2", "P5", ""),
        ("P6", "P3", ""),
        ("P7", None, "U"),
    ]


def test_drawn_initial_colour_is_stored():
    tournament, _players = _event(PairingSystem.SWISS_DUTCH, 4, rounds_planned=3)

    first = pair_next_round(tournament=tournament, actor=SYSTEM)

    tournament.refresh_from_db()
    assert tournament.drawn_colour in {"w", "b"}
    top = first.games.get(board=1)
    assert (top.white.last_name == "P1") == (tournament.drawn_colour == "w")


def test_withdrawn_player_gets_zero_point_byes_and_requested_half_bye_gets_h():
    tournament, players = _event(PairingSystem.SWISS_DUTCH, 6, rounds_planned=4)
    tournament.initial_colour = "w"
    tournament.save()
    registrations = {r.player_id: r for r in Registration.objects.filter(tournament=tournament)}
    request_bye(registration=registrations[players[1].pk], round_number=2, kind="H", actor=SYSTEM)
    _finish(pair_next_round(tournament=tournament, actor=SYSTEM))
    withdraw_player(registration=registrations[players[5].pk], after_round=1, actor=SYSTEM)

    second = pair_next_round(tournament=tournament, actor=SYSTEM)
    byes = {(w, r) for w, b, r in _boards(second) if b is None}

    assert byes == {("P2", "H"), ("P6", "Z")}
    assert len(_boards(second)) == 4  # two games, two byes
    _finish(second)
    third = pair_next_round(tournament=tournament, actor=SYSTEM)
    assert ("P6", None, "Z") in _boards(third)


def test_forbidden_pair_is_respected():
    tournament, players = _event(PairingSystem.SWISS_DUTCH, 4, rounds_planned=3)
    tournament.initial_colour = "w"
    tournament.save()
    add_forbidden_pair(
        tournament=tournament, player_a=players[0], player_b=players[2], actor=SYSTEM
    )

    first = pair_next_round(tournament=tournament, actor=SYSTEM)

    pairs = {frozenset((w, b)) for w, b, _r in _boards(first)}
    assert frozenset(("P1", "P3")) not in pairs
    assert len(pairs) == 2


def test_next_round_refused_until_previous_is_published_and_complete():
    tournament, _players = _event(PairingSystem.SWISS_DUTCH, 4, rounds_planned=3)
    first = pair_next_round(tournament=tournament, actor=SYSTEM)

    with pytest.raises(ValidationError, match="not published"):
        pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=first, actor=SYSTEM)
    with pytest.raises(ValidationError, match="not complete"):
        pair_next_round(tournament=tournament, actor=SYSTEM)
    assert Round.objects.filter(tournament=tournament).count() == 1


def test_results_refused_in_a_draft_round_and_second_result_needs_correction():
    tournament, _players = _event(PairingSystem.SWISS_DUTCH, 4, rounds_planned=3)
    first = pair_next_round(tournament=tournament, actor=SYSTEM)
    game = first.games.get(board=1)

    with pytest.raises(ValidationError, match="not published"):
        record_result(game=game, result="10", actor=SYSTEM)
    publish_round(round=first, actor=SYSTEM)
    record_result(game=game, result="10", actor=SYSTEM)
    with pytest.raises(ValidationError, match="already has a result"):
        record_result(game=game, result="01", actor=SYSTEM)
    record_result(game=game, result="01", correction=True, actor=SYSTEM)
    assert Game.objects.get(pk=game.pk).result == "01"


def test_discard_and_regenerate_a_draft_but_never_a_published_round():
    tournament, _players = _event(PairingSystem.SWISS_DUTCH, 4, rounds_planned=3)
    first = pair_next_round(tournament=tournament, actor=SYSTEM)
    discard_pairings(round=first, actor=SYSTEM)
    assert not Round.objects.filter(tournament=tournament).exists()

    again = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=again, actor=SYSTEM)
    with pytest.raises(ValidationError, match="published"):
        discard_pairings(round=again, actor=SYSTEM)
    with pytest.raises(ValidationError, match="published"):
        edit_board(
            game=again.games.get(board=1), white=_players[1], black=_players[0], actor=SYSTEM
        )


def test_edit_board_exchanges_players_and_refuses_rematch_and_withdrawn():
    tournament, players = _event(PairingSystem.SWISS_DUTCH, 6, rounds_planned=3)
    tournament.initial_colour = "w"
    tournament.save()
    first = pair_next_round(tournament=tournament, actor=SYSTEM)
    assert _boards(first) == [("P1", "P4", ""), ("P5", "P2", ""), ("P3", "P6", "")]

    warnings = edit_board(
        game=first.games.get(board=1), white=players[0], black=players[1], actor=SYSTEM
    )

    # Round 1 has no colour preferences or floats yet: the change only differs.
    assert warnings == [
        "Boards 1, 2 differ from the program's pairing, which had paired P1 – P4; P5 – P2.",
        "It breaks or worsens none of the criteria the program checks.",
    ]
    assert _boards(first) == [("P1", "P2", ""), ("P5", "P4", ""), ("P3", "P6", "")]
    swap_boards(game=first.games.get(board=1), other=first.games.get(board=3), actor=SYSTEM)
    assert _boards(first)[0] == ("P3", "P6", "")
    _finish(first)
    registration = Registration.objects.get(player=players[5])
    withdraw_player(registration=registration, after_round=1, actor=SYSTEM)
    second = pair_next_round(tournament=tournament, actor=SYSTEM)
    game = second.games.exclude(black=None).first()
    before = _boards(second)
    with pytest.raises(ValidationError, match="withdrawn"):
        edit_board(game=game, white=players[5], black=game.black, actor=SYSTEM)
    opponent = {"P1": players[1], "P2": players[0], "P3": players[5], "P4": players[4]}
    rematch = opponent.get(game.white.last_name)
    if rematch is not None and rematch != players[5]:
        with pytest.raises(ValidationError, match="already played"):
            edit_board(game=game, white=game.white, black=rematch, actor=SYSTEM)
    assert _boards(second) == before


def test_late_entry_is_ranked_in_and_scores_zero_for_missed_rounds():
    tournament, _players = _event(PairingSystem.SWISS_DUTCH, 4, rounds_planned=4)
    _finish(pair_next_round(tournament=tournament, actor=SYSTEM))
    late = make_player("Late")

    registration = register_player(
        tournament=tournament, player=late, rating_at_start=2350, actor=SYSTEM
    )

    assert registration.pairing_number == 2
    assert registration.entered_round == 2
    state = pairing_state(tournament, 2)
    assert state.players[1].history[0].result == "Z"
    second = pair_next_round(tournament=tournament, actor=SYSTEM)
    assert "Late" in {name for board in _boards(second) for name in board[:2]}


def _manual_round(tournament, number: int, pairs, result: str = "==") -> Round:
    round_ = Round.objects.create(tournament=tournament, number=number)  # published
    for board, (white, black) in enumerate(pairs, start=1):
        Game.objects.create(round=round_, board=board, white=white, black=black, result=result)
    return round_


def test_edit_board_warns_on_same_absolute_colour_preference():
    tournament, players = _event(PairingSystem.SWISS_DUTCH, 6, rounds_planned=4)
    a, b, c, d, e, f = players
    _manual_round(tournament, 1, [(a, b), (c, d), (e, f)])
    _manual_round(tournament, 2, [(a, f), (c, b), (e, d)])
    third = pair_next_round(tournament=tournament, actor=SYSTEM)
    board = third.games.get(black=a)  # A had White twice: must get Black

    warnings = edit_board(game=board, white=a, black=board.white, actor=SYSTEM)

    # Then the engine's comparison: the same pair, with the colours Art. 5.2 does not give.
    assert warnings == [
        "P1 must not get this colour (absolute colour preference).",
        f"{board.white.last_name} must not get this colour (absolute colour preference).",
        f"Board 1 differs from the program's pairing, which had paired "
        f"{board.white.last_name} – P1.",
        "The change worsens Art. 5.2: the colours the rules give to a pair (0 in the program's "
        "pairing, 1 now).",
    ]
    assert Game.objects.get(pk=board.pk).white_id == a.pk


def test_edit_board_refuses_a_second_pairing_allocated_bye():
    tournament, players = _event(PairingSystem.SWISS_DUTCH, 5, rounds_planned=3)
    tournament.initial_colour = "w"
    tournament.save()
    first = pair_next_round(tournament=tournament, actor=SYSTEM)
    assert first.games.get(black=None).white == players[4]
    _finish(first)
    second = pair_next_round(tournament=tournament, actor=SYSTEM)
    bye = second.games.get(black=None)
    assert bye.white != players[4] and bye.result == "U"
    before = _boards(second)

    with pytest.raises(ValidationError, match="already had a bye"):
        edit_board(game=bye, white=players[4], actor=SYSTEM)

    assert _boards(second) == before


def test_round_robin_numbers_by_lot_are_a_permutation_and_fixed_once_started():
    tournament, _players = _event(PairingSystem.ROUND_ROBIN, 5, seeding="lot")

    drawn = assign_pairing_numbers(tournament=tournament, actor=SYSTEM)

    assert sorted(r.pairing_number for r in drawn) == [1, 2, 3, 4, 5]
    first = pair_next_round(tournament=tournament, actor=SYSTEM)
    assert first.games.filter(black=None, result="Z").count() == 1  # odd field: one rests
    with pytest.raises(ValidationError, match="fixed once it starts"):
        assign_pairing_numbers(tournament=tournament, actor=SYSTEM)
    with pytest.raises(ValidationError, match="takes no new players"):
        register_player(tournament=tournament, player=make_player("Late"), actor=SYSTEM)


def test_late_entry_after_round_four_gets_the_next_number():
    tournament, _players = _event(PairingSystem.SWISS_DUTCH, 8, rounds_planned=6)
    for _number in range(4):
        _finish(pair_next_round(tournament=tournament, actor=SYSTEM))

    late = register_player(
        tournament=tournament, player=make_player("Late"), rating_at_start=2500, actor=SYSTEM
    )

    assert late.pairing_number == 9
    assert late.entered_round == 5
