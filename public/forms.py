"""Calculator forms of the reference pages: GET forms, so a result is a link.

The games are typed as lists: opponents' ratings in one field and the results in another
(separated by spaces, commas, semicolons or new lines), one entry per game. Every form checks
the numbers, their ranges and that the lists have the same length, and explains what is wrong.
The arithmetic happens in ``public.calculators``.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from rules.ratings import egf, fesa

MAX_GAMES = 50
"""The most games a calculator takes at once (a long rating period or tournament)."""

FIDE_RATING_RANGE = (1000, 3000)
EGF_RATING_RANGE = (egf.RATING_FLOOR, 3000)
FESA_RATING_RANGE = (1, 3000)

_SEPARATORS = re.compile(r"[\s,;]+")
_MAX_TOKEN = 12
_RESULTS = {
    "1": Decimal(1),
    "1.0": Decimal(1),
    "+": Decimal(1),
    "0": Decimal(0),
    "0.0": Decimal(0),
    "-": Decimal(0),
    "0.5": Decimal("0.5"),
    ".5": Decimal("0.5"),
    "½": Decimal("0.5"),
    "1/2": Decimal("0.5"),
    "=": Decimal("0.5"),
}

TIME_CONTROL_CHOICES = [
    ("standard", _("Standard")),
    ("rapid", _("Rapid")),
    ("blitz", _("Blitz")),
]


_DECIMAL_COMMA = re.compile(r"(?<![\d.,])([-−]?\d+),(\d{1,2})(?![\d,])")
"""A decimal comma in a list of numbers: digits, a comma and one or two digits ("1850,5",
"0,25"), as the Russian pages print them. Ratings have three digits or more, so "1900,1600"
stays two numbers."""

_RESULT_COMMA = re.compile(r"(?<![\d.,])0,5(?![\d,])")
"""A draw written with a decimal comma ("0,5"): "0" and "5" could never be two results."""


def _split(value: str) -> list[str]:
    return [token for token in _SEPARATORS.split(value.strip()) if token]


def decimal_point(text: str) -> str:
    """A number typed with a decimal comma or point, with a point (for ``float``)."""
    return text.strip().replace(",", ".").replace("−", "-")


class LocalFloatField(forms.FloatField):
    """A number that may be typed with a decimal comma (Russian) or a point (English)."""

    def to_python(self, value: Any):
        if isinstance(value, str):
            value = decimal_point(value)
        return super().to_python(value)


class NumberListField(forms.CharField):
    """Numbers separated by spaces, commas, semicolons or new lines; each within a range."""

    def __init__(
        self,
        *,
        minimum: float,
        maximum: float,
        decimals: bool = False,
        max_entries: int = MAX_GAMES,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("widget", forms.Textarea(attrs={"rows": 3, "cols": 30}))
        super().__init__(**kwargs)
        self.minimum, self.maximum = minimum, maximum
        self.decimals = decimals
        self.max_entries = max_entries

    def to_python(self, value: Any) -> list:  # type: ignore[override]
        text = super().to_python(value)
        if self.decimals:
            text = _DECIMAL_COMMA.sub(r"\1.\2", text)
        tokens = _split(text)
        if len(tokens) > self.max_entries:
            raise ValidationError(
                _("Enter at most %(max)d entries; this list has %(count)d."),
                code="too_many",
                params={"max": self.max_entries, "count": len(tokens)},
            )
        numbers = []
        for position, token in enumerate(tokens, start=1):
            numbers.append(self._number(token, position))
        return numbers

    def _number(self, token: str, position: int) -> int | float:
        pattern = r"[-−]?\d+(\.\d+)?" if self.decimals else r"[-−]?\d+"
        # A rating has a handful of digits; a longer token is not one (and int() of thousands
        # of digits would raise).
        if len(token) > _MAX_TOKEN or not re.fullmatch(pattern, token):
            message = (
                _("Entry %(position)d (“%(value)s”) is not a number.")
                if self.decimals
                else _("Entry %(position)d (“%(value)s”) is not a whole number.")
            )
            raise ValidationError(
                message, code="invalid", params={"position": position, "value": token[:20]}
            )
        number = float(token.replace("−", "-")) if self.decimals else int(token.replace("−", "-"))
        if not self.minimum <= number <= self.maximum:
            raise ValidationError(
                _("Entry %(position)d (%(value)s) is outside %(min)s to %(max)s."),
                code="out_of_range",
                params={
                    "position": position,
                    "value": token,
                    "min": self.minimum,
                    "max": self.maximum,
                },
            )
        return number

    def validate(self, value: list) -> None:
        if self.required and not value:
            raise ValidationError(self.error_messages["required"], code="required")


class ResultListField(forms.CharField):
    """Game results: 1, 0 and a draw written 0.5, ½, 1/2 or =."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("widget", forms.Textarea(attrs={"rows": 3, "cols": 30}))
        kwargs.setdefault("help_text", _("1 for a win, 0.5 (or ½ or =) for a draw, 0 for a loss."))
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> list[Decimal]:  # type: ignore[override]
        tokens = _split(_RESULT_COMMA.sub("0.5", super().to_python(value)))
        if len(tokens) > MAX_GAMES:
            raise ValidationError(
                _("Enter at most %(max)d entries; this list has %(count)d."),
                code="too_many",
                params={"max": MAX_GAMES, "count": len(tokens)},
            )
        results = []
        for position, token in enumerate(tokens, start=1):
            try:
                results.append(_RESULTS[token.replace(",", ".")])
            except KeyError:
                raise ValidationError(
                    _("Result %(position)d (“%(value)s”) must be 1, 0.5 or 0."),
                    code="invalid_result",
                    params={"position": position, "value": token[:20]},
                ) from None
        return results

    def validate(self, value: list) -> None:
        if self.required and not value:
            raise ValidationError(self.error_messages["required"], code="required")


