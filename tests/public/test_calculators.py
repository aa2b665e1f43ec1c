"""Calculators: the published test vectors of ratings.md, and clear errors for bad input.

Every request is a GET (the result is a link); a form with errors is shown again with
status 200 and no result.
"""

import re
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import body_rows

pytestmark = pytest.mark.django_db


def fact(html: bytes, name: str) -> str:
    """The text of ``<dd class="result-NAME">`` with tags and spaces collapsed."""
    match = re.search(rf'<dd class="result-{name}">(.*?)</dd>', html.decode(), re.S)
    assert match is not None, f"no result-{name} in the page"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", match.group(1))).strip()


def errors(response) -> dict[str, list[str]]:
    form = response.context["form"]
    return {name: [str(message) for message in messages] for name, messages in form.errors.items()}


def get(client, name: str, **params):
    return client.get(reverse(f"ratings:{name}"), params)


# --------------------------------------------------------------------------- FIDE


# ratings.md §2.1: FIDE's online calculator, single game, K given (id, own, opp, score, K,
# change). F-C16/20/21 are the current rule (2650+ uncapped), not the old calculator's.
FIDE_CALCULATOR_CASES = [
    ("F-C01", 2000, 2000, "1", 10, "5.00"),
    ("F-C02", 2003, 2000, "1", 10, "5.00"),
    ("F-C03", 2004, 2000, "1", 10, "4.90"),
    ("F-C05", 2011, 2000, "1", 10, "4.80"),
    ("F-C06", 2206, 2000, "1", 10, "2.40"),
    ("F-C07", 2207, 2000, "1", 10, "2.30"),
    ("F-C08", 2391, 2000, "1", 10, "0.90"),
    ("F-C09", 2392, 2000, "1", 10, "0.80"),
    ("F-C10", 2000, 2003, "0", 10, "-5.00"),
    ("F-C11", 2000, 2004, "0", 10, "-4.90"),
    ("F-C12", 1656, 2000, "0", 10, "-1.20"),
    ("F-C13", 1655, 2000, "0", 10, "-1.10"),
    ("F-C14", 2600, 2100, "1", 10, "0.80"),
    ("F-C18", 2200, 2700, "0", 20, "-1.60"),
    ("F-C22", 1500, 2000, "0.5", 20, "8.40"),
    ("F-C23", 2092, 2000, "1", 15, "5.55"),
    ("F-C24", 2000, 2092, "0.5", 30, "3.90"),
    ("F-C16", 2650, 2150, "1", 10, "0.40"),
    ("F-C20", 2700, 1964, "1", 10, "0.00"),
    ("F-C21", 2700, 1900, "0", 10, "-10.00"),
]


@pytest.mark.parametrize(
    ("case", "own", "opponent", "score", "k", "change"),
    FIDE_CALCULATOR_CASES,
    ids=[case[0] for case in FIDE_CALCULATOR_CASES],
)
def test_fide_single_game_vectors(client, case, own, opponent, score, k, change):
    response = get(client, "calculator_fide", rating=own, k=k, opponents=opponent, results=score)

    assert response.status_code == 200
    result = response.context["result"]
    assert result.period.change == Decimal(change)
    (line,) = body_rows(response.content)
    shown = change if change.startswith("-") or change == "0.00" else f"+{change}"
    assert line[-1] == shown


def test_fide_capped_opponent_is_marked(client):
    response = get(client, "calculator_fide", rating=2600, k=10, opponents=2100, results=1)

    (line,) = body_rows(response.content)
    assert line[:4] == ["1", "2100", "2200 *", "400"]
    assert "the 400-point rule applied" in response.content.decode()


@pytest.mark.parametrize(
    ("results", "change", "new_rating"),
    [("1", "+37", "1537"), ("0", "-3", "1497"), ("0.5", "+17", "1517")],
)
def test_fide_lichess_vectors_1500_against_1900(client, results, change, new_rating):
    # ratings.md §2.4: 1500 K40 vs 1900: W/L/D +37/-3/+17 (36.8, -3.2, 16.8).
    response = get(client, "calculator_fide", rating=1500, k=40, opponents=1900, results=results)

    assert fact(response.content, "change").split(" → ")[1] == change
    assert fact(response.content, "rating") == new_rating


