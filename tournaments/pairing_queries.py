"""Read side of the pairing flow: the database snapshot the pairing engines work on.

Kept apart from :mod:`tournaments.queries` (the public pages' reads) so that the organiser
flow and the TRF services can import it without the page helpers.

- :func:`pairing_state` builds the engine's :class:`~tournaments.pairing.state.TournamentState`
  for a round from the games, registrations, requested byes and forbidden pairs.
- :func:`initial_ranking` orders registrations by C.04.2 (rating, title, name).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db.models import Max
from django.utils.translation import gettext as _

from players.enums import Title
from tournaments.enums import RoundStatus
from tournaments.models import (
    ForbiddenPair,
    Game,
    Registration,
    RequestedBye,
    Round,
    Tournament,
)
from tournaments.pairing.state import (
    PlayerState,
    PointSystem,
    RoundRecord,
    TournamentState,
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


def initial_ranking(registrations: Iterable[Registration]) -> list[Registration]:
    """Registrations in the order of the initial ranking (C.04.2)."""
    return sorted(registrations, key=initial_ranking_key)


def last_round(tournament: Tournament) -> Round | None:
    """The highest-numbered round of ``tournament`` (or ``None``)."""
    return Round.objects.filter(tournament=tournament).order_by("-number").first()


def round_is_complete(round: Round) -> bool:
    """Published and every game (bye) has a result."""
    return (
        round.status == RoundStatus.PUBLISHED
        and not Game.objects.filter(round=round, result="").exists()
    )


def round_version(round: Round) -> str:
    """A short fingerprint of a round's status and boards (who plays where, results).

    Forms that change a draft round carry it; the service refuses the change when the round
    no longer has the same fingerprint (somebody else changed it meanwhile).
    """
    status = Round.objects.filter(pk=round.pk).values_list("status", flat=True).first()
    boards = Game.objects.filter(round_id=round.pk).order_by("pk")
    rows = [str(status), *map(repr, boards.values_list("pk", "board", "white", "black", "result"))]
    return hashlib.sha256("|".join(rows).encode()).hexdigest()[:16]


def highest_round_number(tournament: Tournament) -> int:
    return Round.objects.filter(tournament=tournament).aggregate(n=Max("number"))["n"] or 0


def game_codes(game: Game) -> tuple[str, str | None]:
    """The TRF result codes of ``game`` for white and black (``None`` for a bye's black)."""
    if game.black_id is None:
        return game.result, None
    if len(game.result) != 2:
        return "", ""
    return game.result[0], game.result[1]


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


def point_system(tournament: Tournament) -> PointSystem:
    """The engine's point system from the tournament's point fields."""
    return PointSystem(
        win=float(tournament.points_win),
        draw=float(tournament.points_draw),
        loss=float(tournament.points_loss),
        forfeit_win=float(tournament.points_forfeit_win),
        forfeit_loss=0.0,
        pab=float(tournament.points_pab),
        half_bye=float(tournament.points_half_bye),
        full_bye=float(tournament.points_win),
        zero_bye=0.0,
    )


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
        point_system=point_system(tournament),
        forbidden_pairs=forbidden,
        initial_colour=tournament.round_one_colour or "w",
        baku=tournament.accelerated,
    )
