"""Organiser forms: shape only (types, choices); the services enforce the rules.

The tournament's own settings forms live in :mod:`backoffice.forms.settings`.
"""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.core.validators import MaxValueValidator
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from backoffice.forms.settings import SettingsForm, TournamentCreateForm  # noqa: F401 (here too)
from backoffice.forms.widgets import LeanSelect, attrs_html
from core import roles
from core.submissions import SubmissionField
from core.validators import BoundedFormMixin, DateWindowMixin, birth_years, validate_birth_year
from players.enums import Sex
from players.models import Player
from rules import scoring
from tournaments.enums import BYE_RESULTS, MAX_ROUNDS, ByeKind, Result
from tournaments.limits import max_rounds
from tournaments.models import Game, Registration, Tournament
from tournaments.queries.event import game_komi
from web.params import MAX_BIGINT, MAX_SMALL


class _EntrantChoice(forms.ModelChoiceField):
    widget = LeanSelect

    def label_from_instance(self, obj: Any) -> str:
        if isinstance(obj, Registration):
            number = f"{obj.pairing_number}. " if obj.pairing_number else ""
            return f"{number}{obj.player.name}"
        return obj.name


def _registrations(tournament: Tournament) -> Any:
    return (
        Registration.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by("pairing_number", "player__last_name")
    )


def _entrants(tournament: Tournament) -> Any:
    return Player.objects.filter(registrations__tournament=tournament).order_by(
        "last_name", "first_name"
    )


