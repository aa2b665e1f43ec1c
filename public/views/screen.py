"""The venue screen and the calendar of the rounds.

The venue screen (``/tournaments/<slug>/screen/``) is a full-screen page for a TV or a
projector: the latest published round's pairings by name (alphabetical, in as many columns as
150 players need), its pairings by board, the standings (the top that fit) and the round clock,
with a QR code of the live round page on every view. ``static/js/screen.js`` shows one view at
a time, turning every ``?every=`` seconds (20 by default), and fetches the page again every few
seconds so that a published round or a result shows by itself; without JavaScript the views
are stacked. It is served from the page cache like every public page: the clock counts down in
the browser, so a cached page stays right as time passes.

The calendar (``/tournaments/<slug>/rounds.ics``) lists the scheduled rounds (iCalendar,
:mod:`rules.files.icalendar`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import segno
from django.http import HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.generic import DetailView

from events.queries.schedule import round_clock, round_starts
from public.tables.tournaments import format_points
from public.views.event import TournamentPageMixin
from ratings.queries.tournaments import tournament_standings
from rules.files.icalendar import CalendarEvent, calendar
from tournaments.queries import standings
from tournaments.queries.event import boards_by_name
from tournaments.queries.rounds import public_round_numbers
from tournaments.queries.tournaments import tournament_for_page
from web.colours import colour_letter
from web.params import parse_int
from web.views import ReadOnlyMixin

#: Seconds each view stays on the screen: the default and the bounds of ``?every=``.
EVERY, EVERY_MIN, EVERY_MAX = 20, 2, 600
#: The standings' lines shown (the top of the table).
STANDINGS_SHOWN = 40


@dataclass(frozen=True)
class NameLine:
    """A player's line of the pairings by name: board (``None``: a bye) and colour letter."""

    name: str
    board: int | None
    colour: str


@dataclass(frozen=True)
class Columns:
    """How a list of ``count`` lines is laid out: ``rows`` lines a column (the type size
    follows) in ``columns`` columns: CSS classes, as the strict CSP allows no inline style."""

    rows: int
    columns: int

    @property
    def css(self) -> str:
        return f"rows-{self.rows} cols-{self.columns}"


def columns_for(count: int, *, names: int = 1) -> Columns:
    """Larger type for fewer lines: up to 15 lines a column, 20, 25, then 30 (150 players
    in 5 columns of 30 at 1920×1080); at most 8 columns. A line of two names (a board)
    counts twice for the type size, so that both names fit its wider column."""
    weight = count * names
    rows = 15 if weight <= 30 else 20 if weight <= 60 else 25 if weight <= 100 else 30
    return Columns(rows, max(1, min(8, math.ceil(count / rows))))


def qr_svg(url: str) -> str:
    """The QR code of ``url`` as inline SVG (segno), sized by the page's CSS."""
    return segno.make(url, error="m").svg_inline(omitsize=True, svgclass="qr", lineclass="qr-line")


class ScreenView(TournamentPageMixin, DetailView):
    """The venue screen (see the module's docstring)."""

    template_name = "public/tournaments/screen.html"
    page_parameters = ("every",)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        tournament = self.object
        numbers = public_round_numbers(tournament)
        number = numbers[-1] if numbers else None
        boards = self.boards(number) if number else []
        names = [
            NameLine(
                row.me.player.name,
                row.board if row.opponent.player else None,
                colour_letter(row.colour, shogi=self.shogi, upper=True)
                if row.opponent.player
                else "",
            )
            for row in boards_by_name(boards, tournament.point_system)
        ]
        data = tournament_standings(tournament)
        rows = standings.standings_rows(data, standings.ranked(data, data.completed))
        shown = [
            {"place": row["place"], "player": row["player"], "points": format_points(row["points"])}
            for row in rows[:STANDINGS_SHOWN]
        ]
        live_url = self.request.build_absolute_uri(
            reverse("tournaments:rounds", args=[tournament.slug])
        )
        now = timezone.now()
        unfinished = any(not board.game.result for board in boards)
        clock = round_clock(tournament, numbers, now, unfinished=unfinished)
        context.update(
            every=parse_int(
                self.request.GET.get("every"), minimum=EVERY_MIN, maximum=EVERY_MAX, default=EVERY
            ),
            number=number,
            boards=boards,
            names=names,
            names_layout=columns_for(len(names)),
            colours=self.colours(),
            boards_layout=columns_for(len(boards), names=2),
            standings=shown,
            standings_after=data.completed,
            standings_layout=columns_for(len(shown)),
            clock=clock,
            clock_today=clock.starts_at is not None
            and timezone.localdate(clock.starts_at) == timezone.localdate(now),
            live_url=live_url,
            qr=mark_safe(qr_svg(live_url)),  # noqa: S308 -- segno's SVG of our own URL
        )
        return context

    def colours(self) -> list[tuple[str, str]]:
        """The legend of the colour letters: (letter, colour)."""
        words = (_("Sente"), _("Gote")) if self.shogi else (_("White"), _("Black"))
        return [
            (colour_letter(colour, shogi=self.shogi, upper=True), word)
            for colour, word in zip("wb", words, strict=True)
        ]


def round_calendar(request, name: str, filename: str, starts, location: str) -> HttpResponse:
    """``starts`` (round starts with their tournaments) as an iCalendar file named ``name``:
    one event per round, its UID the same from one download to the next and in every feed
    that lists it (a section's and its event's), its DTSTAMP when the start was last set."""
    host = request.get_host().split(":")[0] or "clubrating"
    events = [
        CalendarEvent(
            uid=f"tournament-{start.tournament_id}-round-{start.number}@{host}",
            start=start.starts_at,
            stamp=start.changed_at,
            summary=_("%(tournament)s: round %(round)d")
            % {"tournament": start.tournament.name, "round": start.number},
            location=location or start.tournament.city,
            url=request.build_absolute_uri(
                reverse("tournaments:rounds", args=[start.tournament.slug])
            ),
        )
        for start in starts
    ]
    response = HttpResponse(calendar(name, events), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}-rounds.ics"'
    return response


class RoundsCalendarView(ReadOnlyMixin, DetailView):
    """A tournament's scheduled rounds as an iCalendar file (:func:`round_calendar`)."""

    def get_queryset(self):
        return tournament_for_page()

    def render_to_response(self, context, **response_kwargs):
        tournament = self.object
        starts = list(round_starts(tournament).values())
        for start in starts:
            start.tournament = tournament
        return round_calendar(
            self.request, tournament.name, tournament.slug, starts, tournament.city
        )
