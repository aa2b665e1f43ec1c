"""The throttle's look without taking (``exhausted``): for limits on failures only."""

from __future__ import annotations

import pytest

from core import throttle
from core.models import ThrottleHit

pytestmark = pytest.mark.django_db


def test_exhausted_takes_nothing_and_holds_once_the_places_are_taken():
    before = throttle.exhausted("wrong-code", {"1:10.0.0.1": 2}, seconds=900)
    throttle.take("wrong-code", {"1:10.0.0.1": 2}, seconds=900)
    one_taken = throttle.exhausted("wrong-code", {"1:10.0.0.1": 2}, seconds=900)
    throttle.take("wrong-code", {"1:10.0.0.1": 2}, seconds=900)
    both_taken = throttle.exhausted("wrong-code", {"1:10.0.0.1": 2}, seconds=900)

    assert (before, one_taken, both_taken) == (False, False, True)
    assert ThrottleHit.objects.count() == 2


def test_other_keys_and_scopes_and_empty_keys_are_apart():
    throttle.take("wrong-code", {"1:10.0.0.1": 1}, seconds=900)

    assert throttle.exhausted("wrong-code", {"1:10.0.0.1": 1}, seconds=900)
    assert not throttle.exhausted("wrong-code", {"2:10.0.0.1": 1}, seconds=900)
    assert not throttle.exhausted("password-reset", {"1:10.0.0.1": 1}, seconds=900)
    assert not throttle.exhausted("wrong-code", {"": 0}, seconds=900)
