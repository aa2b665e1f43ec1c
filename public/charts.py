"""Server-rendered SVG charts: rating histories (one or several lines) and a histogram.

Pure module: standard library only. Every text that reaches the SVG is escaped here; callers
pass plain (already translated) strings. Each point is a ``<circle>`` carrying a ``<title>``
(date, rating and event), so the chart is readable without JavaScript; ``static/js/charts.js``
only turns those titles into hover/tap tooltips. No inline scripts or event handlers.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

__all__ = ["Bar", "Point", "Series", "histogram_svg", "history_svg"]

#: Line colours of the compare chart (up to five series), distinguishable in grey print too.
PALETTE = ("#1f5fa8", "#a8321f", "#1d7a3a", "#8a5a00", "#6a3d9a")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 4")

WIDTH = 720
HEIGHT = 280
MARGIN_LEFT = 52
MARGIN_RIGHT = 16
#: About half the width of a date label ("2026-03") in chart units.
LABEL_HALF_WIDTH = 28
MARGIN_TOP = 16
MARGIN_BOTTOM = 36


@dataclass(frozen=True)
class Point:
    """One point of a history: the day, the rating and what it is (the tooltip text)."""

    date: datetime.date
    rating: float
    label: str


@dataclass
class Series:
    """One line of a history chart."""

    name: str
    points: list[Point] = field(default_factory=list)


@dataclass(frozen=True)
class Bar:
    """One bar of a histogram: its axis label, its height and its tooltip."""

    label: str
    count: int
    title: str


def _nice_step(span: float, ticks: int = 5) -> int:
    """A round tick step (1, 2 or 5 × 10ⁿ, at least 10) giving about ``ticks`` ticks."""
    raw = max(span / ticks, 1)
    magnitude = 10 ** (len(str(int(raw))) - 1)
    for factor in (1, 2, 5, 10):
        if factor * magnitude >= raw:
            return max(10, factor * magnitude)
    return 10 * magnitude  # pragma: no cover - the loop always returns


def _fmt(value: float) -> str:
    """A coordinate with at most one decimal, no trailing zeros."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _months(first: datetime.date, last: datetime.date) -> list[datetime.date]:
    """The first days of the months from ``first`` (included when it is a 1st) to ``last``."""
    year, month = (first.year, first.month) if first.day == 1 else _next(first.year, first.month)
    days = []
    while year <= datetime.MAXYEAR and datetime.date(year, month, 1) <= last:
        days.append(datetime.date(year, month, 1))
        year, month = _next(year, month)
    return days


def _next(year: int, month: int) -> tuple[int, int]:
    return (year + 1, 1) if month == 12 else (year, month + 1)


