""" "How to play" in Chromium: every game's rules page in Portuguese and English, on a laptop
and a phone, with its sections and the board drawn by the game's own renderer; the links to it
from the lobby and from the table; the first-turn hint bubble, shown once per game per device.

Screenshots of each rules page are kept in out/screenshots/rules-<game>-<lang>[-phone].png."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import ROOT, SAFETY_NET_MS, api
from .test_browser import no_page_errors, open_page

RULES = ROOT / "src" / "tabuleiro" / "web" / "rules"
GAMES = ("avenue", "metro", "dogs", "sonora", "volta_ao_mundo")
SECTIONS = ["setup", "turn", "scoring", "end", "designed", "interpretations"]
PHONE = (390, 844)


def rules_doc(game: str, lang: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((RULES / f"{game}.{lang}.json").read_text(encoding="utf-8"))
    return doc


def game_name(server: str, game: str, lang: str) -> str:
    entry = next(g for g in api.get(f"{server}/api/games").json() if g["id"] == game)
    return str(entry["name"][lang])


def wait_for_rules(page: Page, game: str, lang: str) -> None:
    """Wait until the rules page of `game` is drawn in `lang`, its picture included."""
    expect(
        page.locator(f'main.rules[data-game="{game}"][data-lang="{lang}"][data-ready="1"]')
    ).to_be_attached()


def check_rules_page(page: Page, server: str, game: str, lang: str) -> None:
    """The page shows the data file's words, section by section, and the game's board."""
    doc = rules_doc(game, lang)
    expect(page.locator("h1")).to_contain_text(game_name(server, game, lang))
    expect(page.locator(".rules-intro")).to_have_text(doc["intro"])
    assert (
        page.eval_on_selector_all("section[data-section]", "s => s.map((x) => x.dataset.section)") == SECTIONS
    )
    for section in doc["sections"]:
        where = page.locator(f'section[data-section="{section["id"]}"]')
        expect(where.locator("h2")).to_have_text(section["title"])
        for block in section["body"]:
            expect(where).to_contain_text(block[0] if isinstance(block, list) else block)
        for item in section.get("items", []):
            expect(where.locator(f'li[data-ref="{item["ref"]}"]')).to_contain_text(item["text"])
    picture = page.locator('[data-testid="rules-picture"] svg').first
    expect(picture).to_be_visible()
    box = picture.bounding_box()
    assert box is not None and box["width"] > 200 and box["height"] > 150, box
    assert page.evaluate("document.documentElement.lang") == ("pt-BR" if lang == "pt" else "en")


@pytest.mark.parametrize("game", GAMES)
def test_every_rules_page_in_both_languages_on_a_laptop_and_a_phone(
    server: str, browser: Browser, shots: Path, game: str
) -> None:
    for lang in ("pt", "en"):
        for size, suffix in (((1280, 900), ""), (PHONE, "-phone")):
            page = open_page(browser, lang, *size)
            page.goto(f"{server}/#/rules/{game}")
            wait_for_rules(page, game, lang)
            check_rules_page(page, server, game, lang)
            if suffix:
                assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
            page.screenshot(path=shots / f"rules-{game}-{lang}{suffix}.png", full_page=True)
            no_page_errors(page)
            page.context.close()


def test_the_language_button_redraws_the_rules_page(server: str, browser: Browser) -> None:
    page = open_page(browser, "pt")
    page.goto(f"{server}/#/rules/dogs")
    wait_for_rules(page, "dogs", "pt")
    page.click('[data-testid="lang"]')
    wait_for_rules(page, "dogs", "en")
    check_rules_page(page, server, "dogs", "en")
    no_page_errors(page)


def test_a_game_without_rules_says_so(server: str, browser: Browser) -> None:
    page = open_page(browser, "en")
    page.goto(f"{server}/#/rules/chess")
    expect(page.locator("main.rules [role=alert]")).to_have_text("There are no rules for this game.")
    page.click("a.back")
    page.wait_for_selector("#create")
    no_page_errors(page)


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_lobby_links_to_every_games_rules(server: str, browser: Browser, lang: str) -> None:
    page = open_page(browser, lang)
    page.goto(f"{server}/")
    page.wait_for_selector("#create")
    page.select_option("#game", "sonora")
    page.click('a[data-rules="sonora"]')
    wait_for_rules(page, "sonora", lang)
    assert page.url.endswith("#/rules/sonora")
    page.click("a.back")
    page.wait_for_selector("#create")
    for game in GAMES:
        page.click(f'a[data-rules-list="{game}"]')
        wait_for_rules(page, game, lang)
        page.go_back()
        page.wait_for_selector("#create")
    no_page_errors(page)


def create(server: str, game: str) -> dict[str, Any]:
    created = api.post(
        f"{server}/api/matches",
        json={"game": game, "players": 2, "seats": ["local", "bot:random"], "seed": 3},
    )
    assert created.status_code == 201, created.text
    match: dict[str, Any] = created.json()
    return match


def open_table(
    browser: Browser, server: str, match: dict[str, Any], lang: str, size: tuple[int, int]
) -> Page:
    page = open_page(browser, lang, *size)
    page.goto(f"{server}/#/m/{match['id']}?t={match['seats'][0]['token']}")
    expect(page.locator("#status")).to_have_class("status your-turn")
    return page


@pytest.mark.parametrize("game", GAMES)
def test_the_first_turn_hint_shows_once_and_the_table_links_to_the_rules(
    server: str, browser: Browser, shots: Path, game: str
) -> None:
    """In both languages (a laptop for Portuguese, a phone for English): the bubble says the data
    file's hint, the side panel's link opens the rules page, and once dismissed the bubble stays
    away on this device (a reload, the next match of the game) but not for another game."""
    for lang, size in (("pt", (1280, 900)), ("en", PHONE)):
        page = open_table(browser, server, create(server, game), lang, size)
        hint = page.locator('[data-testid="hint"]')
        expect(hint).to_be_visible()
        expect(hint).to_contain_text(rules_doc(game, lang)["hint"])
        page.screenshot(path=shots / f"hint-{game}-{lang}.png")
        link = page.locator('[data-testid="rules-link"]')
        expect(link).to_have_attribute("href", f"#/rules/{game}")
        with page.context.expect_page() as opened:
            link.click()
        rules = opened.value
        rules.set_default_timeout(SAFETY_NET_MS)
        wait_for_rules(rules, game, lang)
        rules.close()
        page.click('[data-testid="hint-close"]')
        expect(hint).to_be_hidden()
        page.reload()
        expect(page.locator("#status")).to_have_class("status your-turn")
        expect(hint).to_be_hidden()
        again = create(server, game)
        page.goto(f"{server}/#/m/{again['id']}?t={again['seats'][0]['token']}")
        expect(page.locator("#status")).to_have_class("status your-turn")
        expect(hint).to_be_hidden()
        other = "metro" if game != "metro" else "avenue"
        fresh = create(server, other)
        page.goto(f"{server}/#/m/{fresh['id']}?t={fresh['seats'][0]['token']}")
        expect(page.locator("#status")).to_have_class("status your-turn")
        expect(hint).to_be_visible()
        no_page_errors(page)
        page.context.close()


def test_the_hint_goes_for_good_once_the_player_has_moved(server: str, browser: Browser) -> None:
    match = create(server, "metro")
    page = open_table(browser, server, match, "en", (1280, 900))
    hint = page.locator('[data-testid="hint"]')
    expect(hint).to_be_visible()
    old = int(page.get_attribute("#status", "data-state") or -1)
    page.locator("#board .legal").first.click()
    page.wait_for_function("old => Number(document.querySelector('#status')?.dataset.state) > old", arg=old)
    expect(hint).to_be_hidden()
    assert page.evaluate("localStorage.getItem('tabuleiro.hint.metro')") == "1"
    no_page_errors(page)


def test_a_spectator_gets_no_hint(server: str, browser: Browser) -> None:
    match = create(server, "avenue")
    page = open_page(browser, "pt")
    page.goto(f"{server}/#/m/{match['id']}")
    expect(page.locator(".who")).to_contain_text("Você está assistindo")
    expect(page.locator('[data-testid="rules-link"]')).to_have_text("Como jogar")
    expect(page.locator('[data-testid="hint"]')).to_be_hidden()
    no_page_errors(page)