def test_fide_period_sums_unrounded_and_rounds_once(client):
    response = get(
        client,
        "calculator_fide",
        rating=1500,
        k=40,
        opponents="1900, 1600, 2900",
        results="1 ½ 0",
    )

    result = response.context["result"]
    assert [line.change for line in result.period.lines] == [
        Decimal("36.80"),
        Decimal("5.60"),
        Decimal("-3.20"),
    ]
    assert fact(response.content, "expected") == "0.52"
    assert fact(response.content, "score") == "1.5"
    assert fact(response.content, "change") == "39.20 → +39"
    assert fact(response.content, "rating") == "1539"


def test_fide_2800_against_eleven_1800s_gains_nothing(client):
    response = get(
        client,
        "calculator_fide",
        rating=2800,
        k=10,
        opponents=" ".join(["1800"] * 11),
        results=" ".join(["1"] * 11),
    )

    assert fact(response.content, "change") == "0.00 → 0"
    assert fact(response.content, "rating") == "2800"


def test_fide_rapid_600_point_rule_leaves_the_game_unrated(client):
    response = get(
        client,
        "calculator_fide",
        rating=1800,
        k=40,
        opponents=2601,
        results=0,
        time_control="rapid",
    )

    (line,) = body_rows(response.content)
    assert line[-2:] == ["40", "–"]
    assert line[6] == "not rated"
    assert fact(response.content, "rating") == "1800"


@pytest.mark.parametrize(
    ("params", "k"),
    [
        ({"games_total": 10}, "40 (derived)"),
        ({"games_total": 30}, "20 (derived)"),
        ({"games_total": 30, "birth_year": 2015}, "40 (derived)"),
        ({"games_total": 30, "ever_2400": "on"}, "10 (derived)"),
        ({"k": 15}, "15"),
    ],
)
def test_fide_k_is_entered_or_derived(client, params, k):
    response = get(client, "calculator_fide", rating=1800, opponents=1800, results="=", **params)

    assert re.sub(r"\s+", " ", response.context["result"].k.__str__()) == k.split()[0]
    assert f"<dd>{k.split()[0]}" in response.content.decode()
    assert ("(derived)" in response.content.decode()) == ("derived" in k)


def test_fide_k_times_games_is_capped_at_700(client):
    response = get(
        client,
        "calculator_fide",
        rating=1800,
        k=40,
        opponents=" ".join(["1800"] * 18),
        results=" ".join(["1"] * 18),
    )

    result = response.context["result"]
    assert result.period.k_used == 38
    assert "K 40 capped so that K × 18 ≤ 700" in response.content.decode()
    assert fact(response.content, "change") == "342.00 → +342"


# --------------------------------------------------------------------------- initial, Rp


def test_initial_rating_2024_formula(client):
    response = get(
        client,
        "calculator_initial",
        opponents="1902 1877 1884 2012 1832",
        results="1 1 1 0 0",
    )

    assert fact(response.content, "average") == "1872.43"
    assert fact(response.content, "percent") == "57 %"
    assert fact(response.content, "dp") == "50"
    assert fact(response.content, "rating") == "1922"


def test_initial_rating_needs_five_games(client):
    response = get(client, "calculator_initial", opponents="1900 1900 1900 1900", results="1 1 1 1")

    assert fact(response.content, "rating") == "not rated yet"
    assert "at least 5 games against rated opponents" in response.content.decode()


def test_initial_rating_below_1400_is_not_published(client):
    response = get(client, "calculator_initial", opponents="1400 " * 5, results="0 " * 5)

    assert fact(response.content, "value") == "1205"
    assert fact(response.content, "rating") == "not rated yet"
    assert "below 1400, so no rating is published" in response.content.decode()


