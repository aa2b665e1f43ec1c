"""The ledger dates a game by its round; the period follows the tournament's end (issue 19).

FIDE Rating Regulations (B.02, effective 1 March 2024), §7.1.3: "The closing date for
tournaments for a list is 3 days before the date of the list; tournaments ending before or on
that day may be rated on the list." A tournament goes on a list by the day it ENDS: every game
of it is rated in that period, whatever day it was played. The date a ledger row shows is the
day the game was played, its round's date (the tournament's end date only for a round without
one). Rounds paired and published from the organiser pages had no date, so every ledger game
carried the tournament's end date: a round published without a date now gets the day it is
published, within the tournament's dates.
"""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from actions.ratings import close_rating_period, recompute_ratings, set_starting_rating
from actions.registrations import register_player
from actions.results import record_result
from actions.rounds import change_round_date, pair_next_round, publish_round
from actions.tournaments import create_tournament
from core.roles import SYSTEM
from ratings.models import RatingChange
from tests.factories import make_player, standard_list
from tests.helpers import derived_state
from tournaments.enums import PairingSystem

pytestmark = pytest.mark.django_db

D = datetime.date


def _event(start: datetime.date, end: datetime.date, players: int = 4):
    rating_list = standard_list()
    tournament = create_tournament(
        name="Club Swiss",
        slug="club-swiss",
        start_date=start,
        end_date=end,
        rating_list=rating_list,
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=2,
        initial_colour="w",
        actor=SYSTEM,
    )
    for index in range(players):
        player = make_player(f"P{index}")
        set_starting_rating(
            player=player, rating_list=rating_list, rating=2000 - 50 * index, games=30, actor=SYSTEM
        )
        register_player(tournament=tournament, player=player, actor=SYSTEM)
    return tournament


def _play(round_, result: str = "10") -> None:
    for game in round_.games.filter(black__isnull=False):
        record_result(game=game, result=result, actor=SYSTEM)


def _ledger_dates(round_) -> list[datetime.date]:
    return sorted(
        RatingChange.objects.filter(game__round=round_).values_list("date", flat=True).distinct()
    )


def test_a_round_published_from_the_organiser_pages_dates_its_ledger_games():
    today = timezone.localdate()
    tournament = _event(today - datetime.timedelta(days=2), today + datetime.timedelta(days=5))

    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=round_, actor=SYSTEM)
    _play(round_)

    round_.refresh_from_db()
    assert round_.date == today
    assert _ledger_dates(round_) == [today]  # not the end date, today + 5 days


def test_a_game_is_dated_by_its_round_and_rated_in_the_period_in_which_its_tournament_ends():
    tournament = _event(D(2026, 3, 30), D(2026, 4, 2))
    close_rating_period(rating_list=standard_list(), date=D(2026, 4, 1), actor=SYSTEM)
    first = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=first, actor=SYSTEM)
    change_round_date(round=first, date=D(2026, 3, 30), actor=SYSTEM)
    _play(first, "10")
    second = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=second, actor=SYSTEM)  # published after the end: its last day
    _play(second, "==")
    by_entry = derived_state()

    # Round 1 was played on 30 March, before the list of 1 April; the tournament ends on
    # 2 April, so all its games are rated in the open period (the list of 1 May).
    assert (_ledger_dates(first), _ledger_dates(second)) == ([D(2026, 3, 30)], [D(2026, 4, 2)])
    assert set(RatingChange.objects.values_list("period", flat=True)) == {None}
    # Entering the results one by one (the incremental updates) gives a full replay's rows.
    recompute_ratings(actor=SYSTEM)
    assert derived_state() == by_entry
    published = close_rating_period(rating_list=standard_list(), date=D(2026, 5, 1), actor=SYSTEM)
    assert set(RatingChange.objects.values_list("period", flat=True)) == {published.pk}


def test_a_rounds_date_changes_the_ledger_dates_and_no_rating():
    tournament = _event(D(2026, 3, 30), D(2026, 4, 2))
    first = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=first, actor=SYSTEM)
    _play(first, "10")
    second = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=second, actor=SYSTEM)
    _play(second, "01")
    before = derived_state()

    change_round_date(round=first, date=D(2026, 3, 30), actor=SYSTEM)

    after = derived_state()
    assert _ledger_dates(first) == [D(2026, 3, 30)]
    assert (after["ratings"], after["published"]) == (before["ratings"], before["published"])
    date = RatingChange.COLUMNS.index("date")
    assert [row[:date] + row[date + 1 :] for row in after["ledger"]] == [
        row[:date] + row[date + 1 :] for row in before["ledger"]
    ]
