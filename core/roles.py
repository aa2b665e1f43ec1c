"""Who may do what: the one place where roles are checked.

Roles (see ``docs/roles.md``):

- **staff** (``user.is_staff``, active): everything, and the Django admin;
- **club organiser** (``Club.organisers``): the club's players, tournaments and events,
  appointing the arbiters of those tournaments;
- **arbiter** (``Tournament.arbiters``): pairings, results, byes, withdrawals and forbidden
  pairs of their tournaments only (an organiser of the tournament's club may do the same);
- **player** (``Player.account``): their own data, and reporting their own result when the
  tournament allows it (``Tournament.players_report_results``);
- **the system** (:data:`SYSTEM`, or a named :class:`SystemActor`): management commands, the
  demo seed, data imports run by an administrator on the server. It is trusted because the
  caller says so explicitly; there is no "no actor means trusted".
- **the invitee** (:func:`invitee_of`): whoever holds an invitation's one-time link may
  accept it (``actions.invitations``), once, before it expires;
- everybody else: read only.

Predicates (``can_*``) answer with a bool and read only the rows they need. The actions
name the role they need as a :class:`Check` (``arbiter_of(tournament)``,
``organiser_of(club)``…); the unit of work (:func:`core.unit_of_work.change`) checks it
before anything is locked or written. Views use the same predicates to decide what to show.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Any, TypeAlias

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext as _

from core.invitation_tokens import entry_token_matches, token_matches, withdraw_token_matches
from events.models import ClubGames, Event
from events.queries.check_in import code_of, normalised
from players.models import Club, Player
from tournaments.enums import RoundStatus, TournamentStatus
from tournaments.models import Game, Registration, Team, Tournament

#: Game results a player may report (played games only: forfeits and byes are the arbiter's).
REPORTABLE_RESULTS = ("10", "==", "01")


class SystemActor:
    """A trusted caller that is not a person: a management command, the seed, an import run
    on the server. Passed explicitly as ``actor=``; recorded in the audit trail without a
    user."""

    is_authenticated = True
    is_active = True
    is_staff = False
    pk = None

    def __init__(self, name: str) -> None:
        self.name = name

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"SystemActor({self.name!r})"


SYSTEM = SystemActor("system")
"""The actor of management commands, the demo seed and data migrations."""

Actor: TypeAlias = AbstractBaseUser | AnonymousUser | SystemActor
"""Who does something: a signed-in user (or an anonymous visitor, whom every check refuses)
or a :class:`SystemActor`. Every action and every role check takes one."""

User: TypeAlias = AbstractBaseUser | AnonymousUser | None
"""A request's user, as the role predicates read it (``None``: no request user at all)."""


def is_system(actor: Actor) -> bool:
    return isinstance(actor, SystemActor)


def _active(user: User) -> bool:
    return bool(user is not None and user.is_authenticated and user.is_active)


def is_staff(user: User) -> bool:
    """Staff (and the system): every page and action, and the Django admin."""
    return is_system(user) or (_active(user) and bool(user.is_staff))


def organised_clubs(user: User) -> Any:
    """The clubs ``user`` organises (all clubs for staff), by name."""
    if is_staff(user):
        return Club.objects.order_by("name")
    if not _active(user):
        return Club.objects.none()
    return Club.objects.filter(organisers=user).order_by("name")


def managed_tournaments(user: User) -> Any:
    """The tournaments ``user`` manages or arbitrates (all for staff), unordered."""
    if is_staff(user):
        return Tournament.objects.all()
    if not _active(user):
        return Tournament.objects.none()
    return Tournament.objects.filter(pk__in=_tournament_ids(user))


def managed_events(user: User) -> Any:
    """The events of the clubs ``user`` organises (all for staff), newest first."""
    if is_staff(user):
        events = Event.objects.all()
    elif not _active(user):
        events = Event.objects.none()
    else:
        events = Event.objects.filter(club__organisers=user)
    return events.order_by("-start_date", "name")


def _tournament_ids(user: User) -> Any:
    return (
        Tournament.objects.filter(Q(club__organisers=user) | Q(arbiters=user))
        .values("pk")
        .distinct()
    )


