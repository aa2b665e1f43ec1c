"""The organiser's forms of an event: the event itself, a new section (a small tournament
form) or an existing tournament made a section, each section's places, restrictions and fee,
and the discounts (one small form per discount)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from actions.events import AGE_MAX, AGE_MIN, EVENT_FIELDS, SECTION_FIELDS
from backoffice.forms.settings import FORMATS, own_clubs_only
from core.submissions import SubmissionField
from core.validators import BoundedFormMixin
from events.enums import Currency, DiscountKind
from events.models import Event, Section
from events.queries.sections import attachable_tournaments
from ratings.enums import GameKind
from ratings.models import RatingList
from tournaments.enums import PairingSystem
from tournaments.limits import max_rounds

#: The formats a new section may have: chess's first, then go's and shogi's own.
SECTION_FORMATS = tuple(
    dict.fromkeys((*FORMATS[GameKind.CHESS], *FORMATS[GameKind.GO], *FORMATS[GameKind.SHOGI]))
)
#: Discount lines the form offers at most.
MAX_DISCOUNTS = 10


def _date_widget() -> forms.DateInput:
    return forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class EventForm(BoundedFormMixin, forms.ModelForm):
    """An event's fields (``create_event``, ``update_event``); organisers choose among their
    own clubs."""

    submission = SubmissionField()

    class Meta:
        model = Event
        fields = list(EVENT_FIELDS)
        widgets = {
            "start_date": _date_widget(),
            "end_date": _date_widget(),
            "entries_close_at": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
            "rules": forms.Textarea(attrs={"rows": 6}),
        }

    def __init__(self, *args: Any, user: Any = None, create: bool = False, **kwargs: Any):
        super().__init__(*args, **kwargs)
        if not create:
            del self.fields["submission"]
        self.fields["currency"] = forms.ChoiceField(
            label=_("Currency"), choices=Currency.choices, initial=Currency.EUR
        )
        self.fields["slug"].required = False
        self.fields["slug"].help_text = _("The page address. Empty: made from the name.")
        own_clubs_only(self, user)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        start, end = cleaned.get("start_date"), cleaned.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The end date cannot be before the start date."))
        return cleaned

    def validate_unique(self) -> None:
        """Uniqueness is the action's check (it can also pick a free address)."""


class NewSectionForm(forms.Form):
    """A new section: its tournament's name, format, rounds, rating list and dates (the
    event's when left empty)."""

    name = forms.CharField(label=_("Name"), max_length=200)
    pairing_system = forms.ChoiceField(
        label=_("Pairing system"),
        choices=[(value, PairingSystem(value).label) for value in SECTION_FORMATS],
        initial=PairingSystem.SWISS_DUTCH,
    )
    rounds_planned = forms.IntegerField(
        label=_("Rounds"),
        required=False,
        min_value=0,
        help_text=_("A round robin's rounds follow from its players."),
    )
    rating_list = forms.ModelChoiceField(
        label=_("Game and rating list"),
        required=False,
        queryset=RatingList.objects.order_by("pk"),
        empty_label=_("Unrated"),
    )
    start_date = forms.DateField(label=_("Start date"), required=False, widget=_date_widget())
    end_date = forms.DateField(label=_("End date"), required=False, widget=_date_widget())

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, prefix="new", **kwargs)
        self.event = event
        self.fields["rounds_planned"].widget.attrs.update({"min": 0, "max": max_rounds()})

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        system = cleaned.get("pairing_system", "")
        rounds = cleaned.get("rounds_planned")
        if system.endswith("round_robin"):
            cleaned["rounds_planned"] = 0
        elif rounds is None and system != PairingSystem.MANUAL:
            self.add_error("rounds_planned", _("Enter the number of rounds."))
        elif rounds is None:
            cleaned["rounds_planned"] = 0
        for name in ("start_date", "end_date"):
            if cleaned.get(name) is None:
                cleaned.pop(name, None)
        return cleaned

    def tournament_fields(self) -> dict[str, Any]:
        return {key: value for key, value in self.cleaned_data.items() if value is not None}


class AttachSectionForm(forms.Form):
    """An existing tournament of the event's club, not yet in an event, made a section."""

    tournament = forms.ModelChoiceField(label=_("Tournament"), queryset=None)

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, prefix="attach", **kwargs)
        self.fields["tournament"].queryset = attachable_tournaments(event)


class SectionForm(BoundedFormMixin, forms.ModelForm):
    """A section's order, places, restrictions and fee (``update_section``)."""

    class Meta:
        model = Section
        fields = list(SECTION_FIELDS)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        instance = kwargs.get("instance")
        kwargs.setdefault("prefix", f"section-{instance.pk}" if instance is not None else None)
        super().__init__(*args, **kwargs)
        for name in ("age_min", "age_max"):
            self.fields[name].min_value = AGE_MIN
            self.fields[name].max_value = AGE_MAX
            self.fields[name].widget.attrs.update({"min": AGE_MIN, "max": AGE_MAX})
        self.fields["fee"].min_value = 0
        self.fields["cap"].widget.attrs["min"] = 1

    def validate_unique(self) -> None:
        """The action checks the section (its tournament is not changed here)."""


class DiscountRowForm(forms.Form):
    """One discount: for whom (juniors and seniors with an age), how many per cent."""

    kind = forms.ChoiceField(label=_("For"), choices=[("", "–"), *DiscountKind.choices])
    age = forms.IntegerField(
        label=_("Age"),
        required=False,
        min_value=AGE_MIN,
        max_value=AGE_MAX,
        help_text=_("Juniors: under this age; seniors: from this age."),
    )
    percent = forms.IntegerField(label=_("Discount (%)"), min_value=1, max_value=100)
    remove = forms.BooleanField(label=_("Remove this discount"), required=False)


class BaseDiscountRows(forms.BaseFormSet):
    def rows(self) -> list[dict[str, Any]]:
        """The discounts kept (blank and removed lines left out)."""
        return [
            {key: form.cleaned_data.get(key) for key in ("kind", "age", "percent")}
            for form in self.forms
            if form.has_changed() and form.cleaned_data and not form.cleaned_data.get("remove")
        ]


def discount_rows(extra: int) -> type[BaseDiscountRows]:
    return forms.formset_factory(
        DiscountRowForm,
        formset=BaseDiscountRows,
        extra=extra,
        max_num=MAX_DISCOUNTS,
        absolute_max=MAX_DISCOUNTS,
    )
