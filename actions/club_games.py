"""Rated club games and the club ladder.

    set_club_games(*, actor, club, system, game_kind, reach) -> ClubGames   # an organiser
    join_ladder(*, actor, club, player=None) -> LadderPlace      # a player, or an organiser
    report_club_game(*, actor, club, opponent, colour, result, date, time_control)
        -> ClubGameReport                                         # a player of the club
    confirm_club_game(*, actor, report) -> Game                   # the opponent, an organiser
    reject_club_game(*, actor, report) -> None                    # the opponent, an organiser

A confirmed game becomes an ordinary game (board 1 of a round of its own, dated the day it
was played) of the club's tournament of that month, "<club> club games, <month>" (format
manual, rated in the club's list), created on first use with both players entered: the
ledger, the charts and the player pages read it as any other game. See
``docs/organising.md`` ("Club games and the ladder").

Every unit that changes the ladder or a report's status holds the club's list exclusively:
they run one at a time for a club (no two confirmations move the ladder from the same order).
"""

from __future__ import annotations

import calendar
import datetime

from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from core import roles
from core.enums import AuditAction, MailKind
from core.mail import site_url
from core.recipients import recipients
from core.roles import Actor
from core.unit_of_work import Unit, change
from events.models import ClubGameReport, ClubGames, ClubGameStatus, LadderPlace
from players.models import Club, Player
from ratings.enums import GameKind, RatingSystem, TimeControl
from ratings.models import RatingList
from rules.ladder import after_game
from tournaments.enums import PairingSystem, RoundStatus, TournamentStatus
from tournaments.models import Game, Registration, Round, Tournament

#: The systems a club may rate its games with.
CLUB_SYSTEMS = (RatingSystem.GLICKO2, RatingSystem.FIDE)
#: Results a player may report: white's, black's score (TRF codes).
CLUB_RESULTS = ("10", "==", "01")
MAX_REACH = 50


def _list_name(club: Club) -> str:
    return f"{club.name} club games"


def set_club_games(
    *, actor: Actor, club: Club, system: str, game_kind: str = GameKind.CHESS, reach: int = 3
) -> ClubGames:
    """Set up (or change) the club's rated games: the club's own rating list (created on
    first use, named "<club> club games") with ``system`` (Glicko-2 or FIDE-style Elo) and
    the ladder's reach. Changing the system or the game of a list that already rates games is
    refused (the list would mean something else)."""
    errors = {}
    if system not in CLUB_SYSTEMS:
        errors["system"] = _("Choose Glicko-2 or FIDE (Elo).")
    if game_kind not in GameKind.values:
        errors["game_kind"] = _("Choose a game.")
    if not 1 <= reach <= MAX_REACH:
        errors["reach"] = _("Between 1 and %(max)d places.") % {"max": MAX_REACH}
    if errors:
        roles.require(roles.organiser_of(club).allows(actor))
        raise ValidationError(errors)
    with change(actor=actor, role=roles.organiser_of(club)) as unit:
        current = ClubGames.objects.select_related("rating_list").filter(club=club).first()
        if current is None:
            rating_list = RatingList.objects.create(
                name=_list_name(club),
                slug=f"club-{club.pk}",
                game=game_kind,
                time_control=TimeControl.STANDARD,
                system=system,
                position=1000,
            )
            unit.created(rating_list)
            current = ClubGames.objects.create(club=club, rating_list=rating_list, reach=reach)
        else:
            rating_list = current.rating_list
            if (system, game_kind) != (rating_list.system, rating_list.game):
                if Tournament.objects.filter(rating_list=rating_list).exists():
                    raise ValidationError(
                        {
                            "system": _(
                                "Games are already rated in this list: its system and game "
                                "cannot change."
                            )
                        }
                    )
                RatingList.objects.filter(pk=rating_list.pk).update(system=system, game=game_kind)
            elif reach == current.reach:
                return current
            ClubGames.objects.filter(pk=current.pk).update(reach=reach)
            current.reach = reach
        unit.audit(
            AuditAction.CLUB_GAMES_SET,
            params={"club": club.name, "list": rating_list.name, "reach": reach},
        )
    return current


def _club_games(club: Club) -> ClubGames:
    found = ClubGames.objects.select_related("rating_list", "club").filter(club=club).first()
    if found is None:
        raise ValidationError(_("This club does not rate club games yet."))
    return found


