"""What the engine reads off each team's history (C.04.6 Art. 1).

Pure. :func:`team_facts` turns a :class:`~rules.pairing.team_swiss.state.TeamTournament` into
one :class:`TeamFacts` per team: scores (Art. 1.2, with acceleration, C.04.7), the opponents met
([C1], Art. 2.1.1), whether it may receive the PAB ([C2], Art. 2.1.2), its colour difference and
colour preference (Art. 1.6, 1.7) and whether it floated in the previous round (Art. 1.5).

Readings of the text (the C.04.6 articles are quoted in ``docs/pairing.md``):

* Only matches *actually played* count for [C1]: the General Handling Rules (C.04.2 Art. 3.5),
  which C.04.6's preface applies to teams, say "Two paired participants, who did not play their
  game or match, may be paired together in a future round". A forfeited match therefore does
  not stop two teams meeting again; a record-260 forbidden pair always does.
* A *floater* "is a team that plays against an opponent with a different score" (Art. 1.5):
  only a played match makes a floater, judged by both teams' pairing scores before that round
  (acceleration included). A PAB, a bye or a forfeit does not.
* "Matches played" (Art. 3.4.3) counts matches actually played.
* Colour history: the colours of played matches only, in order (Art. 1.6.1; C.04.2 Art. 3.4
  squeezes the unplayed rounds out).
* Baku acceleration (C.04.7): the group GA is the first ``2 * ceil(N / 4)`` teams by TPN; the
  accelerated rounds are the first ``ceil(R / 2)``; GA teams get a won match's points in the
  first ``ceil(ceil(R / 2) / 2)`` of them and a drawn match's in the others (the article's
  example: 11 rounds, 2/1/0 match points: 2 virtual points in rounds 1-3, 1 in rounds 4-6).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.pairing.team_swiss.state import (
    BLACK,
    GAME_POINTS,
    NO_PAB_KINDS,
    NO_PREFERENCE,
    TYPE_B,
    WHITE,
    TeamTournament,
)

STRONG = "strong"
MILD = "mild"
SIMPLE = "simple"


@dataclass(frozen=True)
class Preference:
    """A colour preference (Art. 1.7): ``colour`` ``"W"``/``"B"`` or ``None``, its strength."""

    colour: str | None = None
    strength: str | None = None

    @property
    def strong(self) -> bool:
        return self.strength == STRONG


NONE = Preference()


@dataclass(frozen=True)
class TeamFacts:
    """One team as the engine sees it before the round to pair."""

    tpn: int
    score: Fraction  # pairing score: primary score + this round's acceleration
    secondary: Fraction  # the other score (+ its acceleration), for Art. 4.2.2
    met: frozenset[int]  # opponents of played matches
    pab_allowed: bool  # [C2]
    matches_played: int
    colours: tuple[str, ...]  # colours of the played matches, in order
    preference: Preference
    floated: bool  # a floater in the previous round (Art. 1.5)

    @property
    def colour_difference(self) -> int:
        """Art. 1.6.2: matches with White minus matches with Black."""
        return self.colours.count(WHITE) - self.colours.count(BLACK)


def baku_points(state: TeamTournament, tpn: int, round_no: int) -> Fraction:
    """Baku virtual match points of team ``tpn`` in round ``round_no`` (C.04.7)."""
    if not state.config.baku:
        return Fraction(0)
    group_a = 2 * -(-len(state.teams) // 4)
    accelerated = -(-state.total_rounds // 2)
    full = -(-accelerated // 2)
    if tpn > group_a or round_no > accelerated:
        return Fraction(0)
    points = state.config.match_points
    return Fraction(points.win if round_no <= full else points.draw)


def _acceleration(state: TeamTournament, tpn: int, round_no: int) -> tuple[Fraction, Fraction]:
    """(fictitious MP, fictitious GP) of ``tpn`` in round ``round_no`` (record 250 + Baku)."""
    team = state.team(tpn)
    mp = gp = Fraction(0)
    if round_no - 1 < len(team.acceleration):
        mp, gp = (Fraction(x) for x in team.acceleration[round_no - 1])
    return mp + baku_points(state, tpn, round_no), gp


def pairing_scores(state: TeamTournament, round_no: int) -> dict[int, tuple[Fraction, Fraction]]:
    """(primary, secondary) pairing scores of every team before ``round_no`` is played."""
    gp_first = state.config.primary == GAME_POINTS
    out = {}
    for team in state.teams:
        mp = sum((r.match_points for r in team.history[: round_no - 1]), Fraction(0))
        gp = sum((r.game_points for r in team.history[: round_no - 1]), Fraction(0))
        acc_mp, acc_gp = _acceleration(state, team.tpn, round_no)
        mp, gp = mp + acc_mp, gp + acc_gp
        out[team.tpn] = (gp, mp) if gp_first else (mp, gp)
    return out


def preference(colours: tuple[str, ...], colour_type: str, last_round: bool) -> Preference:
    """Art. 1.7: the Type A, Type B or no colour preference of a played-colour history.

    Type A (1.7.1): White if CD < -1, or CD is 0 or -1 and the last two played matches were
    Black; Black symmetrically; otherwise none. Type B (1.7.2): the same conditions give a
    *strong* preference; a *mild* one for White if CD is -1, or CD is 0, it is not the last round
    and the last played match was Black (Black symmetrically); none before any match, or with
    CD 0 in the last round. The strong clauses are read first: a team with CD 0 whose last two
    matches were Black has a strong preference for White even in the last round (the
    no-preference sentence closes the mild clauses, which carry their own "not the last round").
    """
    if colour_type == NO_PREFERENCE or not colours:
        return NONE
    cd = colours.count(WHITE) - colours.count(BLACK)
    last_two = colours[-2:] if len(colours) >= 2 else ()
    strength = STRONG if colour_type == TYPE_B else SIMPLE
    if cd < -1 or (cd in (0, -1) and last_two == (BLACK, BLACK)):
        return Preference(WHITE, strength)
    if cd > 1 or (cd in (0, 1) and last_two == (WHITE, WHITE)):
        return Preference(BLACK, strength)
    if colour_type != TYPE_B:
        return NONE
    if cd == -1 or (cd == 0 and not last_round and colours[-1] == BLACK):
        return Preference(WHITE, MILD)
    if cd == 1 or (cd == 0 and not last_round and colours[-1] == WHITE):
        return Preference(BLACK, MILD)
    return NONE


def team_facts(state: TeamTournament) -> dict[int, TeamFacts]:
    """Every team's :class:`TeamFacts` before ``state.round_to_pair``."""
    rnd = state.round_to_pair
    now = pairing_scores(state, rnd)
    before = pairing_scores(state, rnd - 1) if rnd > 1 else {}
    last_round = rnd == state.total_rounds
    out = {}
    for team in state.teams:
        played = [r for r in team.history if r.played]
        colours = tuple(r.colour for r in played if r.colour is not None)
        floated = False
        if rnd > 1:
            last = team.history[rnd - 2]
            if last.played and last.opponent is not None:
                floated = before[team.tpn][0] != before[last.opponent][0]
        out[team.tpn] = TeamFacts(
            tpn=team.tpn,
            score=now[team.tpn][0],
            secondary=now[team.tpn][1],
            met=frozenset(r.opponent for r in played if r.opponent is not None),
            pab_allowed=not any(r.kind in NO_PAB_KINDS for r in team.history),
            matches_played=len(played),
            colours=colours,
            preference=preference(colours, state.config.colour_type, last_round),
            floated=floated,
        )
    return out
