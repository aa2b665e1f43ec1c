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
    path("players/<int:pk>/", public.PlayerView.as_view(), name="player"),
]
