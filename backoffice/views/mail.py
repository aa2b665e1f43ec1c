"""Mail to players: the mail a signed-in user receives (``/accounts/mail/``), and the
unsubscribe link at the foot of every mail (``/mail/unsubscribe/<token>/``).

The unsubscribe page shows a button for a GET (a mail client or a scanner that opens links
changes nothing) and unsubscribes on a POST. That POST is exempt from CSRF: RFC 8058's
one-click unsubscribe (the ``List-Unsubscribe-Post`` header) has the mail client POST to
the link itself, without a page or a cookie; the signed token is the credential. Thin views
over ``actions.mail``.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.views import View
from django.views.decorators.csrf import csrf_exempt
from django.views.generic import FormView

from actions.mail import OPTIONAL, set_mail_preferences, unsubscribe
from backoffice.forms.mail import MailPreferencesForm
from backoffice.views.base import add_errors
from core.enums import MailKind
from core.mail import read_unsubscribe_token
from core.recipients import preference_of


class MailPreferencesView(LoginRequiredMixin, FormView):
    """Which mail my account's address receives, and in which language."""

    template_name = "registration/mail_preferences.html"
    form_class = MailPreferencesForm

    def get_initial(self) -> dict[str, Any]:
        preference = preference_of(self.request.user.email) if self.request.user.email else None
        off = preference.kinds_off if preference else set()
        return {
            "receive": [kind for kind in OPTIONAL if kind not in off],
            "language": preference.language if preference else "",
        }

    def form_valid(self, form: MailPreferencesForm) -> HttpResponse:
        try:
            set_mail_preferences(
                actor=self.request.user, off=form.off(), language=form.cleaned_data["language"]
            )
        except ValidationError as error:
            add_errors(form, error)
            return self.form_invalid(form)
        messages.success(self.request, _("Your mail preferences were saved."))
        return HttpResponseRedirect(reverse("mail_preferences"))


@method_decorator(csrf_exempt, name="dispatch")
class UnsubscribeView(View):
    """Stop one kind of mail to one address: a button (GET), then done (POST)."""

    template_name = "registration/unsubscribe.html"

    def _page(self, request: HttpRequest, parsed: tuple[str, str], done: bool) -> HttpResponse:
        address, kind = parsed
        context = {"address": address, "kind": MailKind(kind).label, "done": done}
        return render(request, self.template_name, context)

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        parsed = read_unsubscribe_token(token)
        if parsed is None:
            raise PermissionDenied(_("This unsubscribe link is not valid."))
        return self._page(request, parsed, done=False)

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        unsubscribe(actor=request.user, token=token)
        return self._page(request, read_unsubscribe_token(token), done=True)
