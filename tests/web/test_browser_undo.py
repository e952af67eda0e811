"""Undo in the browser: the button shows only when the server allows a take-back, and
pressing it puts the board back (Portuguese and English, a laptop and a phone window)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .conftest import api
from .test_browser import after, click_and_wait, new_match, no_page_errors, open_page, state
from .test_browser_a11y import AXE, audit

WINDOWS = {"laptop": (1366, 900), "phone": (390, 844)}
WORDS = {"en": ("Undo", "Your turn"), "pt": ("Desfazer", "Sua vez")}


@pytest.mark.parametrize(
    ("lang", "window"), [("en", "laptop"), ("pt", "phone"), ("pt", "laptop"), ("en", "phone")]
)
def test_a_sealed_avenue_draw_is_undone_with_the_button(
    server: str, browser: Browser, shots: Path, lang: str, window: str
) -> None:
    # seat 1 is an invited player who has not chosen yet, so seat 0's sealed draw may be taken back
    body = {"game": "avenue", "players": 2, "seats": ["local", "human"], "seed": None}
    created = api.post(f"{server}/api/matches", json={k: v for k, v in body.items() if v is not None}).json()
    page = open_page(browser, lang, *WINDOWS[window])
    page.context.add_init_script(path=AXE)
    page.goto(f"{server}/#/m/{created['id']}?t={created['seats'][0]['token']}")
    label, your_turn = WORDS[lang]
    expect(page.locator("#status")).to_contain_text(your_turn)
    undo = page.locator('[data-testid="undo"]')
    expect(undo).to_have_count(0)
    roads = page.locator("[data-road]").count()
    click_and_wait(page, "g.legal")
    expect(undo).to_be_visible()
    expect(undo).to_contain_text(label)
    expect(page.locator('#players [data-done="0"]')).to_be_visible()
    assert audit(page) == []
    page.screenshot(path=shots / f"undo-{window}-{lang}.png", full_page=True)
    old = state(page)
    undo.click()
    after(page, old)
    expect(undo).to_have_count(0)
    expect(page.locator("#status")).to_contain_text(your_turn)
    expect(page.locator('#players [data-done="0"]')).to_have_count(0)
    expect(page.locator(".log li.undone del")).to_have_count(1)
    assert page.locator("[data-road]").count() == roads
    assert page.evaluate("document.documentElement.scrollWidth") <= WINDOWS[window][0]
    no_page_errors(page)


def test_hotseat_offers_undo_before_the_device_is_passed(server: str, browser: Browser, shots: Path) -> None:
    page = open_page(browser, "en")
    new_match(page, server, "avenue", 2, {1: "human"}, mode="hotseat")
    page.click("#create")
    screen = page.locator('[data-testid="pass"]')
    expect(screen).to_contain_text("Pass the device to Player 1")
    expect(screen.locator('[data-testid="undo"]')).to_have_count(0)
    page.click("#ready")
    click_and_wait(page, "g.legal")
    expect(screen).to_contain_text("Pass the device to Player 2")
    page.screenshot(path=shots / "undo-hotseat-pass.png")
    old = state(page)
    screen.locator('[data-testid="undo"]').click()
    after(page, old)
    expect(page.locator("#status")).to_contain_text("Your turn, Player 1")
    expect(page.locator('[data-testid="undo"]')).to_have_count(0)
    no_page_errors(page)