class AddRoundForm(DateWindowMixin, forms.Form):
    submission = SubmissionField()
    date = forms.DateField(
        label=_("Date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )


class AddBoardForm(forms.Form):
    """A board of a manual round: two players, or one player and a bye code."""

    board = forms.IntegerField(
        label=_("Board"),
        min_value=1,
        max_value=MAX_SMALL,
        required=False,
        help_text=_("Empty: the next board."),
    )
    white = _EntrantChoice(label=_("White"), queryset=Player.objects.none())
    black = _EntrantChoice(
        label=_("Black"),
        queryset=Player.objects.none(),
        required=False,
        empty_label=_("(bye)"),
    )
    bye = forms.ChoiceField(
        label=_("Bye"),
        required=False,
        choices=[
            ("", "---------"),
            *((value, label) for value, label in Result.choices if value in BYE_RESULTS),
        ],
        help_text=_("For a bye: leave Black empty and choose the kind of bye."),
    )

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["white"].queryset = _entrants(tournament)
        self.fields["black"].queryset = _entrants(tournament)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if cleaned.get("black") is None and not cleaned.get("bye") and "black" not in self.errors:
            self.add_error("bye", _("Choose an opponent, or the kind of bye."))
        if cleaned.get("black") is not None and cleaned.get("bye"):
            self.add_error("bye", _("A game between two players has no bye code."))
        return cleaned


class RegisterForm(forms.Form):
    submission = SubmissionField()
    player = _EntrantChoice(label=_("Player"), queryset=Player.objects.none())
    rating_at_start = forms.IntegerField(
        label=_("Rating"),
        required=False,
        min_value=0,
        max_value=3500,
        help_text=_("Empty: the player's rating in the tournament's list."),
    )
    grade = forms.CharField(
        label=_("Grade"),
        required=False,
        max_length=4,
        help_text=_("Go/shogi: the declared grade (e.g. 5k, 2d). Empty: from the rating."),
    )

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not tournament.uses_mcmahon_engine:
            del self.fields["grade"]
        self.fields["player"].queryset = Player.objects.exclude(
            registrations__tournament=tournament
        ).order_by("last_name", "first_name")


def _within_the_rounds(field: forms.IntegerField, tournament: Tournament) -> None:
    """Bound a round number to the tournament's planned rounds (never above the most rounds a
    tournament may have, CLUBRATING_MAX_ROUNDS)."""
    rounds = min(tournament.rounds_planned or max_rounds(), max_rounds())
    field.max_value = rounds
    field.validators.append(MaxValueValidator(rounds))
    field.widget.attrs["max"] = rounds


class WithdrawForm(forms.Form):
    registration = _EntrantChoice(label=_("Player"), queryset=Registration.objects.none())
    after_round = forms.IntegerField(
        label=_("Withdrawn after round"), min_value=0, max_value=MAX_ROUNDS
    )

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["registration"].queryset = _registrations(tournament)
        _within_the_rounds(self.fields["after_round"], tournament)


class ByeForm(forms.Form):
    registration = _EntrantChoice(label=_("Player"), queryset=Registration.objects.none())
    round_number = forms.IntegerField(label=_("Round"), min_value=1, max_value=MAX_ROUNDS)
    kind = forms.ChoiceField(label=_("Bye"), choices=ByeKind.choices)

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["registration"].queryset = _registrations(tournament)
        _within_the_rounds(self.fields["round_number"], tournament)


class ForbiddenPairForm(forms.Form):
    player_a = _EntrantChoice(label=_("Player"), queryset=Player.objects.none())
    player_b = _EntrantChoice(label=_("Must not meet"), queryset=Player.objects.none())

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player_a"].queryset = _entrants(tournament)
        self.fields["player_b"].queryset = _entrants(tournament)


def _version_field() -> forms.CharField:
    """The round's fingerprint when the page was shown (optimistic check in the service)."""
    return forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)


class EditBoardForm(forms.Form):
    white = _EntrantChoice(label=_("White"), queryset=Player.objects.none())
    black = _EntrantChoice(label=_("Black"), queryset=Player.objects.none(), required=False)
    version = _version_field()

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["white"].queryset = _entrants(tournament)
        self.fields["black"].queryset = _entrants(tournament)


class SwapBoardsForm(forms.Form):
    board = forms.IntegerField(label=_("Board"), min_value=1, max_value=MAX_SMALL)
    other = forms.IntegerField(label=_("with board"), min_value=1, max_value=MAX_SMALL)
    version = _version_field()


class PairForm(forms.Form):
    """Pair the next round: ``number`` is the round the page offered (double submissions)."""

    number = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_SMALL, widget=forms.HiddenInput
    )
    #: The registrations the arbiter confirmed leaving out (not checked in), as "12,15".
    absent = forms.RegexField(
        required=False, regex=r"^\d+(,\d+)*$", max_length=2000, widget=forms.HiddenInput
    )

    def absent_ids(self) -> list[int] | None:
        """The confirmed registrations' ids; ``None``: nothing confirmed."""
        absent = self.cleaned_data.get("absent")
        return [int(pk) for pk in absent.split(",")] if absent else None