def test_initial_rating_is_at_most_2200(client):
    response = get(client, "calculator_initial", opponents="2400 " * 5, results="1 " * 5)

    assert fact(response.content, "value") == "2538"
    assert fact(response.content, "rating") == "2200"


def test_performance_rating(client):
    # ratings.md §2.4: perfRating(win(1500), draw(1500)) = 1500 + dp(75 %) = 1693.
    response = get(client, "calculator_performance", opponents="1500 1500", results="1 =")

    assert fact(response.content, "average") == "1500"
    assert fact(response.content, "percent") == "75 %"
    assert fact(response.content, "dp") == "193"
    assert fact(response.content, "rating") == "1693"


def test_performance_rating_of_a_perfect_score_adds_800(client):
    response = get(client, "calculator_performance", opponents="2001 2000", results="1 1")

    assert fact(response.content, "average") == "2001"
    assert fact(response.content, "rating") == "2801"


# --------------------------------------------------------------------------- EGF


@pytest.mark.parametrize(
    ("rating", "opponent", "result", "new_rating"),
    [
        (2100, 2100, "1", "2109.306"),  # horaceho/ers README
        (2100, 2100, "0", "2091.725"),
        (1000, 1300, "1", "1039.434"),  # 1039.43
        (1300, 1000, "0", "1273.566"),  # 1273.57
        (950, 1200, "1", "988.790"),  # 988.79
        (1200, 950, "0", "1173.168"),  # 1173.17
    ],
)
def test_egf_vectors(client, rating, opponent, result, new_rating):
    response = get(client, "calculator_egf", rating=rating, opponents=opponent, results=result)

    assert fact(response.content, "rating") == new_rating


def test_egf_tournament_uses_frozen_ratings(client):
    # ratings.md §3.4: rating 0; 20 W, 40 D, 10 L, -40 W in one tournament -> 68.79.
    response = get(
        client, "calculator_egf", rating=0, opponents="20 40 10 -40", results="1 0.5 0 1"
    )

    assert fact(response.content, "rating") == "68.793"
    assert [row[4] for row in body_rows(response.content)] == [
        "0.489363",
        "0.478671",
        "0.494689",
        "0.521072",
    ]


@pytest.mark.parametrize(("handicap", "expected"), [("1", "0.304813"), ("-1", "0.239475")])
def test_egf_handicap_counts_in_the_expected_score(client, handicap, expected):
    response = get(
        client, "calculator_egf", rating=1000, opponents=1300, handicaps=handicap, results=1
    )

    (line,) = body_rows(response.content)
    assert line[4] == expected


def test_egf_class_weights_the_change_and_the_floor_holds(client):
    weighted = get(
        client, "calculator_egf", rating=2100, opponents=2100, results=1, tournament_class="B"
    )
    floored = get(client, "calculator_egf", rating=-900, opponents=-800, results=0)

    assert fact(weighted.content, "change") == "6.980"  # 0.75 x 9.306
    assert fact(floored.content, "rating") == "-900.000"
    assert "stops at the floor" in floored.content.decode()


# --------------------------------------------------------------------------- FESA


@pytest.mark.parametrize(
    ("result", "bonus", "change", "new_rating"),
    [
        ("0", "on", "-5.77 → -6", "1694"),
        ("1", "on", "30.00 → +30", "1730"),  # d' = 24 x 200 / 160 > d
        ("1", "off", "18.23 → +18", "1718"),
    ],
)
def test_fesa_self_check_vector(client, result, bonus, change, new_rating):
    # ratings.md §4: 1700 (K 24) vs 1900: f = 0.2403; loss -5.77; win +18.23 or +30.
    response = get(
        client,
        "calculator_fesa",
        rating=1700,
        games_before=20,
        opponents=1900,
        results=result,
        win_bonus=bonus,
    )

    assert fact(response.content, "change") == change
    assert fact(response.content, "rating") == new_rating
    (line,) = body_rows(response.content)
    assert line[4:6] == ["24", "0.2403"]


