"""Invitations to a club's roles: by e-mail, with a one-time link to set a password.

    invite(*, actor, club, email, role, player=None, tournament=None, link) -> Sent
                                                        # staff, the club's organisers
    resend_invitation(*, actor, invitation, link) -> Sent       # staff, the club's organisers
    revoke_invitation(*, actor, invitation) -> Invitation       # staff, the club's organisers
    accept_invitation(*, actor, token, account=None) -> Invitation   # the link's holder
    usable_invitation(token) -> Invitation              # or InvitationUnusable, saying why

``link`` turns a token into the absolute address of its page (the view builds it from the
request). The mail goes through Django's e-mail backend after the unit commits: a mail server
that refuses it leaves the invitation pending (``Sent.mailed`` is false: send it again).
Roles (docs/roles.md): an **organiser** joins ``Club.organisers``; an **arbiter** becomes one
of the club's arbiters (the accepted invitation is the record) and, when the invitation names
a tournament of the club, is appointed to it at once; a **player**'s account is linked to the
club's player the invitation names (``Player.account``).
"""

from __future__ import annotations

import datetime
import logging
import smtplib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from core import roles
from core.audit import saved_user
from core.enums import AuditAction
from core.invitation_tokens import new_token, token_hash
from core.models import Invitation, InvitationRole
from core.roles import Actor
from core.unit_of_work import Unit, change
from players.models import Club, Player
from tournaments.models import Tournament

logger = logging.getLogger(__name__)

Link = Callable[[str], str]


class InvitationUnusable(ValidationError):
    """The link cannot be used (unknown, used, revoked or expired): the message says which."""


@dataclass(frozen=True)
class Sent:
    invitation: Invitation
    mailed: bool


@dataclass(frozen=True)
class NewAccount:
    """The account an invitee without one makes on the invitation's page."""

    username: str
    password: str
    first_name: str = ""
    last_name: str = ""


def valid_for() -> datetime.timedelta:
    return datetime.timedelta(days=settings.INVITATION_VALID_DAYS)


# --------------------------------------------------------------------------- inviting


def _clean_email(email: str) -> str:
    email = (email or "").strip()
    try:
        validate_email(email)
    except ValidationError as error:
        raise ValidationError({"email": _("Enter a valid e-mail address.")}) from error
    return email


def _check_target(
    club: Club, role: str, email: str, player: Player | None, tournament: Tournament | None
) -> None:
    """Refuse what the role cannot have, and what is done or pending already."""
    if role not in InvitationRole.values:
        raise ValidationError({"role": _("Choose a role.")})
    if role == InvitationRole.PLAYER:
        if player is None:
            raise ValidationError({"player": _("Choose the player whose account this is.")})
        if player.club_id != club.pk:
            raise ValidationError({"player": _("This player is not a player of the club.")})
        if player.account_id is not None:
            raise ValidationError({"player": _("This player has an account already.")})
    elif player is not None:
        raise ValidationError({"player": _("Only a player's invitation names a player.")})
    if tournament is not None and (role != InvitationRole.ARBITER or tournament.club_id != club.pk):
        raise ValidationError({"tournament": _("Choose a tournament of the club.")})
    if role == InvitationRole.ORGANISER and club.organisers.filter(email__iexact=email).exists():
        raise ValidationError({"email": _("This address is an organiser of the club already.")})
    pending = Invitation.objects.filter(
        club=club,
        role=role,
        email__iexact=email,
        accepted_at__isnull=True,
        revoked_at__isnull=True,
        expires_at__gt=timezone.now(),
    )
    if role == InvitationRole.PLAYER:
        pending = Invitation.objects.filter(
            player=player, accepted_at__isnull=True, revoked_at__isnull=True,
            expires_at__gt=timezone.now(),
        )  # fmt: skip
    if pending.exists():
        raise ValidationError(
            {"email": _("An invitation is pending already: send it again from the list below.")}
        )


