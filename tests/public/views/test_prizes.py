"""The public prize page: the Hort example end to end, the provisional list, the CSV."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from actions.prizes import set_prize_table
from core.roles import SYSTEM
from players.models import Player
from tests.factories import hort_tournament, make_club, make_tournament
from tests.helpers import body_rows
from tournaments.enums import TournamentStatus
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

#: The prizes of the German Wikipedia's worked Hort example (de.wikipedia.org/wiki/Hort-System).
HORT_PRIZES = [
    {"kind": "place", "place": n, "amount": Decimal(amount)}
    for n, amount in enumerate(("1000", "500", "350", "200", "150", "100"), start=1)
]


@pytest.fixture
def finished():
    tournament, players = hort_tournament(slug="hort-open")
    set_prize_table(
        actor=SYSTEM, tournament=tournament, currency="EUR", method="hort", prizes=HORT_PRIZES
    )
    Tournament.objects.filter(pk=tournament.pk).update(status=TournamentStatus.FINISHED)
    return tournament, players


def _get(url: str):
    response = Client().get(url)
    assert response.status_code == 200
    return response


def test_the_prize_list_pays_the_worked_hort_example(finished):
    """The example's amounts: the two on 2½ (its 8 points) share 1000 + 500 as 875 and 625,
    the one on 2 (its 7½) takes 350, the three on 1½ (its 7) 175, 150 and 125."""
    tournament, _players = finished
    response = _get(reverse("tournaments:prizes", args=[tournament.slug]))
    lines = response.context["prizes"].lines
    by_rank = [(line.points, str(line.amount)) for line in lines]
    assert [str(points) for points, _amount in by_rank] == ["5/2", "5/2", "2", "3/2", "3/2", "3/2"]
    assert [amount for _points, amount in by_rank] == [
        "875.00",
        "625.00",
        "350.00",
        "175.00",
        "150.00",
        "125.00",
    ]
    assert response.context["prizes"].final
    html = response.content.decode()
    assert "Provisional" not in html
    rows = body_rows(html)
    assert [row[-2] for row in rows[:6]] == [
        "875.00",
        "625.00",
        "350.00",
        "175.00",
        "150.00",
        "125.00",
    ]
    assert "Paid in all: 2300.00 EUR." in html


def test_the_tie_break_order_decides_who_keeps_the_larger_half(finished):
    tournament, players = finished
    lines = prize_lines(tournament)
    first_two = {line.player.pk for line in lines[:2]}
    assert first_two == {players["A"].pk, players["B"].pk}
    assert lines[2].player == players["C"]
    assert {line.player.pk for line in lines[3:]} == {players[k].pk for k in "DEF"}
    assert [p.name for p in lines[0].shared_with] == [lines[1].player.name]


def prize_lines(tournament):
    return _get(reverse("tournaments:prizes", args=[tournament.slug])).context["prizes"].lines


def test_the_csv_has_the_amounts(finished):
    tournament, _players = finished
    response = _get(reverse("tournaments:prizes_csv", args=[tournament.slug]))
    assert response["Content-Disposition"] == 'attachment; filename="hort-open-prizes.csv"'
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["Place", "Title", "Name", "Points", "Prize", "Amount", "Shared with"]
    assert [row[5] for row in rows[1:]] == [
        "875.00",
        "625.00",
        "350.00",
        "175.00",
        "150.00",
        "125.00",
    ]
    assert rows[1][4] == "Place 1"


def test_while_running_the_list_is_marked_provisional(finished):
    tournament, _players = finished
    Tournament.objects.filter(pk=tournament.pk).update(status=TournamentStatus.RUNNING)
    response = _get(reverse("tournaments:prizes", args=[tournament.slug]))
    html = response.content.decode()
    assert "Provisional prize list" in html
    assert "Provisional: the standings after round 3" in html


def test_a_tournament_without_prizes_says_so():
    tournament = make_tournament(slug="no-prizes")
    html = _get(reverse("tournaments:prizes", args=[tournament.slug])).content.decode()
    assert "No prizes have been announced for this tournament." in html


def test_the_tournament_pages_link_the_prize_page(finished):
    tournament, _players = finished
    html = _get(reverse("tournaments:standings", args=[tournament.slug])).content.decode()
    assert f'href="/tournaments/{tournament.slug}/prizes/"' in html


def test_a_changed_prize_table_shows_at_once_to_visitors_served_from_the_cache(finished):
    tournament, _players = finished
    url = reverse("tournaments:prizes", args=[tournament.slug])
    assert "875.00" in _get(url).content.decode()
    set_prize_table(
        actor=SYSTEM,
        tournament=tournament,
        currency="EUR",
        method="tiebreak",
        prizes=HORT_PRIZES,
    )
    html = _get(url).content.decode()
    assert "875.00" not in html
    assert [row[-2] for row in body_rows(html)[:2]] == ["1000.00", "500.00"]


def test_the_page_reads_in_a_fixed_number_of_queries(finished):
    """As many queries for six place prizes as for nine prizes naming three clubs."""
    tournament, players = finished
    url = reverse("tournaments:prizes", args=[tournament.slug])

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            _get(url)
        return len(captured)

    six = queries()
    clubs = [make_club(f"Club {n}") for n in range(3)]
    for club, letter in zip(clubs, "GHE", strict=True):
        Player.objects.filter(pk=players[letter].pk).update(club=club)
    more = [{"kind": "club", "club": club, "amount": Decimal(10)} for club in clubs]
    set_prize_table(
        actor=SYSTEM,
        tournament=tournament,
        currency="EUR",
        method="hort",
        prizes=HORT_PRIZES + more,
    )
    assert queries() == six
