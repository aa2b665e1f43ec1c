"""The organiser's prize page: the plain form (rows added, removed, refused) and the preview."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from actions.prizes import set_prize_table
from core.roles import SYSTEM
from events.models import PrizeTable
from tests.factories import hort_tournament, make_club
from tests.helpers import snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup():
    club = make_club("Home")
    tournament, _players = hort_tournament(club=club, slug="hort-open")
    user = get_user_model().objects.create_user("org", password="x")  # noqa: S106 -- test user
    club.organisers.add(user)
    client = Client()
    client.force_login(user)
    return tournament, client


def url(tournament) -> str:
    return reverse("tournaments:organise_prizes", args=[tournament.slug])


def rows(*lines: dict, initial: int = 0) -> dict:
    data = {
        "currency": "EUR",
        "method": "hort",
        "prizes-TOTAL_FORMS": str(len(lines)),
        "prizes-INITIAL_FORMS": str(initial),
    }
    for index, line in enumerate(lines):
        data.update({f"prizes-{index}-{name}": value for name, value in line.items()})
    return data


BLANK = {"kind": "", "amount": ""}


def test_the_dashboard_links_the_prize_page(setup):
    tournament, client = setup
    html = client.get(reverse("tournaments:organise", args=[tournament.slug])).content.decode()
    assert f'href="{url(tournament)}"' in html


def test_saving_the_worked_hort_table_previews_its_amounts(setup):
    tournament, client = setup
    amounts = ("1000", "500", "350", "200", "150", "100")
    lines = [{"kind": "place", "place": n, "amount": a} for n, a in enumerate(amounts, start=1)]

    response = client.post(url(tournament), rows(*lines, BLANK, BLANK))

    assert response.status_code == 302
    assert response["Location"] == url(tournament)
    table = PrizeTable.objects.get(tournament=tournament)
    assert [str(p.amount) for p in table.prizes.all()] == [f"{a}.00" for a in amounts]
    page = client.get(url(tournament))
    preview = [(line.place, str(line.amount)) for line in page.context["prizes"].lines]
    assert [amount for _place, amount in preview] == [
        "875.00",
        "625.00",
        "350.00",
        "175.00",
        "150.00",
        "125.00",
    ]
    assert "The prize table was saved." in page.content.decode()
    assert len(page.context["rows"].forms) == 6 + 3  # the prizes and three blank lines


def test_a_ticked_line_is_removed(setup):
    tournament, client = setup
    set_prize_table(
        actor=SYSTEM,
        tournament=tournament,
        currency="EUR",
        method="hort",
        prizes=[
            {"kind": "place", "place": 1, "amount": Decimal(10)},
            {"kind": "women", "amount": Decimal(5)},
        ],
    )
    data = rows(
        {"kind": "place", "place": "1", "amount": "10"},
        {"kind": "women", "amount": "5", "remove": "on"},
        initial=2,
    )
    assert client.post(url(tournament), data).status_code == 302
    assert list(PrizeTable.objects.get().prizes.values_list("kind", flat=True)) == ["place"]


def test_a_bad_line_is_refused_next_to_its_field_and_nothing_is_written(setup):
    tournament, client = setup
    before = snapshot()
    response = client.post(
        url(tournament),
        rows({"kind": "place", "place": "1", "amount": "10"}, {"kind": "junior", "amount": "5"}),
    )
    assert response.status_code == 400
    assert response.context["rows"].forms[1].errors == {
        "age": ["An age prize needs the age, from 1 to 120."]
    }
    assert snapshot() == before


def test_decimals_the_currency_has_not_are_refused_on_the_amount(setup):
    tournament, client = setup
    data = rows({"kind": "place", "place": "1", "amount": "10.50"})
    data["currency"] = "JPY"
    response = client.post(url(tournament), data)
    assert response.status_code == 400
    assert response.context["rows"].forms[0].errors == {
        "amount": ["This currency has 0 decimal places."]
    }
    assert not PrizeTable.objects.exists()


def test_a_table_the_action_refuses_shows_its_error_on_the_form(setup):
    tournament, client = setup
    before = snapshot()
    response = client.post(
        url(tournament),
        rows(
            {"kind": "place", "place": "1", "amount": "10"},
            {"kind": "place", "place": "2", "amount": "20"},
        ),
    )
    assert response.status_code == 400
    assert response.context["form"].non_field_errors() == [
        "A place prize cannot be larger than the prize of the place above it."
    ]
    assert "cannot be larger" in response.content.decode()
    assert snapshot() == before


def test_more_blank_lines_are_a_link_away(setup):
    tournament, client = setup
    page = client.get(url(tournament) + "?rows=8")
    assert len(page.context["rows"].forms) == 8
    assert 'href="?rows=8#prize-table"' in page.content.decode()
