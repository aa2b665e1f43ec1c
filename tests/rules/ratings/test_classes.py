"""Tests of rules.ratings.classes: titles, class ladders, tournament categories.

Pure tests: no database, no Django.
"""

from __future__ import annotations

import pytest

from rules.ratings import classes

# --------------------------------------------------------------------------- titles


@pytest.mark.parametrize(
    ("rating", "women", "expected"),
    [
        (2800, False, "GM"),
        (2500, False, "GM"),
        (2499, False, "IM"),
        (2400, False, "IM"),
        (2399, False, "FM"),
        (2300, False, "FM"),
        (2299, False, "CM"),
        (2200, False, "CM"),
        (2199, False, None),
        (2600, True, "WGM"),
        (2300, True, "WGM"),
        (2299, True, "WIM"),
        (2200, True, "WIM"),
        (2199, True, "WFM"),
        (2100, True, "WFM"),
        (2099, True, "WCM"),
        (2000, True, "WCM"),
        (1999, True, None),
    ],
)
def test_best_title(rating: int, women: bool, expected: str | None) -> None:
    assert classes.best_title(rating, women=women) == expected


def test_title_thresholds() -> None:
    thresholds = {t.code: t.rating for t in classes.OPEN_TITLES + classes.WOMEN_TITLES}
    assert thresholds == {
        "GM": 2500,
        "IM": 2400,
        "FM": 2300,
        "CM": 2200,
        "WGM": 2300,
        "WIM": 2200,
        "WFM": 2100,
        "WCM": 2000,
    }


@pytest.mark.parametrize(
    ("rating", "women", "expected"),
    [
        (2350, True, ("WGM", "FM", "WIM", "CM", "WFM", "WCM")),
        (2350, False, ("FM", "CM")),
        (2450, False, ("IM", "FM", "CM")),
        (2150, True, ("WFM", "WCM")),
        (1999, True, ()),
    ],
)
def test_titles_for_rating(rating: int, women: bool, expected: tuple[str, ...]) -> None:
    found = classes.titles_for_rating(rating, women=women)
    assert tuple(title.code for title in found) == expected


def test_norm_titles() -> None:
    needs_norms = {t.code for t in classes.OPEN_TITLES + classes.WOMEN_TITLES if t.needs_norms}
    assert needs_norms == {"GM", "IM", "WGM", "WIM"}


# --------------------------------------------------------------------------- Elo classes


@pytest.mark.parametrize(
    ("rating", "expected"),
    [
        (2850, "contender"),
        (2600, "contender"),
        (2599, "gm-im"),
        (2400, "gm-im"),
        (2399, "master"),
        (2200, "master"),
        (2199, "expert"),
        (2000, "expert"),
        (1999, "A"),
        (1800, "A"),
        (1799, "B"),
        (1600, "B"),
        (1599, "C"),
        (1400, "C"),
        (1399, "D"),
        (1200, "D"),
        (1199, "novice"),
        (100, "novice"),
    ],
)
def test_elo_classes(rating: int, expected: str) -> None:
    assert classes.rating_class(rating, classes.ELO_CLASSES).code == expected


# --------------------------------------------------------------------------- national ladder


@pytest.mark.parametrize(
    ("rating", "expected"),
    [
        (2850, "elite"),
        (2700, "elite"),
        (2699, "gm"),
        (2500, "gm"),
        (2499, "senior-master"),
        (2400, "senior-master"),
        (2399, "master"),
        (2200, "master"),
        (2199, "expert"),
        (2000, "expert"),
        (1999, "A"),
        (1800, "A"),
        (1799, "B"),
        (1600, "B"),
        (1599, "C"),
        (1400, "C"),
        (1399, "D"),
        (1200, "D"),
        (1199, "E"),
        (1000, "E"),
        (999, "novice"),
        (0, "novice"),
    ],
)
def test_national_classes(rating: int, expected: str) -> None:
    assert classes.rating_class(rating).code == expected


def test_national_ladder_is_ordered() -> None:
    minimums = [c.minimum for c in classes.NATIONAL_CLASSES]
    assert minimums == [2700, 2500, 2400, 2200, 2000, 1800, 1600, 1400, 1200, 1000, None]


@pytest.mark.parametrize(
    ("rating", "current", "target", "points"),
    [
        (1785, "B", "A", 15),
        (1800, "A", "expert", 200),
        (999, "novice", "E", 1),
        (0, "novice", "E", 1000),
        (2650, "gm", "elite", 50),
        (2499, "senior-master", "gm", 1),
    ],
)
def test_next_class(rating: int, current: str, target: str, points: int) -> None:
    found = classes.next_class(rating)
    assert found is not None
    assert (found.current.code, found.target.code, found.points) == (current, target, points)


def test_next_class_on_the_elo_scale() -> None:
    found = classes.next_class(1100, classes.ELO_CLASSES)
    assert found is not None
    assert (found.target.code, found.points) == ("D", 100)


@pytest.mark.parametrize("ladder", [classes.NATIONAL_CLASSES, classes.ELO_CLASSES])
def test_no_next_class_at_the_top(ladder: tuple[classes.RatingClass, ...]) -> None:
    assert classes.next_class(2900, ladder) is None


# --------------------------------------------------------------------------- categories


@pytest.mark.parametrize(
    ("average", "women", "expected"),
    [
        pytest.param(2250, False, None, id="2250 below cat 1"),
        pytest.param(2251, False, 1, id="2251 cat 1"),
        pytest.param(2275, False, 1, id="2275 cat 1"),
        pytest.param(2276, False, 2, id="2276 cat 2"),
        pytest.param(2300, False, 2, id="2300 cat 2"),
        pytest.param(2676, False, 18, id="2676 cat 18"),
        pytest.param(2700, False, 18, id="2700 cat 18"),
        pytest.param(2701, False, 19, id="2701 cat 19"),
        pytest.param(2801, False, 23, id="2801 cat 23"),
        pytest.param(2825, False, 23, id="2825 cat 23"),
        pytest.param(1800, False, None, id="1800 none"),
        pytest.param(2050, True, None, id="women 2050 below cat 1"),
        pytest.param(2051, True, 1, id="women 2051 cat 1"),
        pytest.param(2075, True, 1, id="women 2075 cat 1"),
        pytest.param(2076, True, 2, id="women 2076 cat 2"),
        pytest.param(2500, True, 18, id="women 2500 cat 18"),
    ],
)
def test_tournament_category(average: int, women: bool, expected: int | None) -> None:
    assert classes.tournament_category(average, women=women) == expected


@pytest.mark.parametrize(
    ("category", "women", "expected"),
    [
        (1, False, (2251, 2275)),
        (2, False, (2276, 2300)),
        (18, False, (2676, 2700)),
        (23, False, (2801, 2825)),
        (1, True, (2051, 2075)),
    ],
)
def test_category_range(category: int, women: bool, expected: tuple[int, int]) -> None:
    assert classes.category_range(category, women=women) == expected


@pytest.mark.parametrize("category", range(1, 30))
def test_category_range_round_trips(category: int) -> None:
    low, high = classes.category_range(category)
    assert classes.tournament_category(low) == category
    assert classes.tournament_category(high) == category
