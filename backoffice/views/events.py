"""Organiser pages of events: the events of my clubs, a new event, and an event's page with
its form, its sections (a new one, an existing tournament, each section's places,
restrictions and fee, removing one) and its discounts.

The event page is GET only; each form posts to its own address, which calls one action
(``actions.events``) and redirects to the page, or shows the page again with the refused
form and its errors (status 400), nothing written.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView, TemplateView

from actions.events import (
    add_section,
    create_event,
    remove_section,
    set_discounts,
    update_event,
    update_section,
)
from backoffice.forms.events import (
    AttachSectionForm,
    EventForm,
    NewSectionForm,
    SectionForm,
    discount_rows,
)
from backoffice.tables import OrganiserEventTable
from backoffice.views.base import (
    RoleRequiredMixin,
    add_errors,
    error_text,
    missing,
    repeat_answer,
    repeated,
)
from core import roles, submissions
from events.models import Discount, Event, Section
from events.queries.sections import discount_text, section_rows

#: Blank discount lines offered under the discounts.
BLANK_DISCOUNTS = 2


class EventListView(RoleRequiredMixin, TemplateView):
    """The events of my clubs (staff: all), newest first."""

    template_name = "backoffice/organiser/events.html"

    def has_permission(self) -> bool:
        return roles.can_create_tournament(self.request.user)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        events = roles.managed_events(self.request.user).select_related("club")
        return super().get_context_data(table=OrganiserEventTable(events), **kwargs)


class EventCreateView(RoleRequiredMixin, FormView):
    """A new event (``create_event``) of one of my clubs; refusals are shown on the form."""

    template_name = "backoffice/organiser/event_new.html"
    form_class = EventForm

    def has_permission(self) -> bool:
        return roles.can_create_tournament(self.request.user)

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "user": self.request.user, "create": True}

    def form_invalid(self, form: EventForm) -> HttpResponse:
        again = repeat_answer(self.request, reverse("events:organise_list"))
        return again or super().form_invalid(form)

    def form_valid(self, form: EventForm) -> HttpResponse:
        data = dict(form.cleaned_data)
        data.pop(submissions.FIELD, None)
        submission = submissions.of(
            form, lambda created: reverse("events:organise", args=[created.slug])
        )
        try:
            event = create_event(actor=self.request.user, submission=submission, **data)
        except submissions.AlreadySubmitted as done:
            return repeated(self.request, done, reverse("events:organise_list"))
        except ValidationError as error:
            add_errors(form, error)
            return self.form_invalid(form)
        messages.success(
            self.request,
            _("Event “%(name)s” created: add its sections.") % {"name": event.name},
        )
        return HttpResponseRedirect(reverse("events:organise", args=[event.slug]))


class EventLookupMixin(RoleRequiredMixin):
    """Looks the event up by slug (``self.event``) for its club's organisers and staff; the
    role is checked before anything else is looked up (:func:`~backoffice.views.base.missing`).
    The event's pages and its entries' pages (``backoffice.views.online_entries``) share it."""

    event: Event

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        event = Event.objects.select_related("club").filter(slug=kwargs["slug"]).first()
        if event is None:
            return missing(self)
        self.event = event
        if not self.has_permission():
            return self.handle_no_permission()
        return super().dispatch(request, *args, **kwargs)

    def has_permission(self) -> bool:
        return roles.can_manage_event(self.request.user, self.event)


class EventMixin(EventLookupMixin):
    """An event page's view: where to go back to, and the page with its forms."""

    def page_url(self, anchor: str = "") -> str:
        url = reverse("events:organise", args=[self.event.slug])
        return f"{url}#{anchor}" if anchor else url

    def show(self, status: int = 200, **forms: Any) -> HttpResponse:
        """The event page, with ``forms`` (a refused one, bound) in place of the blank ones."""
        event = self.event
        rows = section_rows(event, leaders=False)
        discounts = list(Discount.objects.filter(event=event))
        context = {
            "event": event,
            "event_form": EventForm(instance=event, user=self.request.user),
            "new_form": NewSectionForm(event=event),
            "attach_form": AttachSectionForm(event=event),
            "discount_rows": discount_rows(BLANK_DISCOUNTS)(
                initial=[{"kind": d.kind, "age": d.age, "percent": d.percent} for d in discounts],
                prefix="discounts",
            ),
            "discounts": [discount_text(d) for d in discounts],
            **forms,
        }
        bound = forms.get("section_form")
        context["sections"] = [
            {
                "row": row,
                "form": bound
                if bound is not None and bound.instance.pk == row.section.pk
                else SectionForm(instance=row.section),
            }
            for row in rows
        ]
        context["can_attach"] = context["attach_form"].fields["tournament"].queryset.exists()
        return render(self.request, "backoffice/organiser/event.html", context, status=status)


