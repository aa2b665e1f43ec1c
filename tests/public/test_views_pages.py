"""Top lists, distribution, player history, games, head to head, compare, archive, rounds."""

import datetime
import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from ratings.models import PublishedRating
from tests.factories import (
    make_change,
    make_club,
    make_game,
    make_player,
    make_published_list,
    make_rating,
    make_round,
    make_tournament,
    register,
)
from tests.helpers import body_rows, tables

pytestmark = pytest.mark.django_db

LEADERBOARD = reverse("ratings:leaderboard", args=["chess-standard"])
DISTRIBUTION = reverse("ratings:distribution", args=["chess-standard"])


def born(year: int, month: int = 6, day: int = 15) -> datetime.date:
    return datetime.date(year, month, day)


# --------------------------------------------------------------------------- top lists


@pytest.fixture
def ages():
    """Players whose age by year of birth in this year's list sits on each boundary."""
    year = timezone.localdate().year
    people = [
        ("Junior20", "f", born(year - 20, 1, 1), 1900),  # 20 in the list year: junior
        ("Adult21", "f", born(year - 21, 12, 31), 1800),  # 21: not a junior
        ("Boy12", "m", born(year - 12), 1700),
        ("Senior50", "m", born(year - 50, 12, 31), 2000),  # 50 this year: senior 50+
        ("Almost50", "f", born(year - 49, 1, 1), 1600),  # 49: not a senior
        ("Senior65", "f", born(year - 65, 12, 31), 2100),  # 65 this year: 50+ and 65+
        ("Unknown", "m", None, 2200),  # no birth date: only in the open and men's lists
    ]
    for name, sex, birth, rating in people:
        make_rating(make_player(name, sex=sex, birth_date=birth), rating)


@pytest.mark.parametrize(
    ("category", "expected"),
    [
        (
            "",
            ["Unknown", "Senior65", "Senior50", "Junior20", "Adult21", "Boy12", "Almost50"],
        ),
        ("women", ["Senior65", "Junior20", "Adult21", "Almost50"]),
        ("juniors", ["Junior20", "Boy12"]),
        ("girls", ["Junior20"]),
        ("seniors50", ["Senior65", "Senior50"]),
        ("seniors65", ["Senior65"]),
    ],
)
def test_top_lists_count_ages_by_year_of_birth(client, ages, category, expected):
    response = client.get(f"{LEADERBOARD}?category={category}")

    rows = body_rows(response.content)
    assert [row[1] for row in rows] == expected
    assert [row[0] for row in rows] == [str(n) for n in range(1, len(expected) + 1)]


def test_top_list_tabs_mark_the_current_list_and_keep_the_filters(client, ages):
    html = client.get(f"{LEADERBOARD}?category=girls").content.decode()

    assert '<a href="?category=girls" aria-current="page">Girls (under 20)</a>' in html
    assert '<a href="?">Open</a>' in html
    html = client.get(f"{LEADERBOARD}?federation=ENG&category=women&page=2").content.decode()
    assert '<a href="?federation=ENG&amp;category=seniors65">Seniors 65+</a>' in html


@pytest.mark.parametrize(
    ("query", "expected"),
    [("active=on", ["Recent"]), ("active=inactive", ["Never", "Stale"]), ("active=", None)],
)
def test_top_list_active_and_inactive(client, query, expected):
    today = timezone.localdate()
    make_rating(make_player("Recent"), 1500, last_played=today - datetime.timedelta(days=10))
    make_rating(make_player("Stale"), 1400, last_played=today - datetime.timedelta(days=400))
    make_rating(make_player("Never"), 1600)

    rows = body_rows(client.get(f"{LEADERBOARD}?{query}").content)

    assert [row[1] for row in rows] == (expected or ["Never", "Recent", "Stale"])


def test_top_list_shows_badge_and_change_since_the_last_list(client):
    make_rating(make_player("Titled", title="IM"), "2412.60", rating=2400)
    make_rating(make_player("Falling"), "1789.40", rating=1800)
    make_rating(make_player("Newcomer"), "1650.00", rating=None)

    rows = body_rows(client.get(LEADERBOARD).content)

    assert [(row[1], row[2], row[7]) for row in rows] == [
        ("Titled", "IM", "+13"),
        ("Falling", "Class B", "-11"),
        ("Newcomer", "Class B", "new"),
    ]


