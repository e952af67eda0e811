"""Browser tests: a real server process and Chromium driven by Playwright.

The browser is the first of: ``$TABULEIRO_CHROMIUM``, a system Chromium or Chrome on the PATH
(``chromium``, ``chromium-browser``, ``google-chrome``), Playwright's own download
(``.venv/bin/playwright install chromium``, which ``./run-tests`` tries when no system browser
exists). Without any, every browser test fails with one line saying how to get one; run the rest
with ``./run-tests -m "not browser"``. Screenshots are kept in out/screenshots/ (or
$TABULEIRO_ARTIFACTS) as the record of each board.

Waits are on the page's state (``#status[data-state]``, elements), never on a budget sized for a
quiet machine: the timeouts below are safety nets for a test that would otherwise hang.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect, sync_playwright

SAFETY_NET_MS = 300_000
"""How long any one wait (an element, a page state, a request, the server's start) may take
before the test fails: generous, as the machine may be running a second copy of the suite."""
SYSTEM_BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
NO_BROWSER = (
    "no Chromium for the browser tests: install one (Debian: apt-get install chromium; "
    "elsewhere .venv/bin/playwright install chromium), or set TABULEIRO_CHROMIUM=/path/to/chrome, "
    'or skip them with ./run-tests -m "not browser"'
)
ROOT = Path(__file__).resolve().parents[2]
api = httpx.Client(timeout=SAFETY_NET_MS / 1000)
"""Requests the tests make to the server themselves (the browser's have their own waits)."""
ARTIFACTS = Path(os.environ.get("TABULEIRO_ARTIFACTS", ROOT / "out" / "screenshots"))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _serve(db: Path) -> tuple[subprocess.Popen[bytes], str] | None:
    """A `tabuleiro serve` process on a free port and its base URL once it answers; None when
    it exits first (another process took the port between the probe and the bind)."""
    port = _free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tabuleiro",
            "serve",
            "--port",
            str(port),
            "--db",
            str(db),
            "--no-rate-limits",
        ],
        stdout=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + SAFETY_NET_MS / 1000
    while process.poll() is None:
        try:
            api.get(f"{base}/api/games", timeout=1)
        except httpx.TransportError:
            if time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"tabuleiro serve did not answer on {base} within {SAFETY_NET_MS // 1000} s")
            time.sleep(0.1)
            continue
        if process.poll() is None:  # the answer came from this process, not another on the port
            return process, base
    return None


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a `tabuleiro serve` process over a fresh database."""
    db = tmp_path_factory.mktemp("web") / "matches.sqlite3"
    for _ in range(5):
        started = _serve(db)
        if started is not None:
            break
    else:
        pytest.fail("tabuleiro serve exited at start 5 times (its port taken each time?)")
    process, base = started
    yield base
    process.terminate()
    try:
        process.wait(timeout=SAFETY_NET_MS / 1000)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def system_chromium() -> str | None:
    """The browser named by $TABULEIRO_CHROMIUM, else the first system Chromium or Chrome found."""
    named = os.environ.get("TABULEIRO_CHROMIUM")
    if named:
        return named
    for name in SYSTEM_BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in this folder carries the ``browser`` mark, so ``-m "not browser"`` leaves them out."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    expect.set_options(timeout=SAFETY_NET_MS)
    executable = system_chromium()
    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(
                executable_path=executable, args=["--no-sandbox"], timeout=SAFETY_NET_MS
            )
        except Exception as error:  # Playwright raises its own Error for a missing or broken browser
            pytest.fail(f"{NO_BROWSER} ({str(error).splitlines()[0][:160]})", pytrace=False)
        yield launched
        launched.close()


@pytest.fixture
def shots() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
