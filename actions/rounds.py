"""Rounds: pairing the next round as a draft, publishing or discarding it, manual rounds.

    pair_next_round(*, actor, tournament, number=None) -> Round   # draft round with its games
        # round robin: Berger table; Swiss: the FIDE Dutch engine; go/shogi: McMahon;
        # teams: actions.teams.pairing
    discard_pairings(*, actor, round) -> None                     # draft rounds only
    publish_round(*, actor, round) -> Round                       # twice: the same round
    add_round(*, actor, tournament, date=None) -> Round           # manual: today if no date
    create_round(*, actor, tournament, number, date=None) -> Round   # the admin: any number
    check_new_round(tournament, number)                           # its refusals, no write
    change_round_date(*, actor, round, date) -> Round             # a rated round: replays
    delete_round(*, actor, round) -> None                         # refused with games

The engines are pure (:mod:`rules.pairing`); the snapshot they pair comes from
:mod:`tournaments.queries.pairing`.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Collection
from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from actions import knockout, letters
from actions.boards import boards_state, draft_round
from actions.check_in import leave_out_absent, take_back_left_out
from actions.registrations import assign_numbers, check_renumbering
from actions.teams import pairing as team_pairing
from actions.tournaments import refuse_if_finished
from core import roles
from core.changes import apply_changes
from core.enums import AuditAction
from core.roles import Actor
from core.submissions import Submission
from core.unit_of_work import change
from players.models import Player
from rules.pairing import berger, mcmahon
from rules.pairing.dutch import pair_round
from tournaments.enums import InitialColour, PairingSystem, RoundStatus, TournamentStatus
from tournaments.models import Game, Registration, Round, Tournament
from tournaments.queries.pairing import mcmahon_state, pairing_state
from tournaments.queries.rounds import (
    highest_round_number,
    last_round,
    planned_rounds,
    round_is_complete,
)

Board = tuple[Player, Player | None, str]


round_total = planned_rounds


def pair_next_round(
    *,
    actor: Actor,
    tournament: Tournament,
    number: int | None = None,
    absent_confirmed: Collection[int] | None = None,
) -> Round:
    """Pair the next round as a draft: Berger table, FIDE Dutch or McMahon.

    Round 1 fixes the pairing numbers (kept when they already are 1..n) and draws the top
    seed's colour when it is to be drawn. Swiss: requested byes get their ``H``/``Z``, withdrawn
    players ``Z``, the pairing-allocated bye ``U``; round robin: the player drawn against the
    highest number rests (``Z``), a withdrawn player's games are forfeits.

    ``number`` is the round the caller means to pair: if that round exists already (the
    form was submitted twice), it is returned unchanged.

    Refused: manual pairings; the previous round not published or not complete; all rounds
    paired; fewer than two players; no legal pairing (the engine's message); ``number`` is
    neither the next round nor an existing one; players who have not checked in for a round
    the check-in rule applies to, unless ``absent_confirmed`` lists exactly their
    registrations (:class:`actions.check_in.NotCheckedIn`: then they get a zero-point bye,
    :func:`actions.check_in.leave_out_absent`).
    """
    if tournament.pairing_system == PairingSystem.MANUAL:
        raise ValidationError(_("This tournament is paired by hand."))
    wanted = number
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        current = unit.tournament
        refuse_if_finished(current)
        if wanted is not None:
            existing = Round.objects.filter(tournament=current, number=wanted).first()
            if existing is not None:
                return existing
        previous = last_round(current)
        number = previous.number + 1 if previous else 1
        if wanted is not None and wanted != number:
            raise ValidationError(
                _("Round %(round)d cannot be paired now: reload the page.") % {"round": wanted}
            )
        _check_previous(previous)
        leave_out_absent(unit, number, absent_confirmed)
        registrations = _numbered(current, number)
        total = round_total(current, len(registrations)) or 0
        if total < 1:
            raise ValidationError(_("Set the number of rounds first."))
        if number > total:
            raise ValidationError(_("All %(total)d rounds have been paired.") % {"total": total})
        if number == 1 and current.initial_colour == InitialColour.DRAWN:
            current.drawn_colour = random.SystemRandom().choice(
                [InitialColour.WHITE, InitialColour.BLACK]
            )
            current.save(update_fields=["drawn_colour"])
        if _rounds_follow(current) and current.rounds_planned != total:
            current.rounds_planned = total
            current.save(update_fields=["rounds_planned"])
        if current.status != TournamentStatus.RUNNING:
            current.status = TournamentStatus.RUNNING  # pairing round 1 starts the tournament
            current.save(update_fields=["status"])
        round_ = Round.objects.create(tournament=current, number=number, status=RoundStatus.DRAFT)
        boards = _pair_boards(current, round_, registrations)
        unit.audit(
            AuditAction.ROUND_PAIRED,
            params={"round": number, "boards": len(boards)},
            tournament=current,
            after={"round": number, "boards": boards_state(round_)},
        )
    return round_


def _rounds_follow(tournament: Tournament) -> bool:
    """The format's rounds follow from its players or teams (round robins, knockouts,
    team round robins, Scheveningen): pairing stores them as planned."""
    if tournament.is_team:
        return tournament.pairing_system != PairingSystem.TEAM_SWISS
    return tournament.is_round_robin or tournament.is_knockout


def _pair_boards(
    current: Tournament, round_: Round, registrations: list[Registration]
) -> list[Board]:
    """Pair ``round_`` with the format's engine and create its games; its boards."""
    number = round_.number
    if current.is_team:
        round_.tournament = current
        return team_pairing.pair_team_round(round_)
    if current.is_knockout:
        games = knockout.round_games(current, registrations, number)
        for game in games:
            game.round = round_
        Game.objects.bulk_create(games)
        return [(g.white, g.black, g.result) for g in games]
    stones: dict[int, int] = {}
    if current.is_round_robin:
        boards = _round_robin_boards(current, registrations, number)
    elif current.uses_mcmahon_engine:
        boards, stones = _mcmahon_boards(current, registrations, number)
    else:
        boards = _swiss_boards(current, registrations, number)
    _create_boards(round_, boards, stones)
    return boards


