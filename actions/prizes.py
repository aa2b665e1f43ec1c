"""A section's prize table (issue 23).

set_prize_table(*, actor, tournament, currency, method, prizes) -> PrizeTable
prize_errors(row) -> dict[str, str]   (the checks of one line, shared with the form)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from itertools import pairwise
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from core import roles
from core.enums import AuditAction
from core.roles import Actor
from core.unit_of_work import change
from events.enums import Currency, PrizeKind, PrizeMethod
from events.models import Prize, PrizeTable
from rules.prizes import MINOR_DIGITS
from tournaments.models import Tournament

#: The largest amount of one prize (in the currency's major unit) and of lines in a table.
MAX_AMOUNT = Decimal("10000000")
MAX_PRIZES = 200
MAX_AGE = 120
MAX_RATING = 4000
FIELDS = ("kind", "place", "age", "rating_min", "rating_max", "club", "amount")


def prize_errors(row: Mapping[str, Any], digits: int = 2) -> dict[str, str]:
    """What is wrong with one line of a prize table, by field (empty: nothing).

    ``row``: ``kind``, ``amount`` (a Decimal in the major unit), and the parameters the kind
    reads: ``place`` (place), ``age`` (junior, senior), ``rating_min``/``rating_max``
    (rating band, at least one), ``club`` (club). ``digits``: the currency's minor unit."""
    errors: dict[str, str] = {}
    kind = row.get("kind")
    if kind not in PrizeKind.values:
        return {"kind": _("Choose the kind of prize.")}
    amount = row.get("amount")
    if not isinstance(amount, Decimal) or not Decimal(0) < amount <= MAX_AMOUNT:
        errors["amount"] = _("The amount must be more than 0 and at most %(max)s.") % {
            "max": MAX_AMOUNT
        }
    elif amount != amount.quantize(Decimal(1).scaleb(-digits)):
        errors["amount"] = _("This currency has %(digits)d decimal places.") % {"digits": digits}
    if kind == PrizeKind.PLACE and not _whole(row.get("place"), 1, MAX_PRIZES):
        errors["place"] = _("A place prize needs its place, from 1 to %(max)d.") % {
            "max": MAX_PRIZES
        }
    if kind in (PrizeKind.JUNIOR, PrizeKind.SENIOR) and not _whole(row.get("age"), 1, MAX_AGE):
        errors["age"] = _("An age prize needs the age, from 1 to %(max)d.") % {"max": MAX_AGE}
    if kind == PrizeKind.RATING:
        low, high = row.get("rating_min"), row.get("rating_max")
        if low is None and high is None:
            errors["rating_min"] = _("A rating band needs a lower or an upper rating.")
        elif not all(v is None or _whole(v, 0, MAX_RATING) for v in (low, high)):
            errors["rating_min"] = _("Ratings run from 0 to %(max)d.") % {"max": MAX_RATING}
        elif low is not None and high is not None and low > high:
            errors["rating_max"] = _("The upper rating must not be below the lower one.")
    if kind == PrizeKind.CLUB and row.get("club") is None:
        errors["club"] = _("A club prize needs its club.")
    return errors


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _table_errors(rows: Sequence[Mapping[str, Any]], digits: int) -> list[str]:
    errors = []
    if len(rows) > MAX_PRIZES:
        errors.append(_("A prize table has at most %(max)d prizes.") % {"max": MAX_PRIZES})
    for number, row in enumerate(rows, start=1):
        for message in prize_errors(row, digits).values():
            errors.append(_("Prize %(number)d: %(error)s") % {"number": number, "error": message})
    if errors:
        return errors
    places = sorted((row["place"], row["amount"]) for row in rows if row["kind"] == PrizeKind.PLACE)
    numbers = [place for place, _amount in places]
    if len(set(numbers)) != len(numbers):
        errors.append(_("Each place has one prize: a place is listed twice."))
    elif numbers and numbers != list(range(1, len(numbers) + 1)):
        errors.append(_("The place prizes must run 1, 2, 3… without a gap."))
    elif any(lower[1] > upper[1] for upper, lower in pairwise(places)):
        errors.append(_("A place prize cannot be larger than the prize of the place above it."))
    return errors


def set_prize_table(
    *,
    actor: Actor,
    tournament: Tournament,
    currency: str,
    method: str,
    prizes: Sequence[Mapping[str, Any]],
) -> PrizeTable:
    """Replace ``tournament``'s prize table by ``prizes`` (in their order), in ``currency``,
    ties paid by ``method``. Refused (nothing written): an unknown currency or method, a line
    :func:`prize_errors` refuses, a place listed twice or missing, a place prize larger than
    the one above it, more than ``MAX_PRIZES`` lines. Managers of the tournament only."""
    if currency not in Currency.values:
        raise ValidationError({"currency": _("Choose a currency from the list.")})
    if method not in PrizeMethod.values:
        raise ValidationError({"method": _("Choose how ties are paid.")})
    rows = [dict(row) for row in prizes]
    digits = MINOR_DIGITS[currency]
    with change(actor=actor, role=roles.manager_of(tournament), tournament=tournament) as unit:
        if errors := _table_errors(rows, digits):
            raise ValidationError({"prizes": errors})
        current = unit.tournament
        table = PrizeTable.objects.filter(tournament=current).first()
        before = None if table is None else _snapshot(table)
        if table is None:
            table = PrizeTable(tournament=current)
        table.currency, table.method = currency, method
        table.save()
        table.prizes.all().delete()
        Prize.objects.bulk_create(
            Prize(table=table, order=order, **{name: row.get(name) for name in FIELDS})
            for order, row in enumerate(rows, start=1)
        )
        after = _snapshot(table)
        if after != before:
            unit.audit(
                AuditAction.PRIZES_SET,
                params={
                    "count": len(rows),
                    "total": str(sum((row["amount"] for row in rows), Decimal(0))),
                    "currency": currency,
                },
                tournament=current,
                before=before,
                after=after,
            )
    return table


def _snapshot(table: PrizeTable) -> dict[str, Any]:
    return {
        "currency": table.currency,
        "method": table.method,
        "prizes": [
            [p.kind, p.place, p.age, p.rating_min, p.rating_max, p.club_id, str(p.amount)]
            for p in table.prizes.all()
        ],
    }
