"""The arbiter's check-in pages: the roll call on a phone, the rule, the QR code for the
venue and the printable list of the players' codes (``actions.check_in``).

The roll call (``/tournaments/<slug>/organise/check-in/``) has a row per player with one tap
target that marks them present or absent: with htmx the row is swapped in place (and the count
with it), without JavaScript the form posts and the page comes back. The filter box narrows
the list by name (on every key with htmx, on Enter without).
"""

from __future__ import annotations

from typing import Any

import segno
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views import View

from actions.check_in import check_in, set_check_in_rule, undo_check_in
from backoffice.forms.check_in import CheckInRuleForm, CheckInTapForm
from backoffice.views.base import ActionView, TournamentMixin, error_text
from core import roles
from events.models import CheckInRule
from events.queries.check_in import (
    RollCallRow,
    check_in_round,
    check_in_rule,
    code_of,
    roll_call,
)
from rules.search_key import player_key
from tournaments.models import Registration


def matches(row: RollCallRow, query: str) -> bool:
    """Whether the row's player matches the filter (name, any case, accents and script
    folded as the site's search folds them, each word of the filter starting a word of the
    name; or the pairing number)."""
    if not query:
        return True
    registration = row.registration
    if query.isdigit():
        return registration.pairing_number == int(query)
    key = player_key(registration.player.last_name, registration.player.first_name)
    return all(f" {part}" in key for part in player_key(query).split())


class CheckInView(TournamentMixin, View):
    """The roll call of the round players check in for now, the count, the filter, the
    rule form (managers) and the links to the QR code and the codes."""

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        rule = check_in_rule(self.tournament)
        number = check_in_round(self.tournament, rule)
        query = request.GET.get("q", "").strip()[:100]
        rows = roll_call(self.tournament, number) if number else []
        shown = [row for row in rows if matches(row, query)]
        context = {
            "tournament": self.tournament,
            "rule": rule,
            "rule_label": CheckInRule(rule).label,
            "number": number,
            "rows": shown,
            "present": sum(row.present for row in rows),
            "total": len(rows),
            "q": query,
            "can_manage": roles.can_manage_tournament(request.user, self.tournament),
            "rule_form": CheckInRuleForm(initial={"rule": rule}),
            "round_robin": self.tournament.is_round_robin,
        }
        return render(request, "backoffice/organiser/check_in.html", context)


class CheckInRuleView(ActionView):
    """POST: set the check-in rule (the tournament's managers), back to the roll call."""

    form_class = CheckInRuleForm
    manage = True

    def form_kwargs(self) -> dict[str, Any]:
        return {}

    def perform(self, form: Any) -> Any:
        rule = set_check_in_rule(
            actor=self.request.user, tournament=self.tournament, rule=form.cleaned_data["rule"]
        )
        messages.success(self.request, _("Check-in: %(rule)s.") % {"rule": CheckInRule(rule).label})
        return rule

    def redirect_url(self, result: Any = None) -> str:
        return reverse("tournaments:organise_check_in", args=[self.tournament.slug])


class CheckInTapView(TournamentMixin, View):
    """POST: one tap on a player's row (check in or undo). An htmx request gets the row and
    the count back; otherwise the roll call again, filtered as it was."""

    registration: Registration

    def lookup(self, **kwargs: Any) -> None:
        self.registration = get_object_or_404(
            Registration.objects.select_related("player"),
            tournament=self.tournament,
            pk=kwargs["registration"],
        )

    def list_url(self, query: str = "") -> str:
        url = reverse("tournaments:organise_check_in", args=[self.tournament.slug])
        return f"{url}?{urlencode({'q': query})}" if query else url

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = CheckInTapForm(request.POST)
        if not form.is_valid():
            messages.error(request, _("Reload the page and tap again."))
            return HttpResponseRedirect(self.list_url())
        number, present = form.cleaned_data["round"], form.cleaned_data["present"]
        error = ""
        try:
            if present:
                check_in(actor=request.user, registration=self.registration, round_number=number)
            else:
                undo_check_in(
                    actor=request.user, registration=self.registration, round_number=number
                )
        except ValidationError as refused:
            error = error_text(refused)
        if not request.htmx:
            if error:
                messages.error(request, error)
            return HttpResponseRedirect(self.list_url(form.cleaned_data["q"]))
        rows = roll_call(self.tournament, number)
        row = next((r for r in rows if r.registration.pk == self.registration.pk), None)
        context = {
            "tournament": self.tournament,
            "number": number,
            "row": row,
            "registration": self.registration,
            "error": error,
            "q": form.cleaned_data["q"],
            "present": sum(r.present for r in rows),
            "total": len(rows),
            "oob": True,
        }
        return render(request, "backoffice/organiser/_check_in_tap.html", context)


def qr_svg(url: str) -> str:
    """The QR code of ``url`` as inline SVG (segno), sized by the page's CSS."""
    return segno.make(url, error="m").svg_inline(omitsize=True, svgclass="qr", lineclass="qr-line")


class CheckInQrView(TournamentMixin, View):
    """The page to show or print at the venue: a large QR code of the self check-in page."""

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        url = request.build_absolute_uri(
            reverse("tournaments:check_in", args=[self.tournament.slug])
        )
        context = {
            "tournament": self.tournament,
            "url": url,
            "qr": mark_safe(qr_svg(url)),  # noqa: S308 -- segno's SVG of our own URL
            "number": check_in_round(self.tournament),
        }
        return render(request, "backoffice/organiser/check_in_qr.html", context)


class CheckInCodesView(TournamentMixin, View):
    """The printable list of every player's self check-in code, by name (to cut into slips
    or hand over at the desk)."""

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        registrations = (
            Registration.objects.filter(tournament=self.tournament)
            .select_related("player")
            .order_by("player__last_name", "player__first_name", "pk")
        )
        context = {
            "tournament": self.tournament,
            "codes": [(r, code_of(r)) for r in registrations],
            "url": request.build_absolute_uri(
                reverse("tournaments:check_in", args=[self.tournament.slug])
            ),
        }
        return render(request, "backoffice/organiser/check_in_codes.html", context)
