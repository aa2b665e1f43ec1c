"""Forms of the leagues: a season, a division with its teams, a postponement, a default and a
captain's match card. Shape only; the actions (``actions.leagues``) enforce the rules."""

from __future__ import annotations

import datetime
import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from backoffice.forms.settings import own_clubs_only
from players.models import Club, Player
from rules.pairing.teams import MAX_BOARDS, MIN_BOARDS


def _date_widget() -> forms.DateInput:
    return forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class SeasonForm(forms.Form):
    club = forms.ModelChoiceField(label=_("Organising club"), queryset=Club.objects.all())
    name = forms.CharField(label=_("Name"), max_length=200)
    start_date = forms.DateField(label=_("Start date"), widget=_date_widget())
    end_date = forms.DateField(label=_("End date"), widget=_date_widget())
    match_dates = forms.CharField(
        label=_("Match dates"),
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_("One date per match day, in order (YYYY-MM-DD), separated by spaces or lines."),
    )

    def __init__(self, *args: Any, user: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        own_clubs_only(self, user)

    def clean_match_dates(self) -> list[datetime.date]:
        days = []
        for word in re.split(r"[\s,;]+", self.cleaned_data["match_dates"].strip()):
            try:
                days.append(datetime.date.fromisoformat(word))
            except ValueError:
                raise ValidationError(
                    _("“%(word)s” is not a date (YYYY-MM-DD).") % {"word": word}
                ) from None
        return days


def _find_player(name: str) -> Player:
    """The player called ``name`` ("Last name, First name" or a last name alone)."""
    last, _sep, first = (part.strip() for part in name.partition(","))
    found = list(
        Player.objects.filter(last_name__iexact=last, first_name__iexact=first).order_by("pk")[:2]
    )
    if not found:
        raise ValidationError(_("No player is called “%(name)s”.") % {"name": name})
    if len(found) > 1:
        raise ValidationError(
            _("Several players are called “%(name)s”: enter the team in the admin.")
            % {"name": name}
        )
    return found[0]


def parse_teams(text: str) -> list[dict[str, Any]]:
    """Teams, one a line: ``Team name: Last, First; Last, First; …`` (the roster in board
    order, the reserves last). The first player is the captain; the team's club is the
    captain's club."""
    teams = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        name, colon, roster = line.partition(":")
        if not colon:
            raise ValidationError(
                _("Line %(line)d: write the team's name, a colon and its players.")
                % {"line": number}
            )
        names = [part.strip() for part in roster.split(";") if part.strip()]
        try:
            players = [_find_player(player) for player in names]
        except ValidationError as error:
            raise ValidationError(
                _("Line %(line)d: %(error)s") % {"line": number, "error": " ".join(error.messages)}
            ) from None
        captain = players[0] if players else None
        teams.append(
            {
                "name": name.strip(),
                "club": captain.club if captain is not None else None,
                "captain": captain,
                "players": players,
            }
        )
    return teams


class DivisionForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    level = forms.IntegerField(
        label=_("Level"),
        min_value=1,
        max_value=20,
        initial=1,
        help_text=_("1 is the top division."),
    )
    boards = forms.IntegerField(
        label=_("Boards per match"), min_value=MIN_BOARDS, max_value=MAX_BOARDS, initial=4
    )
    double = forms.BooleanField(label=_("Double round robin"), required=False, initial=True)
    promotion = forms.IntegerField(
        label=_("Promotion places"), min_value=0, max_value=20, initial=0
    )
    relegation = forms.IntegerField(
        label=_("Relegation places"), min_value=0, max_value=20, initial=0
    )
    played_up_limit = forms.IntegerField(
        label=_("Games for a higher team that bind a player to it"),
        min_value=1,
        max_value=50,
        required=False,
        help_text=_("Empty: no such rule."),
    )
    home_white = forms.BooleanField(
        label=_("The home team has White on board 1"), required=False, initial=True
    )
    table_order = forms.CharField(
        label=_("Table order"),
        max_length=60,
        initial="mp gp direct",
        help_text=_(
            "mp (match points), gp (game points), direct (direct encounter), wins (matches "
            "won), board (board points), in order."
        ),
    )
    teams = forms.CharField(
        label=_("Teams"),
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_(
            "One team a line, in the order of the draw: the team's name, a colon, then its "
            "players in board order separated by semicolons (Last name, First name; …), the "
            "reserves last. The first player is the captain."
        ),
    )

    def clean_teams(self) -> list[dict[str, Any]]:
        return parse_teams(self.cleaned_data["teams"])


class PostponeForm(forms.Form):
    to = forms.DateField(label=_("New date"), widget=_date_widget())


class DefaultForm(forms.Form):
    absent = forms.ChoiceField(
        label=_("Did not come"),
        choices=[
            ("first", _("the first team")),
            ("second", _("the second team")),
            ("both", _("both teams")),
        ],
    )


class DisputeForm(forms.Form):
    reason = forms.CharField(
        label=_("What is wrong"), max_length=1000, widget=forms.Textarea(attrs={"rows": 3})
    )


#: The results a card offers, White's first.
CARD_RESULT_CHOICES = [
    ("", "—"),
    ("10", "1–0"),
    ("==", "½–½"),
    ("01", "0–1"),
    ("+-", _("1–0 forfeit")),
    ("-+", _("0–1 forfeit")),
    ("--", _("0–0 double forfeit")),
]


class MatchCardForm(forms.Form):
    """Per board: White, Black (each from the roster of the team with that colour) and the
    result."""

    played_on = forms.DateField(label=_("Played on"), widget=_date_widget())

    def __init__(self, *args: Any, boards: int, first: Any, second: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.boards = boards
        for board in range(1, boards + 1):
            white, black = (first, second) if board % 2 == 1 else (second, first)
            self.fields[f"white_{board}"] = forms.ModelChoiceField(
                label=_("Board %(board)d, White") % {"board": board}, queryset=white
            )
            self.fields[f"black_{board}"] = forms.ModelChoiceField(
                label=_("Board %(board)d, Black") % {"board": board}, queryset=black
            )
            self.fields[f"result_{board}"] = forms.ChoiceField(
                label=_("Board %(board)d, result") % {"board": board}, choices=CARD_RESULT_CHOICES
            )

    def board_rows(self) -> list[tuple[Any, Any, Any]]:
        return [
            (self[f"white_{b}"], self[f"black_{b}"], self[f"result_{b}"])
            for b in range(1, self.boards + 1)
        ]

    def card_boards(self) -> list[dict[str, Any]]:
        data = self.cleaned_data
        return [
            {
                "white": data[f"white_{b}"],
                "black": data[f"black_{b}"],
                "result": data[f"result_{b}"],
            }
            for b in range(1, self.boards + 1)
        ]
