"""A knockout cup's bracket: each round's matches with their games and score, the winners
going through to the champion. While a match is undecided the page polls its live fragment
every few seconds, as the round page does (served from the page cache, made stale by every
result)."""

from __future__ import annotations

from decimal import Decimal

from django.http import Http404
from django.utils.translation import gettext as _
from django.views.generic import DetailView

from public.views.event import TournamentPageMixin
from tournaments.queries.knockout import bracket, champion
from web.points import format_points


class BracketView(TournamentPageMixin, DetailView):
    template_name = "public/tournaments/bracket.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        tournament = self.object
        if not tournament.is_knockout:
            raise Http404(_("This tournament is not a knockout."))
        rounds = bracket(tournament)
        for round_ in rounds:
            for match in round_.matches:
                high, low = match.points
                match.shown = (  # type: ignore[attr-defined]
                    format_points(Decimal(str(high))),
                    format_points(Decimal(str(low))),
                )
        winner = champion(rounds)
        context.update(
            page="bracket",
            rounds=rounds,
            champion=winner,
            live=winner is None and any(r.paired for r in rounds),
        )
        return context


class LiveBracketView(BracketView):
    """The bracket alone, which the bracket page polls while the cup is being played."""

    template_name = "public/tournaments/live_bracket.html"