def test_fesa_rating_moves_game_by_game(client):
    response = get(
        client,
        "calculator_fesa",
        rating=1700,
        games_before=20,
        grade="1 dan",
        opponents="1700 1700",
        results="1 1",
        win_bonus="off",
    )

    lines = response.context["result"].lines
    assert lines[0].before == 1700.0
    assert lines[1].before == pytest.approx(1712.0)
    assert [row[1] for row in body_rows(response.content)] == ["1700.00", "1712.00"]
    # 24 x (1 - 0.5) = 12.00, then from 1712: 24 x (1 - 0.51727) = 11.585; 23.585 -> +24.
    assert fact(response.content, "change") == "23.59 → +24"
    assert fact(response.content, "rating") == "1724"
    assert fact(response.content, "grade") == "1d"


def test_fesa_grade_is_promoted_at_the_lower_bound(client):
    # 1790 beats 1900: d' = 24 x 110 / 160 = 16.5 -> +17 = 1807, above 2 dan's 1800 with 21 games.
    response = get(
        client,
        "calculator_fesa",
        rating=1790,
        games_before=20,
        grade="1d",
        opponents="1900",
        results="1",
    )

    assert fact(response.content, "change") == "16.50 → +17"
    assert fact(response.content, "rating") == "1807"
    assert fact(response.content, "grade") == "2d (promoted)"


# --------------------------------------------------------------------------- errors


def test_unbound_form_shows_no_result_and_no_errors(client):
    response = get(client, "calculator_fide")

    assert response.status_code == 200
    assert response.context["result"] is None
    assert response.context["form"].errors == {}


def test_non_numbers_are_explained(client):
    response = get(
        client, "calculator_fide", rating="abc", k=10, opponents="2000, x", results="1, w"
    )

    assert response.status_code == 200
    assert response.context["result"] is None
    assert errors(response) == {
        "rating": ["Enter a whole number."],
        "opponents": ["Entry 2 (“x”) is not a whole number."],
        "results": ["Result 2 (“w”) must be 1, 0.5 or 0."],
    }
    assert "Entry 2 (“x”) is not a whole number." in response.content.decode()


def test_out_of_range_ratings_are_explained(client):
    response = get(
        client, "calculator_fide", rating=3500, k=10, opponents="2000 999", results="1 0"
    )

    assert errors(response) == {
        "rating": ["Ensure this value is less than or equal to 3000."],
        "opponents": ["Entry 2 (999) is outside 1000 to 3000."],
    }


def test_mismatched_rows_are_explained(client):
    response = get(client, "calculator_fide", rating=2000, k=10, opponents="2000 2100", results="1")

    assert response.status_code == 200
    assert errors(response) == {
        "__all__": ["Give one entry per opponent. Opponents' ratings: 2, Results: 1."]
    }
    assert "Give one entry per opponent. Opponents&#x27; ratings: 2, Results: 1." in (
        response.content.decode()
    )


def test_too_many_rows_are_refused(client):
    response = get(
        client,
        "calculator_performance",
        opponents=" ".join(["2000"] * 51),
        results=" ".join(["1"] * 51),
    )

    assert errors(response) == {
        "opponents": ["Enter at most 50 entries; this list has 51."],
        "results": ["Enter at most 50 entries; this list has 51."],
    }


def test_missing_k_and_games_are_explained(client):
    response = get(client, "calculator_fide", rating=2000, opponents="2000", results="1")

    assert errors(response) == {
        "k": ["Enter K, or the rated games so far so that K can be derived."]
    }


