"""``roles`` in every template: which role links the navigation shows.

Evaluated lazily: a page that does not ask (or an anonymous visitor) costs no query.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.utils.translation import gettext as _

from core.roles import (
    can_report_results,
    captains_teams,
    has_role,
    is_staff,
    organised_clubs,
    player_of,
)


class Roles:
    def __init__(self, user: Any) -> None:
        self.user = user

    @cached_property
    def organise(self) -> bool:
        """Staff, a club organiser or an arbiter: the "Organise" link."""
        return has_role(self.user)

    @cached_property
    def staff(self) -> bool:
        return is_staff(self.user)

    @cached_property
    def summary(self) -> str:
        """The signed-in user's roles in a few words ("organiser, arbiter"), for the header."""
        user = self.user
        if user is None or not user.is_authenticated:
            return ""
        names = []
        if self.staff:
            names.append(_("staff"))
        if organised_clubs(user).exists() and not self.staff:
            names.append(_("organiser"))
        if user.arbitrated_tournaments.exists():
            names.append(_("arbiter"))
        if self.player is not None:
            names.append(_("player"))
        return ", ".join(names)

    @cached_property
    def report(self) -> bool:
        """A player in a tournament that lets players report results: "Report result"."""
        return can_report_results(self.user)

    @cached_property
    def player(self) -> Any:
        """The signed-in user's player, if any (one query, shared by the links below)."""
        return player_of(self.user)

    @cached_property
    def captain(self) -> bool:
        """A team captain (their player's account) in a tournament in progress: "My teams";
        no query for an account without a player."""
        return self.player is not None and captains_teams(self.user)


def roles(request: Any) -> dict[str, Roles]:
    return {"roles": Roles(getattr(request, "user", None))}
