"""Rating lists, per-player ratings, published lists and the ledger of per-game changes.

Games (in ``tournaments``) are the source of truth. Everything here except the inputs marked as
such is derived data, rewritten by ``ratings.services`` when results are recorded or corrected.
"""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from ratings.enums import GameKind, RatingSystem, TimeControl, rating_list_label

# Go ratings (GoR) run down to -900 (30 kyu); the services check each system's own range.
RATING_VALIDATORS = [MinValueValidator(-900), MaxValueValidator(3500)]


class RatingList(models.Model):
    """A pool: a game, a time control and a rating system, e.g. "Chess standard (FIDE)"."""

    name = models.CharField(_("name"), max_length=100, unique=True)
    slug = models.SlugField(_("slug"), max_length=100, unique=True)
    game = models.CharField(_("game"), max_length=10, choices=GameKind.choices)
    time_control = models.CharField(_("time control"), max_length=10, choices=TimeControl.choices)
    system = models.CharField(_("rating system"), max_length=10, choices=RatingSystem.choices)
    description = models.TextField(_("description"), blank=True)
    position = models.PositiveSmallIntegerField(_("position"), default=0)
    # Derived: raised by every replay of the list (in the replay's transaction); the public
    # pages cache what they compute from the list under this version. Never shown, so no
    # verbose name to translate.
    version = models.PositiveBigIntegerField(default=0, editable=False)
    # Derived: raised with ``version`` except by a result entered that made nobody rated or
    # unrated: what is cached from the list's rated players alone (the federations of the
    # leaderboard's filter) is kept under it.
    roster_version = models.PositiveBigIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["position", "name"]
        verbose_name = _("rating list")
        verbose_name_plural = _("rating lists")

    def __str__(self) -> str:
        return self.label

    def get_absolute_url(self) -> str:
        return reverse("ratings:leaderboard", args=[self.slug])

    @property
    def label(self) -> str:
        """The list's name in the reader's language (the lists the migrations create)."""
        return rating_list_label(self.name)


class PlayerRating(models.Model):
    """A player's rating in one list.

    Inputs (entered by staff): ``starting_rating``, ``starting_games`` and ``starting_date``:
    the rating a player brought when joining the list (e.g. their FIDE rating), the number of
    rated games behind it (for the K rules) and the date from which it is valid.
    Everything else is derived by the replay.
    """

    rating_list = models.ForeignKey(
        RatingList, on_delete=models.CASCADE, related_name="player_ratings"
    )
    player = models.ForeignKey("players.Player", on_delete=models.CASCADE, related_name="ratings")
    # Inputs
    starting_rating = models.SmallIntegerField(
        _("starting rating"), null=True, blank=True, validators=RATING_VALIDATORS
    )
    starting_games = models.PositiveIntegerField(_("rated games before joining"), default=0)
    starting_date = models.DateField(_("starting rating valid from"), null=True, blank=True)
    declared_grade = models.CharField(
        _("declared grade"),
        max_length=4,
        blank=True,
        help_text=_(
            "Go and shogi: the grade a new player declares, e.g. “5k” or “2d”; without a "
            "starting rating they start at the rating of this grade."
        ),
    )
    # Derived
    rating = models.SmallIntegerField(_("published rating"), null=True, blank=True)
    live_rating = models.DecimalField(
        _("live rating"), max_digits=8, decimal_places=2, null=True, blank=True
    )
    period_change = models.DecimalField(
        _("change this period"), max_digits=9, decimal_places=2, default=0
    )
    period_games = models.PositiveIntegerField(_("games this period"), default=0)
    k = models.PositiveSmallIntegerField(_("K"), null=True, blank=True)
    games = models.PositiveIntegerField(_("rated games"), default=0)
    peak = models.SmallIntegerField(_("peak rating"), null=True, blank=True)
    last_played = models.DateField(_("last rated game"), null=True, blank=True)
    grade = models.CharField(_("grade"), max_length=4, blank=True)
    status = models.CharField(_("status"), max_length=12, blank=True)
    # Derived: the rating system's state of this player at the start of the open period (the
    # player's entry of the latest published list's checkpoint; null: none), so that a result
    # of the open period reads only its players' states. Never shown.
    state = models.JSONField(null=True, blank=True, editable=False)

    #: The fields the replay writes (everything above after "Derived"), the state last: the
    #: replay reads them in this order, backups leave them out, the admin shows them read-only.
    DERIVED_FIELDS = (
        "rating",
        "live_rating",
        "period_change",
        "period_games",
        "k",
        "games",
        "peak",
        "last_played",
        "grade",
        "status",
        "state",
    )

    class Meta:
        verbose_name = _("player rating")
        verbose_name_plural = _("player ratings")
        constraints = [
            models.UniqueConstraint(fields=["rating_list", "player"], name="one_rating_per_list")
        ]
        indexes = [models.Index(fields=["rating_list", "-live_rating"])]

    def __str__(self) -> str:
        return f"{self.player} – {self.rating_list}: {self.rating or '–'}"


