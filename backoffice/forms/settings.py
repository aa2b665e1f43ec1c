"""A tournament's settings: the create form and the settings form, for one game each.

Only the fields that apply are there: chess has no go fields, go no Baku acceleration;
rating lists and formats are those of the tournament's game. Within a game the fields that
depend on the format (round robin: seeding; Swiss: colour of the top seed, Baku; McMahon:
the bars) carry a class that the stylesheet uses to show them for that format only.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from backoffice.forms.layout import LayoutMixin
from backoffice.forms.tiebreaks import TiebreakField, TiebreakFormMixin, default_help
from core import roles
from core.submissions import SubmissionField
from core.validators import BoundedFormMixin
from ratings.enums import GameKind
from ratings.models import RatingList
from tournaments.enums import (
    GO_SETTINGS,
    KNOCKOUT_SETTINGS,
    PAIRING_SETTINGS,
    POINT_FIELDS,
    TEAM_SETTINGS,
    TOURNAMENT_SETTINGS,
    PairingSystem,
)
from tournaments.limits import max_rounds
from tournaments.models import Tournament
from web.params import MAX_SMALL

#: The formats of each game.
FORMATS = {
    GameKind.CHESS: (
        PairingSystem.SWISS_DUTCH,
        PairingSystem.ROUND_ROBIN,
        PairingSystem.DOUBLE_ROUND_ROBIN,
        PairingSystem.KNOCKOUT,
        PairingSystem.TEAM_SWISS,
        PairingSystem.TEAM_ROUND_ROBIN,
        PairingSystem.TEAM_DOUBLE_ROUND_ROBIN,
        PairingSystem.SCHEVENINGEN,
        PairingSystem.MANUAL,
    ),
    GameKind.GO: (
        PairingSystem.MCMAHON_GO,
        PairingSystem.SWISS_GO,
        PairingSystem.ROUND_ROBIN,
        PairingSystem.DOUBLE_ROUND_ROBIN,
        PairingSystem.MANUAL,
    ),
    GameKind.SHOGI: (
        PairingSystem.MCMAHON_SHOGI,
        PairingSystem.SWISS_SHOGI,
        PairingSystem.ROUND_ROBIN,
        PairingSystem.DOUBLE_ROUND_ROBIN,
        PairingSystem.MANUAL,
    ),
}
#: Fields only one game has.
NOT_FOR = {
    GameKind.CHESS: (*GO_SETTINGS, "rating_class"),
    GameKind.GO: ("initial_colour", "accelerated", *KNOCKOUT_SETTINGS, *TEAM_SETTINGS),
    GameKind.SHOGI: (
        *KNOCKOUT_SETTINGS,
        *TEAM_SETTINGS,
        "initial_colour",
        "accelerated",
        "handicap_policy",
        "handicap_cap",
        "komi",
        "rating_class",
    ),
}
FIELDSETS = (
    (_("The tournament"), ("name", "slug", "club", "city", "start_date", "end_date")),
    (
        _("Format"),
        (
            "pairing_system",
            "rounds_planned",
            "rating_list",
            "rating_class",
            "tiebreaks",
            "max_half_point_byes",
            "players_report_results",
        ),
    ),
    (
        _("Pairings"),
        (
            "initial_colour",
            "accelerated",
            "seeding",
            *GO_SETTINGS,
            *KNOCKOUT_SETTINGS,
            *TEAM_SETTINGS,
        ),
    ),
    (_("Points"), POINT_FIELDS),
)
#: Team settings the form may leave empty: the model's default then.
TEAM_DEFAULTED = tuple(name for name in TEAM_SETTINGS if name != "team_boards")


def own_clubs_only(form: forms.Form, user: Any) -> None:
    """An organiser (not staff) creates for their own clubs only: ``form``'s club field offers
    those clubs, is required, and starts on the club when there is just one."""
    if user is None or roles.is_staff(user):
        return
    clubs = roles.organised_clubs(user)
    form.fields["club"].queryset = clubs
    form.fields["club"].required = True
    only = list(clubs[:2])
    if len(only) == 1 and not form.initial.get("club"):
        form.initial["club"] = only[0].pk


def game_of(value: str | None) -> str:
    return value if value in FORMATS else GameKind.CHESS


class TournamentFormMixin(LayoutMixin, TiebreakFormMixin):
    """The per-game shape shared by the create and the settings forms."""

    fieldsets = FIELDSETS

    def shape(self, game: str) -> None:
        self.game = game
        for name in NOT_FOR[game]:
            self.fields.pop(name, None)
        if "pairing_system" in self.fields:
            labels = dict(PairingSystem.choices)
            current = self.initial.get("pairing_system")
            extra = [current] if current in labels and current not in FORMATS[game] else []
            self.fields["pairing_system"].choices = [
                (value, labels[value]) for value in (*FORMATS[game], *extra)
            ]
        if "rating_list" in self.fields:
            self.fields["rating_list"].queryset = RatingList.objects.filter(game=game)
            self.fields["rating_list"].empty_label = _("Unrated")
        rounds = self.fields["rounds_planned"]
        rounds.min_value = None
        # Never required in the browser: a round robin hides the field (its rounds follow from
        # its players), and a hidden required field blocks the submit without a word. The
        # clean method asks for it where the format needs it. 0 ("not set") shows empty, as
        # the browser would refuse it under min=1.
        rounds.required = False
        if not self.initial.get("rounds_planned"):
            self.initial["rounds_planned"] = None
        rounds.widget.attrs.update({"min": 1, "max": max_rounds()})
        rounds.help_text = _(
            "From 1 to %(max)d. A round robin's rounds follow from its players."
        ) % {"max": max_rounds()}
        for name in (*GO_SETTINGS, *KNOCKOUT_SETTINGS, *TEAM_SETTINGS):
            if name in self.fields:
                self.fields[name].required = False
        for name in ("start_date", "end_date"):
            if name in self.fields:
                self.fields[name].widget = forms.DateInput(
                    attrs={"type": "date"}, format="%Y-%m-%d"
                )
        if "tiebreaks" in self.fields:
            current = ""
            if self.instance.pk is not None:
                empty = Tournament(
                    **{
                        f.attname: getattr(self.instance, f.attname)
                        for f in Tournament._meta.concrete_fields
                    }
                )
                empty.tiebreaks = ""
                current = empty.tiebreak_codes
            self.fields["tiebreaks"].help_text = default_help(game, current)
        self.wrap(
            seeding="only-rr",
            rounds_planned="hide-rr",
            initial_colour="only-swiss",
            accelerated="only-swiss",
            top_bar="only-mcmahon",
            floor_bar="only-mcmahon",
            **dict.fromkeys(KNOCKOUT_SETTINGS, "only-ko"),
            **dict.fromkeys(TEAM_SETTINGS, "only-team"),
        )
        self.wrap(team_colour_preference="only-team-swiss")

    def clean_rounds_planned(self) -> int:
        rounds = self.cleaned_data.get("rounds_planned")
        system = self.data.get(self.add_prefix("pairing_system"), "")
        if system.endswith("round_robin") or system in (
            PairingSystem.KNOCKOUT,
            PairingSystem.SCHEVENINGEN,
        ):
            if rounds is not None and not 0 <= rounds <= MAX_SMALL:
                raise forms.ValidationError(
                    _("The number of rounds must be a whole number from %(min)d to %(max)d.")
                    % {"min": 0, "max": MAX_SMALL}
                )
            return rounds or 0
        low = 0 if system == PairingSystem.MANUAL else 1
        if rounds is None and low == 0:
            return 0  # a manual tournament: rounds are added until it is finished
        if rounds is None:
            raise forms.ValidationError(_("Enter the number of rounds."), code="required")
        if not low <= rounds <= max_rounds():
            raise forms.ValidationError(
                _("The number of rounds must be a whole number from %(min)d to %(max)d.")
                % {"min": low, "max": max_rounds()}
            )
        return rounds

    def _go_defaults(self, cleaned: dict[str, Any]) -> None:
        """The go, knockout and team settings left empty (a format that hides them):
        defaults."""
        for name in (*GO_SETTINGS, *KNOCKOUT_SETTINGS, *TEAM_DEFAULTED):
            if name in cleaned and cleaned[name] in (None, ""):
                cleaned[name] = Tournament._meta.get_field(name).get_default()


class SettingsForm(BoundedFormMixin, TournamentFormMixin, forms.ModelForm):
    """The pairing settings of a tournament (the organiser's side of ``update_tournament``).
    Tie-breaks are cleaned to canonical codes; Buchholz is refused for round robins."""

    tiebreaks = TiebreakField(label=_("Tie-breaks"))

    class Meta:
        model = Tournament
        fields = list(PAIRING_SETTINGS)

    def __init__(self, *args: Any, game: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.shape(game_of(game or _game_of_instance(self.instance)))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        self._go_defaults(cleaned)
        return cleaned


def _game_of_instance(tournament: Tournament) -> str:
    if tournament.pk is None:
        return GameKind.CHESS
    if tournament.rating_list_id is not None:
        return tournament.rating_list.game
    for game in (GameKind.GO, GameKind.SHOGI):
        system = tournament.pairing_system
        if system in FORMATS[game] and system not in FORMATS[GameKind.CHESS]:
            return game
    return GameKind.CHESS


class TournamentCreateForm(BoundedFormMixin, TournamentFormMixin, forms.ModelForm):
    """A new tournament (``create_tournament``) of one game; an empty slug is made from the
    name."""

    tiebreaks = TiebreakField(label=_("Tie-breaks"))
    submission = SubmissionField()

    class Meta:
        model = Tournament
        fields = list(TOURNAMENT_SETTINGS)

    def __init__(self, *args: Any, user: Any = None, game: str | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        own_clubs_only(self, user)
        self.fields["slug"].required = False
        self.fields["slug"].help_text = _("The page address. Empty: made from the name.")
        if "rating_class" in self.fields:
            self.fields["rating_class"].required = False  # empty: class A (go lists only)
        self.initial.setdefault("pairing_system", FORMATS[game_of(game)][0])
        self.shape(game_of(game))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if "rating_class" in cleaned and not cleaned["rating_class"]:
            cleaned["rating_class"] = "A"
        self._go_defaults(cleaned)
        start, end = cleaned.get("start_date"), cleaned.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The end date cannot be before the start date."))
        return cleaned

    def validate_unique(self) -> None:
        """Uniqueness is the service's check (it can also pick a free slug)."""
