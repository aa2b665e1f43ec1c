"""``{% if tournament|arbitrated_by:user %}``: show a tournament's back-office links to the
users who may use them (``tournaments.permissions.can_arbitrate``)."""

from typing import Any

from django import template

from tournaments import permissions

register = template.Library()


@register.filter
def arbitrated_by(tournament: Any, user: Any) -> bool:
    return permissions.can_arbitrate(user, tournament)
