"""Tournaments: creating, changing, deleting them, and appointing their arbiters.

create_tournament(*, actor, name, start_date, end_date, slug="", **settings) -> Tournament
    # slug from the name when empty
update_tournament(*, actor, tournament, changes) -> Tournament   # dates / list: replays
delete_tournament(*, actor, tournament) -> None                  # refused with rated games
set_arbiters(*, actor, tournament, arbiters) -> list[User]       # the club's organisers
"""

from __future__ import annotations

import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.text import slugify
from django.utils.translation import gettext as _

from core import roles
from core.audit import snapshot
from core.enums import AuditAction
from core.unit_of_work import change
from tournaments.models import POINT_FIELDS, Game, Round, Tournament
from tournaments.queries import rated_games
from tournaments.validators import validate_tiebreaks

TOURNAMENT_FIELDS = frozenset(
    {
        "name",
        "slug",
        "club",
        "rating_list",
        "rating_class",
        "city",
        "start_date",
        "end_date",
        "rounds_planned",
        "pairing_system",
        *POINT_FIELDS,
        "initial_colour",
        "drawn_colour",
        "accelerated",
        "seeding",
        "tiebreaks",
        "max_half_point_byes",
        "players_report_results",
        "top_bar",
        "floor_bar",
        "handicap_policy",
        "handicap_cap",
        "komi",
    }
)

#: Slugs taken by the tournament URLs themselves (``/tournaments/<slug>/``).
RESERVED_SLUGS = frozenset({"organise", "import-trf", "my-games", "games"})

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
    actor: Any,
    name: str,
    start_date: datetime.date,
    end_date: datetime.date,
    slug: str = "",
    **settings: Any,
) -> Tournament:
    """Create a tournament. ``settings`` are any other tournament fields (club, rating list,
    city, rounds, format, points, colours, Baku, seeding, tie-breaks, half-point bye cap);
    the ones left out keep their defaults.

    An empty ``slug`` is made from the name (with ``-2``, ``-3``… when taken). Refused: an
    unknown field; an empty name; a slug given and taken or reserved; an end date before the
    start date; unknown tie-break codes, or Buchholz tie-breaks in a round robin; anything
    ``full_clean`` refuses.
    """
    unknown = sorted(set(settings) - TOURNAMENT_FIELDS)
    if unknown:
        raise ValidationError({name: _("This field cannot be set here.") for name in unknown})
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": _("The tournament needs a name.")})
    if end_date < start_date:
        raise ValidationError({"end_date": _("The end date cannot be before the start date.")})
    with change(actor=actor, role=roles.creator_for(settings.get("club"))) as unit:
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
            _("Tournament %(tournament)s created") % {"tournament": tournament.name},
            tournament=tournament,
            after=snapshot(tournament, ["name", "slug", "club", "rating_list", "start_date"]),
        )
    return tournament


def update_tournament(*, actor: Any, tournament: Tournament, changes: dict[str, Any]) -> Tournament:
    """Change a tournament's fields (``changes``: field name -> value) and replay the rating
    lists whose ratings change.

    Changing the dates or the rating list of a tournament with rated games replays the old
    and the new list from the earlier of the old and new periods. Changing nothing records
    nothing. Refused: unknown fields, an end date before the start date, a pairing setting
    once a round is paired, a club the actor does not organise, and anything ``full_clean``
    refuses.
    """
    unknown = sorted(set(changes) - TOURNAMENT_FIELDS)
    if unknown:
        raise ValidationError({name: _("This field cannot be changed here.") for name in unknown})
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
        before = Tournament.objects.get(pk=current.pk)
        old_end = current.end_date
        for name, value in changes.items():
            setattr(current, name, value)
        if current.end_date < current.start_date:
            raise ValidationError({"end_date": _("The end date cannot be before the start date.")})
        current.full_clean()
        changed = sorted(
            name for name in changes if getattr(current, name) != getattr(before, name)
        )
        frozen = [name for name in FIXED_ONCE_PAIRED if name in changed]
        if frozen and Round.objects.filter(tournament=current).exists():
            raise ValidationError(
                {name: _("This cannot change once a round has been paired.") for name in frozen}
            )
        if not changed:
            return current
        current.save()
        if Game.objects.filter(round__tournament=current, result__in=["10", "==", "01"]).exists():
            start = min(old_end, current.end_date)
            for rating_list in (before.rating_list_id, current.rating_list_id):
                unit.replay(rating_list, from_date=start)
        unit.audit(
            AuditAction.TOURNAMENT_CHANGED,
            _("Tournament changed: %(fields)s") % {"fields": ", ".join(changed)},
            tournament=current,
            before=snapshot(before, changed),
            after=snapshot(current, changed),
        )
    for name, value in changes.items():
        setattr(tournament, name, value)
    return current


def delete_tournament(*, actor: Any, tournament: Tournament) -> None:
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
            _("Tournament %(tournament)s deleted") % {"tournament": current.name},
            rating_list=current.rating_list,
            before=snapshot(current, ["name", "slug", "start_date", "end_date", "rating_list"]),
        )
        current.delete()


def set_arbiters(*, actor: Any, tournament: Tournament, arbiters: Any) -> list[Any]:
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
        unit.tournament.arbiters.set(arbiters)
        unit.audit(
            AuditAction.ARBITERS_SET,
            _("Arbiters: %(names)s")
            % {"names": ", ".join(a.get_username() for a in arbiters) or "–"},
            tournament=unit.tournament,
            before={"arbiters": before},
            after={"arbiters": after},
        )
    return arbiters
