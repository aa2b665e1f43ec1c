"""The organiser's pages of an event's online entries: the entries to decide on (approve,
reject, withdraw; the waiting list), and the treasurer's list of fees (owed, paid, balance,
a payment recorded per entry, a CSV download).

Staff and the organisers of the event's club (:func:`core.roles.can_handle_entries`); every
write is one action of :mod:`actions.online_entries`, a refusal an error message.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from actions import online_entries as oe
from backoffice.forms.online_entries import DecisionForm, PaymentForm
from backoffice.views.events import EventLookupMixin
from core import roles
from events.models import Entry
from events.queries import entries as q
from players.models import Player
from players.queries.search import possible_duplicates


class EventEntriesMixin(EventLookupMixin):
    """The event (``self.event``) for those who handle its entries and fees."""

    def has_permission(self) -> bool:
        return roles.can_handle_entries(self.request.user, self.event)

    def entry(self, pk: int) -> Entry | None:
        return (
            Entry.objects.filter(pk=pk, section__event=self.event)
            .select_related("section__event", "section__tournament", "player")
            .first()
        )


class OrganiseEntriesView(EventEntriesMixin, View):
    """GET: entries awaiting approval, the waiting lists and the accepted entries; POST:
    approve, reject or withdraw one (:class:`DecisionForm`)."""

    def url(self) -> str:
        return reverse("events:organise_entries", args=[self.event.slug])

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        found = q.organiser_entries(self.event)
        for entry in found["pending"]:
            entry.look_alikes = (
                possible_duplicates(entry.last_name, entry.first_name, entry.birth_year)
                if entry.player_id is None
                else []
            )
        for entry in found["waiting"]:
            entry.position = q.waiting_position(entry)
        return render(
            request,
            "backoffice/events/entries.html",
            {"event": self.event, **found, "name": q.entry_name},
        )

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = DecisionForm(request.POST)
        entry = self.entry(form.cleaned_data["entry"]) if form.is_valid() else None
        if entry is None:
            messages.error(request, _("Choose an entry and what to do with it."))
            return HttpResponseRedirect(self.url())
        links = oe.Links.of(request.build_absolute_uri)
        decision = form.cleaned_data["decision"]
        try:
            if decision == "approve":
                choice = form.cleaned_data["player"]
                player = Player.objects.filter(pk=int(choice)).first() if choice.isdigit() else None
                oe.approve(
                    actor=request.user,
                    entry=entry,
                    links=links,
                    player=player,
                    new_player=choice == "new",
                )
            elif decision == "reject":
                oe.reject(actor=request.user, entry=entry, links=links)
            else:
                oe.withdraw(actor=request.user, entry=entry, links=links)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            entry.refresh_from_db()
            messages.success(
                request,
                _("%(player)s: %(status)s.")
                % {"player": q.entry_name(entry), "status": entry.get_status_display()},
            )
        return HttpResponseRedirect(self.url())


class FeesView(EventEntriesMixin, View):
    """GET: the treasurer's list (``?format=csv``: as a file); POST: record what an entry
    has paid (:class:`PaymentForm`)."""

    def url(self) -> str:
        return reverse("events:organise_fees", args=[self.event.slug])

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        fees = q.fees(self.event)
        if request.GET.get("format") == "csv":
            return self.csv(fees)
        return render(request, "backoffice/events/fees.html", {"event": self.event, "fees": fees})

    def csv(self, fees: q.Fees) -> HttpResponse:
        out = io.StringIO()
        writer = csv.writer(out)
        header = (_("Name"), _("Section"), _("Status"), _("Discount"), _("Owed"), _("Paid"))
        writer.writerow([*header, _("Balance")])
        for row in fees.rows:
            writer.writerow(
                [
                    row.name,
                    row.section,
                    row.entry.get_status_display(),
                    row.entry.get_discount_display(),
                    row.owed,
                    row.paid,
                    row.balance,
                ]
            )
        writer.writerow([_("Total"), "", "", "", fees.owed, fees.paid, fees.balance])
        response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{self.event.slug}-fees.csv"'
        return response

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = PaymentForm(request.POST)
        entry = self.entry(form.cleaned_data["entry"]) if form.is_valid() else None
        if entry is None:
            messages.error(request, _("Choose an entry and the amount paid."))
            return HttpResponseRedirect(self.url())
        try:
            oe.record_payment(actor=request.user, entry=entry, amount=form.cleaned_data["amount"])
        except ValidationError as error:
            messages.error(
                request,
                _("%(player)s: %(error)s")
                % {"player": q.entry_name(entry), "error": " ".join(error.messages)},
            )
        else:
            messages.success(
                request,
                _("%(player)s: payment recorded.") % {"player": q.entry_name(entry)},
            )
        return HttpResponseRedirect(self.url())
