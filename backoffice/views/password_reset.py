"""The password reset form, throttled like the login (django-axes throttles the login).

A reset mails a link to an address: unthrottled, anybody could fill an account's mailbox (or
the SMTP server's quota) from a script. At most ``PASSWORD_RESET_LIMIT`` requests per e-mail
address and ``PASSWORD_RESET_ADDRESS_LIMIT`` per client address are taken in each window of
``PASSWORD_RESET_WINDOW_MINUTES`` (fixed windows: by default each clock hour); a request
beyond either sends nothing and answers 429 with the form and a message saying so. The
counts are in the database (:mod:`core.throttle`): the throttle holds with Redis down and
across app servers. Whether the address belongs to an account is still never told: an
unknown address is counted like a known one.
"""

from __future__ import annotations

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.http import HttpResponse
from django.utils.translation import gettext as _

from core import throttle


class ThrottledPasswordResetView(auth_views.PasswordResetView):
    """Django's reset view that refuses a request beyond the limits (429, no e-mail sent)."""

    def form_valid(self, form) -> HttpResponse:
        minutes = settings.PASSWORD_RESET_WINDOW_MINUTES
        allowed = throttle.take(
            "password-reset",
            {
                "email:" + form.cleaned_data["email"].strip().lower(): (
                    settings.PASSWORD_RESET_LIMIT
                ),
                "address:" + (get_client_ip_address(self.request) or ""): (
                    settings.PASSWORD_RESET_ADDRESS_LIMIT
                ),
            },
            seconds=minutes * 60,
        )
        if allowed:
            return super().form_valid(form)
        form.add_error(
            None,
            _(
                "Too many password reset requests for this e-mail address or from your "
                "network: no e-mail was sent. Try again in %(minutes)d minutes at the latest."
            )
            % {"minutes": minutes},
        )
        response = self.form_invalid(form)
        response.status_code = 429
        return response
