"""The organiser's tie-break list: a form field, a validator and the presets.

``TiebreakField`` parses TRF-2026/MTB codes with :func:`rules.standings.parse_tiebreaks`
and cleans to the canonical codes separated by spaces ("BH/C1 BH DE"); an empty value stays
empty (the tournament then uses the preset of its format). ``validate_tiebreaks`` adds the
format rule: no Buchholz-family tie-break (BH, FB, AOB) in a round robin (FIDE C.07 Art. 8).
``TiebreakFormMixin`` applies it in ``clean()`` for a ModelForm with ``pairing_system`` and
``tiebreaks`` fields.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.tiebreak_names import describe
from rules.standings import PRESETS, TieBreak, parse_tiebreaks
from tournaments.enums import ROUND_ROBINS

BUCHHOLZ_FAMILY = frozenset({"BH", "FB", "AOB"})

PRESET_LABELS = {
    "swiss": gettext_lazy("Swiss"),
    "swiss-rated": gettext_lazy("Swiss, every player rated"),
    "round-robin": gettext_lazy("Round robin"),
}


def preset_codes(name: str) -> str:
    """A preset's codes as the field stores them, e.g. ``"DE WIN SB KS"``."""
    return " ".join(tb.code for tb in PRESETS[name])


def preset_choices() -> list[tuple[str, str]]:
    """(codes, label) for every preset, for a select or a help text."""
    return [
        (preset_codes(name), f"{label}: {preset_codes(name)}")
        for name, label in PRESET_LABELS.items()
    ]


def parse(value: str) -> tuple[TieBreak, ...]:
    """Parse a list of codes, or raise ValidationError naming the bad code."""
    try:
        return parse_tiebreaks(value)
    except ValueError:
        bad = []
        for item in value.replace(",", " ").split():
            try:
                parse_tiebreaks(item)
            except ValueError:
                bad.append(item)
        raise ValidationError(
            _("Unknown tie-break code: %(codes)s.") % {"codes": ", ".join(bad) or value},
            code="unknown",
        ) from None


def validate_tiebreaks(value: str, *, round_robin: bool) -> str:
    """Clean ``value`` to canonical codes; refuse Buchholz-family codes for round robins."""
    tbs = parse(value or "")
    if len({tb.code for tb in tbs}) != len(tbs):
        raise ValidationError(_("A tie-break is listed twice."), code="repeated")
    if round_robin:
        buchholz = [tb.code for tb in tbs if tb.name in BUCHHOLZ_FAMILY]
        if buchholz:
            raise ValidationError(
                _(
                    "Buchholz tie-breaks (%(codes)s) are not used in round robins, where every "
                    "player meets the same opponents. Try %(preset)s."
                )
                % {"codes": ", ".join(buchholz), "preset": preset_codes("round-robin")},
                code="buchholz_in_round_robin",
            )
    return " ".join(tb.code for tb in tbs)


class TiebreakField(forms.CharField):
    """An ordered list of tie-break codes, cleaned to canonical form (format not checked)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 200)
        kwargs.setdefault(
            "help_text",
            gettext_lazy(
                "TRF-26 codes in order, e.g. “BH/C1 BH DE WIN”. Empty: the default for the "
                "format (Swiss: BH/C1 BH DE WIN BWG BPG; round robin: DE WIN SB KS)."
            ),
        )
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


def legend(codes: str) -> list[tuple[str, str]]:
    """(code, translated description) for each code of a cleaned list."""
    return [(tb.code, describe(tb)) for tb in parse_tiebreaks(codes)]