def test_badge_column_takes_a_grade_provider_for_other_games(client):
    from public import badges
    from ratings.models import RatingList

    go = RatingList.objects.create(
        name="Go", slug="go", game="go", time_control="standard", system="fide"
    )
    make_rating(make_player("Stone"), 2150, rating_list=go)
    url = reverse("ratings:leaderboard", args=["go"])
    assert body_rows(client.get(url).content)[0][2] == "–"

    def grade(player, rating, rating_list):
        return badges.Badge("grade", f"{(rating - 2000) // 100 + 1}d", "dan grade")

    badges.register_badge_provider("go", grade)
    cache.clear()  # a provider is plugged in at start-up, before any page is cached
    try:
        html = client.get(url).content.decode()
    finally:
        del badges._PROVIDERS["go"]

    assert body_rows(html)[0][2] == "2d"
    assert '<abbr class="badge badge-grade" title="dan grade">2d</abbr>' in html


# --------------------------------------------------------------------------- distribution


@pytest.fixture
def spread():
    """Six players: bands 2100 (1), 2000 (2: one rounds up into it), 1900 (0), 1800 (1),
    1700 (2); one GM and one WFM."""
    for rating, title, sex in [
        ("2100.00", "GM", "m"),
        ("2049.00", "", "m"),
        ("1999.50", "WFM", "f"),  # rounds to 2000
        ("1850.00", "", "m"),
        ("1799.49", "", "f"),  # rounds to 1799
        ("1700.00", "", "m"),
    ]:
        make_rating(make_player(title=title, sex=sex), rating)


def test_distribution_counts_players_per_100_point_band(client, spread):
    response = client.get(DISTRIBUTION)

    bands, titles, classes = tables(response.content)
    assert bands["body"] == [
        ["2100–2199", "1", "16.7", "1"],
        ["2000–2099", "2", "33.3", "3"],
        ["1900–1999", "0", "0.0", "3"],
        ["1800–1899", "1", "16.7", "4"],
        ["1700–1799", "2", "33.3", "6"],
    ]
    assert titles["body"] == [["GM", "1"], ["WFM", "1"]]
    assert [row for row in classes["body"] if row[1] != "0"] == [
        ["Expert / candidate master", "3"],
        ["Class A", "1"],
        ["Class B", "2"],
    ]
    assert len(classes["body"]) == 11


def test_distribution_histogram_has_one_bar_with_a_tooltip_per_band(client, spread):
    html = client.get(DISTRIBUTION).content.decode()

    bars = re.findall(r'<rect class="bar point"[^>]*><title>([^<]*)</title>', html)
    assert bars == [
        "1700–1799: 2 players",
        "1800–1899: 1 player",
        "1900–1999: 0 players",
        "2000–2099: 2 players",
        "2100–2199: 1 player",
    ]


def test_distribution_takes_the_top_list_filters(client, spread):
    response = client.get(f"{DISTRIBUTION}?sex=f")

    assert body_rows(response.content) == [
        ["2000–2099", "1", "50.0", "1"],
        ["1900–1999", "0", "0.0", "1"],
        ["1800–1899", "0", "0.0", "1"],
        ["1700–1799", "1", "50.0", "2"],
    ]


def test_distribution_of_an_empty_list(client):
    response = client.get(DISTRIBUTION)

    assert response.status_code == 200
    assert body_rows(response.content) == []
    assert "No rated players." in response.content.decode()


# --------------------------------------------------------------------------- player page


def test_player_chart_points_carry_date_rating_and_event(client, calculation):
    ann = calculation["ann"]
    february = ann.rating_changes.filter(period__isnull=False).first().period
    PublishedRating.objects.create(published_list=february, player=ann, rating=1500, change=-20)

    html = client.get(reverse("ratings:player", args=[ann.pk])).content.decode()

    titles = re.findall(r'<circle class="point"[^>]*><title>([^<]*)</title>', html)
    assert titles == [
        "2026-02-01: list rating 1500 — Winter Cup",
        "2026-03-02: live rating 1553.6 — Spring Open",
    ]
    assert '<svg class="chart history-chart"' in html