def can_manage_club(user: User, club: Club | None) -> bool:
    """Manage ``club``: its players and tournaments (staff, the club's organisers)."""
    if is_staff(user):
        return True
    if club is None or not _active(user):
        return False
    return Club.objects.filter(pk=club.pk, organisers=user).exists()


def can_create_tournament(user: User, club: Club | None = None) -> bool:
    """Create a tournament for ``club`` (staff: also without a club); with ``club=None`` for a
    non-staff user: whether they may create one for some club (the link in the navigation)."""
    if is_staff(user):
        return True
    if not _active(user):
        return False
    if club is None:
        return Club.objects.filter(organisers=user).exists()
    return can_manage_club(user, club)


def can_manage_tournament(user: User, tournament: Tournament) -> bool:
    """Settings, registrations and arbiters of ``tournament`` (staff, its club's organisers)."""
    if is_staff(user):
        return True
    if tournament.club_id is None or not _active(user):
        return False
    return Club.objects.filter(pk=tournament.club_id, organisers=user).exists()


def can_manage_event(user: User, event: Event | None) -> bool:
    """An event's settings, sections and discounts (staff, its club's organisers); an event
    without a club is staff's only."""
    if is_staff(user):
        return True
    if event is None or event.club_id is None or not _active(user):
        return False
    return Club.objects.filter(pk=event.club_id, organisers=user).exists()


def can_arbitrate(user: User, tournament: Tournament) -> bool:
    """Pairings, results, byes, withdrawals of ``tournament`` (its arbiters and managers).

    One query for anyone but staff: the club's organisers and the arbiters together."""
    if is_staff(user):
        return True
    if not _active(user):
        return False
    arbiter = Q(arbiters=user)
    if tournament.club_id is not None:
        arbiter |= Q(club__organisers=user)
    return Tournament.objects.filter(arbiter, pk=tournament.pk).exists()


def has_role(user: User) -> bool:
    """Anyone with back-office work: staff, an organiser or an arbiter ("Organise" link)."""
    if is_staff(user):
        return True
    if not _active(user):
        return False
    return (
        Club.objects.filter(organisers=user).exists()
        or Tournament.objects.filter(arbiters=user).exists()
    )


def player_of(user: User) -> Player | None:
    """The player whose account ``user`` is, if any."""
    if not _active(user) or is_system(user):
        return None
    return Player.objects.filter(account=user).first()


def can_report_result(user: User, game: Game) -> bool:
    """Report ``game``'s result: its white or black player, if the tournament allows it, in a
    published round, while no official result is recorded."""
    player = player_of(user)
    if player is None or game.black_id is None:
        return False
    if player.pk not in (game.white_id, game.black_id):
        return False
    round_ = game.round
    return bool(
        round_.tournament.players_report_results
        and round_.status == RoundStatus.PUBLISHED
        and not game.result
    )


def can_captain(user: User, team: Team) -> bool:
    """Submit ``team``'s line-ups: its captain's account (``Team.captain``'s
    ``Player.account``), or the tournament's arbiters and organisers, or staff."""
    if (
        team.captain_id is not None
        and _active(user)
        and not is_system(user)
        and Player.objects.filter(pk=team.captain_id, account=user).exists()
    ):
        return True
    return can_arbitrate(user, team.tournament)


def captains_teams(user: User) -> bool:
    """Whether ``user``'s player captains a team of a tournament not finished ("My teams")."""
    if not _active(user) or is_system(user):
        return False
    return (
        Team.objects.filter(captain__account=user)
        .exclude(tournament__status=TournamentStatus.FINISHED)
        .exists()
    )


def can_report_results(user: User) -> bool:
    """Whether ``user`` plays in a tournament that lets players report results, or in a club
    that rates club games (nav link)."""
    player = player_of(user)
    if player is None:
        return False
    if player.club_id is not None and ClubGames.objects.filter(club_id=player.club_id).exists():
        return True
    return Tournament.objects.filter(
        players_report_results=True, registrations__player=player
    ).exists()


def can_play_club_games(user: User, club: Club | None) -> bool:
    """Report a rated club game or join the ladder of ``club``: a player of the club with
    their own account."""
    player = player_of(user)
    return player is not None and club is not None and player.club_id == club.pk


