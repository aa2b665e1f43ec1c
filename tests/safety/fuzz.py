"""What the fuzz tests share: strategies for odd field values and the test case whose data they
post to (``FuzzCase``: staff logged in, three tournaments; a refused post must leave the
database exactly as before)."""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.contrib.messages import constants, get_messages
from django.test import Client
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from actions.boards import add_game
from actions.ratings import set_starting_rating
from actions.results import record_result
from actions.rounds import add_round, pair_next_round, publish_round
from core.roles import SYSTEM
from players.models import Club, Player
from tests.factories import make_player, make_tournament, register, standard_list
from tests.helpers import full_state
from tournaments.enums import PairingSystem
from tournaments.models import ForbiddenPair, Registration, RequestedBye, Round

odd_text = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=30)


numbers = st.one_of(
    st.integers(min_value=-5, max_value=12),
    st.integers(min_value=-(2**70), max_value=2**70),
).map(str)


codes = st.sampled_from(
    ["10", "01", "==", "+-", "-+", "--", "WL", "F", "H", "U", "Z", "", "1-0", "x" * 500]
)


dates = st.one_of(
    st.dates(min_value=datetime.date(1, 1, 1)).map(str),
    st.sampled_from(["2026-06-02", "2026-02-30", "31/12/2026", "0000-00-00"]),
)


def value(samples: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(samples), odd_text, numbers, codes, dates)


def state() -> dict[str, list]:
    return {
        **full_state(),
        "players": list(Player.objects.order_by("pk").values_list()),
        "clubs": list(Club.objects.order_by("pk").values_list()),
        "registrations": list(Registration.objects.order_by("pk").values_list()),
        "rounds": list(Round.objects.order_by("pk").values_list()),
        "byes": list(RequestedBye.objects.order_by("pk").values_list()),
        "forbidden": list(ForbiddenPair.objects.order_by("pk").values_list()),
        "users": list(get_user_model().objects.order_by("pk").values_list()),
    }


class FuzzCase(TestCase):
    """A rated Swiss tournament (round 1 published, one result in), an unrated one whose
    round 1 is a draft, and a manual one."""

    @classmethod
    def setUpTestData(cls) -> None:
        cls.staff = get_user_model().objects.create_user("orga", is_staff=True)
        rating_list = standard_list()
        players = [make_player(f"P{index}") for index in range(6)]
        for index, player in enumerate(players):
            set_starting_rating(
                player=player, rating_list=rating_list, rating=1600 + 50 * index, actor=SYSTEM
            )
        swiss = make_tournament(
            slug="swiss",
            pairing_system=PairingSystem.SWISS_DUTCH,
            rounds_planned=5,
            start_date=datetime.date(2026, 6, 1),
            end_date=datetime.date(2026, 6, 5),
        )
        register(swiss, *players)
        first = pair_next_round(tournament=swiss, actor=SYSTEM)
        publish_round(round=first, actor=SYSTEM)
        record_result(game=first.games.get(board=1), result="10", actor=SYSTEM)
        draft = make_tournament(
            slug="swiss-draft",
            pairing_system=PairingSystem.SWISS_DUTCH,
            rounds_planned=5,
            rating_list=None,
        )
        register(draft, *players)
        pair_next_round(tournament=draft, actor=SYSTEM)  # round 1 stays a draft
        manual = make_tournament(
            slug="manual",
            pairing_system=PairingSystem.MANUAL,
            rounds_planned=3,
            start_date=datetime.date(2026, 6, 1),
            end_date=datetime.date(2026, 6, 5),
        )
        register(manual, *players[:4])
        manual_round = add_round(tournament=manual, actor=SYSTEM)
        add_game(round=manual_round, board=1, white=players[0], black=players[1], actor=SYSTEM)
        cls.ids = [str(p.pk) for p in players] + [str(r.pk) for r in Registration.objects.all()]
        cls.ids += [str(rating_list.pk), "0", "999999"]

    def setUp(self) -> None:
        super().setUp()
        self.client = Client()
        self.client.force_login(self.staff)

    def post(self, url: str, data: dict) -> None:
        before = state()
        response = self.client.post(url, data)
        assert response.status_code < 500, (url, data, response.status_code)
        levels = {m.level for m in get_messages(response.wsgi_request)}
        refused = (
            response.status_code in (200, 429)  # a form shown again with its errors
            or 400 <= response.status_code < 500
            or (constants.ERROR in levels and constants.SUCCESS not in levels)
        )
        if refused:
            assert state() == before, (url, data)
