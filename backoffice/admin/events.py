"""Admin for events (with their sections and discounts inline), and the view-only admins of
online entries, prize tables and round starts.

Events, sections and discounts are written through ``actions.events`` inside the admin's
transaction; a refusal is a form error and nothing is written
(:class:`web.admin.ServiceAdminMixin`). Entries are written by the entry form and the
organisers' entry pages, prize tables by ``actions.prizes`` and round starts by
``actions.schedule``: the admin only shows them.
"""

from django.contrib import admin

from actions.events import (
    EVENT_FIELDS,
    SECTION_FIELDS,
    add_section,
    check_event,
    create_event,
    remove_section,
    set_discounts,
    update_event,
    update_section,
)
from backoffice.admin.formsets import deleted_instances, describe_formset
from events.models import Discount, Event, Prize, PrizeTable, RoundStart, Section
from web.admin import ServiceAdminMixin, ViewOnlyAdminMixin, adopt, call_service


class SectionInline(admin.TabularInline):
    model = Section
    fields = ["tournament", *SECTION_FIELDS]
    autocomplete_fields = ["tournament"]
    extra = 0


class DiscountInline(admin.TabularInline):
    model = Discount
    fields = ["kind", "age", "percent"]
    extra = 0


@admin.register(Event)
class EventAdmin(ServiceAdminMixin, admin.ModelAdmin):
    list_display = ["name", "start_date", "end_date", "club", "city"]
    list_filter = ["club"]
    list_select_related = ["club"]
    search_fields = ["name", "slug", "city", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    autocomplete_fields = ["club"]
    date_hierarchy = "start_date"
    fields = list(EVENT_FIELDS)
    creates_once = True
    inlines = [SectionInline, DiscountInline]

    def has_delete_permission(self, request, obj=None):
        # No action deletes an event with its sections and entries: its sections are
        # removed one by one (the tournaments stay).
        return False

    def check_form(self, request, form, change):
        check_event(form.instance)

    def write_model(self, request, obj, form, change):
        if not change:
            data = {name: form.cleaned_data[name] for name in EVENT_FIELDS}
            saved = call_service(
                create_event, actor=request.user, submission=self.submission(form), **data
            )
            adopt(obj, saved)
            return
        if form.changed_data:
            saved = call_service(
                update_event,
                actor=request.user,
                event=Event.objects.get(pk=obj.pk),
                changes={name: form.cleaned_data[name] for name in form.changed_data},
            )
            adopt(obj, saved)

    def save_formset(self, request, form, formset, change):
        describe_formset(formset)
        event = Event.objects.get(pk=form.instance.pk)
        if formset.model is Discount:
            if formset.has_changed():
                kept = [
                    f.cleaned_data
                    for f in formset.forms
                    if f not in formset.deleted_forms and f.cleaned_data
                ]
                call_service(set_discounts, actor=request.user, event=event, discounts=kept)
            return
        for section in deleted_instances(formset):
            call_service(remove_section, actor=request.user, section=section)
        for inline_form in formset.forms:
            if inline_form in formset.deleted_forms or not inline_form.has_changed():
                continue
            section = inline_form.instance
            values = {name: inline_form.cleaned_data[name] for name in SECTION_FIELDS}
            if section.pk is None:
                saved = call_service(
                    add_section,
                    actor=request.user,
                    event=event,
                    tournament=inline_form.cleaned_data["tournament"],
                    **values,
                )
                adopt(section, saved)
            else:
                call_service(
                    update_section,
                    actor=request.user,
                    section=Section.objects.select_related("event", "tournament").get(
                        pk=section.pk
                    ),
                    changes={
                        name: inline_form.cleaned_data[name]
                        for name in inline_form.changed_data
                        if name in SECTION_FIELDS
                    },
                )


class ReadOnlyAdmin(ViewOnlyAdminMixin, admin.ModelAdmin):
    """Visible in the admin, written only through the actions."""


class PrizeInline(ViewOnlyAdminMixin, admin.TabularInline):
    model = Prize
    fields = ["order", "kind", "place", "age", "rating_min", "rating_max", "club", "amount"]
    readonly_fields = fields
    extra = 0


@admin.register(PrizeTable)
class PrizeTableAdmin(ReadOnlyAdmin):
    """Prize tables (``actions.prizes.set_prize_table``, on the organiser's prize page)."""

    list_display = ["tournament", "currency", "method"]
    list_select_related = ["tournament"]
    search_fields = ["tournament__name"]
    inlines = [PrizeInline]


@admin.register(RoundStart)
class RoundStartAdmin(ReadOnlyAdmin):
    """Announced round starts (``actions.schedule.set_schedule``, the round schedule page)."""

    list_display = ["tournament", "number", "starts_at"]
    list_select_related = ["tournament"]
    list_filter = [("tournament", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["tournament__name"]
    ordering = ["tournament", "number"]
