"""Check-in actions: the rule, the arbiter's check-in and undo, self check-in by account and by
code, and pairing a round that leaves out exactly the players who did not check in."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import translation

from actions.check_in import (
    NotCheckedIn,
    check_in,
    self_check_in,
    set_check_in_rule,
    undo_check_in,
)
from actions.registrations import register_player
from actions.results import record_result
from actions.rounds import discard_pairings, pair_next_round, publish_round
from actions.tournaments import create_tournament
from core.enums import AuditAction
from core.history import sentence
from core.models import AuditEntry
from core.roles import SYSTEM
from events.models import CheckIn, CheckInRule, CheckInWay
from events.queries.check_in import ALPHABET, check_in_round, code_of, not_checked_in
from tests.factories import make_club, make_player, make_rating, make_tournament, register
from tests.helpers import snapshot
from tournaments.enums import PairingSystem, TournamentStatus
from tournaments.models import Game, RequestedBye, Round

pytestmark = pytest.mark.django_db

NAMES = ("Adams", "Baker", "Clark", "Davis", "Evans", "Foster", "Grant", "Hughes", "Irwin", "Jones")


def _user(name: str):
    return get_user_model().objects.create_user(name, password="x")  # noqa: S106 -- test user


@pytest.fixture
def tournament():
    club = make_club("Home")
    club.organisers.add(_user("olga"))
    t = make_tournament(
        "Spring Open", club=club, rounds_planned=5, pairing_system=PairingSystem.SWISS_DUTCH
    )
    t.arbiters.add(_user("arno"))
    players = [make_player(name) for name in NAMES]
    for rating, player in zip(range(2300, 1300, -100), players, strict=True):
        make_rating(player, rating)
    register(t, *players)
    return t


def _registration(tournament, name):
    return tournament.registrations.select_related("player").get(player__last_name=name)


def _arbiter():
    return get_user_model().objects.get(username="arno")


def _organiser():
    return get_user_model().objects.get(username="olga")


def test_the_organiser_sets_the_rule_once(tournament):
    set_check_in_rule(actor=_organiser(), tournament=tournament, rule=CheckInRule.FIRST)
    set_check_in_rule(actor=_organiser(), tournament=tournament, rule=CheckInRule.FIRST)

    entries = AuditEntry.objects.filter(action=AuditAction.CHECK_IN_RULE_SET)
    assert [sentence(e) for e in entries] == ["Check-in before round 1"]


def test_an_arbiter_may_not_set_the_rule_and_nothing_is_written(tournament):
    before = snapshot()

    with pytest.raises(PermissionDenied):
        set_check_in_rule(actor=_arbiter(), tournament=tournament, rule=CheckInRule.FIRST)

    assert snapshot() == before


def test_an_unknown_rule_and_a_manual_tournament_are_refused(tournament):
    before = snapshot()

    with pytest.raises(ValidationError):
        set_check_in_rule(actor=_organiser(), tournament=tournament, rule="sometimes")
    tournament.pairing_system = PairingSystem.MANUAL
    with pytest.raises(ValidationError, match="paired by hand"):
        set_check_in_rule(actor=_organiser(), tournament=tournament, rule=CheckInRule.EVERY)

    assert snapshot() == before


def test_the_arbiter_checks_in_and_undoes_each_in_one_audited_unit(tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    adams = _registration(tournament, "Adams")

    check_in(actor=_arbiter(), registration=adams, round_number=1)
    check_in(actor=_arbiter(), registration=adams, round_number=1)  # twice: nothing new
    undo_check_in(actor=_arbiter(), registration=adams, round_number=1)
    undo_check_in(actor=_arbiter(), registration=adams, round_number=1)

    entries = AuditEntry.objects.filter(
        action__in=[AuditAction.CHECKED_IN, AuditAction.CHECK_IN_UNDONE]
    ).order_by("pk")
    assert [sentence(e) for e in entries] == [
        "Adams checked in for round 1",
        "Adams: check-in for round 1 undone",
    ]
    assert [e.user.username for e in entries] == ["arno", "arno"]
    assert CheckIn.objects.count() == 0


def test_check_in_is_refused_without_a_rule_for_another_round_or_by_a_player(tournament):
    adams = _registration(tournament, "Adams")
    before = snapshot()

    with pytest.raises(ValidationError, match="no check-in open"):
        check_in(actor=_arbiter(), registration=adams, round_number=1)
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    after_rule = snapshot()
    with pytest.raises(ValidationError, match="open for round 1 only"):
        check_in(actor=_arbiter(), registration=adams, round_number=2)
    with pytest.raises(PermissionDenied):
        check_in(actor=_user("pat"), registration=adams, round_number=1)

    assert snapshot() == after_rule != before


def test_a_player_with_a_bye_cannot_check_in(tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    jones = _registration(tournament, "Jones")
    RequestedBye.objects.create(registration=jones, round_number=1, kind="H")
    before = snapshot()

    with pytest.raises(ValidationError, match="Jones has a bye in round 1"):
        check_in(actor=_arbiter(), registration=jones, round_number=1)

    assert snapshot() == before
    assert [r.player.last_name for r in not_checked_in(tournament, 1)] == list(NAMES[:9])


def test_a_signed_in_player_checks_in_with_one_click(tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.EVERY)
    adams = _registration(tournament, "Adams")
    account = _user("adams")
    adams.player.account = account
    adams.player.save()

    row = self_check_in(actor=account, tournament=tournament)

    assert (row.registration, row.round_number, row.way, row.by) == (
        adams,
        1,
        CheckInWay.SELF,
        account,
    )
    entry = AuditEntry.objects.get(action=AuditAction.CHECKED_IN)
    assert sentence(entry) == "Adams checked in for round 1 (by themselves)"


def test_a_user_who_does_not_play_here_is_refused(tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.EVERY)
    before = snapshot()

    with pytest.raises(ValidationError, match="do not play in this tournament"):
        self_check_in(actor=_user("stranger"), tournament=tournament)

    assert snapshot() == before


def test_anyone_with_the_right_code_checks_that_player_in(tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    baker = _registration(tournament, "Baker")
    code = code_of(baker)
    typed = f"{code[:3].lower()} {code[3:]}"

    row = self_check_in(actor=AnonymousUser(), tournament=tournament, code=typed)

    assert (row.registration, row.way, row.by) == (baker, CheckInWay.SELF, None)


def test_a_wrong_code_is_refused_and_writes_nothing(tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    codes = {code_of(r) for r in tournament.registrations.all()}
    wrong = next(c for c in ("AAAAAA", "BBBBBB", "CCCCCC") if c not in codes)
    before = snapshot()

    with pytest.raises(ValidationError) as refused:
        self_check_in(actor=AnonymousUser(), tournament=tournament, code=wrong)

    assert refused.value.error_dict["code"][0].code == "wrong_code"
    assert snapshot() == before


def test_codes_are_six_unambiguous_characters_distinct_per_player(tournament):
    codes = [code_of(r) for r in tournament.registrations.all()]

    assert len(set(codes)) == 10
    assert all(len(c) == 6 and set(c) <= set(ALPHABET) for c in codes)
    assert not set("ILO01") & set(ALPHABET)
    assert codes == [code_of(r) for r in tournament.registrations.all()]  # derived, stable


def _check_in_all_but(tournament, *absent: str) -> None:
    for registration in tournament.registrations.select_related("player"):
        if registration.player.last_name not in absent:
            check_in(actor=SYSTEM, registration=registration, round_number=1)


def test_pairing_asks_first_and_writes_nothing(tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    _check_in_all_but(tournament, "Jones")
    before = snapshot()

    with pytest.raises(NotCheckedIn) as asked:
        pair_next_round(actor=_arbiter(), tournament=tournament, number=1)

    assert [r.player.last_name for r in asked.value.missing] == ["Jones"]
    assert str(asked.value.messages[0]) == (
        "1 player has not checked in: Jones. They will not be paired in round 1 and score "
        "what the regulations give an absent player."
    )
    assert snapshot() == before


def test_a_confirmation_of_other_players_asks_again(tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    _check_in_all_but(tournament, "Jones", "Irwin")
    jones = _registration(tournament, "Jones")
    before = snapshot()

    with pytest.raises(NotCheckedIn):
        pair_next_round(actor=_arbiter(), tournament=tournament, absent_confirmed=[jones.pk])

    assert snapshot() == before


def test_confirmed_pairing_leaves_out_exactly_the_unchecked_players(tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    _check_in_all_but(tournament, "Jones")
    jones = _registration(tournament, "Jones")

    round_ = pair_next_round(actor=_arbiter(), tournament=tournament, absent_confirmed=[jones.pk])

    games = list(Game.objects.filter(round=round_).select_related("white", "black"))
    paired = [g for g in games if g.black_id is not None]
    byes = {g.white.last_name: g.result for g in games if g.black_id is None}
    assert len(paired) == 4
    assert byes == {"Irwin": "U", "Jones": "Z"}
    assert {g.white.last_name for g in paired} | {g.black.last_name for g in paired} == set(
        NAMES[:8]
    )
    assert list(RequestedBye.objects.values_list("registration", "round_number", "kind")) == [
        (jones.pk, 1, "Z")
    ]
    entry = AuditEntry.objects.get(action=AuditAction.LEFT_OUT_ABSENT)
    assert sentence(entry) == "Jones did not check in: not paired in round 1 (zero-point bye)"


def test_once_round_1_is_paired_check_in_for_it_is_closed(tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    _check_in_all_but(tournament, "Jones")
    adams = _registration(tournament, "Adams")
    jones = _registration(tournament, "Jones")
    pair_next_round(actor=SYSTEM, tournament=tournament, absent_confirmed=[jones.pk])
    before = snapshot()

    with pytest.raises(ValidationError, match="no check-in open"):
        undo_check_in(actor=_arbiter(), registration=adams, round_number=1)

    assert snapshot() == before


def test_every_round_asks_again_and_first_only_round_1(tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.EVERY)
    _check_in_all_but(tournament)
    round_1 = pair_next_round(actor=SYSTEM, tournament=tournament)
    publish_round(actor=SYSTEM, round=round_1)
    for game in Game.objects.filter(round=round_1, result=""):
        record_result(actor=SYSTEM, game=game, result="10")

    with pytest.raises(NotCheckedIn) as asked:
        pair_next_round(actor=SYSTEM, tournament=tournament)
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    round_2 = pair_next_round(actor=SYSTEM, tournament=tournament)

    assert len(asked.value.missing) == 10
    assert (round_2.number, Game.objects.filter(round=round_2).count()) == (2, 5)


def test_a_round_robin_is_paired_with_everyone(tournament):
    tournament.pairing_system = PairingSystem.ROUND_ROBIN
    tournament.save(update_fields=["pairing_system"])
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    _check_in_all_but(tournament, "Jones")

    round_ = pair_next_round(actor=SYSTEM, tournament=tournament)

    assert Game.objects.filter(round=round_, black__isnull=False).count() == 5
    assert not RequestedBye.objects.exists()


def test_a_discarded_draft_takes_the_bye_back_and_the_late_player_checks_in(tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    _check_in_all_but(tournament, "Jones")
    jones = _registration(tournament, "Jones")
    RequestedBye.objects.create(
        registration=_registration(tournament, "Irwin"), round_number=2, kind="H"
    )
    round_ = pair_next_round(actor=SYSTEM, tournament=tournament, absent_confirmed=[jones.pk])

    discard_pairings(actor=SYSTEM, round=round_)
    check_in(actor=SYSTEM, registration=jones, round_number=1)
    again = pair_next_round(actor=SYSTEM, tournament=tournament)

    assert list(RequestedBye.objects.values_list("round_number", "kind")) == [(2, "H")]
    assert Game.objects.filter(round=again, black__isnull=False).count() == 5
    discarded = AuditEntry.objects.get(action=AuditAction.PAIRINGS_DISCARDED)
    assert discarded.before["left_out"] == ["Jones"]


def test_the_history_reads_in_russian(tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.EVERY)
    check_in(actor=SYSTEM, registration=_registration(tournament, "Adams"), round_number=1)

    with translation.override("ru"):
        told = [sentence(e) for e in AuditEntry.objects.order_by("pk")]

    assert told == ["Отметка перед каждым туром", "Adams отметился на тур 1"]


def test_check_in_closes_when_the_tournament_is_finished_or_all_rounds_are_paired(tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.EVERY)
    assert check_in_round(tournament) == 1

    tournament.rounds_planned = 1
    Round.objects.create(tournament=tournament, number=1)
    assert check_in_round(tournament) is None
    tournament.rounds_planned = 5
    assert check_in_round(tournament) == 2
    tournament.status = TournamentStatus.FINISHED
    assert check_in_round(tournament) is None


def test_a_mcmahon_go_round_leaves_out_the_unchecked_player_too():
    go = create_tournament(
        name="Go Cup",
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 2),
        pairing_system=PairingSystem.MCMAHON_GO,
        rounds_planned=3,
        actor=SYSTEM,
    )
    for name, grade in (("Kim", "3d"), ("Lee", "1d"), ("Park", "2k"), ("Cho", "5k")):
        register_player(tournament=go, player=make_player(name), grade=grade, actor=SYSTEM)
    set_check_in_rule(actor=SYSTEM, tournament=go, rule=CheckInRule.FIRST)
    _check_in_all_but(go, "Cho")
    cho = _registration(go, "Cho")

    with pytest.raises(NotCheckedIn):
        pair_next_round(actor=SYSTEM, tournament=go)
    round_ = pair_next_round(actor=SYSTEM, tournament=go, absent_confirmed=[cho.pk])

    games = Game.objects.filter(round=round_).select_related("white")
    assert sorted((g.white.last_name, g.result) for g in games if g.black_id is None) == [
        ("Cho", "Z"),
        ("Park", "U"),
    ]
    assert sum(1 for g in games if g.black_id is not None) == 1
