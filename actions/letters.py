"""The mails actions send to players and officials, each in its reader's language.

    pairings(unit, round)              # round published: each paired player's board and colour
    result(unit, game, previous)       # a result recorded or corrected: both players
    report(unit, report)               # a player's report: the arbiters and organisers

Each writes its letters with ``unit.mail`` (sent after the unit's commit, :mod:`core.mail`)
to the addresses :mod:`core.recipients` finds, which already leave out those that switched
the kind off; the footer (why, unsubscribe, preferences) is added when they are written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import partial

from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format, time_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.enums import MailKind
from core.mail import site_url
from core.recipients import Recipient, officials, recipients
from core.unit_of_work import Unit
from events.models import RoundStart
from players.models import Player
from rules.standings import format_value, half_points
from tournaments.enums import Result
from tournaments.models import Game, Registration, ResultReport, Round, Tournament


def _points(points: Fraction) -> str:
    text = half_points(points) or format_value(points)
    count = int(points) if points.denominator == 1 else 2
    return ngettext("%(points)s point", "%(points)s points", count) % {"points": text}


def _named(player: Player, rating: int | None) -> str:
    return f"{player.name} ({rating})" if rating else player.name


def _send(
    unit: Unit,
    recipient: Recipient,
    kind: str,
    text: Callable[[], tuple[str, str]],
    *,
    player: Player | None = None,
) -> None:
    """Mail ``text()``'s (subject, body), written in the recipient's language."""
    with translation.override(recipient.language):
        subject, body = text()
    unit.mail(
        to=recipient.address,
        kind=kind,
        subject=subject,
        body=body,
        player=player,
        tournament=unit.tournament,
        language=recipient.language,
        checked=True,
    )


def _start(round_: Round) -> str | None:
    start = (
        RoundStart.objects.filter(tournament_id=round_.tournament_id, number=round_.number)
        .values_list("starts_at", flat=True)
        .first()
    )
    if start is None:
        return None
    local = timezone.localtime(start)
    return f"{date_format(local, 'SHORT_DATE_FORMAT')} {time_format(local, 'H:i')}"


@dataclass(frozen=True)
class _Pairing:
    """One player's line of a published round."""

    tournament: Tournament
    number: int
    game: Game
    player: Player
    opponent: Player | None
    white: bool
    opponent_rating: int | None
    start: str | None
    url: str

    def text(self) -> tuple[str, str]:
        number, game = self.number, self.game
        subject = _("%(tournament)s: round %(round)d pairings") % {
            "tournament": self.tournament.name,
            "round": number,
        }
        if self.opponent is None and game.result:
            score = self.tournament.point_system.result_points(game.result, bye=True)[0]
            line = _("Round %(round)d: you have a bye (%(points)s).") % {
                "round": number,
                "points": _points(score),
            }
        elif self.opponent is None:
            line = _("Round %(round)d: you have a bye.") % {"round": number}
        else:
            line = (
                _("Round %(round)d: board %(board)d, White against %(opponent)s.")
                if self.white
                else _("Round %(round)d: board %(board)d, Black against %(opponent)s.")
            ) % {
                "round": number,
                "board": game.board,
                "opponent": _named(self.opponent, self.opponent_rating),
            }
        lines = [self.player.name, "", line]
        if self.start:
            lines.append(_("The round starts at %(start)s.") % {"start": self.start})
        lines += ["", _("The round: %(url)s") % {"url": self.url}]
        return subject, "\n".join(lines)


def pairings(unit: Unit, round_: Round) -> None:
    """Tell each paired player of the published ``round_`` their board, colour and opponent
    (or their bye), when the round starts (the schedule) and where its page is."""
    tournament = unit.tournament
    games = list(Game.objects.filter(round=round_).select_related("white", "black"))
    ids = {pk for game in games for pk in (game.white_id, game.black_id) if pk}
    found = recipients(ids, MailKind.PAIRINGS)
    if not found:
        return
    ratings = dict(
        Registration.objects.filter(tournament=tournament, player_id__in=ids).values_list(
            "player_id", "rating_at_start"
        )
    )
    start = _start(round_)
    url = site_url(reverse("tournaments:round", args=[tournament.slug, round_.number]))
    for game in games:
        sides = [(game.white, game.black, True), (game.black, game.white, False)]
        for player, opponent, white in sides:
            if player is None or player.pk not in found:
                continue
            rating = ratings.get(opponent.pk) if opponent else None
            pairing = _Pairing(
                tournament, round_.number, game, player, opponent, white, rating, start, url
            )
            _send(unit, found[player.pk], MailKind.PAIRINGS, pairing.text, player=player)


def _result_text(game: Game, previous: str, url: str) -> tuple[str, str]:
    number = game.round.number
    subject = _("%(tournament)s, round %(round)d: your result") % {
        "tournament": game.round.tournament.name,
        "round": number,
    }
    if game.black is None:
        game_text = _("Round %(round)d: %(player)s, bye") % {
            "round": number,
            "player": game.white.name,
        }
    else:
        game_text = _("Round %(round)d, board %(board)d: %(white)s – %(black)s") % {
            "round": number,
            "board": game.board,
            "white": game.white.name,
            "black": game.black.name,
        }
    if not game.result:
        line = _("%(game)s: the result %(previous)s was removed.")
    elif previous:
        line = _("%(game)s: the result was corrected from %(previous)s to %(result)s.")
    else:
        line = _("%(game)s: %(result)s.")
    line %= {
        "game": game_text,
        "previous": Result(previous).label if previous else "",
        "result": game.get_result_display(),
    }
    return subject, "\n".join([line, "", _("The round: %(url)s") % {"url": url}])


def result(unit: Unit, game: Game, previous: str) -> None:
    """Tell both players of ``game`` (its round and players loaded) that its result was
    recorded, corrected (``previous``: the result before) or removed."""
    found = recipients((game.white_id, game.black_id), MailKind.RESULTS)
    if not found:
        return
    game.round.tournament = unit.tournament
    url = site_url(reverse("tournaments:round", args=[unit.tournament.slug, game.round.number]))
    for player in (game.white, game.black):
        if player is not None and player.pk in found:
            text = partial(_result_text, game, previous, url)
            _send(unit, found[player.pk], MailKind.RESULTS, text, player=player)


def _report_text(report: ResultReport, game: Game, url: str) -> tuple[str, str]:
    values = {
        "tournament": game.round.tournament.name,
        "round": game.round.number,
        "board": game.board,
        "player": report.player.name,
        "result": report.get_result_display(),
        "white": game.white.name,
        "black": game.black.name if game.black else "",
    }
    subject = _("%(tournament)s, round %(round)d, board %(board)d: a result to confirm") % values
    body = [
        _(
            "%(player)s reports %(result)s in round %(round)d, board %(board)d "
            "(%(white)s – %(black)s)."
        )
        % values,
        "",
        _("Confirm or reject it: %(url)s") % {"url": url},
    ]
    return subject, "\n".join(body)


def report(unit: Unit, report: ResultReport, game: Game) -> None:
    """Tell the tournament's arbiters and its club's organisers that a player reported
    ``game``'s result (it waits for one of them to confirm it on the organiser round page)."""
    found = officials(unit.tournament, MailKind.REPORTS)
    if not found:
        return
    game.round.tournament = unit.tournament
    url = site_url(
        reverse("tournaments:organise_round", args=[unit.tournament.slug, game.round.number])
    )
    for recipient in found.values():
        _send(unit, recipient, MailKind.REPORTS, partial(_report_text, report, game, url))
