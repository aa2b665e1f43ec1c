"""Printables of a tournament: pairings by board and by name, result slips, the starting rank
list and the wall chart. Plain pages with a print stylesheet (the browser prints them or saves
them as PDF); no external service."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.formats import get_format
from django.views.generic import TemplateView

from backoffice.queries import seats
from backoffice.views.base import TournamentMixin
from ratings.enums import GameKind
from tournaments.models import Game, Registration, Round
from tournaments.queries.pairing import played_histories
from tournaments.queries.rounds import highest_round_number
from web.colours import colour_letter

ROUND_KINDS = ("pairings", "slips")
LIST_KINDS = ("start-list", "wallchart")


class PrintView(TournamentMixin, TemplateView):
    """``kind``: a round's ``pairings`` or ``slips``; the tournament's ``start-list`` or
    ``wallchart``."""

    def get_template_names(self) -> list[str]:
        return [f"backoffice/print/{self.kwargs['kind'].replace('-', '_')}.html"]

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        kind = self.kwargs["kind"]
        number = self.kwargs.get("number")
        if (number is None) != (kind in LIST_KINDS) or kind not in ROUND_KINDS + LIST_KINDS:
            raise Http404
        context = super().get_context_data(tournament=self.tournament, **kwargs)
        if number is not None:
            round_ = get_object_or_404(Round, tournament=self.tournament, number=number)
            round_.tournament = self.tournament
            table = seats(round_)
            games = list(
                Game.objects.filter(round=round_).select_related("white", "black").order_by("board")
            )
            for game in games:
                game.white_seat = table.get(game.white_id)
                game.black_seat = table.get(game.black_id) if game.black_id else None
            alphabetical = sorted(
                [(g.white, g, "w") for g in games] + [(g.black, g, "b") for g in games if g.black],
                key=lambda item: (item[0].last_name.casefold(), item[0].first_name.casefold()),
            )
            return {**context, "round": round_, "games": games, "alphabetical": alphabetical}
        registrations = list(
            Registration.objects.filter(tournament=self.tournament)
            .select_related("player", "player__club")
            .order_by("pairing_number", "player__last_name", "player__first_name")
        )
        if kind == "start-list":
            return {**context, "registrations": registrations}
        return {**context, **self._wallchart(registrations)}

    def _wallchart(self, registrations: list[Registration]) -> dict[str, Any]:
        last = highest_round_number(self.tournament)
        histories = played_histories(self.tournament, last + 1)
        tpn = {r.player_id: r.pairing_number for r in registrations}
        scoring = self.tournament.point_system
        shogi = self.tournament.game == GameKind.SHOGI
        rows = []
        for registration in registrations:
            own = histories.get(registration.player_id, {})
            cells, total = [], 0
            for number in range(1, last + 1):
                opponent, colour, code = own.get(number, (None, None, ""))
                if code:
                    total += scoring.points(code)
                cells.append(
                    f"{tpn.get(opponent) or '' if opponent else ''}"
                    f"{colour_letter(colour, shogi=shogi)}{code or ''}".strip()
                    or "–"
                )
            rows.append(
                {"registration": registration, "cells": cells, "total": _points_text(total)}
            )
        return {"rows": rows, "rounds": list(range(1, last + 1))}


def _points_text(points: Fraction | int) -> str:
    """``3``, ``2.5``: points as the lists print them, with the language's decimal mark."""
    value = Fraction(points)
    text = f"{Decimal(value.numerator) / Decimal(value.denominator):f}"
    text = text.rstrip("0").rstrip(".") if "." in text else text
    return text.replace(".", get_format("DECIMAL_SEPARATOR"))
