"""The players' own check-in page (``/tournaments/<slug>/check-in/``), where the venue's QR
code leads: a signed-in player of the tournament checks in with one button ("I am here");
anyone else types a player's code (``actions.check_in.self_check_in``).

Wrong codes are throttled (:mod:`core.throttle`): at most :data:`WRONG_CODES` from one
network address per tournament in :data:`WINDOW_SECONDS`; beyond that every code is refused
(429) until the window ends, so the codes cannot be guessed by trying. Never cached: the page
says who is checked in.
"""

from __future__ import annotations

from typing import Any

from axes.helpers import get_client_ip_address
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views import View

from actions.check_in import self_check_in
from core import throttle
from events.models import CheckIn
from events.queries.check_in import check_in_round, registration_of_account
from public.forms import SelfCheckInForm
from tournaments.models import Tournament

#: Wrong codes allowed from one address per tournament in a window of this many seconds.
WRONG_CODES, WINDOW_SECONDS = 10, 15 * 60
SCOPE = "check-in-code"


class SelfCheckInView(View):
    """GET: the button or the code form; POST: check in (see the module's docstring)."""

    tournament: Tournament

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.tournament = get_object_or_404(Tournament, slug=kwargs["slug"])
        return super().dispatch(request, *args, **kwargs)

    def throttle_key(self) -> dict[str, int]:
        address = get_client_ip_address(self.request) or ""
        return {f"{self.tournament.pk}:{address}": WRONG_CODES}

    def page(
        self, form: SelfCheckInForm, status: int = 200, errors: list[str] | None = None
    ) -> HttpResponse:
        number = check_in_round(self.tournament)
        registration = registration_of_account(self.tournament, self.request.user)
        checked = (
            registration is not None
            and number is not None
            and CheckIn.objects.filter(registration=registration, round_number=number).exists()
        )
        context = {
            "tournament": self.tournament,
            "number": number,
            "registration": registration,
            "checked": checked,
            "form": form,
            "errors": errors or [],
        }
        return render(self.request, "public/tournaments/check_in.html", context, status=status)

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return self.page(SelfCheckInForm())

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if "code" not in request.POST:
            return self.by_account()
        form = SelfCheckInForm(request.POST)
        if not form.is_valid():
            return self.page(form)
        if throttle.exhausted(SCOPE, self.throttle_key(), seconds=WINDOW_SECONDS):
            form.add_error(
                "code",
                _("Too many wrong codes from your network: ask the arbiter, or try again later."),
            )
            return self.page(form, status=429)
        try:
            row = self_check_in(
                actor=request.user, tournament=self.tournament, code=form.cleaned_data["code"]
            )
        except ValidationError as refused:
            codes = [
                e.code for errors in getattr(refused, "error_dict", {}).values() for e in errors
            ]
            if "wrong_code" in codes:
                throttle.take(SCOPE, self.throttle_key(), seconds=WINDOW_SECONDS)
            form.add_error("code" if codes else None, refused.messages)
            return self.page(form)
        return self.done(row)

    def by_account(self) -> HttpResponse:
        try:
            row = self_check_in(actor=self.request.user, tournament=self.tournament)
        except ValidationError as refused:
            return self.page(SelfCheckInForm(), errors=refused.messages)
        return self.done(row)

    def done(self, row: CheckIn) -> HttpResponse:
        messages.success(
            self.request,
            _("%(player)s is checked in for round %(round)d.")
            % {"player": row.registration.player, "round": row.round_number},
        )
        return HttpResponseRedirect(self.request.path)
