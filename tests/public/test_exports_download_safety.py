"""Downloads never carry a spreadsheet formula: a text cell starting with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return is neutralised (a leading apostrophe) in the CSV, and
the fixed-width TXT keeps its columns. One test per character, for the published list's CSV
and TXT and for a tournament's CSV."""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from django.urls import reverse

from ratings.models import PublishedRating
from tests.factories import make_club, make_player, make_published_list

pytestmark = pytest.mark.django_db

DANGEROUS = {
    "equals": '=HYPERLINK("http://x","y")',
    "plus": "+1+1",
    "minus": "-2+3",
    "at": "@SUM(A1)",
    "tab": "\t=1+1",
    "carriage return": "\r=1+1",
}


@pytest.fixture
def listed():
    def make(name: str):
        published = make_published_list(datetime.date(2026, 2, 1))
        club = make_club(name + " club")
        player = make_player(name, federation="ENG", club=club)
        PublishedRating.objects.create(published_list=published, player=player, rating=1800)
        return player

    return make


def csv_rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


@pytest.mark.parametrize("kind", sorted(DANGEROUS))
def test_published_csv_neutralises_a_formula_in_names_and_clubs(client, listed, kind):
    name = DANGEROUS[kind]
    listed(name)

    text = client.get(
        reverse("ratings:published_csv", args=["chess-standard", "2026-02-01"])
    ).content.decode()

    row = csv_rows(text)[1]
    assert (row[3], row[7]) == ("'" + name, "'" + name + " club")


@pytest.mark.parametrize("kind", sorted(DANGEROUS))
def test_published_txt_neutralises_and_keeps_its_columns(client, listed, kind):
    name = DANGEROUS[kind]
    listed(name)

    lines = (
        client.get(reverse("ratings:published_txt", args=["chess-standard", "2026-02-01"]))
        .content.decode()
        .split("\n")
    )

    header, row = lines[0], lines[1]
    name_at = header.index("Name")
    assert row[name_at] == "'"
    assert "\t" not in row and "\r" not in row
    # The rating still ends where the "Rtng" header ends.
    rating_end = header.index("Rtng") + len("Rtng")
    assert row[rating_end - 4 : rating_end] == "1800"


def test_an_ordinary_name_is_written_as_it_is(client, listed):
    listed("O'Brien")

    text = client.get(
        reverse("ratings:published_csv", args=["chess-standard", "2026-02-01"])
    ).content.decode()

    assert csv_rows(text)[1][3] == "O'Brien"


@pytest.mark.parametrize("kind", sorted(DANGEROUS))
def test_tournament_csv_neutralises_a_formula_and_keeps_numbers(client, kind):
    from tests.factories import make_tournament
    from tournaments.models import Registration

    name = DANGEROUS[kind]
    tournament = make_tournament(slug="safe", rating_list=None)
    player = make_player(name, federation="ENG", club=make_club(name + " club"))
    Registration.objects.create(
        tournament=tournament, player=player, pairing_number=1, rating_at_start=1800
    )

    text = client.get(reverse("tournaments:players_csv", args=["safe"])).content.decode()

    # No., title, name, FIDE ID, federation, rating, club
    assert csv_rows(text)[1] == [
        "1",
        "",
        "'" + name.strip(),
        "",
        "ENG",
        "1800",
        "'" + name.strip() + " club",
    ]
