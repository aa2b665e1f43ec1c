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
    create_tournament(*, name, start_date, end_date, slug="", user=None, **settings)
        -> Tournament     # slug from the name when empty
    add_round(*, tournament, date=None, user=None) -> Round  # manual tournaments: published

Organiser flow (pairing):

    assign_pairing_numbers(*, tournament) -> list[Registration]  # C.04.2 / RR seeding
    pair_next_round(*, tournament, user=None) -> Round            # draft round, games
        # round robin: Berger table; Swiss: pairing_queries.pairing_state -> dutch
    discard_pairings(*, round, user=None) -> None                 # draft rounds only
    swap_boards(*, game, other, user=None) -> list[str]           # exchanges board numbers
    edit_board(*, game, white, black=None, user=None) -> list[str]  # warnings
    publish_round(*, round, user=None) -> Round
    withdraw_player(*, registration, after_round, user=None) -> Registration
    request_bye(*, registration, round_number, kind, user=None) -> RequestedBye
    cancel_bye(*, registration, round_number, user=None) -> None
    add_forbidden_pair(*, tournament, player_a, player_b, user=None) -> ForbiddenPair

Read side: ``tournaments.pairing_queries.pairing_state(tournament, round_number)``
-> TournamentState (TPN = pairing number) and ``round_is_complete(round) -> bool``.

``user`` is accepted for the audit trail (not stored yet).
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

from players.models import Player
from ratings.models import PlayerRating, RatingList
from ratings.services import lock_rating_list, replay_locked
from ratings.systems import egf, fesa
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
from tournaments.forms_tiebreaks import validate_tiebreaks
from tournaments.models import (
    POINT_FIELDS,
    ForbiddenPair,
    Game,
    Registration,
    RequestedBye,
    Round,
    Tournament,
)
from tournaments.pairing import berger, mcmahon
from tournaments.pairing.dutch import pair_round
from tournaments.pairing_queries import (
    highest_round_number,
    initial_ranking,
    last_round,
    mcmahon_state,
    pairing_state,
    registration_rank,
    round_is_complete,
    tournament_bar,
)

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
        *POINT_FIELDS,
        "initial_colour",
        "drawn_colour",
        "accelerated",
        "seeding",
        "tiebreaks",
        "max_half_point_byes",
        "top_bar",
        "floor_bar",
        "handicap_policy",
        "handicap_cap",
        "komi",
    }
)

#: Slugs taken by the tournament URLs themselves (``/tournaments/<slug>/``).
RESERVED_SLUGS = frozenset({"organise", "import-trf"})

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


def record_result(*, game: Game, result: str, user: Any = None, correction: bool = False) -> Game:
    """Enter (or, with ``correction=True``, correct) the result of ``game`` and replay its
    rating list. ``""`` clears a result (a correction).

    A correction in a period whose list is already published re-derives that list and every
    later one. Refused: an unknown result code, a bye code for a game (or the reverse), a
    player no longer entered in the tournament, a round whose pairings are not published,
    a game that already has a result (without ``correction``).
    """
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
    for name, value in changes.items():
        setattr(tournament, name, value)
    return current


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
        return row.rating
    if row.live_rating is not None:
        return int(row.live_rating.to_integral_value(rounding=ROUND_HALF_UP))
    return row.starting_rating


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


def pair_next_round(*, tournament: Tournament, user: Any = None) -> Round:
    """Pair the next round as a draft: Berger table or FIDE Dutch.

    Round 1 fixes the pairing numbers (kept when they already are 1..n) and draws the top
    seed's colour when it is to be drawn. Swiss: requested byes get their ``H``/``Z``, withdrawn
    players ``Z``, the pairing-allocated bye ``U``; round robin: the player drawn against the
    highest number rests (``Z``), a withdrawn player's games are forfeits.

    Refused: manual pairings; the previous round not published or not complete; all rounds
    paired; fewer than two players; no legal pairing (the engine's message).
    """
    if tournament.pairing_system == PairingSystem.MANUAL:
        raise ValidationError(_("This tournament is paired by hand."))
    with transaction.atomic():
        current = _lock_tournament(tournament)
        previous = last_round(current)
        number = previous.number + 1 if previous else 1
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
    return round_


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
    with transaction.atomic():
        _lock_tournament(round.tournament)
        current = _draft(round)
        current.games.all().delete()
        current.delete()


