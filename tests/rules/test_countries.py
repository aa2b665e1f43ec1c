"""FIDE federation codes to ISO 3166-1 alpha-2, as the EGD and FESA files want them."""

import pytest

from rules.countries import FIDE_TO_ISO2, iso2


@pytest.mark.parametrize(
    ("federation", "expected"),
    [("GER", "DE"), ("SUI", "CH"), ("RSA", "ZA"), ("CRO", "HR"), ("fr", "FR"), ("", None),
     ("KOS", None), ("XYZ", None), ("ABCD", None)],
)  # fmt: skip
def test_iso2_maps_fide_codes_and_keeps_two_letter_codes(federation, expected):
    assert iso2(federation) == expected


def test_every_code_of_the_table_is_two_capital_letters():
    assert [code for code in FIDE_TO_ISO2.values() if not (len(code) == 2 and code.isupper())] == []
    assert [fed for fed in FIDE_TO_ISO2 if not (len(fed) == 3 and fed.isupper())] == []
