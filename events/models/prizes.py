"""A section's prize table and its prizes (``actions.prizes`` writes them)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from events.enums import Currency, PrizeKind, PrizeMethod
from rules.prizes import MINOR_DIGITS


class PrizeTable(models.Model):
    """A section's prize table: its currency, how ties are paid, its prizes (``prizes``).
    Written only by ``actions.prizes.set_prize_table``."""

    tournament = models.OneToOneField(
        "tournaments.Tournament",
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="prize_table",
    )
    currency = models.CharField(
        _("currency"), max_length=3, choices=Currency.choices, default=Currency.EUR
    )
    method = models.CharField(
        _("ties on points"), max_length=10, choices=PrizeMethod.choices, default=PrizeMethod.HORT
    )

    class Meta:
        verbose_name = _("prize table")
        verbose_name_plural = _("prize tables")

    def __str__(self) -> str:
        return str(self.tournament)

    @property
    def digits(self) -> int:
        """Digits of the currency's minor unit (2 for cents, 0 for yen)."""
        return MINOR_DIGITS.get(self.currency, 2)


class Prize(models.Model):
    """One line of a prize table: a place or a category (its parameters) and an amount."""

    table = models.ForeignKey(
        PrizeTable, verbose_name=_("prize table"), on_delete=models.CASCADE, related_name="prizes"
    )
    order = models.PositiveSmallIntegerField(_("order"))
    kind = models.CharField(_("prize"), max_length=10, choices=PrizeKind.choices)
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    age = models.PositiveSmallIntegerField(_("age"), null=True, blank=True)
    rating_min = models.PositiveSmallIntegerField(_("rating from"), null=True, blank=True)
    rating_max = models.PositiveSmallIntegerField(_("rating to"), null=True, blank=True)
    club = models.ForeignKey(
        "players.Club",
        verbose_name=_("club"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    amount = models.DecimalField(_("amount"), max_digits=12, decimal_places=2)

    class Meta:
        ordering = ["table", "order"]
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")
        constraints = [
            models.UniqueConstraint(fields=["table", "order"], name="prize_order_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount}"
