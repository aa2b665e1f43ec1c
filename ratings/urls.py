"""Public rating pages."""

import datetime

from django.urls import path, register_converter

from ratings.views import public


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
    path("players/<int:pk>/games/", public.PlayerGamesView.as_view(), name="player_games"),
    path(
        "players/<int:pk>/head-to-head/",
        public.HeadToHeadView.as_view(),
        name="head_to_head",
    ),
]