def add_invitation(
    unit: Unit,
    *,
    club: Club,
    email: str,
    role: str,
    player: Player | None = None,
    tournament: Tournament | None = None,
) -> tuple[Invitation, str]:
    """The body of :func:`invite`, for a unit that holds the club's organiser role (or staff):
    the invitation and its link's token."""
    email = _clean_email(email)
    _check_target(club, role, email, player, tournament)
    token = new_token()
    now = timezone.now()
    invitation = Invitation.objects.create(
        club=club,
        email=email,
        role=role,
        player=player,
        tournament=tournament,
        token_hash=token_hash(token),
        invited_by=saved_user(unit.actor),
        created_at=now,
        expires_at=now + valid_for(),
    )
    unit.audit(
        AuditAction.INVITATION_SENT,
        params={"email": email, "club": club.name, "role": invitation.role},
        tournament=tournament,
        player=player,
        after=_facts(invitation),
    )
    return invitation, token


def _facts(invitation: Invitation) -> dict[str, Any]:
    return {
        "club": invitation.club_id,
        "email": invitation.email,
        "role": invitation.role,
        "player": invitation.player_id,
        "tournament": invitation.tournament_id,
    }


def invite(
    *,
    actor: Actor,
    club: Club,
    email: str,
    role: str,
    link: Link,
    player: Player | None = None,
    tournament: Tournament | None = None,
) -> Sent:
    """Invite ``email`` to ``role`` in ``club`` and mail the link."""
    with change(actor=actor, role=roles.organiser_of(club)) as unit:
        invitation, token = add_invitation(
            unit, club=club, email=email, role=role, player=player, tournament=tournament
        )
    return Sent(invitation, send_invitation(invitation, token, link))


def resend_invitation(*, actor: Actor, invitation: Invitation, link: Link) -> Sent:
    """Send a pending or expired invitation again: a new token (the old link stops working)
    and a new time limit. A used or revoked invitation is refused."""
    with change(actor=actor, role=roles.organiser_of(invitation.club)) as unit:
        current = Invitation.objects.select_related("club").get(pk=invitation.pk)
        if current.accepted_at is not None or current.revoked_at is not None:
            raise ValidationError(_("This invitation was accepted or revoked: invite again."))
        token = new_token()
        current.token_hash = token_hash(token)
        current.created_at = timezone.now()
        current.expires_at = current.created_at + valid_for()
        current.save(update_fields=["token_hash", "created_at", "expires_at"])
        unit.audit(
            AuditAction.INVITATION_SENT,
            params={"email": current.email, "club": current.club.name, "variant": "again"},
            player=current.player,
            tournament=current.tournament,
            after=_facts(current),
        )
    return Sent(current, send_invitation(current, token, link))


def revoke_invitation(*, actor: Actor, invitation: Invitation) -> Invitation:
    """Revoke a pending invitation: its link stops working."""
    with change(actor=actor, role=roles.organiser_of(invitation.club)) as unit:
        now = timezone.now()
        revoked = Invitation.objects.filter(
            pk=invitation.pk, accepted_at__isnull=True, revoked_at__isnull=True
        ).update(revoked_at=now)
        if not revoked:
            raise ValidationError(_("This invitation was accepted or revoked already."))
        unit.audit(
            AuditAction.INVITATION_REVOKED,
            params={"email": invitation.email, "club": invitation.club.name},
            player=invitation.player,
            before=_facts(invitation),
        )
    invitation.revoked_at = now
    return invitation


# --------------------------------------------------------------------------- the mail


def send_invitation(invitation: Invitation, token: str, link: Link) -> bool:
    """Mail the link through Django's e-mail backend; ``False`` if the server refused it."""
    context = {
        "invitation": invitation,
        "club": invitation.club,
        "role": invitation.get_role_display(),
        "link": link(token),
        "days": settings.INVITATION_VALID_DAYS,
    }
    subject = " ".join(render_to_string("registration/invitation_subject.txt", context).split())
    body = render_to_string("registration/invitation_email.txt", context)
    try:
        send_mail(subject, body, None, [invitation.email])
    except (smtplib.SMTPException, OSError) as error:
        logger.warning("invitation %s not mailed: %s", invitation.pk, error)
        return False
    return True


