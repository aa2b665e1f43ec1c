"""Write services for tournaments: registrations, games and results.

Every function here is a use case: keyword-only arguments, one ``transaction.atomic()``,
cheap checks first, then a row lock on the tournament's rating list (``select_for_update``;
the tournament row itself for an unrated tournament), then the write and, when ratings can
change, the replay of the rating list from the period of the tournament
(:func:`ratings.services.replay_rating_list` semantics). A refused input raises
``django.core.exceptions.ValidationError`` with messages keyed by field name and leaves the
database unchanged.

Signatures (stable; the admin and the seed command call these):

    register_player(*, tournament, player, pairing_number=None, rating_at_start=None)
        -> Registration   # late entries: TPNs re-ranked per C.04.2 until round 4 is paired
    add_game(*, round, board, white, black=None, result="", user=None) -> Game
    record_result(*, game, result, user=None, correction=False) -> Game
        # refused in a draft round; a second result only with correction=True
    delete_game(*, game, user=None) -> None
    update_tournament(*, tournament, **changes) -> Tournament  # dates / rating list: replays

Organiser flow (pairing):

    assign_pairing_numbers(*, tournament) -> list[Registration]  # C.04.2 / RR seeding
    pair_next_round(*, tournament, user=None) -> Round            # draft round, games
        # round robin: Berger table; Swiss: tournaments.queries.pairing_state -> dutch
    discard_pairings(*, round, user=None) -> None                 # draft rounds only
    swap_boards(*, game, other, user=None) -> list[str]           # swaps two boards' pairs
    edit_board(*, game, white, black=None, user=None) -> list[str]  # warnings
    publish_round(*, round, user=None) -> Round
    withdraw_player(*, registration, after_round, user=None) -> Registration
    request_bye(*, registration, round_number, kind, user=None) -> RequestedBye
    cancel_bye(*, registration, round_number, user=None) -> None
    add_forbidden_pair(*, tournament, player_a, player_b, user=None) -> ForbiddenPair

Read side: ``tournaments.queries.pairing_state(tournament, round_number) -> TournamentState``
(TPN = pairing number) and ``round_is_complete(round) -> bool``.

``user`` is accepted for the audit trail (not stored yet).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from players.models import Player
from ratings.models import RatingList
from ratings.services import lock_rating_list, replay_locked
from tournaments.enums import BYE_RESULTS, GAME_RESULTS, RATED_RESULTS
from tournaments.models import Game, Registration, Round, Tournament

_GAME_CODES = frozenset(str(code) for code in GAME_RESULTS)
_BYE_CODES = frozenset(str(code) for code in BYE_RESULTS)
_RATED_CODES = frozenset(str(code) for code in RATED_RESULTS)
_TOURNAMENT_FIELDS = frozenset(
    {
        "name",
        "slug",
        "club",
        "rating_list",
        "city",
        "start_date",
        "end_date",
        "rounds_planned",
        "pairing_system",
        "points_win",
        "points_draw",
        "points_loss",
        "points_forfeit_win",
        "points_pab",
        "points_half_bye",
        "initial_colour",
        "drawn_colour",
        "accelerated",
        "seeding",
        "tiebreaks",
    }
)


def _check_result(result: Any, *, bye: bool) -> dict[str, str]:
    """Errors for a result code (empty means "no result yet")."""
    if result == "":
        return {}
    if not isinstance(result, str) or result not in (_GAME_CODES | _BYE_CODES):
        return {"result": _("Unknown result code “%(code)s”.") % {"code": result}}
    if bye and result not in _BYE_CODES:
        return {"result": _("A bye needs a bye result (F, H, U or Z).")}
    if not bye and result not in _GAME_CODES:
        return {"result": _("A bye result cannot be given to a game between two players.")}
    return {}


def _lock(tournament: Tournament) -> RatingList | None:
    """Lock the tournament's rating list (or the tournament, if unrated)."""
    if tournament.rating_list_id is not None:
        return lock_rating_list(tournament.rating_list)
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    return None