def join_ladder(*, actor: Actor, club: Club, player: Player | None = None) -> LadderPlace:
    """Put a player of the club at the bottom of its ladder: the player themselves, or
    (``player``) an organiser. Already on it: nothing changes."""
    if player is None:
        role = roles.club_member_of(club)
        player = roles.player_of(actor)
    else:
        role = roles.organiser_of(club)
    roles.require(role.allows(actor))
    settings = _club_games(club)
    # The club's list is locked: the ladder and the reports of a club change one at a time.
    with change(actor=actor, role=role, lists=[settings.rating_list_id]) as unit:
        assert player is not None  # noqa: S101 (the role has a player)
        if player.club_id != club.pk:
            raise ValidationError(
                _("%(player)s is not a player of this club.") % {"player": player}
            )
        ladder = LadderPlace.objects.filter(club_games=settings)
        existing = ladder.filter(player=player).first()
        if existing is not None:
            return existing
        place = ladder.count() + 1
        created = LadderPlace.objects.create(club_games=settings, player=player, place=place)
        unit.audit(
            AuditAction.LADDER_JOINED,
            params={"player": player.name, "club": club.name, "place": place},
            player=player,
        )
    return created


def report_club_game(
    *,
    actor: Actor,
    club: Club,
    opponent: Player,
    colour: str,
    result: str,
    date: datetime.date,
    time_control: str = "",
) -> ClubGameReport:
    """A player of the club reports a game against a club mate: ``colour`` ("white" or
    "black") is the reporter's, ``result`` their own score ("1", "0.5", "0"). The opponent
    (or an organiser) confirms it. Refused: not a player of the club, an opponent from
    elsewhere or oneself, a date in the future, a bad colour or result."""
    role = roles.club_member_of(club)
    roles.require(role.allows(actor))
    me = roles.player_of(actor)
    assert me is not None  # noqa: S101
    errors = {}
    scores = {"1": 2, "0.5": 1, "0": 0}
    if colour not in ("white", "black"):
        errors["colour"] = _("Choose white or black.")
    if result not in scores:
        errors["result"] = _("Report a win, a draw or a loss.")
    if opponent.pk == me.pk or opponent.club_id != club.pk:
        errors["opponent"] = _("Choose another player of the club.")
    if date > datetime.date.today():
        errors["date"] = _("The game cannot be played in the future.")
    if errors:
        raise ValidationError(errors)
    mine = scores[result]
    white, black = (me, opponent) if colour == "white" else (opponent, me)
    white_score = mine if colour == "white" else 2 - mine
    code = {2: "10", 1: "==", 0: "01"}[white_score]
    with change(actor=actor, role=role) as unit:
        settings = _club_games(club)
        report = ClubGameReport.objects.create(
            club_games=settings,
            reported_by=me,
            white=white,
            black=black,
            result=code,
            date=date,
            time_control=time_control.strip()[:30],
        )
        unit.audit(
            AuditAction.CLUB_GAME_REPORTED,
            params=_game_params(report),
            player=me,
            other_player=opponent,
        )
        _tell_opponent(unit, report, opponent)
    return report


def _tell_opponent(unit: Unit, report: ClubGameReport, opponent: Player) -> None:
    """Mail the opponent (if they receive reports to confirm) the game to confirm."""
    found = recipients([opponent.pk], MailKind.REPORTS)
    recipient = found.get(opponent.pk)
    if recipient is None:
        return
    url = site_url(reverse("tournaments:my_games"))
    with translation.override(recipient.language):
        values = {
            "player": report.reported_by.name,
            "white": report.white.name,
            "black": report.black.name,
            "result": report.get_result_display(),
            "date": date_format(report.date, "SHORT_DATE_FORMAT"),
        }
        subject = _("A club game to confirm: %(white)s – %(black)s") % values
        body = "\n".join(
            [
                _("%(player)s reports %(white)s – %(black)s %(result)s, played on %(date)s.")
                % values,
                "",
                _("Confirm or reject it: %(url)s") % {"url": url},
            ]
        )
    unit.mail(
        to=recipient.address,
        kind=MailKind.REPORTS,
        subject=subject,
        body=body,
        player=opponent,
        language=recipient.language,
        checked=True,
    )


def _game_params(report: ClubGameReport) -> dict[str, object]:
    return {
        "white": report.white.name,
        "black": report.black.name,
        "result": report.result,
        "date": report.date.isoformat(),
    }


def _pending(report: ClubGameReport) -> ClubGameReport:
    current = ClubGameReport.objects.select_related(
        "club_games__rating_list", "club_games__club", "white", "black"
    ).get(pk=report.pk)
    if current.status != ClubGameStatus.PENDING:
        raise ValidationError(
            _("This game is already %(status)s.") % {"status": current.get_status_display()}
        )
    return current


