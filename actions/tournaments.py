"""Tournaments: creating, changing, deleting them, and appointing their arbiters.

create_tournament(*, actor, name, start_date, end_date, slug="", **settings) -> Tournament
    # slug from the name when empty
update_tournament(*, actor, tournament, changes) -> Tournament   # dates / list: replays
delete_tournament(*, actor, tournament) -> None                  # refused with rated games
set_arbiters(*, actor, tournament, arbiters) -> list[User]       # the club's organisers
change_arbiter(*, actor, tournament, account, appoint) -> list[User]   # one, picked
open_registration(*, actor, tournament) -> Tournament            # draft -> registration
finish_tournament(*, actor, tournament) -> Tournament            # freezes the final standings
reopen_tournament(*, actor, tournament) -> Tournament            # finished -> running

A tournament's life (``Tournament.status``): draft -> registration -> running (pairing round 1
starts it) -> finished. A finished tournament takes no pairings, results or entries until its
managers reopen it.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.text import slugify
from django.utils.translation import gettext as _

from core import roles
from core.audit import snapshot
from core.changes import apply_changes
from core.enums import AuditAction
from core.roles import Actor
from core.submissions import Submission
from core.unit_of_work import change
from ratings.queries.tournaments import tournament_standings
from tournaments.enums import (
    KNOCKOUT_SETTINGS,
    POINT_FIELDS,
    RESERVED_SLUGS,
    ROUNDS_FROM_TEAMS,
    TOURNAMENT_SETTINGS,
    PairingSystem,
    TournamentStatus,
)
from tournaments.limits import max_rounds
from tournaments.models import Game, Round, Tournament
from tournaments.queries.games import rated_games
from tournaments.queries.rounds import highest_round_number, next_step
from tournaments.queries.standings import ranked
from tournaments.validators import validate_baku, validate_tiebreaks

#: Pairing settings that cannot change after the first round has been paired.
FIXED_ONCE_PAIRED = (
    "pairing_system",
    "initial_colour",
    "accelerated",
    "seeding",
    "top_bar",
    "floor_bar",
    "handicap_policy",
    "handicap_cap",
    *KNOCKOUT_SETTINGS,  # a knockout's only
    "team_boards",
)


def check_rounds(tournament: Tournament, paired: int = 0) -> None:
    """Bounded rounds: a whole number from 0 (not set yet; a round robin's come from its
    players) to :func:`~tournaments.limits.max_rounds`, and never fewer than the ``paired``
    rounds."""
    rounds = tournament.rounds_planned
    highest = max_rounds()
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 0 <= rounds <= highest:
        raise ValidationError(
            {
                "rounds_planned": _(
                    "The number of rounds must be a whole number from 1 to %(max)d."
                )
                % {"max": highest}
            }
        )
    if (
        tournament.is_round_robin
        or tournament.is_knockout
        or tournament.pairing_system in ROUNDS_FROM_TEAMS
        or (tournament.pairing_system == PairingSystem.MANUAL and rounds == 0)
    ):
        return
    if rounds < paired:
        raise ValidationError(
            {
                "rounds_planned": _(
                    "%(paired)d rounds have been paired already: the tournament cannot have fewer."
                )
                % {"paired": paired}
            }
        )


def check_settings(
    tournament: Tournament, *, paired: int = 0, touched: Iterable[str] | None = None
) -> None:
    """Refuse (``ValidationError``, nothing written) settings a tournament cannot have:
    ``tournament`` carries them, ``paired`` rounds are paired already, ``touched``: the fields
    a change sets (``None``: a new tournament). The end date before the start date; the
    rounds (:func:`check_rounds`); Baku acceleration with points it is not defined for
    (``validate_baku``; on a change only when it touches them: a stored tournament keeps
    pairing as it was, pairing.md)."""
    if tournament.end_date < tournament.start_date:
        raise ValidationError({"end_date": _("The end date cannot be before the start date.")})
    check_rounds(tournament, paired)
    if touched is None or {"accelerated", "pairing_system", *POINT_FIELDS} & set(touched):
        validate_baku(tournament)


def check_frozen(tournament: Tournament, changed: Iterable[str]) -> None:
    """Refuse a change of the pairing settings (``changed``: the fields whose values change)
    once a round of ``tournament`` is paired."""
    if (
        "rating_list" in changed
        and tournament.is_knockout
        and Game.objects.filter(round__tournament=tournament, rating_list__isnull=False).exists()
    ):
        raise ValidationError(
            {
                "rating_list": _(
                    "Tie-break games of this cup are rated in the rapid and blitz lists: "
                    "the rating list cannot change."
                )
            }
        )
    frozen = [
        name
        for name in FIXED_ONCE_PAIRED
        if name in changed and (tournament.is_knockout or name not in KNOCKOUT_SETTINGS)
    ]
    if frozen and Round.objects.filter(tournament=tournament).exists():
        raise ValidationError(
            {name: _("This cannot change once a round has been paired.") for name in frozen}
        )


def refuse_if_finished(tournament: Tournament) -> None:
    """Refuse a change to a finished tournament (its managers reopen it first)."""
    if tournament.status == TournamentStatus.FINISHED:
        raise ValidationError(
            _("%(tournament)s is finished: reopen it on its organiser page to change it.")
            % {"tournament": tournament.name}
        )


def free_slug(base: str) -> str:
    """``base``, or ``base-2``, ``base-3``… whichever is not taken (nor reserved)."""
    base = base[:190] or "tournament"
    candidate, number = base, 1
    while candidate in RESERVED_SLUGS or Tournament.objects.filter(slug=candidate).exists():
        number += 1
        candidate = f"{base}-{number}"
    return candidate


def create_tournament(
    *,
    actor: Actor,
    name: str,
    start_date: datetime.date,
    end_date: datetime.date,
    slug: str = "",
    submission: Submission | None = None,
    **settings: Any,
) -> Tournament:
    """Create a tournament. ``settings`` are any other tournament fields (club, rating list,
    city, rounds, format, points, colours, Baku, seeding, tie-breaks, half-point bye cap);
    the ones left out keep their defaults.

    An empty ``slug`` is made from the name (with ``-2``, ``-3``… when taken). Refused: an
    unknown field; an empty name; a slug given and taken or reserved; an end date before the
    start date; unknown tie-break codes, or Buchholz tie-breaks in a round robin; Baku
    acceleration with points it is not defined for (``validate_baku``); anything
    ``full_clean`` refuses; the slug taken meanwhile by another change (a form error, not a
    crash). ``submission``: the form's one-time token (:mod:`core.submissions`): a repeat
    creates nothing and raises ``AlreadySubmitted``.
    """
    unknown = sorted(set(settings) - set(TOURNAMENT_SETTINGS))
    if unknown:
        raise ValidationError({name: _("This field cannot be set here.") for name in unknown})
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": _("The tournament needs a name.")})
    if end_date < start_date:
        raise ValidationError({"end_date": _("The end date cannot be before the start date.")})
    with change(
        actor=actor, role=roles.creator_for(settings.get("club")), submission=submission
    ) as unit:
        tournament = write_tournament(
            unit, name=name, start_date=start_date, end_date=end_date, slug=slug, **settings
        )
        unit.answered(tournament)
    return tournament


def write_tournament(
    unit: Any,
    *,
    name: str,
    start_date: datetime.date,
    end_date: datetime.date,
    slug: str = "",
    **settings: Any,
) -> Tournament:
    """The body of :func:`create_tournament` in the caller's unit (a new section of an event,
    ``actions.events.add_section``): the checks that need the database, the row, its audit
    entry. The caller checked the role, the fields and the name."""
    if slug:
        if slug in RESERVED_SLUGS or Tournament.objects.filter(slug=slug).exists():
            raise ValidationError(
                {"slug": _("The address “%(slug)s” is already taken.") % {"slug": slug}}
            )
    else:
        slug = free_slug(slugify(name, allow_unicode=False))
    tournament = Tournament(
        name=name, slug=slug, start_date=start_date, end_date=end_date, **settings
    )
    check_settings(tournament)
    try:
        tournament.tiebreaks = validate_tiebreaks(
            tournament.tiebreaks or "", round_robin=tournament.is_round_robin
        )
    except ValidationError as error:
        raise ValidationError({"tiebreaks": error.messages}) from None
    tournament.full_clean()
    tournament.save()
    unit.audit(
        AuditAction.TOURNAMENT_CREATED,
        params={"tournament": tournament.name},
        tournament=tournament,
        after=snapshot(tournament, ["name", "slug", "club", "rating_list", "start_date"]),
    )
    return tournament


def update_tournament(
    *, actor: Actor, tournament: Tournament, changes: dict[str, Any]
) -> Tournament:
    """Change a tournament's fields (``changes``: field name -> value) and replay the rating
    lists whose ratings change.

    Changing the dates or the rating list of a tournament with rated games replays the old
    and the new list from the earlier of the old and new periods. Changing nothing records
    nothing. Refused: unknown fields, an end date before the start date, a pairing setting
    once a round is paired, a club the actor does not organise, Baku acceleration with points
    it is not defined for when the change touches either, and anything ``full_clean`` refuses.
    """
    if "club" in changes:
        roles.require(roles.creator_for(changes["club"]).allows(actor))
    new_list = changes.get("rating_list", tournament.rating_list)
    with change(
        actor=actor,
        role=roles.manager_of(tournament),
        tournament=tournament,
        ratings=True,
        lists=[new_list],
    ) as unit:
        current = unit.tournament
        old_end, old_list = current.end_date, current.rating_list_id
        changed = apply_changes(
            current,
            changes,
            editable=TOURNAMENT_SETTINGS,
            validate=lambda new: check_settings(
                new, paired=highest_round_number(new), touched=changes
            ),
            refuse=lambda fields: check_frozen(current, fields),
        )
        if not changed:
            return current
        if Game.objects.filter(round__tournament=current, result__in=["10", "==", "01"]).exists():
            start = min(old_end, current.end_date)
            for rating_list in (old_list, current.rating_list_id):
                unit.replay(rating_list, from_date=start)
        unit.audit(
            AuditAction.TOURNAMENT_CHANGED,
            params={"fields": changed.fields},
            tournament=current,
            before=changed.before,
            after=changed.after,
        )
    for name, value in changes.items():
        setattr(tournament, name, value)
    return current


def delete_tournament(*, actor: Actor, tournament: Tournament) -> None:
    """Delete a tournament with its rounds, games and registrations.

    Refused: a tournament with rated games (deleting them would change ratings that have
    been published; delete or correct the games one by one instead).
    """
    with change(actor=actor, role=roles.manager_of(tournament), tournament=tournament) as unit:
        current = unit.tournament
        count = rated_games(tournament=current).count()
        if count:
            raise ValidationError(
                _(
                    "%(tournament)s has %(count)d rated games and cannot be deleted: "
                    "ratings depend on them."
                )
                % {"tournament": current.name, "count": count}
            )
        unit.audit(
            AuditAction.TOURNAMENT_DELETED,
            params={"tournament": current.name},
            rating_list=current.rating_list,
            before=snapshot(current, ["name", "slug", "start_date", "end_date", "rating_list"]),
        )
        current.delete()


def set_arbiters(*, actor: Actor, tournament: Tournament, arbiters: Any) -> list[Any]:
    """Appoint the arbiters of ``tournament`` (replaces the previous ones). Staff or an
    organiser of the tournament's club; inactive accounts are refused."""
    arbiters = list(arbiters)
    inactive = [a for a in arbiters if not a.is_active]
    if inactive:
        raise ValidationError(
            {"arbiters": _("%(user)s cannot log in.") % {"user": inactive[0].get_username()}}
        )
    with change(actor=actor, role=roles.manager_of(tournament), tournament=tournament) as unit:
        before = sorted(unit.tournament.arbiters.values_list("pk", flat=True))
        after = sorted(a.pk for a in arbiters)
        if before == after:
            return arbiters
        _record_arbiters(unit, before, arbiters)
    return arbiters