def _create_boards(round_: Round, boards: list[Board], stones: dict[int, int]) -> None:
    Game.objects.bulk_create(
        Game(
            round=round_,
            board=board,
            white=white,
            black=black,
            result=result,
            handicap=stones.get(board, 0),
        )
        for board, (white, black, result) in enumerate(boards, start=1)
    )


def _check_previous(previous: Round | None) -> None:
    if previous is not None and previous.status != RoundStatus.PUBLISHED:
        raise ValidationError(
            _("Round %(round)d is not published yet.") % {"round": previous.number}
        )
    if previous is not None and not round_is_complete(previous):
        raise ValidationError(
            _("Round %(round)d is not complete: enter all its results first.")
            % {"round": previous.number}
        )


def _numbered(tournament: Tournament, number: int) -> list[Registration]:
    """The entries by pairing number (numbered at round 1); refused below two players."""
    if number == 1:
        check_renumbering(tournament)
        registrations = assign_numbers(tournament, keep_complete=True)
    else:
        registrations = list(
            Registration.objects.filter(tournament=tournament)
            .select_related("player")
            .order_by("pairing_number")
        )
    if len(registrations) < 2:
        raise ValidationError(_("At least two players are needed to pair a round."))
    return registrations


def _round_robin_boards(
    tournament: Tournament, registrations: list[Registration], number: int
) -> list[Board]:
    by_tpn = {r.pairing_number: r for r in registrations}
    double = tournament.pairing_system == PairingSystem.DOUBLE_ROUND_ROBIN
    schedule = berger.berger_schedule(len(registrations), double=double)
    planned = schedule[number - 1]
    boards: list[Board] = []
    for game in planned.games:
        white, black = by_tpn[game.white], by_tpn[game.black]
        result = ""
        if not white.plays_in(number) and not black.plays_in(number):
            result = "--"
        elif not white.plays_in(number):
            result = "-+"
        elif not black.plays_in(number):
            result = "+-"
        boards.append((white.player, black.player, result))
    if planned.bye is not None:
        boards.append((by_tpn[planned.bye].player, None, "Z"))
    return boards


