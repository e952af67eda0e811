"""The replay viewer: a finished match stepped through move by move, forwards and backwards,
from its shareable address and from the score sheet, in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .conftest import api
from .test_browser import no_page_errors, open_page
from .test_browser_a11y import audit, open_audited

WINDOWS = {"laptop": (1366, 900), "phone": (390, 844)}


def _finished(server: str, game: str) -> tuple[str, int]:
    created = api.post(
        f"{server}/api/matches", json={"game": game, "players": 2, "seats": ["bot:random", "bot:random"]}
    ).json()
    record = api.get(f"{server}/api/matches/{created['id']}/record").json()
    assert record["outcome"] is not None
    return created["id"], len(record["actions"])


@pytest.mark.parametrize(
    ("lang", "window", "words"), [("en", "laptop", "Move {k} of {n}"), ("pt", "phone", "Lance {k} de {n}")]
)
def test_a_finished_match_steps_forwards_and_backwards(
    server: str, browser: Browser, shots: Path, lang: str, window: str, words: str
) -> None:
    match_id, steps = _finished(server, "metro")
    page = open_page(browser, lang, *WINDOWS[window])
    page.goto(f"{server}/#/replay/{match_id}")
    bar = page.locator('[data-testid="replay"]')
    step = bar.locator(".replay-step")
    expect(step).to_have_text(words.format(k=0, n=steps))
    expect(page.locator("#outcome")).to_be_hidden()
    bar.locator('[data-replay="forward"]').click()
    expect(step).to_have_text(words.format(k=1, n=steps))
    expect(page.locator("#status")).to_have_attribute("data-state", "1")
    expect(bar.locator('[data-testid="replay-move"]')).not_to_be_empty()
    assert page.evaluate("location.hash").endswith("?step=1"), "the address keeps the step, to share it"
    page.keyboard.press("ArrowRight")
    expect(step).to_have_text(words.format(k=2, n=steps))
    bar.locator('[data-replay="end"]').click()
    expect(step).to_have_text(words.format(k=steps, n=steps))
    expect(page.locator("#outcome table")).to_be_visible()
    page.screenshot(path=shots / f"replay-metro-{lang}-{window}.png", full_page=True)
    bar.locator('[data-replay="back"]').click()
    expect(step).to_have_text(words.format(k=steps - 1, n=steps))
    expect(page.locator("#outcome")).to_be_hidden()
    bar.locator('[data-replay="start"]').click()
    expect(step).to_have_text(words.format(k=0, n=steps))
    no_page_errors(page)


def test_a_shared_step_opens_there_and_the_score_sheet_links_to_the_replay(
    server: str, browser: Browser
) -> None:
    match_id, steps = _finished(server, "avenue")
    page = open_page(browser, "en")
    page.goto(f"{server}/#/replay/{match_id}?step=3")
    expect(page.locator(".replay-step")).to_have_text(f"Move 3 of {steps}")
    page.goto(f"{server}/#/m/{match_id}")
    expect(page.locator("#outcome table")).to_be_visible()
    page.locator('[data-testid="replay-link"]').click()
    expect(page.locator(".replay-step")).to_have_text(f"Move 0 of {steps}")
    no_page_errors(page)


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_replay_viewer_has_no_serious_axe_violation(server: str, browser: Browser, lang: str) -> None:
    match_id, steps = _finished(server, "avenue")
    page = open_audited(browser, lang)
    page.goto(f"{server}/#/replay/{match_id}?step={steps // 2}")
    expect(page.locator(".replay-step")).to_contain_text(str(steps // 2))
    assert audit(page) == []
    no_page_errors(page)
