"""A team tournament's public pages (issue 22), chess-results style: the team standings, the
team crosstable, each round's matches board by board, a team's card and the board prizes,
each with a CSV download but the card. Served from the page cache to visitors like every
tournament page (an entered result makes them stale at once); the standings and a round's
matches poll their live fragment while a board has no result.

Reads: :mod:`tournaments.queries.team_event` and :mod:`tournaments.queries.team_players` (four
queries for the whole event) and the players' ratings at the start
(:func:`ratings.queries.tournaments.team_ratings`).
"""

from __future__ import annotations

from django.http import Http404
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import DetailView

from public.tables.teams import (
    BoardPrizeTable,
    MatchBoardTable,
    RosterTable,
    RoundMatchesTable,
    TeamCrosstableTable,
    TeamMatchesTable,
    TeamStandingsTable,
)
from public.views.downloads import CsvMixin
from public.views.event import TournamentPageMixin
from ratings.queries.tournaments import team_ratings
from tournaments.queries import team_event as reads
from tournaments.queries import team_players
from web.params import parse_int, parse_text
from web.points import format_points
from web.tiebreak_names import describe_team


class TeamPageMixin(TournamentPageMixin):
    """A page of a team tournament (404 for an individual one), with its event read once."""

    page = ""

    @cached_property
    def event(self) -> reads.TeamEvent:
        if not self.object.is_team:
            raise Http404(_("This is not a team tournament."))
        return reads.team_event(self.object)

    @cached_property
    def ratings(self) -> dict[int, int | None]:
        return team_ratings(self.object, reads.team_player_ids(self.event))

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(page=self.page, event=self.event)
        return context


class AfterRoundMixin(CsvMixin, TeamPageMixin):
    """``?round=N``: the table after round N (1 up to the last complete round; 404 past it)."""

    page_parameters = ("round",)
    page_title = ""

    def after_round(self) -> int:
        completed = self.event.completed
        raw = parse_text(self.request.GET.get("round"))
        if not raw:
            return completed
        number = parse_int(raw, minimum=1, maximum=max(completed, 1))
        if number is None or number > completed:
            raise Http404(_("No standings after that round."))
        return number

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        after = self.after_round()
        rows, tiebreaks = reads.ranked(self.event, after)
        latest = not parse_text(self.request.GET.get("round"))
        context.update(
            page_title=self.page_title,
            after_round=after,
            round_choices=range(1, self.event.completed + 1),
            table=self.table(rows, after, tiebreaks),
            legend=[(tb.code, describe_team(tb)) for tb in tiebreaks],
            live=latest and self.event.live,
            csv_url=reverse(f"tournaments:{self.page}_csv", args=[self.object.slug]),
        )
        return context

    def table(self, rows, after: int, tiebreaks):
        raise NotImplementedError


class TeamStandingsView(AfterRoundMixin, DetailView):
    """Team standings after a round: match points, game points, tie-breaks."""

    template_name = "public/tournaments/teams/standings.html"
    page = "team_standings"
    page_title = gettext_lazy("Team standings")
    file_part = "team-standings"

    def table(self, rows, after, tiebreaks):
        return TeamStandingsTable(
            [
                {
                    "place": row.place,
                    "number": row.number,
                    "team": row.team,
                    "played": row.played,
                    "match_points": row.match_points,
                    "game_points": row.game_points,
                    **{f"tb{i}": value for i, value in enumerate(row.tiebreaks)},
                }
                for row in rows
            ],
            slug=self.object.slug,
            tiebreaks=tiebreaks,
        )


class LiveTeamStandingsView(TeamStandingsView):
    """The standings fragment the page polls while a round is played."""

    template_name = "public/tournaments/teams/live_standings.html"


class TeamCrosstableView(AfterRoundMixin, DetailView):
    """A team round robin's square of game points; a team Swiss's rounds."""

    template_name = "public/tournaments/teams/crosstable.html"
    page = "team_crosstable"
    page_title = gettext_lazy("Team crosstable")
    file_part = "team-crosstable"

    def table(self, rows, after, tiebreaks):
        return TeamCrosstableTable(
            reads.crosstable_rows(self.event, rows, after),
            slug=self.object.slug,
            size=len(rows),
            rounds=after,
            round_robin=reads.is_round_robin(self.object),
        )