# --------------------------------------------------------------------------- accepting


def usable_invitation(token: str) -> Invitation:
    """The pending invitation of ``token``, else :class:`InvitationUnusable` saying why."""
    invitation = (
        Invitation.objects.select_related("club", "player", "tournament")
        .filter(token_hash=token_hash(token or ""))
        .first()
    )
    if invitation is None:
        raise InvitationUnusable(
            _("This invitation link is not valid: it may have been sent again since. Use the "
              "link of the latest mail, or ask the club's organiser for a new invitation.")
        )  # fmt: skip
    if invitation.accepted_at is not None:
        raise InvitationUnusable(
            _("This invitation was used already. Log in with the account it made.")
        )
    if invitation.revoked_at is not None:
        raise InvitationUnusable(_("This invitation was revoked by the club."))
    if invitation.expires_at <= timezone.now():
        raise InvitationUnusable(
            _("This invitation has expired. Ask the club's organiser to send it again.")
        )
    return invitation


def _check_account(invitation: Invitation, account: NewAccount) -> None:
    users = get_user_model()
    if users.objects.filter(email__iexact=invitation.email).exists():
        raise ValidationError(
            _("An account with this e-mail address exists already: log in to accept.")
        )
    username = account.username.strip()
    if not username:
        raise ValidationError({"username": _("Choose a user name.")})
    try:
        users.username_validator(username)
    except ValidationError as error:
        raise ValidationError({"username": error.messages}) from error
    if users.objects.filter(username__iexact=username).exists():
        raise ValidationError({"username": _("This user name is taken: choose another.")})
    candidate = users(
        username=username,
        email=invitation.email,
        first_name=account.first_name,
        last_name=account.last_name,
    )
    try:
        validate_password(account.password, candidate)
    except ValidationError as error:
        raise ValidationError({"password1": error.messages}) from error


def _grant(invitation: Invitation, user: Any) -> None:
    """Give ``user`` the invitation's role."""
    if invitation.role == InvitationRole.ORGANISER:
        invitation.club.organisers.add(user)
        return
    if invitation.role == InvitationRole.ARBITER:
        if invitation.tournament is not None:
            invitation.tournament.arbiters.add(user)
        return
    if Player.objects.filter(account=user).exists():
        raise ValidationError(_("This account is linked to a player already."))
    linked = Player.objects.filter(pk=invitation.player_id, account__isnull=True).update(
        account=user
    )
    if not linked:
        raise ValidationError(_("This player has an account already."))


def accept_invitation(*, actor: Actor, token: str, account: NewAccount | None = None) -> Invitation:
    """Accept the invitation of ``token``: as the signed-in ``actor``, or (anonymous) with a
    new ``account`` for the invited address. The token is used up; a refusal writes nothing."""
    invitation = usable_invitation(token)
    signed_in = bool(getattr(actor, "is_authenticated", False))
    if not signed_in and account is None:
        raise ValidationError(_("Set a password, or log in with your account."))
    if not signed_in:
        _check_account(invitation, account)
    with change(actor=actor, role=roles.invitee_of(invitation, token)) as unit:
        if signed_in:
            user = actor
        else:
            user = get_user_model().objects.create_user(
                account.username.strip(),
                email=invitation.email,
                password=account.password,
                first_name=account.first_name.strip(),
                last_name=account.last_name.strip(),
            )
        now = timezone.now()
        claimed = Invitation.objects.filter(
            pk=invitation.pk, accepted_at__isnull=True, revoked_at__isnull=True, expires_at__gt=now
        ).update(accepted_at=now, accepted_by=user)
        if not claimed:
            raise InvitationUnusable(_("This invitation was used already."))
        _grant(invitation, user)
        unit.audit(
            AuditAction.INVITATION_ACCEPTED,
            params={
                "user": user.get_username(),
                "club": invitation.club.name,
                "variant": invitation.role,
            },
            tournament=invitation.tournament,
            player=invitation.player,
            after={**_facts(invitation), "account": user.pk},
        )
    invitation.accepted_at, invitation.accepted_by = now, user
    return invitation
