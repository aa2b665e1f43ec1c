"""The new public pages in a real Chromium: the player's rating chart and its tooltips, the
compare page, the FIDE calculator, the top lists and the distribution, phones, Russian.

The data is the fixed ``site`` (see ``data.py``): Carlsen's history has three points (the
lists of 1 January and 1 February 2026 and his live rating), Ivanova's two. Every wait is on
a selector, an address or an ``expect`` (which retries until its timeout); nothing sleeps.
"""

from __future__ import annotations

from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, assert_no_horizontal_scroll, table_rows

LEADERBOARD = reverse("ratings:leaderboard", args=["chess-standard"])
DISTRIBUTION = reverse("ratings:distribution", args=["chess-standard"])
COMPARE = reverse("ratings:compare")
FIDE_CALCULATOR = reverse("ratings:calculator_fide")

CARLSEN_POINTS = [
    "2026-01-01: list rating 2815",
    "2026-02-01: list rating 2830 — New Year Open",
    "2026-03-01: live rating 2830.4 — Winter Cup",
]


def fill_fide_calculator(page, *, rating, k, opponents, results) -> None:
    page.fill("#id_rating", rating)
    page.fill("#id_k", k)
    page.fill("#id_opponents", opponents)
    page.fill("#id_results", results)
    page.locator("form.calculator button[type=submit]").click()


def series_colours(page) -> dict[str, str]:
    """The compare chart's line colour per player (``#rrggbb``)."""
    lines = page.locator("svg.history-chart g.series")
    return {
        lines.nth(i).get_attribute("data-series"): lines.nth(i)
        .locator("polyline")
        .get_attribute("stroke")
        for i in range(lines.count())
    }


def legend_colours(page) -> dict[str, str]:
    """The compare legend's swatch colour per player (``#rrggbb``, from the computed style)."""
    pairs = page.locator("ul.legend-list li").evaluate_all(
        """items => items.map(item => [
            item.querySelector('a').innerText.trim(),
            getComputedStyle(item.querySelector('.swatch')).backgroundColor,
        ])"""
    )
    return {
        name: "#" + "".join(f"{int(n):02x}" for n in rgb[4:-1].split(",")) for name, rgb in pairs
    }


def test_player_chart_has_a_point_per_history_entry_with_tooltips(site, page_at, screenshot):
    """Three history points → three circles; hover, keyboard focus and a tap each show the
    point's date, rating and event in the tooltip box."""
    page = page_at(site.players["carlsen"].get_absolute_url())
    points = page.locator("svg.history-chart circle.point")
    tooltip = page.locator(".chart-tooltip")

    expect(points).to_have_count(3)
    assert points.locator("title").all_text_contents() == CARLSEN_POINTS
    expect(tooltip).to_be_hidden()

    points.nth(1).hover()
    expect(tooltip).to_be_visible()
    expect(tooltip).to_have_text(CARLSEN_POINTS[1])
    expect(points.nth(1)).to_have_class("point active")
    screenshot(page, "player-chart-tooltip")

    page.mouse.move(0, 0)
    expect(tooltip).to_be_hidden()
    expect(points.nth(1)).to_have_class("point")

    points.nth(2).focus()
    expect(tooltip).to_be_visible()
    expect(tooltip).to_have_text(CARLSEN_POINTS[2])

    # A phone has no hover: a tap shows the tooltip, kept inside the 375-pixel screen.
    phone = page_at(site.players["carlsen"].get_absolute_url(), viewport=PHONE, touch=True)
    phone_points = phone.locator("svg.history-chart circle.point")
    phone_tooltip = phone.locator(".chart-tooltip")
    phone_points.nth(2).scroll_into_view_if_needed()
    phone_points.nth(2).tap()
    expect(phone_tooltip).to_have_text(CARLSEN_POINTS[2])
    box = phone_tooltip.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert_no_horizontal_scroll(phone)
    screenshot(phone, "phone-player-chart-tap")