def confirm_club_game(*, actor: Actor, report: ClubGameReport) -> Game:
    """The opponent (or an organiser) confirms a reported game: it becomes a rated game of the
    club's tournament of that month, the list is re-derived from its date and the ladder
    moves if the lower player won within reach (:func:`rules.ladder.after_game`)."""
    report = ClubGameReport.objects.select_related("club_games__club").get(pk=report.pk)
    rating_list = report.club_games.rating_list_id
    with change(actor=actor, role=roles.decider_of(report), lists=[rating_list]) as unit:
        current = _pending(report)
        settings = current.club_games
        tournament = _month_tournament(unit, settings, current.date)
        for player in (current.white, current.black):
            Registration.objects.get_or_create(tournament=tournament, player=player)
        number = Round.objects.filter(tournament=tournament).order_by("-number").first()
        round_ = Round.objects.create(
            tournament=tournament,
            number=1 if number is None else number.number + 1,
            date=current.date,
            status=RoundStatus.PUBLISHED,
        )
        Tournament.objects.filter(pk=tournament.pk).update(rounds_planned=round_.number)
        game = Game.objects.create(
            round=round_, board=1, white=current.white, black=current.black, result=current.result
        )
        current.status = ClubGameStatus.CONFIRMED
        current.game = game
        current.decided_by = actor if getattr(actor, "pk", None) else None
        current.save(update_fields=["status", "game", "decided_by"])
        unit.replay(rating_list, from_date=tournament.end_date)
        unit.audit(
            AuditAction.CLUB_GAME_CONFIRMED,
            params=_game_params(current),
            tournament=tournament,
            player=current.white,
            other_player=current.black,
        )
        _move_ladder(unit, settings, current)
    return game


def _move_ladder(unit: Unit, settings: ClubGames, report: ClubGameReport) -> None:
    places = list(
        LadderPlace.objects.filter(club_games=settings).select_related("player").order_by("place")
    )
    order = [p.player_id for p in places]
    white_score = {"10": 1.0, "==": 0.5, "01": 0.0}[report.result]
    new = after_game(order, report.white_id, report.black_id, white_score, settings.reach)
    if new == order:
        return
    by_player = {p.player_id: p for p in places}
    for index, pid in enumerate(new, start=1):
        place = by_player[pid]
        if place.place != index:
            place.place = index
            place.save(update_fields=["place"])
    winner = report.white if white_score == 1 else report.black
    unit.audit(
        AuditAction.LADDER_MOVED,
        params={
            "player": winner.name,
            "club": settings.club.name,
            "place": new.index(winner.pk) + 1,
        },
        player=winner,
    )


def _month_tournament(unit: Unit, settings: ClubGames, day: datetime.date) -> Tournament:
    """The club's tournament of ``day``'s month in its list (created on first use)."""
    club = settings.club
    slug = f"club-{club.pk}-games-{day:%Y-%m}"
    found = Tournament.objects.filter(slug=slug).first()
    if found is not None:
        return found
    last = calendar.monthrange(day.year, day.month)[1]
    tournament = Tournament.objects.create(
        name=f"{club.name} club games, {day:%Y-%m}",
        slug=slug,
        club=club,
        rating_list_id=settings.rating_list_id,
        start_date=day.replace(day=1),
        end_date=day.replace(day=last),
        status=TournamentStatus.RUNNING,
        pairing_system=PairingSystem.MANUAL,
    )
    unit.audit(
        AuditAction.TOURNAMENT_CREATED,
        params={"tournament": tournament.name},
        tournament=tournament,
    )
    return tournament


def reject_club_game(*, actor: Actor, report: ClubGameReport) -> None:
    """The opponent (or an organiser) rejects a reported game: it is kept as rejected, nothing
    is rated."""
    report = ClubGameReport.objects.select_related("club_games__club").get(pk=report.pk)
    rating_list = report.club_games.rating_list_id
    with change(actor=actor, role=roles.decider_of(report), lists=[rating_list]) as unit:
        current = _pending(report)
        current.status = ClubGameStatus.REJECTED
        current.decided_by = actor if getattr(actor, "pk", None) else None
        current.save(update_fields=["status", "decided_by"])
        unit.audit(
            AuditAction.CLUB_GAME_REJECTED,
            params=_game_params(current),
            player=current.reported_by,
        )
