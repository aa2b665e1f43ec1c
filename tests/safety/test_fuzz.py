"""Random input on every form and upload endpoint: never a 500, and a refusal writes nothing.

Staff post random field values (text with odd characters, numbers far out of range, ids of
rows that exist and do not, valid codes) to every organiser form, the TRF import (random
bytes, half-valid TRF lines), the language switch and the admin login; the URLs get unknown
slugs and numbers too. Each post must answer below 500; when it is refused (an error
message, the form shown again, a 4xx), the database is exactly as before. Each example runs
in its own transaction (Hypothesis' Django test case), so examples never see each other.
Derandomized in CI (``tests/conftest.py``).
"""

from __future__ import annotations

import os

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backoffice.forms.tournaments import SettingsForm, TournamentCreateForm
from tests.rules.files.sample import SAMPLE
from tests.safety.fuzz import FuzzCase, odd_text, value

# A quick run in every `make test`; FUZZ_EXAMPLES=500 explores further.
FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "12")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _slugs() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(["swiss", "swiss-draft", "manual", "no-such-tournament"]),
        st.from_regex(r"\A[-a-zA-Z0-9_]{1,40}\Z"),
    )


def _url_numbers() -> st.SearchStrategy[int]:
    return st.one_of(st.integers(min_value=0, max_value=4), st.integers(0, 10**30))


ACTIONS = {
    "organise_register": ["player", "rating_at_start"],
    "organise_withdraw": ["registration", "after_round"],
    "organise_bye": ["registration", "round_number", "kind"],
    "organise_forbidden": ["player_a", "player_b"],
    "organise_add_round": ["date"],
    "organise_pair": ["number"],
    "organise_settings": list(SettingsForm.base_fields),
}
ROUND_ACTIONS = {
    "organise_publish": [],
    "organise_discard": [],
    "organise_swap": ["board", "other", "version"],
    "organise_add_board": ["board", "white", "black", "bye"],
}
BOARD_ACTIONS = {
    "organise_result": ["result", "correction", "based_on"],
    "organise_edit_board": ["white", "black", "version"],
    "organise_delete_board": [],
    "organise_armageddon_colours": [],
}


class TestFuzzOrganiserForms(FuzzCase):
    @FUZZ
    @given(data=st.data(), name=st.sampled_from(sorted(ACTIONS)), slug=_slugs())
    def test_tournament_actions(self, data, name, slug):
        fields = {f: data.draw(value(self.ids)) for f in ACTIONS[name]}
        self.post(reverse(f"tournaments:{name}", args=[slug]), fields)

    @FUZZ
    @given(
        data=st.data(),
        name=st.sampled_from(sorted(ROUND_ACTIONS)),
        slug=_slugs(),
        number=_url_numbers(),
    )
    def test_round_actions(self, data, name, slug, number):
        fields = {f: data.draw(value(self.ids)) for f in ROUND_ACTIONS[name]}
        self.post(reverse(f"tournaments:{name}", args=[slug, number]), fields)

    @FUZZ
    @given(
        data=st.data(),
        name=st.sampled_from(sorted(BOARD_ACTIONS)),
        slug=_slugs(),
        number=_url_numbers(),
        board=_url_numbers(),
    )
    def test_board_actions(self, data, name, slug, number, board):
        prefix = f"b{board}-"
        fields = {prefix + f: data.draw(value(self.ids)) for f in BOARD_ACTIONS[name]}
        self.post(reverse(f"tournaments:{name}", args=[slug, number, board]), fields)

    @FUZZ
    @given(data=st.data(), bye=_url_numbers(), slug=_slugs())
    def test_cancel_bye(self, data, bye, slug):
        self.post(reverse("tournaments:organise_cancel_bye", args=[slug, bye]), {})

    @FUZZ
    @given(data=st.data())
    def test_create_tournament(self, data):
        fields = {
            f: data.draw(value([*self.ids, "swiss", "Club open", "2026-06-01"]))
            for f in TournamentCreateForm.base_fields
        }
        self.post(reverse("tournaments:organise_create"), fields)


PAGES = {
    "ratings:home": [],
    "ratings:leaderboard": ["slug"],
    "ratings:player": ["number"],
    "tournaments:list": [],
    "tournaments:detail": ["slug"],
    "tournaments:standings": ["slug"],
    "tournaments:crosstable": ["slug"],
    "tournaments:progress": ["slug"],
    "tournaments:trf_export": ["slug"],
    "tournaments:organise": ["slug"],
    "tournaments:organise_round": ["slug", "number"],
}
QUERY = ["page", "per_page", "sort", "round", "sex", "juniors", "club", "federation", "active"]


class TestFuzzPages(FuzzCase):
    @FUZZ
    @given(
        data=st.data(),
        name=st.sampled_from(sorted(PAGES)),
        slug=st.one_of(st.sampled_from(["chess-standard"]), _slugs()),
        number=_url_numbers(),
        query=st.dictionaries(st.sampled_from(QUERY), value(["1", "2", "-rating", "m", "true"])),
    )
    def test_pages_with_unknown_ids_and_odd_parameters(self, data, name, slug, number, query):
        kinds = {"slug": slug, "number": number}
        url = reverse(name, args=[kinds[kind] for kind in PAGES[name]])
        response = self.client.get(url, query)
        assert response.status_code in (200, 404), (url, query, response.status_code)


def _trf_bytes() -> st.SearchStrategy[bytes]:
    lines = SAMPLE.splitlines()
    mangled = st.lists(
        st.one_of(st.sampled_from(lines), odd_text, st.just("001" + " " * 200)), max_size=12
    ).map(lambda chosen: "\n".join(chosen).encode())
    return st.one_of(st.binary(max_size=400), mangled, odd_text.map(str.encode))


class TestFuzzUploadsAndLogin(FuzzCase):
    @FUZZ
    @given(content=_trf_bytes(), rating_list=value(["", "1"]))
    def test_trf_import(self, content, rating_list):
        upload = SimpleUploadedFile("fuzz.trf", content, content_type="text/plain")
        self.post(reverse("tournaments:trf_import"), {"file": upload, "rating_list": rating_list})

    @FUZZ
    @given(language=value(["en", "ru", "de"]), next_url=value(["/", "//evil.example", "/x/"]))
    def test_language_switch(self, language, next_url):
        self.post(reverse("set_language"), {"language": language, "next": next_url})

    @FUZZ
    @given(username=value(["orga", ""]), password=value(["", "secret"]))
    def test_admin_login(self, username, password):
        self.client.logout()
        self.post(reverse("admin:login"), {"username": username, "password": password})
