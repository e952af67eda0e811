"""The screenshots of record: each game's start, mid-game, score sheet, replay viewer and rules
page in Portuguese, and the lobby in Portuguese and English, written to out/screenshots/ (or
$TABULEIRO_ARTIFACTS). Runs tests/web/test_browser_screenshots.py, which starts its own server
and Chromium like every browser test and checks that the 27 files are fresh PNG pictures.

    .venv/bin/python scripts/screenshots.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    module = ROOT / "tests" / "web" / "test_browser_screenshots.py"
    return int(pytest.main([str(module), "-n", "0", "-q", *sys.argv[1:]]))


if __name__ == "__main__":
    sys.exit(main())
