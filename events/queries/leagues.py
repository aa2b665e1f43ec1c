"""Reads of the club leagues: seasons, a division's calendar and table, the facts the
eligibility rules read (``rules.leagues``), and a captain's matches.

A match's home team is its first-named team when the division gives the home team White on
board 1 (``Division.home_white``), else its second-named team (the first-named team of a
:class:`tournaments.models.TeamMatch` has White on board 1).
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import Prefetch, Q, QuerySet

from events.models import Division, MatchCard, MatchCardStatus, Season
from rules.leagues import Appearance, PlayedMatch, TableRow, TeamRef, division_table
from rules.pairing.teams import MatchPoints
from tournaments.enums import TeamMatchOutcome
from tournaments.models import Game, Team, TeamMatch, TeamMember

#: A board's result from the first-named team's side, by the game's code and whether the
#: first team had White on it.
_FIRST_SIDE = {
    ("10", True): "1-0",
    ("01", True): "0-1",
    ("==", True): "½-½",
    ("+-", True): "+-",
    ("-+", True): "-+",
    ("--", True): "--",
    ("10", False): "0-1",
    ("01", False): "1-0",
    ("==", False): "½-½",
    ("+-", False): "-+",
    ("-+", False): "+-",
    ("--", False): "--",
}
_FLIP = {"1-0": "0-1", "0-1": "1-0", "½-½": "½-½", "+-": "-+", "-+": "+-", "--": "--"}
_ABSENT = {
    TeamMatchOutcome.FIRST_ABSENT: "first",
    TeamMatchOutcome.SECOND_ABSENT: "second",
    TeamMatchOutcome.BOTH_ABSENT: "both",
}


def seasons() -> QuerySet[Season]:
    """Every season, the latest first, with its club."""
    return Season.objects.select_related("club").order_by("-start_date", "name")


def seasons_of_clubs(clubs: Any) -> QuerySet[Season]:
    """The seasons of ``clubs`` (an organiser's), the latest first."""
    return seasons().filter(club__in=clubs)


def divisions_of(season: Season) -> QuerySet[Division]:
    """A season's divisions, the top one first, with their tournaments."""
    return season.divisions.select_related("tournament").order_by("level", "name")


def division_by_slugs(season_slug: str, division_slug: str) -> Division | None:
    return (
        Division.objects.select_related("season__club", "tournament")
        .filter(season__slug=season_slug, slug=division_slug)
        .first()
    )


def teams_of(division: Division) -> list[Team]:
    """The division's teams in pairing-number order, with their captains and rosters."""
    return list(
        Team.objects.filter(tournament_id=division.tournament_id)
        .select_related("club", "captain")
        .prefetch_related("members__player")
        .order_by("pairing_number", "name")
    )


def home_and_away(division: Division, match: TeamMatch) -> tuple[Any, Any]:
    """The home and the away team of a match of ``division``."""
    if division.home_white:
        return match.first, match.second
    return match.second, match.first


def first_side(game_result: str, team_board: int) -> str:
    """A board's result from the first-named team's side (it has White on the odd boards)."""
    return _FIRST_SIDE[(game_result, team_board % 2 == 1)]


@dataclass(frozen=True)
class CalendarRow:
    """A match of the calendar with its date, home team and score (home's first)."""

    match: TeamMatch
    round: int
    date: datetime.date | None
    postponed_to: datetime.date | None
    home: Team
    away: Team
    home_points: Fraction | None
    away_points: Fraction | None
    default: str  # "" or the team that did not come ("home", "away", "both")
    card: MatchCard | None

    @property
    def played(self) -> bool:
        return self.home_points is not None

    @property
    def when(self) -> datetime.date | None:
        """The date the match is played on (a postponed match's new date)."""
        return self.postponed_to or self.date


def _matches(division: Division) -> list[TeamMatch]:
    games = Game.objects.filter(team_match__isnull=False).order_by("team_board")
    return list(
        TeamMatch.objects.filter(round__tournament_id=division.tournament_id, second__isnull=False)
        .select_related("round", "first", "second", "card")
        .prefetch_related(Prefetch("games", queryset=games))
        .order_by("round__number", "number")
    )


def _board_results(match: TeamMatch, boards: int) -> tuple[str, ...] | None:
    """The first team's board results, or ``None`` while a board has no result."""
    games = [game for game in match.games.all() if game.result]
    if len(games) < boards:
        return None
    return tuple(first_side(game.result, game.team_board) for game in games[:boards])


def _played(division: Division, match: TeamMatch, boards: int) -> PlayedMatch | None:
    """The match as the table reads it (home first), or ``None`` while it has no result."""
    home_is_first = division.home_white
    home, away = home_and_away(division, match)
    if match.outcome in _ABSENT:
        absent = _ABSENT[match.outcome]
        if absent != "both":
            absent = "home" if (absent == "first") == home_is_first else "away"
        return PlayedMatch(
            home.pairing_number, away.pairing_number, absent=absent, boards_count=boards
        )
    results = _board_results(match, boards)
    if results is None:
        return None
    if not home_is_first:
        results = tuple(_FLIP[result] for result in results)
    return PlayedMatch(home.pairing_number, away.pairing_number, results)


def calendar(division: Division) -> list[CalendarRow]:
    """Every match of the division, round by round, with its score once it has one."""
    boards = division.tournament.team_boards
    points = _match_points(division)
    rows = []
    for match in _matches(division):
        home, away = home_and_away(division, match)
        played = _played(division, match, boards)
        home_points = away_points = None
        default = ""
        if played is not None:
            score = division_table(
                [played.home, played.away], [played], points=points, order=("gp",)
            )
            by_team = {row.team: row.game_points for row in score}
            home_points, away_points = by_team[played.home], by_team[played.away]
            default = played.absent
        rows.append(
            CalendarRow(
                match=match,
                round=match.round.number,
                date=match.scheduled_date or match.round.date,
                postponed_to=match.postponed_to,
                home=home,
                away=away,
                home_points=home_points,
                away_points=away_points,
                default=default,
                card=getattr(match, "card", None),
            )
        )
    return rows


def _match_points(division: Division) -> MatchPoints:
    tournament = division.tournament
    return MatchPoints(
        tournament.team_match_win, tournament.team_match_draw, tournament.team_match_loss
    )


@dataclass(frozen=True)
class TableLine:
    """A line of the division table with its team."""

    row: TableRow
    team: Team


def table(division: Division, rows: Iterable[CalendarRow] | None = None) -> list[TableLine]:
    """The division table from the matches with a result (in any order of play)."""
    teams = {team.pairing_number: team for team in teams_of(division)}
    played = _played_matches(division, rows, division.tournament.team_boards)
    result = division_table(
        sorted(teams),
        played,
        order=division.order or ("mp",),
        points=_match_points(division),
        promotion=division.promotion,
        relegation=division.relegation,
    )
    return [TableLine(row, teams[row.team]) for row in result]


def _played_matches(
    division: Division, rows: Iterable[CalendarRow] | None, boards: int
) -> list[PlayedMatch]:
    matches = [row.match for row in rows] if rows is not None else _matches(division)
    return [found for match in matches if (found := _played(division, match, boards)) is not None]


# ---------------------------------------------------------------------------------------------
# Eligibility


def team_refs(season: Season) -> dict[int, TeamRef]:
    """Every team of the season as the eligibility rules see it: its club, its division and
    its rank in its club (the team of the higher division first, then by name: A1, A2)."""
    teams = list(
        Team.objects.filter(tournament__division__season=season)
        .select_related("tournament__division")
        .order_by("tournament__division__level", "name")
    )
    rank_in_club: dict[Any, int] = defaultdict(int)
    refs = {}
    for team in teams:
        club = team.club_id if team.club_id is not None else -team.pk
        rank_in_club[club] += 1
        refs[team.pk] = TeamRef(
            id=team.pk,
            club=club,
            division=team.tournament.division.pk,
            rank=rank_in_club[club],
        )
    return refs


@dataclass(frozen=True)
class PlayerFacts:
    """What the eligibility rules read of a player in a season."""

    nominated: TeamRef | None
    appearances: tuple[Appearance, ...]


def eligibility_facts(
    season: Season, players: Iterable[int], *, leave_out: TeamMatch | None = None
) -> tuple[dict[int, TeamRef], dict[int, PlayerFacts]]:
    """The season's teams and, per player, the team whose roster names him (in the season)
    and his games of the season for any team (``leave_out``: the match being checked)."""
    players = set(players)
    refs = team_refs(season)
    nominated: dict[int, TeamRef] = {}
    members = TeamMember.objects.filter(team_id__in=refs, player_id__in=players).values_list(
        "player_id", "team_id"
    )
    for player_id, team_id in members:
        current = nominated.get(player_id)
        if current is None or refs[team_id].rank > current.rank:
            nominated[player_id] = refs[team_id]
    rows = (
        Game.objects.filter(team_match__first_id__in=refs, team_match__second__isnull=False)
        .filter(Q(white_id__in=players) | Q(black_id__in=players))
        .select_related("team_match__round")
    )
    appearances: dict[int, list[Appearance]] = defaultdict(list)
    for game in rows:
        match = game.team_match
        if leave_out is not None and match.pk == leave_out.pk:
            continue
        day = match.postponed_to or match.scheduled_date or match.round.date
        first_white = game.team_board % 2 == 1
        for player_id, is_white in ((game.white_id, True), (game.black_id, False)):
            if player_id not in players:
                continue
            team_id = match.first_id if is_white == first_white else match.second_id
            appearances[player_id].append(Appearance(refs[team_id], day))
    return refs, {
        player: PlayerFacts(nominated.get(player), tuple(appearances.get(player, ())))
        for player in players
    }


# ---------------------------------------------------------------------------------------------
# A captain's matches


def captain_matches(player: Any) -> list[TeamMatch]:
    """The league matches of the teams ``player`` captains, by date, with their cards."""
    return list(
        TeamMatch.objects.filter(round__tournament__division__isnull=False, second__isnull=False)
        .filter(Q(first__captain=player) | Q(second__captain=player))
        .select_related("round__tournament__division__season", "first", "second", "card")
        .order_by("round__date", "round__number", "number")
    )


def cards_waiting(division: Division) -> QuerySet[MatchCard]:
    """The division's disputed cards, for the arbiter."""
    return MatchCard.objects.filter(
        match__round__tournament_id=division.tournament_id, status=MatchCardStatus.DISPUTED
    ).select_related("match__first", "match__second", "match__round")


def card_players(season: Season, team: Team) -> QuerySet[Any]:
    """The players a captain may name for ``team`` on a card: those on the rosters of its
    club's teams this season (the eligibility rules decide the rest), by name."""
    players = TeamMember.objects.filter(team__tournament__division__season=season)
    if team.club_id is not None:
        players = players.filter(team__club_id=team.club_id)
    else:
        players = players.filter(team=team)
    model = TeamMember._meta.get_field("player").related_model
    return model.objects.filter(pk__in=players.values("player_id")).order_by(
        "last_name", "first_name"
    )


def league_match(pk: int) -> TeamMatch | None:
    """A league match with its division, season, teams and card."""
    return (
        TeamMatch.objects.select_related(
            "round__tournament__division__season", "first", "second", "card"
        )
        .filter(pk=pk, round__tournament__division__isnull=False, second__isnull=False)
        .first()
    )
