"""The round schedule page: when each round starts (``actions.schedule.set_schedule``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views import View

from actions.schedule import set_schedule
from backoffice.forms.schedule import ScheduleForm
from backoffice.views.base import TournamentMixin, add_errors
from events.queries.schedule import round_starts, schedule_numbers


class ScheduleView(TournamentMixin, View):
    """GET: the form, a row per round; POST: set the schedule, back to the dashboard. A
    refused form is shown again with each error next to its round, nothing written."""

    manage = True

    def form(self, data: Any = None) -> ScheduleForm:
        starts = {
            number: start.starts_at for number, start in round_starts(self.tournament).items()
        }
        return ScheduleForm(data, numbers=schedule_numbers(self.tournament), initial_starts=starts)

    def page(self, form: ScheduleForm) -> HttpResponse:
        context = {
            "tournament": self.tournament,
            "form": form,
            "time_zone": timezone.get_current_timezone_name(),
        }
        return render(self.request, "backoffice/organiser/schedule.html", context)

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return self.page(self.form())

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = self.form(request.POST)
        if form.is_valid():
            try:
                set_schedule(actor=request.user, tournament=self.tournament, starts=form.starts())
            except ValidationError as error:
                add_errors(form, error)
            else:
                messages.success(request, _("The round schedule is saved."))
                return HttpResponseRedirect(
                    reverse("tournaments:organise", args=[self.tournament.slug])
                )
        return self.page(form)
