from django.urls import path

from ratings.views import public

app_name = "ratings"

urlpatterns = [
    path("", public.HomeView.as_view(), name="home"),
]
