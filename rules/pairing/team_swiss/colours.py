"""Colour allocation of a paired team match (C.04.6 Art. 4).

"Colour" is the colour of the team's first board (Art. 1.6.1); the other boards alternate
from it (``rules.pairing.teams.board_colours``), which is the competition's business.

* 4.1 the initial-colour is drawn by lot before round 1 (``TeamConfig.initial_colour``);
* 4.2 the first-team of a pair: the higher primary score (4.2.1), else the higher secondary
  score unless the rules say not to use it (4.2.2), else the smaller TPN (4.2.3);
* 4.3 for each pair, the first rule that applies decides (:func:`allocate` returns its number):

  - 4.3.1 both teams have yet to play a match: the first-team gets the initial-colour if its
    TPN is odd, the opposite colour otherwise;
  - 4.3.2 only one team has a colour preference: grant it;
  - 4.3.3 the two preferences are opposite: grant both;
  - 4.3.4 (Type B only) only one preference is strong: grant it;
  - 4.3.5 White to the team with the lower colour difference (-2 is lower than -1);
  - 4.3.6 alternate the colours to the most recent time one team had White and the other
    Black (the played-colour histories compared from their last played match backwards,
    unplayed rounds squeezed out as C.04.2 Art. 3.4 asks);
  - 4.3.7 grant the first-team's colour preference;
  - 4.3.8 alternate the first-team's colour from its last played round;
  - 4.3.9 alternate the other team's colour from its last played round.
"""

from __future__ import annotations

from rules.pairing.team_swiss.facts import TeamFacts
from rules.pairing.team_swiss.state import BLACK, WHITE, TeamConfig


def _other(colour: str) -> str:
    return BLACK if colour == WHITE else WHITE


def first_team(a: TeamFacts, b: TeamFacts, config: TeamConfig) -> tuple[TeamFacts, TeamFacts]:
    """(first-team, other team) of a pair (Art. 4.2)."""
    if a.score != b.score:
        return (a, b) if a.score > b.score else (b, a)
    if config.secondary_for_colour and a.secondary != b.secondary:
        return (a, b) if a.secondary > b.secondary else (b, a)
    return (a, b) if a.tpn < b.tpn else (b, a)


def allocate(a: TeamFacts, b: TeamFacts, config: TeamConfig) -> tuple[int, int, str]:
    """``(white TPN, black TPN, article)`` of the pair ``a``–``b`` (Art. 4.2, 4.3)."""
    first, second = first_team(a, b, config)
    colour, article = _first_team_colour(first, second, config)
    if colour == WHITE:
        return first.tpn, second.tpn, article
    return second.tpn, first.tpn, article


def _first_team_colour(first: TeamFacts, second: TeamFacts, config: TeamConfig):
    if not first.colours and not second.colours:
        own = config.initial_colour if first.tpn % 2 else _other(config.initial_colour)
        return own, "4.3.1"
    decided = _by_preferences(first.preference, second.preference)
    if decided:
        return decided
    if first.colour_difference != second.colour_difference:
        lower = first.colour_difference < second.colour_difference
        return (WHITE if lower else BLACK), "4.3.5"
    for mine, theirs in zip(reversed(first.colours), reversed(second.colours), strict=False):
        if mine != theirs:
            return _other(mine), "4.3.6"
    if first.preference.colour:
        return first.preference.colour, "4.3.7"
    if first.colours:
        return _other(first.colours[-1]), "4.3.8"
    return second.colours[-1], "4.3.9"


def _by_preferences(mine, theirs) -> tuple[str, str] | None:
    """Art. 4.3.2-4.3.4: the first-team's colour decided by the two preferences, if they do."""
    if mine.colour and not theirs.colour:
        return mine.colour, "4.3.2"
    if theirs.colour and not mine.colour:
        return _other(theirs.colour), "4.3.2"
    if mine.colour and theirs.colour and mine.colour != theirs.colour:
        return mine.colour, "4.3.3"
    if mine.colour and mine.strong != theirs.strong:
        # Same colour wanted, exactly one strong (Type B only: Type A has no strong ones).
        return (mine.colour if mine.strong else _other(mine.colour)), "4.3.4"
    return None
