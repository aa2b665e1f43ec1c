"""A tournament's life: draft -> registration -> running -> finished; bounded rounds; the next
step the organiser pages offer ("enter board 4 of round 3 first")."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from actions.registrations import register_player
from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from actions.tournaments import (
    create_tournament,
    finish_tournament,
    open_registration,
    reopen_tournament,
    update_tournament,
)
from core.enums import AuditAction
from core.models import AuditEntry
from core.roles import SYSTEM
from tests.factories import make_player
from tests.helpers import full_state
from tournaments.enums import PairingSystem, TournamentStatus
from tournaments.queries.rounds import next_step

pytestmark = pytest.mark.django_db


def _swiss(rounds: int = 2, players: int = 4):
    tournament = create_tournament(
        name="Spring Swiss",
        start_date=datetime.date(2026, 4, 1),
        end_date=datetime.date(2026, 4, 2),
        rating_list=None,
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=rounds,
        initial_colour="w",
        actor=SYSTEM,
    )
    for index in range(players):
        register_player(
            tournament=tournament,
            player=make_player(f"P{index}"),
            rating_at_start=2000 - 10 * index,
            actor=SYSTEM,
        )
    return tournament


def _play_round(tournament, result: str = "10"):
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=round_, actor=SYSTEM)
    for game in round_.games.filter(result=""):
        record_result(game=game, result=result, actor=SYSTEM)
    return round_


def test_a_new_tournament_is_a_draft_then_opens_registration_then_runs_with_round_one():
    tournament = _swiss()
    assert tournament.status == TournamentStatus.DRAFT

    open_registration(tournament=tournament, actor=SYSTEM)
    assert tournament.status == TournamentStatus.REGISTRATION
    pair_next_round(tournament=tournament, actor=SYSTEM)

    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.RUNNING
    with pytest.raises(ValidationError, match="has started"):
        open_registration(tournament=tournament, actor=SYSTEM)


def test_the_next_step_names_what_is_missing():
    tournament = _swiss(rounds=2)
    assert (next_step(tournament).kind, str(next_step(tournament))) == (
        "pair",
        "round 1 can be paired.",
    )
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    assert str(next_step(tournament)) == "publish round 1 first."
    publish_round(round=round_, actor=SYSTEM)
    assert str(next_step(tournament)) == "enter boards 1 and 2 of round 1 first."
    record_result(game=round_.games.get(board=1), result="10", actor=SYSTEM)
    assert str(next_step(tournament)) == "enter board 2 of round 1 first."
    record_result(game=round_.games.get(board=2), result="01", actor=SYSTEM)
    assert str(next_step(tournament)) == "round 2 can be paired."
    _play_round(tournament)

    assert (next_step(tournament).kind, str(next_step(tournament))) == (
        "finish",
        "every round is played: finish the tournament.",
    )


def test_pairing_after_the_last_round_is_refused_and_the_next_step_is_finishing():
    tournament = _swiss(rounds=1)
    _play_round(tournament)
    before = full_state()

    with pytest.raises(ValidationError, match="All 1 rounds have been paired"):
        pair_next_round(tournament=tournament, actor=SYSTEM)

    assert full_state() == before
    assert next_step(tournament).can_pair is False


def test_finishing_freezes_the_final_standings_and_refuses_later_changes():
    tournament = _swiss(rounds=1)
    round_ = _play_round(tournament)

    finish_tournament(tournament=tournament, actor=SYSTEM)

    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    frozen = tournament.final_standings
    assert frozen["after_round"] == 1
    assert [(row["place"], row["name"], row["points"]) for row in frozen["rows"]] == [
        ("1–2", "P0", "1"),
        ("1–2", "P3", "1"),
        ("3–4", "P1", "0"),
        ("3–4", "P2", "0"),
    ]
    entry = AuditEntry.objects.filter(action=AuditAction.TOURNAMENT_STATUS_CHANGED).last()
    assert (entry.before, entry.after) == ({"status": "running"}, {"status": "finished"})
    before = full_state()
    with pytest.raises(ValidationError, match="Spring Swiss is finished"):
        record_result(game=round_.games.get(board=1), result="01", correction=True, actor=SYSTEM)
    with pytest.raises(ValidationError, match="is finished"):
        register_player(tournament=tournament, player=make_player("Late"), actor=SYSTEM)
    assert full_state() == before


def test_finishing_early_is_refused_with_what_is_missing():
    tournament = _swiss(rounds=2)
    _play_round(tournament)
    before = full_state()

    with pytest.raises(ValidationError, match="round 2 can be paired"):
        finish_tournament(tournament=tournament, actor=SYSTEM)

    assert full_state() == before


def test_reopening_drops_the_frozen_standings_and_allows_corrections():
    tournament = _swiss(rounds=1)
    round_ = _play_round(tournament)
    finish_tournament(tournament=tournament, actor=SYSTEM)

    reopen_tournament(tournament=tournament, actor=SYSTEM)
    record_result(game=round_.games.get(board=1), result="01", correction=True, actor=SYSTEM)

    tournament.refresh_from_db()
    assert (tournament.status, tournament.final_standings) == (TournamentStatus.RUNNING, None)


@pytest.mark.parametrize("rounds", [51, 99_999_999_999, -1])
def test_the_number_of_rounds_is_bounded(rounds):
    before = full_state()

    with pytest.raises(ValidationError) as refused:
        create_tournament(
            name="Unbounded",
            start_date=datetime.date(2026, 4, 1),
            end_date=datetime.date(2026, 4, 1),
            pairing_system=PairingSystem.SWISS_DUTCH,
            rounds_planned=rounds,
            actor=SYSTEM,
        )

    assert refused.value.message_dict == {
        "rounds_planned": ["The number of rounds must be a whole number from 1 to 50."]
    }
    assert full_state() == before


def test_the_rounds_cannot_be_cut_below_the_rounds_already_paired():
    tournament = _swiss(rounds=3)
    _play_round(tournament)
    _play_round(tournament)
    before = full_state()

    with pytest.raises(ValidationError) as refused:
        update_tournament(tournament=tournament, changes={"rounds_planned": 1}, actor=SYSTEM)

    assert refused.value.message_dict == {
        "rounds_planned": ["2 rounds have been paired already: the tournament cannot have fewer."]
    }
    assert full_state() == before
