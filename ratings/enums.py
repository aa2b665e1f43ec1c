"""Choices for the ratings app."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class GameKind(models.TextChoices):
    CHESS = "chess", _("chess")
    GO = "go", _("go")
    SHOGI = "shogi", _("shogi")


class TimeControl(models.TextChoices):
    STANDARD = "standard", _("standard")
    RAPID = "rapid", _("rapid")
    BLITZ = "blitz", _("blitz")


class RatingSystem(models.TextChoices):
    FIDE = "fide", _("FIDE (Elo)")
    EGF = "egf", _("EGF (GoR, 2021 system)")
    EGF_OLD = "egf_old", _("EGF (GoR, pre-2021 system)")
    FESA = "fesa", _("FESA (shogi Elo)")