class TeamRoundView(CsvMixin, TeamPageMixin, DetailView):
    """A round's matches, each board by board (players, ratings, results); without a number
    the latest published round. The CSV holds every board of the round in one table."""

    template_name = "public/tournaments/teams/round.html"
    page = "team_round"

    def round_number(self) -> int | None:
        numbers = sorted(self.event.rounds)
        number = self.kwargs.get("number", numbers[-1] if numbers else None)
        if number is not None and number not in numbers:
            raise Http404(_("No such round."))
        return number

    def csv_name(self, context) -> str:
        return f"team-round-{context['number']}"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        number = self.round_number()
        context.update(number=number, round_numbers=sorted(self.event.rounds), table=None)
        if number is None:
            if self.csv:
                raise Http404(_("No round has been published yet."))
            return context
        lines = self.event.rounds[number]
        context.update(
            matches=[self.match_context(line) for line in lines],
            table=RoundMatchesTable(self.flat_rows(lines)),
            live=any(not line.complete for line in lines),
        )
        return context

    def match_context(self, line: reads.MatchLine) -> dict:
        event = self.event
        return {
            "line": line,
            "first_number": event.number_of(line.first),
            "second_number": None if line.second is None else event.number_of(line.second),
            "first_points": format_points(line.first_points),
            "second_points": format_points(line.second_points),
            "table": MatchBoardTable(
                [self.board_row(board) for board in line.boards],
                attrs={"class": "table match-boards"},
            ),
        }

    def board_row(self, board: reads.MatchBoard) -> dict:
        first, second = board.first_player, board.second_player
        return {
            "board": board.board,
            "colour": board.first_colour,
            "first_player": first,
            "first_rating": self.ratings.get(first.pk) if first else None,
            "result": board.result.replace("-", "–") if board.result else "",
            "second_player": second,
            "second_rating": self.ratings.get(second.pk) if second else None,
        }

    def flat_rows(self, lines: list[reads.MatchLine]) -> list[dict]:
        rows = []
        for line in lines:
            for board in line.boards:
                rows.append(
                    {
                        "match": line.match.number,
                        "first_team": line.first.name,
                        "second_team": line.second.name if line.second else "",
                        **self.board_row(board),
                    }
                )
        return rows


class LiveTeamRoundView(TeamRoundView):
    """A round's matches alone, which the round page polls while a board has no result."""

    template_name = "public/tournaments/teams/live_round.html"


class TeamCardView(TeamPageMixin, DetailView):
    """One team: its matches (opponent, colour on board 1, game and match points) and its
    roster (each round's board, colour and result; score, games and performance)."""

    template_name = "public/tournaments/teams/card.html"
    page = "team_card"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        event = self.event
        number = self.kwargs["number"]
        if number not in event.teams:
            raise Http404(_("No team with that number in this tournament."))
        records = reads.team_records(event, max(event.rounds, default=0))[number]
        players = [p for p in team_players.player_boards(event, self.ratings) if p.team == number]
        rounds = max(event.rounds, default=0)
        rows = standings_row(event, number)
        context.update(
            team=event.teams[number],
            number=number,
            row=rows,
            game_points=format_points(rows.game_points) if rows else "",
            roster_table=RosterTable([self.roster_row(p) for p in players], rounds=rounds),
            matches_table=TeamMatchesTable(
                [
                    {
                        "round": record.round_number,
                        "opponent": (
                            event.teams[record.opponent].name if record.opponent else _("bye")
                        ),
                        "opponent_number": record.opponent,
                        "colour": record.colour,
                        "game_points": record.game_points,
                        "against": record.opponent_game_points,
                        "match_points": record.match_points,
                    }
                    for record in records
                ],
                slug=self.object.slug,
            ),
        )
        return context

    def roster_row(self, entry: team_players.PlayerBoards) -> dict:
        row = {
            "order": entry.order,
            "reserve": entry.reserve,
            "player": entry.player,
            "rating": self.ratings.get(entry.player.pk),
            "points": entry.points,
            "games": entry.games,
            "performance": entry.performance(),
        }
        for round_number, (board, colour, result) in entry.rounds.items():
            row[f"r{round_number}"] = f"{board}{colour} {result}".strip()
        return row


def standings_row(event: reads.TeamEvent, number: int) -> reads.StandingRow | None:
    """The team's line of the standings after the last complete round."""
    rows = reads.standings_rows(event, event.completed)
    return next((row for row in rows if row.number == number), None)


class BoardPrizesView(CsvMixin, TeamPageMixin, DetailView):
    """The best players of each board: ``?by=score`` (percentage) or ``performance``
    (the default for a rated tournament), with at least ``?min=`` games on the board (two
    thirds of the rounds played unless asked otherwise). The CSV holds every board."""

    page_parameters = ("by", "min")
    template_name = "public/tournaments/teams/board_prizes.html"
    page = "board_prizes"
    file_part = "board-prizes"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        event = self.event
        rounds = max(event.rounds, default=0)
        default_min = team_players.default_minimum_games(rounds)
        minimum = parse_int(self.request.GET.get("min"), minimum=1, maximum=99) or default_min
        by = parse_text(self.request.GET.get("by"))
        by_performance = by == "performance" or (
            by != "score" and self.object.rating_list_id is not None
        )
        prizes = team_players.board_prizes(
            event,
            team_players.player_boards(event, self.ratings),
            minimum_games=minimum,
            by_performance=by_performance,
        )
        slug = self.object.slug
        context.update(
            minimum=minimum,
            by_performance=by_performance,
            boards=[
                (board, BoardPrizeTable(self.rows(lines), slug=slug))
                for board, lines in prizes.items()
            ],
            table=BoardPrizeTable(
                [
                    dict(row, board=board)
                    for board, lines in prizes.items()
                    for row in self.rows(lines)
                ],
                slug=slug,
                every_board=True,
            ),
        )
        return context

    def rows(self, lines) -> list[dict]:
        event = self.event
        return [
            {
                "place": line.place,
                "player": line.player,
                "team": line.team.name,
                "team_number": event.number_of(line.team),
                "points": line.points,
                "games": line.games,
                "percent": line.percent,
                "performance": line.performance,
            }
            for line in lines
        ]
