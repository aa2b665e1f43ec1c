"""The kit's tables: the audit trail (written only by :func:`core.audit.record`), the used
form tokens (:mod:`core.submissions`), the throttles' counts (:mod:`core.throttle`) and the
invitations to a club's roles."""

from typing import Any

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.enums import AuditAction, MailKind


class AuditEntry(models.Model):
    """One recorded change: who, when, what, on which objects, before and after.

    Written only by :func:`core.audit.record`, inside the transaction of the service
    that made the change, so an entry exists exactly when its change was committed. The
    object links are nullable and survive the deletion of their object (``SET_NULL``);
    ``params`` keeps what happened as data (the names as they were, round and board numbers,
    result codes, old and new values), told at read time in the reader's language
    (:func:`core.history.sentence`); ``summary`` keeps the sentence in English.
    """

    created_at = models.DateTimeField(_("when"), default=timezone.now, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("who"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    action = models.CharField(_("action"), max_length=40, choices=AuditAction.choices)
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        verbose_name=_("tournament"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="audit_entries",
    )
    player = models.ForeignKey(
        "players.Player",
        verbose_name=_("player"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="audit_entries",
    )
    other_player = models.ForeignKey(
        "players.Player",
        verbose_name=_("second player"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    rating_list = models.ForeignKey(
        "ratings.RatingList",
        verbose_name=_("rating list"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="audit_entries",
    )
    before = models.JSONField(_("before"), null=True, blank=True, encoder=DjangoJSONEncoder)
    after = models.JSONField(_("after"), null=True, blank=True, encoder=DjangoJSONEncoder)
    summary = models.TextField(_("summary"))
    # The parts of the entry's sentence, told in the reader's language (core.history); null
    # for an entry whose stored summary is all there is.
    params = models.JSONField(_("details"), null=True, blank=True, encoder=DjangoJSONEncoder)

    class Meta:
        db_table = "tournaments_auditentry"  # the table it had before it moved here
        ordering = ["-created_at", "-pk"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")

    def __str__(self) -> str:
        return self.summary


class SubmissionToken(models.Model):
    """A create form's one-time token, used: written in the transaction that created the
    form's object (:mod:`core.submissions`), so a double submit or a burst of identical
    posts creates one object and the repeats are answered with ``result_url``."""

    token = models.UUIDField(_("token"), unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("who"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
    )
    created = models.DateTimeField(_("when"), default=timezone.now, db_index=True)
    result_url = models.CharField(_("result"), max_length=500, blank=True)

    class Meta:
        verbose_name = _("used form token")
        verbose_name_plural = _("used form tokens")

    def __str__(self) -> str:
        return str(self.token)


class ThrottleHit(models.Model):
    """One request taken by a throttle (:mod:`core.throttle`): which throttle, for whom (a
    digest of an e-mail address or a client address, never the address itself), in which
    window, and which of the window's places it took (unique: each place is taken once)."""

    scope = models.CharField(_("throttle"), max_length=40)
    key = models.CharField(_("digest"), max_length=64)
    window = models.BigIntegerField(_("window"))
    place = models.PositiveIntegerField(_("place"))

    class Meta:
        verbose_name = _("throttled request")
        verbose_name_plural = _("throttled requests")
        constraints = [
            models.UniqueConstraint(
                fields=["scope", "key", "window", "place"], name="core_throttle_place_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.window}/{self.place}"


class InvitationRole(models.TextChoices):
    """What an invitation makes of its invitee (docs/roles.md)."""

    ORGANISER = "organiser", _("organiser of the club")
    ARBITER = "arbiter", _("arbiter")
    PLAYER = "player", _("player")


class Invitation(models.Model):
    """An e-mailed invitation to a role in a club, with a one-time link (``actions.invitations``).

    Only the SHA-256 of the link's token is stored: the database alone does not open the link.
    Pending while neither accepted nor revoked and before ``expires_at``; accepting it uses the
    token up; inviting again (``resend``) gives a new token and a new time limit."""

    club = models.ForeignKey(
        "players.Club", verbose_name=_("club"), on_delete=models.CASCADE, related_name="invitations"
    )
    email = models.EmailField(_("e-mail"))
    role = models.CharField(_("role"), max_length=10, choices=InvitationRole.choices)
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        verbose_name=_("tournament"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="invitations",
        help_text=_("An arbiter's invitation may appoint them to this tournament at once."),
    )
    player = models.ForeignKey(
        "players.Player",
        verbose_name=_("player"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="invitations",
        help_text=_("A player's invitation links the account to this player."),
    )
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("invited by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(_("sent"), default=timezone.now)
    expires_at = models.DateTimeField(_("valid until"))
    accepted_at = models.DateTimeField(_("accepted"), null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("account"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="accepted_invitations",
    )
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        indexes = [models.Index(fields=["club", "role"])]

    def __str__(self) -> str:
        return f"{self.email} ({self.get_role_display()}, {self.club_id})"

    def is_pending(self, now: Any = None) -> bool:
        now = now or timezone.now()
        return self.accepted_at is None and self.revoked_at is None and self.expires_at > now


class OutgoingMail(models.Model):
    """A mail to send: written by the unit of work that caused it (:meth:`Unit.mail`), in its
    transaction, and sent after the commit by the mail delivery (:mod:`core.mail`), never
    inside the request. A failed send stays here with its error and is retried later, so a
    mail server that is down delays mail and loses none."""

    to = models.EmailField(_("to"))
    kind = models.CharField(_("kind"), max_length=10, choices=MailKind.choices)
    subject = models.CharField(_("subject"), max_length=300)
    body = models.TextField(_("text"))
    player = models.ForeignKey(
        "players.Player",
        verbose_name=_("player"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        verbose_name=_("tournament"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(_("written"), default=timezone.now, db_index=True)
    sent_at = models.DateTimeField(_("sent"), null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    next_attempt_at = models.DateTimeField(_("next attempt"), default=timezone.now)
    last_error = models.TextField(_("last error"), blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("outgoing mail")
        verbose_name_plural = _("outgoing mail")
        indexes = [models.Index(fields=["sent_at", "next_attempt_at"], name="mail_due")]

    def __str__(self) -> str:
        return f"{self.to}: {self.subject}"


class MailPreference(models.Model):
    """What one e-mail address wants to receive: the kinds of mail it switched off (its own
    page, ``/accounts/mail/``, or the unsubscribe link at the foot of every mail) and the
    language its mails are written in. An address without a row receives every kind.
    Mail of kind ``ACCOUNT`` (links the person asked for) is always sent. Written by
    ``actions.mail`` only."""

    address = models.EmailField(_("e-mail"), unique=True)
    #: The :class:`~core.enums.MailKind` values this address does not want, comma separated
    #: (read with :attr:`kinds_off`).
    off = models.CharField(_("switched off"), max_length=100, blank=True)
    language = models.CharField(_("language"), max_length=10, blank=True)
    changed_at = models.DateTimeField(_("changed"), default=timezone.now)

    class Meta:
        ordering = ["address"]
        verbose_name = _("mail preference")
        verbose_name_plural = _("mail preferences")

    def __str__(self) -> str:
        return self.address

    @property
    def kinds_off(self) -> set[str]:
        return set(filter(None, self.off.split(",")))