def test_compare_overlays_players_adds_one_with_the_picker_and_stops_at_five(
    site, page_at, screenshot
):
    players = site.players
    carlsen, ivanova = players["carlsen"], players["ivanova"]
    page = page_at(f"{COMPARE}?p={carlsen.pk}&p={ivanova.pk}")
    chart = page.locator("svg.history-chart")

    series = chart.locator("g.series")
    expect(series).to_have_count(2)
    assert [series.nth(i).get_attribute("data-series") for i in range(2)] == [
        "Carlsen, Magnus",
        "Ivanova, Olga",
    ]
    assert [series.nth(i).locator("circle.point").count() for i in range(2)] == [3, 2]
    assert series.nth(0).locator("title").all_text_contents() == [
        f"Carlsen, Magnus, {text}" for text in CARLSEN_POINTS
    ]
    assert series.nth(1).locator("title").all_text_contents() == [
        "Ivanova, Olga, 2026-01-01: list rating 2090",
        "Ivanova, Olga, 2026-02-01: list rating 2106",
    ]
    # Each line has its own colour; the legend names the players in the same order.
    colours = [series.nth(i).locator("polyline").get_attribute("stroke") for i in range(2)]
    assert len(set(colours)) == 2
    assert page.locator("ul.legend-list li").all_inner_texts() == [
        "Carlsen, Magnus",
        "Ivanova, Olga",
    ]

    # The picker: search a name, then follow its "Add …" link.
    page.fill("#compare-q", "Smi")
    page.locator("form.filters button[type=submit]").click()
    add_smith = page.get_by_role("link", name="Add Smith, Anna")
    expect(add_smith).to_be_visible()
    add_smith.click()
    page.wait_for_url(f"**p={players['smith'].pk}**")
    expect(series).to_have_count(3)
    assert series.nth(2).get_attribute("data-series") == "Smith, Anna"
    assert series.nth(2).locator("title").all_text_contents() == [
        "Smith, Anna, 2026-03-01: live rating 1850.25"
    ]
    assert page.locator("ul.legend-list li").all_inner_texts() == [
        "Carlsen, Magnus",
        "Ivanova, Olga",
        "Smith, Anna",
    ]
    assert page.locator("p.error").count() == 0
    assert legend_colours(page) == series_colours(page)
    screenshot(page, "compare-three")

    # Six players: a clear message, the first five drawn and no search field left.
    six = [*players.values(), site.go_players["honinbo"]]
    page = page_at(COMPARE + "?" + "&".join(f"p={player.pk}" for player in six))
    expect(page.locator("p.error")).to_have_text(
        "Compare at most 5 players; the first 5 are shown."
    )
    # Jones and Brown have no rating in the list: named in the legend, with a note, no line.
    assert page.locator("ul.legend-list li").all_inner_texts() == [
        "Carlsen, Magnus",
        "Smith, Anna",
        "Jones, Bob (no rating in this list)",
        "Brown, Cara (no rating in this list)",
        "Ivanova, Olga",
    ]
    # Jones and Brown have no history in the list (no published rating, no game): no line.
    lines = page.locator("svg.history-chart g.series")
    expect(lines).to_have_count(3)
    assert [lines.nth(i).get_attribute("data-series") for i in range(3)] == [
        "Carlsen, Magnus",
        "Smith, Anna",
        "Ivanova, Olga",
    ]
    assert legend_colours(page) == {
        **series_colours(page),
        "Jones, Bob": "#1d7a3a",
        "Brown, Cara": "#8a5a00",
    }
    expect(page.locator("#compare-q")).to_have_count(0)


def test_fide_calculator_gives_the_published_change_and_explains_errors(site, page_at, screenshot):
    """1500, K 40: a win against 1900 (D −400, PD .08 in FIDE's table 8.1.2: +0.92) and a
    draw against 1600 (D −100, PD .36: +0.14) make 40 × 1.06 = +42.40, rounded +42: 1542."""
    page = page_at(FIDE_CALCULATOR)
    fill_fide_calculator(page, rating="1500", k="40", opponents="1900 1600", results="1 ½")
    page.wait_for_url("**rating=1500**")

    result = page.locator("section.calculator-result")
    expect(result.locator(".result-rating")).to_have_text("1542")
    assert result.locator(".result-change").inner_text() == "42.40 → +42"
    assert result.locator(".result-score").inner_text() == "1.5"
    assert result.locator(".result-expected").inner_text() == "0.44"
    # Per game: opponent, rating used, difference, expected, score, score − expected, K, change.
    assert [row[1:] for row in table_rows(page)] == [
        ["1900", "1900", "-400", "0.08", "1.0", "+0.92", "40", "+36.80"],
        ["1600", "1600", "-100", "0.36", "0.5", "+0.14", "40", "+5.60"],
    ]
    screenshot(page, "calculator-fide")

    # A bad opponent's rating: the explanation next to that field, no result.
    fill_fide_calculator(page, rating="1500", k="40", opponents="1900 abc", results="1 ½")
    page.wait_for_url("**abc**")
    field = page.locator(".field-opponents")
    expect(field.locator(".field-errors")).to_have_text("Entry 2 (“abc”) is not a whole number.")
    expect(field.locator("textarea")).to_have_attribute("aria-invalid", "true")
    assert page.locator(".field-errors").count() == 1
    assert page.locator("section.calculator-result").count() == 0

    # No K and nothing to derive it from: the error sits under K.
    page.fill("#id_opponents", "1900 1600")
    page.fill("#id_k", "")
    page.locator("form.calculator button[type=submit]").click()
    page.wait_for_url(lambda url: "k=&" in url and "abc" not in url)
    expect(page.locator(".field-k .field-errors")).to_have_text(
        "Enter K, or the rated games so far so that K can be derived."
    )
    assert page.locator("section.calculator-result").count() == 0


