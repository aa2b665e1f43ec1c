"""The organiser's tie-break list: a form field, a validator and the presets.

``TiebreakField`` cleans TRF-2026/MTB codes to the canonical codes separated by spaces
("BH/C1 BH DE") with :func:`tournaments.validators.validate_tiebreaks`; an empty value stays
empty (the tournament then uses the preset of its format). ``TiebreakFormMixin`` applies the
round-robin rule in ``clean()`` for a ModelForm with ``pairing_system`` and ``tiebreaks``
fields.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

from rules.standings import parse_tiebreaks
from tournaments.enums import DEFAULT_TIEBREAKS, ROUND_ROBINS
from tournaments.validators import preset_codes, validate_tiebreaks
from web.tiebreak_names import describe

PRESET_LABELS = {
    "swiss": gettext_lazy("Swiss"),
    "swiss-rated": gettext_lazy("Swiss, every player rated"),
    "round-robin": gettext_lazy("Round robin"),
}


def preset_choices() -> list[tuple[str, str]]:
    """(codes, label) for every preset, for a select or a help text."""
    return [
        (preset_codes(name), f"{label}: {preset_codes(name)}")
        for name, label in PRESET_LABELS.items()
    ]


class TiebreakField(forms.CharField):
    """An ordered list of tie-break codes, cleaned to canonical form (format not checked)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 200)
        kwargs.setdefault("help_text", lazy(default_help, str)())
        super().__init__(**kwargs)

    def clean(self, value):
        value = super().clean(value)
        return validate_tiebreaks(value, round_robin=False) if value else value


class TiebreakFormMixin:
    """For a form with ``tiebreaks`` and ``pairing_system``: refuse Buchholz in round robins."""

    def clean(self):
        cleaned = super().clean()
        codes = cleaned.get("tiebreaks")
        system = cleaned.get("pairing_system")
        if codes and system in ROUND_ROBINS:
            try:
                cleaned["tiebreaks"] = validate_tiebreaks(codes, round_robin=True)
            except ValidationError as error:
                self.add_error("tiebreaks", error)
        return cleaned


def default_help(game: str = "chess", current: str = "") -> str:
    """The field's help: the codes and the defaults, taken from the defaults themselves
    (``DEFAULT_TIEBREAKS``) so that the help never names another default than the one
    applied; ``current``: the default this tournament applies when the field is empty."""
    defaults = DEFAULT_TIEBREAKS
    if game == "chess":
        text = gettext(
            "Empty: the default of the format. Swiss: %(swiss)s; Swiss in a rating list: "
            "%(rated)s (ARO is left out while a player is unrated: C.07 Art. 10); round "
            "robin: %(rr)s."
        ) % {
            "swiss": defaults["swiss"],
            "rated": defaults["swiss-rated"],
            "rr": defaults["round-robin"],
        }
    else:
        text = gettext(
            "Empty: the default of the format. McMahon: %(mcmahon)s; Swiss: %(swiss)s; round "
            "robin: %(rr)s."
        ) % {
            "mcmahon": defaults["mcmahon"],
            "swiss": defaults["swiss-go"],
            "rr": defaults["round-robin"],
        }
    if current:
        text = gettext("Empty: this tournament's default, %(codes)s.") % {"codes": current}
    return gettext("TRF-26 codes in order, e.g. “BH/C1 BH DE WIN”.") + " " + text


def legend(codes: str) -> list[tuple[str, str]]:
    """(code, translated description) for each code of a cleaned list."""
    return [(tb.code, describe(tb)) for tb in parse_tiebreaks(codes)]
