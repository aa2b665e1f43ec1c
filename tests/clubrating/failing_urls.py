"""A URL configuration with one view that fails (the logging test's server error)."""

from django.urls import path


def boom(request):
    raise RuntimeError("boom: a bug in a view")


urlpatterns = [path("boom/", boom)]
