"""The screenshots of record, in Portuguese on a laptop window: for each of the five games its
start, a mid-game turn, the final score sheet, the replay viewer halfway through and the rules
page, and the lobby in both languages, written to out/screenshots/ (or $TABULEIRO_ARTIFACTS).
`scripts/screenshots.py` runs this module. Seat 0 is this device's and moves at random through
the API (the pictures are the point here; tests/web/test_browser_whole_games_by_board.py plays
by the board); seat 1 is a seeded bot."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from .conftest import SAFETY_NET_MS, api
from .test_browser import no_page_errors, open_page
from .test_browser_rules import wait_for_rules

GAMES = ("avenue", "metro", "dogs", "sonora", "volta_ao_mundo")
SHOTS = ("start", "mid", "score-sheet", "replay", "rules")
LAPTOP = (1366, 900)
MID = {"avenue": 36, "metro": 40, "dogs": 60, "sonora": 80, "volta_ao_mundo": 40}
"""The state from which seat 0's next turn is the mid-game picture: about half of a game at
these seeds (Avenue ~80 moves in all, Metro ~90, DOGS ~150, Sonora ~200, Volta ~100)."""
PNG = b"\x89PNG\r\n\x1a\n"


def seat_update(server: str, match: dict[str, Any]) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {match['seats'][0]['token']}"}
    update: dict[str, Any] = api.get(f"{server}/api/matches/{match['id']}", headers=headers).json()
    return update


def play_until(server: str, match: dict[str, Any], choose: random.Random, state: int | None) -> None:
    """Play seat 0's moves at random through the API until seat 0 must act in a state at or
    past `state` (None: until the game is over)."""
    headers = {"Authorization": f"Bearer {match['seats'][0]['token']}"}
    url = f"{server}/api/matches/{match['id']}"
    deadline = time.monotonic() + SAFETY_NET_MS / 1000
    while True:
        assert time.monotonic() < deadline, f"{match['id']} did not reach state {state}"
        update = seat_update(server, match)
        if update["outcome"] is not None:
            assert state is None, f"the game ended before state {state}: lower MID"
            return
        if not update["legal_actions"]:
            time.sleep(0.05)  # the bot is thinking
            continue
        if state is not None and update["state_id"] >= state:
            return
        entry = choose.choice(update["legal_actions"])
        answer = api.post(
            f"{url}/actions",
            headers=headers,
            json={"state_id": update["state_id"], "action": entry["action"]},
        )
        assert answer.status_code == 200, answer.text


def shown(page: Page, state: int) -> None:
    """Wait until the table shows `state` with no flick being played back."""
    expect(page.locator("#status")).to_have_attribute("data-state", str(state))
    page.wait_for_selector("[data-animating]", state="detached")


def shoot_game(browser: Browser, server: str, out: Path, game: str) -> list[Path]:
    """The five pictures of `game`, in Portuguese on a laptop window."""
    created = api.post(
        f"{server}/api/matches",
        json={"game": game, "players": 2, "seats": ["local", "bot:random"], "seed": 21},
    )
    assert created.status_code == 201, created.text
    match = created.json()
    page = open_page(browser, "pt", *LAPTOP)
    page.goto(f"{server}/#/m/{match['id']}?t={match['seats'][0]['token']}")
    page.wait_for_selector("#status.your-turn")
    paths = [out / f"{game}-{shot}.png" for shot in SHOTS]
    page.screenshot(path=paths[0], full_page=True)
    choose = random.Random(game)
    play_until(server, match, choose, MID[game])
    shown(page, seat_update(server, match)["state_id"])
    page.screenshot(path=paths[1], full_page=True)
    play_until(server, match, choose, None)
    expect(page.locator("#outcome table")).to_be_visible()
    page.locator("#outcome").scroll_into_view_if_needed()
    page.screenshot(path=paths[2], full_page=True)
    steps = len(api.get(f"{server}/api/matches/{match['id']}/record").json()["actions"])
    page.goto(f"{server}/#/replay/{match['id']}?step={steps // 2}")
    expect(page.locator('[data-testid="replay"]')).to_contain_text(f"Lance {steps // 2} de {steps}")
    page.screenshot(path=paths[3], full_page=True)
    page.goto(f"{server}/#/rules/{game}")
    wait_for_rules(page, game, "pt")
    page.screenshot(path=paths[4], full_page=True)
    no_page_errors(page)
    page.context.close()
    return paths


def shoot_lobby(browser: Browser, server: str, out: Path, lang: str) -> Path:
    page = open_page(browser, lang, *LAPTOP)
    page.goto(f"{server}/")
    page.wait_for_selector("#create")
    path = out / f"lobby-{lang}.png"
    page.screenshot(path=path, full_page=True)
    no_page_errors(page)
    page.context.close()
    return path


def test_the_screenshots_of_record(server: str, browser: Browser, shots: Path) -> None:
    started = time.time()
    paths = [shoot_lobby(browser, server, shots, lang) for lang in ("pt", "en")]
    for game in GAMES:
        paths += shoot_game(browser, server, shots, game)
    assert len(paths) == 27
    for path in paths:
        assert path.stat().st_mtime >= started - 1, f"{path} was not written now"
        head = path.read_bytes()[:8]
        assert head == PNG and path.stat().st_size > 2000, f"{path} is not a PNG picture"
