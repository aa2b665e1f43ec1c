"""A club's ladder (public): the order, each player's rating in the club's list and, for a
signed-in player of the club, whom they may challenge."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from core import roles
from events.queries.club_games import club_games_of, ladder, on_ladder
from players.models import Club


class LadderView(TemplateView):
    template_name = "public/clubs/ladder.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        club = get_object_or_404(Club, pk=self.kwargs["pk"])
        settings = club_games_of(club)
        if settings is None:
            raise Http404
        user = self.request.user
        member = roles.can_play_club_games(user, club)
        me = roles.player_of(user) if member else None
        return super().get_context_data(
            club=club,
            settings=settings,
            rungs=ladder(settings, me),
            member=member,
            me=me,
            joined=me is not None and on_ladder(settings, me),
            **kwargs,
        )
