"""Entering players in bulk or as newcomers (the registrations family).

    register_entries(*, actor, tournament, entries, allow_duplicates=False) -> list[Registration]

``entries`` are :class:`rules.files.entries.EntryLine` s (pasted lines, a CSV file, or the
newcomer form's one line). All of them are entered in one unit of work, or none.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from actions.registrations import enter_player
from core import roles
from core.audit import snapshot
from core.enums import AuditAction
from core.roles import Actor
from core.submissions import Submission
from core.unit_of_work import Unit, change
from players.models import Player
from players.queries.search import possible_duplicates
from rules.files.entries import EntryLine
from rules.search_key import player_key
from tournaments.models import Registration, Tournament


@dataclass(frozen=True)
class Duplicate:
    """A line that looks like a player already in the database (same name and birth year)."""

    entry: EntryLine
    players: tuple[Player, ...]


class PossibleDuplicates(ValidationError):
    """Lines that look like existing players: the organiser may enter them anyway."""

    def __init__(self, duplicates: list[Duplicate]) -> None:
        self.duplicates = duplicates
        super().__init__(
            _(
                "%(count)d of the players may already exist: enter them with the search "
                "instead, or confirm that they are different people."
            )
            % {"count": len(duplicates)},
            code="duplicates",
        )


def _line_error(entry: EntryLine, message: str) -> ValidationError:
    return ValidationError(
        _("Line %(line)d (%(name)s): %(why)s")
        % {"line": entry.line, "name": entry.name, "why": message}
    )


def register_entries(
    *,
    actor: Actor,
    tournament: Tournament,
    entries: list[EntryLine],
    allow_duplicates: bool = False,
    submission: Submission | None = None,
) -> list[Registration]:
    """Enter every player of ``entries`` in ``tournament``, creating the ones that are new.

    A line with a FIDE ID enters the player with that ID (created if nobody has it). A line
    without one creates a new player of the tournament's club, unless a player with the same
    name and birth year exists: then :class:`PossibleDuplicates` is raised and nothing is
    written, unless ``allow_duplicates``. The line's rating is the rating for the initial
    ranking (empty: the player's rating in the tournament's list); a birth year is stored as
    1 January of that year. Refused, naming the line: a new player without sex, a player
    already entered, the same FIDE ID twice; and whatever :func:`register_player` refuses.
    ``submission``: the form's one-time token (:mod:`core.submissions`).
    """
    if not entries:
        raise ValidationError(_("No player to enter: paste one per line."))
    ids = [e.fide_id for e in entries if e.fide_id]
    if len(ids) != len(set(ids)):
        twice = next(e for e in entries if e.fide_id and ids.count(e.fide_id) > 1)
        raise _line_error(twice, _("this FIDE ID is on two lines."))
    with change(
        actor=actor, role=roles.manager_of(tournament), tournament=tournament, submission=submission
    ) as unit:
        known = {p.fide_id: p for p in Player.objects.filter(fide_id__in=ids)}
        duplicates = []
        for entry in entries:
            if entry.fide_id in known or allow_duplicates:
                continue
            matches = tuple(
                possible_duplicates(entry.last_name, entry.first_name, entry.birth_year)
            )
            if matches:
                duplicates.append(Duplicate(entry, matches))
        if duplicates:
            raise PossibleDuplicates(duplicates)
        return unit.answered([_enter(unit, entry, known.get(entry.fide_id)) for entry in entries])


def _enter(unit: Unit, entry: EntryLine, player: Player | None) -> Registration:
    if player is None:
        player = _create(unit, entry)
    elif Registration.objects.filter(tournament=unit.tournament, player=player).exists():
        raise _line_error(entry, _("already entered in this tournament."))
    try:
        return enter_player(unit, player, rating_at_start=entry.rating)
    except ValidationError as error:
        raise _line_error(entry, " ".join(error.messages)) from None


def _create(unit: Unit, entry: EntryLine) -> Player:
    if not entry.sex:
        raise _line_error(entry, _("a new player needs their sex (m or f)."))
    player = Player(
        last_name=entry.last_name,
        first_name=entry.first_name,
        sex=entry.sex,
        birth_date=datetime.date(entry.birth_year, 1, 1) if entry.birth_year else None,
        federation=entry.federation,
        fide_id=entry.fide_id,
        club=unit.tournament.club,
        search_key=player_key(entry.last_name, entry.first_name),
    )
    try:
        player.full_clean()
    except ValidationError as error:
        raise _line_error(entry, " ".join(error.messages)) from None
    player.save()
    unit.audit(
        AuditAction.PLAYER_CREATED,
        params={"player": player.name},
        player=player,
        after=snapshot(player, ["last_name", "first_name", "sex", "birth_date", "federation"]),
    )
    return player
