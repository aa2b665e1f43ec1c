"""Public rating pages."""

from django.urls import path

from ratings.views import public

app_name = "ratings"

urlpatterns = [
    path("", public.HomeView.as_view(), name="home"),
    path("lists/<slug:slug>/", public.LeaderboardView.as_view(), name="leaderboard"),
    path("players/<int:pk>/", public.PlayerView.as_view(), name="player"),
]
