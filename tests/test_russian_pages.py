"""A page rendered in Russian carries no English.

The walk signs in as staff (who sees every organiser page and every history), as an arbiter and
as a player, and follows every link of the site from the home page and the organiser pages
(GET only; not the admin, the API, downloads or sign-out) over the data set of
:mod:`tests.russian_site`: every format and game, history entries of every kind. Each page is
requested with the ``django_language`` cookie set to ``ru``; its visible text (text nodes
outside ``script`` and ``style``, plus ``title``, ``alt``, ``placeholder``, ``aria-label`` and
the labels of buttons) is checked three ways:

1. **No msgid of the catalogue**: every translated message whose English differs from its
   Russian is cut at its placeholders and tags, and each piece distinctive enough not to be a
   false positive (two words or more with eight letters or more between them, or one word of
   eight letters or more) must not appear as a whole phrase. The data set's names contain no
   such piece.
2. **No English word of the site's vocabulary** (:data:`ENGLISH`), which catches text that is
   not even in the catalogue (a template string never wrapped, a name stored in English).
3. **No raw code**: colour letters ``w``/``b`` in crosstable cells or ``WB`` runs in the
   arbiter's seats, TRF result codes in the history (``10 (was 01)``).
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import polib
import pytest
from django.conf import settings

from tests.russian_site import build_site

pytestmark = pytest.mark.django_db

PO_PATH = Path(settings.BASE_DIR) / "locale" / "ru" / "LC_MESSAGES" / "django.po"

#: Paths not walked: the admin (Django's own pages, staff only), the API (JSON), sign-out
#: (ends the session), the language switch and the static files.
SKIP = re.compile(r"^/(admin|api|static|media|i18n)/|/logout/|/accounts/logout")
#: Downloads: files, not pages.
DOWNLOAD = re.compile(r"\.(csv|trf|h9|txt|json|svg|png|pdf|zip)$|/export|/download")
#: How many pages of one shape (the path with its numbers as 0) are walked.
PER_SHAPE = 2
MAX_PAGES = 400

#: English words of the site that never belong on a Russian page (whole words, any case of
#: the first letter).
ENGLISH = [
    "Round",
    "Board",
    "Standings",
    "Rating",
    "Ratings",
    "Player",
    "Players",
    "White",
    "Black",
    "reports",
    "published",
    "set to",
    "Pairings",
    "Result",
    "Results",
    "Points",
    "bye",
    "draft",
    "entered",
    "changed",
    "created",
    "deleted",
    "withdrawn",
    "games",
    "standard",
    "rapid",
    "blitz",
    "Chess",
    "Shogi",
    "Tournament",
    "Crosstable",
    "Rank",
    "History",
    "Search",
    "Club",
    "Date",
    "Name",
    "Save",
    "Delete",
    "Cancel",
    "Confirm",
    "Reject",
    "Report",
    "was",
    "the",
    "and",
    "of",
    "None",
    "Swiss",
    "McMahon",
    "forfeit",
    "Handicap",
    "Komi",
    "sente",
    "gote",
    "list",
    "live",
    "Download",
    "Print",
    "Finish",
    "Publish",
    "Pair",
    "Add",
    "Show",
    "Back",
    "Next",
    "Previous",
    "page",
    "unrated",
    "grade",
    "kyu",
    "dan",
    "Arbiter",
    "Organiser",
    "Status",
    "finished",
    "running",
    "registration",
]
ENGLISH_WORDS = re.compile(
    r"(?<![\w-])("
    + "|".join(re.escape(w) + "|" + re.escape(w[:1].swapcase() + w[1:]) for w in ENGLISH)
    + r")(?![\w-])"
)
#: Raw codes: a crosstable cell "12w1", the arbiter's seats "WBW", results as TRF codes.
RAW_CODES = [
    re.compile(r"(?<![\w])\d+[wb][10½=+\-−](?![\w])"),
    re.compile(r"(?<![\w–])[WB](?:[WB–]*[WB])(?![\w])"),
    re.compile(r"(?:было|was) (?:10|01|==|\+-|-\+|--)\)"),
    re.compile(r"(?:сообщает|reports) (?:результат )?(?:10|01|==)\b"),
    re.compile(r"(?<![\d-])\d{4}-\d\d-\d\d(?![\d-])"),  # a date in ISO 8601: Russian is d.m.Y
    re.compile(r"(?<![\d.])\d+\.\d+(?![\d.])"),  # a decimal point: Russian writes 0,5
]
PLACEHOLDER = re.compile(r"<code>.*?</code>|%\(\w+\)[sd]|%[sd]|<[^>]*>|\{\{.*?\}\}|\n")


class _Text(HTMLParser):
    """The visible text of a page, and its links."""

    VISIBLE_ATTRIBUTES = ("title", "alt", "placeholder", "aria-label")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.links: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if tag in ("script", "style", "template"):
            self._hidden += 1
        if tag == "a" and values.get("href"):
            self.links.append(values["href"])
        for name in self.VISIBLE_ATTRIBUTES:
            if values.get(name):
                self.parts.append(values[name])
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.parts.append(values["value"])

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data):
        if not self._hidden:
            self.parts.append(data)

    @property
    def text(self) -> str:
        return " ".join(" ".join(self.parts).split())


def read_page(html: str) -> _Text:
    parser = _Text()
    parser.feed(html)
    parser.close()
    return parser


def distinctive(piece: str) -> bool:
    """A piece of a msgid that cannot be a false positive: two words or more with eight
    letters or more between them, or one word of eight letters or more."""
    words = re.findall(r"[A-Za-z]+", piece)
    letters = sum(len(word) for word in words)
    return (len(words) >= 2 and letters >= 8) or any(len(word) >= 8 for word in words)


@functools.cache
def catalogue_probes() -> tuple[tuple[str, str, re.Pattern], ...]:
    """(msgid, piece, pattern) for every distinctive piece of a translated message whose
    Russian differs from its English."""
    probes = []
    for entry in polib.pofile(str(PO_PATH)):
        if entry.obsolete or not entry.msgid:
            continue
        translations = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
        for msgid in filter(None, [entry.msgid, entry.msgid_plural]):
            if msgid in translations:
                continue
            for piece in PLACEHOLDER.split(msgid):
                piece = " ".join(piece.split()).strip(" ,.:;()·–—-“”\"'")
                if distinctive(piece):
                    pattern = re.compile(r"(?<![\w])" + re.escape(piece) + r"(?![\w])")
                    probes.append((msgid, piece, pattern))
    return tuple(probes)


def english_msgids(text: str) -> list[tuple[str, re.Match]]:
    """(msgid, match) of every catalogue probe found in ``text``."""
    return [
        (msgid, match)
        for msgid, piece, pattern in catalogue_probes()
        if piece in text and (match := pattern.search(text))
    ]


def test_catalogue_probes_catch_english_and_spare_names():
    found = [msgid for msgid, _m in english_msgids("Жеребьёвка; Pairings of round 5 published")]

    assert "Pairings of round %(round)d published" in found
    assert english_msgids("Ivanova, Anna – Petrov, Pavel; Осенний швейцарский; Kenji") == []
    assert distinctive("starting rating in") and distinctive("Standings")
    assert not distinctive("Round") and not distinctive("of a")


def test_english_words_and_raw_codes_are_caught():
    assert ENGLISH_WORDS.findall("Тур 2, доска 5: Ivanova reports 0–1") == ["reports"]
    assert ENGLISH_WORDS.findall("Ivanova, Anna – Sidorov, Sergei ½–½; WGM") == []
    assert [bool(p.search("3w1 WBWB (was 01) 2026-10-03")) for p in RAW_CODES] == [
        True,
        True,
        True,
        False,
        True,
        False,
    ]
    assert RAW_CODES[-1].findall("очки 2.5, C.04.2") == ["2.5"]
    assert not any(
        p.search("3б1 БЧБЧ WGM 1–0 (было 0–1) 03.10.2026 2026-10 2,5") for p in RAW_CODES
    )


def _shape(path: str) -> str:
    return re.sub(r"\d+", "0", path)


def _walk(client, starts: list[str], *, follow: bool = True) -> dict[str, str]:
    """{url: visible text} of every page reachable from ``starts`` (only ``starts`` when not
    ``follow``); of the pages reached, at most :data:`PER_SHAPE` of one shape."""
    seen: set[str] = set()
    shapes: Counter = Counter()
    queue = list(starts)
    pages: dict[str, str] = {}
    while queue and len(pages) < MAX_PAGES:
        url = queue.pop(0)
        parts = urlsplit(url)
        if url in seen or SKIP.search(parts.path) or DOWNLOAD.search(parts.path):
            continue
        seen.add(url)
        shape = _shape(parts.path) + ("?" if parts.query else "")
        if shapes[shape] >= PER_SHAPE and url not in starts:
            continue
        shapes[shape] += 1
        response = client.get(url)
        assert response.status_code in (200, 302, 403, 404, 405), (url, response.status_code)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        page = read_page(response.content.decode())
        pages[url] = page.text
        for link in page.links if follow else []:
            target = urljoin("http://testserver" + url, link).split("#")[0]
            if target.startswith("http://testserver/"):
                queue.append(target[len("http://testserver") :])
    return pages


def _around(text: str, match: re.Match) -> str:
    return f"…{text[max(0, match.start() - 40) : match.end() + 40]}…"


#: A web address printed on a page (the check-in page's, under its QR code): not words.
PRINTED_ADDRESS = re.compile(r"https?://\S+")


def _problems(pages: dict[str, str]) -> list[str]:
    problems = []
    for url, text in pages.items():
        text = PRINTED_ADDRESS.sub("", text)
        for msgid, match in english_msgids(text):
            problems.append(f"{url}: msgid {msgid!r}: {_around(text, match)}")
        for match in ENGLISH_WORDS.finditer(text):
            problems.append(f"{url}: English {match.group()!r}: {_around(text, match)}")
        for pattern in RAW_CODES:
            for match in pattern.finditer(text):
                problems.append(f"{url}: raw {match.group()!r}: {_around(text, match)}")
    return problems


def test_no_english_on_any_page_in_russian(client):
    site = build_site()
    starts = ["/", "/tournaments/", "/tournaments/organise/", "/tournaments/organise/clubs/"]
    for event in (site.swiss, site.round_robin, site.go, site.shogi, site.manual):
        starts += [event.get_absolute_url(), f"/tournaments/{event.slug}/organise/"]
    starts += [player.get_absolute_url() for player in site.with_history]
    visits = [
        (site.staff, starts, True),
        (site.arbiter, ["/accounts/", f"/tournaments/{site.swiss.slug}/organise/"], False),
        (site.player_account, ["/tournaments/my-games/", site.reporter.get_absolute_url()], False),
        (None, ["/", site.swiss.get_absolute_url(), "/accounts/login/"], False),
    ]

    pages = {}
    for user, urls, follow in visits:
        client.logout()
        if user is not None:
            client.force_login(user)
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"
        who = user.get_username() if user is not None else "anonymous"
        walked = _walk(client, urls, follow=follow)
        pages.update({f"{who} {url}": text for url, text in walked.items()})

    assert len(pages) > 150
    assert "Жеребьёвка 2-го тура опубликована" in pages[f"glavny {site.swiss.get_absolute_url()}"]
    assert "установлен начальный рейтинг 1650" in pages[f"glavny {starts[-4]}"]
    home = pages["glavny /"]
    assert [name in home for name in ("Шахматы, классика", "Го (EGF)", "Сёги (FESA)")] == [
        True,
        True,
        True,
    ]
    # Colours as Russian letters: the crosstable's cells (its title, then the letter), the
    # arbiter's seats (colours so far), shogi's sente and gote.
    swiss, shogi = site.swiss.slug, site.shogi.slug
    assert re.search(
        r"\d+ (белые б|чёрные ч) [01½]", pages[f"glavny /tournaments/{swiss}/crosstable/"]
    )
    assert re.search(
        r"\d+ (сэнтэ с|готэ г) [01]", pages[f"glavny /tournaments/{shogi}/crosstable/"]
    )
    seats = pages[f"glavny /tournaments/{swiss}/organise/rounds/3/"]
    assert re.search(r"очк\.; [БЧ–]*[БЧ][БЧ–]*\)", seats)
    assert _problems(pages) == []
