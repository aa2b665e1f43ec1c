"""Clubs and the rating lists' own settings: plain rows without rating rules.

    create_club(*, actor, fields) -> Club                       # staff
    open_club(*, actor, fields, organiser_email, link) -> (Club, Sent | None)   # staff: a
        new club and the e-mailed invitation of its first organiser, in one unit
    update_club(*, actor, club, changes) -> Club                 # staff, the club's organisers
    delete_club(*, actor, club) -> None                          # staff
    set_organisers(*, actor, club, organisers) -> list[User]     # staff
    save_rating_list(*, actor, rating_list, changes) -> RatingList   # staff; name, description…
    delete_rating_list(*, actor, rating_list) -> None            # staff; refused once used

Each is one unit of work with its audit entry; the pages showing the row are made stale at
once (a club's or a list's new name shows on the next page load).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from actions.invitations import Link, Sent, add_invitation, send_invitation
from core import roles
from core.audit import snapshot
from core.changes import apply_changes, refuse_unknown
from core.enums import AuditAction
from core.models import InvitationRole
from core.roles import Actor
from core.submissions import Submission, refuse_repeat
from core.unit_of_work import change
from players.models import Club
from ratings.models import RatingList
from rules.search_key import club_key

CLUB_FIELDS = ("name", "short_name", "city", "federation")
#: What staff may change of a rating list (game, time control and system are fixed once a
#: tournament is rated in it: the admin shows them read-only then).
RATING_LIST_FIELDS = ("name", "slug", "game", "time_control", "system", "description", "position")


def create_club(
    *, actor: Actor, fields: dict[str, Any], submission: Submission | None = None
) -> Club:
    """Create a club (``full_clean`` first; a name taken meanwhile is a form error too).
    ``submission``: the form's one-time token (:mod:`core.submissions`)."""
    club, _sent = open_club(actor=actor, fields=fields, submission=submission)
    return club


def open_club(
    *,
    actor: Actor,
    fields: dict[str, Any],
    organiser_email: str = "",
    link: Link | None = None,
    submission: Submission | None = None,
) -> tuple[Club, Sent | None]:
    """Create a club and, with ``organiser_email``, invite its first organiser (the mail goes
    after the commit, :func:`actions.invitations.send_invitation`). A refused address
    refuses the club too: nothing is written."""
    refuse_unknown(Club, fields, CLUB_FIELDS)
    refuse_repeat(submission, actor)
    club = Club(**fields)
    club.search_key = club_key(club.name, club.short_name)
    club.full_clean()
    invited = None
    with change(actor=actor, role=roles.staff(), submission=submission) as unit:
        club.save()
        unit.audit(
            AuditAction.CLUB_CREATED,
            params={"club": club.name},
            after=snapshot(club, CLUB_FIELDS),
        )
        if organiser_email:
            invited = add_invitation(
                unit, club=club, email=organiser_email, role=InvitationRole.ORGANISER
            )
        unit.answered(club)
    if invited is None or link is None:
        return club, None
    invitation, token = invited
    return club, Sent(invitation, send_invitation(invitation, token, link))


def update_club(*, actor: Actor, club: Club, changes: dict[str, Any]) -> Club:
    """Change a club's fields; changing nothing records nothing."""
    with change(actor=actor, role=roles.organiser_of(club)) as unit:
        current = Club.objects.get(pk=club.pk)
        changed = apply_changes(current, changes, editable=CLUB_FIELDS, derive=_search_key)
        if not changed:
            return current
        unit.audit(
            AuditAction.CLUB_CHANGED,
            params={"club": current.name, "fields": changed.fields},
            before=changed.before,
            after=changed.after,
        )
    return current


def _search_key(club: Club) -> dict[str, str]:
    return {"search_key": club_key(club.name, club.short_name)}


def delete_club(*, actor: Actor, club: Club) -> None:
    """Delete a club; its players and tournaments stay, without a club."""
    with change(actor=actor, role=roles.staff()) as unit:
        unit.audit(
            AuditAction.CLUB_DELETED,
            params={"club": club.name},
            before=snapshot(club, CLUB_FIELDS),
        )
        Club.objects.filter(pk=club.pk).delete()


def set_organisers(*, actor: Actor, club: Club, organisers: Any) -> list[Any]:
    """Appoint the organisers of ``club`` (replaces the previous ones; staff only)."""
    organisers = list(organisers)
    with change(actor=actor, role=roles.staff()) as unit:
        before = sorted(club.organisers.values_list("pk", flat=True))
        after = sorted(user.pk for user in organisers)
        if before == after:
            return organisers
        club.organisers.set(organisers)
        unit.audit(
            AuditAction.ORGANISERS_SET,
            params={"club": club.name, "names": [u.get_username() for u in organisers]},
            before={"organisers": before},
            after={"organisers": after},
        )
    return organisers


def save_rating_list(
    *, actor: Actor, rating_list: RatingList | None, changes: dict[str, Any]
) -> RatingList:
    """Create a rating list (``rating_list=None``) or change its settings. The rating rules of
    a list with rated tournaments cannot change here (it would silently change the maths)."""
    if rating_list is None:
        refuse_unknown(RatingList, changes, RATING_LIST_FIELDS)
        created = RatingList(**changes)
        created.full_clean()
        with change(actor=actor, role=roles.staff()) as unit:
            created.save()
            unit.audit(
                AuditAction.RATING_LIST_CHANGED,
                params={"op": "created", "list": created.name},
                rating_list=created,
                after=snapshot(created, RATING_LIST_FIELDS),
            )
        return created
    with change(actor=actor, role=roles.staff(), lists=[rating_list]) as unit:
        current = unit.lists[rating_list.pk]
        changed = apply_changes(
            current,
            changes,
            editable=RATING_LIST_FIELDS,
            refuse=lambda fields: _refuse_rules(current, fields),
        )
        if not changed:
            return current
        unit.audit(
            AuditAction.RATING_LIST_CHANGED,
            params={"op": "changed", "list": current.name, "fields": changed.fields},
            rating_list=current,
            before=changed.before,
            after=changed.after,
        )
    return current


def _refuse_rules(rating_list: RatingList, fields: list[str]) -> None:
    """The rating rules of a list that rates tournaments are fixed."""
    rules = [name for name in fields if name in ("game", "time_control", "system")]
    if rules and rating_list.tournaments.exists():
        raise ValidationError(
            {name: _("Rated tournaments depend on this: it cannot change.") for name in rules}
        )


def delete_rating_list(*, actor: Actor, rating_list: RatingList) -> None:
    """Delete a rating list no tournament is rated in."""
    with change(actor=actor, role=roles.staff(), lists=[rating_list]) as unit:
        current = unit.lists[rating_list.pk]
        if current.tournaments.exists():
            raise ValidationError(_("Tournaments are rated in this list: it cannot be deleted."))
        unit.audit(
            AuditAction.RATING_LIST_CHANGED,
            params={"op": "deleted", "list": current.name},
            before=snapshot(current, RATING_LIST_FIELDS),
        )
        current.delete()
