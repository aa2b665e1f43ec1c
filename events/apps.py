from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventsConfig(AppConfig):
    """What a club runs around its tournaments: an event's schedule, prizes, screens."""

    name = "events"
    verbose_name = _("Events")
