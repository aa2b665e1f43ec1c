"""What mail an address receives: its preferences (:class:`core.models.MailPreference`).

    set_mail_preferences(*, actor, off, language) -> MailPreference   # a signed-in user
    unsubscribe(*, actor, token) -> MailPreference                    # the link of a mail

``ACCOUNT`` mail (links the person asked for) cannot be switched off.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from core import roles
from core.enums import MailKind
from core.mail import deliver_soon, normal, read_unsubscribe_token
from core.models import MailPreference, OutgoingMail
from core.roles import Actor
from core.unit_of_work import change

#: The kinds an address may switch off.
OPTIONAL = tuple(kind for kind in MailKind.values if kind != MailKind.ACCOUNT)


def _save(address: str, off: set[str], language: str | None) -> MailPreference:
    # Not locked (only the unit of work takes locks): of two changes of one address's
    # preferences at the same moment, the later one wins.
    preference, _created = MailPreference.objects.get_or_create(address=normal(address))
    preference.off = ",".join(kind for kind in OPTIONAL if kind in off)
    if language is not None:
        preference.language = language
    preference.changed_at = timezone.now()
    preference.save()
    return preference


def set_mail_preferences(*, actor: Actor, off: Iterable[str], language: str = "") -> MailPreference:
    """The signed-in ``actor`` chooses which kinds of mail their account's address does not
    receive (``off``) and the language of its mails (``""``: the site's).
    Refused: an account without an address, an unknown kind or language."""
    with change(actor=actor, role=roles.account_holder()) as unit:
        address = getattr(unit.actor, "email", "")
        if not address:
            raise ValidationError(_("Your account has no e-mail address."))
        off = set(off)
        if off - set(OPTIONAL):
            raise ValidationError({"off": _("Choose among the kinds of mail listed.")})
        if language and language not in dict(settings.LANGUAGES):
            raise ValidationError({"language": _("Choose one of the site's languages.")})
        return _save(address, off, language)


def unsubscribe(*, actor: Actor, token: str) -> MailPreference:
    """Switch off the kind of mail the signed ``token`` of an unsubscribe link names, for its
    address (anybody holding the link may: it was mailed to that address). Refused
    (``PermissionDenied``): a token this site did not sign for an address and a kind."""
    parsed = read_unsubscribe_token(token)
    with change(actor=actor, role=roles.unsubscriber(parsed)):
        address, kind = parsed
        current = MailPreference.objects.filter(address=normal(address)).first()
        off = current.kinds_off if current else set()
        return _save(address, off | {kind}, None)


def retry_now(*, actor: Actor, mails: Iterable[int]) -> int:
    """Staff: try the unsent mail of ``mails`` (pks) at the next delivery instead of after its
    pause; answers how many. The mail worker (or the next mail's delivery) sends them."""
    with change(actor=actor, role=roles.staff()) as unit:
        count = OutgoingMail.objects.filter(pk__in=list(mails), sent_at__isnull=True).update(
            next_attempt_at=timezone.now()
        )
        if count:
            unit.touched()
    if count:
        deliver_soon()
    return count
