"""The log in words (issue 20 point 6): each game's moves in its own vocabulary, the public
events under the move that caused them (a card turned up, a new round, points scored, the final
summary), player names instead of seat numbers — on the table and in the replay viewer, in both
languages, on a laptop and a phone window."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .conftest import api
from .test_browser import no_page_errors, open_page

PHONE = (390, 844)
LAPTOP = (1366, 900)
BOT = {"pt": "Robô", "en": "Bot"}
OWN = {"sonora": "aim"}
OPENING = {
    "avenue": {"pt": "Carta de fazenda revelada", "en": "Farm card revealed"},
    "dogs": {"pt": "Novas cartas nos boxes", "en": "New cards above the boxes"},
}


@pytest.mark.parametrize(
    ("game", "lang", "window"),
    [
        ("avenue", "pt", LAPTOP),
        ("metro", "en", PHONE),
        ("dogs", "pt", PHONE),
        ("sonora", "en", LAPTOP),
        ("volta_ao_mundo", "pt", LAPTOP),
        ("avenue", "en", PHONE),
    ],
)
def test_a_finished_match_is_told_in_words(
    server: str, browser: Browser, shots: Path, game: str, lang: str, window: tuple[int, int]
) -> None:
    created = api.post(
        f"{server}/api/matches",
        json={
            "game": game,
            "players": 2,
            "seats": ["bot:random", f"bot:{OWN.get(game, 'greedy')}"],
            "seed": 3,
        },
    )
    assert created.status_code == 201
    match_id = created.json()["id"]
    page = open_page(browser, lang, *window)
    page.goto(f"{server}/#/m/{match_id}")
    expect(page.locator("#outcome table")).to_be_visible()
    log = page.locator("[data-log] > li")
    assert log.count() > 2
    entries = log.all_inner_texts()
    assert all(text.startswith(f"{BOT[lang]} ") for text in entries), entries[:3]
    notations = {entry["notation"] for entry in api.get(f"{server}/api/matches/{match_id}").json()["log"]}
    spoken = [text.split(": ", 1)[1].splitlines()[0] for text in entries]
    assert not notations & set(spoken), "a log entry shows a move's notation instead of words"
    expect(page.locator("[data-log] li.event-end")).to_have_count(1)
    assert page.locator("[data-log] li.event").count() > 1
    if game in OPENING:  # the first cards turned up, before any move
        expect(page.locator("[data-opening]")).to_contain_text(OPENING[game][lang])
    page.screenshot(path=shots / f"log-{game}-{lang}.png", full_page=True)
    steps = api.get(f"{server}/api/matches/{match_id}/replay").json()["steps"]
    page.goto(f"{server}/#/replay/{match_id}?step={steps}")
    expect(page.locator('[data-testid="replay-events"] li.event-end')).to_be_visible()
    no_page_errors(page)
