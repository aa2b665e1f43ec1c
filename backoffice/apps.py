from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BackofficeConfig(AppConfig):
    """Organiser pages, the admin for staff and the management commands."""

    name = "backoffice"
    verbose_name = _("Back office")
