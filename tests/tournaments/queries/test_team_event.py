"""The reads of a team tournament's pages: matches from the first team's side, scores of
played, forfeited and bye matches, the standings, the crosstable, in four queries."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from tests.factories import make_round, team_round_robin
from tournaments.enums import RoundStatus, TeamMatchOutcome
from tournaments.models import TeamMatch
from tournaments.queries.team_event import (
    crosstable_rows,
    side_result,
    standings_rows,
    team_event,
    team_player_ids,
    team_records,
)

pytestmark = pytest.mark.django_db


def test_the_whole_event_is_read_in_four_queries_whatever_its_size(django_assert_num_queries):
    small, _made = team_round_robin(rounds=1)
    large, _made = team_round_robin(rounds=3)

    # teams, rosters, matches, board games
    with django_assert_num_queries(4):
        one = team_event(small)
    with django_assert_num_queries(4):
        three = team_event(large)

    assert [len(one.rounds[1]), len(three.rounds[3])] == [2, 2]
    assert (one.completed, three.completed) == (1, 3)


def test_boards_are_read_from_the_first_teams_side():
    tournament, made = team_round_robin()

    event = team_event(tournament)
    line = event.rounds[3][1]  # Charlie - Alpha: 0-1 on board 1, ½-½ on board 2

    assert (line.first.name, line.second.name) == ("Charlie", "Alpha")
    assert [(b.board, b.first_player.last_name, b.first_colour, b.result) for b in line.boards] == [
        (1, "Charlie1", "w", "0-1"),
        (2, "Charlie2", "b", "½-½"),
    ]
    assert [side_result(b, "second") for b in line.boards] == ["1", "½"]
    assert (line.first_points, line.second_points) == (Fraction(1, 2), Fraction(3, 2))
    assert (line.score.first_match_points, line.score.second_match_points) == (0, 2)
    # the reserve who played board 2 for Alpha in round 2 is read on Alpha's side
    reserve = event.rounds[2][1].boards[1]
    assert (reserve.first_player, reserve.first_colour, reserve.result) == (
        made["Alpha3"],
        "b",
        "0-1",
    )


def test_standings_rank_by_match_points_then_game_points():
    tournament, _made = team_round_robin()

    rows = standings_rows(team_event(tournament), 3)

    assert [(r.place, r.team.name, r.match_points, r.game_points, r.played) for r in rows] == [
        ("1", "Alpha", 5, Fraction(4), 3),
        ("2", "Charlie", 3, Fraction(7, 2), 3),
        ("3", "Bravo", 3, Fraction(3), 3),
        ("4", "Delta", 1, Fraction(3, 2), 3),
    ]


def test_game_points_first_and_shared_places():
    tournament, _made = team_round_robin(team_primary_score="game")

    rows = standings_rows(team_event(tournament), 1)

    # after round 1: Charlie 2 GP, Alpha 1½, Delta ½, Bravo 0
    assert [(r.place, r.team.name) for r in rows] == [
        ("1", "Charlie"),
        ("2", "Alpha"),
        ("3", "Delta"),
        ("4", "Bravo"),
    ]
    after_two = standings_rows(team_event(tournament), 2)
    # Alpha 2½ GP 3 MP, Charlie 3 GP 3 MP, Delta 1½, Bravo 1
    assert [(r.place, r.team.name, r.game_points) for r in after_two] == [
        ("1", "Charlie", Fraction(3)),
        ("2", "Alpha", Fraction(5, 2)),
        ("3", "Delta", Fraction(3, 2)),
        ("4", "Bravo", Fraction(1)),
    ]


def test_three_one_zero_match_points():
    tournament, _made = team_round_robin(rounds=2, team_match_win=3)

    rows = standings_rows(team_event(tournament), 2)

    # Charlie and Alpha won a match and drew one, Delta and Bravo drew one
    assert [(r.place, r.team.name, r.match_points, r.game_points) for r in rows] == [
        ("1", "Charlie", 4, Fraction(3)),
        ("2", "Alpha", 4, Fraction(5, 2)),
        ("3", "Delta", 1, Fraction(3, 2)),
        ("4", "Bravo", 1, Fraction(1)),
    ]


def test_teams_equal_on_both_scores_share_a_place():
    tournament, made = team_round_robin(rounds=1)
    # Bravo - Charlie board 2 drawn instead of Charlie's win: 1½ : ½ as Alpha - Delta
    tournament.rounds.get().games.filter(white=made["Charlie2"]).update(result="==")

    rows = standings_rows(team_event(tournament), 1)

    assert [(r.place, r.team.name) for r in rows] == [
        ("1–2", "Alpha"),
        ("1–2", "Charlie"),
        ("3–4", "Bravo"),
        ("3–4", "Delta"),
    ]


def test_a_round_without_every_result_is_not_complete():
    tournament, _made = team_round_robin(last_round_results=False)

    event = team_event(tournament)

    assert event.completed == 2
    assert event.live
    assert [line.complete for line in event.rounds[3]] == [False, False]
    assert [len(records) for records in team_records(event, 3).values()] == [2, 2, 2, 2]


def test_a_draft_round_is_not_read():
    tournament, _made = team_round_robin(rounds=2)
    tournament.rounds.filter(number=2).update(status=RoundStatus.DRAFT)

    assert sorted(team_event(tournament).rounds) == [1]


def test_forfeited_match_and_bye_score_as_the_tournament_sets():
    tournament, made = team_round_robin(rounds=1, team_pab_game_points=Decimal("1.5"))
    TeamMatch.objects.filter(round__number=1, number=2).update(
        outcome=TeamMatchOutcome.SECOND_ABSENT
    )
    round_ = make_round(tournament, 2)
    TeamMatch.objects.create(round=round_, number=1, first=made["Delta"], second=None)

    event = team_event(tournament)
    forfeit = event.rounds[1][1]
    bye = event.rounds[2][0]

    assert forfeit.forfeited
    assert (forfeit.score.first_game_points, forfeit.score.first_match_points) == (2, 2)
    assert (forfeit.score.second_game_points, forfeit.score.second_match_points) == (0, 0)
    # the bye: a drawn match's match points, the game points the tournament sets
    assert (bye.score.first_match_points, bye.score.first_game_points) == (1, Fraction(3, 2))
    delta = team_records(event, 2)[4]
    assert [(r.round_number, r.opponent, r.bye) for r in delta] == [(1, 1, False), (2, None, True)]


def test_crosstable_cells():
    tournament, _made = team_round_robin()
    event = team_event(tournament)
    rows = standings_rows(event, 3)

    cross = crosstable_rows(event, rows, 3)

    # rank order: Alpha, Charlie, Bravo, Delta
    assert [(row["team"].name, row["c1"], row["c2"], row["c3"], row["c4"]) for row in cross] == [
        ("Alpha", "×", "1½", "1", "1½"),
        ("Charlie", "½", "×", "2", "1"),
        ("Bravo", "1", "0", "×", "2"),
        ("Delta", "½", "1", "0", "×"),
    ]
    # Swiss view of the same: opponent's number, board-1 colour, game points
    assert [cross[0][f"r{n}"] for n in (1, 2, 3)] == ["4w 1½", "2w 1", "3b 1½"]


def test_player_ids_cover_rosters_and_boards(django_assert_num_queries):
    tournament, made = team_round_robin()
    event = team_event(tournament)

    with django_assert_num_queries(0):
        ids = team_player_ids(event)

    assert len(ids) == 9
    assert made["Alpha3"].pk in ids
