"""A team round on the round page: its matches, each with its score, its board rows and its
whole-match outcome form."""

from __future__ import annotations

from typing import Any

from backoffice.forms.teams import MatchOutcomeForm
from tournaments.models import Game, Round, Tournament
from tournaments.queries.teams import match_scores
from web.points import format_points


def team_groups(round_: Round, tournament: Tournament, games: list[Game]) -> list[dict[str, Any]]:
    """``round_``'s matches in order, each with its score ("2½ – 1½", empty until every board
    has a result), its board rows (``games``, prepared by the round page) and its outcome
    form; ``[]`` for an individual tournament."""
    if not tournament.is_team:
        return []
    round_.tournament = tournament
    groups = []
    for match, _games, score in match_scores(round_):
        text = ""
        if score is not None:
            first, second = score.first_game_points, score.second_game_points
            text = f"{format_points(first)} – {format_points(second)}"
        mine = [g for g in games if g.team_match_id == match.pk]
        groups.append(
            {
                "match": match,
                "score": text,
                "games": mine,
                "boards": (mine[0].board, mine[-1].board) if mine else (),
                "outcome_form": MatchOutcomeForm(
                    initial={"outcome": match.outcome}, auto_id=f"m{match.pk}-%s"
                ),
            }
        )
    return groups
