"""Browser tests in a real Chromium (the Debian ``chromium`` package), driven by Playwright.

No browser is ever downloaded: Playwright launches ``/usr/bin/chromium`` (or the path in
``CHROMIUM``). Where that file does not exist the browser tests are skipped with one reason
naming it (one skipped test, the others deselected); ``.ci/run`` installs the package first,
and under CI (``CI`` set) a missing Chromium fails the tests instead of skipping them.

Fixtures for a new page's test:

- ``site``: a small, fixed data set (rated players, a finished public tournament, an
  organiser's tournament with a published round and a staff user), created through the
  factories and the services;
- ``page_at(url, *, viewport=None, language=None, login=False, touch=False)``: a fresh
  Chromium page opened at ``live_server.url + url``, waiting until the page has loaded,
  optionally phone-sized, in Russian, logged in as the staff user or with a touch screen
  (``locator.tap()``);
- ``screenshot(page, name)``: saves a full-page PNG under ``test-artifacts/screenshots/``
  (git-ignored; the folder is printed at the end of the run);
- ``assert_no_horizontal_scroll(page)``.

Playwright's sync API runs an event loop in the test thread, and Django refuses synchronous
database calls while one runs. The tests here only create data before the browser acts, in the
same thread, so ``DJANGO_ALLOW_ASYNC_UNSAFE`` is set while a module's Chromium runs, and
removed when it closes (the tests of other folders run without it).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.conf import settings

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts" / "screenshots"
PHONE = {"width": 375, "height": 667}
ASYNC_UNSAFE = "DJANGO_ALLOW_ASYNC_UNSAFE"
STAFF_PASSWORD = "browser-test-password"  # noqa: S105 -- a throwaway test user

MISSING = (
    f"Chromium not found at {CHROMIUM}: install the Debian package "
    "(apt-get install -y chromium) to run them"
)

_saved: list[Path] = []


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    browser = [item for item in items if here in Path(item.fspath).parents]
    for item in browser:
        item.add_marker(pytest.mark.browser)
        # The live server reads committed data; the rows the data migrations wrote (the
        # rating lists) are restored after each test's flush.
        item.add_marker(pytest.mark.django_db(transaction=True, serialized_rollback=True))
    if browser and not CHROMIUM.exists() and not os.environ.get("CI"):
        # One skip with the reason instead of one per test; the others are deselected.
        browser[0].add_marker(pytest.mark.skip(reason=f"{len(browser)} browser tests: {MISSING}"))
        rest = {id(item) for item in browser[1:]}
        config.hook.pytest_deselected(items=browser[1:])
        items[:] = [item for item in items if id(item) not in rest]


def pytest_terminal_summary(terminalreporter):
    if _saved:
        terminalreporter.write_line(f"browser screenshots ({len(_saved)}): {ARTIFACTS}")


@pytest.fixture
def chromium():
    """A Chromium for one test, started after the test's data exist and closed before the
    database is flushed: Django's connections are context-local, and Playwright's event loop
    must not outlive the test (a later test would get a fresh, empty in-memory database)."""
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"Chromium not found at {CHROMIUM}: CI must run the browser tests")
        pytest.skip(MISSING)
    from playwright.sync_api import sync_playwright

    previous = os.environ.get(ASYNC_UNSAFE)
    os.environ[ASYNC_UNSAFE] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"]
            )
            yield browser
            browser.close()
    finally:
        if previous is None:
            del os.environ[ASYNC_UNSAFE]
        else:
            os.environ[ASYNC_UNSAFE] = previous


@pytest.fixture
def site(django_user_model):
    """The data every browser test sees; returns the objects tests refer to by name."""
    from tests.browser.data import build_site

    return build_site(django_user_model, password=STAFF_PASSWORD)


@pytest.fixture
def page_at(chromium, live_server):
    """``page_at(url, viewport=None, language=None, login=False, touch=False)`` → a loaded
    Playwright page."""
    contexts = []

    def open_page(
        url: str,
        *,
        viewport=None,
        language: str | None = None,
        login: bool = False,
        touch: bool = False,
    ):
        context = chromium.new_context(
            viewport=viewport or {"width": 1280, "height": 900}, has_touch=touch
        )
        contexts.append(context)
        if language:
            context.add_cookies(
                [
                    {
                        "name": settings.LANGUAGE_COOKIE_NAME,
                        "value": language,
                        "url": live_server.url,
                    }
                ]
            )
        page = context.new_page()
        if login:
            page.goto(f"{live_server.url}/accounts/login/")
            page.fill("#id_username", "organiser")
            page.fill("#id_password", STAFF_PASSWORD)
            page.click("form.styled button[type=submit]")
            page.wait_for_url(f"{live_server.url}/accounts/")
        response = page.goto(f"{live_server.url}{url}")
        assert response is not None and response.status == 200, url
        return page

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def screenshot():
    def save(page, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        _saved.append(path)
        return path

    return save


def assert_no_horizontal_scroll(page) -> None:
    """The document is no wider than the viewport: nothing scrolls sideways but tables' boxes."""
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"page is {widths[0]}px wide in a {widths[1]}px viewport"


def table_rows(page, columns: int | None = None) -> list[list[str]]:
    """The body rows of the page's first table as lists of cell texts (first ``columns``)."""
    rows = page.locator("table.table").first.locator("tbody tr")
    cells = [
        [" ".join(text.split()) for text in rows.nth(i).locator("td").all_inner_texts()]
        for i in range(rows.count())
    ]
    return [row[:columns] for row in cells] if columns else cells
