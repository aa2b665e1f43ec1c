"""The header's search in every script, in a real Chromium, as a Russian reader on a phone
types it: "иванова" suggests "Иванова, Анна" and FIDE's "Ivanova, Anna" (issue 19: lower or
upper case Cyrillic found nothing, and no Latin spelling found a Cyrillic name)."""

from __future__ import annotations

from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.factories import make_player


def test_a_phone_in_russian_finds_a_name_in_any_case_and_script(site, page_at, screenshot):
    make_player("Иванова", "Анна", sex="f")
    make_player("Ivanova", "Anna", sex="f", federation="RUS", fide_id=24101234)
    make_player("López", "Juan", federation="ESP")
    make_player("Петров", "Семён")
    page = page_at(reverse("ratings:home"), viewport=PHONE, language="ru")
    box = page.locator("#site-search-q")
    suggestions = page.locator("#site-search-suggestions a")

    for typed, names in [
        # the site's own "Ivanova, Olga" too, until the first name rules her out
        ("иванова", ["Ivanova, Anna", "Ivanova, Olga", "Иванова, Анна"]),
        ("ИВАНОВА анна", ["Ivanova, Anna", "Иванова, Анна"]),
        ("Ivanova", ["Ivanova, Anna", "Ivanova, Olga", "Иванова, Анна"]),
        ("lopez", ["López, Juan"]),
        ("семен", ["Петров, Семён"]),
    ]:
        box.fill(typed)
        # the suggestions of this search, not of the previous one
        expect(page.locator("#site-search-suggestions .suggestions-all a")).to_contain_text(typed)
        for name in names:
            expect(suggestions.filter(has_text=name)).to_be_visible()
        found = [text for text in suggestions.all_inner_texts() if "," in text]
        assert sorted(found) == names, typed
        box_edge = box.bounding_box()
        assert box_edge["x"] >= 0 and box_edge["x"] + box_edge["width"] <= PHONE["width"]
    screenshot(page, "search-cyrillic-phone")
