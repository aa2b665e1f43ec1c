"""Top-level URL configuration."""

from django.contrib import admin
from django.urls import include, path, re_path
from django.views.decorators.csrf import csrf_exempt
from django.views.generic import RedirectView
from django.views.i18n import set_language

from api import api
from backoffice import urls as backoffice_urls
from backoffice.views.accounts import account_patterns
from backoffice.views.mail import UnsubscribeView
from public import urls as public_urls
from public.views.health import healthz, readyz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("readyz", readyz, name="readyz"),
    # The audit trail's admin moved with its model from tournaments to core; old links follow.
    re_path(
        r"^admin/tournaments/auditentry/(?P<rest>.*)$",
        RedirectView.as_view(url="/admin/core/auditentry/%(rest)s", permanent=True),
        name="admin_auditentry_moved",
    ),
    path("admin/", admin.site.urls),
    path("api/", api.urls),
    # The site's accounts: login, logout, password change and reset, "my account".
    path("accounts/", include(account_patterns)),
    # The unsubscribe link of every mail (its one-click POST comes without a CSRF token).
    path("mail/unsubscribe/<str:token>/", UnsubscribeView.as_view(), name="mail_unsubscribe"),
    # The language switch only writes the visitor's own language cookie: exempt from CSRF so
    # that public pages carry no per-visitor token and can be served whole from the cache.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path(
        "tournaments/",
        include(
            (backoffice_urls.tournament_patterns + public_urls.tournament_patterns, "tournaments")
        ),
    ),
    path(
        "events/",
        include((backoffice_urls.event_patterns + public_urls.event_patterns, "events")),
    ),
    path(
        "leagues/",
        include((backoffice_urls.league_patterns + public_urls.league_patterns, "leagues")),
    ),
    path("", include((public_urls.rating_patterns, "ratings"))),
]
