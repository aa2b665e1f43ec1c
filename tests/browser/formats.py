"""Helpers of the browser tests that create and finish each format from the organiser pages:
create a tournament with the form, enter players by pasting them, play a round by typing a
result per board from a fixed order of strength, read the public standings."""

from __future__ import annotations

from tests.browser.event import enter_round_from_the_keyboard


def create(page, base: str, *, game: str, name: str, slug: str, **choices: str) -> None:
    """The create form of ``game`` (its tab), filled and sent; ``choices``: select labels
    (``pairing_system``, ``rating_list``) and typed values (``rounds_planned``, ``komi``)."""
    page.get_by_role("link", name="Create a tournament").click()
    page.wait_for_url("**/organise/new/**")
    if game != "chess":
        page.locator("nav.tabs").get_by_role("link", name=game.capitalize()).click()
        page.wait_for_url(f"**/organise/new/?game={game}")
    page.fill("#id_name", name)
    page.fill("#id_start_date", "2026-11-07")
    page.fill("#id_end_date", "2026-11-08")
    for field in ("pairing_system", "rating_list"):
        if field in choices:
            page.select_option(f"#id_{field}", label=choices.pop(field))
    for field, value in choices.items():
        page.fill(f"#id_{field}", value)
    page.get_by_role("button", name="Create the tournament").click()
    page.wait_for_url(f"{base}/tournaments/{slug}/organise/")


def paste_players(page, lines: list[str], count: int) -> None:
    page.locator("summary", has_text="Paste a list").click()
    page.fill("#entries-lines", "\n".join(lines))
    page.get_by_role("button", name="Enter these players").click()
    page.locator("#registration h2", has_text=f"{count} players").wait_for()


def keys_by_strength(page, order: list[str], draws: set[frozenset[str]]) -> list[str]:
    """One key per board of the round page: the player earlier in ``order`` wins, except the
    pairs in ``draws``. White is the name written first on the board's line."""
    keys = []
    rows = page.locator("table.boards tbody tr")
    for index in range(rows.count()):
        text = rows.nth(index).locator(".who").inner_text()
        white, black = (
            name for _at, name in sorted((text.index(n), n) for n in order if n in text)
        )
        if frozenset((white, black)) in draws:
            keys.append("=")
        else:
            keys.append("1" if order.index(white) < order.index(black) else "0")
    return keys


def pair_publish_and_play(
    page, number: int, last: int, order: list[str], draws: set[frozenset[str]] = frozenset()
) -> None:
    """From the dashboard or a round page: pair round ``number``, publish it, type its
    results; then the next step (pair the next round, or finish) is on the page."""
    page.locator("#next-step").get_by_role("button", name=f"Pair round {number}").click()
    page.wait_for_url(f"**/rounds/{number}/")
    page.get_by_role("button", name="Publish the pairings").click()
    page.locator("input.result-key").first.wait_for()
    following = f"Pair round {number + 1}" if number < last else "Finish the tournament"
    enter_round_from_the_keyboard(page, tuple(keys_by_strength(page, order, draws)), following)


def finish(page) -> None:
    page.locator("#next-step").get_by_role("button", name="Finish the tournament").click()
    page.locator(".status-badge", has_text="finished").wait_for()


def public_standings(page, base: str, slug: str) -> list[tuple[str, str, str]]:
    """(place, player, points) of each row of the public standings."""
    page.goto(f"{base}/tournaments/{slug}/standings/")
    table = page.locator("table.table").first
    heads = [" ".join(t.split()) for t in table.locator("thead th").all_inner_texts()]
    place, player, points = (heads.index(h) for h in ("Place", "Player", "Points"))
    rows = []
    for row in table.locator("tbody tr").all():
        cells = [" ".join(t.split()) for t in row.locator("td").all_inner_texts()]
        rows.append((cells[place], cells[player], cells[points]))
    return rows
