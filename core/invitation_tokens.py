"""The one-time tokens of invitation links: made, hashed and matched (only hashes are stored)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

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
