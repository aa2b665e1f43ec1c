"""Public rating pages."""

import datetime

from django.urls import path, register_converter

from ratings.views import public, reference


class IsoDateConverter:
    """A date written YYYY-MM-DD in the path; an impossible date does not match (404)."""

    regex = r"\d{4}-\d{2}-\d{2}"

    def to_python(self, value: str) -> datetime.date:
        return datetime.date.fromisoformat(value)

    def to_url(self, value: datetime.date | str) -> str:
        return value if isinstance(value, str) else value.isoformat()


register_converter(IsoDateConverter, "isodate")

app_name = "ratings"

urlpatterns = [
    path("", public.HomeView.as_view(), name="home"),
    path("lists/<slug:slug>/", public.LeaderboardView.as_view(), name="leaderboard"),
    path(
        "lists/<slug:slug>/<isodate:date>/",
        public.PublishedListView.as_view(),
        name="published_list",
    ),
    path(
        "lists/<slug:slug>/distribution/",
        public.DistributionView.as_view(),
        name="distribution",
    ),
    path("lists/<slug:slug>/archive/", public.ArchiveView.as_view(), name="archive"),
    path(
        "lists/<slug:slug>/<isodate:date>.csv",
        public.PublishedCsvView.as_view(),
        name="published_csv",
    ),
    path(
        "lists/<slug:slug>/<isodate:date>.txt",
        public.PublishedTxtView.as_view(),
        name="published_txt",
    ),
    path("players/compare/", public.CompareView.as_view(), name="compare"),
    path("players/<int:pk>/", public.PlayerView.as_view(), name="player"),
    # Reference tables and calculators (computed from the rating engine).
    path("reference/", reference.ReferenceIndexView.as_view(), name="reference"),
    path(
        "reference/expected-score/",
        reference.ExpectedScoreView.as_view(),
        name="reference_expected_score",
    ),
    path("reference/titles/", reference.TitlesView.as_view(), name="reference_titles"),
    path("reference/classes/", reference.ClassesView.as_view(), name="reference_classes"),
    path("reference/go-grades/", reference.GoGradesView.as_view(), name="reference_go_grades"),
    path(
        "reference/shogi-grades/",
        reference.ShogiGradesView.as_view(),
        name="reference_shogi_grades",
    ),
    path("calculators/fide/", reference.FideCalculatorView.as_view(), name="calculator_fide"),
    path(
        "calculators/initial-rating/",
        reference.InitialRatingView.as_view(),
        name="calculator_initial",
    ),
    path(
        "calculators/performance/",
        reference.PerformanceView.as_view(),
        name="calculator_performance",
    ),
    path("calculators/egf/", reference.EgfCalculatorView.as_view(), name="calculator_egf"),
    path("calculators/fesa/", reference.FesaCalculatorView.as_view(), name="calculator_fesa"),
    path("players/<int:pk>/games/", public.PlayerGamesView.as_view(), name="player_games"),
    path(
        "players/<int:pk>/head-to-head/",
        public.HeadToHeadView.as_view(),
        name="head_to_head",
    ),
]
