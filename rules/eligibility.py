"""Who may enter a section of an event, which sections to suggest, and what the entry costs.

Pure: the caller passes the player's facts (:class:`Facts`: sex, birth year, the rating in
the section tournament's list, title, club) and the section's restrictions
(:class:`Restrictions`); the answers are reason codes with their values (:class:`Refusal`),
which the faces put into words.

Ages are FIDE's U-ages: the age on 1 January of the event's year, that is the event's year
minus the birth year. "Under 12" (``age_max=12``) means that value is below 12; "from 65"
(``age_min=65``) that it is 65 or more. A player whose birth year is unknown is outside any
age restriction. Ratings: a band's bounds are included; an unrated player is outside any band
that has a bound.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

ANY, RATED, UNRATED = "any", "rated", "unrated"
JUNIOR, SENIOR, WOMEN, TITLED, CLUB = "junior", "senior", "women", "titled", "club"
FEMALE = "f"

# The reasons a player may not enter a section (Refusal.code).
RATING_BELOW = "rating_below"  # value: the lowest rating
RATING_ABOVE = "rating_above"  # value: the highest rating
UNRATED_IN_BAND = "unrated_in_band"  # value: None
NEEDS_RATING = "needs_rating"
NEEDS_UNRATED = "needs_unrated"
TOO_OLD = "too_old"  # value: the age under which a player must be
TOO_YOUNG = "too_young"  # value: the age from which a player may enter
AGE_UNKNOWN = "age_unknown"
WRONG_SEX = "wrong_sex"  # value: the sex the section is for


@dataclass(frozen=True)
class Facts:
    """What the restrictions and discounts read of a player."""

    sex: str
    birth_year: int | None = None
    rating: int | None = None
    title: str = ""
    club_id: int | None = None


@dataclass(frozen=True)
class Restrictions:
    """Who may enter a section (``None`` or empty: no restriction)."""

    rating_min: int | None = None
    rating_max: int | None = None
    age_min: int | None = None
    age_max: int | None = None
    sex: str = ""
    rated: str = ANY


@dataclass(frozen=True)
class Refusal:
    """One reason a player may not enter: ``code`` and the section's value it names."""

    code: str
    value: Any = None


@dataclass(frozen=True)
class Discount:
    kind: str
    percent: int
    age: int | None = None


@dataclass(frozen=True)
class Fee:
    """What an entry costs: ``amount`` after the ``discount`` kind applied ("" for none)."""

    amount: Decimal
    discount: str = ""
    percent: int = 0


def fide_age(event_year: int, birth_year: int | None) -> int | None:
    """The age as FIDE counts U-ages: on 1 January of the event's year."""
    if birth_year is None:
        return None
    return event_year - birth_year


def refusals(restrictions: Restrictions, facts: Facts, event_year: int) -> list[Refusal]:
    """Every reason ``facts``' player may not enter (empty: they may), in a fixed order:
    rating, age, sex."""
    found: list[Refusal] = []
    r = restrictions
    rating = facts.rating
    if r.rated == RATED and rating is None:
        found.append(Refusal(NEEDS_RATING))
    elif r.rated == UNRATED and rating is not None:
        found.append(Refusal(NEEDS_UNRATED))
    if r.rating_min is not None or r.rating_max is not None:
        if rating is None:
            if r.rated != RATED:  # said once already
                found.append(Refusal(UNRATED_IN_BAND))
        elif r.rating_min is not None and rating < r.rating_min:
            found.append(Refusal(RATING_BELOW, r.rating_min))
        elif r.rating_max is not None and rating > r.rating_max:
            found.append(Refusal(RATING_ABOVE, r.rating_max))
    if r.age_min is not None or r.age_max is not None:
        age = fide_age(event_year, facts.birth_year)
        if age is None:
            found.append(Refusal(AGE_UNKNOWN))
        elif r.age_max is not None and age >= r.age_max:
            found.append(Refusal(TOO_OLD, r.age_max))
        elif r.age_min is not None and age < r.age_min:
            found.append(Refusal(TOO_YOUNG, r.age_min))
    if r.sex and facts.sex != r.sex:
        found.append(Refusal(WRONG_SEX, r.sex))
    return found


def suggest(
    sections: Iterable[tuple[Any, Restrictions, int | None]], facts: Facts, event_year: int
) -> list[Any]:
    """The keys of the sections ``facts``' player may enter, most specific first.

    ``sections``: (key, restrictions, the player's rating in that section's list). A section
    with more restrictions is the more specific one (a U12 before the open); the given order
    decides between equals."""
    fitting = []
    for position, (key, restrictions, rating) in enumerate(sections):
        player = Facts(facts.sex, facts.birth_year, rating, facts.title, facts.club_id)
        if not refusals(restrictions, player, event_year):
            fitting.append((-_narrowness(restrictions), position, key))
    return [key for _n, _p, key in sorted(fitting, key=lambda item: item[:2])]


def _narrowness(r: Restrictions) -> int:
    bounds = (r.rating_min, r.rating_max, r.age_min, r.age_max)
    return sum(value is not None for value in bounds) + bool(r.sex) + (r.rated != ANY)


def _applies(discount: Discount, facts: Facts, event_year: int, club_id: int | None) -> bool:
    age = fide_age(event_year, facts.birth_year)
    if discount.kind == JUNIOR:
        return age is not None and discount.age is not None and age < discount.age
    if discount.kind == SENIOR:
        return age is not None and discount.age is not None and age >= discount.age
    if discount.kind == WOMEN:
        return facts.sex == FEMALE
    if discount.kind == TITLED:
        return bool(facts.title)
    if discount.kind == CLUB:
        return club_id is not None and facts.club_id == club_id
    return False


def fee(
    section_fee: Decimal,
    discounts: Sequence[Discount],
    facts: Facts,
    event_year: int,
    club_id: int | None = None,
) -> Fee:
    """The entry fee with the largest discount that applies to ``facts``' player (the first
    given of equal ones); ``club_id``: the organising club (its members' discount).
    Rounded to the cent, halves up."""
    best: Discount | None = None
    for discount in discounts:
        if _applies(discount, facts, event_year, club_id) and (
            best is None or discount.percent > best.percent
        ):
            best = discount
    if best is None or not best.percent:
        return Fee(Decimal(section_fee).quantize(Decimal("0.01")))
    amount = Decimal(section_fee) * (100 - min(best.percent, 100)) / 100
    return Fee(amount.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP), best.kind, best.percent)
