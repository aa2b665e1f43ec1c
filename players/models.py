"""Clubs and players. Thin models: fields, constraints and simple properties only."""

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from players.enums import Sex, Title
from players.links import object_url

federation_code = RegexValidator(r"^[A-Z]{3}$", _("Use a three-letter federation code, e.g. ENG."))


class Club(models.Model):
    name = models.CharField(_("name"), max_length=200, unique=True)
    short_name = models.CharField(_("short name"), max_length=30, blank=True)
    city = models.CharField(_("city"), max_length=100, blank=True)
    federation = models.CharField(
        _("federation"), max_length=3, blank=True, validators=[federation_code]
    )
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("organisers"),
        blank=True,
        related_name="organised_clubs",
        help_text=_("They manage the club's players and tournaments and appoint arbiters."),
    )
    # The name and short name folded for the search (rules.search_key.club_key), written by
    # the actions that name a club; trigram-indexed on PostgreSQL (migration 0006).
    search_key = models.TextField(editable=False, blank=True, default="")

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    last_name = models.CharField(_("last name"), max_length=100)
    first_name = models.CharField(_("first name"), max_length=100, blank=True)
    sex = models.CharField(_("sex"), max_length=1, choices=Sex.choices)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    federation = models.CharField(
        _("federation"), max_length=3, blank=True, validators=[federation_code]
    )
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="players",
    )
    fide_id = models.PositiveBigIntegerField(_("FIDE ID"), null=True, blank=True, unique=True)
    title = models.CharField(_("FIDE title"), max_length=3, choices=Title.choices, blank=True)
    # FIDE's own ratings, from the last FIDE rating list imported (shown next to ours).
    fide_standard = models.PositiveSmallIntegerField(_("FIDE standard"), null=True, blank=True)
    fide_rapid = models.PositiveSmallIntegerField(_("FIDE rapid"), null=True, blank=True)
    fide_blitz = models.PositiveSmallIntegerField(_("FIDE blitz"), null=True, blank=True)
    account = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user account"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
        help_text=_("The account that may see this player's data and report their results."),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The name folded for the search in any script (rules.search_key.player_key), written by
    # every action that names a player; trigram-indexed on PostgreSQL (migration 0006).
    search_key = models.TextField(editable=False, blank=True, default="")

    class Meta:
        ordering = ["last_name", "first_name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        indexes = [models.Index(fields=["last_name", "first_name"])]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return object_url("ratings:player", self.pk)

    @property
    def name(self) -> str:
        """The name as FIDE writes it: "Lastname, Firstname"."""
        return f"{self.last_name}, {self.first_name}" if self.first_name else self.last_name

    @property
    def birth_year(self) -> int | None:
        return self.birth_date.year if self.birth_date else None
