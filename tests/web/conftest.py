"""Browser tests: a real server process and Debian's Chromium driven by Playwright.

Chromium must be at /usr/bin/chromium (``apt-get install chromium``; ``.ci/run`` installs it):
Playwright cannot download its own browser here. Screenshots are kept in out/screenshots/
(or $TABULEIRO_ARTIFACTS) as the record of each board.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("TABULEIRO_ARTIFACTS", ROOT / "out" / "screenshots"))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a `tabuleiro serve` process over a fresh database."""
    port = _free_port()
    db = tmp_path_factory.mktemp("web") / "matches.sqlite3"
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
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(f"{base}/api/games", timeout=1)
            break
        except httpx.TransportError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail("tabuleiro serve did not start")
            time.sleep(0.1)
    yield base
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail("the browser tests need Debian's Chromium: apt-get install chromium (.ci/run does it)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def shots() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
