"""The tournament pages chess-results users look for first: the starting rank list and the
alphabetical list, a round's pairings by board and by name, the Swiss crosstable and a
player's card for the event. Each is a printable page and, with ``.csv``, a download.

Each view puts its django-tables2 table in the context as ``table``: the template renders
it, and with ``csv=True`` (the ``….csv`` addresses) :class:`CsvMixin` writes it instead.
Every page is served from the page cache to visitors.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.views.generic import DetailView

from events.queries.check_in import check_in_rule, code_of, registration_of_account
from players.queries.players import club_names
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
from ratings.queries.tournaments import game_changes, ratings_at_start, tournament_standings
from tournaments.queries import standings
from tournaments.queries.event import (
    Board,
    boards_by_name,
    entry_infos,
    player_card,
    registrations_of,
    round_boards,
)
from tournaments.queries.games import round_pairings, tournament_games
from tournaments.queries.rounds import (
    public_round_numbers,
    public_rounds_explained,
    round_explanation,
)
from tournaments.queries.tournaments import tournament_for_page
from web.params import parse_text
from web.views import ReadOnlyMixin
from web.why import engine_opponents, explain_board, explain_bye


class TournamentPageMixin(AnonymousPageCacheMixin, ReadOnlyMixin):
    context_object_name = "tournament"

    def get_queryset(self):
        return tournament_for_page()

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

    def boards(self, number: int) -> list[Board]:
        """The boards of published round ``number``, as the round pages and the venue screen
        show them."""
        tournament = self.object
        registrations = registrations_of(tournament)
        ratings = ratings_at_start(tournament, registrations)
        infos = entry_infos(tournament, registrations, ratings)
        pairings = round_pairings(tournament, number)
        return round_boards(tournament, pairings, infos, go=self.go)


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
        data = tournament_standings(self.object)
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
    def explained(self) -> dict[int, bool]:
        """Published round number -> the engine's explanation is kept (one query)."""
        return public_rounds_explained(self.object)

    @cached_property
    def round_numbers(self) -> list[int]:
        return list(self.explained)

    def round_number(self) -> int | None:
        numbers = self.round_numbers
        number = self.kwargs.get("number", numbers[-1] if numbers else None)
        if number is not None and number not in numbers:
            raise Http404(_("No such round."))
        return number

    def csv_name(self, context) -> str:
        suffix = "-by-name" if self.page == "round_by_name" else ""
        return f"round-{context['number']}{suffix}"

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
        number = self.round_number()
        why = None
        if number is not None and self.explained.get(number):

            def why(board: int) -> str:
                return reverse("tournaments:round_why", args=[tournament.slug, number, board])

        return BoardTable(
            boards, go=self.go, shogi=self.shogi, mms=tournament.has_mcmahon_score, why=why
        )


class WhyView(TournamentPageMixin, DetailView):
    """ "Why this pairing": how the engine paired one board of a published round (score
    group, floats, the deciding criterion, the colour rule), in words for both players."""

    template_name = "public/tournaments/why.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        tournament = self.object
        number, board_number = self.kwargs["number"], self.kwargs["board"]
        if number not in public_round_numbers(tournament):
            raise Http404(_("No such round."))
        board = next((b for b in self.boards(number) if b.number == board_number), None)
        if board is None:
            raise Http404(_("No such board."))
        names = {
            r.pairing_number: r.player.name
            for r in registrations_of(tournament)
            if r.pairing_number is not None
        }
        explanation = round_explanation(tournament, number)
        why = None
        engine: dict[int, int | None] = {}
        if board.black.player is not None:
            why = explain_board(explanation, board.white.tpn, board.black.tpn, names)
            if not why.found:
                engine = engine_opponents(explanation, [board.white.tpn, board.black.tpn])
        elif board.game.result == "U":
            why = explain_bye(explanation, board.white.tpn, names)
            if not why.found:
                engine = engine_opponents(explanation, [board.white.tpn])
        context.update(
            page="rounds",
            number=number,
            board=board,
            why=why,
            explained=bool(explanation),
            engine=[(names.get(p), names.get(o) if o else None) for p, o in engine.items()],
        )
        return context


class RoundByNameView(RoundPagesMixin, DetailView):
    """A published round by player name: each player's board, colour, opponent and score."""

    template_name = "public/tournaments/round_by_name.html"
    page = "round_by_name"

    def table(self, boards):
        tournament = self.object
        rows = boards_by_name(boards, tournament.point_system)
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
        games = list(tournament_games(tournament))
        data = tournament_standings(tournament, games=games)
        tpn = self.kwargs["tpn"]
        if tpn not in data.players:
            raise Http404(_("No player with that number in this tournament."))
        player = data.players[tpn]
        ranked = standings.ranked(data, data.completed)
        row = next((r for r in ranked.rows if r.player.tpn == tpn), None)
        changes = game_changes(tournament, player) if data.rated else {}
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
                player_card(data, tpn, games, changes),
                rated=data.rated,
                shogi=self.shogi,
            ),
            check_in_code=own_check_in_code(tournament, player, self.request.user),
        )
        return context


def own_check_in_code(tournament: Any, player: Any, user: Any) -> str:
    """The player's self check-in code, shown on their own card only (signed in as the
    player, in a tournament with check-in); "" otherwise."""
    own = registration_of_account(tournament, user)
    if own is None or own.player_id != player.pk or check_in_rule(tournament) == "off":
        return ""
    return code_of(own)