def test_top_list_tabs_change_the_rows_and_the_distribution_draws_its_bars(
    site, page_at, screenshot
):
    page = page_at(LEADERBOARD)
    tabs = page.locator("nav.top-lists")

    tabs.get_by_role("link", name="Juniors (under 20)").click()
    page.wait_for_url("**category=juniors**")
    expect(tabs.locator("[aria-current=page]")).to_have_text("Juniors (under 20)")
    assert table_rows(page, 2) == [["1", "Ivanova, Olga"], ["2", "Jones, Bob"]]

    tabs.get_by_role("link", name="Women").click()
    page.wait_for_url("**category=women**")
    assert table_rows(page, 2) == [
        ["1", "Ivanova, Olga"],
        ["2", "Smith, Anna"],
        ["3", "Brown, Cara"],
    ]

    tabs.get_by_role("link", name="Seniors 50+").click()
    page.wait_for_url("**category=seniors50**")
    assert table_rows(page, 2) == [["1", "Brown, Cara"]]

    tabs.get_by_role("link", name="Open").click()
    page.wait_for_url(lambda url: "category" not in url)
    assert [row[1] for row in table_rows(page, 2)] == [
        "Carlsen, Magnus",
        "Ivanova, Olga",
        "Smith, Anna",
        "Jones, Bob",
        "Brown, Cara",
    ]

    # The distribution: one bar per 100-point band from 1600 to 2800 (rounded live ratings
    # 1612, 1790, 1850, 2106, 2831), the empty bands drawn flat.
    page.locator("nav.tabs").get_by_role("link", name="Distribution").click()
    page.wait_for_url(f"**{DISTRIBUTION}")
    bars = page.locator("svg.histogram rect.bar")
    expect(bars).to_have_count(13)
    players_per_band = {1600: 1, 1700: 1, 1800: 1, 2100: 1, 2800: 1}
    expected_titles = []
    for low in range(1600, 2900, 100):
        count = players_per_band.get(low, 0)
        expected_titles.append(f"{low}–{low + 99}: {count} player{'' if count == 1 else 's'}")
    assert bars.locator("title").all_text_contents() == expected_titles
    heights = [round(bars.nth(i).bounding_box()["height"]) for i in range(13)]
    drawn = [height > 0 for height in heights]
    assert drawn == [low in players_per_band for low in range(1600, 2900, 100)]
    assert len({height for height in heights if height}) == 1  # one player each: equal bars
    screenshot(page, "distribution")


def test_new_pages_fit_a_phone_without_horizontal_scrolling(site, page_at, screenshot):
    """Each new page at 375×667: the document is exactly as wide as the screen."""
    carlsen, ivanova = site.players["carlsen"], site.players["ivanova"]
    pages = {
        "top-list-juniors": f"{LEADERBOARD}?category=juniors",
        "distribution": DISTRIBUTION,
        "player-chart": carlsen.get_absolute_url(),
        "compare": f"{COMPARE}?p={carlsen.pk}&p={ivanova.pk}",
        "calculator-fide": (
            f"{FIDE_CALCULATOR}?rating=1500&k=40&opponents=1900+1600&results=1+0.5"
        ),
        "expected-score": reverse("ratings:reference_expected_score"),
        "round": reverse("tournaments:round", args=["club-open", 1]),
        "go-leaderboard": reverse("ratings:leaderboard", args=["go-egf"]),
    }
    # What must be on each page (so a broken page cannot pass by being empty).
    content = {
        "top-list-juniors": "table.table tbody tr",
        "distribution": "svg.histogram rect.bar",
        "player-chart": "svg.history-chart circle.point",
        "compare": "svg.history-chart g.series",
        "calculator-fide": ".result-rating",
        "expected-score": "table.table tbody tr",
        "round": "table.table tbody tr",
        "go-leaderboard": "table.table tbody tr",
    }
    widths = {}
    for name, url in pages.items():
        page = page_at(url, viewport=PHONE)
        expect(page.locator(content[name]).first).to_be_visible()
        widths[name] = page.evaluate(
            "() => [document.documentElement.scrollWidth, window.innerWidth]"
        )
        screenshot(page, f"phone-{name}")
        if name == "go-leaderboard":
            assert table_rows(page, 3) == [
                ["1", "Honinbo, Ann", "1d"],
                ["2", "Kisei, Ben", "1d"],
            ]

    assert widths == {name: [PHONE["width"], PHONE["width"]] for name in pages}


def test_language_switch_on_the_calculator_shows_russian_labels(site, page_at):
    url = f"{FIDE_CALCULATOR}?rating=1500&k=40&opponents=1900+1600&results=1+0.5"
    page = page_at(url)
    assert page.locator("label[for=id_rating]").inner_text() == "Rating:"

    page.select_option("#language-select", "ru")
    page.locator("form.language button").click()
    expect(page.locator("html")).to_have_attribute("lang", "ru")

    assert page.url.endswith(url)  # back on the same calculation
    assert page.locator("label[for=id_rating]").inner_text() == "Рейтинг:"
    assert page.locator("form.calculator .filter-actions a").inner_text() == "Сбросить"
    result = page.locator("section.calculator-result")
    assert result.locator("h2").inner_text() == "Результат"
    # (text_content: the terms are upper-cased by the style sheet only)
    terms = result.locator("dt").all_text_contents()
    assert terms[1:3] == ["Партии", "Очки"]
    assert terms[4] == "Изменение"
    # Russian numbers: decimal commas.
    assert result.locator(".result-change").inner_text() == "42,40 → +42"
    assert result.locator(".result-score").inner_text() == "1,5"
    assert result.locator(".result-rating").inner_text() == "1542"
