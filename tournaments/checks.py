"""Checks of a tournament's address and rating list, run by ``Tournament.clean`` (so by the
actions' ``full_clean``, the forms and the admin)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.enums import FORMAT_GAMES, RESERVED_SLUGS, TEAM_SYSTEMS

__all__ = ["FORMAT_GAMES", "check_slug_and_list", "check_team_settings"]


def check_slug_and_list(tournament: Any) -> None:
    """Refuse a reserved slug (:data:`~tournaments.enums.RESERVED_SLUGS`) and a rating list
    of another game than the tournament's format (a Dutch Swiss in the go list)."""
    if tournament.slug in RESERVED_SLUGS:
        raise ValidationError(
            {"slug": _("The address “%(slug)s” is already taken.") % {"slug": tournament.slug}}
        )
    game = FORMAT_GAMES.get(tournament.pairing_system)
    rating_list = tournament.rating_list if tournament.rating_list_id is not None else None
    if rating_list is not None and game and rating_list.game != game:
        raise ValidationError(
            {
                "rating_list": _(
                    "%(list)s rates %(list_game)s games: a tournament paired as "
                    "“%(format)s” cannot be rated in it."
                )
                % {
                    "list": rating_list.label,
                    "list_game": rating_list.get_game_display(),
                    "format": tournament.get_pairing_system_display(),
                }
            }
        )


def check_team_settings(tournament: Any) -> None:
    """A team format needs its boards per match, an individual one has none; a team Swiss
    with Baku acceleration has match points as its primary score (C.04.7); a won match is
    worth at least a drawn one, and a drawn one at least a lost one."""
    is_team = tournament.pairing_system in TEAM_SYSTEMS
    if is_team and not tournament.team_boards:
        raise ValidationError(
            {"team_boards": _("A team competition needs the number of boards per match.")}
        )
    if not is_team and tournament.team_boards:
        raise ValidationError({"team_boards": _("Boards per match are for the team formats only.")})
    if (
        tournament.pairing_system == "team_swiss"
        and tournament.accelerated
        and tournament.team_primary_score == "game"
    ):
        raise ValidationError(
            {
                "accelerated": _(
                    "Baku acceleration of a team Swiss needs match points as the primary "
                    "score (C.04.7)."
                )
            }
        )
    if not (tournament.team_match_win >= tournament.team_match_draw >= tournament.team_match_loss):
        raise ValidationError(
            {
                "team_match_draw": _(
                    "A won match must be worth at least a drawn one, and a drawn one at "
                    "least a lost one."
                )
            }
        )
