"""The audit trail's table (written only by :func:`core.audit.record`)."""

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.enums import AuditAction


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
