"""Who may enter a section, which sections are suggested, and the fee with its discount."""

from decimal import Decimal

from rules.eligibility import (
    AGE_UNKNOWN,
    NEEDS_RATING,
    NEEDS_UNRATED,
    RATING_ABOVE,
    RATING_BELOW,
    TOO_OLD,
    TOO_YOUNG,
    UNRATED_IN_BAND,
    WRONG_SEX,
    Discount,
    Facts,
    Fee,
    Refusal,
    Restrictions,
    fee,
    fide_age,
    refusals,
    suggest,
)

YEAR = 2026


def test_fide_age_is_the_event_year_minus_the_birth_year():
    assert fide_age(2026, 2014) == 12
    assert fide_age(2026, None) is None


def test_u12_takes_those_under_12_on_1_january():
    u12 = Restrictions(age_max=12)
    assert refusals(u12, Facts("m", birth_year=2015), YEAR) == []
    assert refusals(u12, Facts("m", birth_year=2014), YEAR) == [Refusal(TOO_OLD, 12)]
    assert refusals(u12, Facts("m"), YEAR) == [Refusal(AGE_UNKNOWN)]


def test_seniors_from_65():
    seniors = Restrictions(age_min=65)
    assert refusals(seniors, Facts("f", birth_year=1961), YEAR) == []
    assert refusals(seniors, Facts("f", birth_year=1962), YEAR) == [Refusal(TOO_YOUNG, 65)]


def test_rating_band_includes_its_bounds_and_excludes_the_unrated():
    band = Restrictions(rating_min=1600, rating_max=1999)
    assert refusals(band, Facts("m", rating=1600), YEAR) == []
    assert refusals(band, Facts("m", rating=1999), YEAR) == []
    assert refusals(band, Facts("m", rating=1599), YEAR) == [Refusal(RATING_BELOW, 1600)]
    assert refusals(band, Facts("m", rating=2000), YEAR) == [Refusal(RATING_ABOVE, 1999)]
    assert refusals(band, Facts("m"), YEAR) == [Refusal(UNRATED_IN_BAND)]
    assert refusals(Restrictions(), Facts("m"), YEAR) == []


def test_rated_unrated_and_sex():
    assert refusals(Restrictions(rated="rated"), Facts("m"), YEAR) == [Refusal(NEEDS_RATING)]
    assert refusals(Restrictions(rated="unrated"), Facts("m", rating=1500), YEAR) == [
        Refusal(NEEDS_UNRATED)
    ]
    assert refusals(Restrictions(sex="f"), Facts("m"), YEAR) == [Refusal(WRONG_SEX, "f")]
    everything = Restrictions(rating_max=1200, age_max=10, sex="f")
    assert refusals(everything, Facts("m", birth_year=2010, rating=1300), YEAR) == [
        Refusal(RATING_ABOVE, 1200),
        Refusal(TOO_OLD, 10),
        Refusal(WRONG_SEX, "f"),
    ]


def test_suggest_puts_the_most_specific_fitting_section_first():
    sections = [
        ("open", Restrictions(), 1450),
        ("u1600", Restrictions(rating_max=1599), 1450),
        ("u12", Restrictions(age_max=12), 1450),
        ("u12 girls", Restrictions(age_max=12, sex="f"), 1450),
        ("blitz rated", Restrictions(rated="rated"), None),
    ]
    girl = Facts("f", birth_year=2016)
    assert suggest(sections, girl, YEAR) == ["u12 girls", "u1600", "u12", "open"]
    boy = Facts("m", birth_year=2000)
    assert suggest(sections, boy, YEAR) == ["u1600", "open"]


DISCOUNTS = [
    Discount("junior", 50, age=18),
    Discount("senior", 30, age=65),
    Discount("women", 20),
    Discount("titled", 100),
    Discount("club", 25),
]


def test_fee_takes_the_largest_discount_that_applies():
    full = Decimal("30.00")
    assert fee(full, DISCOUNTS, Facts("m", birth_year=1990), YEAR, 7) == Fee(Decimal("30.00"))
    assert fee(full, DISCOUNTS, Facts("f", birth_year=2010), YEAR, 7) == Fee(
        Decimal("15.00"), "junior", 50
    )
    assert fee(full, DISCOUNTS, Facts("f", birth_year=2008), YEAR, 7) == Fee(
        Decimal("24.00"), "women", 20
    )
    assert fee(full, DISCOUNTS, Facts("m", birth_year=1961), YEAR, 7) == Fee(
        Decimal("21.00"), "senior", 30
    )
    assert fee(full, DISCOUNTS, Facts("m", title="FM"), YEAR, 7) == Fee(
        Decimal("0.00"), "titled", 100
    )
    assert fee(full, DISCOUNTS, Facts("m", club_id=7), YEAR, 7) == Fee(Decimal("22.50"), "club", 25)
    assert fee(full, DISCOUNTS, Facts("m", club_id=7), YEAR, None) == Fee(Decimal("30.00"))


def test_fee_rounds_to_the_cent_halves_up():
    assert fee(Decimal("12.25"), [Discount("women", 10)], Facts("f"), YEAR) == Fee(
        Decimal("11.03"), "women", 10
    )
