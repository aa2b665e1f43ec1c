"""Match cards: a captain enters a league match's line-ups and results, the other captain
confirms them (the results become the match's games) or disputes them (the arbiter decides)."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from actions.results import enter_result
from core import roles
from core.enums import AuditAction
from core.roles import Actor
from core.unit_of_work import RESULTS, Unit, change
from events.models import MatchCard, MatchCardBoard, MatchCardStatus
from events.queries.leagues import eligibility_facts
from players.models import Player
from rules.leagues import (
    OTHER_TEAM_IN_DIVISION,
    PLAYED_UP_TOO_OFTEN,
    RESERVE_DOWN,
    eligibility_refusal,
)
from rules.standings.tables import half_points
from tournaments.enums import TeamMatchOutcome
from tournaments.models import Game, Registration, Team, TeamMatch

#: The results a card may give a board (played games and board forfeits).
CARD_RESULTS = ("10", "==", "01", "+-", "-+", "--")
#: White's and Black's game points of each, in halves.
_HALVES = {"10": (2, 0), "==": (1, 1), "01": (0, 2), "+-": (2, 0), "-+": (0, 2), "--": (0, 0)}


def _user(actor: Actor) -> Any:
    """The account that acted (``None`` for the system)."""
    return actor if getattr(actor, "pk", None) is not None else None


def _load(match: TeamMatch) -> TeamMatch:
    return TeamMatch.objects.select_related(
        "round__tournament__division__season", "first", "second"
    ).get(pk=match.pk)


def _score(match: TeamMatch, boards: Sequence[MatchCardBoard]) -> str:
    """The card's score, the first team's points first: ``3½–2½``."""
    first = second = 0
    for board in boards:
        white, black = _HALVES[board.result]
        if board.board % 2 == 1:
            first, second = first + white, second + black
        else:
            first, second = first + black, second + white
    return f"{half_points(Fraction(first, 2))}–{half_points(Fraction(second, 2))}"


def _team_for_colour(match: TeamMatch, board: int, white: bool) -> Team:
    """The team whose player has ``white`` on ``board`` (the first team: White on odd)."""
    return match.first if (board % 2 == 1) == white else match.second


def _card_boards(match: TeamMatch, boards: Sequence[Mapping[str, Any]]) -> list[MatchCardBoard]:
    count = match.round.tournament.team_boards
    if len(boards) != count:
        raise ValidationError({"boards": _("The card has %(count)d boards.") % {"count": count}})
    rows, seen = [], set()
    for number, board in enumerate(boards, start=1):
        white, black, result = board.get("white"), board.get("black"), board.get("result")
        if result not in CARD_RESULTS:
            raise ValidationError(
                {f"result_{number}": _("Board %(board)d: choose a result.") % {"board": number}}
            )
        if white is None or black is None:
            raise ValidationError(
                {
                    f"white_{number}": _(
                        "Board %(board)d: name both players (a player who did not come loses "
                        "by forfeit)."
                    )
                    % {"board": number}
                }
            )
        for player in (white, black):
            if player.pk in seen:
                raise ValidationError(
                    {"boards": _("%(player)s plays on two boards.") % {"player": player}}
                )
            seen.add(player.pk)
        rows.append(MatchCardBoard(board=number, white=white, black=black, result=result))
    return rows


def _refusal_text(code: str, value: Any, player: Player, names: Mapping[int, str]) -> str:
    if code == OTHER_TEAM_IN_DIVISION:
        return _(
            "%(player)s plays for %(team)s in this division: a player plays for one team of a "
            "division in a season."
        ) % {"player": player, "team": names[value.id]}
    if code == RESERVE_DOWN:
        return _(
            "%(player)s is on the roster of %(team)s: a reserve plays for a higher team, not a "
            "lower one."
        ) % {"player": player, "team": names[value.id]}
    if code == PLAYED_UP_TOO_OFTEN:
        return _(
            "%(player)s has played %(count)d games for higher teams of the club: he may no "
            "longer play for a lower one."
        ) % {"player": player, "count": value}
    return _("%(player)s may not play for this team.") % {"player": player}


def check_eligibility(match: TeamMatch, rows: Sequence[MatchCardBoard]) -> None:
    """Refuse (``ValidationError``, nothing written) a card naming a player who may not play
    for his team in this match (``rules.leagues.eligibility_refusal``), or a player on no
    roster of his team's club this season."""
    division = match.round.tournament.division
    season = division.season
    players = {row.white_id: row.white for row in rows} | {row.black_id: row.black for row in rows}
    refs, facts = eligibility_facts(season, players, leave_out=match)
    names = dict(Team.objects.filter(pk__in=refs).values_list("pk", "name"))
    day = match.postponed_to or match.scheduled_date or match.round.date
    errors = []
    for row in rows:
        for player, white in ((row.white, True), (row.black, False)):
            team = _team_for_colour(match, row.board, white)
            ref, fact = refs[team.pk], facts[player.pk]
            if fact.nominated is None or fact.nominated.club != ref.club:
                errors.append(
                    _("%(player)s is on no roster of the club of %(team)s this season.")
                    % {"player": player, "team": team}
                )
                continue
            refusal = eligibility_refusal(
                team=ref,
                on=day,
                appearances=fact.appearances,
                nominated=fact.nominated,
                played_up_limit=division.played_up_limit,
            )
            if refusal is not None:
                errors.append(_refusal_text(refusal.code, refusal.value, player, names))
    if errors:
        raise ValidationError({"boards": errors})


