"""Invitations to a club's roles (``actions.invitations``, ``backoffice/views/invitations.py``).

The mails go through Django's SMTP backend to a real SMTP server the test starts
(``smtp_server``, aiosmtpd). Every refusal — an expired, used, revoked or unknown link, an
inviter without the role, a bad address — is checked to write nothing: every row of the
project's tables and the accounts, before and after.
"""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from actions.clubs import open_club
from actions.invitations import (
    InvitationUnusable,
    NewAccount,
    accept_invitation,
    invite,
    resend_invitation,
    revoke_invitation,
)
from core.enums import AuditAction
from core.models import AuditEntry, Invitation
from players.models import Club
from tests.factories import make_player
from tests.helpers import snapshot

pytestmark = pytest.mark.django_db

PASSWORD = "a long pass phrase 42"  # noqa: S105 -- a test account's


def everything() -> tuple:
    """Every row of the project's tables, and the accounts."""
    users = get_user_model().objects.order_by("pk").values_list("pk", "username", "email")
    return snapshot(), list(users)


def log_in(username: str, password: str) -> str:
    """Log in on the site's login form; where it sends the user (the login page again when
    refused)."""
    response = Client().post(reverse("login"), {"username": username, "password": password})
    return response["Location"] if response.status_code == 302 else reverse("login")


def link_of(token: str) -> str:
    return f"http://testserver/accounts/invitation/{token}/"


@pytest.fixture
def club():
    club = Club.objects.create(name="Knights", city="York")
    organiser = get_user_model().objects.create_user("olga", email="olga@example.org")
    club.organisers.add(organiser)
    return club


def _organiser(club):
    return club.organisers.get()


def _token_of(mail) -> str:
    return mail.link.rstrip("/").rsplit("/", 1)[1]


def _invite(club, smtp_server, email="ann@example.org", role="arbiter", **extra):
    sent = invite(actor=_organiser(club), club=club, email=email, role=role, link=link_of, **extra)
    (mail,) = smtp_server.to(email)
    return sent, _token_of(mail)


# --------------------------------------------------------------------------- the happy paths


def test_staff_create_a_club_and_its_organiser_accepts_the_mailed_link(smtp_server):
    staff = get_user_model().objects.create_user("boss", password=PASSWORD, is_staff=True)
    client = Client()
    client.force_login(staff)

    response = client.post(
        reverse("tournaments:organise_club_create"),
        {"name": "Rooks", "short_name": "RK", "city": "Leeds", "federation": "ENG",
         "organiser_email": "first@example.org"},
    )  # fmt: skip
    club = Club.objects.get(name="Rooks")
    (mail,) = smtp_server.messages
    anonymous = Client()
    page = anonymous.get(mail.link)
    accepted = anonymous.post(
        mail.link,
        {"username": "first", "first_name": "Fay", "last_name": "First",
         "password1": PASSWORD, "password2": PASSWORD},
    )  # fmt: skip
    again = anonymous.get(mail.link)

    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:organise_club", args=[club.pk])
    assert (club.short_name, club.city, club.federation) == ("RK", "Leeds", "ENG")
    assert (mail.message["From"], mail.sender, mail.recipients, mail.subject) == (
        "clubrating <noreply@localhost>",
        "noreply@localhost",
        ["first@example.org"],
        "Invitation to Rooks",
    )
    assert "You are invited to Rooks on clubrating as organiser of the club." in mail.body
    assert page.status_code == 200
    assert page.context["form"].initial["username"] == "first@example.org"
    assert accepted.status_code == 302 and accepted["Location"] == reverse("login")
    assert list(club.organisers.values_list("username", "email", "first_name")) == [
        ("first", "first@example.org", "Fay")
    ]
    assert log_in("first", PASSWORD) == reverse("account")
    assert again.status_code == 410
    assert again.context["unusable"] == (
        "This invitation was used already. Log in with the account it made."
    )
    assert list(AuditEntry.objects.order_by("pk").values_list("action", flat=True)) == [
        AuditAction.CLUB_CREATED,
        AuditAction.INVITATION_SENT,
        AuditAction.INVITATION_ACCEPTED,
    ]


