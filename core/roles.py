"""Who may do what: the one place where roles are checked.

Roles (see ``docs/roles.md``):

- **staff** (``user.is_staff``, active): everything, and the Django admin;
- **club organiser** (``Club.organisers``): the club's players and tournaments, appointing
  the arbiters of those tournaments;
- **arbiter** (``Tournament.arbiters``): pairings, results, byes, withdrawals and forbidden
  pairs of their tournaments only (an organiser of the tournament's club may do the same);
- **player** (``Player.user``): their own data, and reporting their own result when the
  tournament allows it (``Tournament.players_report_results``);
- everybody else: read only.

Predicates (``can_*``) answer with a bool and read only the rows they need; ``require`` turns
a ``False`` into :class:`~django.core.exceptions.PermissionDenied`. Views call them before
anything else; services that take the acting ``user`` call them before any write (``user=None``
is a trusted caller: management commands, data migrations, the test fixtures).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.utils.translation import gettext as _

from players.models import Club, Player
from tournaments.enums import RoundStatus
from tournaments.models import Game, Tournament

#: Game results a player may report (played games only: forfeits and byes are the arbiter's).
REPORTABLE_RESULTS = ("10", "==", "01")


def _active(user: Any) -> bool:
    return bool(user is not None and user.is_authenticated and user.is_active)


def is_staff(user: Any) -> bool:
    """Staff: every page and action, and the Django admin."""
    return _active(user) and bool(user.is_staff)


def organised_clubs(user: Any) -> Any:
    """The clubs ``user`` organises (all clubs for staff), by name."""
    if is_staff(user):
        return Club.objects.order_by("name")
    if not _active(user):
        return Club.objects.none()
    return Club.objects.filter(organisers=user).order_by("name")


def managed_tournaments(user: Any) -> Any:
    """The tournaments ``user`` manages or arbitrates (all for staff), unordered."""
    if is_staff(user):
        return Tournament.objects.all()
    if not _active(user):
        return Tournament.objects.none()
    return Tournament.objects.filter(pk__in=_tournament_ids(user))


def _tournament_ids(user: Any) -> Any:
    return (
        Tournament.objects.filter(Q(club__organisers=user) | Q(arbiters=user))
        .values("pk")
        .distinct()
    )


def can_manage_club(user: Any, club: Club | None) -> bool:
    """Manage ``club``: its players and tournaments (staff, the club's organisers)."""
    if is_staff(user):
        return True
    if club is None or not _active(user):
        return False
    return club.organisers.filter(pk=user.pk).exists()


def can_create_tournament(user: Any, club: Club | None = None) -> bool:
    """Create a tournament for ``club`` (staff: also without a club); with ``club=None`` for a
    non-staff user: whether they may create one for some club (the link in the navigation)."""
    if is_staff(user):
        return True
    if not _active(user):
        return False
    if club is None:
        return Club.objects.filter(organisers=user).exists()
    return can_manage_club(user, club)


def can_manage_tournament(user: Any, tournament: Tournament) -> bool:
    """Settings, registrations and arbiters of ``tournament`` (staff, its club's organisers)."""
    if is_staff(user):
        return True
    if tournament.club_id is None or not _active(user):
        return False
    return Club.objects.filter(pk=tournament.club_id, organisers=user).exists()


def can_arbitrate(user: Any, tournament: Tournament) -> bool:
    """Pairings, results, byes, withdrawals of ``tournament`` (its arbiters and managers)."""
    if can_manage_tournament(user, tournament):
        return True
    if not _active(user):
        return False
    return tournament.arbiters.filter(pk=user.pk).exists()


def has_role(user: Any) -> bool:
    """Anyone with back-office work: staff, an organiser or an arbiter ("Organise" link)."""
    if is_staff(user):
        return True
    if not _active(user):
        return False
    return (
        Club.objects.filter(organisers=user).exists()
        or Tournament.objects.filter(arbiters=user).exists()
    )


def player_of(user: Any) -> Player | None:
    """The player whose account ``user`` is, if any."""
    if not _active(user):
        return None
    return Player.objects.filter(user=user).first()


def can_report_result(user: Any, game: Game) -> bool:
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


def can_report_results(user: Any) -> bool:
    """Whether ``user`` plays in a tournament that lets players report results (nav link)."""
    player = player_of(user)
    if player is None:
        return False
    return Tournament.objects.filter(
        players_report_results=True, registrations__player=player
    ).exists()


def require(allowed: bool, message: str = "") -> None:
    """Raise :class:`PermissionDenied` unless ``allowed``."""
    if not allowed:
        raise PermissionDenied(message or _("You are not allowed to do this."))


def require_arbiter(user: Any, tournament: Tournament) -> None:
    """For services: refuse a non-arbiter (``user=None`` is a trusted caller)."""
    if user is not None:
        require(can_arbitrate(user, tournament))


def require_creator(user: Any, club: Club | None) -> None:
    """For services: a tournament for ``club`` (non-staff need one they organise)."""
    if user is None:
        return
    require(is_staff(user) or (club is not None and can_manage_club(user, club)))


def require_manager(user: Any, tournament: Tournament) -> None:
    """For services: refuse anyone who may not manage ``tournament`` (``None``: trusted)."""
    if user is not None:
        require(can_manage_tournament(user, tournament))