class GamesFormMixin:
    """Checks that the opponents and results (and optional per-game lists) line up."""

    per_game_fields: tuple[str, ...] = ("opponents", "results")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()  # type: ignore[misc]
        lists = {name: cleaned.get(name) for name in self.per_game_fields}
        if any(value is None for value in lists.values()):
            return cleaned  # a field error is already shown
        opponents = len(lists["opponents"])
        for name, value in lists.items():
            if name == "opponents" or (not value and not self.fields[name].required):  # type: ignore[attr-defined]
                continue
            if len(value) != opponents:
                raise ValidationError(
                    _(
                        "Give one entry per opponent. Opponents' ratings: %(opponents)d, "
                        "%(field)s: %(count)d."
                    ),
                    code="mismatch",
                    params={
                        "opponents": opponents,
                        "count": len(value),
                        "field": self.fields[name].label,  # type: ignore[attr-defined]
                    },
                )
        return cleaned

    def games(self) -> list[tuple[int, Decimal]]:
        data = self.cleaned_data  # type: ignore[attr-defined]
        return list(zip(data["opponents"], data["results"], strict=True))


def _rating_field(label, low, high, **kwargs: Any) -> forms.IntegerField:
    return forms.IntegerField(label=label, min_value=low, max_value=high, **kwargs)


class FideChangeForm(GamesFormMixin, forms.Form):
    """FIDE rating change: K as entered, or derived from the player's games and age."""

    rating = _rating_field(_("Rating"), *FIDE_RATING_RANGE)
    k = forms.IntegerField(
        label=_("K"),
        min_value=1,
        max_value=100,
        required=False,
        help_text=_("Leave empty to derive K from the fields below."),
    )
    games_total = forms.IntegerField(
        label=_("Rated games so far"), min_value=0, max_value=100000, required=False
    )
    birth_year = forms.IntegerField(
        label=_("Year of birth"), min_value=1900, max_value=2100, required=False
    )
    ever_2400 = forms.BooleanField(label=_("Rating has reached 2400"), required=False)
    time_control = forms.ChoiceField(
        label=_("Time control"), choices=TIME_CONTROL_CHOICES, required=False
    )
    opponents = NumberListField(
        label=_("Opponents' ratings"), minimum=FIDE_RATING_RANGE[0], maximum=FIDE_RATING_RANGE[1]
    )
    results = ResultListField(label=_("Results"))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        missing = cleaned.get("k") is None and cleaned.get("games_total") is None
        if missing and "k" not in self.errors and "games_total" not in self.errors:
            self.add_error("k", _("Enter K, or the rated games so far so that K can be derived."))
        cleaned["time_control"] = cleaned.get("time_control") or "standard"
        return cleaned


class FidePlayerGamesForm(GamesFormMixin, forms.Form):
    """Opponents and results only: the initial-rating and performance calculators."""

    opponents = NumberListField(
        label=_("Opponents' ratings"), minimum=FIDE_RATING_RANGE[0], maximum=FIDE_RATING_RANGE[1]
    )
    results = ResultListField(label=_("Results"))