def test_the_new_club_form_sent_twice_makes_one_club_and_one_mail(smtp_server):
    staff = get_user_model().objects.create_user("boss", is_staff=True)
    client = Client()
    client.force_login(staff)
    form = client.get(reverse("tournaments:organise_club_create")).context["form"]
    data = {"name": "Rooks", "organiser_email": "first@example.org",
            "submission": form["submission"].value()}  # fmt: skip

    first = client.post(reverse("tournaments:organise_club_create"), data)
    second = client.post(reverse("tournaments:organise_club_create"), data)

    club = Club.objects.get()
    assert first["Location"] == second["Location"]
    assert second["Location"] == reverse("tournaments:organise_club", args=[club.pk])
    assert len(smtp_server.messages) == 1
    assert Invitation.objects.count() == 1


def test_a_player_invitation_links_the_account_to_the_player(club, smtp_server):
    player = make_player("Spencer", "Lucy", club=club)
    _sent, token = _invite(club, smtp_server, "lucy@example.org", "player", player=player)

    accept_invitation(
        actor=AnonymousUser(), token=token, account=NewAccount("lucy", PASSWORD, "Lucy")
    )

    player.refresh_from_db()
    assert player.account.get_username() == "lucy"
    assert player.account.email == "lucy@example.org"
    assert "Your account will be linked to the player Spencer, Lucy." in (
        smtp_server.to("lucy@example.org")[0].body
    )


def test_an_arbiter_invited_to_a_tournament_is_appointed_on_accepting(club, smtp_server):
    from tests.factories import make_tournament

    tournament = make_tournament(name="York Open", club=club)
    _sent, token = _invite(club, smtp_server, tournament=tournament)

    accept_invitation(actor=AnonymousUser(), token=token, account=NewAccount("ann", PASSWORD))

    assert list(tournament.arbiters.values_list("username", flat=True)) == ["ann"]


def test_an_existing_account_signs_in_and_accepts(club, smtp_server):
    ann = get_user_model().objects.create_user("ann", email="ANN@example.org", password=PASSWORD)
    _sent, token = _invite(club, smtp_server, "ann@example.org", "organiser")
    client = Client()

    anonymous_page = client.get(link_of(token))
    client.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    response = client.post(link_of(token))

    assert anonymous_page.context["account_exists"] is True
    assert anonymous_page.context["form"] is None
    assert response.status_code == 302 and response["Location"] == reverse("account")
    assert sorted(club.organisers.values_list("username", flat=True)) == ["ann", "olga"]
    assert Invitation.objects.get().accepted_by == ann


def test_sending_again_gives_a_new_link_and_the_old_one_stops(club, smtp_server):
    sent, first = _invite(club, smtp_server)

    resend_invitation(actor=_organiser(club), invitation=sent.invitation, link=link_of)
    second = _token_of(smtp_server.to("ann@example.org")[1])
    old = Client().get(link_of(first))
    new = Client().get(link_of(second))

    assert first != second
    assert old.status_code == 410
    assert old.context["unusable"].startswith("This invitation link is not valid")
    assert new.status_code == 200


def test_the_club_page_lists_members_and_pending_invitations(club, smtp_server):
    player = make_player("Spencer", "Lucy", club=club)
    _invite(club, smtp_server, "lucy@example.org", "player", player=player)
    _sent, token = _invite(club, smtp_server)
    accept_invitation(
        actor=AnonymousUser(), token=token, account=NewAccount("ann", PASSWORD, "Ann", "Ash")
    )
    client = Client()
    client.force_login(_organiser(club))

    response = client.get(reverse("tournaments:organise_club", args=[club.pk]))

    members = [(m.name, m.roles) for m in response.context["members"]]
    assert members == [("Ann Ash", ("arbiter",)), ("olga", ("organiser",))]
    assert [(i.email, i.role, i.state) for i in response.context["invitations"]] == [
        ("lucy@example.org", "player", "pending")
    ]
    assert list(response.context["invite_form"].fields["player"].queryset) == []


# --------------------------------------------------------------------------- refusals


