"""The organiser's prize page: edit the section's prize table (a plain form, one small form
per prize, blank lines to add, a box to remove) and preview the prize list from the current
standings."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from actions.prizes import set_prize_table
from backoffice.forms.prizes import PrizeTableForm, digits_of, prize_rows
from backoffice.tables import PrizePreviewTable
from backoffice.views.base import TournamentMixin, add_errors
from events.enums import Currency, PrizeMethod
from events.queries.prizes import prize_list
from web.params import parse_int

#: Blank lines offered under the prizes (``?rows=N`` asks for more, up to ``MAX_BLANK``).
BLANK = 3
MAX_BLANK = 30


class PrizesView(TournamentMixin, View):
    """GET: the prize table's form and the preview; POST: save it (``set_prize_table``)."""

    manage = True

    def url(self) -> str:
        return reverse("tournaments:organise_prizes", args=[self.tournament.slug])

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        prizes = prize_list(self.tournament)
        table = prizes.table
        form = PrizeTableForm(
            initial={
                "currency": table.currency if table else Currency.EUR,
                "method": table.method if table else PrizeMethod.HORT,
            }
        )
        initial = [
            {
                "kind": p.kind,
                "place": p.place,
                "age": p.age,
                "rating_min": p.rating_min,
                "rating_max": p.rating_max,
                "club": p.club_id,
                "amount": p.amount,
            }
            for p in prizes.prizes
        ]
        blank = parse_int(request.GET.get("rows"), minimum=0, maximum=MAX_BLANK)
        rows = prize_rows(BLANK if blank is None else blank)(initial=initial, prefix="prizes")
        return self.show(form, rows, prizes)

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = PrizeTableForm(request.POST)
        digits = digits_of(request.POST.get("currency"))
        rows = prize_rows(0)(request.POST, prefix="prizes", form_kwargs={"digits": digits})
        if form.is_valid() and rows.is_valid():
            try:
                set_prize_table(
                    actor=request.user,
                    tournament=self.tournament,
                    currency=form.cleaned_data["currency"],
                    method=form.cleaned_data["method"],
                    prizes=rows.rows(),
                )
            except ValidationError as error:
                add_errors(form, error)
            else:
                messages.success(request, _("The prize table was saved."))
                return HttpResponseRedirect(self.url())
        return self.show(form, rows, prize_list(self.tournament), status=400)

    def show(self, form: Any, rows: Any, prizes: Any, status: int = 200) -> HttpResponse:
        preview = PrizePreviewTable(
            [
                {
                    "place": line.place,
                    "player": line.player.name,
                    "prize": line.prize,
                    "amount": line.amount,
                    "shared": ", ".join(player.name for player in line.shared_with),
                }
                for line in prizes.lines
            ]
        )
        return render(
            self.request,
            "backoffice/organiser/prizes.html",
            {
                "tournament": self.tournament,
                "form": form,
                "rows": rows,
                "prizes": prizes,
                "preview": preview,
                "more_rows": min(MAX_BLANK, BLANK + 5),
            },
            status=status,
        )
