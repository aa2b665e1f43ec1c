"""A go team tournament has 2 to 5 boards a match (Pairgoth's teams); chess up to 10."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from ratings.models import RatingList
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


def _team_event(boards: int, game: str):
    return make_tournament(
        pairing_system="team_round_robin",
        team_boards=boards,
        rating_list=RatingList.objects.get(game=game, time_control="standard"),
    )


def test_a_go_team_match_has_at_most_five_boards():
    with pytest.raises(ValidationError, match="A go team match has 2 to 5 boards"):
        _team_event(6, "go").full_clean()

    _team_event(5, "go").full_clean()
    _team_event(6, "chess").full_clean()