def test_an_expired_link_says_so_and_writes_nothing(club, smtp_server):
    sent, token = _invite(club, smtp_server)
    Invitation.objects.filter(pk=sent.invitation.pk).update(
        expires_at=timezone.now() - datetime.timedelta(minutes=1)
    )
    before = everything()

    response = Client().post(
        link_of(token), {"username": "ann", "password1": PASSWORD, "password2": PASSWORD}
    )
    with pytest.raises(InvitationUnusable) as refused:
        accept_invitation(actor=AnonymousUser(), token=token, account=NewAccount("a", PASSWORD))

    assert response.status_code == 410
    assert response.context["unusable"] == (
        "This invitation has expired. Ask the club's organiser to send it again."
    )
    assert refused.value.messages == [response.context["unusable"]]
    assert everything() == before


def test_a_used_link_writes_nothing_the_second_time(club, smtp_server):
    _sent, token = _invite(club, smtp_server)
    accept_invitation(actor=AnonymousUser(), token=token, account=NewAccount("ann", PASSWORD))
    before = everything()

    response = Client().post(
        link_of(token), {"username": "ann2", "password1": PASSWORD, "password2": PASSWORD}
    )

    assert response.status_code == 410
    assert response.context["unusable"].startswith("This invitation was used already.")
    assert everything() == before


def test_a_revoked_link_says_so_and_writes_nothing(club, smtp_server):
    sent, token = _invite(club, smtp_server)
    revoke_invitation(actor=_organiser(club), invitation=sent.invitation)
    before = everything()

    response = Client().post(
        link_of(token), {"username": "ann", "password1": PASSWORD, "password2": PASSWORD}
    )

    assert response.status_code == 410
    assert response.context["unusable"] == "This invitation was revoked by the club."
    assert everything() == before


def test_a_made_up_token_writes_nothing(club):
    before = everything()

    response = Client().post(
        link_of("x" * 43), {"username": "ann", "password1": PASSWORD, "password2": PASSWORD}
    )

    assert response.status_code == 410
    assert everything() == before


@pytest.mark.parametrize("who", ["other_organiser", "arbiter", "player", "anonymous"])
def test_only_the_clubs_organisers_and_staff_invite(club, smtp_server, who):
    users = get_user_model().objects
    other = Club.objects.create(name="Bishops")
    actor = AnonymousUser() if who == "anonymous" else users.create_user(who)
    if who == "other_organiser":
        other.organisers.add(actor)
    before = everything()

    with pytest.raises(PermissionDenied):
        invite(actor=actor, club=club, email="x@example.org", role="organiser", link=link_of)
    with pytest.raises(PermissionDenied):
        open_club(actor=actor, fields={"name": "Pawns"}, organiser_email="x@example.org")

    assert everything() == before
    assert smtp_server.messages == []


@pytest.mark.parametrize(
    ("email", "role", "field"),
    [
        ("not-an-address", "arbiter", "email"),
        ("", "organiser", "email"),
        ("ann@example.org", "captain", "role"),
        ("ann@example.org", "player", "player"),  # a player's invitation names the player
        ("olga@example.org", "organiser", "email"),  # an organiser already
    ],
)
def test_bad_input_is_refused_on_its_field_and_writes_nothing(
    club, smtp_server, email, role, field
):
    before = everything()

    with pytest.raises(ValidationError) as refused:
        invite(actor=_organiser(club), club=club, email=email, role=role, link=link_of)

    assert list(refused.value.message_dict) == [field]
    assert everything() == before
    assert smtp_server.messages == []


def test_a_player_of_another_club_or_with_an_account_is_refused(club, smtp_server):
    stranger = make_player("Stranger", club=Club.objects.create(name="Bishops"))
    linked = make_player(
        "Linked", club=club, account=get_user_model().objects.create_user("linked")
    )
    before = everything()

    refusals = []
    for player in (stranger, linked):
        with pytest.raises(ValidationError) as refused:
            invite(
                actor=_organiser(club), club=club, email="p@example.org", role="player",
                player=player, link=link_of,
            )  # fmt: skip
        refusals.append(refused.value.message_dict)

    assert refusals == [
        {"player": ["This player is not a player of the club."]},
        {"player": ["This player has an account already."]},
    ]
    assert everything() == before


