"""Write services for tournaments: registrations, games and results.

Every function here is a use case: keyword-only arguments, one ``transaction.atomic()``,
cheap checks first, then row locks (``select_for_update``), then the write and, when ratings
can change, the replay of the rating list from the period of the tournament
(:func:`ratings.services.replay_rating_list` semantics). A refused input raises
``django.core.exceptions.ValidationError`` with messages keyed by field name and leaves the
database unchanged.

Lock order (every service of every app takes its locks in this order, so two transactions
never wait for each other in a cycle): rating lists (by primary key), then the tournament
row, then round and game rows. Services that change games of a rated tournament lock its
rating list first; all of them lock the tournament row. Two writers of one tournament (or
of one rating list) therefore run one after the other; no serialization failure can occur
(PostgreSQL's default READ COMMITTED level, each statement after the lock sees the other's
committed rows).

Optimistic checks (two people on one board): a form carries what it was based on, the
service compares it under the lock and raises :class:`BoardChanged` ("changed meanwhile,
reload") when somebody else changed it first. Repeating a change that is already in place
(a form submitted twice) is a no-op, not an error.

Signatures (stable; the admin and the seed command call these):

    register_player(*, tournament, player, pairing_number=None, rating_at_start=None,
        user=None) -> Registration  # late entries: TPNs re-ranked (C.04.2) until round 4
    add_game(*, round, board, white, black=None, result="", user=None) -> Game
    record_result(*, game, result, user=None, correction=False, expected_result=None) -> Game
        # refused in a draft round; a second result only with correction=True;
        # expected_result: the result the form showed (BoardChanged if it is not current)
    delete_game(*, game, user=None) -> None
    update_tournament(*, tournament, user=None, **changes) -> Tournament
        # dates / rating list: replays
    create_tournament(*, name, start_date, end_date, slug="", user=None, **settings)
        -> Tournament     # slug from the name when empty
    add_round(*, tournament, date=None, user=None) -> Round  # manual tournaments: published

Organiser flow (pairing):

    assign_pairing_numbers(*, tournament) -> list[Registration]  # C.04.2 / RR seeding
    pair_next_round(*, tournament, user=None, number=None) -> Round  # draft round, games
        # number: the round the form meant to pair (the same round if it exists already)
        # round robin: Berger table; Swiss: pairing_queries.pairing_state -> dutch
    discard_pairings(*, round, user=None) -> None                 # draft rounds only
    swap_boards(*, game, other, user=None, expected_version=None) -> list[str]
    edit_board(*, game, white, black=None, user=None, expected_version=None) -> list[str]
        # expected_version: pairing_queries.round_version() of the page the form was on
    publish_round(*, round, user=None) -> Round                   # twice: the same round
    withdraw_player(*, registration, after_round, user=None) -> Registration
    request_bye(*, registration, round_number, kind, user=None) -> RequestedBye
    cancel_bye(*, registration, round_number, user=None) -> None
    add_forbidden_pair(*, tournament, player_a, player_b, user=None) -> ForbiddenPair

Read side: ``tournaments.pairing_queries.pairing_state(tournament, round_number)``
-> TournamentState (TPN = pairing number) and ``round_is_complete(round) -> bool``.

Roles (``core.roles``):

    set_arbiters(*, tournament, arbiters, user=None) -> list[User]  # the club's organisers
    report_result(*, game, result, user) -> ResultReport      # a player, for their own game
    confirm_report(*, report, user=None) -> Game               # an arbiter: records the result
    reject_report(*, report, user=None) -> None                # an arbiter: forgets the report

``user`` is the acting user: a service given one checks its role first and raises
``PermissionDenied`` before writing anything (``None`` is a trusted caller: commands, the
seed, tests of the domain rules).

``user`` is who made the change: every service that changes results, pairings, byes or
withdrawals records it in the audit trail (:func:`core.audit.record`) in its own
transaction. ``delete_tournament(*, tournament, user=None)`` refuses a tournament with rated
games.
"""

from __future__ import annotations

import datetime
import random
from decimal import ROUND_HALF_UP
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from backoffice.forms.tiebreaks import validate_tiebreaks
from core import roles as permissions
from core.audit import record, snapshot
from core.enums import AuditAction
from players.models import Player
from ratings.models import PlayerRating, RatingList
from ratings.services import lock_rating_list, replay_locked
from rules.pairing import berger, mcmahon
from rules.pairing.dutch import pair_round
from rules.ratings import egf, fesa
from tournaments.enums import (
    BYE_RESULTS,
    GAME_RESULTS,
    RATED_RESULTS,
    SHOGI_SYSTEMS,
    ByeKind,
    InitialColour,
    PairingSystem,
    RoundStatus,
    Seeding,
)
from tournaments.models import (
    POINT_FIELDS,
    ForbiddenPair,
    Game,
    Registration,
    RequestedBye,
    ResultReport,
    Round,
    Tournament,
)
from tournaments.pairing_queries import (
    highest_round_number,
    initial_ranking,
    last_round,
    mcmahon_state,
    pairing_state,
    registration_rank,
    round_is_complete,
    round_version,
    tournament_bar,
)
from tournaments.queries import rated_games

