"""How points are written: whole and half points as score sheets write them."""

from fractions import Fraction

from rules.standings import half_points


def test_whole_and_half_points_are_written_as_score_sheets_write_them():
    values = [Fraction(0), Fraction(1, 2), Fraction(3), Fraction(5, 2), Fraction(13, 2)]

    assert [half_points(v) for v in values] == ["0", "½", "3", "2½", "6½"]


def test_other_fractions_are_left_to_the_decimal_writer():
    assert [half_points(Fraction(9, 4)), half_points(Fraction(1, 3))] == [None, None]
