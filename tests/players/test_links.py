"""``players.links.object_url`` builds the links of a page's many rows as ``reverse()`` does,
from one reverse per view: the same path for every key, under any script prefix, and the
same error for a key the view's converter refuses."""

import pytest
from django.urls import NoReverseMatch, reverse, set_script_prefix

from players.links import object_url


@pytest.mark.parametrize(
    ("name", "key"),
    [("ratings:player", 1), ("ratings:player", 987654321), ("ratings:player", 40),
     ("tournaments:detail", "spring-open"), ("tournaments:detail", "a_b-2026")],
)  # fmt: skip
def test_links_are_what_reverse_gives(name, key):
    assert object_url(name, key) == reverse(name, args=[key])
    assert object_url(name, key) == reverse(name, args=[key])  # and from the stem kept


def test_a_player_link_is_the_player_page():
    assert object_url("ratings:player", 12) == "/players/12/"


def test_the_script_prefix_is_kept():
    try:
        set_script_prefix("/club/")
        assert object_url("ratings:player", 7) == "/club/players/7/"
    finally:
        set_script_prefix("/")
    assert object_url("ratings:player", 7) == "/players/7/"


@pytest.mark.parametrize(("name", "key"), [("ratings:player", -3), ("tournaments:detail", "a b")])
def test_a_key_the_view_refuses_is_refused_as_reverse_refuses_it(name, key):
    with pytest.raises(NoReverseMatch):
        object_url(name, key)
