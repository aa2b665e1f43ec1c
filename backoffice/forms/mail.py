"""The form of the mail a signed-in user receives (``/accounts/mail/``)."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from actions.mail import OPTIONAL
from core.enums import MailKind


class MailPreferencesForm(forms.Form):
    """A tick box per kind of mail (ticked: received) and the language of the mails."""

    receive = forms.MultipleChoiceField(
        label=_("Send me mail about"),
        choices=[(kind, MailKind(kind).label) for kind in OPTIONAL],
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    language = forms.ChoiceField(
        label=_("Language of the mails"),
        choices=[("", _("the site's language")), *settings.LANGUAGES],
        required=False,
    )

    def off(self) -> set[str]:
        return set(OPTIONAL) - set(self.cleaned_data["receive"])
