"""Knockout cups: the games of a bracket round and the tie-break games of a tied match.

    round_games(tournament, registrations, number) -> list[Game]   # unsaved, of a new round
    add_tiebreak_games(unit, game) -> list[Game]       # after a result: a tied match goes on
    game_lists(round) -> list[int]                     # the tie-break lists of a round's games
    swap_armageddon_colours(*, actor, game) -> Game    # the higher seed's choice of colour
    tiebreak_list(tournament, stage) -> RatingList | None   # where a tie-break game is rated

Steps of :func:`actions.rounds.pair_next_round` and :func:`actions.results.enter_result`,
run in their unit. The rules are pure (:mod:`rules.pairing.knockout`); the bracket is read by
:mod:`tournaments.queries.knockout`.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db.models import Max
from django.utils.translation import gettext as _

from actions.boards import game_state
from actions.tournaments import refuse_if_finished
from core import roles
from core.enums import AuditAction
from core.roles import Actor
from core.unit_of_work import Unit, change
from ratings.models import RatingList
from rules.pairing import knockout
from tournaments.enums import TIEBREAK_LISTS, GameStage, Result
from tournaments.models import Game, Registration, Round, Tournament
from tournaments.queries.knockout import match_of, match_rules, round_matches


def game_lists(round_: Round) -> list[int]:
    """The lists other than the tournament's that games of ``round_`` are rated in (a
    knockout's rapid and blitz tie-break games): to lock and replay when the round's games
    change."""
    return sorted(
        set(
            Game.objects.filter(round=round_, rating_list__isnull=False).values_list(
                "rating_list_id", flat=True
            )
        )
    )


def tiebreak_list(tournament: Tournament, stage: str) -> RatingList | None:
    """The list a game of ``stage`` is rated in: ``None`` for a classical game (the
    tournament's own list) and for an unrated tournament; for rapid, blitz and armageddon
    games the list of that time control of the tournament's game and rating system (the
    first by position), ``None`` (not rated) if there is none."""
    if stage == GameStage.CLASSICAL or tournament.rating_list_id is None:
        return None
    own = tournament.rating_list
    return (
        RatingList.objects.filter(
            game=own.game, system=own.system, time_control=TIEBREAK_LISTS[stage]
        )
        .order_by("position", "pk")
        .first()
    )


def round_games(
    tournament: Tournament, registrations: list[Registration], number: int
) -> list[Game]:
    """The games of bracket round ``number`` (unsaved, ``round`` unset): round 1 from the
    seeds (pairing numbers), a later round from the winners of the previous one. Each match
    gets its classical games, the higher seed White in game 1; a bye is a game without Black
    with the pairing-allocated bye ``U``. Refused: a match of the previous round undecided."""
    by_seed = {r.pairing_number: r.player for r in registrations}
    if number == 1:
        pairs: list[tuple[int, int | None]] = list(knockout.first_round(len(registrations)))
    else:
        previous = Round.objects.get(tournament=tournament, number=number - 1)
        matches = round_matches(previous)
        open_ = [m.number for m in matches if m.winner is None]
        if open_:
            raise ValidationError(
                _("Round %(round)d has matches still undecided: %(matches)s.")
                % {"round": previous.number, "matches": ", ".join(map(str, open_))}
            )
        winners = [m.high_seed if m.winner == m.high else (m.low_seed or 0) for m in matches]
        pairs = list(knockout.next_round(winners))
    rules = match_rules(tournament)
    games: list[Game] = []
    for match, (high, low) in enumerate(pairs, start=1):
        if low is None:
            games.append(
                Game(
                    board=len(games) + 1,
                    white=by_seed[high],
                    result=Result.PAIRING_BYE,
                    match=match,
                    match_game=1,
                )
            )
            continue
        for index, (stage, white, black) in enumerate(
            knockout.match_games(high, low, rules), start=1
        ):
            games.append(
                Game(
                    board=len(games) + 1,
                    white=by_seed[white],
                    black=by_seed[black],
                    match=match,
                    match_game=index,
                    stage=stage,
                )
            )
    return games


def add_tiebreak_games(unit: Unit, game: Game) -> list[Game]:
    """After a result of ``game``: when every game of its match has a result and the match is
    level, add the next tie-break games (a rapid or blitz pair, or the armageddon), each in
    the list of its time control. Nothing when the match is decided or still being played."""
    if game.match is None or game.black_id is None:
        return []
    match = match_of(game)
    if match.status is None or not match.status.next_games or not match.games:
        return []
    round_ = game.round
    board = Game.objects.filter(round=round_).aggregate(top=Max("board"))["top"] or 0
    number = max(g.match_game or 0 for g in match.games)
    players = {match.high.pk: match.high, match.low.pk: match.low}
    added = []
    for offset, (stage, white, black) in enumerate(match.status.next_games, start=1):
        added.append(
            Game.objects.create(
                round=round_,
                board=board + offset,
                white=players[white],
                black=players[black],
                match=game.match,
                match_game=number + offset,
                stage=stage,
                rating_list=tiebreak_list(unit.tournament, stage),
            )
        )
    return added


def swap_armageddon_colours(*, actor: Actor, game: Game) -> Game:
    """The higher seed chooses the armageddon's colour: the game is created with the higher
    seed as White; this swaps its players while it has no result (a board edited, in the
    history). Refused: a game that is not an armageddon, one with a result, a finished
    tournament."""
    tournament = game.round.tournament
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        refuse_if_finished(unit.tournament)
        current = Game.objects.select_related("round", "white", "black").get(pk=game.pk)
        if current.stage != GameStage.ARMAGEDDON or current.black is None:
            raise ValidationError(_("Only an armageddon game's colours are chosen this way."))
        if current.result:
            raise ValidationError(_("The armageddon has a result: its colours cannot change."))
        number = current.round.number
        before = game_state(current, number)
        current.white, current.black = current.black, current.white
        current.save(update_fields=["white", "black"])
        unit.audit(
            AuditAction.BOARD_EDITED,
            params={
                "round": number,
                "board": current.board,
                "white": current.white.name,
                "black": current.black.name,
            },
            tournament=unit.tournament,
            player=current.white,
            other_player=current.black,
            before=before,
            after=game_state(current, number),
        )
    return current