def _record_arbiters(unit: Any, before: list[int], arbiters: list[Any]) -> None:
    unit.tournament.arbiters.set(arbiters)
    unit.audit(
        AuditAction.ARBITERS_SET,
        params={"names": [a.get_username() for a in arbiters]},
        tournament=unit.tournament,
        before={"arbiters": before},
        after={"arbiters": sorted(a.pk for a in arbiters)},
    )


def change_arbiter(
    *, actor: Actor, tournament: Tournament, account: Any, appoint: bool
) -> list[Any]:
    """Appoint one more arbiter of ``tournament`` (``appoint``), or remove one; read under the
    tournament's lock, so two organisers picking at once both count. Staff or an organiser of
    the tournament's club; an inactive account is refused. Returns the arbiters after."""
    if appoint and not account.is_active:
        raise ValidationError(
            {"arbiters": _("%(user)s cannot log in.") % {"user": account.get_username()}}
        )
    with change(actor=actor, role=roles.manager_of(tournament), tournament=tournament) as unit:
        current = list(unit.tournament.arbiters.order_by("username"))
        before = sorted(a.pk for a in current)
        others = [a for a in current if a.pk != account.pk]
        arbiters = [*others, account] if appoint else others
        if sorted(a.pk for a in arbiters) == before:
            return current
        _record_arbiters(unit, before, arbiters)
    return arbiters


