"""The forms of the public entry pages: a signed-in player's sections, a guest's entry."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from players.enums import Sex


class SectionsForm(forms.Form):
    """The sections a signed-in player ticks (those open to them)."""

    sections = forms.TypedMultipleChoiceField(
        label=_("Sections"),
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": _("Tick at least one section.")},
    )

    def __init__(self, *args: Any, sections: list[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["sections"].choices = [(s.pk, s.tournament.name) for s in sections]


class GuestForm(forms.Form):
    """A guest's entry: who they are, their address, the section (blank: suggest one)."""

    section = forms.TypedChoiceField(
        label=_("Section"),
        coerce=int,
        empty_value=None,
        required=False,
        help_text=_(
            "Leave it on “Suggest a section” to be offered the sections your age and sex allow."
        ),
    )
    last_name = forms.CharField(label=_("Last name"), max_length=100)
    first_name = forms.CharField(label=_("First name"), max_length=100, required=False)
    sex = forms.ChoiceField(label=_("Sex"), choices=[("", "—"), *Sex.choices])
    birth_year = forms.IntegerField(label=_("Birth year"), required=False, min_value=1900)
    federation = forms.CharField(
        label=_("Federation"),
        max_length=3,
        required=False,
        help_text=_("Three letters, e.g. ENG."),
    )
    fide_id = forms.IntegerField(
        label=_("FIDE ID"),
        required=False,
        min_value=1,
        help_text=_("If you have one: your entry is matched to your FIDE rating."),
    )
    email = forms.EmailField(
        label=_("E-mail"), help_text=_("We send the link that confirms your entry here.")
    )

    def __init__(self, *args: Any, sections: list[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["section"].choices = [
            ("", _("Suggest a section")),
            *((s.pk, s.tournament.name) for s in sections),
        ]
