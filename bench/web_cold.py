"""Cold pages for ``bench/web.py``: pages drawn at random across the whole list (mostly cache
misses), and the pages right after a result entry (their cached copies just went stale)."""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from bench.web_wrk import THREADS

ROOT = Path(__file__).resolve().parent.parent

RANDOM_PATHS = """
init = function(args)
  -- each wrk thread its own seed (``id`` set by ``setup``): distinct URLs, not the same ones
  math.randomseed(%(seed)d + 7919 * (id or 0))
end
request = function()
  local path
  if math.random() < 0.5 then
    path = "/players/" .. math.random(1, %(players)d) .. "/"
  else
    path = "/lists/chess-standard/?page=" .. math.random(1, %(pages)d)
  end
  return wrk.format("GET", path)
end
"""

ENTER = """
import random
from actions.results import record_result
from core.roles import SYSTEM
from ratings.models import PublishedList
from tournaments.models import Game, Registration
last = PublishedList.objects.filter(rating_list__slug="chess-standard").latest("date").date
games = Game.objects.filter(round__tournament__end_date__gte=last,
    round__tournament__rating_list__slug="chess-standard", result__in=["10", "==", "01"])
game = games.select_related("round__tournament").order_by("pk")[%(index)d * 7919 %% games.count()]
for player in (game.white_id, game.black_id):
    Registration.objects.get_or_create(tournament=game.round.tournament, player_id=player)
new = {"10": "01", "01": "==", "==": "10"}[game.result]
record_result(game=game, result=new, correction=True, later_rounds_confirmed=True, actor=SYSTEM)
print(game.white_id, game.black_id)
"""


def random_script(folder: Path, report: str, *, players: int, seed: int) -> Path:
    """A wrk script asking for a random player page or leaderboard page each time."""
    script = folder / "random.lua"
    pages = max(1, players * 9 // 10 // 50)
    script.write_text(
        report + THREADS + RANDOM_PATHS % {"seed": seed, "players": players, "pages": pages}
    )
    return script


def _get(url: str) -> float:
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=60) as response:  # noqa: S310 - loopback
        if response.status != 200:
            raise SystemExit(f"{url} answered {response.status}")
        response.read()
    return time.perf_counter() - started


def after_entries(base: str, env: dict[str, str], *, entries: int) -> dict[str, float]:
    """Enter ``entries`` results one by one (each a correction of the open period, through
    the action in a separate process), and after each, time the home page, the leaderboard
    and the two players' pages: they were cached, the entry made them stale."""
    times = []
    for index in range(entries):
        done = subprocess.run(  # noqa: S603 - our own interpreter and a constant script
            [sys.executable, "manage.py", "shell", "-c", ENTER % {"index": index}],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        white, black = done.stdout.split()[-2:]
        paths = ["/", "/lists/chess-standard/", f"/players/{white}/", f"/players/{black}/"]
        random.Random(index).shuffle(paths)
        times.extend(_get(base + path) for path in paths)
    ordered = sorted(times)
    return {
        "rps": len(times) / sum(times),
        "p50": statistics.median(times) * 1000,
        "p95": ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))] * 1000,
        "max": ordered[-1] * 1000,
        "requests": len(times),
    }
