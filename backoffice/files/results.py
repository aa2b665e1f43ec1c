"""Results files for the go and shogi federations: the EGD ``.h9`` and FESA's ``turnering.txt``.

Read-only services (one per file): they build the pure :mod:`rules.files.h9` /
:mod:`rules.files.turnering` structures from the database, players in the order of the final
standings (McMahon score, SOS, SODOS, SOSOS for the go formats) over the rounds with every
result in.

    export_h9(*, tournament, tournament_class=None, time_minutes=0) -> str  # class: the EGF one
    export_turnering(*, tournament, time_control="") -> str

Country codes: ISO 3166 alpha-2 from the player's (or club's) FIDE federation
(:mod:`rules.countries`: ``ENG`` → ``GB``, ``NED`` → ``NL``), a two-letter federation as it
is, else ``--`` (to fill in before sending). A player without a grade or rating is written
as 30 kyu in the ``.h9``.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ratings.queries.tournaments import tournament_standings
from rules import standings
from rules.countries import iso2
from rules.files.h9 import H9File, H9Game, H9Player, write_h9
from rules.files.turnering import TurneringFile, TurneringPlayer, write_turnering
from tournaments.enums import HandicapPolicy
from tournaments.models import Game, Registration, Tournament
from tournaments.queries.standings import StandingsData, ranked

_PLAYED = frozenset("1=0")
_WHITE_RESULT = {"1": "+", "=": "=", "0": "-", "W": "+", "D": "=", "L": "-", "+": "+", "-": "-"}
_BYE = {"U": "+", "F": "+", "H": "=", "Z": "-"}


def _country(holder: Any) -> str:
    """A player's or club's federation as an ISO two-letter country code, else ``--``."""
    return iso2(holder.federation) or "--"


def _final(tournament: Tournament) -> tuple[StandingsData, standings.Standings]:
    data = tournament_standings(tournament)
    if data.completed == 0:
        raise ValidationError(_("No round has all its results yet: there is nothing to export."))
    return data, ranked(data, data.completed)


def _handicaps(tournament: Tournament) -> dict[tuple[int, int], int]:
    """(round number, white's id) -> stones, for the games with a handicap."""
    return {
        (number, white): stones
        for number, white, stones in Game.objects.filter(
            round__tournament=tournament, handicap__gt=0
        ).values_list("round__number", "white_id", "handicap")
    }


def export_h9(
    *, tournament: Tournament, tournament_class: str | None = None, time_minutes: int = 0
) -> str:
    """The tournament as an EGD ``.h9`` file. ``tournament_class`` defaults to the
    tournament's EGF class (``Tournament.rating_class``). Refused: no round complete yet."""
    data, table = _final(tournament)
    place = {row.player.tpn: i for i, row in enumerate(table.rows, start=1)}
    after = table.after_round
    scores = {
        code: standings.tiebreak_values(data.event, code, after_round=after)
        for code in ("MMS", "SOS", "SOSOS")
    }
    handicaps = _handicaps(tournament)
    entries = {p.tpn: p.entries for p in data.event.players}
    players = []
    for i, row in enumerate(table.rows, start=1):
        tpn = row.player.tpn
        db_player = data.players[tpn]
        games = []
        for number, entry in enumerate(row.player.entries[:after], start=1):
            if entry.opponent is None:
                games.append(H9Game(0, _BYE.get(entry.result, "-")))
                continue
            result = _WHITE_RESULT.get(entry.result, "-")
            if entry.result == "-" and entries[entry.opponent][number - 1].result == "-":
                games.append(H9Game(0, "-"))  # a double forfeit: no game for either
                continue
            white_id = db_player.pk if entry.colour == "w" else data.players[entry.opponent].pk
            games.append(
                H9Game(
                    place[entry.opponent],
                    result,
                    entry.colour,
                    handicaps.get((number, white_id), 0),
                    played=entry.result in _PLAYED,
                )
            )
        club = db_player.club.short_name or db_player.club.name if db_player.club else ""
        players.append(
            H9Player(
                place=i,
                last_name=db_player.last_name,
                first_name=db_player.first_name,
                grade=data.grades.get(tpn) or "30k",
                country=_country(db_player),
                club=club,
                scores=tuple(scores[code][tpn] or 0 for code in ("MMS", "SOS", "SOSOS")),
                games=tuple(games),
            )
        )
    club = tournament.club
    return write_h9(
        H9File(
            name=tournament.name,
            start=tournament.start_date.isoformat(),
            end=tournament.end_date.isoformat(),
            players=tuple(players),
            tournament_class=tournament_class or tournament.rating_class or "A",
            country=_country(club) if club is not None else "--",
            city=tournament.city,
            handicap_rule="h0" if tournament.handicap_policy == HandicapPolicy.NONE else "h9",
            komi=f"{tournament.komi:g}" if tournament.komi is not None else "6.5",
            time_minutes=time_minutes,
        )
    )


def export_turnering(*, tournament: Tournament, time_control: str = "") -> str:
    """The tournament as FESA's ``turnering.txt`` (text; send it encoded in ISO-8859-1).

    A player is marked new (``N``) when the entry had no rating at the start. Refused: no
    round complete yet.
    """
    data, table = _final(tournament)
    place = {row.player.tpn: i for i, row in enumerate(table.rows, start=1)}
    rated = set(
        Registration.objects.filter(
            tournament=tournament, rating_at_start__isnull=False
        ).values_list("player_id", flat=True)
    )
    players = []
    for i, row in enumerate(table.rows, start=1):
        db_player = data.players[row.player.tpn]
        rounds = []
        for entry in row.player.entries[: table.after_round]:
            if entry.opponent is not None and entry.result in _PLAYED:
                rounds.append((place[entry.opponent], _WHITE_RESULT[entry.result]))
            elif entry.opponent is not None:
                rounds.append((0, _WHITE_RESULT.get(entry.result, "-")))
            else:
                rounds.append((0, _BYE.get(entry.result, "-")))
        players.append(
            TurneringPlayer(
                place=i,
                last_name=db_player.last_name,
                first_name=db_player.first_name,
                rounds=tuple(rounds),
                nationality=_country(db_player),
                new=db_player.pk not in rated,
            )
        )
    club = tournament.club
    return write_turnering(
        TurneringFile(
            name=tournament.name,
            city=tournament.city,
            country=_country(club) if club is not None else "--",
            date=tournament.start_date.isoformat(),
            time_control=time_control,
            players=tuple(players),
        )
    )
