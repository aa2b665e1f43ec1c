"""Forms of the club games: the organiser's set-up and a player's report. Shape only; the
actions (``actions.club_games``) enforce the rules."""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from players.models import Player
from ratings.enums import GameKind, RatingSystem


class ClubGamesForm(forms.Form):
    system = forms.ChoiceField(
        label=_("Rating system"),
        choices=[
            (RatingSystem.GLICKO2, _("Glicko-2 (as lichess)")),
            (RatingSystem.FIDE, _("FIDE-style Elo (K factors)")),
        ],
    )
    game_kind = forms.ChoiceField(label=_("Game"), choices=GameKind.choices)
    reach = forms.IntegerField(
        label=_("Places a player may challenge above"), min_value=1, max_value=50, initial=3
    )


class ClubGameReportForm(forms.Form):
    opponent = forms.ModelChoiceField(label=_("Opponent"), queryset=Player.objects.none())
    colour = forms.ChoiceField(
        label=_("My colour"), choices=[("white", _("white")), ("black", _("black"))]
    )
    result = forms.ChoiceField(
        label=_("My result"),
        choices=[("", "—"), ("1", _("I won")), ("0.5", _("draw")), ("0", _("I lost"))],
    )
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}), initial=datetime.date.today
    )
    time_control = forms.CharField(
        label=_("Time control"),
        max_length=30,
        required=False,
        help_text=_("For example 15+10."),
    )

    def __init__(self, *args: Any, players: Any = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["opponent"].queryset = Player.objects.filter(
            pk__in=[p.pk for p in players]
        ).order_by("last_name", "first_name")
