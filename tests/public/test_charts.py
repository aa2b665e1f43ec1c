"""The pure SVG chart module: escaping, axes, points with tooltips."""

import datetime
import re

from public import charts


def day(text: str) -> datetime.date:
    return datetime.date.fromisoformat(text)


def test_history_points_carry_escaped_titles_in_date_order():
    series = charts.Series(
        "A & B",
        [
            charts.Point(day("2026-03-01"), 1550, "2026-03-01: <live> 1550"),
            charts.Point(day("2026-01-01"), 1500, '2026-01-01: list 1500 — Cup "X"'),
        ],
    )

    svg = charts.history_svg([series], title="History <1>", empty_text="none")

    assert svg.startswith('<svg class="chart history-chart" viewBox="0 0 720 280" role="img" ')
    assert 'aria-label="History &lt;1&gt;"' in svg
    assert 'data-series="A &amp; B"' in svg
    assert re.findall(r"<title>([^<]*)</title></circle>", svg) == [
        '2026-01-01: list 1500 — Cup "X"',
        "2026-03-01: &lt;live&gt; 1550",
    ]
    # y axis: 1500 to 1550 rounded out to the 10-point step; x from the first to last date.
    assert re.findall(r'text-anchor="end">(\d+)</text>', svg) == [
        "1500",
        "1510",
        "1520",
        "1530",
        "1540",
        "1550",
    ]
    assert re.findall(r'<circle class="point" cx="([\d.]+)" cy="([\d.]+)"', svg) == [
        ("52", "244"),
        ("704", "16"),
    ]


def test_history_of_nothing_says_so():
    svg = charts.history_svg([charts.Series("x")], title="t", empty_text="No rating yet.")

    assert svg.endswith('class="chart-empty">No rating yet.</text></svg>')
    assert "<circle" not in svg


def test_a_single_point_sits_in_the_middle():
    series = charts.Series("x", [charts.Point(day("2026-05-10"), 1234, "one")])

    svg = charts.history_svg([series], title="t", empty_text="e")

    assert re.findall(r'<circle class="point" cx="([\d.]+)"', svg) == ["378"]


def test_date_ticks_months_quarters_then_years():
    assert charts.date_ticks(day("2026-01-15"), day("2026-04-01")) == [
        (day("2026-02-01"), "2026-02"),
        (day("2026-03-01"), "2026-03"),
        (day("2026-04-01"), "2026-04"),
    ]
    assert [label for _day, label in charts.date_ticks(day("2025-01-01"), day("2026-06-30"))] == [
        "2025-01",
        "2025-04",
        "2025-07",
        "2025-10",
        "2026-01",
        "2026-04",
    ]
    assert [label for _day, label in charts.date_ticks(day("2000-03-01"), day("2026-03-01"))] == [
        "2001",
        "2005",
        "2009",
        "2013",
        "2017",
        "2021",
        "2025",
    ]


def test_compare_lines_get_distinct_colours_and_dashes():
    lines = [
        charts.Series(f"P{n}", [charts.Point(day("2026-01-01"), 1500 + n, f"p{n}")])
        for n in range(5)
    ]

    svg = charts.history_svg(lines, title="t", empty_text="e")

    assert re.findall(r'stroke="(#[0-9a-f]{6})"', svg) == list(charts.PALETTE)
    assert re.findall(r'stroke-dasharray="([^"]*)"', svg) == list(charts.DASHES[1:])


def test_histogram_bars_scale_to_the_tallest():
    bars = [charts.Bar("1400", 2, "two"), charts.Bar("1500", 4, "four & more")]

    svg = charts.histogram_svg(bars, title="t", empty_text="e")

    assert re.findall(r'height="([\d.]+)" tabindex="0"><title>([^<]*)</title>', svg) == [
        ("114", "two"),
        ("228", "four &amp; more"),
    ]
    assert re.findall(r'class="axis-label"[^>]*>([^<]*)</text>', svg) == ["1400", "1500"]


def test_a_date_label_at_the_right_edge_ends_at_its_tick():
    series = charts.Series(
        "A",
        [
            charts.Point(day("2026-01-01"), 1500, "2026-01-01: 1500"),
            charts.Point(day("2026-03-01"), 1550, "2026-03-01: 1550"),
        ],
    )

    svg = charts.history_svg([series], title="History", empty_text="none")

    assert re.findall(r'text-anchor="(\w+)">(\d{4}-\d\d)</text>', svg) == [
        ("middle", "2026-01"),
        ("middle", "2026-02"),
        ("end", "2026-03"),
    ]
