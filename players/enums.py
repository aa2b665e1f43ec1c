"""Choices for the players app (kept out of models to avoid circular imports)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Sex(models.TextChoices):
    MALE = "m", _("male")
    FEMALE = "f", _("female")


class Title(models.TextChoices):
    """FIDE titles, open and women's, in the order of FIDE's initial-ranking rule (C.04.2)."""

    GM = "GM", _("Grandmaster")
    IM = "IM", _("International Master")
    WGM = "WGM", _("Woman Grandmaster")
    FM = "FM", _("FIDE Master")
    WIM = "WIM", _("Woman International Master")
    CM = "CM", _("Candidate Master")
    WFM = "WFM", _("Woman FIDE Master")
    WCM = "WCM", _("Woman Candidate Master")
