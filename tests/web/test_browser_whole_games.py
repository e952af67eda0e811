"""Whole games in Chromium against a bot, from the first move to the score sheet, for the games
whose board tests stop after a round: every move is chosen among the table's listed moves, so
any state a game can reach is drawn and answered by the browser. Both languages, laptop and
phone windows."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .conftest import api
from .test_browser import after, no_page_errors, open_page, state

PHONE = (390, 844)
LAPTOP = (1280, 900)
OVER = {"pt": "Fim de jogo.", "en": "Game over."}


@pytest.mark.parametrize(
    ("game", "lang", "window", "max_moves"),
    [
        ("metro", "pt", PHONE, 200),
        ("dogs", "en", LAPTOP, 1500),
        ("sonora", "pt", LAPTOP, 1500),
        ("volta_ao_mundo", "en", PHONE, 1500),
    ],
)
def test_a_whole_game_against_a_bot(
    server: str, browser: Browser, shots: Path, game: str, lang: str, window: tuple[int, int], max_moves: int
) -> None:
    created = api.post(
        f"{server}/api/matches",
        json={"game": game, "players": 2, "seats": ["local", "bot:random"], "seed": 5},
    )
    assert created.status_code == 201
    match = created.json()
    page = open_page(browser, lang, *window)
    page.goto(f"{server}/#/m/{match['id']}?t={match['seats'][0]['token']}")
    page.wait_for_selector("#status[data-state]")
    choose = random.Random(game)
    moves = 0
    while not page.locator("#outcome table").count():
        assert moves < max_moves, f"{game} did not end after {moves} moves"
        expect(page.locator("#status")).to_have_class("status your-turn")
        if not page.locator(".moves[open]").count():
            page.click(".moves summary")
        listed = page.locator(".move-list button.move")
        old = state(page)
        listed.nth(choose.randrange(listed.count())).click()
        after(page, old)
        moves += 1
    expect(page.locator("#outcome table")).to_contain_text("Total")
    expect(page.locator("#status")).to_contain_text(OVER[lang])
    assert page.evaluate("document.documentElement.scrollWidth") <= window[0]
    page.screenshot(path=shots / f"{game}-whole-game-end.png", full_page=True)
    no_page_errors(page)
