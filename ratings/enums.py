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
    GLICKO2 = "glicko2", _("Glicko-2")


#: The names of the rating lists the migrations create, to be shown in the reader's language.
#: A list an organiser named otherwise is shown as named.
LIST_NAMES = {
    "Chess standard": _("Chess standard"),
    "Chess rapid": _("Chess rapid"),
    "Chess blitz": _("Chess blitz"),
    "Go (EGF)": _("Go (EGF)"),
    "Shogi (FESA)": _("Shogi (FESA)"),
}


def rating_list_label(name: str) -> str:
    """A rating list's name as shown: a name of :data:`LIST_NAMES` in the active language."""
    label = LIST_NAMES.get(name)
    return name if label is None else str(label)
