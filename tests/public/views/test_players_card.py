"""The compact card at the top of the player page and its in-page navigation."""

import re

import pytest
from django.urls import reverse

from ratings.models import RatingList
from tests.factories import make_club, make_player, make_rating

pytestmark = pytest.mark.django_db


def card(html: str) -> list[tuple[str, str]]:
    block = html.split('<dl class="player-card">')[1].split("</dl>")[0]
    return [
        (dt, re.sub(r"<[^>]+>", "", dd).strip())
        for dt, dd in re.findall(r"<dt>([^<]*)</dt><dd>(.*?)</dd>", block)
    ]


def test_card_shows_each_lists_rating_badge_peak_federation_club_and_fide_id(client):
    player = make_player(
        "Carlsen", "Magnus", title="GM", federation="NOR", club=make_club("Riverside"),
        fide_id=1503014,
    )  # fmt: skip
    make_rating(player, "2830.4", peak=2882)
    make_rating(player, "2800", rating_list=RatingList.objects.get(slug="chess-rapid"), peak=2900)

    html = client.get(reverse("ratings:player", args=[player.pk])).content.decode()

    assert card(html) == [
        ("Chess standard", "2830.4 GM"),
        ("Chess rapid", "2800 GM"),
        ("Peak rating", "2900"),
        ("Federation", "NOR"),
        ("Club", "Riverside"),
        ("FIDE ID", "1503014"),
        ("Sex", "male"),
    ]
    assert 'href="https://ratings.fide.com/profile/1503014"' in html


def test_page_navigation_links_the_sections(client):
    player = make_player("Smith", "Anna", sex="f")
    make_rating(player, "1850")

    html = client.get(reverse("ratings:player", args=[player.pk])).content.decode()

    nav = html.split('<nav class="page-nav"')[1].split("</nav>")[0]
    assert re.findall(r'href="([^"]+)"', nav) == [
        "#ratings",
        f"/players/{player.pk}/games/",
    ]
    assert '<h2 id="ratings">Ratings</h2>' in html
