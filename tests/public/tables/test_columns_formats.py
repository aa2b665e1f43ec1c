"""How the public pages print numbers and name the rating rules."""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from public.tables.columns import rating_text

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("value", "english", "russian"),
    [
        ("2515.00", "2515", "2515"),
        ("2830.40", "2830.4", "2830,4"),
        ("1850.25", "1850.25", "1850,25"),
        ("-12.50", "-12.5", "-12,5"),
        (None, "–", "–"),
    ],
)
def test_live_ratings_print_the_decimals_they_have(value, english, russian):
    number = None if value is None else Decimal(value)

    with translation.override("en"):
        assert rating_text(number) == english
    with translation.override("ru"):
        assert rating_text(number) == russian


def test_the_footer_names_the_rules_of_each_game(client):
    html = client.get(reverse("ratings:leaderboard", args=["go-egf"])).content.decode()

    footer = html.split('<footer class="site-footer">')[1]
    assert "go ratings the EGF's rating system (GoR)" in footer
    assert "shogi ratings FESA's" in footer
