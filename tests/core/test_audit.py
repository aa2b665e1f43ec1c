"""The audit trail: every service records who did what, before and after, in its transaction."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from actions.boards import add_game, delete_game, edit_board, swap_boards
from actions.byes import cancel_bye, request_bye
from actions.players import update_player
from actions.ratings import close_rating_period, reopen_rating_period, set_starting_rating
from actions.registrations import register_player, withdraw_player
from actions.results import record_result
from actions.rounds import add_round, pair_next_round, publish_round
from core import audit
from core.enums import AuditAction
from core.models import AuditEntry
from core.roles import SYSTEM
from players.models import Club
from tests.factories import make_player, make_superuser, make_tournament, standard_list
from tournaments.enums import PairingSystem

pytestmark = pytest.mark.django_db

D = datetime.date


@pytest.fixture
def staff():
    return make_superuser("arbiter")


@pytest.fixture
def manual(staff):
    """A rated manual tournament with two players and one published round."""
    tournament = make_tournament("Club Cup", start_date=D(2026, 3, 1), end_date=D(2026, 3, 2))
    ann, bob = make_player("Ames", "Ann"), make_player("Bell", "Bob")
    for player in (ann, bob):
        register_player(tournament=tournament, player=player, actor=SYSTEM)
    round_ = add_round(tournament=tournament, actor=staff)
    return tournament, round_, ann, bob


def actions(**filters) -> list[str]:
    return list(
        AuditEntry.objects.filter(**filters).order_by("pk").values_list("action", flat=True)
    )


def test_result_entry_and_correction_are_recorded_with_who_before_and_after(manual, staff):
    tournament, round_, ann, bob = manual
    game = add_game(round=round_, board=1, white=ann, black=bob, actor=staff)

    record_result(game=game, result="10", actor=staff)
    record_result(game=game, result="01", actor=staff, correction=True)

    entered, corrected = AuditEntry.objects.filter(
        action__in=[AuditAction.RESULT_ENTERED, AuditAction.RESULT_CORRECTED]
    ).order_by("pk")
    assert (entered.action, entered.user, entered.tournament, entered.player) == (
        AuditAction.RESULT_ENTERED,
        staff,
        tournament,
        ann,
    )
    assert (entered.before["result"], entered.after["result"]) == ("", "10")
    assert (corrected.before["result"], corrected.after["result"]) == ("10", "01")
    assert corrected.other_player == bob
    assert corrected.summary == "Round 1, board 1: Ames, Ann – Bell, Bob 0–1 (was 1–0)"


def test_adding_and_deleting_a_board_is_recorded(manual, staff):
    tournament, round_, ann, bob = manual
    game = add_game(round=round_, board=1, white=ann, black=bob, result="==", actor=staff)

    delete_game(game=game, actor=staff)

    assert actions(tournament=tournament) == [
        AuditAction.PLAYER_REGISTERED,
        AuditAction.PLAYER_REGISTERED,
        AuditAction.ROUND_ADDED,
        AuditAction.GAME_ADDED,
        AuditAction.GAME_DELETED,
    ]
    deleted = AuditEntry.objects.get(action=AuditAction.GAME_DELETED)
    assert deleted.before == {
        "game": game.pk,
        "round": 1,
        "board": 1,
        "white": ann.pk,
        "black": bob.pk,
        "result": "==",
    }
    assert deleted.after is None


def test_a_refused_service_call_records_nothing(manual, staff):
    _tournament, round_, ann, bob = manual
    game = add_game(round=round_, board=1, white=ann, black=bob, result="10", actor=staff)
    before = AuditEntry.objects.count()

    with pytest.raises(ValidationError):
        record_result(game=game, result="01", actor=staff)  # no correction flag

    assert AuditEntry.objects.count() == before


def test_swiss_flow_records_pairing_publication_swaps_edits_byes_withdrawals(staff):
    tournament = make_tournament(
        "Open",
        rating_list=None,
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=3,
        start_date=D(2026, 5, 1),
        end_date=D(2026, 5, 3),
    )
    players = [make_player(f"P{n}") for n in range(1, 6)]
    registrations = [
        register_player(
            tournament=tournament, player=p, rating_at_start=2000 - 100 * n, actor=staff
        )
        for n, p in enumerate(players)
    ]
    request_bye(registration=registrations[4], round_number=2, kind="H", actor=staff)
    request_bye(registration=registrations[3], round_number=3, kind="Z", actor=staff)
    cancel_bye(registration=registrations[3], round_number=3, actor=staff)
    round_ = pair_next_round(tournament=tournament, actor=staff)
    first, second = round_.games.filter(black__isnull=False).order_by("board")[:2]
    swap_boards(game=first, other=second, actor=staff)
    first.refresh_from_db()
    second.refresh_from_db()
    edit_board(game=first, white=first.white, black=second.black, actor=staff)
    publish_round(round=round_, actor=staff)
    withdraw_player(registration=registrations[0], after_round=1, actor=staff)

    assert actions(tournament=tournament) == [
        *[AuditAction.PLAYER_REGISTERED] * 5,
        AuditAction.BYE_REQUESTED,
        AuditAction.BYE_REQUESTED,
        AuditAction.BYE_CANCELLED,
        AuditAction.ROUND_PAIRED,
        AuditAction.BOARDS_SWAPPED,
        AuditAction.BOARD_EDITED,
        AuditAction.ROUND_PUBLISHED,
        AuditAction.PLAYER_WITHDRAWN,
    ]
    assert set(AuditEntry.objects.values_list("user", flat=True)) == {staff.pk}
    published = AuditEntry.objects.get(action=AuditAction.ROUND_PUBLISHED)
    assert published.after["round"] == 1
    assert len(published.after["boards"]) == 3
    withdrawn = AuditEntry.objects.get(action=AuditAction.PLAYER_WITHDRAWN)
    assert (withdrawn.before, withdrawn.after) == (
        {"withdrawn_after_round": None},
        {"withdrawn_after_round": 1},
    )


def test_period_closing_reopening_starting_rating_and_player_edit_are_recorded(staff):
    rating_list = standard_list()
    ann = make_player("Ames", "Ann")

    set_starting_rating(player=ann, rating_list=rating_list, rating=1800, actor=staff)
    close_rating_period(rating_list=rating_list, date=D(2026, 4, 1), actor=staff)
    reopen_rating_period(rating_list=rating_list, actor=staff)
    update_player(player=ann, actor=staff, changes={"first_name": "Anna"})

    assert actions(rating_list=rating_list) == [
        AuditAction.STARTING_RATING_SET,
        AuditAction.PERIOD_CLOSED,
        AuditAction.PERIOD_REOPENED,
    ]
    closed = AuditEntry.objects.get(action=AuditAction.PERIOD_CLOSED)
    assert closed.after == {"last_list": "2026-04-01"}
    changed = AuditEntry.objects.get(action=AuditAction.PLAYER_CHANGED)
    assert (changed.player, changed.before, changed.after) == (
        ann,
        {"first_name": "Ann"},
        {"first_name": "Anna"},
    )


def test_admin_edit_of_a_player_is_recorded(client, staff):
    ann = make_player("Ames", "Ann")
    client.force_login(staff)

    response = client.post(
        reverse("admin:players_player_change", args=[ann.pk]),
        {
            "last_name": "Ames",
            "first_name": "Ann",
            "sex": "f",
            "birth_date": "2001-02-03",
            "federation": "",
            "club": "",
            "fide_id": "",
            "title": "",
            "ratings-TOTAL_FORMS": "0",
            "ratings-INITIAL_FORMS": "0",
            "ratings-MIN_NUM_FORMS": "0",
            "ratings-MAX_NUM_FORMS": "1000",
        },
    )

    assert response.status_code == 302
    entry = AuditEntry.objects.get(action=AuditAction.PLAYER_CHANGED)
    assert (entry.user, entry.before, entry.after) == (
        staff,
        {"birth_date": None, "sex": "m"},
        {"birth_date": "2001-02-03", "sex": "f"},
    )


def test_history_shows_to_staff_newest_first_and_not_to_the_public(client, manual, staff):
    tournament, round_, ann, bob = manual
    game = add_game(round=round_, board=1, white=ann, black=bob, actor=staff)
    record_result(game=game, result="10", actor=staff)
    url = tournament.get_absolute_url()

    public = client.get(url)
    client.force_login(staff)
    organiser = client.get(url)
    player_page = client.get(ann.get_absolute_url())

    assert "history_table" not in public.context
    assert "History" not in public.content.decode()
    rows = [row.record.action for row in organiser.context["history_table"].paginated_rows]
    assert rows == [
        AuditAction.RESULT_ENTERED,
        AuditAction.GAME_ADDED,
        AuditAction.ROUND_ADDED,
        AuditAction.PLAYER_REGISTERED,
        AuditAction.PLAYER_REGISTERED,
    ]
    assert "Round 1, board 1: Ames, Ann – Bell, Bob 1–0" in organiser.content.decode()
    player_rows = [r.record.action for r in player_page.context["history_table"].paginated_rows]
    assert player_rows == [
        AuditAction.RESULT_ENTERED,
        AuditAction.GAME_ADDED,
        AuditAction.PLAYER_REGISTERED,
    ]


def test_can_see_audit_without_an_object_is_staff_only(staff):
    class Anonymous:
        is_authenticated = False
        is_staff = False

    member = make_superuser("member")
    member.is_staff = False

    assert audit.can_see_audit(staff) is True
    assert audit.can_see_audit(member) is False
    assert audit.can_see_audit(Anonymous()) is False


def test_can_see_audit_follows_the_roles(manual, staff):
    tournament, _round, ann, _bob = manual
    club = Club.objects.create(name="Audit Chess Club")
    organiser = make_superuser("audit-organiser")
    organiser.is_staff = organiser.is_superuser = False
    organiser.save()
    arbiter = make_superuser("audit-arbiter")
    arbiter.is_staff = arbiter.is_superuser = False
    arbiter.save()
    club.organisers.add(organiser)
    tournament.arbiters.add(arbiter)
    ann.club = club
    ann.save()

    assert audit.can_see_audit(arbiter, tournament) is True
    assert audit.can_see_audit(organiser, tournament) is False
    assert audit.can_see_audit(organiser, player=ann) is True
    assert audit.can_see_audit(arbiter, player=ann) is False
    assert audit.can_see_audit(staff, player=ann) is True


def test_audit_entries_are_read_only_in_the_admin(client, manual, staff):
    _tournament, round_, ann, bob = manual
    add_game(round=round_, board=1, white=ann, black=bob, actor=staff)
    entry = AuditEntry.objects.get(action=AuditAction.GAME_ADDED)
    client.force_login(staff)

    listing = client.get(reverse("admin:core_auditentry_changelist"))
    change = client.post(
        reverse("admin:core_auditentry_change", args=[entry.pk]), {"summary": "forged"}
    )
    delete = client.post(reverse("admin:core_auditentry_delete", args=[entry.pk]), {"post": "yes"})

    assert listing.status_code == 200
    assert (change.status_code, delete.status_code) == (403, 403)
    entry.refresh_from_db()
    assert entry.summary == "Round 1, board 1 added: Ames, Ann – Bell, Bob …"


def test_admin_correction_of_a_game_is_recorded_with_the_staff_user(client, manual, staff):
    tournament, round_, ann, bob = manual
    game = add_game(round=round_, board=1, white=ann, black=bob, result="10", actor=staff)
    client.force_login(staff)

    response = client.post(
        reverse("admin:tournaments_game_change", args=[game.pk]), {"result": "=="}
    )

    assert response.status_code == 302
    entry = AuditEntry.objects.get(action=AuditAction.RESULT_CORRECTED)
    assert (entry.user, entry.tournament, entry.before["result"], entry.after["result"]) == (
        staff,
        tournament,
        "10",
        "==",
    )
