"""An event and its sections, and the players' online entries to them.

An event (a weekend open, a club championship, a festival) holds one or more sections; each
section is a tournament of any format and game, with its own restrictions, cap and entry fee.
An online entry becomes a registration in the section's tournament when it is accepted.
Written only by the actions (``actions.events``, ``actions.online_entries``).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from events.enums import LIVE_ENTRY_STATUSES, DiscountKind, EntryStatus, Rated
from players.enums import Sex
from players.links import object_url


class Event(models.Model):
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=200, unique=True)
    club = models.ForeignKey(
        "players.Club",
        verbose_name=_("organising club"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="events",
    )
    venue = models.CharField(_("venue"), max_length=300, blank=True)
    city = models.CharField(_("city"), max_length=100, blank=True)
    start_date = models.DateField(_("start date"))
    end_date = models.DateField(_("end date"))
    rules = models.TextField(_("rules"), blank=True, help_text=_("The regulations, as text."))
    entries_open = models.BooleanField(
        _("online entries open"),
        default=False,
        help_text=_("Players may enter on the event's page until entries close."),
    )
    entries_close_at = models.DateTimeField(_("entries close"), null=True, blank=True)
    approve_entries = models.BooleanField(
        _("the organiser approves each entry"),
        default=False,
        help_text=_("Unticked: confirmed entries are accepted at once while there is room."),
    )
    several_of_a_kind = models.BooleanField(
        _("a player may enter several sections of one kind"),
        default=False,
        help_text=_(
            "Unticked: at most one section per game and time control (one rapid, one blitz)."
        ),
    )
    currency = models.CharField(_("currency"), max_length=3, default="EUR")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("event")
        verbose_name_plural = _("events")
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__gte=models.F("start_date")), name="event_dates_in_order"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return object_url("events:event", self.slug)


class Section(models.Model):
    """A tournament of an event, with who may enter it and what it costs."""

    event = models.ForeignKey(
        Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="sections"
    )
    tournament = models.OneToOneField(
        "tournaments.Tournament",
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="section",
    )
    order = models.PositiveSmallIntegerField(_("order"), default=1)
    cap = models.PositiveSmallIntegerField(
        _("places"), null=True, blank=True, help_text=_("Empty: no limit.")
    )
    rating_min = models.PositiveSmallIntegerField(_("rating from"), null=True, blank=True)
    rating_max = models.PositiveSmallIntegerField(_("rating to"), null=True, blank=True)
    age_max = models.PositiveSmallIntegerField(
        _("under the age of"),
        null=True,
        blank=True,
        help_text=_("Age on 1 January of the event's year, as FIDE counts U-ages."),
    )
    age_min = models.PositiveSmallIntegerField(_("from the age of"), null=True, blank=True)
    sex = models.CharField(_("only"), max_length=1, choices=Sex.choices, blank=True)
    rated = models.CharField(_("rating"), max_length=8, choices=Rated.choices, default=Rated.ANY)
    fee = models.DecimalField(_("entry fee"), max_digits=10, decimal_places=2, default=0)

    class Meta:
        ordering = ["event", "order", "pk"]
        verbose_name = _("section")
        verbose_name_plural = _("sections")

    def __str__(self) -> str:
        return f"{self.event}: {self.tournament}"


class Discount(models.Model):
    """A reduction of an event's entry fees for a group of players (the largest one applies)."""

    event = models.ForeignKey(
        Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="discounts"
    )
    kind = models.CharField(_("for"), max_length=8, choices=DiscountKind.choices)
    age = models.PositiveSmallIntegerField(_("age"), null=True, blank=True)
    percent = models.PositiveSmallIntegerField(_("discount (%)"))

    class Meta:
        ordering = ["event", "kind"]
        verbose_name = _("discount")
        verbose_name_plural = _("discounts")
        constraints = [
            models.CheckConstraint(condition=Q(percent__lte=100), name="discount_at_most_all"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.percent}%"


class Entry(models.Model):
    """One player's online entry to one section.

    A signed-in player's entry names their player at once; a guest's keeps what they typed
    and is matched to a player (by FIDE ID, never creating a duplicate) when it is confirmed.
    """

    section = models.ForeignKey(
        Section, verbose_name=_("section"), on_delete=models.CASCADE, related_name="entries"
    )
    player = models.ForeignKey(
        "players.Player",
        verbose_name=_("player"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="entries",
    )
    registration = models.OneToOneField(
        "tournaments.Registration",
        verbose_name=_("registration"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="entry",
    )
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("entered by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    last_name = models.CharField(_("last name"), max_length=100)
    first_name = models.CharField(_("first name"), max_length=100, blank=True)
    sex = models.CharField(_("sex"), max_length=1, choices=Sex.choices)
    birth_year = models.PositiveSmallIntegerField(_("birth year"), null=True, blank=True)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    fide_id = models.PositiveBigIntegerField(_("FIDE ID"), null=True, blank=True)
    email = models.EmailField(_("e-mail"))
    status = models.CharField(
        _("status"), max_length=12, choices=EntryStatus.choices, default=EntryStatus.UNCONFIRMED
    )
    #: The hash of the confirmation link's token (a guest's entry), empty once confirmed.
    token_hash = models.CharField(max_length=64, blank=True, editable=False)
    created_at = models.DateTimeField(_("entered"), auto_now_add=True)
    confirmed_at = models.DateTimeField(_("confirmed"), null=True, blank=True)
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)
    fee = models.DecimalField(_("fee due"), max_digits=10, decimal_places=2, default=0)
    discount = models.CharField(
        _("discount"), max_length=8, choices=DiscountKind.choices, blank=True
    )
    paid = models.DecimalField(_("paid"), max_digits=10, decimal_places=2, default=0)
    paid_at = models.DateTimeField(_("paid on"), null=True, blank=True)

    class Meta:
        ordering = ["section", "created_at", "pk"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(
                fields=["section", "email"],
                condition=Q(status__in=LIVE_ENTRY_STATUSES),
                name="one_live_entry_per_email",
                violation_error_message=_("This e-mail address has already entered this section."),
            ),
            models.UniqueConstraint(
                fields=["section", "player"],
                condition=Q(status__in=LIVE_ENTRY_STATUSES),
                name="one_live_entry_per_player",
                violation_error_message=_("This player has already entered this section."),
            ),
        ]

    def __str__(self) -> str:
        name = f"{self.last_name}, {self.first_name}" if self.first_name else self.last_name
        return f"{name} → {self.section}"