def _set_status(unit: Any, tournament: Tournament, status: str, **after: Any) -> None:
    before = tournament.status
    tournament.status = status
    for name, value in after.items():
        setattr(tournament, name, value)
    tournament.save(update_fields=["status", *after])
    unit.audit(
        AuditAction.TOURNAMENT_STATUS_CHANGED,
        params={"tournament": tournament.name, "before": before, "after": status},
        tournament=tournament,
        before={"status": before},
        after={"status": status},
    )


def open_registration(*, actor: Actor, tournament: Tournament) -> Tournament:
    """Open the entries of a draft tournament (draft -> registration). Twice: nothing changes.
    Refused: a tournament that has started or finished."""
    with change(actor=actor, role=roles.manager_of(tournament), tournament=tournament) as unit:
        current = unit.tournament
        if current.status == TournamentStatus.REGISTRATION:
            return current
        if current.status != TournamentStatus.DRAFT:
            raise ValidationError(_("The tournament has started: its registration is open."))
        _set_status(unit, current, TournamentStatus.REGISTRATION)
    tournament.status = current.status
    return current


def final_standings(tournament: Tournament) -> dict[str, Any]:
    """The standings after the last round as plain data (what finishing freezes)."""
    data = tournament_standings(tournament)
    table = ranked(data, data.completed)
    return {
        "after_round": table.after_round,
        "tiebreaks": [tb.code for tb in table.tiebreaks],
        "rows": [
            {
                "place": row.label,
                "tpn": row.player.tpn,
                "player": data.players[row.player.tpn].pk,
                "name": data.players[row.player.tpn].name,
                "points": str(row.points),
                "tiebreaks": [None if v is None else str(v) for v in row.tiebreaks],
            }
            for row in table.rows
        ],
    }


