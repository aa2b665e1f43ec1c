"""``actions.online_entries``: entering, confirming, the waiting list, decisions and fees."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from actions import online_entries as oe
from core.enums import AuditAction, MailKind
from core.invitation_tokens import withdraw_token
from core.models import AuditEntry, OutgoingMail
from events.enums import EntryStatus
from events.models import Discount, Entry
from players.models import Player
from ratings.models import RatingList
from tests.factories import (
    make_club,
    make_entry_section,
    make_open_event,
    make_player,
    make_rating,
    make_round,
)
from tests.helpers import snapshot
from tournaments.models import Registration

pytestmark = pytest.mark.django_db

LINKS = oe.Links(
    confirm=lambda token: f"http://testserver/events/entry/{token}/",
    withdraw=lambda token: f"http://testserver/events/entry/{token}/withdraw/",
)
LINK = r"http://testserver/events/entry/([\w-]+)/"


def user(name: str, **fields):
    return get_user_model().objects.create_user(
        name,
        email=f"{name}@example.org",
        password="pw-123456",  # noqa: S106 -- a test user
        **fields,
    )


def signed_in_player(name: str, **fields):
    account = user(name.lower())
    player = make_player(name, "A", account=account, **fields)
    return account, player


def rapid():
    return RatingList.objects.get(slug="chess-rapid")


def blitz():
    return RatingList.objects.get(slug="chess-blitz")


def token_of(mail: OutgoingMail) -> str:
    return re.search(LINK, mail.body).group(1)


def guest(section, **fields):
    fields.setdefault("last_name", "Guest")
    fields.setdefault("first_name", "Gina")
    fields.setdefault("sex", "f")
    fields.setdefault("birth_year", 1990)
    fields.setdefault("email", "gina@example.org")
    return oe.enter_as_guest(actor=_anonymous(), section=section, links=LINKS, **fields)


def _anonymous():
    from django.contrib.auth.models import AnonymousUser

    return AnonymousUser()


@pytest.fixture
def club():
    return make_club("Rooks")


@pytest.fixture
def organiser(club):
    account = user("org")
    club.organisers.add(account)
    return account


@pytest.fixture
def event(club):
    return make_open_event("Spring Weekend", club=club, start_date=datetime.date(2026, 4, 11))


def test_a_signed_in_player_enters_a_rapid_and_a_blitz_section_at_once(event, club):
    Discount.objects.create(event=event, kind="club", percent=50)
    open_rapid = make_entry_section(event, name="Rapid", rating_list=rapid(), fee=Decimal("20"))
    open_blitz = make_entry_section(event, name="Blitz", rating_list=blitz(), fee=Decimal("10"))
    account, player = signed_in_player("Ann", club=club)
    make_rating(player, 1800, rating_list=rapid())

    made = oe.enter(actor=account, sections=[open_rapid, open_blitz], links=LINKS)

    assert [(e.section, e.status, e.fee, e.discount) for e in made] == [
        (open_rapid, EntryStatus.ACCEPTED, Decimal("10.00"), "club"),
        (open_blitz, EntryStatus.ACCEPTED, Decimal("5.00"), "club"),
    ]
    registration = Registration.objects.get(tournament=open_rapid.tournament)
    assert (registration.player, registration.rating_at_start) == (player, 1800)
    assert made[0].registration == registration
    assert made[0].email == "ann@example.org"
    mails = OutgoingMail.objects.order_by("pk")
    assert [(m.to, m.kind, m.subject) for m in mails] == [
        ("ann@example.org", MailKind.ENTRY, "Your entry to Rapid is accepted"),
        ("ann@example.org", MailKind.ENTRY, "Your entry to Blitz is accepted"),
    ]
    assert "To withdraw your entry: http://testserver/events/entry/" in mails[0].body
    assert list(
        AuditEntry.objects.filter(action=AuditAction.ENTRY_MADE)
        .order_by("pk")
        .values_list("summary", flat=True)
    ) == ["Ann, A entered Rapid online", "Ann, A entered Blitz online"]


def test_two_sections_of_one_kind_are_refused_unless_the_event_allows_them(event):
    first = make_entry_section(event, name="Blitz A", rating_list=blitz())
    second = make_entry_section(event, name="Blitz B", rating_list=blitz())
    account, _player = signed_in_player("Bob")
    before = snapshot()
    with pytest.raises(ValidationError) as refused:
        oe.enter(actor=account, sections=[first, second], links=LINKS)
    assert refused.value.messages == [
        "You may enter only one of Blitz A and Blitz B (the same kind)."
    ]
    assert snapshot() == before
    oe.enter(actor=account, sections=[first], links=LINKS)
    with pytest.raises(ValidationError):
        oe.enter(actor=account, sections=[second], links=LINKS)
    event.several_of_a_kind = True
    event.save()
    (entry,) = oe.enter(actor=account, sections=[second], links=LINKS)
    assert entry.status == EntryStatus.ACCEPTED


def test_an_ineligible_player_is_told_why_and_nothing_is_written(event):
    juniors = make_entry_section(event, name="U12", age_max=12, rating_max=1500)
    account, player = signed_in_player("Carl", birth_date=datetime.date(2010, 5, 5))
    make_rating(player, 1600)
    before = snapshot()
    with pytest.raises(ValidationError) as refused:
        oe.enter(actor=account, sections=[juniors], links=LINKS)
    assert refused.value.messages == [
        "U12 is for players rated up to 1500; for players under 12 on 1 January."
    ]
    assert snapshot() == before


def test_entries_closed_are_refused(event):
    section = make_entry_section(event)
    account, _player = signed_in_player("Dora")
    event.entries_close_at = timezone.now() - datetime.timedelta(minutes=1)
    event.save()
    with pytest.raises(ValidationError, match="Entries to Spring Weekend are closed"):
        oe.enter(actor=account, sections=[section], links=LINKS)
    with pytest.raises(ValidationError, match="closed"):
        guest(section)
    event.entries_close_at = None
    event.entries_open = False
    event.save()
    with pytest.raises(ValidationError, match="closed"):
        guest(section)
    assert Entry.objects.count() == 0


def test_a_user_without_a_player_or_an_organiser_cannot_enter_as_a_player(event):
    section = make_entry_section(event)
    with pytest.raises(ValidationError, match="not linked to a player"):
        oe.enter(actor=user("nobody"), sections=[section], links=LINKS)


def test_a_guests_fide_id_joins_the_player_already_in_the_database(event):
    section = make_entry_section(event, name="Open")
    known = make_player("Kasparova", "Kira", fide_id=4100123, sex="f")
    make_rating(known, 2100)
    players = Player.objects.count()

    entry = guest(section, last_name="Kasparova", first_name="K", fide_id=4100123)

    assert (entry.player, entry.status) == (known, EntryStatus.UNCONFIRMED)
    (mail,) = OutgoingMail.objects.all()
    assert (mail.to, mail.kind, mail.subject) == (
        "gina@example.org",
        MailKind.ACCOUNT,
        "Confirm your entry to Open",
    )
    assert entry.token_hash and entry.token_hash not in mail.body
    confirmed = oe.confirm(actor=_anonymous(), token=token_of(mail), links=LINKS)
    assert confirmed.status == EntryStatus.ACCEPTED
    assert confirmed.token_hash == ""
    assert Registration.objects.get(tournament=section.tournament).player == known
    assert Player.objects.count() == players
    with pytest.raises(ValidationError, match="not valid"):
        oe.confirm(actor=_anonymous(), token=token_of(mail), links=LINKS)


def test_a_guest_without_a_match_becomes_a_new_player_only_when_accepted(event):
    section = make_entry_section(event, name="Open")
    entry = guest(section, last_name="Newman", first_name="Nina", birth_year=2001)
    assert entry.player is None
    assert not Player.objects.filter(last_name="Newman").exists()
    token = token_of(OutgoingMail.objects.get())
    entry = oe.confirm(actor=_anonymous(), token=token, links=LINKS)
    player = Player.objects.get(last_name="Newman")
    assert (player.first_name, player.sex, player.birth_date) == (
        "Nina",
        "f",
        datetime.date(2001, 1, 1),
    )
    assert entry.player == player
    assert entry.registration.player == player


def test_a_guest_like_an_existing_player_is_proposed_to_the_organiser(event, organiser):
    section = make_entry_section(event, name="Open")
    twin = make_player("Ivanova", "Anna", sex="f", birth_date=datetime.date(1990, 6, 1))
    entry = guest(section, last_name="Ivanova", first_name="Anna", birth_year=1990)
    entry = oe.confirm(actor=_anonymous(), token=token_of(OutgoingMail.objects.get()), links=LINKS)
    assert (entry.status, entry.player) == (EntryStatus.PENDING, None)
    with pytest.raises(oe.NeedsChoice) as asked:
        oe.approve(actor=organiser, entry=entry, links=LINKS)
    assert asked.value.players == [twin]
    entry = oe.approve(actor=organiser, entry=entry, player=twin, links=LINKS)
    assert (entry.status, entry.player) == (EntryStatus.ACCEPTED, twin)
    assert Player.objects.filter(last_name="Ivanova").count() == 1


def test_the_same_address_cannot_enter_a_section_twice_while_live(event):
    section = make_entry_section(event, name="Open")
    guest(section)
    before = snapshot()
    with pytest.raises(ValidationError) as refused:
        guest(section, email="GINA@example.org", last_name="Other")
    assert refused.value.message_dict == {
        "email": ["This e-mail address has already entered this section."]
    }
    assert snapshot() == before


@pytest.mark.parametrize(
    ("fields", "errors"),
    [
        ({"last_name": " "}, {"last_name": ["Enter your last name."]}),
        ({"sex": "x"}, {"sex": ["Choose male or female."]}),
        ({"birth_year": 1850}, {"birth_year": ["The birth year must be from 1900 to 2026."]}),
        ({"federation": "E1"}, {"federation": ["Use a three-letter federation code, e.g. ENG."]}),
        ({"fide_id": -4}, {"fide_id": ["A FIDE ID is a positive whole number."]}),
        ({"email": "not an address"}, {"email": ["Enter a valid e-mail address."]}),
    ],
)
def test_bad_guest_input_is_refused_on_its_field(event, fields, errors):
    section = make_entry_section(event)
    before = snapshot()
    with pytest.raises(ValidationError) as refused:
        guest(section, **fields)
    assert refused.value.message_dict == errors
    assert snapshot() == before


def test_a_full_section_puts_the_next_on_the_waiting_list_and_a_withdrawal_moves_it_up(event):
    section = make_entry_section(event, name="Open", cap=2)
    entries = []
    for name in ("One", "Two", "Three", "Four"):
        account, _player = signed_in_player(name)
        (entry,) = oe.enter(actor=account, sections=[section], links=LINKS)
        entries.append((account, entry))
    assert [e.status for _a, e in entries] == ["accepted", "accepted", "waiting", "waiting"]
    third = OutgoingMail.objects.filter(to="three@example.org").get()
    assert third.subject == "On the waiting list of Open"
    assert "you are number 1 on its waiting list" in third.body
    fourth = OutgoingMail.objects.filter(to="four@example.org").get()
    assert "you are number 2 on its waiting list" in fourth.body

    account, first = entries[0]
    oe.withdraw(actor=account, entry=first, links=LINKS)

    assert Entry.objects.get(pk=first.pk).status == EntryStatus.WITHDRAWN
    assert Entry.objects.get(pk=entries[2][1].pk).status == EntryStatus.ACCEPTED
    assert Entry.objects.get(pk=entries[3][1].pk).status == EntryStatus.WAITING
    assert sorted(
        Registration.objects.filter(tournament=section.tournament).values_list(
            "player__last_name", flat=True
        )
    ) == ["Three", "Two"]
    moved = OutgoingMail.objects.filter(to="three@example.org").order_by("pk").last()
    assert moved.subject == "A place for you in Open"
    assert AuditEntry.objects.filter(action=AuditAction.ENTRY_MOVED_UP).get().summary == (
        "Three, A moved up from the waiting list of Open"
    )


def test_the_link_in_the_mail_withdraws_and_a_stranger_cannot(event):
    section = make_entry_section(event, name="Open")
    account, _player = signed_in_player("Eve")
    (entry,) = oe.enter(actor=account, sections=[section], links=LINKS)
    with pytest.raises(PermissionDenied):
        oe.withdraw(actor=user("stranger"), entry=entry, links=LINKS)
    with pytest.raises(PermissionDenied):
        oe.withdraw(actor=_anonymous(), entry=entry, token="forged:token", links=LINKS)  # noqa: S106
    entry = oe.withdraw(actor=_anonymous(), entry=entry, token=withdraw_token(entry), links=LINKS)
    assert entry.status == EntryStatus.WITHDRAWN
    assert entry.registration is None
    assert not Registration.objects.exists()


def test_withdrawing_after_the_start_withdraws_the_player_the_usual_way(event, organiser):
    section = make_entry_section(event, name="Open")
    account, _player = signed_in_player("Finn")
    (entry,) = oe.enter(actor=account, sections=[section], links=LINKS)
    make_round(section.tournament, 1)
    entry = oe.withdraw(actor=organiser, entry=entry, links=LINKS)
    registration = Registration.objects.get()
    assert registration.withdrawn_after_round == 1
    assert entry.registration == registration


def test_the_organiser_approves_or_rejects_and_the_player_is_told(event, organiser):
    event.approve_entries = True
    event.save()
    section = make_entry_section(event, name="Open")
    first_account, _ = signed_in_player("Gus")
    second_account, _ = signed_in_player("Hal")
    (first,) = oe.enter(actor=first_account, sections=[section], links=LINKS)
    (second,) = oe.enter(actor=second_account, sections=[section], links=LINKS)
    assert (first.status, second.status) == ("pending", "pending")
    assert not Registration.objects.exists()
    with pytest.raises(PermissionDenied):
        oe.approve(actor=first_account, entry=first, links=LINKS)
    with pytest.raises(PermissionDenied):
        oe.approve(actor=user("other-club"), entry=first, links=LINKS)
    assert oe.approve(actor=organiser, entry=first, links=LINKS).status == "accepted"
    assert oe.reject(actor=organiser, entry=second, links=LINKS).status == "rejected"
    assert [m.subject for m in OutgoingMail.objects.filter(to="hal@example.org")] == [
        "Your entry to Open is received",
        "Your entry to Open is declined",
    ]
    with pytest.raises(ValidationError, match="Only an entry awaiting approval"):
        oe.approve(actor=organiser, entry=second, links=LINKS)


def test_payments_are_recorded_up_to_the_fee(event, organiser):
    section = make_entry_section(event, name="Open", fee=Decimal("25"))
    account, _player = signed_in_player("Ida")
    (entry,) = oe.enter(actor=account, sections=[section], links=LINKS)
    for amount, message in (
        ("-1", "The amount cannot be negative."),
        ("25.01", "The amount cannot be more than the fee, 25.00."),
        ("ten", "Enter an amount such as 15 or 15.50."),
        ("1.005", "Enter an amount such as 15 or 15.50."),
    ):
        with pytest.raises(ValidationError) as refused:
            oe.record_payment(actor=organiser, entry=entry, amount=amount)
        assert refused.value.message_dict == {"amount": [message]}
    with pytest.raises(PermissionDenied):
        oe.record_payment(actor=account, entry=entry, amount="25")
    entry = oe.record_payment(actor=organiser, entry=entry, amount="25")
    assert (entry.paid, entry.paid_at is not None) == (Decimal("25"), True)
    assert AuditEntry.objects.filter(action=AuditAction.ENTRY_PAID).get().summary == (
        "Ida, A paid 25 EUR for Open"
    )


def test_a_fide_id_imported_after_the_entry_joins_that_player_on_acceptance(event):
    section = make_entry_section(event, name="Open")
    entry = guest(section, last_name="Late", fide_id=4100999)
    assert entry.player is None
    imported = make_player("Late", "L", fide_id=4100999, sex="f")

    entry = oe.confirm(actor=_anonymous(), token=token_of(OutgoingMail.objects.get()), links=LINKS)

    assert (entry.status, entry.player) == (EntryStatus.ACCEPTED, imported)
    assert Player.objects.filter(fide_id=4100999).count() == 1


def test_a_player_whose_address_entered_as_a_guest_is_told_they_entered_already(event):
    section = make_entry_section(event, name="Open")
    account, _player = signed_in_player("Jo")
    guest(section, email="jo@example.org")
    before = snapshot()
    with pytest.raises(ValidationError) as refused:
        oe.enter(actor=account, sections=[section], links=LINKS)
    assert refused.value.messages == ["You have already entered Open."]
    assert snapshot() == before
