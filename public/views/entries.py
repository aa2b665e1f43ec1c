"""The public pages of an event's online entries: the entry form, the pages of the links
mailed to players (confirm, withdraw), and the entry list.

Every write is one action of :mod:`actions.online_entries` (which checks everything again);
a refusal is shown on the form and writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from actions import online_entries as oe
from core import roles
from core.invitation_tokens import entry_of_withdraw_token, withdraw_token
from events.enums import LIVE_ENTRY_STATUSES, DiscountKind, EntryStatus
from events.models import Entry, Event, Section
from events.queries import entries as q
from public.entry_forms import GuestForm, SectionsForm
from rules.eligibility import Fee


def _event(slug: str) -> Event:
    return get_object_or_404(Event.objects.select_related("club"), slug=slug)


def _errors(form: Any, error: ValidationError) -> None:
    if hasattr(error, "error_dict"):
        for field, errors in error.error_dict.items():
            texts = [text for e in errors for text in e.messages]
            form.add_error(field if field in form.fields else None, texts)
    else:
        form.add_error(None, error.messages)


@dataclass
class Choice:
    """A section as the entry form shows it to a signed-in player."""

    section: Section
    fee: Fee
    reasons: list[str]
    entry: Entry | None

    @property
    def open(self) -> bool:
        return not self.reasons and self.entry is None

    @property
    def discount(self) -> str:
        return str(DiscountKind(self.fee.discount).label) if self.fee.discount else ""


class EnterView(View):
    """GET: the entry form (a signed-in player's sections, or the guest form); POST: enter,
    or withdraw one's own entry (``withdraw``: its number)."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.event = _event(kwargs["slug"])
        self.sections = q.sections_of(self.event)
        self.player = roles.player_of(request.user)
        self.closed = q.entries_closed(self.event)
        return super().dispatch(request, *args, **kwargs)

    def url(self) -> str:
        return reverse("events:enter", args=[self.event.slug])

    def choices(self) -> list[Choice]:
        mine = q.entries_of_player(self.event, self.player) if self.player else {}
        found = []
        by_pk = {s.pk: s for s in self.sections}
        kinds = {q.kind_of(by_pk[pk]): by_pk[pk] for pk in mine if pk in by_pk}
        kinds.pop(None, None)
        for section in self.sections:
            section.event = self.event
            facts = q.player_facts(self.player, section)
            reasons = q.reasons(section, facts)
            if q.section_closed(section):
                reasons = [_("finished"), *reasons]
            same = kinds.get(q.kind_of(section))
            if same is not None and same.pk != section.pk and not self.event.several_of_a_kind:
                reasons.append(
                    _("you have entered %(section)s, of the same kind")
                    % {"section": same.tournament.name}
                )
            found.append(Choice(section, q.fee_for(section, facts), reasons, mine.get(section.pk)))
        return found

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if self.player is not None:
            return self.show(self.sections_form())
        initial = {"email": getattr(request.user, "email", "")}
        return self.show(GuestForm(initial=initial, sections=self.sections))

    def sections_form(self, data: Any = None) -> SectionsForm:
        open_ones = [c.section for c in self.choices() if c.open]
        return SectionsForm(data, sections=open_ones)

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        links = oe.Links.of(request.build_absolute_uri)
        if "withdraw" in request.POST and self.player is not None:
            return self.withdraw(request, links)
        if self.player is not None:
            return self.enter_sections(request, links)
        return self.enter_guest(request, links)

    def withdraw(self, request: HttpRequest, links: oe.Links) -> HttpResponse:
        entry = Entry.objects.filter(
            pk=_number(request.POST.get("withdraw")),
            player=self.player,
            section__event=self.event,
            status__in=LIVE_ENTRY_STATUSES,
        ).first()
        if entry is None:
            messages.error(request, _("This entry is withdrawn already."))
            return HttpResponseRedirect(self.url())
        try:
            oe.withdraw(actor=request.user, entry=entry, links=links)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(
                request,
                _("Your entry to %(section)s is withdrawn.")
                % {"section": entry.section.tournament.name},
            )
        return HttpResponseRedirect(self.url())

    def enter_sections(self, request: HttpRequest, links: oe.Links) -> HttpResponse:
        form = self.sections_form(request.POST)
        if form.is_valid():
            by_pk = {s.pk: s for s in self.sections}
            chosen = [by_pk[pk] for pk in form.cleaned_data["sections"]]
            try:
                made = oe.enter(actor=request.user, sections=chosen, links=links)
            except ValidationError as error:
                _errors(form, error)
            else:
                for entry in made:
                    messages.success(
                        request,
                        _("%(section)s: %(status)s.")
                        % {
                            "section": entry.section.tournament.name,
                            "status": entry.get_status_display(),
                        },
                    )
                return HttpResponseRedirect(self.url())
        return self.show(form, status=400)

    def enter_guest(self, request: HttpRequest, links: oe.Links) -> HttpResponse:
        form = GuestForm(request.POST, sections=self.sections)
        if not form.is_valid():
            return self.show(form, status=400)
        data = dict(form.cleaned_data)
        pk = data.pop("section")
        if pk is None:
            return self.suggest(form, data)
        section = next(s for s in self.sections if s.pk == pk)
        section.event = self.event
        try:
            oe.enter_as_guest(actor=request.user, section=section, links=links, **data)
        except ValidationError as error:
            _errors(form, error)
            return self.show(form, status=400)
        messages.success(
            request,
            _(
                "Almost done: we sent a link to %(email)s. Open it and press Confirm to "
                "confirm your entry."
            )
            % {"email": data["email"]},
        )
        return HttpResponseRedirect(self.url())

    def suggest(self, form: GuestForm, data: dict[str, Any]) -> HttpResponse:
        """No section chosen: offer the ones the guest's sex and age allow; nothing is
        written until they send the form again."""
        fitting = q.suggested(self.event, data["sex"], data["birth_year"])
        if not fitting:
            form.add_error("section", _("No section is open to a player of this sex and age."))
            return self.show(form, status=400)
        values = form.data.copy()
        values["section"] = str(fitting[0].pk)
        form = GuestForm(values, sections=self.sections)
        form.is_valid()
        return self.show(form, suggested=fitting)

    def show(self, form: Any, status: int = 200, suggested: Any = None) -> HttpResponse:
        return render(
            self.request,
            "public/events/enter.html",
            {
                "event": self.event,
                "form": form,
                "player": self.player,
                "choices": self.choices() if self.player else [],
                "closed": self.closed,
                "suggested": suggested,
            },
            status=status,
        )


def _number(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


class ConfirmView(View):
    """The link mailed to a guest: GET shows the entry and a Confirm button (mail scanners
    open links, so opening it changes nothing); POST confirms."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        entry = oe.entry_of_token(token)
        if entry is None or entry.status != EntryStatus.UNCONFIRMED:
            return _unknown(request)
        return render(request, "public/events/confirm.html", {"entry": entry, "token": token})

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            entry = oe.confirm(
                actor=request.user, token=token, links=oe.Links.of(request.build_absolute_uri)
            )
        except (ValidationError, PermissionDenied):
            return _unknown(request)
        messages.success(
            request,
            _("Your entry is confirmed: %(status)s.") % {"status": entry.get_status_display()},
        )
        return HttpResponseRedirect(reverse("events:entry_withdraw", args=[withdraw_token(entry)]))


def _unknown(request: HttpRequest) -> HttpResponse:
    return render(request, "public/events/link_unknown.html", status=404)


class EntryLinkView(View):
    """The link in every mail about an entry: its status, and a button to withdraw it."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        pk = entry_of_withdraw_token(kwargs["token"])
        self.entry = (
            Entry.objects.filter(pk=pk)
            .select_related("section__event", "section__tournament", "player")
            .first()
        )
        if self.entry is None:
            return _unknown(request)
        return super().dispatch(request, *args, **kwargs)

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        entry = self.entry
        return render(
            request,
            "public/events/entry.html",
            {
                "entry": entry,
                "live": entry.status in LIVE_ENTRY_STATUSES,
                "position": q.waiting_position(entry)
                if entry.status == EntryStatus.WAITING
                else None,
            },
        )

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            oe.withdraw(
                actor=request.user,
                entry=self.entry,
                token=token,
                links=oe.Links.of(request.build_absolute_uri),
            )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, _("Your entry is withdrawn."))
        return HttpResponseRedirect(request.path)


def entry_list(request: HttpRequest, slug: str) -> HttpResponse:
    """Who has entered, per section (as chess-results lists "registered players"): the
    accepted players by rating and the waiting list in its order; never an address."""
    event = _event(slug)
    return render(
        request,
        "public/events/entries.html",
        {"event": event, "lists": q.public_list(event), "closed": q.entries_closed(event)},
    )
