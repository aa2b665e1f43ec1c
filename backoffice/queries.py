"""Reads of the back office that depend on who is asking."""

from __future__ import annotations

import operator
from dataclasses import dataclass
from fractions import Fraction
from functools import reduce
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from core import roles
from core.models import Invitation, InvitationRole
from players.models import Club, Player
from players.queries.search import by_name, fide_id_of, key_match, search_words
from ratings.enums import GameKind
from ratings.models import PlayerRating
from tournaments.enums import MCMAHON_ENGINE, SHOGI_SYSTEMS
from tournaments.models import Registration, Round, Tournament
from tournaments.queries.pairing import played_histories
from web.colours import colour_letter
from web.params import MAX_BIGINT, parse_int


def organised_clubs_overview(user: Any) -> QuerySet[Any]:
    """My clubs (staff: all), with their players and tournaments counted, by name."""
    return roles.organised_clubs(user).annotate(
        players_count=Count("players", distinct=True),
        tournaments_count=Count("tournaments", distinct=True),
    )


@dataclass(frozen=True)
class Seat:
    """A player on a board of a round, as the arbiter checks a pairing: pairing number,
    rating at the start, points before the round and the colours of the games played
    (``W``/``B`` in the reader's language, ``–`` for a round without a game)."""

    tpn: int | None
    rating: int | None
    points: Fraction
    colours: str

    @property
    def points_text(self) -> str:
        whole, half = divmod(self.points * 2, 2)
        return f"{int(whole)}{'½' if half else ''}" if whole or not half else "½"


def seats(round_: Round) -> dict[int, Seat]:
    """Every entered player's :class:`Seat` before ``round_`` (two queries)."""
    tournament = round_.tournament
    scoring = tournament.point_system
    shogi = tournament_game(tournament) == GameKind.SHOGI
    histories = played_histories(tournament, round_.number)
    entries = Registration.objects.filter(tournament=tournament).values_list(
        "player_id", "pairing_number", "rating_at_start"
    )
    out = {}
    for player_id, tpn, rating in entries:
        own = histories.get(player_id, {})
        points = sum(
            (scoring.points(code) for _opp, _colour, code in own.values() if code),
            Fraction(0),
        )
        colours = "".join(
            colour_letter(own[n][1], shogi=shogi, upper=True) or "–" if n in own else "–"
            for n in range(1, round_.number)
        )
        out[player_id] = Seat(tpn, rating, points, colours)
    return out


def tournament_game(tournament: Any) -> str:
    """``chess``, ``go`` or ``shogi``: the rating list's game, else the format's."""
    if tournament.rating_list_id is not None:
        return tournament.rating_list.game
    if tournament.pairing_system in SHOGI_SYSTEMS:
        return GameKind.SHOGI
    if tournament.pairing_system in MCMAHON_ENGINE:
        return GameKind.GO
    return GameKind.CHESS


#: Players shown per search of the registration picker.
CANDIDATES = 20


def candidates(tournament: Any, query: str) -> list[Player]:
    """Players the organiser may enter: not entered yet, of the tournament's game (a rating
    in a list of that game, or none in any list; chess: or a FIDE ID), matching ``query``:
    a FIDE ID, or words that all start words of the name (any order, ``Last, First``) or all
    of the club's name, in any script, case and accents aside (``players.queries.search.key_match``,
    as the site search). Each has ``list_rating`` (in the tournament's list) and
    ``list_grade``. Two queries."""
    query = " ".join(query.split())
    if not query:
        return []
    game = tournament_game(tournament)
    same = PlayerRating.objects.filter(player=OuterRef("pk"), rating_list__game=game)
    other = PlayerRating.objects.filter(player=OuterRef("pk")).exclude(rating_list__game=game)
    of_game = Q(Exists(same)) | ~Q(Exists(other))
    if game == GameKind.CHESS:
        of_game |= Q(fide_id__isnull=False)
    matches = [
        condition
        for condition in (key_match(query), key_match(query, "club__search_key"))
        if condition is not None
    ]
    if (fide_id := parse_int(query, maximum=MAX_BIGINT)) is not None:
        matches.append(Q(fide_id=fide_id))
    if not matches:
        return []
    match = reduce(operator.or_, matches)
    players = list(
        Player.objects.filter(of_game, match)
        .exclude(registrations__tournament=tournament)
        .select_related("club")
        .order_by(*by_name())[:CANDIDATES]
    )
    rows = {}
    if tournament.rating_list_id is not None:
        rows = {
            r.player_id: r
            for r in PlayerRating.objects.filter(
                rating_list_id=tournament.rating_list_id, player__in=players
            )
        }
    for player in players:
        row = rows.get(player.pk)
        rating = None
        if row is not None:
            rating = row.rating if row.rating is not None else row.starting_rating
        player.list_rating = rating
        # The grade shown is the one the player is entered with in a McMahon tournament (the
        # picker posts it): the grade of their current rating, else the one they declared.
        player.list_grade = (row.grade or row.declared_grade) if row is not None else ""
    return players


# --------------------------------------------------------------------------- club members


@dataclass(frozen=True)
class Member:
    """An account of a club: who (name, user name, e-mail), its roles there, its player."""

    account: Any
    roles: tuple[str, ...]
    player: Player | None

    @property
    def name(self) -> str:
        return self.account.get_full_name() or self.account.get_username()


