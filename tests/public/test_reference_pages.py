"""Reference pages: the tables the engine generates, checked against the published tables."""

import itertools
import re

import pytest
from django.urls import reverse

from public import reference
from rules.ratings import fide
from tests.helpers import body_rows, tables

pytestmark = pytest.mark.django_db


def test_index_links_every_table_and_calculator(client):
    response = client.get(reverse("ratings:reference"))

    assert response.status_code == 200
    for name in (
        "reference_expected_score",
        "reference_titles",
        "reference_classes",
        "reference_go_grades",
        "reference_shogi_grades",
        "calculator_fide",
        "calculator_initial",
        "calculator_performance",
        "calculator_egf",
        "calculator_fesa",
    ):
        assert f'href="{reverse(f"ratings:{name}")}"' in response.content.decode()


def test_expected_score_table_is_fide_table_8_1_2(client):
    rows = body_rows(client.get(reverse("ratings:reference_expected_score")).content)

    assert len(rows) == 51
    # Rows as printed in FIDE's table 8.1.2 (ratings.md §1.3), both players' percentages.
    assert rows[0] == ["0–3", "50 %", "50 %"]
    assert rows[1] == ["4–10", "51 %", "49 %"]
    assert rows[13] == ["92–98", "63 %", "37 %"]
    assert rows[26] == ["198–206", "76 %", "24 %"]
    assert rows[38] == ["329–344", "88 %", "12 %"]
    assert rows[42] == ["392–411", "92 %", "8 %"]
    assert rows[49] == ["620–735", "99 %", "1 %"]
    assert rows[50] == ["more than 735", "100 %", "0 %"]


def test_expected_score_rows_cover_every_difference_once():
    rows = reference.expected_score_rows()

    for previous, row in itertools.pairwise(rows):
        assert row.low == previous.high + 1
    for row in rows[:-1]:
        assert fide.probability_for_difference(row.low) == row.higher
        assert fide.probability_for_difference(row.high) == row.higher
        assert fide.probability_for_difference(-row.high) == row.lower


def test_titles_and_categories(client):
    html = client.get(reverse("ratings:reference_titles")).content
    titles, categories = body_rows(html, 0), body_rows(html, 1)

    assert titles == [
        ["GM", "Grandmaster", "2500", "yes"],
        ["IM", "International Master", "2400", "yes"],
        ["WGM", "Woman Grandmaster", "2300", "yes"],
        ["FM", "FIDE Master", "2300", "no"],
        ["WIM", "Woman International Master", "2200", "yes"],
        ["CM", "Candidate Master", "2200", "no"],
        ["WFM", "Woman FIDE Master", "2100", "no"],
        ["WCM", "Woman Candidate Master", "2000", "no"],
    ]
    assert len(categories) == 23
    assert categories[0] == ["1", "2251–2275", "2051–2075"]
    assert categories[1] == ["2", "2276–2300", "2076–2100"]
    assert categories[17] == ["18", "2676–2700", "2476–2500"]
    assert categories[22] == ["23", "2801–2825", "2601–2625"]


def test_class_ladders(client):
    html = client.get(reverse("ratings:reference_classes")).content

    assert body_rows(html, 0) == [
        ["Elite (super-grandmaster level)", "2700 +"],
        ["Grandmaster level", "2500 – 2699"],
        ["Senior master", "2400 – 2499"],
        ["National master", "2200 – 2399"],
        ["Expert / candidate master", "2000 – 2199"],
        ["Class A", "1800 – 1999"],
        ["Class B", "1600 – 1799"],
        ["Class C", "1400 – 1599"],
        ["Class D", "1200 – 1399"],
        ["Class E", "1000 – 1199"],
        ["Novice", "below 1000"],
    ]
    assert body_rows(html, 1)[0] == ["World-championship contender", "2600 +"]
    assert body_rows(html, 1)[-1] == ["Novice", "below 1200"]


def test_go_grades_follow_the_egd_table(client):
    rows = body_rows(client.get(reverse("ratings:reference_go_grades")).content)
    by_grade = {row[0]: row for row in rows}

    assert len(rows) == 30 + 7 + 9
    assert rows[0] == ["30k", "-900", "below -850"]
    assert by_grade["21k"] == ["21k", "0", "-50 – 49"]
    assert by_grade["20k"] == ["20k", "100", "50 – 149"]
    assert by_grade["6k"][1] == "1500"
    assert by_grade["1k"] == ["1k", "2000", "1950 – 2049"]
    assert by_grade["1d"] == ["1d", "2100", "2050 – 2149"]
    assert by_grade["7d"] == ["7d", "2700", "2650 +"]
    assert by_grade["1p"] == ["1p", "2700", "–"]
    assert by_grade["2p"][1] == "2730"
    assert by_grade["9p"][1] == "2940"


def test_shogi_grades_mark_the_extension(client):
    html = client.get(reverse("ratings:reference_shogi_grades")).content
    rows = body_rows(html, 0)

    assert len(rows) == 26
    assert rows[0] == ["6d", "2440", "2540", "2640", "—", "—", "FESA"]
    assert rows[1] == ["5d", "2240", "2340", "2440", "—", "10", "FESA"]
    assert rows[2] == ["4d", "2080", "2160", "2240", "16", "8", "FESA"]
    assert rows[20] == ["15k", "400", "440", "480", "6", "3", "FESA"]
    assert rows[21] == ["16k *", "320", "360", "400", "6", "3", "extension (not in FESA's table)"]
    assert rows[25] == ["20k *", "0", "40", "80", "6", "3", "extension (not in FESA's table)"]
    assert body_rows(html, 1) == [
        ["2240 +", "16"],
        ["1920 – 2239", "20"],
        ["1560 – 1919", "24"],
        ["1280 – 1559", "28"],
        ["1040 – 1279", "32"],
        ["720 – 1039", "36"],
        ["below 720", "40"],
    ]


def test_reference_pages_have_no_inline_scripts(client):
    for name in ("reference", "reference_expected_score", "calculator_fide"):
        html = client.get(reverse(f"ratings:{name}")).content.decode()
        scripts = re.findall(r"<script[^>]*>", html)
        assert scripts == [
            '<script src="/static/js/vendor/htmx.min.js" defer>',
            '<script src="/static/js/charts.js" defer>',
        ]
        assert re.search(r"<script[^>]*>\s*[^<\s]", html) is None
        assert " onclick=" not in html
    titles = client.get(reverse("ratings:reference_titles")).content.decode()
    assert len(tables(titles)) == 2
    # The site's table style, and no sort links: the order is the engine's.
    assert titles.count('<table class="table">') == 2
    assert "?sort=" not in titles


def test_every_page_links_to_the_reference(client):
    html = client.get(reverse("ratings:home")).content.decode()

    assert f'<a href="{reverse("ratings:reference")}">Reference</a>' in html


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("reference_expected_score", {}),
        ("reference_titles", {}),
        ("reference_classes", {}),
        ("reference_go_grades", {}),
        ("reference_shogi_grades", {}),
        ("calculator_fide", {"rating": 2000, "k": 20, "opponents": "2100", "results": "1"}),
        ("calculator_egf", {"rating": 2000, "opponents": "2100", "results": "1"}),
        (
            "calculator_fesa",
            {"rating": 2000, "games_before": 0, "opponents": "2100", "results": "1"},
        ),
    ],
)
def test_reference_pages_and_calculators_read_no_table(
    client, django_assert_num_queries, name, params
):
    with django_assert_num_queries(0):
        response = client.get(reverse(f"ratings:{name}"), params)

    assert response.status_code == 200