class EventView(EventMixin, View):
    """GET: the event page; POST: the event form (``update_event``)."""

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return self.show()

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        current = Event.objects.get(pk=self.event.pk)  # the form sets its values on it
        form = EventForm(request.POST, instance=current, user=request.user)
        if form.is_valid():
            changes = {name: form.cleaned_data[name] for name in form.Meta.fields}
            changes["slug"] = changes["slug"] or self.event.slug  # empty: the address stays
            try:
                self.event = update_event(actor=request.user, event=self.event, changes=changes)
            except ValidationError as error:
                add_errors(form, error)
            else:
                messages.success(request, _("The event was saved."))
                return HttpResponseRedirect(reverse("events:organise", args=[self.event.slug]))
        return self.show(status=400, event_form=form)


class NewSectionView(EventMixin, View):
    """POST: a new tournament made a section (``add_section``)."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = NewSectionForm(request.POST, event=self.event)
        if form.is_valid():
            try:
                section = add_section(
                    actor=request.user, event=self.event, new=form.tournament_fields()
                )
            except ValidationError as error:
                add_errors(form, error)
            else:
                messages.success(
                    request,
                    _("Section “%(name)s” added: set its places, restrictions and fee.")
                    % {"name": section.tournament.name},
                )
                return HttpResponseRedirect(self.page_url(f"section-{section.pk}"))
        return self.show(status=400, new_form=form)


class AttachSectionView(EventMixin, View):
    """POST: an existing tournament of the club made a section (``add_section``)."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = AttachSectionForm(request.POST, event=self.event)
        if form.is_valid():
            try:
                section = add_section(
                    actor=request.user,
                    event=self.event,
                    tournament=form.cleaned_data["tournament"],
                )
            except ValidationError as error:
                add_errors(form, error)
            else:
                messages.success(
                    request,
                    _("Section “%(name)s” added.") % {"name": section.tournament.name},
                )
                return HttpResponseRedirect(self.page_url(f"section-{section.pk}"))
        return self.show(status=400, attach_form=form)


class SectionMixin(EventMixin):
    section: Section

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.section_pk = kwargs["pk"]
        return super().dispatch(request, *args, **kwargs)

    def find_section(self) -> Section:
        section = (
            Section.objects.select_related("event", "tournament")
            .filter(event=self.event, pk=self.section_pk)
            .first()
        )
        if section is None:
            raise Http404
        return section


class SectionView(SectionMixin, View):
    """POST: a section's order, places, restrictions and fee (``update_section``)."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        section = self.find_section()
        form = SectionForm(request.POST, instance=section)
        if form.is_valid():
            changes = {name: form.cleaned_data[name] for name in form.Meta.fields}
            try:
                update_section(actor=request.user, section=self.find_section(), changes=changes)
            except ValidationError as error:
                add_errors(form, error)
            else:
                messages.success(
                    request,
                    _("Section “%(name)s” saved.") % {"name": section.tournament.name},
                )
                return HttpResponseRedirect(self.page_url(f"section-{section.pk}"))
        return self.show(status=400, section_form=form)


class RemoveSectionView(SectionMixin, View):
    """POST: take a section out of the event (``remove_section``); its tournament stays."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        section = self.find_section()
        try:
            remove_section(actor=request.user, section=section)
        except ValidationError as error:
            messages.error(request, error_text(error))
        else:
            messages.success(
                request,
                _("“%(name)s” is no longer a section of the event; the tournament stays.")
                % {"name": section.tournament.name},
            )
        return HttpResponseRedirect(self.page_url("sections"))


class DiscountsView(EventMixin, View):
    """POST: the event's discounts (``set_discounts``)."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        rows = discount_rows(0)(request.POST, prefix="discounts")
        if rows.is_valid():
            try:
                set_discounts(actor=request.user, event=self.event, discounts=rows.rows())
            except ValidationError as error:
                messages.error(request, error_text(error))
            else:
                messages.success(request, _("The discounts were saved."))
                return HttpResponseRedirect(self.page_url("discounts"))
        return self.show(status=400, discount_rows=rows)