class PublishedList(models.Model):
    """A closed rating period: the list published on ``date`` (its rows are derived)."""

    rating_list = models.ForeignKey(
        RatingList, on_delete=models.CASCADE, related_name="published_lists"
    )
    date = models.DateField(_("list date"))
    closed_at = models.DateTimeField(_("closed at"), auto_now_add=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    # Derived: the rating system's state after this period (JSON), written by the replay so
    # that a later replay can start from the next period without re-reading older games.
    replay_state = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["rating_list", "date"]
        verbose_name = _("published list")
        verbose_name_plural = _("published lists")
        constraints = [
            models.UniqueConstraint(fields=["rating_list", "date"], name="one_list_per_date")
        ]

    def __str__(self) -> str:
        return f"{self.rating_list} {self.date:%Y-%m-%d}"


class PublishedRating(models.Model):
    """One row of a published list (derived)."""

    published_list = models.ForeignKey(
        PublishedList, on_delete=models.CASCADE, related_name="entries"
    )
    player = models.ForeignKey(
        "players.Player", on_delete=models.CASCADE, related_name="published_ratings"
    )
    rating = models.SmallIntegerField(_("rating"))
    games = models.PositiveIntegerField(_("games in period"), default=0)
    k = models.PositiveSmallIntegerField(_("K"), null=True, blank=True)
    change = models.IntegerField(_("change"), null=True, blank=True)
    grade = models.CharField(_("grade"), max_length=4, blank=True)

    class Meta:
        verbose_name = _("published rating")
        verbose_name_plural = _("published ratings")
        constraints = [
            models.UniqueConstraint(
                fields=["published_list", "player"], name="one_entry_per_published_list"
            )
        ]
        # The biggest movers of a list (the home page): its top gains and falls, read from
        # the index instead of sorting the whole list.
        indexes = [models.Index(fields=["published_list", "change"], name="published_by_change")]

    def __str__(self) -> str:
        return f"{self.player}: {self.rating}"


class RatingChange(models.Model):
    """The ledger: one row per rated game and player, as FIDE prints a player's calculation.

    ``period`` is the published list the game is rated in (null while the period is open).
    ``change`` is K × (score − expected), unrounded; the period total is rounded once (FIDE).
    Go (EGF) and shogi (FESA) rows hold the system's own change, in ten-thousandths, and its
    per-game numbers in ``details``.
    """

    # No single-column index on rating_list, tournament and player: the composite indexes
    # below cover them, and every index slows the replay's bulk writes.
    # No foreign-key constraints in the database either (``db_constraint=False``): the ledger
    # is derived, written only by the replay, which holds the list's lock and rewrites it
    # whole from the games; PostgreSQL checked its six deferred keys row by row at COMMIT,
    # half of a full replay's time (issue 20). Deletes still cascade: Django collects the
    # ledger rows of a deleted game, player or list (every delete goes through the ORM), and
    # tests/ratings/test_models_ledger_references.py checks that no row outlives what it names.
    rating_list = models.ForeignKey(
        RatingList,
        on_delete=models.CASCADE,
        related_name="changes",
        db_index=False,
        db_constraint=False,
    )
    period = models.ForeignKey(
        PublishedList,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="changes",
        db_constraint=False,
    )
    game = models.ForeignKey(
        "tournaments.Game",
        on_delete=models.CASCADE,
        related_name="rating_changes",
        db_constraint=False,
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="rating_changes",
        db_index=False,
        db_constraint=False,
    )
    player = models.ForeignKey(
        "players.Player",
        on_delete=models.CASCADE,
        related_name="rating_changes",
        db_index=False,
        db_constraint=False,
    )
    opponent = models.ForeignKey(
        "players.Player", on_delete=models.CASCADE, related_name="+", db_constraint=False
    )
    date = models.DateField(_("date"))
    rating_used = models.SmallIntegerField(_("rating used"), null=True, blank=True)
    opponent_rating = models.SmallIntegerField(_("opponent rating"), null=True)
    opponent_rating_used = models.SmallIntegerField(_("opponent rating used"), null=True)
    capped = models.BooleanField(_("400-point rule applied"), default=False)
    score = models.DecimalField(_("score"), max_digits=3, decimal_places=1)
    expected = models.DecimalField(
        _("expected score"), max_digits=6, decimal_places=4, null=True, blank=True
    )
    k = models.PositiveSmallIntegerField(_("K"), null=True, blank=True)
    change = models.DecimalField(
        _("change"), max_digits=10, decimal_places=4, null=True, blank=True
    )
    # The system's own per-game numbers (EGF: con, bonus, handicap, class weight; FESA: the
    # opponent's final tournament rating), JSON; null for FIDE.
    details = models.JSONField(_("calculation details"), null=True, blank=True)

    #: The ledger's columns, every field but the id, in the order the replay writes its rows
    #: (``ratings.recompute.writing.ledger_tuples``); the incremental update compares the ones
    #: that are not a row's key (its list, period, game and player).
    COLUMNS = (
        "rating_list_id",
        "period_id",
        "game_id",
        "tournament_id",
        "player_id",
        "opponent_id",
        "date",
        "rating_used",
        "opponent_rating",
        "opponent_rating_used",
        "capped",
        "score",
        "expected",
        "k",
        "change",
        "details",
    )

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        indexes = [
            models.Index(fields=["player", "rating_list", "date"]),
            models.Index(fields=["rating_list", "period"]),
            models.Index(fields=["tournament"]),
        ]

    def __str__(self) -> str:
        return f"{self.player} vs {self.opponent}: {self.change}"


class PendingUpdate(models.Model):
    """Ratings to re-derive, recorded by the unit of work that changed the games and done by
    the next one (a background job for a correction of a closed period): from the period of
    ``from_date`` (null: from the first), for ``players`` (player ids; null: every player) and
    the ``tournaments`` changed. Derived bookkeeping, never shown: no verbose names."""

    rating_list = models.ForeignKey(
        RatingList, on_delete=models.CASCADE, related_name="pending_updates"
    )
    from_date = models.DateField(null=True, blank=True)
    players = models.JSONField(null=True, blank=True)
    tournaments = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.rating_list_id} from {self.from_date}"
