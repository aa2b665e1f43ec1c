"""A league's season, its divisions and their calendars, postponed and defaulted matches."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.text import slugify
from django.utils.translation import gettext as _

from actions.tournaments import write_tournament
from core import roles
from core.audit import snapshot
from core.enums import AuditAction
from core.roles import Actor
from core.submissions import Submission
from core.unit_of_work import change
from events.models import Division, MatchCard, MatchCardStatus, MatchDay, Season
from rules.leagues import CRITERIA, league_calendar, rounds_of
from rules.pairing.teams import MAX_BOARDS, MIN_BOARDS
from tournaments.enums import PairingSystem, RoundStatus, TeamMatchOutcome, TournamentStatus
from tournaments.models import Game, Registration, Round, Team, TeamMatch, TeamMember

#: Addresses under /leagues/ that are pages, not seasons.
RESERVED_SLUGS = frozenset({"organise", "cards", "new", "matches"})
#: The most teams a division may have.
MAX_TEAMS = 20
_ABSENT = {
    "first": TeamMatchOutcome.FIRST_ABSENT,
    "second": TeamMatchOutcome.SECOND_ABSENT,
    "both": TeamMatchOutcome.BOTH_ABSENT,
}


def _free_slug(base: str) -> str:
    base = base[:190] or "season"
    candidate, number = base, 1
    while candidate in RESERVED_SLUGS or Season.objects.filter(slug=candidate).exists():
        number += 1
        candidate = f"{base}-{number}"
    return candidate


def _check_dates(start: datetime.date, end: datetime.date, days: Sequence[datetime.date]) -> None:
    if end < start:
        raise ValidationError({"end_date": _("The end date cannot be before the start date.")})
    if any(not start <= day <= end for day in days):
        raise ValidationError({"match_dates": _("Every match date is within the season's dates.")})
    if any(later <= earlier for earlier, later in pairwise(days)):
        raise ValidationError(
            {"match_dates": _("The match dates follow each other, one date per match day.")}
        )


def create_season(
    *,
    actor: Actor,
    club: Any,
    name: str,
    start_date: datetime.date,
    end_date: datetime.date,
    match_dates: Sequence[datetime.date] = (),
    federation: str = "",
    slug: str = "",
    submission: Submission | None = None,
) -> Season:
    """A league season of ``club`` with its match dates (match day k is the k-th date).

    Refused: an empty name, the end before the start, a match date outside the season or
    not after the one before, an address taken; a club the actor does not organise."""
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": _("The season needs a name.")})
    with change(actor=actor, role=roles.creator_for(club), submission=submission) as unit:
        if club is None:
            raise ValidationError({"club": _("Choose the club that runs the league.")})
        days = list(match_dates)
        _check_dates(start_date, end_date, days)
        if slug and (slug in RESERVED_SLUGS or Season.objects.filter(slug=slug).exists()):
            raise ValidationError(
                {"slug": _("The address “%(slug)s” is already taken.") % {"slug": slug}}
            )
        season = Season(
            name=name,
            slug=slug or _free_slug(slugify(name)),
            club=club,
            federation=(federation or "").strip().upper(),
            start_date=start_date,
            end_date=end_date,
        )
        season.full_clean()
        season.save()
        MatchDay.objects.bulk_create(
            MatchDay(season=season, number=number, date=day)
            for number, day in enumerate(days, start=1)
        )
        unit.audit(
            AuditAction.SEASON_CREATED,
            params={"season": season.name},
            after={
                **snapshot(season, ["name", "slug", "club", "start_date", "end_date"]),
                "match_dates": [day.isoformat() for day in days],
            },
        )
        unit.answered(season)
    return season


def _check_teams(teams: Sequence[Mapping[str, Any]], boards: int) -> None:
    if not 2 <= len(teams) <= MAX_TEAMS:
        raise ValidationError(
            {"teams": _("A division has 2 to %(max)d teams.") % {"max": MAX_TEAMS}}
        )
    names = [(team.get("name") or "").strip() for team in teams]
    if not all(names):
        raise ValidationError({"teams": _("Every team needs a name.")})
    if len(set(names)) != len(names):
        raise ValidationError({"teams": _("Two teams have the same name.")})
    seen: dict[int, str] = {}
    for name, team in zip(names, teams, strict=True):
        players = list(team.get("players") or ())
        if len(players) < boards:
            raise ValidationError(
                {
                    "teams": _("%(team)s names %(count)d players for %(boards)d boards.")
                    % {"team": name, "count": len(players), "boards": boards}
                }
            )
        for player in players:
            if player.pk in seen:
                raise ValidationError(
                    {
                        "teams": _(
                            "%(player)s is on the rosters of %(first)s and %(second)s: a "
                            "player plays for one team of a division."
                        )
                        % {"player": player, "first": seen[player.pk], "second": name}
                    }
                )
            seen[player.pk] = name


def _check_division(division: Division, boards: int) -> None:
    if not (division.name or "").strip():
        raise ValidationError({"name": _("The division needs a name.")})
    if not MIN_BOARDS <= boards <= MAX_BOARDS:
        raise ValidationError(
            {
                "boards": _("A match has %(min)d to %(max)d boards.")
                % {"min": MIN_BOARDS, "max": MAX_BOARDS}
            }
        )
    words = division.table_order.split()
    if not words or any(word not in CRITERIA for word in words):
        raise ValidationError(
            {"table_order": _("Use some of: %(criteria)s.") % {"criteria": ", ".join(CRITERIA)}}
        )


def add_division(
    *,
    actor: Actor,
    season: Season,
    name: str,
    teams: Sequence[Mapping[str, Any]],
    boards: int = 4,
    double: bool = True,
    level: int = 1,
    promotion: int = 0,
    relegation: int = 0,
    played_up_limit: int | None = None,
    home_white: bool = True,
    table_order: str = "mp gp direct",
    rating_list: Any = None,
    match_points: tuple[int, int, int] = (2, 1, 0),
) -> Division:
    """A division of ``season``: a new team (double) round robin of ``teams``, each a mapping
    with ``name``, ``club`` (default: the season's), ``captain`` (a player or ``None``) and
    ``players`` (the roster in board order; those after the first ``boards`` are reserves).
    The teams' pairing numbers follow the order given (the draw).

    Refused: fewer than 2 or more than 20 teams, a team without a name or with fewer players
    than boards, a player on two rosters of the division, a division name taken, boards
    outside 2..10, an unknown table criterion; an actor who does not organise the club."""
    with change(actor=actor, role=roles.organiser_of(season.club)) as unit:
        current = Season.objects.select_related("club").get(pk=season.pk)
        name = (name or "").strip()
        division = Division(
            season=current,
            name=name,
            slug=slugify(name)[:100] or "division",
            level=level,
            promotion=promotion,
            relegation=relegation,
            played_up_limit=played_up_limit,
            home_white=home_white,
            table_order=" ".join(table_order.split()),
        )
        _check_division(division, boards)
        _check_teams(teams, boards)
        if Division.objects.filter(season=current, slug=division.slug).exists():
            raise ValidationError(
                {"name": _("The season has a division named %(name)s.") % {"name": name}}
            )
        win, draw, loss = match_points
        tournament = write_tournament(
            unit,
            name=f"{current.name}: {name}",
            start_date=current.start_date,
            end_date=current.end_date,
            club=current.club,
            rating_list=rating_list,
            pairing_system=(
                PairingSystem.TEAM_DOUBLE_ROUND_ROBIN if double else PairingSystem.TEAM_ROUND_ROBIN
            ),
            rounds_planned=rounds_of(len(teams), double=double),
            team_boards=boards,
            team_match_win=win,
            team_match_draw=draw,
            team_match_loss=loss,
        )
        division.tournament = tournament
        division.full_clean()
        division.save()
        _write_teams(tournament, current, teams, boards)
        unit.audit(
            AuditAction.DIVISION_ADDED,
            params={"season": current.name, "division": name, "teams": len(teams)},
            tournament=tournament,
            after={
                **snapshot(
                    division,
                    ["name", "level", "promotion", "relegation", "played_up_limit", "table_order"],
                ),
                "teams": [team["name"].strip() for team in teams],
            },
        )
    return division


def _write_teams(tournament: Any, season: Season, teams: Sequence[Mapping], boards: int) -> None:
    for number, spec in enumerate(teams, start=1):
        team = Team.objects.create(
            tournament=tournament,
            club=spec.get("club") or season.club,
            name=spec["name"].strip(),
            pairing_number=number,
            captain=spec.get("captain"),
        )
        players = list(spec["players"])
        TeamMember.objects.bulk_create(
            TeamMember(team=team, player=player, order=order, reserve=order > boards)
            for order, player in enumerate(players, start=1)
        )
        Registration.objects.bulk_create(
            Registration(tournament=tournament, player=player) for player in players
        )


def schedule_division(*, actor: Actor, division: Division) -> list[TeamMatch]:
    """The division's calendar: a round per match day, dated by the season's match dates,
    and its matches from the Berger tables for teams (``rules.leagues.league_calendar``): the
    home team first when it has White on board 1, else the away team.

    Refused: the division is scheduled already; the season has fewer match dates than the
    division has rounds."""
    tournament = division.tournament
    with change(actor=actor, role=roles.manager_of(tournament), tournament=tournament) as unit:
        current = Division.objects.select_related("season").get(pk=division.pk)
        if Round.objects.filter(tournament=unit.tournament).exists():
            raise ValidationError(_("The division's calendar is made already."))
        teams = {team.pairing_number: team for team in Team.objects.filter(tournament=tournament)}
        double = unit.tournament.pairing_system == PairingSystem.TEAM_DOUBLE_ROUND_ROBIN
        rounds = rounds_of(len(teams), double=double)
        days = list(current.season.match_days.values_list("date", flat=True)[:rounds])
        if len(days) < rounds:
            raise ValidationError(
                _("The division has %(rounds)d rounds but the season %(days)d match dates.")
                % {"rounds": rounds, "days": len(days)}
            )
        if unit.tournament.status != TournamentStatus.RUNNING:
            unit.tournament.status = TournamentStatus.RUNNING  # its calendar starts the league
            unit.tournament.save(update_fields=["status"])
        fixtures = league_calendar(
            len(teams), double=double, dates=days, home_white=current.home_white
        )
        round_rows = {
            number: Round.objects.create(
                tournament=unit.tournament,
                number=number,
                date=day,
                status=RoundStatus.PUBLISHED,
            )
            for number, day in enumerate(days, start=1)
        }
        matches, numbers = [], {}
        for fixture in fixtures:
            first, second = (
                (fixture.home, fixture.away) if fixture.home_white else (fixture.away, fixture.home)
            )
            numbers[fixture.round] = numbers.get(fixture.round, 0) + 1
            matches.append(
                TeamMatch(
                    round=round_rows[fixture.round],
                    number=numbers[fixture.round],
                    first=teams[first],
                    second=teams[second],
                    scheduled_date=fixture.date,
                )
            )
        TeamMatch.objects.bulk_create(matches)
        unit.audit(
            AuditAction.LEAGUE_SCHEDULED,
            params={"division": current.name, "rounds": rounds},
            tournament=unit.tournament,
            after={"rounds": rounds, "matches": len(matches)},
        )
    return matches


def _refuse_if_played(match: TeamMatch) -> None:
    decided = MatchCard.objects.filter(
        match=match, status__in=(MatchCardStatus.CONFIRMED, MatchCardStatus.DECIDED)
    ).exists()
    if (
        decided
        or match.outcome != TeamMatchOutcome.PLAYED
        or Game.objects.filter(team_match=match).exclude(result="").exists()
    ):
        raise ValidationError(_("The match has a result already."))


def postpone_match(*, actor: Actor, match: TeamMatch, to: datetime.date) -> TeamMatch:
    """Move a match to another date (played out of the rounds' order). Refused: the match
    has a result; the date is outside the season."""
    tournament = match.round.tournament
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        current = TeamMatch.objects.select_related(
            "round", "first", "second", "round__tournament__division__season"
        ).get(pk=match.pk)
        _refuse_if_played(current)
        season = current.round.tournament.division.season
        if not season.start_date <= to <= season.end_date:
            raise ValidationError({"to": _("Choose a date within the season's dates.")})
        before = current.postponed_to
        if before == to:
            return current
        current.postponed_to = to
        current.save(update_fields=["postponed_to"])
        unit.audit(
            AuditAction.MATCH_POSTPONED,
            params={"match": str(current), "round": current.round.number, "date": to.isoformat()},
            tournament=unit.tournament,
            before={"postponed_to": before.isoformat() if before else None},
            after={"postponed_to": to.isoformat()},
        )
    return current


def default_match(*, actor: Actor, match: TeamMatch, absent: str) -> TeamMatch:
    """A team did not come (``absent``: ``first``, ``second`` or ``both``): the match is a
    whole-match forfeit (the other team wins it and every board). Refused: the match has a
    result, or an unknown ``absent``."""
    if absent not in _ABSENT:
        raise ValidationError({"absent": _("Choose the team that did not come.")})
    tournament = match.round.tournament
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        current = TeamMatch.objects.select_related("round", "first", "second").get(pk=match.pk)
        _refuse_if_played(current)
        MatchCard.objects.filter(match=current).delete()
        current.outcome = _ABSENT[absent]
        current.save(update_fields=["outcome"])
        absent_teams = {
            "first": [current.first],
            "second": [current.second],
            "both": [current.first, current.second],
        }[absent]
        unit.audit(
            AuditAction.MATCH_DEFAULTED,
            params={"match": str(current), "team": " / ".join(map(str, absent_teams))},
            tournament=unit.tournament,
            after={"outcome": current.outcome},
        )
    return current