def can_decide_club_game(user: User, report: Any) -> bool:
    """Confirm or reject a reported club game: the opponent of the player who reported it,
    an organiser of the club, staff."""
    player = player_of(user)
    if player is not None and player.pk == report.opponent_id:
        return True
    return can_manage_club(user, report.club_games.club)


def captains_of_match(match: Any) -> tuple[int | None, int | None]:
    """The captains (players' ids) of a league match's first and second team."""
    first = match.first.captain_id
    second = match.second.captain_id if match.second_id is not None else None
    return first, second


def can_enter_match_card(user: User, match: Any) -> bool:
    """Enter the card of a league match: the captain of either team, or the arbiters and
    organisers of the division's tournament."""
    player = player_of(user)
    if player is not None and match.second_id is not None and player.pk in captains_of_match(match):
        return True
    return can_arbitrate(user, match.round.tournament)


def can_decide_match_card(user: User, card: Any) -> bool:
    """Confirm or dispute a match card: the captain of the team that did not enter it, or the
    arbiters and organisers of the division's tournament."""
    player = player_of(user)
    if player is not None:
        match = card.match
        first, second = captains_of_match(match)
        other = second if card.team_id == match.first_id else first
        if other is not None and player.pk == other:
            return True
    return can_arbitrate(user, card.match.round.tournament)


def can_check_in_self(user: User, registration: Registration, code: str | None) -> bool:
    """Check ``registration``'s player in: the player's own account, or whoever types the
    player's check-in code (shown to the player and on the arbiter's code list)."""
    if code is not None:
        return hmac.compare_digest(code_of(registration), normalised(code))
    player = player_of(user)
    return player is not None and player.pk == registration.player_id


def can_handle_entries(user: User, event: Any) -> bool:
    """An event's online entries and fees: approving, rejecting, withdrawing, recording
    payments (staff, the organisers of the event's club, who act as its treasurer)."""
    return can_manage_club(user, event.club) if event.club_id is not None else is_staff(user)


def is_player(user: User, player: Player) -> bool:
    """Whether ``user`` is the account of ``player``."""
    own = player_of(user)
    return own is not None and own.pk == player.pk


def _holds_entry(actor: Actor, subject: tuple[Any, str | None]) -> bool:
    entry, token = subject
    if entry.player_id is not None and is_player(actor, entry.player):
        return True
    if token is not None and withdraw_token_matches(entry, token):
        return True
    return can_handle_entries(actor, entry.section.event)


def require(allowed: bool, message: str = "") -> None:
    """Raise :class:`PermissionDenied` unless ``allowed``."""
    if not allowed:
        raise PermissionDenied(message or _("You are not allowed to do this."))


# --------------------------------------------------------------------------- checks


@dataclass(frozen=True)
class Check:
    """A role an action needs, bound to its object: ``check.allows(actor)``."""

    name: str
    subject: Any = None

    def allows(self, actor: Actor) -> bool:
        return _PREDICATES[self.name](actor, self.subject)


_PREDICATES = {
    "staff": lambda actor, _subject: is_staff(actor),
    "creator": lambda actor, club: (
        is_staff(actor) or (club is not None and can_manage_club(actor, club))
    ),
    "club": can_manage_club,
    "manager": can_manage_tournament,
    "event": can_manage_event,
    "arbiter": can_arbitrate,
    "reporter": can_report_result,
    "captain": can_captain,
    "club_member": can_play_club_games,
    "club_game": can_decide_club_game,
    "match_card": can_enter_match_card,
    "card_decider": can_decide_match_card,
    "invitee": lambda _actor, subject: token_matches(*subject),
    "self_check_in": lambda actor, subject: can_check_in_self(actor, *subject),
    "account": lambda actor, _subject: _active(actor) and not is_system(actor),
    "unsubscriber": lambda _actor, parsed: parsed is not None,
    "anyone": lambda _actor, _subject: True,
    "player": is_player,
    "entries": can_handle_entries,
    "entry_link": lambda _actor, subject: entry_token_matches(*subject),
    "entry_holder": _holds_entry,
}


