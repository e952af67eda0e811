"""Wording in Chromium: plurals through Intl.PluralRules in both languages (no "+1 coins",
"0 day(s)" or "+1 moedas" anywhere in the browser's catalogues), the move list folded behind a
"list all moves" toggle, and Metro's buttons saying what the player does rather than the log's
words for it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .conftest import api
from .test_browser import no_page_errors, open_page

WEB = Path(__file__).resolve().parents[2] / "src" / "tabuleiro" / "web"
CATALOGUE_LINE = re.compile(r'^\s*("[^"]+"|\w+): "(.*)",?\s*$')
"""A catalogue entry on its own line: `key: "text",` or `"a.key": "text",`."""
WORD_S = re.compile(r"[a-zà-ú]\((?:s|es|ões|is|m|ns)\)")
UNCATALOGUED = {"a11y.js", "api.js", "app.js", "dom.js", "rematch.js", "renderers.js", "games/generic.js"}
PLURALS = """async () => {
  const i18n = await import("/i18n.js");
  const dogs = await import("/games/dogs.js");
  const volta = await import("/games/volta_ao_mundo.js");
  const out = {};
  for (const lang of ["pt", "en"]) {
    i18n.setLang(lang);
    out[lang] = {
      moves: [0, 1, 2].map((n) => i18n.t("lobby.moves", { n })),
      coins: [1, 2].map((n) => i18n.fill(dogs.strings[lang]["card.coins"], { n })),
      days: [0, 1, 3].map((days) => i18n.fill(volta.strings[lang].summary, { city: "Paris", days, fame: 1, coins: 1 })),
    };
  }
  return out;
}"""


def test_counts_agree_with_their_nouns_in_both_languages(server: str, browser: Browser) -> None:
    page = open_page(browser, "en")
    page.goto(f"{server}/")
    page.wait_for_selector("#create")
    said = page.evaluate(PLURALS)
    assert said["pt"]["moves"] == ["0 jogadas", "1 jogada", "2 jogadas"]
    assert said["en"]["moves"] == ["0 moves", "1 move", "2 moves"]
    assert said["pt"]["coins"] == ["+1 moeda", "+2 moedas"]
    assert said["en"]["coins"] == ["+1 coin", "+2 coins"]
    assert said["pt"]["days"] == [
        "Paris · 0 dias · fama 1 · 1 moeda",
        "Paris · 1 dia · fama 1 · 1 moeda",
        "Paris · 3 dias · fama 1 · 1 moeda",
    ]
    assert said["en"]["days"][1] == "Paris · 1 day · fame 1 · 1 coin"
    no_page_errors(page)
    page.context.close()


@pytest.mark.parametrize("module", sorted(p.relative_to(WEB).as_posix() for p in WEB.rglob("*.js")))
def test_no_catalogue_writes_a_plural_as_word_s(module: str) -> None:
    """Every count's noun goes through a plural field: no "coin(s)", "dia(s)", "ação(ões)"."""
    lines = (WEB / module).read_text(encoding="utf-8").splitlines()
    entries = [m.group(2) for m in map(CATALOGUE_LINE.match, lines) if m]
    assert entries or module in UNCATALOGUED, f"{module}: no catalogue line found"
    found = [value for value in entries if WORD_S.search(value)]
    assert not found, found


@pytest.mark.parametrize(
    ("lang", "toggle", "draw"),
    [("pt", "Listar todas as jogadas", "Comprar peça"), ("en", "List all moves", "Draw a tile")],
)
def test_the_move_list_is_folded_and_buttons_say_what_the_player_does(
    server: str, browser: Browser, lang: str, toggle: str, draw: str
) -> None:
    created = api.post(
        f"{server}/api/matches",
        json={"game": "metro", "players": 2, "seats": ["local", "bot:random"], "seed": 4},
    )
    assert created.status_code == 201, created.text
    match = created.json()
    page = open_page(browser, lang)
    page.goto(f"{server}/#/m/{match['id']}?t={match['seats'][0]['token']}")
    page.wait_for_selector("#status.your-turn")
    moves = page.locator("details#moves")
    expect(moves.locator("summary")).to_contain_text(toggle)
    assert moves.get_attribute("open") is None, "the move list is open before it is asked for"
    expect(moves.locator("button.move").first).to_be_hidden()
    moves.locator("summary").click()
    expect(moves.locator("button.move").first).to_be_visible()
    button = page.locator('#mine button[data-action="draw"]')
    expect(button).to_have_text(draw)
    no_page_errors(page)
    page.context.close()