def _registered(tournament: Tournament, players: list[Player]) -> set[int]:
    return set(
        Registration.objects.filter(
            tournament=tournament, player__in=[p.pk for p in players]
        ).values_list("player_id", flat=True)
    )


def register_player(
    *, tournament: Tournament, player: Player, pairing_number: int | None = None
) -> Registration:
    """Enter ``player`` in ``tournament``.

    Refused: the player is already entered; the pairing number is not a positive whole number
    or is taken.
    """
    if pairing_number is not None and (
        isinstance(pairing_number, bool)
        or not isinstance(pairing_number, int)
        or pairing_number < 1
    ):
        raise ValidationError(
            {"pairing_number": _("The pairing number must be a whole number from 1.")}
        )
    with transaction.atomic():
        _lock(tournament)
        if Registration.objects.filter(tournament=tournament, player=player).exists():
            raise ValidationError(
                {
                    "player": _("%(player)s is already entered in this tournament.")
                    % {"player": player}
                }
            )
        if (
            pairing_number is not None
            and Registration.objects.filter(
                tournament=tournament, pairing_number=pairing_number
            ).exists()
        ):
            raise ValidationError(
                {
                    "pairing_number": _("Pairing number %(number)d is already taken.")
                    % {"number": pairing_number}
                }
            )
        return Registration.objects.create(
            tournament=tournament, player=player, pairing_number=pairing_number
        )


def add_game(
    *,
    round: Round,
    board: int,
    white: Player,
    black: Player | None = None,
    result: str = "",
    user: Any = None,
) -> Game:
    """Add a board (or a bye when ``black`` is None) to ``round``, with an optional result.

    Refused: the same player on both sides; a player not entered in the tournament; a board
    number below 1 or already used in the round; a player who already has a game in the
    round; an unknown result code (or a bye code for a game, a game code for a bye). A rated
    result replays the tournament's rating list.
    """
    errors: dict[str, str] = {}
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        errors["board"] = _("The board number must be a whole number from 1.")
    if black is not None and black.pk == white.pk:
        errors["black"] = _("A player cannot play against themselves.")
    errors.update(_check_result(result, bye=black is None))
    if errors:
        raise ValidationError(errors)
    tournament = round.tournament
    players = [white] if black is None else [white, black]
    with transaction.atomic():
        locked = _lock(tournament)
        entered = _registered(tournament, players)
        for field, player in (("white", white), ("black", black)):
            if player is not None and player.pk not in entered:
                errors[field] = _("%(player)s is not entered in this tournament.") % {
                    "player": player
                }
        if Game.objects.filter(round=round, board=board).exists():
            errors["board"] = _("Board %(board)d of this round already has a game.") % {
                "board": board
            }
        busy = set(Game.objects.filter(round=round).values_list("white_id", flat=True)) | set(
            Game.objects.filter(round=round).values_list("black_id", flat=True)
        )
        for field, player in (("white", white), ("black", black)):
            if player is not None and player.pk in busy and field not in errors:
                errors[field] = _("%(player)s already has a game in this round.") % {
                    "player": player
                }
        if errors:
            raise ValidationError(errors)
        game = Game.objects.create(
            round=round, board=board, white=white, black=black, result=result
        )
        if locked is not None and result in _RATED_CODES:
            replay_locked(locked, from_date=tournament.end_date)
    return game