def finish_tournament(*, actor: Actor, tournament: Tournament) -> Tournament:
    """Finish the tournament after its last round: its final standings are frozen
    (``final_standings``) and nothing more is paired, entered or corrected until it is
    reopened. A manual tournament of open length (no planned rounds) finishes after any
    played round. Twice: nothing changes. Refused: rounds still to pair, publish or complete."""
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        current = unit.tournament
        if current.status == TournamentStatus.FINISHED:
            return current
        step = next_step(current)
        if step.kind != "finish" and not step.can_finish:
            raise ValidationError(_("The tournament cannot finish yet: %(why)s") % {"why": step})
        _set_status(
            unit, current, TournamentStatus.FINISHED, final_standings=final_standings(current)
        )
    tournament.status, tournament.final_standings = current.status, current.final_standings
    return current


def reopen_tournament(*, actor: Actor, tournament: Tournament) -> Tournament:
    """Reopen a finished tournament (finished -> running) to correct it; its frozen standings
    are dropped until it finishes again. Staff and the club's organisers."""
    with change(actor=actor, role=roles.manager_of(tournament), tournament=tournament) as unit:
        current = unit.tournament
        if current.status != TournamentStatus.FINISHED:
            return current
        _set_status(unit, current, TournamentStatus.RUNNING, final_standings=None)
    tournament.status, tournament.final_standings = current.status, None
    return current
