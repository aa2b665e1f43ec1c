"""Pairing a team round: the matches, then each match's board games from the line-ups.

:func:`pair_team_round` is called by :func:`actions.rounds.pair_next_round` inside its unit
(the round's row made, the tournament locked). Team round robins follow the Berger tables
(:func:`rules.pairing.teams.team_schedule`), a Scheveningen match
:func:`rules.pairing.teams.scheveningen`, a team Swiss :func:`swiss_matches`. On each board
the first-named team's colour alternates from White on board 1
(:func:`rules.pairing.teams.team_colours`). A team without a line-up for the round gets its
default one, recorded as its line-up (no one submitted it).
"""

from __future__ import annotations

import random
from statistics import mean

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from actions.teams.line_ups import save_line_up
from players.models import Player
from rules.pairing import team_swiss
from rules.pairing.teams import Match, scheveningen, team_colours, team_schedule
from tournaments.enums import PairingSystem, Seeding
from tournaments.models import Game, LineUp, Registration, Round, Team, TeamMatch, Tournament
from tournaments.queries.team_pairing import team_swiss_state
from tournaments.queries.teams import default_line_up, line_up_players

#: (first team's number, second's) per match, and the number of the team with the bye.
Pairs = tuple[list[tuple[int, int]], int | None]


def pair_team_round(round_: Round) -> list[tuple[Player, Player | None, str]]:
    """Make ``round_``'s matches and board games; the boards as (white, black, result)."""
    tournament = round_.tournament
    number = round_.number
    teams = _numbered_teams(tournament, number)
    by_number = {team.pairing_number: team for team in teams}
    line_ups = {team.pk: _line_up(team, number) for team in teams}
    if tournament.pairing_system == PairingSystem.SCHEVENINGEN:
        return _scheveningen_round(round_, teams, line_ups)
    if tournament.pairing_system == PairingSystem.TEAM_SWISS:
        pairs, bye = swiss_matches(tournament, number)
    else:
        double = tournament.pairing_system == PairingSystem.TEAM_DOUBLE_ROUND_ROBIN
        planned = team_schedule(len(teams), double=double)[number - 1]
        pairs, bye = [(m.first, m.second) for m in planned.matches], planned.bye
    boards = tournament.team_boards or 0
    games: list[Game] = []
    count = 0
    for count, (first_no, second_no) in enumerate(pairs, start=1):
        first, second = by_number[first_no], by_number[second_no]
        match = TeamMatch.objects.create(round=round_, number=count, first=first, second=second)
        colours = team_colours(Match(first_no, second_no), first_no, boards)
        for board, (colour, mine, theirs) in enumerate(
            zip(colours, line_ups[first.pk], line_ups[second.pk], strict=True), start=1
        ):
            white, black = (mine, theirs) if colour == "W" else (theirs, mine)
            games.append(_game(round_, match, board, (count - 1) * boards + board, white, black))
    if bye is not None:
        TeamMatch.objects.create(round=round_, number=count + 1, first=by_number[bye])
    Game.objects.bulk_create(games)
    return [(g.white, g.black, g.result) for g in games]


def swiss_matches(tournament: Tournament, number: int) -> Pairs:
    """The team Swiss (C.04.6) pairing of round ``number``: the engine's matches (the
    first-named team has White on board 1), and the team with the PAB."""
    result = team_swiss.pair_team_round(team_swiss_state(tournament, number))
    if not result.ok:
        raise ValidationError(
            _("No pairing of round %(round)d satisfies the absolute criteria: %(why)s")
            % {"round": number, "why": result.message}
        )
    return list(result.pairs), result.bye


def _game(
    round_: Round, match: TeamMatch, board: int, number: int, white: Player, black: Player
) -> Game:
    return Game(
        round=round_,
        board=number,
        team_match=match,
        team_board=board,
        white=white,
        black=black,
        result="",
    )


def _scheveningen_round(
    round_: Round, teams: list[Team], line_ups: dict[int, list[Player]]
) -> list[tuple[Player, Player | None, str]]:
    if len(teams) != 2:
        raise ValidationError(_("A Scheveningen match is played by exactly two teams."))
    first, second = teams
    plan = scheveningen(round_.tournament.team_boards or 0)[round_.number - 1]
    match = TeamMatch.objects.create(round=round_, number=1, first=first, second=second)
    games = []
    for pairing in plan:
        mine = line_ups[first.pk][pairing.a_player - 1]
        theirs = line_ups[second.pk][pairing.b_player - 1]
        white, black = (mine, theirs) if pairing.a_white else (theirs, mine)
        games.append(_game(round_, match, pairing.board, pairing.board, white, black))
    Game.objects.bulk_create(games)
    return [(g.white, g.black, g.result) for g in games]


def _line_up(team: Team, number: int) -> list[Player]:
    """The team's line-up for the round: the submitted one, else its default (recorded)."""
    boards = team.tournament.team_boards or 0
    submitted = LineUp.objects.filter(team=team, round_number=number).first()
    if submitted is not None:
        return line_up_players(submitted)
    players = default_line_up(team, number, boards)
    if len(players) < boards:
        raise ValidationError(
            _(
                "%(team)s has %(count)d players who may play round %(round)d: a line-up needs "
                "%(boards)d. Complete its roster first."
            )
            % {"team": team, "count": len(players), "round": number, "boards": boards}
        )
    save_line_up(team, number, players, None)
    return players


def _numbered_teams(tournament: Tournament, number: int) -> list[Team]:
    """The teams by pairing number; at round 1 numbered 1..n unless they already are: by
    lot for a round robin drawn by lot, else by the mean rating of their first boards."""
    teams = list(Team.objects.filter(tournament=tournament).order_by("pairing_number", "name"))
    if len(teams) < 2:
        raise ValidationError(_("At least two teams are needed to pair a round."))
    numbers = sorted(team.pairing_number or 0 for team in teams)
    if numbers == list(range(1, len(teams) + 1)):
        return teams
    if number > 1:
        raise ValidationError(
            _("The teams' pairing numbers are not 1 to %(n)d.") % {"n": len(teams)}
        )
    if tournament.seeding == Seeding.LOT and tournament.pairing_system != PairingSystem.TEAM_SWISS:
        random.SystemRandom().shuffle(teams)
    else:
        strength = _strengths(tournament, teams)
        teams.sort(key=lambda team: (-strength[team.pk], team.name))
    Team.objects.filter(pk__in=[t.pk for t in teams]).update(pairing_number=None)
    for place, team in enumerate(teams, start=1):
        team.pairing_number = place
        team.save(update_fields=["pairing_number"])
    return teams


def _strengths(tournament: Tournament, teams: list[Team]) -> dict[int, float]:
    """Each team's mean rating at start over its first ``team_boards`` roster players."""
    ratings = dict(
        Registration.objects.filter(tournament=tournament).values_list(
            "player_id", "rating_at_start"
        )
    )
    boards = tournament.team_boards or 0
    result = {}
    for team in teams:
        firsts = list(team.members.order_by("order").values_list("player_id", flat=True))[:boards]
        result[team.pk] = mean(ratings.get(p) or 0 for p in firsts) if firsts else 0.0
    return result
