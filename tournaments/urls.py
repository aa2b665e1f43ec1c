"""Public tournament pages."""

from django.urls import path

from tournaments.views import public, trf

app_name = "tournaments"

urlpatterns = [
    path("", public.TournamentListView.as_view(), name="list"),
    path("import-trf/", trf.TrfImportView.as_view(), name="trf_import"),
    path("<slug:slug>/", public.TournamentView.as_view(), name="detail"),
    path("<slug:slug>/export.trf", trf.TrfExportView.as_view(), name="trf_export"),
    path("<slug:slug>/standings/", public.StandingsView.as_view(), name="standings"),
    path("<slug:slug>/crosstable/", public.CrosstableView.as_view(), name="crosstable"),
    path("<slug:slug>/progress/", public.ProgressView.as_view(), name="progress"),
]
