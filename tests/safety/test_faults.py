"""A failure in the middle of a replay leaves everything as it was.

The failure is injected through the rating-system registry: a FIDE system that rates the
periods before the open one and then raises, as a bug or a crash half-way through a
replay would. No database call is faked.
"""

from __future__ import annotations

import pytest

from actions.ratings import close_rating_period, set_starting_rating
from actions.results import record_result
from core.roles import SYSTEM
from rules.ratings import registry
from rules.ratings.fide_periods import FidePeriodSystem
from tests.helpers import D, full_state, rated_history
from tournaments.models import Game

pytestmark = pytest.mark.django_db


class ReplayCrashed(RuntimeError):
    pass


class CrashingInOpenPeriod(FidePeriodSystem):
    """Rates the closed periods, then fails in the open one (after ledger rows were made)."""

    def rate_period(self, period, games, ledger, published):
        super().rate_period(period, games, ledger, published)
        if period.end is None:
            raise ReplayCrashed("injected failure in the open period")


@pytest.fixture
def entered():
    """The history with every January board and one February board entered."""
    history = rated_history(players=6, rounds=2)
    for game in history["games"]:
        if game.round.tournament_id == history["tournaments"][0].pk or game.board == 1:
            record_result(game=game, result="10", actor=SYSTEM)
    return history


def _crash(monkeypatch) -> None:
    monkeypatch.setitem(registry.SYSTEMS, "fide", CrashingInOpenPeriod)


def test_a_result_whose_replay_fails_is_not_saved_and_nothing_changes(entered, monkeypatch):
    february = [
        g for g in entered["games"] if g.round.tournament_id == entered["tournaments"][1].pk
    ]
    pending = next(g for g in february if g.board == 2)
    before = full_state()
    _crash(monkeypatch)

    with pytest.raises(ReplayCrashed):
        record_result(game=pending, result="01", actor=SYSTEM)

    assert full_state() == before
    assert Game.objects.get(pk=pending.pk).result == ""


def test_a_correction_in_a_published_period_that_fails_leaves_the_published_list(
    entered, monkeypatch
):
    january = next(
        g for g in entered["games"] if g.round.tournament_id == entered["tournaments"][0].pk
    )
    before = full_state()
    assert len(before["published"]) == 6 and len(before["ledger"]) == 2 * (6 + 2)
    _crash(monkeypatch)

    with pytest.raises(ReplayCrashed):
        record_result(
            game=january, result="==", correction=True, later_rounds_confirmed=True, actor=SYSTEM
        )

    assert full_state() == before
    assert Game.objects.get(pk=january.pk).result == "10"


def test_a_failing_replay_while_closing_a_period_publishes_nothing(entered, monkeypatch):
    before = full_state()
    _crash(monkeypatch)

    with pytest.raises(ReplayCrashed):
        close_rating_period(rating_list=entered["list"], date=D(2025, 3, 1), actor=SYSTEM)

    assert full_state() == before


def test_a_failing_replay_of_a_starting_rating_keeps_the_old_one(entered, monkeypatch):
    player = entered["games"][0].white
    before = full_state()
    _crash(monkeypatch)

    with pytest.raises(ReplayCrashed):
        set_starting_rating(
            player=player, rating_list=entered["list"], rating=2400, games=10, actor=SYSTEM
        )

    assert full_state() == before
