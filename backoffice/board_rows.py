"""The boards of the organiser round page, drawn in Python from the games' values.

A published round of 100 boards is the page an arbiter reloads most; drawn by the template
engine, row by row with an include per player, it took about 100 ms of the server's CPU
(issue 20). Each row here is one pass of ``format_html`` over values the view already has:
the same markup the row template had, and the same strings for the translators. The round
page and the htmx answer to a result (its row again) both draw rows with :func:`board_row`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.middleware.csrf import get_token
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from backoffice.queries import Seat
from players.links import url_around


@dataclass(frozen=True)
class RowContext:
    """What every row of one round page shares: the URLs around the board's number (one
    reverse per page, :func:`players.links.url_around`), the CSRF field, the tournament's
    kind (go shows the handicap) and whether boards are removed by hand."""

    result_url: tuple[str, str]
    delete_url: tuple[str, str]
    armageddon_url: tuple[str, str]
    csrf: SafeString
    go: bool
    manual: bool

    @classmethod
    def of(cls, request: Any, tournament: Any, round_: Any, *, manual: bool) -> RowContext:
        def url(name: str) -> tuple[str, str]:
            around = url_around(name, tournament.slug, round_.number)
            assert around is not None  # noqa: S101 - the board is an int converter's
            return around

        csrf = format_html(
            '<input type="hidden" name="csrfmiddlewaretoken" value="{}">', get_token(request)
        )
        return cls(
            url("tournaments:organise_result"),
            url("tournaments:organise_delete_board"),
            url("tournaments:organise_armageddon_colours"),
            csrf,
            tournament.is_go,
            manual,
        )

    def board_url(self, url: tuple[str, str], board: int) -> str:
        return f"{url[0]}{board}{url[1]}"


def seat_html(player: Any, seat: Seat | None) -> SafeString:
    """A player as the arbiter checks a pairing: ``12. IM Name (2310; 2½ pts; WBW)``
    (pairing number, title, rating at the start, points before the round, colours)."""
    html = format_html('<span class="meta">{}.</span> ', seat.tpn) if seat and seat.tpn else ""
    if player.title:
        html += format_html(
            '<abbr class="title" title="{}">{}</abbr> ', player.get_title_display(), player.title
        )
    rating = seat.rating if seat and seat.rating else gettext("unrated")
    facts = str(rating)
    if seat:
        points = gettext("pts")  # outside the f-string, where makemessages finds it
        facts += f"; {seat.points_text} {points}"
        if seat.colours:
            facts += f"; {seat.colours}"
    return format_html('{}{} <span class="meta">({})</span>', html, player.name, facts)


def handicap_text(game: Any) -> str:
    if game.handicap:
        return ngettext("%(stones)s stone", "%(stones)s stones", game.handicap) % {
            "stones": game.handicap
        }
    return gettext("even")


def _post_form(url: str, context: RowContext, inner: SafeString, *, css: str = "") -> SafeString:
    """A form that posts the board's result by htmx and swaps the row it comes back as."""
    return format_html(
        '<form{} method="post" action="{}" hx-post="{}" hx-target="closest tr" '
        'hx-swap="outerHTML" hx-sync="#boards:queue all">{}{}</form>',
        format_html(' class="{}"', css) if css else "",
        url,
        url,
        context.csrf,
        inner,
    )


def board_row(game: Any, context: RowContext) -> SafeString:
    """One published board: players with their seats (``game.white_html``, ``black_html``)
    and the rating preview, the result, the keyboard entry (``game.entry``), and what the
    last post said (``saved``, ``row_error``, ``confirm_code``, set on the game by the view)."""
    url = context.board_url(context.result_url, game.board)
    if game.black_id:
        who = format_html("{} – {}", game.white_html, game.black_html)
    else:
        who = format_html("{} – <em>{}</em>", game.white_html, gettext("bye"))
    preview = ""
    if getattr(game, "match", None) and game.black_id:
        # A knockout: which match and game, and its time control (tie-breaks are added
        # as boards at the end of the round).
        preview = format_html(
            '<span class="match-label">{} · {}</span>',
            gettext("Match %(match)d, game %(game)d")
            % {"match": game.match, "game": game.match_game or 0},
            game.get_stage_display(),
        )
    if game.preview_text:
        preview = format_html(
            '{}<span class="preview">{} {}</span>',
            preview,
            gettext("Rating change if…"),
            game.preview_text,
        )
    handicap = ""
    if context.go:
        handicap = format_html(
            '<td class="handicap" data-label="{}">{}</td>', gettext("Handicap"), handicap_text(game)
        )
    label = gettext("Correct") if game.result else gettext("Save")
    entry = _post_form(
        url,
        context,
        format_html('{}<button type="submit" class="secondary">{}</button>', game.entry, label),
    )
    notes = []
    if getattr(game, "saved", False):
        text = gettext("Saved: %(result)s") % {"result": game.get_result_display()}
        notes.append(format_html('<span class="saved" role="status">{}</span>', text))
    if getattr(game, "row_error", ""):
        notes.append(format_html('<span class="row-error" role="alert">{}</span>', game.row_error))
    if getattr(game, "confirm_code", ""):
        prefix = f"b{game.board}"
        hidden = format_html(
            '<input type="hidden" name="{}-result" value="{}">'
            '<input type="hidden" name="{}-correction" value="True">'
            '<input type="hidden" name="{}-based_on" value="{}">'
            '<input type="hidden" name="{}-confirm_later" value="True">'
            '<button type="submit" class="danger">{}</button>',
            prefix,
            game.confirm_code,
            prefix,
            prefix,
            game.result,
            prefix,
            gettext("Correct anyway"),
        )
        notes.append(_post_form(url, context, hidden, css="confirm-later"))
    if getattr(game, "stage", "") == "armageddon" and not game.result:
        notes.append(
            format_html(
                '<form class="inline" method="post" action="{}">{}'
                '<button type="submit" class="secondary">{}</button></form>',
                context.board_url(context.armageddon_url, game.board),
                context.csrf,
                gettext("Swap colours (the higher seed's choice)"),
            )
        )
    if context.manual:
        notes.append(
            format_html(
                '<form class="inline" method="post" action="{}">{}'
                '<button type="submit" class="secondary">{}</button></form>',
                context.board_url(context.delete_url, game.board),
                context.csrf,
                gettext("Remove"),
            )
        )
    return format_html(
        '<tr id="board-{}" class="{}">\n<td class="board" data-label="{}">{}</td>\n'
        '<td class="players wide"><span class="who">{}</span>{}</td>\n{}'
        '<td class="result" data-label="{}">{}</td>\n<td class="entry">{}{}</td>\n</tr>\n',
        game.board,
        "has-result" if game.result else "",
        gettext("Board"),
        game.board,
        who,
        preview,
        handicap,
        gettext("Result"),
        game.get_result_display(),
        entry,
        mark_safe("".join(f"\n{note}" for note in notes)),  # noqa: S308 (each note is escaped)
    )
