"""Public tournament pages."""

from django.urls import path

from tournaments.views import public

app_name = "tournaments"

urlpatterns = [
    path("", public.TournamentListView.as_view(), name="list"),
    path("<slug:slug>/", public.TournamentView.as_view(), name="detail"),
]