class InitialRatingForm(FidePlayerGamesForm):
    """FIDE initial rating (2024 formula)."""


class PerformanceForm(FidePlayerGamesForm):
    """FIDE performance rating."""


SYSTEM_CHOICES = [("2021", _("Current (since 2021)")), ("old", _("Old (1998–2020)"))]
CLASS_CHOICES = [(code, code) for code in egf.TOURNAMENT_CLASSES]


class EgfChangeForm(GamesFormMixin, forms.Form):
    """EGF rating change of one tournament."""

    per_game_fields = ("opponents", "handicaps", "results")

    rating = LocalFloatField(
        label=_("Rating"), min_value=EGF_RATING_RANGE[0], max_value=EGF_RATING_RANGE[1]
    )
    opponents = NumberListField(
        label=_("Opponents' ratings"),
        minimum=EGF_RATING_RANGE[0],
        maximum=EGF_RATING_RANGE[1],
        decimals=True,
    )
    handicaps = NumberListField(
        label=_("Handicaps"),
        minimum=-egf.MAX_HANDICAP,
        maximum=egf.MAX_HANDICAP,
        required=False,
        help_text=_(
            "Stones you receive in each game (negative: the opponent receives them); "
            "empty for even games."
        ),
    )
    results = ResultListField(label=_("Results"))
    tournament_class = forms.ChoiceField(
        label=_("Tournament class"), choices=CLASS_CHOICES, required=False
    )
    system = forms.ChoiceField(label=_("Rating system"), choices=SYSTEM_CHOICES, required=False)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        cleaned["tournament_class"] = cleaned.get("tournament_class") or "A"
        cleaned["system"] = cleaned.get("system") or "2021"
        if self.errors or cleaned.get("rating") is None:
            return cleaned
        for opponent, handicap, _score in self.egf_games():
            own, other = cleaned["rating"], opponent
            if handicap > 0:
                own += egf.handicap_adjustment(handicap)
            elif handicap < 0:
                other += egf.handicap_adjustment(-handicap)
            if max(own, other) >= egf.RATING_CEILING:
                raise ValidationError(
                    _(
                        "With the handicap a rating reaches %(ceiling)d or more, where the "
                        "EGF formula is not defined."
                    ),
                    code="ceiling",
                    params={"ceiling": egf.RATING_CEILING},
                )
        return cleaned

    def egf_games(self) -> list[tuple[float, int, float]]:
        data = self.cleaned_data
        handicaps = data.get("handicaps") or [0] * len(data["opponents"])
        return [
            (float(opponent), int(handicap), float(score))
            for opponent, handicap, score in zip(
                data["opponents"], handicaps, data["results"], strict=True
            )
        ]


BONUS_CHOICES = [("on", _("Yes")), ("off", _("No"))]


class FesaChangeForm(GamesFormMixin, forms.Form):
    """FESA rating change of one tournament, game by game."""

    rating = _rating_field(_("Rating"), *FESA_RATING_RANGE)
    games_before = forms.IntegerField(label=_("Rated games before"), min_value=0, max_value=100000)
    grade = forms.CharField(
        label=_("Current grade"),
        max_length=10,
        required=False,
        help_text=_("For example 3k or 1d; empty if none."),
    )
    opponents = NumberListField(
        label=_("Opponents' final ratings"),
        minimum=FESA_RATING_RANGE[0],
        maximum=FESA_RATING_RANGE[1],
    )
    results = ResultListField(label=_("Results"))
    win_bonus = forms.ChoiceField(
        label=_("Bonus for a win over a stronger player"), choices=BONUS_CHOICES, required=False
    )

    def clean_grade(self) -> str | None:
        value = self.cleaned_data["grade"].strip()
        if not value:
            return None
        try:
            return fesa.parse_grade(value)
        except ValueError:
            raise ValidationError(
                _("“%(value)s” is not a FESA grade (20k to 6d)."),
                code="grade",
                params={"value": value[:20]},
            ) from None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        cleaned["win_bonus"] = cleaned.get("win_bonus") != "off"
        return cleaned

    def fesa_games(self) -> list[tuple[int, float]]:
        return [(opponent, float(score)) for opponent, score in self.games()]


class SelfCheckInForm(forms.Form):
    """A player's check-in code, as on their slip or their tournament card (any case,
    spaces and dashes ignored)."""

    code = forms.CharField(
        label=_("Your check-in code"),
        max_length=20,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}),
    )
