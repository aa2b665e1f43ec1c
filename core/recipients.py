"""Who receives a mail: the addresses of players (and of a tournament's officials), with the
preferences of those addresses read in the same query.

A player's address is their account's e-mail, else the e-mail of their latest live online
entry (:class:`events.models.Entry`). :func:`recipients` answers only the addresses that
receive the kind of mail asked about (:class:`core.models.MailPreference`), each with the
language its mails are written in, so an action writes its letters with
``unit.mail(..., checked=True)`` and the unit reads nothing more before writing them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import F, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce, Lower, NullIf

from core.enums import MailKind
from core.models import MailPreference
from events.enums import LIVE_ENTRY_STATUSES
from events.models import Entry
from players.models import Player
from tournaments.models import Tournament


@dataclass(frozen=True)
class Recipient:
    address: str
    #: The language the address chose for its mails (its preferences), else the site's.
    language: str


def _with_preferences(rows: QuerySet, address: str) -> QuerySet:
    preference = MailPreference.objects.filter(address=Lower(OuterRef(address)))
    return rows.annotate(
        mail_off=Subquery(preference.values("off")[:1]),
        mail_language=Subquery(preference.values("language")[:1]),
    )


def _wanted(rows: Iterable[tuple[int, str | None, str | None, str | None]], kind: str) -> dict:
    found = {}
    for pk, address, off, language in rows:
        if not address:
            continue
        if kind != MailKind.ACCOUNT and kind in (off or "").split(","):
            continue
        found[pk] = Recipient(address, language or settings.LANGUAGE_CODE)
    return found


def recipients(player_ids: Iterable[int | None], kind: str) -> dict[int, Recipient]:
    """The players of ``player_ids`` who have an address that receives mail of ``kind``, by
    player pk (one query; none without players)."""
    ids = sorted({pk for pk in player_ids if pk})
    if not ids:
        return {}
    entry = (
        Entry.objects.filter(player_id=OuterRef("pk"), status__in=LIVE_ENTRY_STATUSES)
        .order_by("-created_at", "-pk")
        .values("email")[:1]
    )
    rows = Player.objects.filter(pk__in=ids).annotate(
        mail_address=Coalesce(NullIf(F("account__email"), Value("")), Subquery(entry))
    )
    rows = _with_preferences(rows, "mail_address")
    return _wanted(rows.values_list("pk", "mail_address", "mail_off", "mail_language"), kind)


def officials(tournament: Tournament, kind: str) -> dict[int, Recipient]:
    """The tournament's arbiters and its club's organisers (active accounts with an address)
    who receive mail of ``kind``, by user pk (one query)."""
    officials = Q(arbitrated_tournaments=tournament)
    if tournament.club_id is not None:
        officials |= Q(organised_clubs=tournament.club_id)
    rows = (
        get_user_model()
        .objects.filter(officials, is_active=True)
        .exclude(email="")
        .annotate(mail_address=F("email"))
        .distinct()
    )
    rows = _with_preferences(rows, "mail_address")
    return _wanted(rows.values_list("pk", "mail_address", "mail_off", "mail_language"), kind)


def preference_of(address: str) -> MailPreference | None:
    """The preferences of ``address`` (``None``: it receives every kind, in the site's
    language)."""
    return MailPreference.objects.filter(address=address.strip().lower()).first()
