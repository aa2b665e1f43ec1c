"""``{% if tournament|arbitrated_by:user %}``: show a tournament's back-office links to the
users who may use them (``core.roles.can_arbitrate``)."""

from typing import Any

from django import template

from core.roles import can_arbitrate as may_arbitrate

register = template.Library()


@register.filter
def arbitrated_by(tournament: Any, user: Any) -> bool:
    return may_arbitrate(user, tournament)
