"""§1.4.3d: the large Swiss tournaments exempt from the federation requirements."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.norms.fide import NO_FEDERATION, EventKind


@dataclass(frozen=True)
class Participant:
    """A participant as §1.4.3d counts them: rated, federation, title, rounds missed
    (pairing-allocated byes not counted as missed)."""

    federation: str
    rated: bool
    title: str = ""
    rounds_missed: int = 0


@dataclass(frozen=True)
class LargeSwiss:
    foreign_players: int
    federations: int
    titled: int
    swiss: bool = True

    @property
    def met(self) -> bool:
        return (
            self.swiss
            and self.foreign_players >= 20
            and self.federations >= 3
            and (self.titled >= 10)
        )


LARGE_SWISS_TITLES = frozenset({"GM", "IM", "WGM", "WIM"})


def large_swiss(
    kind: EventKind, host_federation: str, participants: Sequence[Participant]
) -> LargeSwiss:
    """§1.4.3d: a Swiss whose participants include in every round at least 20 FIDE-rated
    players not from the host federation, from at least 3 federations, at least 10 of them
    GM, IM, WGM or WIM; a player counts when they missed at most one round."""
    foreign = [
        p
        for p in participants
        if p.rated
        and p.rounds_missed <= 1
        and p.federation not in NO_FEDERATION
        and p.federation != host_federation
    ]
    return LargeSwiss(
        len(foreign),
        len({p.federation for p in foreign}),
        sum(1 for p in foreign if p.title in LARGE_SWISS_TITLES),
        kind is EventKind.SWISS,
    )
