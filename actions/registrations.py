"""Entries: registering players, pairing numbers, withdrawals.

register_player(*, actor, tournament, player, pairing_number=None, rating_at_start=None,
    grade="") -> Registration   # late entries: TPNs re-ranked (C.04.2) until round 4
check_entry(tournament, player, pairing_number=None, rating_at_start=None)   # no write
assign_pairing_numbers(*, actor, tournament) -> list[Registration]   # C.04.2 / RR seeding
withdraw_player(*, actor, registration, after_round) -> Registration
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Max, Q
from django.utils.translation import gettext as _

from actions.tournaments import refuse_if_finished
from core import roles
from core.changes import apply_changes
from core.enums import AuditAction
from core.roles import Actor
from core.submissions import Submission
from core.unit_of_work import Unit, change
from players.models import Player
from ratings.queries import players as players_ratings
from rules.pairing import berger
from rules.ratings import egf, fesa
from tournaments.enums import SHOGI_SYSTEMS, PairingSystem, Seeding
from tournaments.limits import max_players
from tournaments.models import Game, Registration, Tournament
from tournaments.queries.pairing import initial_ranking
from tournaments.queries.rounds import highest_round_number

#: C.04.2 2.3: pairing numbers may be re-ranked until this round has been paired.
RERANK_UNTIL_ROUND = 4


def _whole(value: Any, low: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and value >= low


def register_player(
    *,
    actor: Actor,
    tournament: Tournament,
    player: Player,
    pairing_number: int | None = None,
    rating_at_start: int | None = None,
    grade: str = "",
    submission: Submission | None = None,
) -> Registration:
    """Enter ``player`` in ``tournament``, before the start or as a late entry.
    ``submission``: the form's one-time token (:mod:`core.submissions`).

    ``rating_at_start`` (for the initial ranking) defaults to the player's rating in the
    tournament's list. ``grade`` (go/shogi formats: the declared kyu/dan grade that sets the
    McMahon score) defaults to the grade of ``rating_at_start`` (EGF scale for go, FESA's for
    shogi); a grade that is not a kyu/dan grade is refused. In a Swiss tournament an entry
    without a pairing number re-ranks everybody by C.04.2 while round 4 has not been paired,
    then gets the next number; a late entry scores nothing in the rounds it missed
    (``entered_round``).

    Refused: the player is already entered; the pairing number is not a positive whole number
    or is taken; a round robin that has started; a tournament that has its most players
    (:func:`tournaments.limits.max_players`).
    """
    _check_numbers(pairing_number, rating_at_start)
    with change(
        actor=actor, role=roles.manager_of(tournament), tournament=tournament, submission=submission
    ) as unit:
        return unit.answered(
            enter_player(
                unit,
                player,
                pairing_number=pairing_number,
                rating_at_start=rating_at_start,
                grade=grade,
            )
        )


def enter_player(
    unit: Unit,
    player: Player,
    *,
    pairing_number: int | None = None,
    rating_at_start: int | None = None,
    grade: str = "",
) -> Registration:
    """The body of :func:`register_player` in ``unit`` (its tournament locked)."""
    current = unit.tournament
    _check_place(current, player, pairing_number)
    if rating_at_start is None:
        rating_at_start = rating_in_list(current, player)
    registration = Registration(
        tournament=current,
        player=player,
        pairing_number=pairing_number,
        rating_at_start=rating_at_start,
        grade=_entry_grade(current, grade, rating_at_start),
    )
    registration.full_clean(exclude=["tournament", "player"], validate_unique=False)
    registration.save()
    if current.pairing_system != PairingSystem.MANUAL:
        _register_late(current, registration)
    unit.audit(
        AuditAction.PLAYER_REGISTERED,
        params={"player": player.name, "rating": rating_at_start},
        tournament=current,
        player=player,
        after={
            "pairing_number": registration.pairing_number,
            "rating_at_start": rating_at_start,
            "grade": registration.grade,
        },
    )
    return registration


def check_entry(
    tournament: Tournament,
    player: Player,
    pairing_number: int | None = None,
    rating_at_start: int | None = None,
) -> None:
    """Refuse (``ValidationError``, nothing written) an entry :func:`register_player` would
    refuse, as the tournament stands now (it checks again under the tournament's lock): a
    rating or pairing number that is not a whole number (from 0, from 1), a finished
    tournament, the player entered already, the pairing number taken, a round robin that has
    started, a full tournament."""
    _check_numbers(pairing_number, rating_at_start)
    _check_place(tournament, player, pairing_number)


def _check_numbers(pairing_number: Any, rating_at_start: Any) -> None:
    if rating_at_start is not None and not _whole(rating_at_start, 0):
        raise ValidationError({"rating_at_start": _("The rating must be a whole number.")})
    if pairing_number is not None and not _whole(pairing_number, 1):
        raise ValidationError(
            {"pairing_number": _("The pairing number must be a whole number from 1.")}
        )


def _check_place(tournament: Tournament, player: Player, pairing_number: int | None) -> None:
    refuse_if_finished(tournament)
    if Registration.objects.filter(tournament=tournament, player=player).exists():
        raise ValidationError(
            {"player": _("%(player)s is already entered in this tournament.") % {"player": player}}
        )
    if (
        pairing_number is not None
        and Registration.objects.filter(
            tournament=tournament, pairing_number=pairing_number
        ).exists()
    ):
        raise ValidationError(
            {
                "pairing_number": _("Pairing number %(number)d is already taken.")
                % {"number": pairing_number}
            }
        )
    if tournament.is_round_robin and highest_round_number(tournament):
        raise ValidationError(_("A round robin that has started takes no new players."))
    most = max_players(tournament.pairing_system)
    if Registration.objects.filter(tournament=tournament).count() >= most:
        raise ValidationError(
            {
                "player": _("This tournament is full: it takes at most %(max)d players.")
                % {"max": most}
            }
        )


def rating_in_list(tournament: Tournament, player: Player) -> int | None:
    """The player's rating in the tournament's list (published, else live, else starting)."""
    rating = players_ratings.rating_in_list(tournament.rating_list_id, player)
    # Go ratings (GoR) go below zero (down to 30 kyu, -900); the registration's initial
    # ranking rating cannot, so such a player enters without one.
    return None if rating is not None and rating < 0 else rating


def _entry_grade(tournament: Tournament, grade: str, rating: int | None) -> str:
    """The grade to store: the declared one (normalised, e.g. ``5k``), else from the rating."""
    grade = (grade or "").strip()
    if grade:
        try:
            number, kind = egf.parse_grade(grade)
        except ValueError:
            raise ValidationError(
                {"grade": _("“%(grade)s” is not a grade such as 5k or 2d.") % {"grade": grade}}
            ) from None
        return f"{number}{kind}"
    if rating is None or not tournament.uses_mcmahon_engine:
        return ""
    if tournament.pairing_system in SHOGI_SYSTEMS:
        return fesa.rating_to_grade(rating)
    return egf.rating_to_grade(rating)


def _renumber(registrations: list[Registration]) -> None:
    """Give ``registrations`` the pairing numbers 1..n in their order."""
    if not registrations:
        return
    tournament_id = registrations[0].tournament_id
    Registration.objects.filter(tournament_id=tournament_id).update(pairing_number=None)
    for number, registration in enumerate(registrations, start=1):
        registration.pairing_number = number
        Registration.objects.filter(pk=registration.pk).update(pairing_number=number)


def _numbers_complete(registrations: list[Registration]) -> bool:
    numbers = sorted(r.pairing_number or 0 for r in registrations)
    return numbers == list(range(1, len(registrations) + 1))


def assign_numbers(tournament: Tournament, *, keep_complete: bool) -> list[Registration]:
    """Pairing numbers for everyone: Swiss by C.04.2, round robin by lot or by rating
    (a step of :func:`assign_pairing_numbers` and of pairing round 1)."""
    registrations = list(
        Registration.objects.filter(tournament=tournament).select_related("player")
    )
    if keep_complete and _numbers_complete(registrations):
        return sorted(registrations, key=lambda r: r.pairing_number)
    if tournament.is_round_robin and tournament.seeding == Seeding.LOT:
        drawn = berger.numbers_by_lot([r.pk for r in registrations])
        ordered = sorted(registrations, key=lambda r: drawn[r.pk])
    else:
        ordered = initial_ranking(registrations, tournament)
    _renumber(ordered)
    return ordered


def assign_pairing_numbers(*, actor: Actor, tournament: Tournament) -> list[Registration]:
    """(Re-)assign every pairing number: Swiss by the initial ranking (C.04.2), round robin
    by lot or by rating (``tournament.seeding``).

    Refused: a manual tournament; a round robin that has started; a Swiss tournament whose
    round 4 has been paired (C.04.2 2.3).
    """
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        check_renumbering(unit.tournament)
        ordered = assign_numbers(unit.tournament, keep_complete=False)
        unit.audit(
            AuditAction.NUMBERS_ASSIGNED,
            params={"count": len(ordered)},
            tournament=unit.tournament,
            after={"numbers": [[r.player_id, r.pairing_number] for r in ordered]},
        )
        return ordered


def check_renumbering(tournament: Tournament) -> None:
    """Refuse renumbering a manual tournament, a started round robin, a Swiss after round 4."""
    if tournament.pairing_system == PairingSystem.MANUAL:
        raise ValidationError(_("A tournament with manual pairings has no automatic numbers."))
    started = highest_round_number(tournament)
    if tournament.is_round_robin and started:
        raise ValidationError(_("The pairing numbers of a round robin are fixed once it starts."))
    if started >= RERANK_UNTIL_ROUND:
        raise ValidationError(
            _("Pairing numbers cannot change after round %(round)d has been paired.")
            % {"round": RERANK_UNTIL_ROUND}
        )


def _register_late(tournament: Tournament, registration: Registration) -> None:
    """Number a new entry: re-rank everybody while allowed, else the next free number."""
    started = highest_round_number(tournament)
    registration.entered_round = started + 1
    registration.save(update_fields=["entered_round"])
    swiss = tournament.pairing_system == PairingSystem.SWISS_DUTCH
    if not (swiss or tournament.uses_mcmahon_engine) or registration.pairing_number:
        return
    if started >= RERANK_UNTIL_ROUND:
        highest = (
            Registration.objects.filter(tournament=tournament).aggregate(n=Max("pairing_number"))[
                "n"
            ]
            or 0
        )
        registration.pairing_number = highest + 1
        registration.save(update_fields=["pairing_number"])
        return
    registrations = list(
        Registration.objects.filter(tournament=tournament).select_related("player")
    )
    _renumber(initial_ranking(registrations, tournament))
    registration.refresh_from_db(fields=["pairing_number"])


def withdraw_player(*, actor: Actor, registration: Registration, after_round: int) -> Registration:
    """Withdraw a player after ``after_round`` (0: before the start): every later round is
    a zero-point bye.

    Refused: a negative round; a round already paired after ``after_round`` in which the
    player has a game (enter a forfeit instead, or discard the draft).
    """
    if not _whole(after_round, 0):
        raise ValidationError({"after_round": _("The round must be a whole number from 0.")})
    tournament = registration.tournament
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        return _withdraw(unit, registration, after_round)


def _withdraw(unit: Unit, registration: Registration, after_round: int) -> Registration:
    current = Registration.objects.select_related("player").get(pk=registration.pk)
    if current.withdrawn_after_round == after_round:
        return current  # submitted twice: nothing changes, nothing is recorded
    later = (
        Game.objects.filter(
            round__tournament_id=current.tournament_id, round__number__gt=after_round
        )
        .filter(Q(white_id=current.player_id) | Q(black_id=current.player_id))
        .order_by("round__number")
        .select_related("round")
        .first()
    )
    if later is not None:
        raise ValidationError(
            {
                "after_round": _(
                    "%(player)s is already paired in round %(round)d: enter a forfeit "
                    "or discard that round's draft first."
                )
                % {"player": current.player, "round": later.round.number}
            }
        )
    before = {"withdrawn_after_round": current.withdrawn_after_round}
    current.withdrawn_after_round = after_round
    current.save(update_fields=["withdrawn_after_round"])
    unit.audit(
        AuditAction.PLAYER_WITHDRAWN,
        params={"player": current.player.name, "round": after_round},
        tournament=unit.tournament,
        player=current.player,
        before=before,
        after={"withdrawn_after_round": after_round},
    )
    registration.withdrawn_after_round = after_round
    return current


#: What the admin may change of an entry.
REGISTRATION_FIELDS = ("pairing_number", "rating_at_start", "withdrawn_after_round", "grade")


def update_registration(
    *, actor: Actor, registration: Registration, changes: dict[str, Any]
) -> Registration:
    """Change an entry's pairing number, rating at start, withdrawal or grade (``full_clean``
    first); changing nothing records nothing."""
    tournament = registration.tournament
    with change(actor=actor, role=roles.manager_of(tournament), tournament=tournament) as unit:
        current = Registration.objects.select_related("player").get(pk=registration.pk)
        changed = apply_changes(
            current, changes, editable=REGISTRATION_FIELDS, exclude=["tournament", "player"]
        )
        if not changed:
            return current
        unit.audit(
            AuditAction.REGISTRATION_CHANGED,
            params={"player": current.player.name, "fields": changed.fields},
            tournament=unit.tournament,
            player=current.player,
            before=changed.before,
            after=changed.after,
        )
    return current


def delete_registration(*, actor: Actor, registration: Registration) -> None:
    """Delete an entry (its games, if any, stay: delete them first where they should go)."""
    tournament = registration.tournament
    with change(actor=actor, role=roles.manager_of(tournament), tournament=tournament) as unit:
        current = Registration.objects.select_related("player").filter(pk=registration.pk).first()
        if current is None:
            return
        current.delete()
        unit.audit(
            AuditAction.PLAYER_UNREGISTERED,
            params={"player": current.player.name},
            tournament=unit.tournament,
            player=current.player,
            before={"pairing_number": current.pairing_number},
        )
