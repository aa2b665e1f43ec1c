"""``make bench-users`` without a database: its options, its percentiles, its last line (the
form scripts read), the form fields its client posts, and the production settings it serves."""

import pytest

from bench.users import (
    database_name,
    kind_of,
    last_line,
    parse,
    percentile,
    server_env,
    summary,
)
from bench.users_http import form_fields


def test_the_options_default_to_the_full_size_and_take_the_size():
    defaults = parse([])
    small = parse(["--players", "2000", "--games", "40000", "--keep"])

    assert (defaults.players, defaults.games, defaults.keep) == (100_000, 2_000_000, False)
    assert (defaults.entries, defaults.live, defaults.big) == (200, 40, 4)
    assert (small.players, small.games, small.keep) == (2000, 40000, True)


def test_fewer_live_tournaments_than_the_writers_need_are_refused():
    with pytest.raises(SystemExit):
        parse(["--live", "20"])


def test_of_20_writers_the_p95_is_the_19th_and_the_max_the_slowest():
    times = [n / 1000 for n in range(1, 21)]  # 1 … 20 ms

    figures = summary(times)

    assert percentile(times, 0.95) == 0.019
    assert (figures["n"], figures["p50"], figures["p95"], figures["max"]) == (20, 10, 19, 20)


def test_the_last_line_has_the_fixed_form():
    figures = {
        "entry": {"p95": 84.3, "max": 250.2},
        "concurrent": {"max": 900.5},
        "one_event": {"max": 1121.0},
        "round_100": {"p95": 288.1},
        "cold": {"p95": 142.2},
        "second": {"p95": 3.0},
        "floor": {"p95": 4.7},
        "replay": 4.94,
        "replay_floor": 0.91,
        "correction": 0.63,
    }

    assert last_line(figures) == (
        "users: entry p95 84 ms max 250 ms | concurrent max 900 ms (one event 1121 ms)"
        " | round page p95 288 ms | cold p95 142 ms second p95 3 ms | floor p95 5 ms"
        " | replay 4.9 s floor 0.9 s | correction 0.6 s"
    )


def test_each_run_names_a_database_of_its_own(monkeypatch):
    monkeypatch.setattr("os.getpid", lambda: 4242)

    assert database_name().startswith("clubrating_bench_users_4242_")


def test_the_board_form_is_posted_with_its_token_and_hidden_fields():
    html = (
        '<form action="/a/"><input name="x" value="1"></form>'
        '<form method="post" action="/t/s/organise/rounds/2/boards/3/result/">'
        '<input type="hidden" name="csrfmiddlewaretoken" value="tok">'
        '<input type="text" name="b3-result" class="result-key">'
        '<input type="hidden" name="b3-correction" value="True" id="id_b3-correction">'
        '<input type="hidden" name="b3-based_on" value="10"></form>'
    )

    assert form_fields(html, "/t/s/organise/rounds/2/boards/3/result/") == {
        "csrfmiddlewaretoken": "tok",
        "b3-result": "",
        "b3-correction": "True",
        "b3-based_on": "10",
    }


def test_the_server_runs_with_the_production_settings(tmp_path, monkeypatch):
    monkeypatch.setenv("DEBUG", "1")

    env = server_env("postgres://h/db", "redis://127.0.0.1:1/0", tmp_path)

    assert (env["DJANGO_ENV"], env["REDIS_URL"], env["CONN_MAX_AGE"]) == (
        "production",
        "redis://127.0.0.1:1/0",
        "60",
    )
    assert "DEBUG" not in env


def test_the_cold_pages_are_broken_down_by_what_they_show():
    assert [
        kind_of(url)
        for url in (
            "/players/7/",
            "/lists/chess-standard/?sex=f",
            "/tournaments/t-3/standings/",
            "/tournaments/t-3/crosstable/",
            "/search/?q=Club+07",
        )
    ] == ["player pages", "leaderboards", "standings", "crosstables", "searches"]
