"""A tournament's rounds: the last and highest, which are complete (one round, or all with
their progress in one query), a draft round's fingerprint, the published ones, the number
planned and what the tournament needs next."""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass

from django.db.models import Count, Max, Q, QuerySet
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.pairing import berger, knockout
from tournaments.enums import TEAM_ROUND_ROBINS, PairingSystem, RoundStatus, TournamentStatus
from tournaments.models import Game, Registration, Round, Team, Tournament


def last_round(tournament: Tournament) -> Round | None:
    """The highest-numbered round of ``tournament`` (or ``None``)."""
    return Round.objects.filter(tournament=tournament).order_by("-number").first()


def highest_round_number(tournament: Tournament) -> int:
    return Round.objects.filter(tournament=tournament).aggregate(n=Max("number"))["n"] or 0


def round_is_complete(round: Round) -> bool:
    """Published and every game (bye) has a result."""
    return (
        round.status == RoundStatus.PUBLISHED
        and not Game.objects.filter(round=round, result="").exists()
    )


@dataclass(frozen=True)
class RoundProgress:
    """A round with how far its results are: its games (byes included) and those with a
    result."""

    number: int
    status: str
    published_at: datetime.datetime | None
    games: int
    results: int

    @property
    def complete(self) -> bool:
        """Published and every game (bye) has a result, as :func:`round_is_complete`."""
        return self.status == RoundStatus.PUBLISHED and self.results == self.games


def rounds_progress(tournament: Tournament) -> list[RoundProgress]:
    """The rounds of ``tournament`` by number, each with its games and results counted: one
    query, whatever the number of rounds."""
    rows = (
        Round.objects.filter(tournament=tournament)
        .annotate(
            games_count=Count("games"),
            results_count=Count("games", filter=~Q(games__result="")),
        )
        .order_by("number")
        .values_list("number", "status", "published_at", "games_count", "results_count")
    )
    return [RoundProgress(*row) for row in rows]


def round_version(round: Round) -> str:
    """A short fingerprint of a round's status and boards (who plays where, results).

    Forms that change a draft round carry it; the service refuses the change when the round
    no longer has the same fingerprint (somebody else changed it meanwhile).
    """
    status = Round.objects.filter(pk=round.pk).values_list("status", flat=True).first()
    boards = Game.objects.filter(round_id=round.pk).order_by("pk")
    rows = [str(status), *map(repr, boards.values_list("pk", "board", "white", "black", "result"))]
    return hashlib.sha256("|".join(rows).encode()).hexdigest()[:16]


def _visible_rounds(tournament: Tournament) -> QuerySet[Round]:
    return Round.objects.filter(tournament=tournament).exclude(status=RoundStatus.DRAFT)


def public_round_numbers(tournament: Tournament) -> list[int]:
    """The numbers of the published rounds of ``tournament``, in order."""
    return list(_visible_rounds(tournament).order_by("number").values_list("number", flat=True))


def planned_rounds(tournament: Tournament, players: int) -> int | None:
    """The number of rounds: the Berger table's for a round robin, else the planned one.

    ``None`` while it is not known yet: a round robin of fewer than two players (its rounds
    follow from its players). A team round robin's follow from its teams, a Scheveningen
    match's from its boards."""
    if tournament.pairing_system in TEAM_ROUND_ROBINS:
        teams = Team.objects.filter(tournament=tournament).count()
        if teams < 2:
            return None
        return berger.round_count(
            teams, double=tournament.pairing_system == PairingSystem.TEAM_DOUBLE_ROUND_ROBIN
        )
    if tournament.pairing_system == PairingSystem.SCHEVENINGEN:
        return tournament.team_boards or None
    if tournament.is_round_robin:
        if players < 2:
            return None
        return berger.round_count(
            players, double=tournament.pairing_system == PairingSystem.DOUBLE_ROUND_ROBIN
        )
    if tournament.is_knockout:
        return knockout.round_count(players) if players >= 2 else None
    return tournament.rounds_planned


@dataclass(frozen=True)
class NextStep:
    """What the tournament needs next. ``kind``: ``players`` (fewer than two), ``rounds`` (the
    number of rounds is not set), ``publish`` (round ``round`` is a draft), ``results``
    (``boards`` of round ``round`` have no result), ``pair`` (round ``round`` can be paired),
    ``add`` (a manual tournament: add round ``round``), ``finish`` (every round is played),
    ``finished``. ``str()`` is the sentence the organiser pages show."""

    kind: str
    round: int = 0
    boards: tuple[int, ...] = ()
    #: ``add`` in a manual tournament of open length (no planned rounds) whose rounds so far
    #: are played: it may also finish now.
    can_finish: bool = False

    @property
    def can_pair(self) -> bool:
        return self.kind == "pair"

    def __str__(self) -> str:
        if self.kind == "results":
            return ngettext(
                "enter board %(boards)s of round %(round)d first.",
                "enter boards %(boards)s of round %(round)d first.",
                len(self.boards),
            ) % {
                "boards": get_text_list([str(b) for b in self.boards], _("and")),
                "round": self.round,
            }
        return {
            "players": _("enter at least two players first."),
            "rounds": _("set the number of rounds first."),
            "publish": _("publish round %(round)d first."),
            "pair": _("round %(round)d can be paired."),
            "add": _("add round %(round)d and its boards, or finish the tournament.")
            if self.can_finish
            else _("add round %(round)d and its boards."),
            "finish": _("every round is played: finish the tournament."),
            "finished": _("the tournament is finished."),
        }[self.kind] % {"round": self.round}


def next_step(tournament: Tournament) -> NextStep:
    """What ``tournament`` needs next (:class:`NextStep`): a few small queries."""
    if tournament.status == TournamentStatus.FINISHED:
        return NextStep("finished")
    last = last_round(tournament)
    if last is not None and last.status == RoundStatus.DRAFT:
        return NextStep("publish", last.number)
    if last is not None:
        missing = tuple(
            Game.objects.filter(round=last, result="")
            .order_by("board")
            .values_list("board", flat=True)
        )
        if missing:
            return NextStep("results", last.number, missing)
    done = last.number if last is not None else 0
    players = Registration.objects.filter(tournament=tournament).count()
    total = planned_rounds(tournament, players)
    if players < 2 and done == 0:
        return NextStep("players")
    if tournament.pairing_system == PairingSystem.MANUAL:
        if total and done >= total:
            return NextStep("finish", done)
        return NextStep("add", done + 1, can_finish=not total and done > 0)
    if total is None:
        return NextStep("players")
    if total < 1:
        return NextStep("rounds")
    if done >= total:
        return NextStep("finish", done)
    return NextStep("pair", done + 1)