def _club_arbiter_ids(club: Any) -> set[int]:
    """The club's arbiters: accounts that accepted an arbiter's invitation of the club, and
    the arbiters of its tournaments."""
    invited = Invitation.objects.filter(
        club=club, role=InvitationRole.ARBITER, accepted_by__isnull=False
    ).values_list("accepted_by", flat=True)
    appointed = Tournament.arbiters.through.objects.filter(tournament__club=club).values_list(
        "user_id", flat=True
    )
    return set(invited) | set(appointed)


def club_members(club: Any) -> list[Member]:
    """The club's accounts with their roles (organiser, arbiter, player), by name. Four
    queries."""
    organisers = set(club.organisers.values_list("pk", flat=True))
    arbiters = _club_arbiter_ids(club)
    players = {p.account_id: p for p in Player.objects.filter(club=club, account__isnull=False)}
    ids = organisers | arbiters | set(players)
    labels = (
        (organisers, gettext("organiser")),
        (arbiters, gettext("arbiter")),
        (set(players), gettext("player")),
    )
    members = [
        Member(
            account,
            tuple(label for group, label in labels if account.pk in group),
            players.get(account.pk),
        )
        for account in get_user_model().objects.filter(pk__in=ids)
    ]
    return sorted(members, key=lambda m: (m.name.casefold(), m.account.pk))


def arbiter_clubs(user: Any) -> list[Any]:
    """The clubs whose arbiter's invitation ``user`` accepted, by name."""
    return list(
        Club.objects.filter(invitations__role=InvitationRole.ARBITER, invitations__accepted_by=user)
        .distinct()
        .order_by("name")
    )


def club_invitations(club: Any) -> list[Invitation]:
    """The club's invitations not accepted yet (pending, expired or revoked: the last 50),
    newest first, each with ``state`` (``pending``, ``expired``, ``revoked``)."""
    now = timezone.now()
    invitations = list(
        Invitation.objects.filter(club=club, accepted_at__isnull=True)
        .select_related("player", "tournament", "invited_by")
        .order_by("-created_at", "-pk")[:50]
    )
    for invitation in invitations:
        invitation.state = (
            "revoked"
            if invitation.revoked_at
            else "pending"
            if invitation.expires_at > now
            else "expired"
        )
    return invitations


def invitable_players(club: Any) -> QuerySet[Player]:
    """The club's players without an account and without a pending invitation."""
    pending = Invitation.objects.filter(
        player=OuterRef("pk"),
        accepted_at__isnull=True,
        revoked_at__isnull=True,
        expires_at__gt=timezone.now(),
    )
    return (
        Player.objects.filter(club=club, account__isnull=True)
        .exclude(Exists(pending))
        .order_by("last_name", "first_name", "pk")
    )


def _club_account_ids(club: Any) -> set[int]:
    """The club's accounts: its organisers, its arbiters and its players' accounts."""
    players = Player.objects.filter(club=club, account__isnull=False)
    return (
        set(club.organisers.values_list("pk", flat=True))
        | _club_arbiter_ids(club)
        | set(players.values_list("account_id", flat=True))
    )


def may_pick_arbiter(tournament: Any, account: Any, user: Any) -> bool:
    """Whether the picker offers ``account`` to ``user`` for ``tournament`` (staff: every
    account; an organiser: the club's accounts)."""
    if roles.is_staff(user):
        return True
    return tournament.club_id is not None and account.pk in _club_account_ids(tournament.club)


def account_name(account: Any) -> str:
    """An account as the pages name it: the full name and the user name, or the user name."""
    full = account.get_full_name()
    return f"{full} ({account.get_username()})" if full else account.get_username()


#: Accounts shown per search of the arbiter picker.
ACCOUNTS = 20


def arbiter_candidates(tournament: Any, query: str, user: Any) -> list[Any]:
    """Accounts the user may appoint arbiters of ``tournament``, matching ``query`` by user
    name, e-mail or name, or by the name or FIDE ID of their player (as the players' search
    finds them, :func:`players.queries.search.key_match`, in the same query), not arbiters of it
    yet; each with ``player``.

    Staff pick among every active account; an organiser among the accounts of the
    tournament's club (its organisers, arbiters and players' accounts), so that the picker
    shows nobody else's address: anybody else is invited by e-mail first. An empty query
    lists the club's arbiters."""
    accounts = get_user_model().objects.filter(is_active=True)
    if not roles.is_staff(user) or not query:
        if tournament.club_id is None:
            return []
        club = tournament.club
        ids = _club_account_ids(club) if query else _club_arbiter_ids(club)
        accounts = accounts.filter(pk__in=ids)
    accounts = accounts.exclude(pk__in=tournament.arbiters.values("pk"))
    words = search_words(query)
    if words:
        fide_id = fide_id_of(query)
        match = (
            Q(player__fide_id=fide_id)
            if fide_id is not None
            else key_match(query, "player__search_key") or Q(pk__in=[])
        )
        by_account = Q()
        for word in words:
            by_account &= (
                Q(username__istartswith=word)
                | Q(email__istartswith=word)
                | Q(first_name__istartswith=word)
                | Q(last_name__istartswith=word)
            )
        accounts = accounts.filter(match | by_account)
    found = list(accounts.order_by("last_name", "first_name", "username")[:ACCOUNTS])
    players = {p.account_id: p for p in Player.objects.filter(account__in=found)}
    for account in found:
        account.linked_player = players.get(account.pk)
    return found
