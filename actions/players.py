"""Players: creating, changing, deleting and merging them.

    create_player(*, actor, last_name, sex, first_name="", birth_date=None, federation="",
                  club=None, fide_id=None, title="", account=None) -> Player
    update_player(*, actor, player, changes) -> Player   # a new birth date replays
    delete_player(*, actor, player) -> None              # refused with games or entries
    merge_players(*, actor, keep, duplicate) -> Player   # duplicates: moves everything

``account`` is the player's own user account (``Player.account``); ``actor`` is who acts.
Staff and the organisers of the player's club may change a player; merging is for staff.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from actions.ratings import write_starting_rating
from core import roles
from core.audit import snapshot
from core.changes import apply_changes
from core.enums import AuditAction
from core.roles import Actor
from core.submissions import Submission, refuse_repeat
from core.unit_of_work import FROM_THE_START, Unit, change
from players.models import Club, Player
from ratings.models import PlayerRating, PublishedRating, RatingChange, RatingList
from rules.search_key import player_key
from tournaments.models import ForbiddenPair, Game, Registration, Tournament
from tournaments.queries.games import rated_games

#: The fields of a player that staff and organisers edit, in form order (``update_player``
#: refuses any other; the admin's player form shows these).
PLAYER_FIELDS = (
    "last_name",
    "first_name",
    "sex",
    "birth_date",
    "federation",
    "club",
    "fide_id",
    "title",
    "account",
)

#: The fields an audit entry keeps of a player.
_SNAPSHOT = (
    "last_name",
    "first_name",
    "sex",
    "birth_date",
    "federation",
    "club",
    "fide_id",
    "title",
)
#: Fields of the kept player that a merge fills from the duplicate when they are empty.
_FILLED_BY_MERGE = ("first_name", "birth_date", "federation", "club", "fide_id", "title")


def create_player(
    *,
    actor: Actor,
    last_name: str,
    sex: str,
    first_name: str = "",
    birth_date: datetime.date | None = None,
    federation: str = "",
    club: Club | None = None,
    fide_id: int | None = None,
    title: str = "",
    account: Any = None,
    submission: Submission | None = None,
) -> Player:
    """Validate (``full_clean``) and create a player; refused input raises ValidationError
    (also a FIDE ID taken meanwhile by a concurrent add). ``submission``: the form's
    one-time token (:mod:`core.submissions`).

    Staff, or an organiser of ``club`` for a player of their club."""
    refuse_repeat(submission, actor)
    player = Player(
        account=account,
        last_name=last_name,
        first_name=first_name,
        sex=sex,
        birth_date=birth_date,
        federation=federation,
        club=club,
        fide_id=fide_id,
        title=title,
        search_key=player_key(last_name, first_name),
    )
    player.full_clean()
    with change(actor=actor, role=roles.organiser_of(club), submission=submission) as unit:
        player.save()
        unit.audit(
            AuditAction.PLAYER_CREATED,
            params={"player": player.name},
            player=player,
            after=snapshot(player, _SNAPSHOT),
        )
        unit.answered(player)
    return player


def update_player(*, actor: Actor, player: Player, changes: dict[str, Any]) -> Player:
    """Change a player's fields (``changes``: field name -> value; ``full_clean`` first).

    The birth date feeds the junior K rule, so changing it replays every rating list in
    which the player has a rating (locked first, in the one lock order). Changing nothing
    records nothing. Refused: a field that is not a player field; moving a player to a club
    the actor does not organise.
    """
    if "club" in changes:
        roles.require(roles.organiser_of(changes["club"]).allows(actor))
    lists: list[int] = []
    if "birth_date" in changes:
        lists = list(
            RatingList.objects.filter(player_ratings__player=player).values_list("pk", flat=True)
        )
    with change(
        actor=actor, role=roles.organiser_of(player.club), lists=lists, players=[player]
    ) as unit:
        current = unit.players[player.pk]
        old_birth = current.birth_date
        changed = apply_changes(current, changes, editable=PLAYER_FIELDS, derive=_search_key)
        if not changed:
            return current
        if current.birth_date != old_birth:
            for pk in lists:
                unit.replay(pk, from_date=FROM_THE_START)
        unit.audit(
            AuditAction.PLAYER_CHANGED,
            params={"player": current.name, "fields": changed.fields},
            player=current,
            before=changed.before,
            after=changed.after,
        )
    for name, value in changes.items():
        setattr(player, name, value)
    player.search_key = current.search_key
    return current


def _search_key(player: Player) -> dict[str, str]:
    return {"search_key": player_key(player.last_name, player.first_name)}


def delete_player(*, actor: Actor, player: Player) -> None:
    """Delete a player who has never played nor been entered in a tournament.

    Refused: a player with rated games (ratings depend on them: merge a duplicate instead);
    a player with other games or tournament entries.
    """
    with change(actor=actor, role=roles.organiser_of(player.club), players=[player]) as unit:
        current = unit.players[player.pk]
        rated = rated_games(player=current).count()
        if rated:
            raise ValidationError(
                _(
                    "%(player)s has %(count)d rated games and cannot be deleted: ratings "
                    "depend on them (merge a duplicate into the right player instead)."
                )
                % {"player": current.name, "count": rated}
            )
        entries = Registration.objects.filter(player=current).count()
        games = Game.objects.filter(Q(white=current) | Q(black=current)).count()
        if entries or games:
            raise ValidationError(
                _("%(player)s is entered in %(entries)d tournaments and cannot be deleted.")
                % {"player": current.name, "entries": max(entries, 1)}
            )
        unit.audit(
            AuditAction.PLAYER_DELETED,
            params={"player": current.name},
            before=snapshot(current, _SNAPSHOT),
        )
        current.delete()


def _tournaments_of(player: Player) -> set[int]:
    entered = set(
        Registration.objects.filter(player=player).values_list("tournament_id", flat=True)
    )
    played = set(
        Game.objects.filter(Q(white=player) | Q(black=player)).values_list(
            "round__tournament_id", flat=True
        )
    )
    return entered | played


def _lists_of(keep: Player, duplicate: Player) -> list[int]:
    """Every rating list either player plays in or has a rating row in."""
    tournament_lists = Tournament.objects.filter(
        pk__in=_tournaments_of(keep) | _tournaments_of(duplicate),
        rating_list__isnull=False,
    ).values_list("rating_list_id", flat=True)
    rating_lists = PlayerRating.objects.filter(player_id__in=[keep.pk, duplicate.pk]).values_list(
        "rating_list_id", flat=True
    )
    return sorted(set(tournament_lists) | set(rating_lists))


def merge_players(*, actor: Actor, keep: Player, duplicate: Player) -> Player:
    """Merge ``duplicate`` (the same person entered twice) into ``keep`` and delete it.

    Moves the duplicate's games, tournament entries, forbidden pairs, audit entries and any
    other rows that point to it; empty fields of ``keep`` (first name, birth date, federation,
    club, FIDE ID, title) are filled from the duplicate. Rating inputs: where only the
    duplicate has a rating row in a list, it moves; where both have one, ``keep``'s starting
    rating stays, unless it has none, in which case the duplicate's starting rating, games
    and date are taken. The derived rows (ledger, published lists, live ratings) are
    recomputed by a full replay of every list either player is in, in the same unit.

    Refused: the same player twice; both players in the same tournament (entered or
    paired), in particular against each other.
    """
    if keep.pk == duplicate.pk:
        raise ValidationError({"duplicate": _("A player cannot be merged into themselves.")})
    list_ids = _lists_of(keep, duplicate)
    with change(actor=actor, role=roles.staff(), lists=list_ids, players=[keep, duplicate]) as unit:
        kept, dup = unit.players[keep.pk], unit.players[duplicate.pk]
        names = {"keep": kept.name, "duplicate": dup.name}
        _check_not_met(kept, dup, names)
        before = {"keep": snapshot(kept, _SNAPSHOT), "duplicate": snapshot(dup, _SNAPSHOT)}
        moved = {
            "games": Game.objects.filter(white=dup).update(white=kept)
            + Game.objects.filter(black=dup).update(black=kept),
            "registrations": Registration.objects.filter(player=dup).update(player=kept),
        }
        for pair in ForbiddenPair.objects.filter(Q(player_a=dup) | Q(player_b=dup)):
            other = pair.player_b_id if pair.player_a_id == dup.pk else pair.player_a_id
            first, second = sorted((other, kept.pk))
            ForbiddenPair.objects.filter(pk=pair.pk).update(player_a=first, player_b=second)
        moved["ratings"] = _merge_ratings(unit, actor, kept, dup)
        # Derived rows of the duplicate go; the replays write them again for ``kept``.
        RatingChange.objects.filter(Q(player=dup) | Q(opponent=dup)).delete()
        PublishedRating.objects.filter(player=dup).delete()
        _move_other_references(dup, kept)
        _fill_from(kept, dup)
        for pk in list_ids:
            unit.replay(pk, from_date=FROM_THE_START)
        dup_pk = dup.pk
        dup.delete()
        unit.audit(
            AuditAction.PLAYER_MERGED,
            params={**names, "id": dup_pk, "games": moved["games"]},
            player=kept,
            before=before,
            after={"keep": snapshot(kept, _SNAPSHOT), "moved": moved},
        )
    return kept


def _check_not_met(kept: Player, dup: Player, names: dict[str, str]) -> None:
    if Game.objects.filter(Q(white=kept, black=dup) | Q(white=dup, black=kept)).exists():
        raise ValidationError(
            _("%(keep)s and %(duplicate)s played each other: they are not duplicates.") % names
        )
    shared = Tournament.objects.filter(
        pk__in=_tournaments_of(kept) & _tournaments_of(dup)
    ).order_by("start_date", "pk")
    if shared:
        raise ValidationError(
            _("%(keep)s and %(duplicate)s both played in %(tournament)s: they are not duplicates.")
            % {**names, "tournament": shared[0].name}
        )


def _merge_ratings(unit: Unit, actor: Actor, kept: Player, dup: Player) -> dict[str, str]:
    ratings = {}
    kept_rows = {r.rating_list_id: r for r in PlayerRating.objects.filter(player=kept)}
    for row in PlayerRating.objects.filter(player=dup).select_related("rating_list"):
        target = kept_rows.get(row.rating_list_id)
        if target is None:
            PlayerRating.objects.filter(pk=row.pk).update(player=kept)
            ratings[row.rating_list.slug] = "moved"
            continue
        if target.starting_rating is None and row.starting_rating is not None:
            write_starting_rating(
                unit,
                actor=actor,
                player=kept,
                rating_list=unit.lists[row.rating_list_id],
                rating=row.starting_rating,
                games=row.starting_games,
                date=row.starting_date,
            )
            ratings[row.rating_list.slug] = "duplicate's starting rating taken"
        else:
            ratings[row.rating_list.slug] = "kept player's starting rating kept"
        row.delete()
    return ratings


def _fill_from(kept: Player, dup: Player) -> None:
    fill = {
        name: getattr(dup, name)
        for name in _FILLED_BY_MERGE
        if getattr(kept, name) in ("", None) and getattr(dup, name) not in ("", None)
    }
    if "fide_id" in fill:
        Player.objects.filter(pk=dup.pk).update(fide_id=None)
    for name, value in fill.items():
        setattr(kept, name, value)
    if fill:
        kept.search_key = player_key(kept.last_name, kept.first_name)
        kept.save(update_fields=[*fill, "search_key"])


#: Relations to Player that merge_players handles itself, or that are derived.
_HANDLED = {
    ("tournaments", "game"),
    ("tournaments", "registration"),
    ("tournaments", "forbiddenpair"),
    ("ratings", "playerrating"),
    ("ratings", "ratingchange"),
    ("ratings", "publishedrating"),
}


def _move_other_references(dup: Player, kept: Player) -> None:
    """Point every other foreign key to ``dup`` (audit entries, rows added later) at ``kept``."""
    for relation in Player._meta.related_objects:
        model = relation.related_model
        if (model._meta.app_label, model._meta.model_name) in _HANDLED:
            continue
        if not (relation.many_to_one or relation.one_to_one):
            continue
        field = relation.field.name
        try:
            with transaction.atomic():
                model._default_manager.filter(**{field: dup}).update(**{field: kept})
        except IntegrityError:
            raise ValidationError(
                _("Both players have a %(model)s: remove one before merging.")
                % {"model": model._meta.verbose_name}
            ) from None
