"""The prize table's form: currency and tie rule, then one small form per prize line."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from actions.prizes import MAX_AGE, MAX_AMOUNT, MAX_PRIZES, MAX_RATING, prize_errors
from events.enums import Currency, PrizeKind, PrizeMethod
from players.models import Club
from rules.prizes import MINOR_DIGITS


class PrizeTableForm(forms.Form):
    currency = forms.ChoiceField(label=_("Currency"), choices=Currency.choices)
    method = forms.ChoiceField(label=_("Players tied on points"), choices=PrizeMethod.choices)


class PrizeRowForm(forms.Form):
    """One prize: its kind, the parameters the kind reads, its amount; "remove" drops it."""

    kind = forms.ChoiceField(label=_("Prize"), choices=[("", "–"), *PrizeKind.choices])
    place = forms.IntegerField(label=_("Place"), required=False, min_value=1, max_value=MAX_PRIZES)
    age = forms.IntegerField(
        label=_("Age"),
        required=False,
        min_value=1,
        max_value=MAX_AGE,
        help_text=_("Juniors: under this age; seniors: from this age (in the tournament's year)."),
    )
    rating_min = forms.IntegerField(
        label=_("Rating from"), required=False, min_value=0, max_value=MAX_RATING
    )
    rating_max = forms.IntegerField(
        label=_("Rating to"), required=False, min_value=0, max_value=MAX_RATING
    )
    club = forms.ModelChoiceField(
        label=_("Club"), required=False, queryset=Club.objects.order_by("name")
    )
    amount = forms.DecimalField(
        label=_("Amount"), min_value=0, max_value=MAX_AMOUNT, max_digits=12, decimal_places=2
    )
    remove = forms.BooleanField(label=_("Remove this prize"), required=False)

    def __init__(self, *args: Any, digits: int = 2, **kwargs: Any) -> None:
        self.digits = digits
        super().__init__(*args, **kwargs)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("remove") or self.errors:
            return data
        for name, message in prize_errors(data, self.digits).items():
            self.add_error(name, message)
        return data


class BasePrizeRows(forms.BaseFormSet):
    def rows(self) -> list[dict[str, Any]]:
        """The prizes kept, in the page's order (blank extra lines and removed ones left out)."""
        return [
            form.cleaned_data
            for form in self.forms
            if form.has_changed() and form.cleaned_data and not form.cleaned_data.get("remove")
        ]


def prize_rows(extra: int) -> type[BasePrizeRows]:
    """The formset of the prize lines with ``extra`` blank lines to fill in."""
    return forms.formset_factory(
        PrizeRowForm,
        formset=BasePrizeRows,
        extra=extra,
        max_num=MAX_PRIZES,
        absolute_max=MAX_PRIZES,
    )


def digits_of(currency: Any) -> int:
    return MINOR_DIGITS.get(currency if isinstance(currency, str) else "", 2)