def _swiss_boards(
    tournament: Tournament, registrations: list[Registration], number: int
) -> list[Board]:
    state = pairing_state(tournament, number)
    result = pair_round(state)
    if not result.ok:
        raise ValidationError(
            _("No pairing of round %(round)d satisfies the absolute criteria: %(why)s")
            % {"round": number, "why": result.message}
        )
    by_tpn = {r.pairing_number: r.player for r in registrations}
    boards: list[Board] = [(by_tpn[w], by_tpn[b], "") for w, b in result.pairs]
    if result.bye is not None:
        boards.append((by_tpn[result.bye], None, "U"))
    for player_state in state.players:
        if player_state.absent:
            boards.append((by_tpn[player_state.tpn], None, player_state.requested_bye or "Z"))
    return boards


def _mcmahon_boards(
    tournament: Tournament, registrations: list[Registration], number: int
) -> tuple[list[Board], dict[int, int]]:
    """Boards from the McMahon engine (go and shogi), with the handicap stones per board."""
    state, absent = mcmahon_state(tournament, number)
    result = mcmahon.pair_round(state)
    if not result.ok:
        raise ValidationError(
            _("Round %(round)d cannot be paired: %(why)s")
            % {"round": number, "why": result.message}
        )
    by_tpn = {r.pairing_number: r.player for r in registrations}
    boards: list[Board] = [(by_tpn[b.white], by_tpn[b.black], "") for b in result.boards]
    stones = {board: b.handicap for board, b in enumerate(result.boards, start=1) if b.handicap}
    if result.bye is not None:
        boards.append((by_tpn[result.bye], None, "U"))
    for tpn, code in absent:
        boards.append((by_tpn[tpn], None, code))
    return boards, stones


def discard_pairings(*, actor: Actor, round: Round) -> None:
    """Delete a draft round and its games so that it can be paired again; the zero-point
    byes its pairing gave players who had not checked in go with it.

    Refused: a published round.
    """
    tournament = round.tournament
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        current = draft_round(round)
        before = {"round": current.number, "boards": boards_state(current)}
        current.games.all().delete()
        current.delete()
        left_out = take_back_left_out(current.number, unit.tournament)
        if left_out:
            before["left_out"] = left_out
        unit.audit(
            AuditAction.PAIRINGS_DISCARDED,
            params={"round": before["round"]},
            tournament=unit.tournament,
            before=before,
        )


def playing_day(tournament: Tournament) -> datetime.date:
    """The date of a round published (or added) now without a date: today, within the
    tournament's dates (before its start: its first day; an old event entered after its end:
    its last day)."""
    return min(max(timezone.localdate(), tournament.start_date), tournament.end_date)


def publish_round(*, actor: Actor, round: Round) -> Round:
    """Make a draft round's pairings public; from now on its results can be entered.

    A round without a date gets :func:`playing_day`: the ledger dates its games by their
    round (the period they are rated in still follows the tournament's end date, FIDE B.02
    §7.1.3). Publishing a published round again (a form submitted twice) changes nothing.
    Refused: a round without games.
    """
    tournament = round.tournament
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        current = Round.objects.get(pk=round.pk)
        if current.status == RoundStatus.PUBLISHED:
            return current
        if not current.games.exists():
            raise ValidationError(_("A round without games cannot be published."))
        current.status = RoundStatus.PUBLISHED
        current.published_at = timezone.now()
        current.date = current.date or playing_day(unit.tournament)
        current.save(update_fields=["status", "published_at", "date"])
        unit.audit(
            AuditAction.ROUND_PUBLISHED,
            params={"round": current.number},
            tournament=unit.tournament,
            after={"round": current.number, "boards": boards_state(current)},
        )
        letters.pairings(unit, current)
    round.status, round.published_at, round.date = (
        current.status,
        current.published_at,
        current.date,
    )
    return current


