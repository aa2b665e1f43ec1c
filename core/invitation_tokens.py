"""The tokens of links mailed to people: invitations and online entries' confirmations (one-time,
random, only their hashes stored), and entries' withdrawal links (signed, so every mail about
an entry can carry one without storing it)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from django.core import signing
from django.utils import timezone


def new_token() -> str:
    """A fresh random token for a link (43 URL-safe characters)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What is stored of ``token``: its SHA-256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(invitation: Any, token: str) -> bool:
    """Whether ``token`` opens ``invitation`` now: its hash matches and it is pending."""
    if invitation is None or not isinstance(token, str):
        return False
    if not hmac.compare_digest(invitation.token_hash, token_hash(token)):
        return False
    return invitation.is_pending(timezone.now())


def entry_token_matches(entry: Any, token: str) -> bool:
    """Whether ``token`` confirms ``entry``: its hash matches and it awaits confirmation."""
    if entry is None or not isinstance(token, str) or not entry.token_hash:
        return False
    return hmac.compare_digest(entry.token_hash, token_hash(token))


_WITHDRAW_SALT = "events.entry.withdraw"


def withdraw_token(entry: Any) -> str:
    """The token of ``entry``'s withdrawal link (signed with the site's secret key)."""
    return signing.dumps(entry.pk, salt=_WITHDRAW_SALT)


def entry_of_withdraw_token(token: str) -> int | None:
    """The primary key of the entry whose withdrawal link ``token`` is, or ``None``."""
    try:
        value = signing.loads(token, salt=_WITHDRAW_SALT)
    except signing.BadSignature:
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def withdraw_token_matches(entry: Any, token: str) -> bool:
    return isinstance(token, str) and entry_of_withdraw_token(token) == entry.pk
