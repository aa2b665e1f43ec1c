"""wrk for ``bench/web.py``: the report script, the threads' numbering, a run of wrk."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

WRK_SCRIPT = """
done = function(summary, latency, requests)
  io.write(string.format("BENCH requests=%d duration_us=%d p50_us=%d p95_us=%d max_us=%d "
    .. "status_errors=%d socket_errors=%d\\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    latency.max,
    summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write
      + summary.errors.timeout))
end
"""


# wrk runs the script once per thread, each in a Lua state of its own: ``setup`` (in the main
# state) numbers the threads, so each can seed and start differently (``id`` in ``init``).
THREADS = """
threads_started = 0
setup = function(thread)
  thread:set("id", threads_started)
  threads_started = threads_started + 1
end
"""


def _wrk(url: str, *, connections: int, duration: int, script: Path) -> dict[str, float]:
    """Run wrk on ``url``; with a script that sets ``request`` the paths are the script's."""
    threads = max(1, min(2, connections))
    done = subprocess.run(  # noqa: S603
        [
            shutil.which("wrk") or "wrk",
            f"-t{threads}",
            f"-c{connections}",
            f"-d{duration}s",
            "--timeout",
            "10s",
            "-s",
            str(script),
            url,
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    match = re.search(
        r"BENCH requests=(\d+) duration_us=(\d+) p50_us=(\d+) p95_us=(\d+) max_us=(\d+) "
        r"status_errors=(\d+) socket_errors=(\d+)",
        done.stdout,
    )
    if not match:
        raise SystemExit(f"could not read wrk's output:\n{done.stdout}\n{done.stderr}")
    requests, duration_us, p50, p95, most, status_errors, socket_errors = map(int, match.groups())
    if status_errors or socket_errors:
        raise SystemExit(f"{url}: {status_errors} non-2xx answers, {socket_errors} socket errors")
    return {
        "rps": requests / (duration_us / 1e6),
        "p50": p50 / 1000,
        "p95": p95 / 1000,
        "max": most / 1000,
        "requests": requests,
    }


def _rotating_script(folder: Path, paths: list[str]) -> Path:
    """A wrk script asking ``paths`` in turn, each thread from its own start."""
    listed = ", ".join(f'"{path}"' for path in paths)
    script = folder / "rotate.lua"
    script.write_text(
        f"paths = {{{listed}}}\ncounter = 0\n" + THREADS
        + "init = function(args)\n  counter = (id or 0) * 7\nend\n"
        "request = function()\n  counter = counter + 1\n"
        '  return wrk.format("GET", paths[(counter % #paths) + 1])\nend\n' + WRK_SCRIPT
    )  # fmt: skip
    return script