def test_egf_errors(client):
    handicaps = get(
        client, "calculator_egf", rating=1000, opponents="1300 1200", handicaps="1", results="1 0"
    )
    stones = get(client, "calculator_egf", rating=1000, opponents="1300", handicaps="10", results=1)
    ceiling = get(client, "calculator_egf", rating=2900, opponents="2900", handicaps="9", results=1)

    assert errors(handicaps) == {
        "__all__": ["Give one entry per opponent. Opponents' ratings: 2, Handicaps: 1."]
    }
    assert errors(stones) == {"handicaps": ["Entry 1 (10) is outside -9 to 9."]}
    assert errors(ceiling) == {
        "__all__": [
            "With the handicap a rating reaches 3300 or more, where the EGF formula is not defined."
        ]
    }


def test_fesa_grade_errors(client):
    response = get(
        client,
        "calculator_fesa",
        rating=1700,
        games_before=3,
        grade="9 dan",
        opponents=1700,
        results=1,
    )

    assert errors(response) == {"grade": ["“9 dan” is not a FESA grade (20k to 6d)."]}


def test_calculators_refuse_post(client):
    assert client.post(reverse("ratings:calculator_fide"), {"rating": 2000}).status_code == 405


def test_absurdly_long_numbers_are_refused_not_crashed_on(client):
    digits = "9" * 5000
    response = get(client, "calculator_egf", rating=digits, opponents=digits, results="1")

    assert response.status_code == 200
    assert errors(response) == {
        "rating": ["Enter a number."],
        "opponents": [f"Entry 1 (“{digits[:20]}”) is not a number."],
    }


CALCULATOR_FIELDS = {
    "calculator_fide": ["rating", "k", "games_total", "birth_year", "opponents", "results"],
    "calculator_initial": ["opponents", "results"],
    "calculator_performance": ["opponents", "results"],
    "calculator_egf": ["rating", "opponents", "handicaps", "results", "tournament_class"],
    "calculator_fesa": ["rating", "games_before", "grade", "opponents", "results", "win_bonus"],
}

_token = st.one_of(
    st.integers(min_value=-5000, max_value=5000).map(str),
    st.sampled_from(["0.5", "½", "=", "1", "0", "", "-", "A", "x", "1e3", "nan", "9" * 30]),
    st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=8),
)
_value = st.lists(_token, max_size=6).map(" ".join)


@pytest.mark.parametrize("name", sorted(CALCULATOR_FIELDS))
@settings(max_examples=15, derandomize=True, deadline=None)
@given(data=st.data())
def test_any_input_gives_a_page_not_an_error(name, data):
    client = Client()  # the pages keep no state between requests
    params = {field: data.draw(_value, label=field) for field in CALCULATOR_FIELDS[name]}

    response = get(client, name, **params)

    assert response.status_code == 200
    form = response.context["form"]
    assert (response.context["result"] is None) == bool(form.errors)


# --------------------------------------------------------------------------- decimal comma


def test_a_draw_written_with_a_decimal_comma_counts_as_half(client):
    # The Russian pages print "0,5": typed back, it is a draw, not the results 0 and 5.
    response = get(
        client, "calculator_fide", rating=1500, k=40, opponents="1900 1600", results="1 0,5"
    )

    assert errors(response) == {}
    assert [line.score for line in response.context["result"].period.lines] == [
        Decimal("1"),
        Decimal("0.5"),
    ]


def test_results_separated_by_commas_still_read_one_by_one(client):
    response = get(
        client, "calculator_fide", rating=1500, k=40, opponents="1900,1600,2900", results="1,0,1"
    )

    assert [line.score for line in response.context["result"].period.lines] == [
        Decimal("1"),
        Decimal("0"),
        Decimal("1"),
    ]


def test_egf_ratings_accept_a_decimal_comma_or_point(client):
    with_comma = get(
        client, "calculator_egf", rating="2000,5", opponents="1950,25 2100", results="1 0"
    )
    with_point = get(
        client, "calculator_egf", rating="2000.5", opponents="1950.25 2100", results="1 0"
    )

    assert errors(with_comma) == {}
    assert fact(with_comma.content, "rating") == fact(with_point.content, "rating")
    assert [line.opponent for line in with_comma.context["result"].lines] == [1950.25, 2100]