def add_round(
    *,
    actor: Actor,
    tournament: Tournament,
    date: datetime.date | None = None,
    submission: Submission | None = None,
) -> Round:
    """Add the next round of a manually paired tournament, published at once (its boards are
    then added with :func:`actions.boards.add_game`); without a ``date``, on
    :func:`playing_day`.

    Refused: a tournament paired by the program (pair its rounds instead); a tournament that
    already has all its planned rounds; a date outside the tournament's dates.
    ``submission``: the form's one-time token (:mod:`core.submissions`).
    """
    with change(
        actor=actor, role=roles.arbiter_of(tournament), tournament=tournament, submission=submission
    ) as unit:
        current = unit.tournament
        refuse_if_finished(current)
        if current.pairing_system != PairingSystem.MANUAL:
            raise ValidationError(
                _("Rounds of this tournament are paired by the program: pair the next round.")
            )
        number = highest_round_number(current) + 1
        if current.rounds_planned and number > current.rounds_planned:
            raise ValidationError(
                _("The tournament has only %(total)d rounds.") % {"total": current.rounds_planned}
            )
        if date is not None and not current.start_date <= date <= current.end_date:
            raise ValidationError(
                {"date": _("The round's date must be within the tournament's dates.")}
            )
        if current.status != TournamentStatus.RUNNING:
            current.status = TournamentStatus.RUNNING  # its first round starts the tournament
            current.save(update_fields=["status"])
        date = date or playing_day(current)
        round_ = Round.objects.create(
            tournament=current,
            number=number,
            date=date,
            status=RoundStatus.PUBLISHED,
            published_at=timezone.now(),
        )
        unit.audit(
            AuditAction.ROUND_ADDED,
            params={"round": number},
            tournament=current,
            after={"round": number, "date": date},
        )
        return unit.answered(round_)


def create_round(
    *, actor: Actor, tournament: Tournament, number: int, date: datetime.date | None = None
) -> Round:
    """Add round ``number`` (published) to ``tournament``, as staff do in the admin.

    Refused: a number below 1 or already used (:func:`check_new_round`)."""
    _check_number(number)
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        check_new_round(unit.tournament, number)
        round_ = Round.objects.create(
            tournament=unit.tournament,
            number=number,
            date=date,
            status=RoundStatus.PUBLISHED,
            published_at=timezone.now(),
        )
        unit.audit(
            AuditAction.ROUND_ADDED,
            params={"round": number},
            tournament=unit.tournament,
            after={"round": number, "date": date},
        )
    return round_


def check_new_round(tournament: Tournament, number: int) -> None:
    """Refuse (``ValidationError``, nothing written) a round :func:`create_round` would refuse:
    a number below 1 or already used in ``tournament``."""
    _check_number(number)
    if Round.objects.filter(tournament=tournament, number=number).exists():
        raise ValidationError({"number": _("Round %(round)d exists already.") % {"round": number}})


def _check_number(number: Any) -> None:
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ValidationError({"number": _("The round must be a whole number from 1.")})


def change_round_date(*, actor: Actor, round: Round, date: datetime.date | None) -> Round:
    """Set a round's date; the games of a rated round are replayed from the earlier of the
    old and the new date (the ledger dates its rows by the round), in the tournament's list
    and in the lists of a knockout's tie-break games. The same date changes nothing."""
    tournament = round.tournament
    own_lists = knockout.game_lists(round)
    with change(
        actor=actor,
        role=roles.arbiter_of(tournament),
        tournament=tournament,
        ratings=True,
        lists=own_lists,
    ) as unit:
        current = Round.objects.get(pk=round.pk)
        before = current.date
        changed = apply_changes(current, {"date": date}, editable=("date",), exclude=["tournament"])
        if not changed:
            return current
        if current.games.exists():
            dates = [d for d in (before, date) if d is not None]
            unit.replay(unit.rating_list, from_date=min(dates) if dates else None)
            for pk in own_lists:  # a knockout's tie-break games, rated in their own lists
                unit.replay(pk, from_date=min(dates) if dates else None)
        unit.audit(
            AuditAction.ROUND_CHANGED,
            params={"round": current.number, "date": date.isoformat() if date else None},
            tournament=unit.tournament,
            before={"round": current.number, "date": before},
            after={"round": current.number, "date": date},
        )
    return current


def delete_round(*, actor: Actor, round: Round) -> None:
    """Delete a round without games (delete its games first)."""
    tournament = round.tournament
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        current = Round.objects.filter(pk=round.pk).first()
        if current is None:
            return
        if current.games.exists():
            raise ValidationError(_("Delete the round's games before the round."), code="games")
        current.delete()
        unit.audit(
            AuditAction.ROUND_DELETED,
            params={"round": current.number},
            tournament=unit.tournament,
            before={"round": current.number, "date": current.date},
        )
