from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    """The shared kit: the unit of work, the audit trail, roles, cache versions, base classes."""

    name = "core"
    verbose_name = _("Site")

    def ready(self):
        from core.tables import remember_signatures

        remember_signatures()
