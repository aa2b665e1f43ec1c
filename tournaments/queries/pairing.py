"""Read side of the pairing flow: the database snapshot the pairing engines work on.

- :func:`pairing_state` builds the engine's :class:`~rules.pairing.state.TournamentState`
  for a round from the games, registrations, requested byes and forbidden pairs.
- :func:`initial_ranking` orders registrations by C.04.2 (rating, title, name).
- :func:`mcmahon_state` builds the McMahon engine's input; :func:`registration_rank` and
  :func:`entry_grades` give the grade each entry is paired with.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from players.enums import Title
from rules import scoring
from rules.pairing import mcmahon
from rules.pairing.state import PlayerState, RoundRecord, TournamentState
from rules.ratings import egf, fesa
from tournaments.enums import (
    MCMAHON_SCORED,
    SHOGI_SYSTEMS,
)
from tournaments.models import (
    ForbiddenPair,
    Game,
    Registration,
    RequestedBye,
    Tournament,
)

_TITLE_ORDER = {code: index for index, code in enumerate(Title.values)}


def initial_ranking_key(registration: Registration) -> tuple[int, int, str, str]:
    """C.04.2 2.2: rating (highest first), title (GM IM WGM FM WIM CM WFM WCM, none), name."""
    player = registration.player
    return (
        -(registration.rating_at_start or 0),
        _TITLE_ORDER.get(player.title, len(_TITLE_ORDER)),
        player.last_name.casefold(),
        player.first_name.casefold(),
    )


def initial_ranking(
    registrations: Iterable[Registration], tournament: Tournament | None = None
) -> list[Registration]:
    """Registrations in the order of the initial ranking (C.04.2); for the go and shogi
    formats by grade first (strongest first), then as C.04.2."""
    if tournament is not None and tournament.uses_mcmahon_engine:

        def go_key(registration: Registration) -> tuple:
            rank = registration_rank(tournament, registration)
            return (
                -(mcmahon.MMS_ZERO_RANK if rank is None else rank),
                *initial_ranking_key(registration),
            )

        return sorted(registrations, key=go_key)
    return sorted(registrations, key=initial_ranking_key)


def game_codes(game: Game) -> tuple[str, str | None]:
    """The TRF result codes of ``game`` for white and black (``None`` for a bye's black)."""
    return scoring.side_codes(game.result, bye=game.black_id is None)


def played_histories(
    tournament: Tournament, before_round: int
) -> dict[int, dict[int, tuple[int | None, str | None, str]]]:
    """Per player id, per round number < ``before_round``: (opponent id, colour, TRF code)."""
    histories: dict[int, dict[int, tuple[int | None, str | None, str]]] = {}
    games = Game.objects.filter(
        round__tournament=tournament, round__number__lt=before_round
    ).select_related("round")
    for game in games:
        number = game.round.number
        white_code, black_code = game_codes(game)
        if game.black_id is None:
            histories.setdefault(game.white_id, {})[number] = (None, None, white_code)
            continue
        histories.setdefault(game.white_id, {})[number] = (game.black_id, "w", white_code)
        histories.setdefault(game.black_id, {})[number] = (game.white_id, "b", black_code or "")
    return histories


def pairing_state(tournament: Tournament, round_number: int) -> TournamentState:
    """The engine's input for pairing ``round_number`` of ``tournament`` (TPN = pairing number).

    History: rounds ``1 .. round_number - 1`` from the games (a game's result is the pair of
    TRF codes; a bye its code; a round without a game, e.g. before a late entry, is ``Z``).
    Absent: withdrawn players (``requested_bye="Z"``) and players with a requested bye for
    ``round_number`` (``"H"`` or ``"Z"``). Refused (``ValidationError``): a registration without
    a pairing number, a past game without a result.
    """
    registrations = list(
        Registration.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by("pairing_number")
    )
    if any(r.pairing_number is None for r in registrations):
        raise ValidationError(_("Every player needs a pairing number before pairing."))
    tpn = {r.player_id: r.pairing_number for r in registrations}
    histories = played_histories(tournament, round_number)
    requested = dict(
        RequestedBye.objects.filter(
            registration__tournament=tournament, round_number=round_number
        ).values_list("registration_id", "kind")
    )
    players = []
    for registration in registrations:
        own = histories.get(registration.player_id, {})
        history = []
        for number in range(1, round_number):
            opponent, colour, code = own.get(number, (None, None, "Z"))
            if code == "":
                raise ValidationError(
                    _("Round %(round)d has a game without a result.") % {"round": number}
                )
            history.append(
                RoundRecord(
                    opponent=tpn.get(opponent) if opponent is not None else None,
                    colour=colour,
                    result=code,
                )
            )
        bye: str | None = None
        if not registration.plays_in(round_number):
            bye = "Z"
        elif registration.pk in requested:
            bye = requested[registration.pk]
        players.append(
            PlayerState(
                tpn=registration.pairing_number,
                rating=registration.rating_at_start or 0,
                history=tuple(history),
                absent=bye is not None,
                requested_bye=bye,
                name=registration.player.name,
            )
        )
    forbidden = frozenset(
        frozenset((tpn[a], tpn[b]))
        for a, b in ForbiddenPair.objects.filter(tournament=tournament).values_list(
            "player_a_id", "player_b_id"
        )
        if a in tpn and b in tpn
    )
    return TournamentState(
        players=tuple(players),
        total_rounds=max(tournament.rounds_planned, round_number),
        round_to_pair=round_number,
        point_system=tournament.point_system,
        forbidden_pairs=forbidden,
        initial_colour=tournament.round_one_colour or "w",
        baku=tournament.accelerated,
    )


_PLAYED = frozenset("1=0WDL")


def registration_rank(tournament: Tournament, registration: Registration) -> int | None:
    """The player's rank for the McMahon engine (1d = 0, k kyu = -k): the entry's grade,
    else the grade of the rating at start (EGF scale for go, FESA's for shogi), else ``None``."""
    grade = registration.grade
    if not grade and registration.rating_at_start is not None:
        rating = registration.rating_at_start
        if tournament.pairing_system in SHOGI_SYSTEMS:
            grade = fesa.rating_to_grade(rating)
        else:
            grade = egf.rating_to_grade(rating)
    return mcmahon.grade_rank(grade) if grade else None


def tournament_bar(grade: str) -> int | None:
    """A bar's rank, ``None`` when there is no bar."""
    return mcmahon.grade_rank(grade) if grade else None


def mcmahon_state(
    tournament: Tournament, round_number: int
) -> tuple[mcmahon.McMahonState, list[tuple[int, str]]]:
    """The McMahon engine's input for ``round_number`` (TPN = pairing number), and the
    players not paired this round as (TPN, bye code): withdrawn ``Z``, requested ``H``/``Z``.

    Points come from the tournament's point system; only games really played count as met
    (a forfeit does not); the colours are those of the even games played (go). Refused
    (``ValidationError``): a registration without a pairing number, a past game without a
    result, a McMahon entry without a grade or rating, a bar that is not a grade.
    """
    registrations = list(
        Registration.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by("pairing_number")
    )
    if any(r.pairing_number is None for r in registrations):
        raise ValidationError(_("Every player needs a pairing number before pairing."))
    scored = tournament.pairing_system in MCMAHON_SCORED
    tpn = {r.player_id: r.pairing_number for r in registrations}
    scoring = tournament.point_system
    points: dict[int, Fraction] = {r.player_id: Fraction(0) for r in registrations}
    met: dict[int, set[int]] = {r.player_id: set() for r in registrations}
    colours: dict[int, list[str]] = {r.player_id: [] for r in registrations}
    byes: dict[int, int] = {r.player_id: 0 for r in registrations}
    games = Game.objects.filter(
        round__tournament=tournament, round__number__lt=round_number
    ).order_by("round__number", "board")
    for game in games:
        white_code, black_code = game_codes(game)
        if white_code == "" or black_code == "":
            raise ValidationError(_("A past round has a game without a result."))
        points[game.white_id] += scoring.points(white_code)
        if game.black_id is None:
            byes[game.white_id] += white_code == "U"
            continue
        points[game.black_id] += scoring.points(black_code or "Z")
        if white_code in _PLAYED:
            met[game.white_id].add(tpn[game.black_id])
            met[game.black_id].add(tpn[game.white_id])
            if game.handicap == 0:
                colours[game.white_id].append(mcmahon.WHITE)
                colours[game.black_id].append(mcmahon.BLACK)
    requested = dict(
        RequestedBye.objects.filter(
            registration__tournament=tournament, round_number=round_number
        ).values_list("registration_id", "kind")
    )
    players = []
    absent = []
    for registration in registrations:
        rank = registration_rank(tournament, registration)
        if rank is None:
            if scored:
                raise ValidationError(
                    _("%(player)s has neither a grade nor a rating: enter a grade.")
                    % {"player": registration.player}
                )
            rank = mcmahon.MMS_ZERO_RANK
        bye = None
        if not registration.plays_in(round_number):
            bye = "Z"
        elif registration.pk in requested:
            bye = requested[registration.pk]
        if bye is not None:
            absent.append((registration.pairing_number, bye))
        pid = registration.player_id
        players.append(
            mcmahon.McMahonPlayer(
                number=registration.pairing_number,
                rank=rank,
                points=Fraction(points[pid]),
                opponents=frozenset(met[pid]),
                colours=tuple(colours[pid]),
                byes=byes[pid],
                absent=bye is not None,
                rating=registration.rating_at_start or 0,
            )
        )
    forbidden = frozenset(
        frozenset((tpn[a], tpn[b]))
        for a, b in ForbiddenPair.objects.filter(tournament=tournament).values_list(
            "player_a_id", "player_b_id"
        )
        if a in tpn and b in tpn
    )
    shogi = tournament.pairing_system in SHOGI_SYSTEMS
    state = mcmahon.McMahonState(
        players=tuple(players),
        mcmahon=scored,
        top_bar=tournament_bar(tournament.top_bar) if scored else None,
        floor_bar=tournament_bar(tournament.floor_bar) if scored else None,
        colour_balance=not shogi,
        handicap_policy="none" if shogi else tournament.handicap_policy,
        handicap_cap=tournament.handicap_cap,
        forbidden_pairs=forbidden,
    )
    return state, absent


def entry_grades(tournament: Tournament, registrations: Iterable[Registration]) -> dict[int, str]:
    """Go/shogi tournaments of the McMahon engine: player id -> the grade the player is paired
    with (declared at entry, else from the rating at start); players with neither are left
    out."""
    grades = {}
    for registration in registrations:
        rank = registration_rank(tournament, registration)
        if rank is not None:
            grades[registration.player_id] = mcmahon.rank_grade(rank)
    return grades