def test_player_page_shows_peak_class_and_distance(client, calculation):
    html = client.get(reverse("ratings:player", args=[calculation["ann"].pk])).content.decode()

    facts = re.findall(r"<dt>([^<]*)</dt><dd>(.*?)</dd>", html)
    assert ("Peak rating", "1520") in facts
    assert ("Rating", "1554") in facts
    assert ("Title or class", '<span class="badge badge-class">Class C</span>') in facts
    assert ("Next class", "Class B in 46") in facts


def test_player_page_lists_tournaments_with_performance(client, calculation):
    response = client.get(reverse("ratings:player", args=[calculation["ann"].pk]))

    performance = tables(response.content)[-1]
    # Spring: 1½ of 2 against 1900 and 2000 (not the capped 1900): 75 % → 1950 + 193.
    # Winter: 0 of 1 against 1500 → 1500 − 800.
    assert performance["body"] == [
        ["Spring Open", "2026-03-01", "Chess standard", "2", "1½", "1950", "2143", "+53.60"],
        ["Winter Cup", "2026-01-10", "Chess standard", "1", "0", "1500", "700", "-20.00"],
    ]


def test_player_page_offers_head_to_head_against_each_opponent(client, calculation):
    html = client.get(reverse("ratings:player", args=[calculation["ann"].pk])).content.decode()

    options = re.findall(r'<option value="(\d+)">([^<]*)</option>', html.split("h2h-opponent")[2])
    assert [name for _pk, name in options] == ["Bell, Bob", "Cole, Cy", "Dale, Dee"]


def test_player_games_are_paginated_newest_first_with_the_calculation(client, calculation):
    url = reverse("ratings:player_games", args=[calculation["ann"].pk])

    rows = body_rows(client.get(url).content)

    assert [row[:11] for row in rows] == [
        [
            "2026-03-02",
            "Chess standard",
            "Spring Open",
            "2",
            "Cole, Cy",
            "1900 *",
            "½",
            "0.08",
            "40",
            "+16.80",
            "record",
        ],
        [
            "2026-03-01",
            "Chess standard",
            "Spring Open",
            "1",
            "FM Bell, Bob",
            "1900",
            "1",
            "0.08",
            "40",
            "+36.80",
            "record",
        ],
        [
            "2026-01-10",
            "Chess standard",
            "Winter Cup",
            "1",
            "Dale, Dee",
            "1500",
            "0",
            "0.50",
            "40",
            "-20.00",
            "record",
        ],
    ]


def test_player_games_page_two(client):
    player = make_player("Busy")
    tournament = make_tournament()
    for number in range(1, 53):
        opponent = make_player()
        game = make_game(make_round(tournament, number), player, opponent, "10")
        make_change(
            game,
            player,
            opponent,
            score=1,
            date=datetime.date(2026, 1, 1) + datetime.timedelta(days=number),
        )
    url = reverse("ratings:player_games", args=[player.pk])

    rows = body_rows(client.get(f"{url}?page=2").content)

    assert [row[0] for row in rows] == ["2026-01-03", "2026-01-02"]


# --------------------------------------------------------------------------- head to head


@pytest.fixture
def rivals():
    ann, bob = make_player("Ames", "Ann"), make_player("Bell", "Bob")
    first = make_tournament("First", start_date=datetime.date(2026, 1, 5))
    second = make_tournament("Second", start_date=datetime.date(2026, 2, 5), rating_list=None)
    make_game(make_round(first, 1), ann, bob, "10")  # Ann wins with white
    make_game(make_round(first, 2), bob, ann, "==")  # draw
    make_game(make_round(second, 1), bob, ann, "01")  # Ann wins with black (unrated event)
    make_game(make_round(second, 2), ann, bob, "-+")  # forfeit: not a played game
    make_game(make_round(second, 3), bob, make_player("Other"), "10")
    return ann, bob


