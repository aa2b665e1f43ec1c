"""Accounts: the site's login, logout, password change and reset, and "my account".

Django's auth views with the site's templates (``templates/registration/``). Everybody signs
in here: staff, club organisers, arbiters and players; the admin's own login stays for staff
only. Failed logins are throttled by django-axes (``AUTHENTICATION_BACKENDS``), here as in the
admin. Reset links are e-mailed through Django's e-mail backend (``EMAIL_*`` settings), at
most so many per address and window (:mod:`backoffice.views.password_reset`).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import views as auth_views
from django.contrib.auth.mixins import LoginRequiredMixin
from django.urls import path, reverse_lazy
from django.views.generic import TemplateView

from backoffice.queries import arbiter_clubs
from backoffice.views.invitations import AcceptInvitationView
from backoffice.views.mail import MailPreferencesView
from backoffice.views.password_reset import ThrottledPasswordResetView
from core import roles
from events.queries.entries import my_entries
from players.models import Club
from tournaments.models import Tournament


class AccountView(LoginRequiredMixin, TemplateView):
    """My account: who I am, my roles (with links to where they are used), my password."""

    template_name = "registration/account.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        user = self.request.user
        player = roles.player_of(user)
        return super().get_context_data(
            clubs=list(Club.objects.filter(organisers=user).order_by("name")),
            arbiter_clubs=arbiter_clubs(user),
            arbitrated=list(
                Tournament.objects.filter(arbiters=user).order_by("-start_date", "name")[:20]
            ),
            player=player,
            entries=my_entries(player),
            **kwargs,
        )


account_patterns = [
    path("", AccountView.as_view(), name="account"),
    path("mail/", MailPreferencesView.as_view(), name="mail_preferences"),
    path(
        "invitation/<str:token>/",
        AcceptInvitationView.as_view(),
        name="accept_invitation",
    ),
    path(
        "login/",
        auth_views.LoginView.as_view(redirect_authenticated_user=True),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path(
        "password/reset/",
        ThrottledPasswordResetView.as_view(
            email_template_name="registration/password_reset_email.txt",
            success_url=reverse_lazy("password_reset_done"),
        ),
        name="password_reset",
    ),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]