def in_lock_query(check: Check, actor: Actor) -> Any:
    """For a tournament role of an active user who is not staff: the SQL expression that
    decides it, for the unit of work to read with the tournament's lock (one query less);
    ``None`` when the check needs no query or is not a tournament role."""
    if check.name not in ("arbiter", "manager") or is_staff(actor) or not _active(actor):
        return None
    allowed = Q(club__organisers=actor)
    if check.name == "arbiter":
        allowed |= Q(arbiters=actor)
    return Exists(Tournament.objects.filter(allowed, pk=OuterRef("pk")))


def staff() -> Check:
    """Staff (or the system) only."""
    return Check("staff")


def creator_for(club: Club | None) -> Check:
    """Create something for ``club``: staff, or an organiser of that club (non-staff need a
    club they organise)."""
    return Check("creator", club)


def organiser_of(club: Club | None) -> Check:
    """The club's players: staff, the club's organisers."""
    return Check("club", club)


def manager_of(tournament: Tournament) -> Check:
    """A tournament's settings, registrations and arbiters: staff, its club's organisers."""
    return Check("manager", tournament)


def organiser_of_event(event: Event) -> Check:
    """An event's settings, sections and discounts: staff, the organisers of its club."""
    return Check("event", event)


def arbiter_of(tournament: Tournament) -> Check:
    """A tournament's pairings, results and byes: its arbiters, its club's organisers, staff."""
    return Check("arbiter", tournament)


def reporter_of(game: Game) -> Check:
    """Report ``game``'s result: one of its players, when the tournament allows it."""
    return Check("reporter", game)


def captain_of(team: Team) -> Check:
    """A team's line-ups: its captain's account, the tournament's arbiters and organisers,
    staff."""
    return Check("captain", team)


def club_member_of(club: Club) -> Check:
    """Play rated club games of ``club``: a player of the club (their own account)."""
    return Check("club_member", club)


def decider_of(report: Any) -> Check:
    """Confirm or reject a reported club game: the opponent, the club's organisers, staff."""
    return Check("club_game", report)


def match_card_entrant_of(match: Any) -> Check:
    """Enter the card of a league match: either captain, the division's arbiters."""
    return Check("match_card", match)


def card_decider_of(card: Any) -> Check:
    """Confirm or dispute a match card: the other captain, the division's arbiters."""
    return Check("card_decider", card)


def self_checker_of(registration: Registration, code: str | None = None) -> Check:
    """Check ``registration``'s player in by themselves: their account, or ``code``."""
    return Check("self_check_in", (registration, code))


def account_holder() -> Check:
    """Their own account's settings (such as the mail they receive): a signed-in user."""
    return Check("account")


def unsubscriber(parsed: tuple[str, str] | None) -> Check:
    """Unsubscribe an address from a kind of mail: whoever holds the signed link mailed to
    it (``parsed``: what :func:`core.mail.read_unsubscribe_token` read, ``None`` when the
    token is not the site's)."""
    return Check("unsubscriber", parsed)


def invitee_of(invitation: Any, token: str) -> Check:
    """Accept ``invitation``: whoever holds its link's ``token``, while it is pending (the
    token is the credential: it was mailed to the invited address)."""
    return Check("invitee", (invitation, token))


def anyone() -> Check:
    """Anybody, a visitor without an account too (a guest's online entry: the action itself
    refuses what is not open)."""
    return Check("anyone")


def player_himself(player: Player) -> Check:
    """The account of ``player`` (a signed-in player entering an event)."""
    return Check("player", player)


def entries_of(event: Any) -> Check:
    """An event's entries and fees: staff, the organisers of its club."""
    return Check("entries", event)


def entry_link_holder(entry: Any, token: str) -> Check:
    """Confirm ``entry``: whoever holds the link mailed to its address (the token matches
    while the entry awaits its confirmation)."""
    return Check("entry_link", (entry, token))


def entry_holder(entry: Any, token: str | None = None) -> Check:
    """Withdraw ``entry``: its player's account, whoever holds the withdrawal link mailed to
    its address (``token``), or the event's organisers."""
    return Check("entry_holder", (entry, token))