def date_ticks(first: datetime.date, last: datetime.date) -> list[tuple[datetime.date, str]]:
    """Ticks of the date axis: every month ("2026-03") up to 8 months, every quarter up to
    three years, else every January ("2026"), thinned to at most 8 labels."""
    months = _months(first, last)
    if len(months) <= 8:
        return [(day, f"{day:%Y-%m}") for day in months]
    if len(months) <= 36:
        return [(day, f"{day:%Y-%m}") for day in months if day.month in (1, 4, 7, 10)]
    januaries = [day for day in months if day.month == 1]
    every = -(-len(januaries) // 8)
    return [(day, str(day.year)) for day in januaries[::every]]


def history_svg(series: Sequence[Series], *, title: str, empty_text: str) -> str:
    """A line chart of one or several rating histories on a shared date and rating axis.

    Returns an ``<svg>`` element (a string). With no point at all, a small SVG with
    ``empty_text``. The y axis spans the ratings rounded out to the tick step; the x axis
    spans the first to the last date (a single day is widened by 30 days either side, within
    the calendar).
    """
    points = [point for line in series for point in line.points]
    head = (
        f'<svg class="chart history-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label={quoteattr(title)} xmlns="http://www.w3.org/2000/svg">'
        f"<title>{escape(title)}</title>"
    )
    if not points:
        return (
            f'{head}<text x="{WIDTH // 2}" y="{HEIGHT // 2}" text-anchor="middle" '
            f'class="chart-empty">{escape(empty_text)}</text></svg>'
        )
    low, high = min(p.rating for p in points), max(p.rating for p in points)
    step = _nice_step(high - low)
    y_min = int(low // step) * step
    y_max = int(-(-high // step)) * step
    if y_max == y_min:
        y_max += step
    first = min(p.date for p in points).toordinal()
    last = max(p.date for p in points).toordinal()
    if first == last:  # widened within the calendar (a day may be 9999-12-31)
        first = max(first - 30, datetime.date.min.toordinal())
        last = min(last + 30, datetime.date.max.toordinal())
    plot_w = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    plot_h = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM

    def x(day: datetime.date) -> float:
        return MARGIN_LEFT + (day.toordinal() - first) / (last - first) * plot_w

    def y(rating: float) -> float:
        return MARGIN_TOP + (y_max - rating) / (y_max - y_min) * plot_h

    parts = [head, '<g class="axis">']
    for tick in range(y_min, y_max + 1, step):
        parts.append(
            f'<line x1="{MARGIN_LEFT}" x2="{WIDTH - MARGIN_RIGHT}" y1="{_fmt(y(tick))}" '
            f'y2="{_fmt(y(tick))}" class="grid"/>'
            f'<text x="{MARGIN_LEFT - 6}" y="{_fmt(y(tick) + 4)}" text-anchor="end">{tick}</text>'
        )
    for day, label in date_ticks(datetime.date.fromordinal(first), datetime.date.fromordinal(last)):
        tick_x = _fmt(x(day))
        # A label centred near the right edge would be cut off: end it at the tick instead.
        anchor = "end" if x(day) > WIDTH - MARGIN_RIGHT - LABEL_HALF_WIDTH else "middle"
        parts.append(
            f'<line x1="{tick_x}" x2="{tick_x}" y1="{MARGIN_TOP}" y2="{HEIGHT - MARGIN_BOTTOM}" '
            f'class="grid"/><text x="{tick_x}" y="{HEIGHT - MARGIN_BOTTOM + 16}" '
            f'text-anchor="{anchor}">{label}</text>'
        )
    parts.append("</g>")
    for index, line in enumerate(series):
        if not line.points:
            continue
        colour = PALETTE[index % len(PALETTE)]
        dash = DASHES[index % len(DASHES)]
        ordered = sorted(line.points, key=lambda p: p.date)
        coords = " ".join(f"{_fmt(x(p.date))},{_fmt(y(p.rating))}" for p in ordered)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<g class="series" data-series={quoteattr(line.name)}>'
            f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2"'
            f"{dash_attr}/>"
        )
        for point in ordered:
            parts.append(
                f'<circle class="point" cx="{_fmt(x(point.date))}" cy="{_fmt(y(point.rating))}" '
                f'r="4" fill="{colour}" tabindex="0"><title>{escape(point.label)}</title></circle>'
            )
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def histogram_svg(bars: Sequence[Bar], *, title: str, empty_text: str) -> str:
    """A vertical bar chart, one bar per entry, each carrying its ``<title>`` tooltip."""
    head = (
        f'<svg class="chart histogram" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label={quoteattr(title)} xmlns="http://www.w3.org/2000/svg">'
        f"<title>{escape(title)}</title>"
    )
    if not bars:
        return (
            f'{head}<text x="{WIDTH // 2}" y="{HEIGHT // 2}" text-anchor="middle" '
            f'class="chart-empty">{escape(empty_text)}</text></svg>'
        )
    top = max(bar.count for bar in bars)
    step = _nice_step(top) if top > 10 else (1 if top <= 5 else 2)
    y_max = int(-(-top // step)) * step or step
    plot_w = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    plot_h = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
    slot = plot_w / len(bars)
    label_every = max(1, -(-len(bars) // 12))
    parts = [head, '<g class="axis">']
    for tick in range(0, y_max + 1, step):
        tick_y = _fmt(MARGIN_TOP + (y_max - tick) / y_max * plot_h)
        parts.append(
            f'<line x1="{MARGIN_LEFT}" x2="{WIDTH - MARGIN_RIGHT}" y1="{tick_y}" y2="{tick_y}" '
            f'class="grid"/><text x="{MARGIN_LEFT - 6}" y="{tick_y}" dy="4" '
            f'text-anchor="end">{tick}</text>'
        )
    parts.append("</g>")
    for index, bar in enumerate(bars):
        height = bar.count / y_max * plot_h
        left = MARGIN_LEFT + index * slot
        bar_top = _fmt(MARGIN_TOP + plot_h - height)
        parts.append(
            f'<rect class="bar point" x="{_fmt(left + 1)}" y="{bar_top}" '
            f'width="{_fmt(max(slot - 2, 1))}" height="{_fmt(height)}" tabindex="0">'
            f"<title>{escape(bar.title)}</title></rect>"
        )
        if index % label_every == 0:
            parts.append(
                f'<text class="axis-label" x="{_fmt(left + slot / 2)}" '
                f'y="{HEIGHT - MARGIN_BOTTOM + 16}" text-anchor="middle">{escape(bar.label)}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)
