"""Team competitions (issue 22): teams, their rosters, each round's line-ups and the matches.

A team plays in one tournament (``Tournament.team_boards`` set); a club may field several
("Riverside A1", "Riverside A2"). The roster is an ordered list of the team's players, the
first boards and then the reserves; each round's line-up takes ``team_boards`` of them in
roster order. A match is two teams of a round (the first named has White on board 1) or one
team with the pairing-allocated bye (``second`` empty). The board games of a match are
ordinary :class:`~tournaments.models.Game` rows pointing to it (``Game.team_match``,
``Game.team_board``), so ratings, the TRF file and individual standings read them as they
read any game. Written by ``actions.teams`` only.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.enums import TeamMatchOutcome
from tournaments.models.games import Round
from tournaments.models.tournament import Tournament


class Team(models.Model):
    """A team of a team tournament."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="teams", verbose_name=_("tournament")
    )
    club = models.ForeignKey(
        "players.Club",
        verbose_name=_("club"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="teams",
    )
    name = models.CharField(_("name"), max_length=100)
    pairing_number = models.PositiveSmallIntegerField(_("pairing number"), null=True, blank=True)
    captain = models.ForeignKey(
        "players.Player",
        verbose_name=_("captain"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="captained_teams",
        help_text=_("Signs in with the player's account to submit the line-ups."),
    )

    class Meta:
        ordering = ["tournament", "pairing_number", "name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="one_team_name"),
            models.UniqueConstraint(
                fields=["tournament", "pairing_number"], name="one_team_pairing_number"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    """A player on a team's roster, at a place in the board order (1 = first board)."""

    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="members", verbose_name=_("team")
    )
    player = models.ForeignKey(
        "players.Player",
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        related_name="team_memberships",
    )
    order = models.PositiveSmallIntegerField(_("board order"))
    reserve = models.BooleanField(_("reserve"), default=False)

    class Meta:
        ordering = ["team", "order"]
        verbose_name = _("team member")
        verbose_name_plural = _("team members")
        constraints = [
            models.UniqueConstraint(fields=["team", "player"], name="one_membership_per_team"),
            models.UniqueConstraint(fields=["team", "order"], name="one_member_per_order"),
            models.CheckConstraint(condition=Q(order__gte=1), name="member_order_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.team} {self.order}. {self.player}"


class LineUp(models.Model):
    """The players a team fields in a round (``round_number``: the round need not be paired
    yet), submitted by its captain or the arbiter."""

    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="line_ups", verbose_name=_("team")
    )
    round_number = models.PositiveSmallIntegerField(_("round"))
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("submitted by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    submitted_at = models.DateTimeField(_("submitted at"))

    class Meta:
        ordering = ["team", "round_number"]
        verbose_name = _("line-up")
        verbose_name_plural = _("line-ups")
        constraints = [
            models.UniqueConstraint(fields=["team", "round_number"], name="one_line_up_per_round"),
            models.CheckConstraint(condition=Q(round_number__gte=1), name="line_up_round_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.team}, round {self.round_number}"


class LineUpBoard(models.Model):
    """One board of a line-up: who plays it."""

    line_up = models.ForeignKey(
        LineUp, on_delete=models.CASCADE, related_name="boards", verbose_name=_("line-up")
    )
    board = models.PositiveSmallIntegerField(_("board"))
    player = models.ForeignKey(
        "players.Player", verbose_name=_("player"), on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["line_up", "board"]
        verbose_name = _("line-up board")
        verbose_name_plural = _("line-up boards")
        constraints = [
            models.UniqueConstraint(fields=["line_up", "board"], name="one_player_per_board"),
            models.UniqueConstraint(fields=["line_up", "player"], name="one_board_per_player"),
            models.CheckConstraint(condition=Q(board__gte=1), name="line_up_board_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.line_up} {self.board}. {self.player}"


class TeamMatch(models.Model):
    """A match of a round: ``first`` (White on board 1) against ``second``, or ``first``
    alone with the pairing-allocated bye (``second`` empty)."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="team_matches", verbose_name=_("round")
    )
    number = models.PositiveSmallIntegerField(_("match"))
    first = models.ForeignKey(
        Team, verbose_name=_("first team"), on_delete=models.CASCADE, related_name="+"
    )
    second = models.ForeignKey(
        Team,
        verbose_name=_("second team"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
    )
    outcome = models.CharField(
        _("outcome"),
        max_length=14,
        choices=TeamMatchOutcome.choices,
        default=TeamMatchOutcome.PLAYED,
        help_text=_("Played: scored from the boards. Else a whole-match forfeit."),
    )
    scheduled_date = models.DateField(_("scheduled date"), null=True, blank=True)
    #: Leagues: the date a postponed match is played on, out of the round's order.
    postponed_to = models.DateField(_("postponed to"), null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("team match")
        verbose_name_plural = _("team matches")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_team_match_number"),
            models.CheckConstraint(condition=~Q(first=F("second")), name="team_not_against_itself"),
            models.CheckConstraint(condition=Q(number__gte=1), name="team_match_from_one"),
        ]

    def __str__(self) -> str:
        if self.second_id is None:
            return f"{self.first} – {_('bye')}"
        return f"{self.first} – {self.second}"

    @property
    def is_bye(self) -> bool:
        return self.second_id is None