def test_head_to_head_counts_played_games_only(client, rivals):
    ann, bob = rivals
    url = reverse("ratings:head_to_head", args=[ann.pk])

    response = client.get(f"{url}?opponent={bob.pk}")

    html = response.content.decode()
    assert "<strong>2½–½</strong> (2 wins, 1 draw, 0 losses)" in html
    assert [(row[1], row[3], row[4], row[5]) for row in body_rows(html)] == [
        ("First", "Ames, Ann", "1–0", "Bell, Bob"),
        ("First", "Bell, Bob", "½–½", "Ames, Ann"),
        ("Second", "Bell, Bob", "0–1", "Ames, Ann"),
    ]
    reverse_html = client.get(
        reverse("ratings:head_to_head", args=[bob.pk]) + f"?opponent={ann.pk}"
    ).content.decode()
    assert "<strong>½–2½</strong> (0 wins, 1 draw, 2 losses)" in reverse_html


@pytest.mark.parametrize("value", ["", "abc", "999999", "self"])
def test_head_to_head_with_a_bad_opponent_explains(client, rivals, value):
    ann, _bob = rivals
    value = str(ann.pk) if value == "self" else value
    url = reverse("ratings:head_to_head", args=[ann.pk])

    response = client.get(f"{url}?opponent={value}")

    assert response.status_code == 200
    message = "Choose an opponent." if value == "" else f"No such opponent: {value}."
    assert f'<p class="error" role="alert">{message}</p>' in response.content.decode()


# --------------------------------------------------------------------------- compare


COMPARE = reverse("ratings:compare")


def test_compare_overlays_up_to_five_histories(client):
    jan = make_published_list(datetime.date(2026, 1, 1))
    players = [make_player(f"P{n}") for n in range(3)]
    for number, player in enumerate(players):
        PublishedRating.objects.create(published_list=jan, player=player, rating=1500 + number)
        make_rating(player, 1500 + number, rating=1500 + number)
    query = "&".join(f"p={p.pk}" for p in players)

    html = client.get(f"{COMPARE}?{query}").content.decode()

    series = re.findall(r'<g class="series" data-series="([^"]*)">', html)
    assert series == ["P0", "P1", "P2"]
    assert "P1, 2026-01-01: list rating 1501" in html
    assert '<p class="error"' not in html


def test_compare_says_which_player_has_no_rating_in_the_list(client):
    jan = make_published_list(datetime.date(2026, 1, 1))
    rated, unrated = make_player("Rated"), make_player("Unrated")
    PublishedRating.objects.create(published_list=jan, player=rated, rating=1600)
    make_rating(rated, 1600, rating=1600)

    html = client.get(f"{COMPARE}?p={rated.pk}&p={unrated.pk}").content.decode()

    legend = re.findall(r'<li class="series-\d">.*?</li>', html)
    assert ["(no rating in this list)" in item for item in legend] == [False, True]
    assert re.findall(r'<g class="series" data-series="([^"]*)">', html) == ["Rated"]


def test_compare_refuses_more_than_five_and_unknown_ids(client):
    players = [make_player(f"P{n}") for n in range(6)]
    ids = [str(p.pk) for p in players] + ["x"]

    response = client.get(COMPARE + "?" + "&".join(f"p={pk}" for pk in ids))

    assert response.status_code == 200
    errors = re.findall(r'<p class="error" role="alert">([^<]*)</p>', response.content.decode())
    assert errors == [
        "Not a player id: x.",
        "Compare at most 5 players; the first 5 are shown.",
    ]
    missing = client.get(f"{COMPARE}?p=987654&list=nope").content.decode()
    assert re.findall(r'<p class="error" role="alert">([^<]*)</p>', missing) == [
        "No player with id 987654.",
        "No rating list nope.",
    ]


def test_compare_picker_works_without_javascript(client):
    kept = make_player("Kasparov", "Garry")
    make_player("Karpov", "Anatoly")
    make_player("Tal", "Mikhail")

    html = client.get(f"{COMPARE}?p={kept.pk}&q=ka").content.decode()

    links = re.findall(r'<li><a href="\?([^"]*)">Add ([^<]*)</a></li>', html)
    karpov = links[0]
    assert [name for _query, name in links] == ["Karpov, Anatoly"]
    assert karpov[0].startswith(f"p={kept.pk}&amp;p=")
    assert "Remove Kasparov, Garry" in html


