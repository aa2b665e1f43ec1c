"""Tournaments, registrations, rounds and games. Games are the source of truth for ratings."""

from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournaments.enums import PairingSystem, Result


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=200, unique=True)
    club = models.ForeignKey(
        "players.Club",
        verbose_name=_("organising club"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournaments",
    )
    rating_list = models.ForeignKey(
        "ratings.RatingList",
        verbose_name=_("rating list"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tournaments",
        help_text=_("Leave empty for an unrated tournament."),
    )
    city = models.CharField(_("city"), max_length=100, blank=True)
    start_date = models.DateField(_("start date"))
    end_date = models.DateField(_("end date"))
    rounds_planned = models.PositiveSmallIntegerField(_("number of rounds"), default=0)
    pairing_system = models.CharField(
        _("pairing system"),
        max_length=20,
        choices=PairingSystem.choices,
        default=PairingSystem.MANUAL,
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__gte=F("start_date")), name="tournament_ends_after_start"
            )
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.slug])


class Registration(models.Model):
    """A player's entry in a tournament."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(
        "players.Player", on_delete=models.PROTECT, related_name="registrations"
    )
    pairing_number = models.PositiveSmallIntegerField(_("pairing number"), null=True, blank=True)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)

    class Meta:
        ordering = ["tournament", "pairing_number", "player"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="one_entry_per_player"),
            models.UniqueConstraint(
                fields=["tournament", "pairing_number"], name="unique_pairing_number"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}"


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    date = models.DateField(_("date"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}, round {self.number}"


class Game(models.Model):
    """A board of a round, or a bye (``black`` empty). ``result`` is empty until entered."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    board = models.PositiveSmallIntegerField(_("board"))
    white = models.ForeignKey(
        "players.Player", verbose_name=_("white"), on_delete=models.PROTECT, related_name="+"
    )
    black = models.ForeignKey(
        "players.Player",
        verbose_name=_("black"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    result = models.CharField(_("result"), max_length=2, choices=Result.choices, blank=True)

    class Meta:
        ordering = ["round", "board"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["round", "board"], name="one_game_per_board"),
            models.CheckConstraint(condition=~Q(white=F("black")), name="white_is_not_black"),
        ]
        indexes = [models.Index(fields=["white"]), models.Index(fields=["black"])]

    def __str__(self) -> str:
        opponent = self.black or _("bye")
        return f"{self.white} – {opponent} {self.get_result_display()}"