def test_a_new_club_with_a_bad_organiser_address_is_not_created(smtp_server):
    staff = get_user_model().objects.create_user("boss", is_staff=True)
    client = Client()
    client.force_login(staff)
    before = everything()

    with pytest.raises(ValidationError):
        open_club(actor=staff, fields={"name": "Pawns"}, organiser_email="nobody@", link=link_of)
    response = client.post(
        reverse("tournaments:organise_club_create"),
        {"name": "Pawns", "organiser_email": "nobody@"},
    )

    assert response.status_code == 200
    assert response.context["form"].errors == {"organiser_email": ["Enter a valid email address."]}
    assert everything() == before


def test_a_weak_password_or_a_taken_user_name_makes_no_account(club, smtp_server):
    get_user_model().objects.create_user("ann")
    _sent, token = _invite(club, smtp_server)
    before = everything()
    client = Client()

    weak = client.post(link_of(token), {"username": "new", "password1": "12345678",
                                        "password2": "12345678"})  # fmt: skip
    taken = client.post(link_of(token), {"username": "ANN", "password1": PASSWORD,
                                         "password2": PASSWORD})  # fmt: skip
    spaced = client.post(link_of(token), {"username": "a b", "password1": PASSWORD,
                                          "password2": PASSWORD})  # fmt: skip

    assert weak.status_code == 200
    assert weak.context["form"].errors["password1"] == [
        "This password is too short. It must contain at least 10 characters.",
        "This password is too common.",
        "This password is entirely numeric.",
    ]
    assert taken.context["form"].errors == {
        "username": ["This user name is taken: choose another."]
    }
    assert list(spaced.context["form"].errors) == ["username"]
    assert everything() == before


def test_a_mail_server_that_refuses_leaves_the_invitation_to_send_again(club, settings):
    from tests.mailserver import free_port

    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", free_port()  # nobody listens

    sent = invite(
        actor=_organiser(club), club=club, email="ann@example.org", role="arbiter", link=link_of
    )

    assert sent.mailed is False
    assert Invitation.objects.get().is_pending() is True


def test_a_pending_invitation_is_not_sent_twice(club, smtp_server):
    _invite(club, smtp_server)
    before = everything()

    with pytest.raises(ValidationError) as refused:
        invite(actor=_organiser(club), club=club, email="ANN@example.org", role="arbiter",
               link=link_of)  # fmt: skip

    assert refused.value.message_dict == {
        "email": ["An invitation is pending already: send it again from the list below."]
    }
    assert everything() == before


def test_staff_may_use_the_admin_for_clubs_still(club):
    staff = get_user_model().objects.create_user("boss", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(staff)

    response = client.get(reverse("admin:players_club_change", args=[club.pk]))

    assert response.status_code == 200
    assert response.context["original"] == club


def test_the_arbiter_picker_finds_the_clubs_accounts_by_name_email_or_player(club, client):
    from backoffice.queries import arbiter_candidates
    from tests.factories import make_tournament

    users = get_user_model().objects
    tournament = make_tournament(name="York Open", club=club)
    lucy = users.create_user("l.s", email="lucy@example.org")
    make_player("Spencer", "Lucy", club=club, account=lucy)
    users.create_user("spencer2", email="other@example.org", last_name="Spencer")  # not a member
    staff = users.create_user("boss", is_staff=True)
    client.force_login(_organiser(club))

    def found(query, user):
        return [a.get_username() for a in arbiter_candidates(tournament, query, user)]

    response = client.get(
        reverse("tournaments:organise_arbiter_search", args=[tournament.slug]),
        {"q": "spenc"},
        headers={"HX-Request": "true"},
    )

    assert found("Spencer Lucy", _organiser(club)) == ["l.s"]  # by the player's name
    assert found("lucy@", _organiser(club)) == ["l.s"]  # by the e-mail
    assert found("olga", _organiser(club)) == ["olga"]  # by the user name
    assert found("spencer", staff) == ["l.s", "spencer2"]  # staff: every account
    assert [a.get_username() for a in response.context["accounts"]] == ["l.s"]
    assert response.context["accounts"][0].linked_player.name == "Spencer, Lucy"