# --------------------------------------------------------------------------- archive


@pytest.fixture
def two_lists():
    """January: Ann and Bob; February: Ann (up 12), Bob (down 3) and newcomer Cat."""
    ann = make_player("Ames", "Ann", sex="f", federation="ENG", birth_date=born(2001), fide_id=123)
    bob = make_player("Bell", "Bob", title="FM", club=make_club("Riverside"))
    cat = make_player("Cole", "Cat, Jr", sex="f", federation="SCO", birth_date=born(2012))
    jan = make_published_list(datetime.date(2026, 1, 1))
    feb = make_published_list(datetime.date(2026, 2, 1))
    PublishedRating.objects.create(published_list=jan, player=ann, rating=1838, games=3, k=20)
    PublishedRating.objects.create(published_list=jan, player=bob, rating=2303, games=2, k=20)
    PublishedRating.objects.create(
        published_list=feb, player=ann, rating=1850, games=4, k=20, change=12
    )
    PublishedRating.objects.create(
        published_list=feb, player=bob, rating=2300, games=1, k=20, change=-3
    )
    PublishedRating.objects.create(published_list=feb, player=cat, rating=1500, games=5, k=40)
    return ann, bob, cat


def test_published_list_marks_new_entries(client, two_lists):
    url = reverse("ratings:published_list", args=["chess-standard", "2026-02-01"])

    rows = body_rows(client.get(url).content)

    assert [(row[1], row[6], row[9]) for row in rows] == [
        ("Bell, Bob", "-3", ""),
        ("Ames, Ann", "+12", ""),
        ("Cole, Cat, Jr", "–", "new"),
    ]
    html = client.get(url).content.decode()
    facts = re.findall(r"<dt>([^<]*)</dt><dd>([^<]*)</dd>", html)
    assert facts == [
        ("Players", "3"),
        ("New entries", "1"),
        ("Rating up", "1"),
        ("Rating down", "1"),
    ]


def test_published_top_lists_count_ages_in_the_list_year(client):
    published = make_published_list(datetime.date(2019, 3, 1))
    for name, birth in [("Young", born(1999, 12, 31)), ("Older", born(1998, 1, 1))]:
        player = make_player(name, birth_date=birth)
        PublishedRating.objects.create(published_list=published, player=player, rating=2000)
    url = reverse("ratings:published_list", args=["chess-standard", "2019-03-01"])

    rows = body_rows(client.get(f"{url}?category=juniors").content)

    # 2019 − 1999 = 20: a junior in the 2019 list, whatever today's date is.
    assert [(row[0], row[1]) for row in rows] == [("1", "Young")]


def test_archive_lists_each_period_with_downloads(client, two_lists):
    response = client.get(reverse("ratings:archive", args=["chess-standard"]))

    assert body_rows(response.content) == [
        ["2026-02-01", "3", "CSV · TXT"],
        ["2026-01-01", "2", "CSV · TXT"],
    ]
    assert 'href="/lists/chess-standard/2026-02-01.csv"' in response.content.decode()


def test_published_list_as_csv(client, two_lists):
    ann, bob, cat = two_lists

    response = client.get(reverse("ratings:published_csv", args=["chess-standard", "2026-02-01"]))

    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="chess-standard-2026-02-01.csv"'
    assert response.content.decode() == (
        "rank,id,fide_id,name,federation,sex,title,club,birth_year,rating,change,games,k,new\r\n"
        f'1,{bob.pk},,"Bell, Bob",,M,FM,Riverside,,2300,-3,1,20,0\r\n'
        f'2,{ann.pk},123,"Ames, Ann",ENG,F,,,2001,1850,+12,4,20,0\r\n'
        f'3,{cat.pk},,"Cole, Cat, Jr",SCO,F,,,2012,1500,,5,40,1\r\n'
    )


