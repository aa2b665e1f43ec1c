"""Public, read-only rating pages."""

from django.views.generic import TemplateView


class HomeView(TemplateView):
    template_name = "ratings/home.html"