def _captains_team(actor: Actor, match: TeamMatch) -> Team:
    player = roles.player_of(actor)
    if player is not None and match.second is not None and player.pk == match.second.captain_id:
        return match.second
    return match.first


def submit_match_card(
    *,
    actor: Actor,
    match: TeamMatch,
    boards: Sequence[Mapping[str, Any]],
    played_on: datetime.date | None = None,
) -> MatchCard:
    """A captain (or an arbiter) enters the card of a league match: per board, in order, the
    players with White and Black and the result (``10``, ``==``, ``01``, ``+-``, ``-+``,
    ``--``). Entering again replaces the captain's own card while it waits.

    Refused, nothing written: a match with a result or a card of the other captain's waiting;
    a wrong number of boards, a board without its two players or a result, a player on two
    boards; a player who may not play for his team (eligibility)."""
    tournament = match.round.tournament
    with change(
        actor=actor, role=roles.match_card_entrant_of(match), tournament=tournament
    ) as unit:
        current = _load(match)
        if (
            current.outcome != TeamMatchOutcome.PLAYED
            or Game.objects.filter(team_match=current).exclude(result="").exists()
        ):
            raise ValidationError(_("The match has a result already."))
        team = _captains_team(actor, current)
        existing = MatchCard.objects.filter(match=current).first()
        if existing is not None and (
            existing.status != MatchCardStatus.SUBMITTED or existing.team_id != team.pk
        ):
            raise ValidationError(
                _("The match has a card already: confirm or dispute it on your matches' page.")
            )
        rows = _card_boards(current, boards)
        check_eligibility(current, rows)
        if existing is not None:
            existing.delete()
        card = MatchCard.objects.create(
            match=current,
            team=team,
            entered_by=_user(actor),
            entered_at=timezone.now(),
            played_on=played_on
            or current.postponed_to
            or current.scheduled_date
            or timezone.localdate(),
        )
        for row in rows:
            row.card = card
        MatchCardBoard.objects.bulk_create(rows)
        score = _score(current, rows)
        unit.audit(
            AuditAction.MATCH_CARD_SUBMITTED,
            params={"match": str(current), "score": score},
            tournament=unit.tournament,
            after=_card_state(rows),
        )
    return card


def _card_state(rows: Sequence[MatchCardBoard]) -> dict[str, Any]:
    return {
        "boards": [[row.board, row.white_id, row.black_id, row.result] for row in rows],
    }


