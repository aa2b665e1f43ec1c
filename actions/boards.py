"""Boards of a round: adding and deleting games by hand, swapping and editing draft boards.

    add_game(*, actor, round, board, white, black=None, result="") -> Game
    check_game(*, round, board, white, black=None, result="")   # add_game's refusals, no write
    delete_game(*, actor, game) -> None
    swap_boards(*, actor, game, other, expected_version=None) -> list[str]
    edit_board(*, actor, game, white, black=None, expected_version=None) -> list[str]

A form that changes a draft round carries the round's fingerprint
(:func:`tournaments.queries.rounds.round_version`); when somebody changed the round
meanwhile the action raises :class:`BoardChanged` and writes nothing.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from core import roles
from core.enums import AuditAction
from core.roles import Actor
from core.unit_of_work import RESULTS, ChangedMeanwhile, Unit, change
from players.models import Player
from rules import scoring
from rules.pairing import mcmahon
from tournaments.enums import RATED_RESULTS, RoundStatus
from tournaments.models import Game, Registration, Round, Tournament
from tournaments.queries.pairing import pairing_state, registration_rank, tournament_bar
from tournaments.queries.rounds import round_version
from tournaments.why import engine_check, manual_warnings

RATED_CODES = frozenset(str(code) for code in RATED_RESULTS)


class BoardChanged(ChangedMeanwhile):
    """Somebody changed the board (or the round's pairings) since the form was shown."""

    def __init__(self) -> None:
        super().__init__(
            _("This board was changed meanwhile — reload the page and check it again.")
        )


def check_result(result: Any, *, bye: bool) -> dict[str, str]:
    """Errors for a result code (empty means "no result yet")."""
    if result == "":
        return {}
    if not isinstance(result, str) or (
        result not in scoring.GAME_RESULTS and result not in scoring.BYE_RESULTS
    ):
        return {"result": _("Unknown result code “%(code)s”.") % {"code": result}}
    if bye and result not in scoring.BYE_RESULTS:
        return {"result": _("A bye needs a bye result (F, H, U or Z).")}
    if not bye and result not in scoring.GAME_RESULTS:
        return {"result": _("A bye result cannot be given to a game between two players.")}
    return {}


def entered(tournament: Tournament, players: list[Player]) -> set[int]:
    """The ids of ``players`` entered in ``tournament``."""
    return set(
        Registration.objects.filter(
            tournament=tournament, player__in=[p.pk for p in players]
        ).values_list("player_id", flat=True)
    )


def game_state(game: Game, round_number: int) -> dict[str, Any]:
    """A game as the audit trail keeps it."""
    return {
        "game": game.pk,
        "round": round_number,
        "board": game.board,
        "white": game.white_id,
        "black": game.black_id,
        "result": game.result,
    }


def describe(game: Game, round_number: int) -> dict[str, Any]:
    """A game as its history entry tells it: round, board, the names as they are, the result
    (``core.history``)."""
    return {
        "round": round_number,
        "board": game.board,
        "white": game.white.name,
        "black": game.black.name if game.black_id is not None else None,
        "result": game.result,
    }


def boards_state(round_: Round) -> list[list[Any]]:
    """[board, white id, black id, result] of every game of ``round_``, by board."""
    return [
        list(row)
        for row in Game.objects.filter(round=round_)
        .order_by("board")
        .values_list("board", "white_id", "black_id", "result")
    ]


def add_game(
    *,
    actor: Actor,
    round: Round,
    board: int,
    white: Player,
    black: Player | None = None,
    result: str = "",
) -> Game:
    """Add a board (or a bye when ``black`` is None) to ``round``, with an optional result.

    Refused: the same player on both sides; a player not entered in the tournament; a board
    number below 1 or already used in the round; a player who already has a game in the
    round; an unknown result code (or a bye code for a game, a game code for a bye). A rated
    result replays the tournament's rating list.
    """
    _check_input(board, white, black, result)
    tournament = round.tournament
    players = [white] if black is None else [white, black]
    with change(
        actor=actor, role=roles.arbiter_of(tournament), tournament=tournament, ratings=RESULTS
    ) as unit:
        _check_place(round, board, white, black)
        game = Game.objects.create(
            round=round, board=board, white=white, black=black, result=result
        )
        if result in RATED_CODES:
            unit.replay(
                unit.rating_list,
                from_date=unit.tournament.end_date,
                players=[player.pk for player in players],
                tournaments=(unit.tournament.pk,),
            )
        unit.audit(
            AuditAction.GAME_ADDED,
            params=describe(game, round.number),
            tournament=unit.tournament,
            player=white,
            other_player=black,
            after=game_state(game, round.number),
        )
    return game


def check_game(
    *, round: Round, board: int, white: Player, black: Player | None = None, result: str = ""
) -> None:
    """Refuse (``ValidationError``, nothing written) the game :func:`add_game` would refuse,
    as the round stands now (``add_game`` checks it again under the tournament's lock)."""
    _check_input(board, white, black, result)
    _check_place(round, board, white, black)


def _check_input(board: Any, white: Player, black: Player | None, result: Any) -> None:
    errors: dict[str, str] = {}
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        errors["board"] = _("The board number must be a whole number from 1.")
    if black is not None and black.pk == white.pk:
        errors["black"] = _("A player cannot play against themselves.")
    errors.update(check_result(result, bye=black is None))
    if errors:
        raise ValidationError(errors)


def _check_place(round: Round, board: int, white: Player, black: Player | None) -> None:
    """The players entered, the board free, neither player at another board of the round."""
    errors: dict[str, str] = {}
    present = entered(round.tournament, [white] if black is None else [white, black])
    for field, player in (("white", white), ("black", black)):
        if player is not None and player.pk not in present:
            errors[field] = _("%(player)s is not entered in this tournament.") % {"player": player}
    if Game.objects.filter(round=round, board=board).exists():
        errors["board"] = _("Board %(board)d of this round already has a game.") % {"board": board}
    busy = set(Game.objects.filter(round=round).values_list("white_id", flat=True)) | set(
        Game.objects.filter(round=round).values_list("black_id", flat=True)
    )
    for field, player in (("white", white), ("black", black)):
        if player is not None and player.pk in busy and field not in errors:
            errors[field] = _("%(player)s already has a game in this round.") % {"player": player}
    if errors:
        raise ValidationError(errors)


def delete_game(*, actor: Actor, game: Game) -> None:
    """Delete ``game``; a rated game replays its rating list. Deleting a deleted game does
    nothing."""
    tournament = game.round.tournament
    with change(
        actor=actor, role=roles.arbiter_of(tournament), tournament=tournament, ratings=RESULTS
    ) as unit:
        current = Game.objects.select_related("round", "white", "black").filter(pk=game.pk).first()
        if current is None:
            return
        number = current.round.number
        before = game_state(current, number)
        params = describe(current, number)
        white, black = current.white, current.black
        rated = current.result in RATED_CODES
        current.delete()
        if rated:
            unit.replay(
                unit.rating_list,
                from_date=unit.tournament.end_date,
                players=[player.pk for player in (white, black) if player is not None],
                tournaments=(unit.tournament.pk,),
            )
        unit.audit(
            AuditAction.GAME_DELETED,
            params=params,
            tournament=unit.tournament,
            player=white,
            other_player=black,
            before=before,
        )


def draft_round(round_: Round) -> Round:
    """``round_`` fresh from the database; refused unless it is a draft."""
    current = Round.objects.get(pk=round_.pk)
    if current.status != RoundStatus.DRAFT:
        raise ValidationError(
            _("Round %(round)d is published: its pairings cannot change.")
            % {"round": current.number}
        )
    return current


def _check_version(round_: Round, expected_version: str | None) -> None:
    if expected_version is not None and round_version(round_) != expected_version:
        raise BoardChanged()


def swap_boards(
    *, actor: Actor, game: Game, other: Game, expected_version: str | None = None
) -> list[str]:
    """Exchange the board numbers of two games of a draft round (the pairings stay).

    ``expected_version``: :func:`~tournaments.queries.rounds.round_version` of the round
    when the form was shown; :class:`BoardChanged` if the round has changed since (a swap
    submitted twice is refused instead of swapping back).
    """
    if game.round_id != other.round_id:
        raise ValidationError(_("Both boards must belong to the same round."))
    if game.pk == other.pk:
        return []
    tournament = game.round.tournament
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        round_ = draft_round(game.round)
        _check_version(round_, expected_version)
        first = Game.objects.get(pk=game.pk)
        second = Game.objects.get(pk=other.pk)
        first_board, second_board = first.board, second.board
        Game.objects.filter(pk=first.pk).update(board=0)
        Game.objects.filter(pk=second.pk).update(board=first_board)
        Game.objects.filter(pk=first.pk).update(board=second_board)
        unit.audit(
            AuditAction.BOARDS_SWAPPED,
            params={"round": round_.number, "first": first_board, "second": second_board},
            tournament=unit.tournament,
            before={"games": {first.pk: first_board, second.pk: second_board}},
            after={"games": {first.pk: second_board, second.pk: first_board}},
        )
    return []


def edit_board(
    *,
    actor: Actor,
    game: Game,
    white: Player,
    black: Player | None = None,
    expected_version: str | None = None,
) -> list[str]:
    """Put ``white`` and ``black`` on ``game``'s board of a draft round.

    A player taken from another board (or from the pairing-allocated bye) changes places with
    the player they replace, so everybody stays paired exactly once. Go: the handicap of every
    changed board is set again from the grades. Returns warnings (same absolute colour
    preference, a requested bye ignored).

    Refused: a published round; a requested or withdrawal bye board; making a game a bye or a
    bye a game; a player who is withdrawn or not in this round's pairings; a rematch; a
    forbidden pair; a second pairing-allocated bye (or one after a forfeit win / full-point bye).

    A board that already has exactly these players is left alone (a form submitted twice);
    otherwise ``expected_version`` (the round's :func:`round_version` when the form was
    shown) must still be current, else :class:`BoardChanged`.
    """
    if black is not None and black.pk == white.pk:
        raise ValidationError({"black": _("A player cannot play against themselves.")})
    tournament = game.round.tournament
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        return _edit_board(unit, game, white, black, expected_version)


def _edit_board(
    unit: Unit, game: Game, white: Player, black: Player | None, expected_version: str | None
) -> list[str]:
    tournament = unit.tournament
    round_ = draft_round(game.round)
    games = {g.pk: g for g in Game.objects.filter(round=round_)}
    target = games[game.pk]
    if (target.white_id, target.black_id) == (white.pk, None if black is None else black.pk):
        return []
    _check_version(round_, expected_version)
    if (black is None) != (target.black_id is None):
        raise ValidationError(_("A game cannot become a bye, nor a bye a game, by hand."))
    if target.black_id is None and target.result != "U":
        raise ValidationError(_("Requested and withdrawal byes are changed on the player."))
    registrations = {
        r.player_id: r
        for r in Registration.objects.filter(tournament=tournament).select_related("player")
    }
    _check_players(registrations, round_, (white, black))
    slots = _slots(games)
    wanted = {(target.pk, "white"): white.pk}
    if black is not None:
        wanted[(target.pk, "black")] = black.pk
    for slot, player_id in wanted.items():
        displaced = slots[slot]
        if displaced == player_id:
            continue
        source = next((s for s, p in slots.items() if p == player_id), None)
        if source is None:
            raise ValidationError(
                _("%(player)s is not in this round's pairings (requested bye?).")
                % {"player": registrations[player_id].player}
            )
        slots[source], slots[slot] = displaced, player_id
    changed = {pk for (pk, side), p in slots.items() if getattr(games[pk], f"{side}_id") != p}
    for pk in changed:
        games[pk].white_id = slots[(pk, "white")]
        if games[pk].black_id is not None:
            games[pk].black_id = slots[(pk, "black")]
    warnings = _check_boards(
        tournament, round_, registrations, [games[pk] for pk in sorted(changed)]
    )
    before = boards_state(round_)
    for pk in sorted(changed):
        Game.objects.filter(pk=pk).update(
            white_id=games[pk].white_id,
            black_id=games[pk].black_id,
            handicap=_stones(tournament, registrations, games[pk]),
        )
    check = engine_check(round_, registrations, list(games.values())) if changed else None
    if check is not None:
        names = {r.pairing_number: r.player.name for r in registrations.values()}
        warnings = [*warnings, *manual_warnings(check, names)]
    if changed:
        after: dict[str, Any] = {"round": round_.number, "boards": boards_state(round_)}
        if check is not None:
            after["engine_check"] = check
        unit.audit(
            AuditAction.BOARD_EDITED,
            params={
                "round": round_.number,
                "board": target.board,
                "white": white.name,
                "black": black.name if black is not None else None,
            },
            tournament=tournament,
            player=white,
            other_player=black,
            before={"round": round_.number, "boards": before},
            after=after,
        )
    return warnings


def _check_players(
    registrations: dict[int, Registration], round_: Round, players: tuple[Player | None, ...]
) -> None:
    for player in players:
        if player is None:
            continue
        registration = registrations.get(player.pk)
        if registration is None:
            raise ValidationError(
                _("%(player)s is not entered in this tournament.") % {"player": player}
            )
        if not registration.plays_in(round_.number):
            raise ValidationError(
                _("%(player)s has withdrawn and cannot be paired.") % {"player": player}
            )


def _slots(games: dict[int, Game]) -> dict[tuple[int, str], int]:
    """Who sits where: (game, side) -> player id, for games and the pairing-allocated bye."""
    slots = {}
    for g in games.values():
        if g.black_id is None and g.result != "U":
            continue
        slots[(g.pk, "white")] = g.white_id
        if g.black_id is not None:
            slots[(g.pk, "black")] = g.black_id
    return slots


def _stones(tournament: Tournament, registrations: dict[int, Registration], game: Game) -> int:
    """Handicap stones for a board edited by hand: go formats by the tournament's policy
    (from the two grades, whoever sits where), 0 otherwise."""
    if not tournament.is_go or game.black_id is None:
        return 0
    ranks = [
        registration_rank(tournament, registrations[pid]) for pid in (game.white_id, game.black_id)
    ]
    if None in ranks:
        return 0
    scored = tournament.has_mcmahon_score
    return mcmahon.handicap(
        ranks[0],
        ranks[1],
        policy=tournament.handicap_policy,
        cap=tournament.handicap_cap,
        top_bar=tournament_bar(tournament.top_bar) if scored else None,
        floor_bar=tournament_bar(tournament.floor_bar) if scored else None,
    )


def _check_boards(
    tournament: Tournament,
    round_: Round,
    registrations: dict[int, Registration],
    changed: list[Game],
) -> list[str]:
    """Refuse broken absolute criteria of changed boards; return warnings."""
    state = pairing_state(tournament, round_.number)
    by_tpn = {p.tpn: p for p in state.players}
    tpn = {pid: r.pairing_number for pid, r in registrations.items()}
    names = {pid: r.player.name for pid, r in registrations.items()}
    warnings: list[str] = []
    for game in changed:
        white = by_tpn[tpn[game.white_id]]
        if game.black_id is None:
            if any(r.result in {"U", "+", "F"} for r in white.history):
                raise ValidationError(
                    _("%(player)s has already had a bye or a forfeit win.")
                    % {"player": names[game.white_id]}
                )
            continue
        black = by_tpn[tpn[game.black_id]]
        pair_names = {"white": names[game.white_id], "black": names[game.black_id]}
        if any(r.played and r.opponent == black.tpn for r in white.history):
            raise ValidationError(
                _("%(white)s and %(black)s have already played each other.") % pair_names
            )
        if frozenset((white.tpn, black.tpn)) in state.forbidden_pairs:
            raise ValidationError(
                _("%(white)s and %(black)s must not be paired (forbidden pair).") % pair_names
            )
        if tournament.uses_mcmahon_engine:
            continue  # go/shogi: no absolute colour preference (handicaps, furigoma)
        for player, side in ((white, "w"), (black, "b")):
            if _absolute_preference(player) == ("b" if side == "w" else "w"):
                warnings.append(
                    _("%(player)s must not get this colour (absolute colour preference).")
                    % {"player": names[game.white_id if side == "w" else game.black_id]}
                )
    return warnings


def _absolute_preference(player: Any) -> str | None:
    """The colour a player must get (C.04.1: colour difference ±2, or two in a row)."""
    colours = [r.colour for r in player.history if r.played and r.colour]
    difference = colours.count("w") - colours.count("b")
    if difference >= 2 or colours[-2:] == ["w", "w"]:
        return "b"
    if difference <= -2 or colours[-2:] == ["b", "b"]:
        return "w"
    return None