class ResultForm(forms.Form):
    """One board's result, typed: ``1``, ``=`` or ``½``, ``0``, ``+``, ``-``, ``--`` (or the
    stored codes; a bye's ``F H U Z``; ``x`` clears a result). The field never starts on a
    result: an empty save writes nothing. ``correction`` is set once the game has a result;
    ``based_on`` is the result shown when the form was drawn (the stale-form guard);
    ``data-keys`` on the field lists every key it accepts (:func:`rules.scoring.accepted_keys`);
    ``confirm_later`` confirms a correction that later rounds' pairings used."""

    result = forms.CharField(
        label=_("Result"),
        required=False,
        max_length=8,
        widget=forms.TextInput(
            attrs={
                "class": "result-key",
                "autocomplete": "off",
                "autocapitalize": "off",
                "spellcheck": "false",
                "size": 4,
                "enterkeyhint": "next",
            }
        ),
    )
    correction = forms.BooleanField(required=False, widget=forms.HiddenInput)
    #: The result shown when the form was drawn: the service refuses if it changed meanwhile.
    based_on = forms.CharField(required=False, max_length=3, strip=False, widget=forms.HiddenInput)
    confirm_later = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, game: Game | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.fields["result"].widget.attrs.update(result_attrs(game))
        if game is not None and game.result:
            self.initial.setdefault("correction", True)
        self.initial.setdefault("based_on", game.result if game is not None else "")

    def clean_result(self) -> str:
        typed = self.cleaned_data["result"]
        if not typed.strip():
            raise forms.ValidationError(_("Type a result first: nothing was saved."), code="empty")
        if typed.strip().lower() == "x" and self.game is not None and self.game.result:
            return ""
        bye = self.game is not None and self.game.black_id is None
        code = scoring.result_from_key(typed, bye=bye)
        if code is None:
            raise forms.ValidationError(
                _("“%(typed)s” is not a result: type %(keys)s.")
                % {"typed": typed, "keys": self.keys_text(bye=bye)},
                code="unknown",
            )
        return code

    def keys_text(self, *, bye: bool) -> str:
        """The keys the field takes, for its message: a game's ``1 = ½ 0 + - --`` or a bye's
        ``F H U Z`` (the stored codes, ``10`` ``01`` ``==`` ``+-`` ``-+`` ``WL`` ``DD``
        ``LW``, are taken too), and ``x``, which clears the result, when there is one."""
        keys = "F, H, U, Z" if bye else "1, =, ½, 0, +, -, --"
        if self.game is not None and self.game.result:
            return _("%(keys)s, or x to clear the result") % {"keys": keys}
        return keys


def result_attrs(game: Game | None) -> dict[str, str]:
    """The result field's attributes that depend on the board: a bye's placeholder, the
    field's label, and every key it accepts (``data-keys``, for the page's script: Enter on
    another key keeps the cursor on this board, organise.js, while the row comes back with
    the message)."""
    bye = game is not None and game.black_id is None
    attrs = {"placeholder": "F H U Z"} if bye else {}
    if game is not None:
        attrs["aria-label"] = _("Result of board %(board)d") % {"board": game.board}
    clears = game is not None and bool(game.result)
    attrs["data-keys"] = " ".join(scoring.accepted_keys(bye=bye) + (("x",) if clears else ()))
    return attrs


def _input(kind: str, name: str, value: str | None, attrs: dict[str, Any]) -> str:
    """One ``<input>`` as Django's ``input.html`` widget template writes it."""
    html = format_html('<input type="{}" name="{}"', kind, name)
    if value is not None:
        html += format_html(' value="{}"', value)
    return html + attrs_html(attrs) + ">"


def result_inputs(game: Game, *, extra: dict[str, Any] | None = None) -> str:
    """The board's result entry fields (``result``, ``correction``, ``based_on``) as an
    unbound :class:`ResultForm` of prefix ``b<board>`` renders them, built from the game's
    values without a form per board (the round page draws 100 of them; issue 20). ``extra``:
    more attributes of the result field (``autofocus``)."""
    prefix = f"b{game.board}"
    result = ResultForm.base_fields["result"]
    attrs = {**result.widget.attrs, **result_attrs(game), "id": f"id_{prefix}-result"}
    html = _input("text", f"{prefix}-result", None, {**attrs, **(extra or {})})
    html += _input(
        "hidden",
        f"{prefix}-correction",
        "True" if game.result else None,
        {"id": f"id_{prefix}-correction"},
    )
    html += _input(
        "hidden", f"{prefix}-based_on", game.result or None, {"id": f"id_{prefix}-based_on"}
    )
    return mark_safe(html)  # noqa: S308 (every value above went through format_html)