def _write_games(unit: Unit, match: TeamMatch, rows: Sequence[MatchCardBoard]) -> None:
    """The card's boards become the match's games with their results (rated as any game)."""
    count = unit.tournament.team_boards
    entered = set(
        Registration.objects.filter(
            tournament=unit.tournament, player__in=[p for r in rows for p in (r.white, r.black)]
        ).values_list("player_id", flat=True)
    )
    for row in rows:
        for player in (row.white, row.black):
            if player.pk not in entered:
                Registration.objects.create(tournament=unit.tournament, player=player)
                entered.add(player.pk)
    Game.objects.filter(team_match=match).delete()
    for row in rows:
        game = Game.objects.create(
            round=match.round,
            board=(match.number - 1) * count + row.board,
            white=row.white,
            black=row.black,
            team_match=match,
            team_board=row.board,
        )
        enter_result(unit, game, row.result)


def _decide(unit: Unit, card: MatchCard, status: str, actor: Actor) -> MatchCard:
    rows = list(card.boards.select_related("white", "black"))
    check_eligibility(card.match, rows)
    _write_games(unit, card.match, rows)
    card.status = status
    card.decided_by = _user(actor)
    card.decided_at = timezone.now()
    card.save(update_fields=["status", "decided_by", "decided_at"])
    action = (
        AuditAction.MATCH_CARD_CONFIRMED
        if status == MatchCardStatus.CONFIRMED
        else AuditAction.MATCH_CARD_DECIDED
    )
    unit.audit(
        action,
        params={"match": str(card.match), "score": _score(card.match, rows)},
        tournament=unit.tournament,
        after=_card_state(rows),
    )
    return card


def _card(card: MatchCard) -> MatchCard:
    return MatchCard.objects.select_related(
        "match__round__tournament__division__season", "match__first", "match__second"
    ).get(pk=card.pk)


def confirm_match_card(*, actor: Actor, card: MatchCard) -> MatchCard:
    """The other captain (or an arbiter) confirms a card: its results are written to the
    match's games (rated as any game) in one unit of work. Refused: the card is not waiting
    for a confirmation; a player on it may no longer play for his team."""
    card = _card(card)
    tournament = card.match.round.tournament
    with change(
        actor=actor,
        role=roles.card_decider_of(card),
        tournament=tournament,
        ratings=RESULTS,
    ) as unit:
        current = _card(card)
        if current.status != MatchCardStatus.SUBMITTED:
            raise ValidationError(_("This card is not waiting for a confirmation."))
        return _decide(unit, current, MatchCardStatus.CONFIRMED, actor)


def dispute_match_card(*, actor: Actor, card: MatchCard, reason: str) -> MatchCard:
    """The other captain disputes a card: the arbiter decides. Refused: no reason given; the
    card is not waiting for a confirmation."""
    reason = (reason or "").strip()
    card = _card(card)
    tournament = card.match.round.tournament
    with change(actor=actor, role=roles.card_decider_of(card), tournament=tournament) as unit:
        if not reason:
            raise ValidationError({"reason": _("Say what is wrong with the card.")})
        current = _card(card)
        if current.status != MatchCardStatus.SUBMITTED:
            raise ValidationError(_("This card is not waiting for a confirmation."))
        current.status = MatchCardStatus.DISPUTED
        current.dispute = reason
        current.save(update_fields=["status", "dispute"])
        unit.audit(
            AuditAction.MATCH_CARD_DISPUTED,
            params={"match": str(current.match)},
            tournament=unit.tournament,
            after={"reason": reason},
        )
    return current


def decide_match_card(
    *, actor: Actor, card: MatchCard, boards: Sequence[Mapping[str, Any]] | None = None
) -> MatchCard:
    """The arbiter decides a disputed card: as it stands, or with the boards corrected
    (``boards`` as :func:`submit_match_card` takes them); the results are written to the
    match's games. Refused: the card is not disputed; the corrected boards as a card's."""
    card = _card(card)
    tournament = card.match.round.tournament
    with change(
        actor=actor, role=roles.arbiter_of(tournament), tournament=tournament, ratings=RESULTS
    ) as unit:
        current = _card(card)
        if current.status != MatchCardStatus.DISPUTED:
            raise ValidationError(_("This card is not disputed."))
        if boards is not None:
            rows = _card_boards(current.match, boards)
            current.boards.all().delete()
            for row in rows:
                row.card = current
            MatchCardBoard.objects.bulk_create(rows)
        return _decide(unit, current, MatchCardStatus.DECIDED, actor)
