"""Rating lists: starting ratings and grades, closing and reopening periods, full replays.

    set_starting_rating(*, actor, player, rating_list, rating, games=0, date=None,
                        declared_grade=None) -> PlayerRating
    check_starting_rating(rating_list, *, rating, games=0, declared_grade=None)   # no write
    set_declared_grade(*, actor, player, rating_list, grade) -> PlayerRating   # go and shogi
    replay_rating_list(*, actor, rating_list, from_date=None) -> ReplayStats
    recompute_ratings(*, actor, rating_list=None) -> list[ReplayStats]
    close_rating_period(*, actor, rating_list, date) -> PublishedList
    check_closing(rating_list, date)                 # its refusals, without writing
    reopen_rating_period(*, actor, rating_list) -> datetime.date   # undo the last close

Starting ratings and grades are inputs only trusted roles set: staff and the system. Every
starting rating set one at a time (the admin, the TRF import) goes through
:func:`set_starting_rating` or its body :func:`write_starting_rating`, which check the actor
and write the audit trail. How a replay runs is described in :mod:`ratings.recompute`.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from core import roles
from core.audit import saved_user
from core.enums import AuditAction
from core.roles import Actor
from core.unit_of_work import FROM_THE_START, Unit, change
from players.models import Player
from ratings.models import PlayerRating, PublishedList, PublishedRating, RatingChange, RatingList
from ratings.recompute import ReplayStats
from rules.ratings import egf, fesa

RATING_MIN = 0
RATING_MAX = 3500
#: Starting-rating bounds per system where they differ from 0-3500: GoR runs from the floor
#: -900 (30 kyu) and the EGF formulas need ratings below 3300.
RATING_BOUNDS = {"egf": (-900, 3000), "egf_old": (100, 3000)}
#: Systems with declared grades, and the parser that checks and normalises a grade.
GRADE_PARSERS = {
    "egf": lambda grade: "{}{}".format(*egf.parse_grade(grade)),
    "egf_old": lambda grade: "{}{}".format(*egf.parse_grade(grade)),
    "fesa": fesa.parse_grade,
}


def set_starting_rating(
    *,
    actor: Actor,
    player: Player,
    rating_list: RatingList,
    rating: int | None,
    games: int = 0,
    date: datetime.date | None = None,
    declared_grade: str | None = None,
) -> PlayerRating:
    """Set the rating a player brings to a list (``None`` clears it) and replay the list.

    ``games`` is the number of rated games behind that rating (for the K rules) and ``date``
    the date from which it is valid (``None``: from the beginning of the list's history).
    ``declared_grade`` (go and shogi lists) sets the declared grade too, as
    :func:`set_declared_grade` does (``None``: unchanged). Refused: an actor who is not staff
    (nor the system); a rating outside 0–3500 (go: −900–3000), a negative number of games, a
    grade the list does not know. Setting what is already set changes nothing and records
    nothing.

    This is the one way a starting rating changes: the TRF import calls its body,
    :func:`write_starting_rating`, with the import's own unit.
    """
    with change(actor=actor, role=roles.staff(), lists=[rating_list]) as unit:
        entry = write_starting_rating(
            unit,
            actor=actor,
            player=player,
            rating_list=unit.lists[rating_list.pk],
            rating=rating,
            games=games,
            date=date,
            declared_grade=declared_grade,
        )
    entry.refresh_from_db()
    return entry


def write_starting_rating(
    unit: Unit,
    *,
    actor: Actor,
    player: Player,
    rating_list: RatingList,
    rating: int | None,
    games: int = 0,
    date: datetime.date | None = None,
    declared_grade: str | None = None,
) -> PlayerRating:
    """The body of :func:`set_starting_rating` in a ``unit`` that holds ``rating_list``
    exclusively: checks the actor is staff, writes the row, marks the replay and the audit."""
    roles.require(roles.staff().allows(actor))
    grade_changed = declared_grade is not None
    declared_grade = check_starting_rating(
        rating_list, rating=rating, games=games, declared_grade=declared_grade
    )
    if unit.lists.get(rating_list.pk) is None:
        raise RuntimeError("write_starting_rating needs a unit holding the rating list")
    locked = unit.lists[rating_list.pk]
    entry, _created = PlayerRating.objects.get_or_create(rating_list=locked, player=player)
    before = {
        "starting_rating": entry.starting_rating,
        "starting_games": entry.starting_games,
        "starting_date": entry.starting_date,
    }
    after = {"starting_rating": rating, "starting_games": games, "starting_date": date}
    grade_changes = grade_changed and declared_grade != entry.declared_grade
    if before == after and not grade_changes:
        return entry
    # The periods affected start where the old or the new starting rating applies.
    keys = []
    if entry.starting_rating is not None:
        keys.append(entry.starting_date)
    if rating is not None:
        keys.append(date)
    if grade_changes:
        entry.declared_grade = declared_grade
        keys.append(FROM_THE_START)  # a newcomer's entry rating: replay everything
    entry.starting_rating = rating
    entry.starting_games = games
    entry.starting_date = date
    entry.save(
        update_fields=["starting_rating", "starting_games", "starting_date", "declared_grade"]
    )
    from_date = None if None in keys else min(keys, default=datetime.date.max)
    unit.replay(locked, from_date=from_date)
    unit.audit(
        AuditAction.STARTING_RATING_SET,
        params={"player": player.name, "list": locked.name, "rating": rating},
        player=player,
        rating_list=locked,
        before=before,
        after=after,
    )
    return entry


def check_starting_rating(
    rating_list: RatingList,
    *,
    rating: int | None,
    games: int = 0,
    declared_grade: str | None = None,
) -> str | None:
    """Refuse (``ValidationError``, nothing written) what :func:`set_starting_rating` refuses
    of its input: a rating outside the list's bounds (0–3500; go: −900–3000), a negative
    number of games, a grade the list does not know. Returns ``declared_grade`` cleaned."""
    errors: dict[str, str] = {}
    if declared_grade is not None:
        try:
            declared_grade = _clean_grade(rating_list, declared_grade)
        except ValidationError as error:
            errors.update({k: v[0] for k, v in error.message_dict.items()})
    low, high = RATING_BOUNDS.get(rating_list.system, (RATING_MIN, RATING_MAX))
    if rating is not None and (
        isinstance(rating, bool) or not isinstance(rating, int) or not low <= rating <= high
    ):
        errors["starting_rating"] = _(
            "A rating must be a whole number from %(min)d to %(max)d."
        ) % {
            "min": low,
            "max": high,
        }
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        errors["starting_games"] = _("The number of games must be zero or more.")
    if errors:
        raise ValidationError(errors)
    return declared_grade


def set_declared_grade(
    *, actor: Actor, player: Player, rating_list: RatingList, grade: str
) -> PlayerRating:
    """Set the grade a go or shogi player declares (``""`` clears it) and replay the list.

    A new player without a starting rating enters the list at the rating of this grade (EGF:
    100 points a grade, 2100 = 1 dan; FESA: the grade's midpoint); a FESA player starts with
    this grade. The grade is stored normalised (``"5 kyu"`` -> ``"5k"``). Refused: a list
    without grades (FIDE) and a grade the list's system does not know.
    """
    grade = _clean_grade(rating_list, grade)
    with change(actor=actor, role=roles.staff(), lists=[rating_list]) as unit:
        locked = unit.lists[rating_list.pk]
        entry, _created = PlayerRating.objects.get_or_create(rating_list=locked, player=player)
        if entry.declared_grade == grade:
            return entry
        before = {"declared_grade": entry.declared_grade}
        entry.declared_grade = grade
        entry.save(update_fields=["declared_grade"])
        unit.replay(locked, from_date=FROM_THE_START)
        unit.audit(
            AuditAction.DECLARED_GRADE_SET,
            params={"player": player.name, "list": locked.name, "grade": grade},
            player=player,
            rating_list=locked,
            before=before,
            after={"declared_grade": grade},
        )
    entry.refresh_from_db()
    return entry


def _clean_grade(rating_list: RatingList, grade: str) -> str:
    """The grade normalised for the list's system (``""`` stays empty); else ValidationError."""
    grade = (grade or "").strip()
    parse = GRADE_PARSERS.get(rating_list.system)
    if parse is None:
        if not grade:
            return ""
        raise ValidationError(
            {"declared_grade": _("The rating list %(list)s has no grades.") % {"list": rating_list}}
        )
    if not grade:
        return ""
    try:
        return parse(grade)
    except ValueError:
        raise ValidationError(
            {
                "declared_grade": _("“%(grade)s” is not a grade of this list (e.g. “5k” or “2d”).")
                % {"grade": grade}
            }
        ) from None


def replay_rating_list(
    *, actor: Actor, rating_list: RatingList, from_date: datetime.date | None = None
) -> ReplayStats:
    """Replay ``rating_list``, rewriting derived rows from the period containing ``from_date``
    (``None``: everything), e.g. after editing a round's date in the admin."""
    with change(actor=actor, role=roles.staff(), lists=[rating_list]) as unit:
        unit.replay(rating_list, from_date=from_date)
    (stats,) = unit.stats
    return stats


def recompute_ratings(*, actor: Actor, rating_list: RatingList | None = None) -> list[ReplayStats]:
    """Replay one list, or every list, from scratch (one unit of work per list)."""
    lists = [rating_list] if rating_list is not None else list(RatingList.objects.order_by("pk"))
    stats: list[ReplayStats] = []
    for item in lists:
        with change(actor=actor, role=roles.staff(), lists=[item]) as unit:
            unit.replay(item, from_date=FROM_THE_START)
            unit.audit(
                AuditAction.RATINGS_RECOMPUTED,
                params={"list": item.name},
                rating_list=unit.lists[item.pk],
            )
        stats.extend(unit.stats)
    return stats


def close_rating_period(
    *, actor: Actor, rating_list: RatingList, date: datetime.date
) -> PublishedList:
    """Publish the list dated ``date``: closes the open period and freezes its ratings.

    Tournaments that ended before ``date`` are rated on this list; later ones stay in the
    open period. The new list must be dated after the list's last published list. Its rows
    (``PublishedRating``) are derived: a later correction of a game in this period re-derives
    them (and every later list).
    """
    _check_date(date)
    with change(actor=actor, role=roles.staff(), lists=[rating_list]) as unit:
        locked = unit.lists[rating_list.pk]
        last = check_closing(locked, date)
        published = PublishedList.objects.create(
            rating_list=locked, date=date, closed_by=saved_user(actor)
        )
        # Only the old open period changes: it becomes the new closed period.
        unit.replay(locked, from_date=last)
        unit.audit(
            AuditAction.PERIOD_CLOSED,
            params={"list": locked.name, "date": date.isoformat()},
            rating_list=locked,
            before={"last_list": last},
            after={"last_list": date},
        )
    return published


def check_closing(rating_list: RatingList, date: datetime.date) -> datetime.date | None:
    """Refuse (``ValidationError``, nothing written) a date :func:`close_rating_period` would
    refuse: not a date, or not after the list's last published list. Returns that list's
    date (``None``: nothing published yet)."""
    _check_date(date)
    last = (
        PublishedList.objects.filter(rating_list=rating_list)
        .order_by("-date")
        .values_list("date", flat=True)
        .first()
    )
    if last is not None and date <= last:
        raise ValidationError(
            {
                "date": _("A list dated %(date)s has already been published; pick a later date.")
                % {"date": last.isoformat()}
            }
        )
    return last


def _check_date(date: Any) -> None:
    if not isinstance(date, datetime.date) or isinstance(date, datetime.datetime):
        raise ValidationError({"date": _("Enter a valid date.")})


def reopen_rating_period(*, actor: Actor, rating_list: RatingList) -> datetime.date:
    """Withdraw the list's latest published list (e.g. closed on a wrong date).

    Its games go back to the open period and the live ratings are replayed; returns the
    date of the withdrawn list. Only the latest list can be withdrawn, so the lists before
    it stay as they are. Refused when nothing has been published.
    """
    with change(actor=actor, role=roles.staff(), lists=[rating_list]) as unit:
        locked = unit.lists[rating_list.pk]
        lists = list(PublishedList.objects.filter(rating_list=locked).order_by("-date")[:2])
        if not lists:
            raise ValidationError(
                {"rating_list": _("No list of %(list)s has been published.") % {"list": locked}}
            )
        latest = lists[0]
        previous = lists[1].date if len(lists) > 1 else None
        PublishedRating.objects.filter(published_list=latest).delete()
        RatingChange.objects.filter(period=latest).update(period=None)
        latest.delete()
        unit.replay(locked, from_date=previous)
        unit.audit(
            AuditAction.PERIOD_REOPENED,
            params={"list": locked.name, "date": latest.date.isoformat()},
            rating_list=locked,
            before={"last_list": latest.date},
            after={"last_list": previous},
        )
    return latest.date
