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


class Rated(models.TextChoices):
    """Who may enter a section by their rating in its list."""

    ANY = "any", _("rated and unrated players")
    RATED = "rated", _("rated players only")
    UNRATED = "unrated", _("unrated players only")


class EntryStatus(models.TextChoices):
    """Where an online entry stands (``actions.online_entries`` moves it)."""

    #: A guest's entry waiting for the link mailed to them to be opened.
    UNCONFIRMED = "unconfirmed", _("awaiting e-mail confirmation")
    #: Confirmed, waiting for the organiser's decision (events that approve entries).
    PENDING = "pending", _("awaiting approval")
    #: In the section: the player has a registration in its tournament.
    ACCEPTED = "accepted", _("accepted")
    #: The section is full: in line for a place, by the time of the confirmed entry.
    WAITING = "waiting", _("on the waiting list")
    REJECTED = "rejected", _("rejected")
    WITHDRAWN = "withdrawn", _("withdrawn")


#: The statuses of an entry that holds its e-mail address and player in the section.
LIVE_ENTRY_STATUSES = (
    EntryStatus.UNCONFIRMED,
    EntryStatus.PENDING,
    EntryStatus.ACCEPTED,
    EntryStatus.WAITING,
)


class DiscountKind(models.TextChoices):
    """Who gets a discount on a section's entry fee."""

    JUNIOR = "junior", _("juniors (under the age)")
    SENIOR = "senior", _("seniors (from the age)")
    WOMEN = "women", _("women")
    TITLED = "titled", _("titled players")
    CLUB = "club", _("members of the organising club")