def test_published_list_as_fixed_width_text(client, two_lists):
    ann, bob, cat = two_lists

    response = client.get(reverse("ratings:published_txt", args=["chess-standard", "2026-02-01"]))

    lines = response.content.decode().split("\n")
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert lines[0] == (
        "Rank ID Number    FIDE ID Name                             Fed Sex Tit  Rtng  Chg Gms"
        "  K B-day Flag"
    )
    # Dots stand for spaces; the player ids are right-aligned in nine characters.
    dotted = [
        "...1.{bob}............Bell,.Bob............................M...FM...2300...-3...1.20",
        "...2.{ann}........123.Ames,.Ann........................ENG.F........1850..+12...4.20..2001.w",
        "...3.{cat}............Cole,.Cat,.Jr....................SCO.F........1500........5.40..2012.wn",
    ]
    ids = {"bob": f"{bob.pk:>9}", "ann": f"{ann.pk:>9}", "cat": f"{cat.pk:>9}"}
    assert lines[1:4] == [line.replace(".", " ").format(**ids) for line in dotted]
    assert lines[4:] == [""]


def test_download_of_an_unknown_list_is_404(client):
    response = client.get("/lists/chess-standard/2026-02-01.csv")

    assert response.status_code == 404


# --------------------------------------------------------------------------- rounds


@pytest.fixture
def swiss():
    tournament = make_tournament("Autumn Swiss", slug="autumn")
    a, b, c, d = (make_player(name) for name in ("Ames", "Bell", "Cole", "Dale"))
    register(tournament, a, b, c, d)
    r1 = make_round(tournament, 1)
    make_game(r1, a, b, "10", board=1)
    make_game(r1, c, d, "==", board=2)
    r2 = make_round(tournament, 2)
    make_game(r2, c, a, "01", board=1)
    make_game(r2, d, None, "U", board=2)
    make_game(r2, b, make_player("Late"), "", board=3)
    make_round(tournament, 3, status="draft")
    return tournament


def test_round_page_lists_pairings_with_points_before_the_round(client, swiss):
    response = client.get(reverse("tournaments:round", args=["autumn", 2]))

    # Board, No., White, rating, points before, result, points before, Black, rating, No.
    assert body_rows(response.content) == [
        ["1", "3", "Cole", "–", "½", "0–1", "1", "Ames", "–", "1"],
        ["2", "4", "Dale", "–", "½", "pairing-allocated bye", "", "bye", "–", "–"],
        ["3", "2", "Bell", "–", "0", "–", "0", "Late", "–", "–"],
    ]
    html = response.content.decode()
    assert '<a href="/tournaments/autumn/round/2/" aria-current="page">Round 2</a>' in html
    assert "/tournaments/autumn/round/3/" not in html


def test_rounds_page_shows_the_latest_published_round(client, swiss):
    response = client.get(reverse("tournaments:rounds", args=["autumn"]))

    assert [row[2] for row in body_rows(response.content)] == ["Cole", "Dale", "Bell"]


def test_rounds_page_before_the_first_round(client):
    make_tournament(slug="soon")

    response = client.get(reverse("tournaments:rounds", args=["soon"]))

    assert response.status_code == 200
    assert "No round has been published yet." in response.content.decode()


@pytest.mark.parametrize("number", [3, 4])
def test_draft_or_missing_round_is_404(client, swiss, number):
    response = client.get(reverse("tournaments:round", args=["autumn", number]))

    assert response.status_code == 404


# --------------------------------------------------------------------------- phones, print, CSP


@pytest.mark.parametrize(
    "url",
    [
        LEADERBOARD,
        DISTRIBUTION,
        reverse("ratings:compare"),
        reverse("ratings:archive", args=["chess-standard"]),
    ],
)
def test_pages_load_the_page_styles_and_scripts_without_inline_code(client, url):
    html = client.get(url).content.decode()

    assert '<link rel="stylesheet" href="/static/css/pages.css">' in html
    assert '<script src="/static/js/charts.js" defer></script>' in html
    assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", html) == []
    assert re.findall(r"\son[a-z]+=", html) == []
    assert 'style="' not in html
