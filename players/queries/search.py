"""The search of players and clubs: by name in any script, case and accents aside, or by
FIDE ID; the order of what it finds; possible duplicates of a new player."""

from __future__ import annotations

import re
from typing import Any

from django.db.models import Q, Value
from django.db.models.functions import Coalesce

from players.models import Club, Player
from rules.search_key import player_key, query_forms

MAX_TOKENS = 4
"""A search uses at most this many words (a name has no more)."""

MAX_FIDE_ID = 2**63 - 1

_WORDS = re.compile(r"[\s,]+")


def search_words(text: str) -> list[str]:
    """The words of a search, at most :data:`MAX_TOKENS`: "Spencer, Lucy" → Spencer, Lucy."""
    return [word for word in _WORDS.split(text.strip()) if word][:MAX_TOKENS]


def fide_id_of(text: str) -> int | None:
    """The FIDE ID a search is made of (ASCII digits, spaces allowed), or ``None``: "²" or
    "٣" are digits to ``str.isdigit()`` but not a FIDE ID."""
    digits = text.replace(" ", "")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 18:
        return None
    return int(digits)


def key_match(text: str, field: str = "search_key") -> Q | None:
    """The condition "every word of ``text`` starts a word of the name", on a folded search
    key (:mod:`rules.search_key`; ``field`` may follow a relation: ``club__search_key``), or
    ``None`` for a text without letters or digits.

    Case, accents and script do not matter, nor the order of the words: "иванова анна",
    "ИВАНОВА", "Anna Ivanova" and "Иванова" find "Ivanova, Anna" and "Иванова, Анна";
    "Lopez" finds "López", "Семен" finds "Семён". Each word is a ``LIKE '% word%'`` on the
    key, which the key's trigram index answers on PostgreSQL (players migration 0006).
    """
    words = query_forms(text, limit=MAX_TOKENS)
    if not words:
        return None
    condition = Q()
    for forms in words:
        either = Q()
        for form in forms:
            either |= Q(**{f"{field}__contains": f" {form}"})
        condition &= either
    return condition


def by_name() -> tuple[Any, ...]:
    """The order of what a search found: last name, first name, id. The last name is
    ordered through ``COALESCE(last_name, '')`` (the same order: the column is never
    null), which no index gives: ordered by the plain column and cut to a page, both
    databases would walk the name index and test every player's key in name order (on
    PostgreSQL 0.5 s for "Ivanov" among 200,000 players, since the names found sit together
    far down the index), where with it PostgreSQL reads the found rows from the trigram
    index and keeps the first ones (20 ms), and SQLite scans the keys once."""
    return (Coalesce("last_name", Value("")), "first_name", "pk")


def search_players(text: str, *, limit: int = 50) -> list[Player]:
    """Players found by a search, by name, at most ``limit``.

    A FIDE ID (digits only) finds its player. Otherwise every word must start a word of the
    last or the first name, in any order, in any script, case and accents aside
    (:func:`key_match`): "Lucy Spencer", "Spencer Lucy", "spencer, l", "van der Berg" or
    "Berg"; "Ivanova" finds "Иванова" and "Иванова" finds "Ivanova, Anna".
    """
    players = Player.objects.select_related("club").order_by(*by_name())
    fide_id = fide_id_of(text)
    if fide_id is not None:
        return list(players.filter(fide_id=fide_id)[:limit])
    condition = key_match(text)
    if condition is None:
        return []
    return list(players.filter(condition)[:limit])


def search_clubs(text: str, *, limit: int = 10) -> list[Club]:
    """Clubs whose name or short name has words starting with every word of the search
    (folded as for players: "шахматный", "Шахматный" and "Shakhmatnyi" find "Шахматный
    клуб"), by name."""
    if fide_id_of(text) is not None:
        return []
    condition = key_match(text)
    if condition is None:
        return []
    return list(Club.objects.filter(condition).order_by("name")[:limit])


def possible_duplicates(last_name: str, first_name: str, birth_year: int | None) -> list[Player]:
    """Players with this name and birth year (both without a year also match), at most five:
    a new player would likely duplicate one of them. The name is compared folded, as the
    search does (:mod:`rules.search_key`): "ИВАНОВА, анна" and "Ivanova, Anna" are the name
    of "Иванова, Анна"."""
    key = player_key(last_name, first_name)
    if key:
        people = Player.objects.filter(search_key=key)
    else:  # a name without letters or digits
        people = Player.objects.filter(
            last_name__iexact=last_name.strip(), first_name__iexact=first_name.strip()
        )
    people = people.select_related("club")
    if birth_year is None:
        people = people.filter(birth_date__isnull=True)
    else:
        people = people.filter(birth_date__year=birth_year)
    return list(people.order_by("pk")[:5])
