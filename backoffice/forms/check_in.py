"""The check-in forms: the organiser's rule, the arbiter's tap on a player."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from events.models import CheckInRule
from web.params import MAX_SMALL


class CheckInRuleForm(forms.Form):
    """When players check in (the organiser)."""

    rule = forms.ChoiceField(label=_("Check-in"), choices=CheckInRule.choices)


class CheckInTapForm(forms.Form):
    """One tap on a player's row: ``present`` is what the row becomes; ``round`` the round
    the page showed (a page left open past the pairing is refused, not applied to the next
    round); ``q`` the list's filter, kept when the page is loaded again without JavaScript."""

    round = forms.IntegerField(min_value=1, max_value=MAX_SMALL, widget=forms.HiddenInput)
    present = forms.BooleanField(required=False, widget=forms.HiddenInput)
    q = forms.CharField(required=False, max_length=100, widget=forms.HiddenInput)
