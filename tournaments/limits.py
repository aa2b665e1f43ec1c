"""How big a tournament the web app takes: rounds and players (settings, read at each call).

``CLUBRATING_MAX_ROUNDS`` (default :data:`~tournaments.enums.MAX_ROUNDS`, 50: a double round
robin of 26 players) bounds the rounds a tournament plans, on every form and in the TRF import;
``CLUBRATING_MAX_PLAYERS`` (default :data:`MAX_PLAYERS`, 1,000: more than the largest opens
clubs run) bounds its entries. A round robin takes only as many players as its rounds allow.
Pages, standings and the pairing engines stay within the worker timeout at these sizes.
"""

from __future__ import annotations

from django.conf import settings

from tournaments.enums import MAX_ROUNDS, PairingSystem

#: The default of ``CLUBRATING_MAX_PLAYERS``.
MAX_PLAYERS = 1000


def max_rounds() -> int:
    """The most rounds a tournament may have (``CLUBRATING_MAX_ROUNDS``)."""
    return int(getattr(settings, "CLUBRATING_MAX_ROUNDS", MAX_ROUNDS))


def max_players(pairing_system: str | None = None) -> int:
    """The most players a tournament of ``pairing_system`` may enter: ``CLUBRATING_MAX_PLAYERS``;
    for a round robin also no more than its rounds allow (n players play n - 1 rounds, or n
    when n is odd; twice that in a double round robin)."""
    players = int(getattr(settings, "CLUBRATING_MAX_PLAYERS", MAX_PLAYERS))
    cycles = {PairingSystem.ROUND_ROBIN: 1, PairingSystem.DOUBLE_ROUND_ROBIN: 2}
    if pairing_system in cycles:
        rounds = max_rounds() // cycles[pairing_system]
        players = min(players, rounds + 1 if rounds % 2 else rounds)
    return players