_GAME_CODES = frozenset(str(code) for code in GAME_RESULTS)
_BYE_CODES = frozenset(str(code) for code in BYE_RESULTS)
_RATED_CODES = frozenset(str(code) for code in RATED_RESULTS)
_TOURNAMENT_FIELDS = frozenset(
    {
        "name",
        "slug",
        "club",
        "rating_list",
        "rating_class",
        "city",
        "start_date",
        "end_date",
        "rounds_planned",
        "pairing_system",
        *POINT_FIELDS,
        "initial_colour",
        "drawn_colour",
        "accelerated",
        "seeding",
        "tiebreaks",
        "max_half_point_byes",
        "players_report_results",
        "top_bar",
        "floor_bar",
        "handicap_policy",
        "handicap_cap",
        "komi",
    }
)

#: Slugs taken by the tournament URLs themselves (``/tournaments/<slug>/``).
RESERVED_SLUGS = frozenset({"organise", "import-trf", "my-games", "games"})

#: Pairing settings that cannot change after the first round has been paired.
_FIXED_ONCE_PAIRED = (
    "pairing_system",
    "initial_colour",
    "accelerated",
    "seeding",
    "top_bar",
    "floor_bar",
    "handicap_policy",
    "handicap_cap",
)


class BoardChanged(ValidationError):
    """Somebody changed the board (or the round's pairings) since the form was shown."""

    def __init__(self) -> None:
        super().__init__(
            _("This board was changed meanwhile — reload the page and check it again."),
            code="changed",
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
    """Lock the tournament's rating list (if rated), then the tournament row.

    Refused (nothing written) when the tournament moved to another rating list after
    ``tournament`` was read: the caller's replay would go to the wrong list.
    """
    locked = None
    if tournament.rating_list_id is not None:
        locked = lock_rating_list(RatingList(pk=tournament.rating_list_id))
    current = _lock_tournament(tournament)
    if current.rating_list_id != tournament.rating_list_id:
        raise ValidationError(_("The tournament was changed meanwhile — reload the page."))
    tournament.end_date = current.end_date
    return locked


def _entry_grade(tournament: Tournament, grade: str, rating: int | None) -> str:
    """The grade to store: the declared one (normalised, e.g. ``5k``), else from the rating."""
    grade = (grade or "").strip()
    if grade:
        try:
            number, kind = egf.parse_grade(grade)
        except ValueError:
            raise ValidationError(
                {"grade": _("“%(grade)s” is not a grade such as 5k or 2d.") % {"grade": grade}}
            ) from None
        return f"{number}{kind}"
    if rating is None or not tournament.uses_mcmahon_engine:
        return ""
    if tournament.pairing_system in SHOGI_SYSTEMS:
        return fesa.rating_to_grade(rating)
    return egf.rating_to_grade(rating)


def _registered(tournament: Tournament, players: list[Player]) -> set[int]:
    return set(
        Registration.objects.filter(
            tournament=tournament, player__in=[p.pk for p in players]
        ).values_list("player_id", flat=True)
    )


def register_player(
    *,
    tournament: Tournament,
    player: Player,
    pairing_number: int | None = None,
    rating_at_start: int | None = None,
    grade: str = "",
    user: Any = None,
) -> Registration:
    """Enter ``player`` in ``tournament``, before the start or as a late entry.

    ``rating_at_start`` (for the initial ranking) defaults to the player's rating in the
    tournament's list. ``grade`` (go/shogi formats: the declared kyu/dan grade that sets the
    McMahon score) defaults to the grade of ``rating_at_start`` (EGF scale for go, FESA's for
    shogi); a grade that is not a kyu/dan grade is refused. In a Swiss tournament an entry
    without a pairing number re-ranks everybody by C.04.2 while round 4 has not been paired,
    then gets the next number; a late entry scores nothing in the rounds it missed
    (``entered_round``).

    Refused: the player is already entered; the pairing number is not a positive whole number
    or is taken; a round robin that has started.
    """
    permissions.require_manager(user, tournament)
    if rating_at_start is not None and (
        isinstance(rating_at_start, bool)
        or not isinstance(rating_at_start, int)
        or rating_at_start < 0
    ):
        raise ValidationError({"rating_at_start": _("The rating must be a whole number.")})
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
        current = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if current.is_round_robin and highest_round_number(current):
            raise ValidationError(_("A round robin that has started takes no new players."))
        if rating_at_start is None:
            rating_at_start = _rating_in_list(current, player)
        registration = Registration(
            tournament=current,
            player=player,
            pairing_number=pairing_number,
            rating_at_start=rating_at_start,
            grade=_entry_grade(current, grade, rating_at_start),
        )
        registration.full_clean(exclude=["tournament", "player"], validate_unique=False)
        registration.save()
        if current.pairing_system != PairingSystem.MANUAL:
            _register_late(current, registration)
        return registration


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
    permissions.require_arbiter(user, round.tournament)
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
        record(
            action=AuditAction.GAME_ADDED,
            summary=_("Round %(round)d, board %(board)d added: %(game)s")
            % {"round": round.number, "board": board, "game": _describe(game)},
            user=user,
            tournament=tournament,
            player=white,
            other_player=black,
            after=_game_state(game),
        )
    return game


def _game_state(game: Game) -> dict[str, Any]:
    return {
        "game": game.pk,
        "round": game.round.number,
        "board": game.board,
        "white": game.white_id,
        "black": game.black_id,
        "result": game.result,
    }


def _describe(game: Game) -> str:
    """ "White – Black 1-0" for the audit summary."""
    black = game.black.name if game.black_id is not None else _("bye")
    return f"{game.white.name} – {black} {game.result or '…'}"


def record_result(
    *,
    game: Game,
    result: str,
    user: Any = None,
    correction: bool = False,
    expected_result: str | None = None,
) -> Game:
    """Enter (or, with ``correction=True``, correct) the result of ``game`` and replay its
    rating list. ``""`` clears a result (a correction).

    A correction in a period whose list is already published re-derives that list and every
    later one. The same result entered again changes nothing (a form submitted twice).
    ``expected_result`` is the result the form was based on: if the game's result is
    something else by now (somebody else entered it), :class:`BoardChanged` is raised.
    Refused: an unknown result code, a bye code for a game (or the reverse), a player no
    longer entered in the tournament, a round whose pairings are not published, a game that
    already has a result (without ``correction``).
    """
    permissions.require_arbiter(user, game.round.tournament)
    errors = _check_result(result, bye=game.black_id is None)
    if errors:
        raise ValidationError(errors)
    tournament = game.round.tournament
    with transaction.atomic():
        locked = _lock(tournament)
        current = Game.objects.select_for_update().select_related("round").get(pk=game.pk)
        if current.round.status != RoundStatus.PUBLISHED:
            raise ValidationError(
                _("Round %(round)d is not published: results cannot be entered yet.")
                % {"round": current.round.number}
            )
        players = [current.white] if current.black is None else [current.white, current.black]
        entered = _registered(tournament, players)
        for field, player in zip(("white", "black"), players, strict=False):
            if player.pk not in entered:
                errors[field] = _("%(player)s is not entered in this tournament.") % {
                    "player": player
                }
        if errors:
            raise ValidationError(errors)
        if current.result == result and result:
            game.result = result
            return current
        if expected_result is not None and current.result != expected_result:
            raise BoardChanged()
        if current.result and not correction and current.result != result:
            raise ValidationError(
                {
                    "result": _("This game already has a result (%(result)s); correct it instead.")
                    % {"result": current.get_result_display()}
                }
            )
        if not current.result and result == "" and not correction:
            raise ValidationError({"result": _("Choose a result.")})
        previous = current.result
        if previous != result:
            before = _game_state(current)
            current.result = result
            current.save(update_fields=["result"])
            if locked is not None and (previous in _RATED_CODES or result in _RATED_CODES):
                replay_locked(locked, from_date=tournament.end_date)
            values = {
                "round": current.round.number,
                "board": current.board,
                "game": _describe(current),
                "previous": previous or "…",
            }
            record(
                action=AuditAction.RESULT_CORRECTED if previous else AuditAction.RESULT_ENTERED,
                summary=(
                    _("Round %(round)d, board %(board)d: %(game)s (was %(previous)s)")
                    if previous
                    else _("Round %(round)d, board %(board)d: %(game)s")
                )
                % values,
                user=user,
                tournament=tournament,
                player=current.white,
                other_player=current.black,
                before=before,
                after=_game_state(current),
            )
    game.result = result
    return current


def delete_game(*, game: Game, user: Any = None) -> None:
    """Delete ``game``; a rated game replays its rating list."""
    permissions.require_arbiter(user, game.round.tournament)
    tournament = game.round.tournament
    with transaction.atomic():
        locked = _lock(tournament)
        current = Game.objects.select_for_update().filter(pk=game.pk).first()
        if current is None:
            return
        rated = current.result in _RATED_CODES
        before = _game_state(current)
        summary = _("Round %(round)d, board %(board)d deleted: %(game)s") % {
            "round": current.round.number,
            "board": current.board,
            "game": _describe(current),
        }
        white, black = current.white, current.black
        current.delete()
        if locked is not None and rated:
            replay_locked(locked, from_date=tournament.end_date)
        record(
            action=AuditAction.GAME_DELETED,
            summary=summary,
            user=user,
            tournament=tournament,
            player=white,
            other_player=black,
            before=before,
        )


def update_tournament(*, tournament: Tournament, user: Any = None, **changes: Any) -> Tournament:
    """Change a tournament's fields and replay the rating lists whose ratings change.

    Changing the dates or the rating list of a tournament with rated games replays the old
    and the new list from the earlier of the old and new periods. Refused: unknown fields,
    an end date before the start date, and anything ``full_clean`` refuses.
    """
    permissions.require_manager(user, tournament)
    if "club" in changes:
        permissions.require_creator(user, changes["club"])
    unknown = sorted(set(changes) - _TOURNAMENT_FIELDS)
    if unknown:
        raise ValidationError({name: _("This field cannot be changed here.") for name in unknown})
    with transaction.atomic():
        current = Tournament.objects.get(pk=tournament.pk)
        tournament_before = Tournament.objects.get(pk=tournament.pk)
        old_list_id, old_end = current.rating_list_id, current.end_date
        for name, value in changes.items():
            setattr(current, name, value)
        if current.end_date < current.start_date:
            raise ValidationError({"end_date": _("The end date cannot be before the start date.")})
        current.full_clean()
        frozen = sorted(
            name
            for name in _FIXED_ONCE_PAIRED
            if name in changes and getattr(current, name) != getattr(tournament_before, name)
        )
        if frozen and Round.objects.filter(tournament=current).exists():
            raise ValidationError(
                {name: _("This cannot change once a round has been paired.") for name in frozen}
            )
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
        changed = sorted(
            name for name in changes if getattr(current, name) != getattr(tournament_before, name)
        )
        if changed:
            record(
                action=AuditAction.TOURNAMENT_CHANGED,
                summary=_("Tournament changed: %(fields)s") % {"fields": ", ".join(changed)},
                user=user,
                tournament=current,
                before=snapshot(tournament_before, changed),
                after=snapshot(current, changed),
            )
    for name, value in changes.items():
        setattr(tournament, name, value)
    return current


def delete_tournament(*, tournament: Tournament, user: Any = None) -> None:
    """Delete a tournament with its rounds, games and registrations.

    Refused: a tournament with rated games (deleting them would change ratings that have
    been published; delete or correct the games one by one instead).
    """
    with transaction.atomic():
        current = _lock_tournament(tournament)
        count = rated_games(tournament=current).count()
        if count:
            raise ValidationError(
                _(
                    "%(tournament)s has %(count)d rated games and cannot be deleted: "
                    "ratings depend on them."
                )
                % {"tournament": current.name, "count": count}
            )
        before = snapshot(current, ["name", "slug", "start_date", "end_date", "rating_list"])
        record(
            action=AuditAction.TOURNAMENT_DELETED,
            summary=_("Tournament %(tournament)s deleted") % {"tournament": current.name},
            user=user,
            rating_list=current.rating_list,
            before=before,
        )
        current.delete()


def _free_slug(base: str) -> str:
    """``base``, or ``base-2``, ``base-3``… whichever is not taken (nor reserved)."""
    base = base[:190] or "tournament"
    candidate, number = base, 1
    while candidate in RESERVED_SLUGS or Tournament.objects.filter(slug=candidate).exists():
        number += 1
        candidate = f"{base}-{number}"
    return candidate


def create_tournament(
    *,
    name: str,
    start_date: datetime.date,
    end_date: datetime.date,
    slug: str = "",
    user: Any = None,
    **settings: Any,
) -> Tournament:
    """Create a tournament. ``settings`` are any other tournament fields (club, rating list,
    city, rounds, format, points, colours, Baku, seeding, tie-breaks, half-point bye cap);
    the ones left out keep their defaults.

    An empty ``slug`` is made from the name (with ``-2``, ``-3``… when taken). Refused: an
    unknown field; an empty name; a slug given and taken or reserved; an end date before the
    start date; unknown tie-break codes, or Buchholz tie-breaks in a round robin; anything
    ``full_clean`` refuses.
    """
    permissions.require_creator(user, settings.get("club"))
    unknown = sorted(set(settings) - _TOURNAMENT_FIELDS)
    if unknown:
        raise ValidationError({name: _("This field cannot be set here.") for name in unknown})
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": _("The tournament needs a name.")})
    if end_date < start_date:
        raise ValidationError({"end_date": _("The end date cannot be before the start date.")})
    with transaction.atomic():
        if slug:
            if slug in RESERVED_SLUGS or Tournament.objects.filter(slug=slug).exists():
                raise ValidationError(
                    {"slug": _("The address “%(slug)s” is already taken.") % {"slug": slug}}
                )
        else:
            slug = _free_slug(slugify(name, allow_unicode=False))
        tournament = Tournament(
            name=name, slug=slug, start_date=start_date, end_date=end_date, **settings
        )
        try:
            tournament.tiebreaks = validate_tiebreaks(
                tournament.tiebreaks or "", round_robin=tournament.is_round_robin
            )
        except ValidationError as error:
            raise ValidationError({"tiebreaks": error.messages}) from None
        tournament.full_clean()
        tournament.save()
    return tournament


def add_round(
    *, tournament: Tournament, date: datetime.date | None = None, user: Any = None
) -> Round:
    """Add the next round of a manually paired tournament, published at once (its boards are
    then added with :func:`add_game`).

    Refused: a tournament paired by the program (pair its rounds instead); a tournament that
    already has all its planned rounds; a date outside the tournament's dates.
    """
    permissions.require_arbiter(user, tournament)
    with transaction.atomic():
        current = _lock_tournament(tournament)
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
        return Round.objects.create(
            tournament=current,
            number=number,
            date=date,
            status=RoundStatus.PUBLISHED,
            published_at=timezone.now(),
        )


# --- Organiser flow: pairing numbers, rounds, manual changes, byes, withdrawals -----------

#: C.04.2 2.3: pairing numbers may be re-ranked until this round has been paired.
RERANK_UNTIL_ROUND = 4


def _lock_tournament(tournament: Tournament) -> Tournament:
    """Lock and re-read the tournament row."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _rating_in_list(tournament: Tournament, player: Player) -> int | None:
    """The player's rating in the tournament's list (published, else live, else starting)."""
    if tournament.rating_list_id is None:
        return None
    row = PlayerRating.objects.filter(rating_list=tournament.rating_list_id, player=player).first()
    if row is None:
        return None
    if row.rating is not None:
        rating = row.rating
    elif row.live_rating is not None:
        rating = int(row.live_rating.to_integral_value(rounding=ROUND_HALF_UP))
    else:
        rating = row.starting_rating
    # Go ratings (GoR) go below zero (down to 30 kyu, -900); the registration's initial
    # ranking rating cannot, so such a player enters without one.
    return None if rating is not None and rating < 0 else rating


def _renumber(registrations: list[Registration]) -> None:
    """Give ``registrations`` the pairing numbers 1..n in their order."""
    if not registrations:
        return
    tournament_id = registrations[0].tournament_id
    Registration.objects.filter(tournament_id=tournament_id).update(pairing_number=None)
    for number, registration in enumerate(registrations, start=1):
        registration.pairing_number = number
        Registration.objects.filter(pk=registration.pk).update(pairing_number=number)


def _numbers_complete(registrations: list[Registration]) -> bool:
    numbers = sorted(r.pairing_number or 0 for r in registrations)
    return numbers == list(range(1, len(registrations) + 1))


def _assign_numbers(tournament: Tournament, *, keep_complete: bool) -> list[Registration]:
    """Pairing numbers for everyone: Swiss by C.04.2, round robin by lot or by rating."""
    registrations = list(
        Registration.objects.filter(tournament=tournament).select_related("player")
    )
    if keep_complete and _numbers_complete(registrations):
        return sorted(registrations, key=lambda r: r.pairing_number)
    if tournament.is_round_robin and tournament.seeding == Seeding.LOT:
        drawn = berger.numbers_by_lot([r.pk for r in registrations])
        ordered = sorted(registrations, key=lambda r: drawn[r.pk])
    else:
        ordered = initial_ranking(registrations, tournament)
    _renumber(ordered)
    return ordered


def assign_pairing_numbers(*, tournament: Tournament, user: Any = None) -> list[Registration]:
    """(Re-)assign every pairing number: Swiss by the initial ranking (C.04.2), round robin
    by lot or by rating (``tournament.seeding``).

    Refused: a manual tournament; a round robin that has started; a Swiss tournament whose
    round 4 has been paired (C.04.2 2.3).
    """
    permissions.require_arbiter(user, tournament)
    with transaction.atomic():
        current = _lock_tournament(tournament)
        _check_renumbering(current)
        return _assign_numbers(current, keep_complete=False)


def _check_renumbering(tournament: Tournament) -> None:
    if tournament.pairing_system == PairingSystem.MANUAL:
        raise ValidationError(_("A tournament with manual pairings has no automatic numbers."))
    started = highest_round_number(tournament)
    if tournament.is_round_robin and started:
        raise ValidationError(_("The pairing numbers of a round robin are fixed once it starts."))
    if started >= RERANK_UNTIL_ROUND:
        raise ValidationError(
            _("Pairing numbers cannot change after round %(round)d has been paired.")
            % {"round": RERANK_UNTIL_ROUND}
        )


def _register_late(tournament: Tournament, registration: Registration) -> None:
    """Number a new entry: re-rank everybody while allowed, else the next free number."""
    started = highest_round_number(tournament)
    registration.entered_round = started + 1
    registration.save(update_fields=["entered_round"])
    swiss = tournament.pairing_system == PairingSystem.SWISS_DUTCH
    if not (swiss or tournament.uses_mcmahon_engine) or registration.pairing_number:
        return
    if started >= RERANK_UNTIL_ROUND:
        highest = (
            Registration.objects.filter(tournament=tournament).aggregate(n=Max("pairing_number"))[
                "n"
            ]
            or 0
        )
        registration.pairing_number = highest + 1
        registration.save(update_fields=["pairing_number"])
        return
    registrations = list(
        Registration.objects.filter(tournament=tournament).select_related("player")
    )
    _renumber(initial_ranking(registrations, tournament))
    registration.refresh_from_db(fields=["pairing_number"])


def _round_total(tournament: Tournament, players: int) -> int:
    if tournament.is_round_robin:
        return berger.round_count(
            players, double=tournament.pairing_system == PairingSystem.DOUBLE_ROUND_ROBIN
        )
    return tournament.rounds_planned


def pair_next_round(
    *, tournament: Tournament, user: Any = None, number: int | None = None
) -> Round:
    """Pair the next round as a draft: Berger table or FIDE Dutch.

    Round 1 fixes the pairing numbers (kept when they already are 1..n) and draws the top
    seed's colour when it is to be drawn. Swiss: requested byes get their ``H``/``Z``, withdrawn
    players ``Z``, the pairing-allocated bye ``U``; round robin: the player drawn against the
    highest number rests (``Z``), a withdrawn player's games are forfeits.

    ``number`` is the round the caller means to pair: if that round exists already (the
    form was submitted twice), it is returned unchanged.

    Refused: manual pairings; the previous round not published or not complete; all rounds
    paired; fewer than two players; no legal pairing (the engine's message); ``number`` is
    neither the next round nor an existing one.
    """
    permissions.require_arbiter(user, tournament)
    if tournament.pairing_system == PairingSystem.MANUAL:
        raise ValidationError(_("This tournament is paired by hand."))
    wanted = number
    with transaction.atomic():
        current = _lock_tournament(tournament)
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
        if previous is not None and previous.status != RoundStatus.PUBLISHED:
            raise ValidationError(
                _("Round %(round)d is not published yet.") % {"round": previous.number}
            )
        if previous is not None and not round_is_complete(previous):
            raise ValidationError(
                _("Round %(round)d is not complete: enter all its results first.")
                % {"round": previous.number}
            )
        if number == 1:
            _check_renumbering(current)
            registrations = _assign_numbers(current, keep_complete=True)
        else:
            registrations = list(
                Registration.objects.filter(tournament=current)
                .select_related("player")
                .order_by("pairing_number")
            )
        if len(registrations) < 2:
            raise ValidationError(_("At least two players are needed to pair a round."))
        total = _round_total(current, len(registrations))
        if total < 1:
            raise ValidationError(_("Set the number of rounds first."))
        if number > total:
            raise ValidationError(_("All %(total)d rounds have been paired.") % {"total": total})
        if number == 1 and current.initial_colour == InitialColour.DRAWN:
            current.drawn_colour = random.SystemRandom().choice(
                [InitialColour.WHITE, InitialColour.BLACK]
            )
            current.save(update_fields=["drawn_colour"])
        if current.is_round_robin and current.rounds_planned != total:
            current.rounds_planned = total
            current.save(update_fields=["rounds_planned"])
        round_ = Round.objects.create(tournament=current, number=number, status=RoundStatus.DRAFT)
        stones: dict[int, int] = {}
        if current.is_round_robin:
            boards = _round_robin_boards(current, registrations, number)
        elif current.uses_mcmahon_engine:
            boards, stones = _mcmahon_boards(current, registrations, number)
        else:
            boards = _swiss_boards(current, registrations, number)
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
        record(
            action=AuditAction.ROUND_PAIRED,
            summary=_("Round %(round)d paired (draft, %(boards)d boards)")
            % {"round": number, "boards": len(boards)},
            user=user,
            tournament=current,
            after={"round": number, "boards": _boards_state(round_)},
        )
    return round_


def _boards_state(round_: Round) -> list[list[Any]]:
    """[board, white id, black id, result] of every game of ``round_``, by board."""
    return [
        list(row)
        for row in Game.objects.filter(round=round_)
        .order_by("board")
        .values_list("board", "white_id", "black_id", "result")
    ]


Board = tuple[Player, Player | None, str]


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


def _draft(round: Round) -> Round:
    current = Round.objects.select_for_update().get(pk=round.pk)
    if current.status != RoundStatus.DRAFT:
        raise ValidationError(
            _("Round %(round)d is published: its pairings cannot change.")
            % {"round": current.number}
        )
    return current


def discard_pairings(*, round: Round, user: Any = None) -> None:
    """Delete a draft round and its games so that it can be paired again.

    Refused: a published round.
    """
    permissions.require_arbiter(user, round.tournament)
    with transaction.atomic():
        _lock_tournament(round.tournament)
        current = _draft(round)
        before = {"round": current.number, "boards": _boards_state(current)}
        current.games.all().delete()
        current.delete()
        record(
            action=AuditAction.PAIRINGS_DISCARDED,
            summary=_("Draft of round %(round)d discarded") % {"round": before["round"]},
            user=user,
            tournament=round.tournament,
            before=before,
        )


def publish_round(*, round: Round, user: Any = None) -> Round:
    """Make a draft round's pairings public; from now on its results can be entered.

    Publishing a published round again (a form submitted twice) changes nothing. Refused: a
    round without games.
    """
    permissions.require_arbiter(user, round.tournament)
    with transaction.atomic():
        _lock_tournament(round.tournament)
        current = Round.objects.select_for_update().get(pk=round.pk)
        if current.status == RoundStatus.PUBLISHED:
            return current
        if not current.games.exists():
            raise ValidationError(_("A round without games cannot be published."))
        current.status = RoundStatus.PUBLISHED
        current.published_at = timezone.now()
        current.save(update_fields=["status", "published_at"])
        record(
            action=AuditAction.ROUND_PUBLISHED,
            summary=_("Pairings of round %(round)d published") % {"round": current.number},
            user=user,
            tournament=round.tournament,
            after={"round": current.number, "boards": _boards_state(current)},
        )
    round.status, round.published_at = current.status, current.published_at
    return current


def _check_version(round_: Round, expected_version: str | None) -> None:
    if expected_version is not None and round_version(round_) != expected_version:
        raise BoardChanged()


def swap_boards(
    *, game: Game, other: Game, user: Any = None, expected_version: str | None = None
) -> list[str]:
    """Exchange the board numbers of two games of a draft round (the pairings stay).

    ``expected_version``: :func:`~tournaments.pairing_queries.round_version` of the round
    when the form was shown; :class:`BoardChanged` if the round has changed since (a swap
    submitted twice is refused instead of swapping back).
    """
    permissions.require_arbiter(user, game.round.tournament)
    if game.round_id != other.round_id:
        raise ValidationError(_("Both boards must belong to the same round."))
    if game.pk == other.pk:
        return []
    with transaction.atomic():
        _lock_tournament(game.round.tournament)
        _check_version(_draft(game.round), expected_version)
        first = Game.objects.select_for_update().get(pk=game.pk)
        second = Game.objects.select_for_update().get(pk=other.pk)
        first_board, second_board = first.board, second.board
        Game.objects.filter(pk=first.pk).update(board=0)
        Game.objects.filter(pk=second.pk).update(board=first_board)
        Game.objects.filter(pk=first.pk).update(board=second_board)
        record(
            action=AuditAction.BOARDS_SWAPPED,
            summary=_("Round %(round)d: boards %(first)d and %(second)d swapped")
            % {"round": game.round.number, "first": first_board, "second": second_board},
            user=user,
            tournament=game.round.tournament,
            before={"games": {first.pk: first_board, second.pk: second_board}},
            after={"games": {first.pk: second_board, second.pk: first_board}},
        )
    return []


def edit_board(
    *,
    game: Game,
    white: Player,
    black: Player | None = None,
    user: Any = None,
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
    permissions.require_arbiter(user, game.round.tournament)
    if black is not None and black.pk == white.pk:
        raise ValidationError({"black": _("A player cannot play against themselves.")})
    with transaction.atomic():
        tournament = _lock_tournament(game.round.tournament)
        round_ = _draft(game.round)
        games = {g.pk: g for g in Game.objects.select_for_update().filter(round=round_)}
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
        for player in (white, black):
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
        slots = {}
        for g in games.values():
            if g.black_id is None and g.result != "U":
                continue
            slots[(g.pk, "white")] = g.white_id
            if g.black_id is not None:
                slots[(g.pk, "black")] = g.black_id
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
        warnings = _check_boards(tournament, round_, [games[pk] for pk in sorted(changed)])
        before = _boards_state(round_)
        for pk in sorted(changed):
            Game.objects.filter(pk=pk).update(
                white_id=games[pk].white_id,
                black_id=games[pk].black_id,
                handicap=_stones(tournament, registrations, games[pk]),
            )
        if changed:
            record(
                action=AuditAction.BOARD_EDITED,
                summary=_("Round %(round)d, board %(board)d: %(white)s – %(black)s")
                % {
                    "round": round_.number,
                    "board": target.board,
                    "white": white.name,
                    "black": black.name if black is not None else _("bye"),
                },
                user=user,
                tournament=tournament,
                player=white,
                other_player=black,
                before={"round": round_.number, "boards": before},
                after={"round": round_.number, "boards": _boards_state(round_)},
            )
    return warnings


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


def _check_boards(tournament: Tournament, round_: Round, changed: list[Game]) -> list[str]:
    """Refuse broken absolute criteria of changed boards; return warnings."""
    state = pairing_state(tournament, round_.number)
    by_tpn = {p.tpn: p for p in state.players}
    tpn = dict(
        Registration.objects.filter(tournament=tournament).values_list(
            "player_id", "pairing_number"
        )
    )
    names = {
        r.player_id: r.player.name
        for r in Registration.objects.filter(tournament=tournament).select_related("player")
    }
    forbidden = state.forbidden_pairs
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
        if frozenset((white.tpn, black.tpn)) in forbidden:
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


def withdraw_player(
    *, registration: Registration, after_round: int, user: Any = None
) -> Registration:
    """Withdraw a player after ``after_round`` (0: before the start): every later round is
    a zero-point bye.

    Refused: a negative round; a round already paired after ``after_round`` in which the
    player has a game (enter a forfeit instead, or discard the draft).
    """
    permissions.require_arbiter(user, registration.tournament)
    if isinstance(after_round, bool) or not isinstance(after_round, int) or after_round < 0:
        raise ValidationError({"after_round": _("The round must be a whole number from 0.")})
    with transaction.atomic():
        _lock_tournament(registration.tournament)
        current = Registration.objects.select_for_update().get(pk=registration.pk)
        later = (
            Game.objects.filter(
                round__tournament_id=current.tournament_id, round__number__gt=after_round
            )
            .filter(Q(white_id=current.player_id) | Q(black_id=current.player_id))
            .order_by("round__number")
            .select_related("round")
            .first()
        )
        if later is not None:
            raise ValidationError(
                {
                    "after_round": _(
                        "%(player)s is already paired in round %(round)d: enter a forfeit "
                        "or discard that round's draft first."
                    )
                    % {"player": current.player, "round": later.round.number}
                }
            )
        before = {"withdrawn_after_round": current.withdrawn_after_round}
        current.withdrawn_after_round = after_round
        current.save(update_fields=["withdrawn_after_round"])
        record(
            action=AuditAction.PLAYER_WITHDRAWN,
            summary=_("%(player)s withdrawn after round %(round)d")
            % {"player": current.player.name, "round": after_round},
            user=user,
            tournament=current.tournament,
            player=current.player,
            before=before,
            after={"withdrawn_after_round": after_round},
        )
    registration.withdrawn_after_round = after_round
    return current


def request_bye(
    *, registration: Registration, round_number: int, kind: str, user: Any = None
) -> RequestedBye:
    """Record that a player will not play ``round_number`` (``H`` half point, ``Z`` none).

    Refused: an unknown kind; a round robin; a round that is already paired or beyond the
    last round; a withdrawn player; a half-point bye beyond the tournament's
    ``max_half_point_byes`` for the player.
    """
    permissions.require_arbiter(user, registration.tournament)
    if kind not in ByeKind.values:
        raise ValidationError({"kind": _("A requested bye is H or Z.")})
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise ValidationError({"round_number": _("The round must be a whole number from 1.")})
    tournament = registration.tournament
    if tournament.is_round_robin:
        raise ValidationError(_("A round robin has no requested byes."))
    with transaction.atomic():
        current_tournament = _lock_tournament(tournament)
        current = Registration.objects.get(pk=registration.pk)
        if round_number <= highest_round_number(current_tournament):
            raise ValidationError(
                {"round_number": _("Round %(round)d is already paired.") % {"round": round_number}}
            )
        if current_tournament.rounds_planned and round_number > current_tournament.rounds_planned:
            raise ValidationError(
                {
                    "round_number": _("The tournament has only %(total)d rounds.")
                    % {"total": current_tournament.rounds_planned}
                }
            )
        if not current.plays_in(round_number):
            raise ValidationError(_("%(player)s has withdrawn.") % {"player": current.player})
        cap = current_tournament.max_half_point_byes
        if kind == ByeKind.HALF and cap is not None:
            taken = _half_point_bye_rounds(current) - {round_number}
            if len(taken) >= cap:
                raise ValidationError(
                    {
                        "kind": _(
                            "Half-point byes per player in this tournament: at most %(cap)d; "
                            "%(player)s already has %(count)d."
                        )
                        % {"player": current.player, "count": len(taken), "cap": cap}
                    }
                )
        previous = (
            RequestedBye.objects.filter(registration=current, round_number=round_number)
            .values_list("kind", flat=True)
            .first()
        )
        bye, _created = RequestedBye.objects.update_or_create(
            registration=current, round_number=round_number, defaults={"kind": kind}
        )
        record(
            action=AuditAction.BYE_REQUESTED,
            summary=_("%(player)s: bye %(kind)s requested for round %(round)d")
            % {"player": current.player.name, "kind": kind, "round": round_number},
            user=user,
            tournament=current_tournament,
            player=current.player,
            before=None if previous is None else {"round": round_number, "kind": previous},
            after={"round": round_number, "kind": kind},
        )
    return bye


def _half_point_bye_rounds(registration: Registration) -> set[int]:
    """Rounds in which the player has (or asked for) a half-point bye."""
    requested = RequestedBye.objects.filter(
        registration=registration, kind=ByeKind.HALF
    ).values_list("round_number", flat=True)
    given = Game.objects.filter(
        round__tournament_id=registration.tournament_id,
        white_id=registration.player_id,
        black__isnull=True,
        result=ByeKind.HALF,
    ).values_list("round__number", flat=True)
    return set(requested) | set(given)


def cancel_bye(*, registration: Registration, round_number: int, user: Any = None) -> None:
    """Forget a requested bye for a round not yet paired."""
    permissions.require_arbiter(user, registration.tournament)
    with transaction.atomic():
        tournament = _lock_tournament(registration.tournament)
        if round_number <= highest_round_number(tournament):
            raise ValidationError(_("Round %(round)d is already paired.") % {"round": round_number})
        bye = (
            RequestedBye.objects.filter(registration=registration, round_number=round_number)
            .select_related("registration__player")
            .first()
        )
        if bye is None:
            return
        bye.delete()
        record(
            action=AuditAction.BYE_CANCELLED,
            summary=_("%(player)s: bye for round %(round)d cancelled")
            % {"player": bye.registration.player.name, "round": round_number},
            user=user,
            tournament=tournament,
            player=bye.registration.player,
            before={"round": round_number, "kind": bye.kind},
        )


def add_forbidden_pair(
    *, tournament: Tournament, player_a: Player, player_b: Player, user: Any = None
) -> ForbiddenPair:
    """Two players who must never be paired together (checked from the next pairing on).

    Refused: the same player twice; a player not entered; the pair already forbidden.
    """
    permissions.require_arbiter(user, tournament)
    if player_a.pk == player_b.pk:
        raise ValidationError(_("A player cannot be forbidden from playing themselves."))
    first, second = sorted((player_a, player_b), key=lambda p: p.pk)
    with transaction.atomic():
        _lock_tournament(tournament)
        entered = _registered(tournament, [first, second])
        for player in (first, second):
            if player.pk not in entered:
                raise ValidationError(
                    _("%(player)s is not entered in this tournament.") % {"player": player}
                )
        pair, created = ForbiddenPair.objects.get_or_create(
            tournament=tournament, player_a=first, player_b=second
        )
        if not created:
            raise ValidationError(_("These two players are already a forbidden pair."))
    return pair


def set_arbiters(*, tournament: Tournament, arbiters: Any, user: Any = None) -> list[Any]:
    """Appoint the arbiters of ``tournament`` (replaces the previous ones). Staff or an
    organiser of the tournament's club; inactive accounts are refused."""
    permissions.require_manager(user, tournament)
    arbiters = list(arbiters)
    inactive = [a for a in arbiters if not a.is_active]
    if inactive:
        raise ValidationError(
            {"arbiters": _("%(user)s cannot log in.") % {"user": inactive[0].get_username()}}
        )
    with transaction.atomic():
        _lock_tournament(tournament)
        tournament.arbiters.set(arbiters)
    return arbiters


def report_result(*, game: Game, result: str, user: Any) -> ResultReport:
    """A player reports the result of their own game, for an arbiter to confirm.

    The official result (``game.result``) does not change. Reporting again replaces the
    player's earlier report. Refused (``PermissionDenied``): not the player's game, the
    tournament does not let players report, the round is a draft or the result is already
    recorded. Refused (``ValidationError``): anything but ``1-0``, ``½-½``, ``0-1``.
    """
    permissions.require(permissions.can_report_result(user, game))
    if result not in permissions.REPORTABLE_RESULTS:
        raise ValidationError({"result": _("Report 1-0, ½-½ or 0-1.")})
    player = permissions.player_of(user)
    with transaction.atomic():
        _lock_tournament(game.round.tournament)
        report, _created = ResultReport.objects.update_or_create(
            game=game, player=player, defaults={"result": result}
        )
    return report


def confirm_report(*, report: ResultReport, user: Any = None) -> Game:
    """An arbiter confirms a reported result: it is recorded with :func:`record_result`
    (ratings replayed) and every report of the game is removed, in one transaction."""
    game = Game.objects.select_related("round__tournament").get(pk=report.game_id)
    permissions.require_arbiter(user, game.round.tournament)
    with transaction.atomic():
        if game.result:
            raise ValidationError(
                {"result": _("The result is already recorded: correct it on the round page.")}
            )
        game = record_result(game=game, result=report.result, user=user)
        ResultReport.objects.filter(game=game).delete()
    return game


def reject_report(*, report: ResultReport, user: Any = None) -> None:
    """An arbiter rejects a reported result: the report is deleted, the game is unchanged."""
    tournament = Tournament.objects.get(rounds__games__pk=report.game_id)
    permissions.require_arbiter(user, tournament)
    with transaction.atomic():
        ResultReport.objects.filter(pk=report.pk).delete()
