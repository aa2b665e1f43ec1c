"""Mail to players in the admin: the outgoing mail (read-only; "retry now" for staff) and the
addresses' preferences (read-only: each address chooses on its own page or by the links of
its mails)."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from actions.mail import retry_now
from core.models import MailPreference, OutgoingMail
from web.admin import ViewOnlyAdminMixin


class DeliveryFilter(admin.SimpleListFilter):
    title = _("delivery")
    parameter_name = "delivery"

    def lookups(self, request, model_admin):
        return [("unsent", _("not sent yet")), ("failed", _("failed (being retried)"))]

    def queryset(self, request, queryset):
        if self.value() == "unsent":
            return queryset.filter(sent_at__isnull=True)
        if self.value() == "failed":
            return queryset.filter(Q(sent_at__isnull=True) & ~Q(last_error=""))
        return queryset


@admin.register(OutgoingMail)
class OutgoingMailAdmin(ViewOnlyAdminMixin, admin.ModelAdmin):
    """Written by the actions (``unit.mail``), sent by ``core.mail``."""

    list_display = ["created_at", "to", "kind", "subject", "sent_at", "attempts", "last_error"]
    list_filter = [DeliveryFilter, "kind"]
    search_fields = ["to", "subject"]
    date_hierarchy = "created_at"
    fields = [
        "created_at",
        "to",
        "kind",
        "subject",
        "body",
        "player",
        "tournament",
        "sent_at",
        "attempts",
        "next_attempt_at",
        "last_error",
    ]
    readonly_fields = fields
    actions = ["retry"]

    @admin.action(description=_("Retry now"))
    def retry(self, request, queryset):
        count = retry_now(actor=request.user, mails=queryset.values_list("pk", flat=True))
        self.message_user(
            request,
            ngettext(
                "%(count)d mail will be tried again now.",
                "%(count)d mails will be tried again now.",
                count,
            )
            % {"count": count},
            messages.SUCCESS,
        )


@admin.register(MailPreference)
class MailPreferenceAdmin(ViewOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["address", "off", "language", "changed_at"]
    search_fields = ["address"]
    fields = list_display
    readonly_fields = fields