def publish_round(*, round: Round, user: Any = None) -> Round:
    """Make a draft round's pairings public; from now on its results can be entered.

    Refused: an already published round; a round without games.
    """
    with transaction.atomic():
        _lock_tournament(round.tournament)
        current = _draft(round)
        if not current.games.exists():
            raise ValidationError(_("A round without games cannot be published."))
        current.status = RoundStatus.PUBLISHED
        current.published_at = timezone.now()
        current.save(update_fields=["status", "published_at"])
    round.status, round.published_at = current.status, current.published_at
    return current


def swap_boards(*, game: Game, other: Game, user: Any = None) -> list[str]:
    """Exchange the board numbers of two games of a draft round (the pairings stay)."""
    if game.round_id != other.round_id:
        raise ValidationError(_("Both boards must belong to the same round."))
    if game.pk == other.pk:
        return []
    with transaction.atomic():
        _lock_tournament(game.round.tournament)
        _draft(game.round)
        first = Game.objects.select_for_update().get(pk=game.pk)
        second = Game.objects.select_for_update().get(pk=other.pk)
        first_board, second_board = first.board, second.board
        Game.objects.filter(pk=first.pk).update(board=0)
        Game.objects.filter(pk=second.pk).update(board=first_board)
        Game.objects.filter(pk=first.pk).update(board=second_board)
    return []


def edit_board(
    *, game: Game, white: Player, black: Player | None = None, user: Any = None
) -> list[str]:
    """Put ``white`` and ``black`` on ``game``'s board of a draft round.

    A player taken from another board (or from the pairing-allocated bye) changes places with
    the player they replace, so everybody stays paired exactly once. Go: the handicap of every
    changed board is set again from the grades. Returns warnings (same absolute colour
    preference, a requested bye ignored).

    Refused: a published round; a requested or withdrawal bye board; making a game a bye or a
    bye a game; a player who is withdrawn or not in this round's pairings; a rematch; a
    forbidden pair; a second pairing-allocated bye (or one after a forfeit win / full-point bye).
    """
    if black is not None and black.pk == white.pk:
        raise ValidationError({"black": _("A player cannot play against themselves.")})
    with transaction.atomic():
        tournament = _lock_tournament(game.round.tournament)
        round_ = _draft(game.round)
        games = {g.pk: g for g in Game.objects.select_for_update().filter(round=round_)}
        target = games[game.pk]
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
        for pk in sorted(changed):
            Game.objects.filter(pk=pk).update(
                white_id=games[pk].white_id,
                black_id=games[pk].black_id,
                handicap=_stones(tournament, registrations, games[pk]),
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
        current.withdrawn_after_round = after_round
        current.save(update_fields=["withdrawn_after_round"])
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
        bye, _created = RequestedBye.objects.update_or_create(
            registration=current, round_number=round_number, defaults={"kind": kind}
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
    with transaction.atomic():
        tournament = _lock_tournament(registration.tournament)
        if round_number <= highest_round_number(tournament):
            raise ValidationError(_("Round %(round)d is already paired.") % {"round": round_number})
        RequestedBye.objects.filter(registration=registration, round_number=round_number).delete()


def add_forbidden_pair(
    *, tournament: Tournament, player_a: Player, player_b: Player, user: Any = None
) -> ForbiddenPair:
    """Two players who must never be paired together (checked from the next pairing on).

    Refused: the same player twice; a player not entered; the pair already forbidden.
    """
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