class ReportForm(forms.Form):
    """A player's report of their own result. ``game``: a go game with a half point of komi
    offers no draw."""

    result = forms.ChoiceField(
        label=_("Result"),
        # Never starts on a result: an empty report is refused and writes nothing.
        choices=[
            ("", "—"),
            *((c, label) for c, label in Result.choices if c in roles.REPORTABLE_RESULTS),
        ],
    )

    def __init__(self, *args: Any, game: Game | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if game is not None and not scoring.draw_possible(game_komi(game.round.tournament, game)):
            self.fields["result"].choices = [
                (c, label)
                for c, label in self.fields["result"].choices
                if c not in scoring.DRAWN_RESULTS
            ]


class ClubPlayerForm(BoundedFormMixin, forms.ModelForm):
    """A new player of the organiser's club (``create_player``; the club is the page's).
    ``allow_duplicate`` confirms a player whose name and birth year another player has."""

    allow_duplicate = forms.BooleanField(
        label=_("A different person with the same name: create anyway"), required=False
    )
    submission = SubmissionField()

    class Meta:
        model = Player
        fields = ["last_name", "first_name", "sex", "birth_date", "federation", "fide_id", "title"]
        widgets = {"birth_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def validate_unique(self) -> None:
        """Uniqueness (the FIDE ID) is checked by the service's ``full_clean``."""


class EntriesForm(forms.Form):
    """Players in bulk: pasted lines or a CSV file (``rules.files.entries``)."""

    submission = SubmissionField()

    lines = forms.CharField(
        label=_("Players, one per line"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 5, "spellcheck": "false"}),
        help_text=_(
            "Name (Lastname, Firstname), sex (m/f), birth year, federation, FIDE ID, rating — "
            "separated by tabs (copied from a spreadsheet), semicolons or commas. Only the "
            "name is needed for a known player; a new one also needs the sex."
        ),
    )
    file = forms.FileField(
        label=_("Or a CSV file"),
        required=False,
        help_text=_("The same columns, one player per row; a header row is skipped."),
    )
    allow_duplicates = forms.BooleanField(
        label=_("They are different people: enter them anyway"),
        required=False,
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        upload = cleaned.get("file")
        if upload is not None:
            if upload.size > 1024 * 1024:
                raise forms.ValidationError(_("The file is larger than 1 MB."))
            try:
                cleaned["lines"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("The file is not UTF-8 text.")) from None
        if not (cleaned.get("lines") or "").strip():
            raise forms.ValidationError(_("Paste the players, or choose a CSV file."))
        return cleaned


class NewcomerForm(forms.Form):
    """A player new to the club, entered with a known rating in the same step."""

    submission = SubmissionField()

    last_name = forms.CharField(label=_("Last name"), max_length=100)
    first_name = forms.CharField(label=_("First name"), max_length=100, required=False)
    sex = forms.ChoiceField(label=_("Sex"), choices=[("", "---------"), *Sex.choices])
    birth_year = forms.IntegerField(label=_("Birth year"), required=False)
    federation = forms.CharField(
        label=_("Federation"), required=False, max_length=3, help_text=_("e.g. ENG")
    )
    fide_id = forms.IntegerField(
        label=_("FIDE ID"), required=False, min_value=1, max_value=MAX_BIGINT
    )
    rating = forms.IntegerField(
        label=_("Rating"),
        required=False,
        min_value=0,
        max_value=3500,
        help_text=_("A known rating (e.g. FIDE's): the rating for the initial ranking."),
    )
    allow_duplicates = forms.BooleanField(
        label=_("A different person: enter anyway"), required=False
    )
    layout_fields = (
        "last_name",
        "first_name",
        "sex",
        "birth_year",
        "federation",
        "fide_id",
        "rating",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        first, last = birth_years()
        self.fields["birth_year"].widget.attrs.update({"min": first, "max": last})

    def clean_birth_year(self) -> int | None:
        year = self.cleaned_data["birth_year"]
        if year is not None and year > datetime.date.today().year:
            raise forms.ValidationError(_("The birth year is in the future."))
        if year is not None:
            validate_birth_year(year)
        return year

    def clean_federation(self) -> str:
        value = self.cleaned_data["federation"].strip().upper()
        if value and (len(value) != 3 or not value.isalpha()):
            raise forms.ValidationError(_("Use a three-letter federation code, e.g. ENG."))
        return value