def record_result(*, game: Game, result: str, user: Any = None) -> Game:
    """Enter or correct the result of ``game`` (``""`` clears it) and replay its rating list.

    A correction in a period whose list is already published re-derives that list and every
    later one. Refused: an unknown result code, a bye code for a game (or the reverse), a
    player no longer entered in the tournament.
    """
    errors = _check_result(result, bye=game.black_id is None)
    if errors:
        raise ValidationError(errors)
    tournament = game.round.tournament
    with transaction.atomic():
        locked = _lock(tournament)
        current = Game.objects.select_for_update().get(pk=game.pk)
        players = [current.white] if current.black is None else [current.white, current.black]
        entered = _registered(tournament, players)
        for field, player in zip(("white", "black"), players, strict=False):
            if player.pk not in entered:
                errors[field] = _("%(player)s is not entered in this tournament.") % {
                    "player": player
                }
        if errors:
            raise ValidationError(errors)
        previous = current.result
        if previous != result:
            current.result = result
            current.save(update_fields=["result"])
            if locked is not None and (previous in _RATED_CODES or result in _RATED_CODES):
                replay_locked(locked, from_date=tournament.end_date)
    game.result = result
    return current


def delete_game(*, game: Game, user: Any = None) -> None:
    """Delete ``game``; a rated game replays its rating list."""
    tournament = game.round.tournament
    with transaction.atomic():
        locked = _lock(tournament)
        current = Game.objects.select_for_update().filter(pk=game.pk).first()
        if current is None:
            return
        rated = current.result in _RATED_CODES
        current.delete()
        if locked is not None and rated:
            replay_locked(locked, from_date=tournament.end_date)


def update_tournament(*, tournament: Tournament, **changes: Any) -> Tournament:
    """Change a tournament's fields and replay the rating lists whose ratings change.

    Changing the dates or the rating list of a tournament with rated games replays the old
    and the new list from the earlier of the old and new periods. Refused: unknown fields,
    an end date before the start date, and anything ``full_clean`` refuses.
    """
    unknown = sorted(set(changes) - _TOURNAMENT_FIELDS)
    if unknown:
        raise ValidationError({name: _("This field cannot be changed here.") for name in unknown})
    with transaction.atomic():
        current = Tournament.objects.get(pk=tournament.pk)
        old_list_id, old_end = current.rating_list_id, current.end_date
        for name, value in changes.items():
            setattr(current, name, value)
        if current.end_date < current.start_date:
            raise ValidationError({"end_date": _("The end date cannot be before the start date.")})
        current.full_clean()
        list_ids = sorted({i for i in (old_list_id, current.rating_list_id) if i is not None})
        locked = {
            pk: lock_rating_list(RatingList(pk=pk)) for pk in list_ids
        }  # in pk order: no deadlocks
        Tournament.objects.select_for_update().filter(pk=current.pk).first()
        current.save()
        rated_games = Game.objects.filter(
            round__tournament=current, result__in=list(_RATED_CODES)
        ).exists()
        if rated_games:
            start: datetime.date = min(old_end, current.end_date)
            for rating_list in locked.values():
                replay_locked(rating_list, from_date=start)
    for name, value in changes.items():
        setattr(tournament, name, value)
    return current


# --- Organiser flow (stubs: implemented below as the work lands) -------------------------


def assign_pairing_numbers(*, tournament: Tournament, user: Any = None) -> list[Registration]:
    raise NotImplementedError


def pair_next_round(*, tournament: Tournament, user: Any = None) -> Round:
    raise NotImplementedError


def discard_pairings(*, round: Round, user: Any = None) -> None:
    raise NotImplementedError


def swap_boards(*, game: Game, other: Game, user: Any = None) -> list[str]:
    raise NotImplementedError


def edit_board(
    *, game: Game, white: Player, black: Player | None = None, user: Any = None
) -> list[str]:
    raise NotImplementedError


def publish_round(*, round: Round, user: Any = None) -> Round:
    raise NotImplementedError


def withdraw_player(
    *, registration: Registration, after_round: int, user: Any = None
) -> Registration:
    raise NotImplementedError


def request_bye(
    *, registration: Registration, round_number: int, kind: str, user: Any = None
) -> Any:
    raise NotImplementedError


def cancel_bye(*, registration: Registration, round_number: int, user: Any = None) -> None:
    raise NotImplementedError


def add_forbidden_pair(
    *, tournament: Tournament, player_a: Player, player_b: Player, user: Any = None
) -> Any:
    raise NotImplementedError
