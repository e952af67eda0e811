"""Server tests run the same on a quiet machine and a loaded one.

A bot chain inside one request stops after `live.BOT_SECONDS` of wall-clock time and goes on in
the background; with that budget, how many bot moves a response carries would depend on the
machine's load. Here the budget is large, so a response carries the whole chain (up to
`live.BOT_CHAIN` decisions); a test of the background path sets it to 0 itself.
"""

from __future__ import annotations

import pytest

from tabuleiro.server import live


@pytest.fixture(autouse=True)
def _bot_chains_do_not_depend_on_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live, "BOT_SECONDS", 3600.0)
