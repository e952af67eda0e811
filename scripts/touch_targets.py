"""Hit areas of every board's targets on a phone with a touch screen (390×844, coarse pointer).

Starts a server, plays seat 0 at random through the API against a random bot, and after each
of its moves measures every target on the page as tests/web/test_browser_targets.py does: the
smallest hit area (CSS px) and how many fall under 44×44, per kind of target. Needs Chromium
(the browser tests' one).

    .venv/bin/python scripts/touch_targets.py [--turns 25]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402
from tests.web.conftest import _serve, api, system_chromium  # noqa: E402
from tests.web.test_browser_targets import PROBE, TARGETS, TOUCH_TARGET, create  # noqa: E402

GAMES = ("avenue", "metro", "dogs", "volta_ao_mundo", "sonora")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=25, help="seat 0's moves per game (Sonora: 2.4×)")
    turns = parser.parse_args().turns
    started = _serve(Path(tempfile.mkdtemp()) / "matches.sqlite3")
    assert started is not None, "the server did not start"
    process, base = started
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=system_chromium(), args=["--no-sandbox"])
            for game in GAMES:
                measure(browser, base, game, turns if game != "sonora" else int(turns * 2.4))
            browser.close()
    finally:
        process.terminate()


def measure(browser: object, base: str, game: str, turns: int) -> None:
    match = create(base, game, 2, seed=3)
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.goto(f"{base}/#/m/{match['id']}?t={match['seats'][0]['token']}")
    headers = {"Authorization": f"Bearer {match['seats'][0]['token']}"}
    url = f"{base}/api/matches/{match['id']}"
    choose = random.Random(1)
    sizes: dict[str, list[float]] = defaultdict(list)
    for _ in range(turns):
        page.wait_for_selector("#status.your-turn, #outcome table")
        if page.locator("#outcome table").count():
            break
        page.wait_for_selector("[data-animating]", state="detached")
        for target in page.evaluate(TARGETS):
            probe = page.evaluate(PROBE, target["id"])
            if probe:
                sizes[target["kind"]].append(min(probe["width"], probe["height"]))
        update = api.get(url, headers=headers).json()
        entry = choose.choice(update["legal_actions"])
        played = {"state_id": update["state_id"], "action": entry["action"]}
        api.post(f"{url}/actions", headers=headers, json=played)
        page.wait_for_function(
            "old => Number(document.querySelector('#status')?.dataset.state) > old", arg=update["state_id"]
        )
    for kind, seen in sorted(sizes.items()):
        under = sum(1 for size in seen if size < TOUCH_TARGET - 0.5)
        print(f"{game:15} {kind:40} {len(seen):4} seen  smallest {min(seen):3.0f} px  under 44: {under}")
    context.close()


if __name__ == "__main__":
    main()
