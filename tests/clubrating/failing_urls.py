"""The site's URL configuration plus views that fail or refuse (the logging tests)."""

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.urls import path

from clubrating.urls import urlpatterns as site


def boom(request):
    raise RuntimeError("boom: a bug in a view")


def denied(request):
    raise PermissionDenied("not yours")


def missing(request):
    raise Http404("no such thing")


def posted(request):
    return HttpResponse("taken")


urlpatterns = [
    path("boom/", boom),
    path("denied/", denied),
    path("missing/", missing),
    path("posted/", posted),
    *site,  # the error pages link to the site's pages
]
