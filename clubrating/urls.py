"""Top-level URL configuration."""

from django.contrib import admin
from django.urls import include, path

from clubrating.api import api
from clubrating.views import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("api/", api.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("tournaments/", include("tournaments.urls")),
    path("", include("ratings.urls")),
]
