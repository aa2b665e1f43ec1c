"""Real servers for the tests that need them: a Redis of their own, app servers, a worker."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    """A Redis URL: our own ``redis-server`` (no persistence) on a free port while the block
    runs; without the binary, the running one's database 15 (flushed first)."""
    binary = shutil.which("redis-server")
    if binary is None:
        if not _answers(6379):
            message = "needs redis-server (apt-get install redis-server) or a Redis on :6379"
            if os.environ.get("CI"):
                pytest.fail(message)
            pytest.skip(message)
        import redis

        redis.Redis.from_url("redis://127.0.0.1:6379/15").flushdb()
        yield "redis://127.0.0.1:6379/15"
        return
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start_redis(port, folder)
        try:
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            stop_redis(server)


def start_redis(port: int, folder: str) -> subprocess.Popen:
    """The system's ``redis-server`` (no persistence) on ``port``, once it answers."""
    binary = shutil.which("redis-server")
    if binary is None:
        message = "needs redis-server (apt-get install redis-server)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    server = subprocess.Popen(  # noqa: S603 - the system's redis-server, fixed arguments
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--dir", folder],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 20
    while not _answers(port):
        if time.monotonic() > deadline or server.poll() is not None:
            raise RuntimeError("redis-server did not start")
        time.sleep(0.05)
    return server


def stop_redis(server: subprocess.Popen) -> None:
    server.terminate()
    server.wait(timeout=20)


def server_env(database_url: str, redis_url: str, **extra: str) -> dict[str, str]:
    """The environment of an app server or worker on the test database and Redis."""
    env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_ENV", "RATINGS_JOBS"}}
    env.update(
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        DEBUG="1",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SETTINGS_MODULE="clubrating.settings",
        **extra,
    )
    return env


def start(args: list[str], env: dict[str, str]) -> subprocess.Popen:
    """A child process in its own process group (so that it can be killed whole)."""
    return subprocess.Popen(  # noqa: S603 - our own interpreter and commands
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )


def stop(process: subprocess.Popen, sig: int = signal.SIGTERM) -> str:
    """Stop the process (and its group); returns the end of what it wrote to stderr."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, sig)
    process.wait(timeout=30)
    return finish(process)


def finish(process: subprocess.Popen) -> str:
    """The end of a finished process's stderr (its pipe closed)."""
    if process.stderr is None or process.stderr.closed:
        return ""
    with process.stderr:
        return process.stderr.read().decode(errors="replace")[-3000:]


def wait_until_up(url: str, process: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited: {process.stderr.read().decode()[-2000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:  # noqa: S310 - loopback
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {timeout:.0f} s")
