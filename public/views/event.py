"""The tournament pages chess-results users look for first: the starting rank list and the
alphabetical list, a round's pairings by board and by name, the Swiss crosstable and a
player's card for the event. Each is a printable page and, with ``.csv``, a download.

Each view puts its django-tables2 table in the context as ``table``: the template renders
it, and with ``csv=True`` (the ``….csv`` addresses) :class:`CsvMixin` writes it instead.
Every page is served from the page cache to visitors.
"""

from __future__ import annotations

from django.http import Http404
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.views.generic import DetailView

from players.queries import club_names
from public.tables.columns import signed_two_decimals
from public.tables.event import (
    BoardTable,
    CardTable,
    NameTable,
    StartingRankTable,
)
from public.tables.tournaments import format_points
from public.views.downloads import CsvMixin
from public.views.page_cache import AnonymousPageCacheMixin
from public.views.tournaments import shown_grades
from ratings import queries as rating_queries
from tournaments import event_queries, queries
from web.params import parse_text
from web.views import ReadOnlyMixin


class TournamentPageMixin(AnonymousPageCacheMixin, ReadOnlyMixin):
    context_object_name = "tournament"

    def get_queryset(self):
        return queries.tournament_for_page()

    def game_kind(self) -> str:
        """``go``, ``shogi`` or ``chess``: the format's game, else the rating list's."""
        tournament = self.object
        if tournament.uses_mcmahon_engine:
            return "go" if tournament.is_go else "shogi"
        return tournament.rating_list.game if tournament.rating_list_id else "chess"

    @property
    def go(self) -> bool:
        return self.game_kind() == "go"

    @property
    def shogi(self) -> bool:
        return self.game_kind() == "shogi"


class StartingListView(CsvMixin, TournamentPageMixin, DetailView):
    """The players by start number with their rating at the start, FIDE ID, federation and
    club (``?order=alpha``: alphabetically)."""

    page_parameters = ("order",)

    template_name = "public/tournaments/players.html"
    file_part = "players"

    def alphabetical(self) -> bool:
        return parse_text(self.request.GET.get("order")) == "alpha"

    def csv_name(self, context) -> str:
        return "players-alphabetical" if self.alphabetical() else "players"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        data = rating_queries.tournament_standings(self.object)
        clubs = club_names(data.players.values())
        rows = [
            {
                "tpn": entry.tpn,
                "player": data.players[entry.tpn],
                "rating": entry.rating,
                "club": clubs.get(data.players[entry.tpn].club_id, ""),
                "withdrawn": entry.tpn in data.withdrawn,
            }
            for entry in data.event.players
        ]
        if self.alphabetical():
            rows.sort(key=lambda row: (row["player"].last_name, row["player"].first_name))
        context.update(
            page="players",
            alphabetical=self.alphabetical(),
            table=StartingRankTable(rows, grades=shown_grades(data)),
            strength=data.strength(),
        )
        return context


class RoundPagesMixin(CsvMixin, TournamentPageMixin):
    """A published round: ``number`` from the URL, else the latest (404 for a draft)."""

    page = "rounds"

    @cached_property
    def round_numbers(self) -> list[int]:
        return queries.public_round_numbers(self.object)

    def round_number(self) -> int | None:
        numbers = self.round_numbers
        number = self.kwargs.get("number", numbers[-1] if numbers else None)
        if number is not None and number not in numbers:
            raise Http404(_("No such round."))
        return number

    def csv_name(self, context) -> str:
        suffix = "-by-name" if self.page == "round_by_name" else ""
        return f"round-{context['number']}{suffix}"

    def boards(self, number: int) -> list[event_queries.Board]:
        tournament = self.object
        registrations = event_queries.registrations_of(tournament)
        ratings = rating_queries.ratings_at_start(tournament, registrations)
        infos = event_queries.entry_infos(tournament, registrations, ratings)
        pairings = queries.round_pairings(tournament, number)
        return event_queries.round_boards(tournament, pairings, infos, go=self.go)

    def table(self, boards):
        raise NotImplementedError

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        number = self.round_number()
        context.update(page=self.page, number=number, round_numbers=self.round_numbers, table=None)
        if number is None:
            if self.csv:
                raise Http404(_("No round has been published yet."))
            return context
        boards = self.boards(number)
        context.update(
            table=self.table(boards),
            live=any(not board.game.result for board in boards),
            mms=self.object.has_mcmahon_score,
            go=self.go,
            shogi=self.shogi,
        )
        return context


class RoundView(RoundPagesMixin, DetailView):
    """The pairings and results of one published round, by board: start numbers, ratings,
    points (McMahon score) before the round; go: handicap and komi; shogi: sente and gote.

    Without a number: the latest published round, or a note that none is published yet.
    While a result is missing the page polls its live fragment (see ``public.views.live``)."""

    template_name = "public/tournaments/round.html"

    def table(self, boards):
        tournament = self.object
        return BoardTable(boards, go=self.go, shogi=self.shogi, mms=tournament.has_mcmahon_score)


class RoundByNameView(RoundPagesMixin, DetailView):
    """A published round by player name: each player's board, colour, opponent and score."""

    template_name = "public/tournaments/round_by_name.html"
    page = "round_by_name"

    def table(self, boards):
        tournament = self.object
        rows = event_queries.boards_by_name(boards, tournament.point_system)
        return NameTable(rows, shogi=self.shogi, mms=tournament.has_mcmahon_score)


class LiveRoundView(RoundView):
    """The round's table alone, which the round page polls while a result is missing: served
    from the page cache like every tournament page (a result entered makes it stale at once)."""

    template_name = "public/tournaments/live_round.html"


class PlayerCardView(TournamentPageMixin, DetailView):
    """One player's event: start number, rating, points, place, performance and rating
    change, then each round's board, colour, opponent, result and rating change."""

    template_name = "public/tournaments/player_card.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        tournament = self.object
        games = list(queries.tournament_games(tournament))
        data = rating_queries.tournament_standings(tournament, games=games)
        tpn = self.kwargs["tpn"]
        if tpn not in data.players:
            raise Http404(_("No player with that number in this tournament."))
        player = data.players[tpn]
        ranked = queries.ranked(data, data.completed)
        row = next((r for r in ranked.rows if r.player.tpn == tpn), None)
        changes = rating_queries.game_changes(tournament, player) if data.rated else {}
        change = data.changes.get(tpn)
        context.update(
            page="player",
            player=player,
            tpn=tpn,
            rating=next(p.rating for p in data.event.players if p.tpn == tpn),
            row=row,
            points=format_points(row.points) if row else "",
            change=change,
            change_text=signed_two_decimals(change),
            table=CardTable(
                event_queries.player_card(data, tpn, games, changes),
                rated=data.rated,
                shogi=self.shogi,
            ),
        )
        return context
