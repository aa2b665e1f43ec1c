"""Choices of the events app."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from rules import prizes


class PrizeMethod(models.TextChoices):
    """How the money of players tied on points is paid (:mod:`rules.prizes`)."""

    HORT = prizes.HORT, _("Hort system: half by tie-breaks, half shared")
    SHARED = prizes.SHARED, _("shared equally between tied players")
    TIEBREAK = prizes.TIEBREAK, _("decided by tie-breaks")


class PrizeKind(models.TextChoices):
    """A line of a prize table: a place, or a category with its parameters."""

    PLACE = prizes.PLACE, _("place")
    WOMEN = prizes.WOMEN, _("best woman")
    JUNIOR = prizes.JUNIOR, _("best junior (under the age)")
    SENIOR = prizes.SENIOR, _("best senior (from the age)")
    RATING = prizes.RATING, _("best in a rating band")
    UNRATED = prizes.UNRATED, _("best unrated")
    CLUB = prizes.CLUB, _("best of a club")


class Currency(models.TextChoices):
    """The currencies of a prize table (ISO 4217; minor units in ``rules.prizes.MINOR_DIGITS``)."""

    EUR = "EUR", "EUR"
    USD = "USD", "USD"
    GBP = "GBP", "GBP"
    RUB = "RUB", "RUB"
    CHF = "CHF", "CHF"
    JPY = "JPY", "JPY"
    KRW = "KRW", "KRW"
