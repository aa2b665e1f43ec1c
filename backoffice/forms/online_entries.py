"""The organiser's forms of an event's entries and fees."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

DECISIONS = (("approve", _("Approve")), ("reject", _("Reject")), ("withdraw", _("Withdraw")))


class DecisionForm(forms.Form):
    """Approve, reject or withdraw one entry; ``player``: for a guest who looks like players
    in the database, the one it is (a number), or ``new`` for a new player."""

    entry = forms.IntegerField(widget=forms.HiddenInput)
    decision = forms.ChoiceField(choices=DECISIONS)
    player = forms.CharField(required=False, max_length=20)


class PaymentForm(forms.Form):
    """What a player has paid of their fee in all."""

    entry = forms.IntegerField(widget=forms.HiddenInput)
    amount = forms.CharField(label=_("Paid"), max_length=20)
