"""Online entries in the admin: read only (they move through ``actions.online_entries``, on
the event's entries and fees pages, so every change is audited and the player told)."""

from __future__ import annotations

from django.contrib import admin

from backoffice.admin.tournaments import ReadOnlyAdmin
from events.models import Entry


@admin.register(Entry)
class EntryAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "status", "email", "fee", "paid", "created_at"]
    list_filter = ["status", "section__event"]
    list_select_related = ["section__event", "section__tournament"]
    search_fields = ["last_name", "first_name", "email", "section__tournament__name"]
    ordering = ["-created_at"]
    exclude = ["token_hash"]
