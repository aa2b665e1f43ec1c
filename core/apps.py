from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    """The write kernel: the unit of work, the audit trail, roles, cache versions, jobs."""

    name = "core"
    verbose_name = _("Site")
