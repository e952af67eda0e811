"""The bots' ladder in the browser: the lobby offers it in both languages, a move against
``mcts``, and the analysis of a finished match from its score sheet."""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import Browser, expect

from tabuleiro.server.analysis import ITERATIONS_ENV

from .conftest import api
from .test_browser import click_and_wait, new_match, no_page_errors, open_page

# The server process started for this module analyses with a tiny budget (CI speed).
os.environ[ITERATIONS_ENV] = "8"


def test_the_lobby_offers_the_ladder_in_both_languages(server: str, browser: Browser) -> None:
    for lang, words in (
        ("en", ["random", "greedy", "MCTS search (~1 s)", "strong MCTS search (5 s)"]),
        ("pt", ["aleatório", "guloso", "busca MCTS (~1 s)", "busca MCTS forte (5 s)"]),
    ):
        page = open_page(browser, lang)
        new_match(page, server, "avenue", 2, {})
        options = page.locator('.seat-kind[data-seat="1"] option').all_inner_texts()
        for word in words:
            assert any(word in text for text in options), (word, options)
        no_page_errors(page)


def test_a_move_against_mcts(server: str, browser: Browser, shots: Path) -> None:
    page = open_page(browser, "en")
    new_match(page, server, "metro", 2, {1: "bot:mcts"})
    page.click("#create")
    page.wait_for_selector("#status[data-state]")
    expect(page.locator("#status")).to_contain_text("Your turn")
    click_and_wait(page, "g.legal")
    # The search answered (one or more of its decisions: Metro's `draw` is one) and the human is
    # to play again.
    expect(page.locator("#status"), "the search answered and the human is to play again").to_have_attribute(
        "data-state", re.compile(r"^([2-9]|[1-9][0-9]+)$")
    )
    expect(page.locator("#status")).to_contain_text("Your turn")
    page.screenshot(path=shots / "metro-vs-mcts.png", full_page=True)
    no_page_errors(page)


def test_the_analysis_of_a_finished_match_from_its_score_sheet(
    server: str, browser: Browser, shots: Path
) -> None:
    created = api.post(
        f"{server}/api/matches", json={"game": "avenue", "players": 2, "seats": ["bot:random", "bot:greedy"]}
    ).json()
    for lang, button, title in (
        ("en", "Analyse the match", "Analysis"),
        ("pt", "Analisar a partida", "Análise"),
    ):
        page = open_page(browser, lang)
        page.goto(f"{server}/#/m/{created['id']}")
        expect(page.locator("#outcome table")).to_be_visible()
        analysis = page.locator('[data-testid="analysis"]')
        analysis.get_by_role("button", name=button).click()
        expect(analysis.locator("h2"), "the analysis finished and shows its title").to_have_text(title)
        expect(analysis.locator('[data-testid="analysis-seats"] li')).to_have_count(2)
        page.screenshot(path=shots / f"avenue-analysis-{lang}.png", full_page=True)
        no_page_errors(page)


def test_the_lobby_turns_hints_on_and_every_seat_sees_it(server: str, browser: Browser) -> None:
    page = open_page(browser, "en")
    new_match(page, server, "avenue", 2, {})
    page.check("#hints")
    page.click("#create")
    expect(page.locator('[data-testid="hints-on"]')).to_have_text("Hints are on in this match")
    no_page_errors(page)


def test_a_hint_suggests_a_legal_move_and_plays_it(server: str, browser: Browser, shots: Path) -> None:
    for lang, ask, said in (("en", "Suggest a move", "Hint:"), ("pt", "Sugerir uma jogada", "Sugestão:")):
        created = api.post(
            f"{server}/api/matches",
            json={
                "game": "metro",
                "players": 2,
                "seats": ["local", "bot:greedy"],
                "hints": "mcts:iterations=20",
            },
        ).json()
        page = open_page(browser, lang)
        page.goto(f"{server}/#/m/{created['id']}?t={created['seats'][0]['token']}")
        page.get_by_role("button", name=ask).click()
        hint = page.locator('[data-testid="hint-text"]')
        expect(hint, "the search answered with its hint").to_contain_text(said)
        notation = hint.get_attribute("data-notation")
        assert page.locator(f'.move[data-notation="{notation}"]').count() == 1, "the hint is a legal move"
        page.screenshot(path=shots / f"metro-hint-{lang}.png", full_page=True)
        before = page.locator("#status").get_attribute("data-state")
        hint.locator("xpath=following-sibling::button").click()
        expect(page.locator("#status"), "the hint was played").not_to_have_attribute(
            "data-state", before or ""
        )
        no_page_errors(page)
