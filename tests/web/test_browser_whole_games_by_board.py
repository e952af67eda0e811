"""Whole games of each of the five against a seeded bot, played in Chromium only by clicking the
game's own targets: the board's SVG buttons, the hand and sheet pickers, and the buttons of the
decision panel, never the list of every legal move and never the API. At every turn a seeded
random choice among the targets the table offers; Sonora's flicks are dragged on the board
like a slingshot (the aimed disc pulled back). Every turn must offer a target, so a decision with
nothing to click on fails here; scripts/board_reach.py checks further that every legal move of a
turn is reachable from its targets. Both languages, laptop and phone windows."""

from __future__ import annotations

import math
import random
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from .conftest import SAFETY_NET_MS, api
from .test_browser import after, no_page_errors, state

LAPTOP = (1366, 900)
PHONE = (390, 844)
OVER = {"pt": "Fim de jogo.", "en": "Game over."}
QUIET_MS = 250
"""How long no move may be on its way before the table counts as settled: Sonora sends a drawn
canyon shape square by square, each move after the previous one's answer."""
WATCH = """() => {
  // count the moves the page sends and how many are on their way
  window.__posted = 0;
  window.__inflight = 0;
  window.__settled = performance.now();
  const send = window.fetch;
  window.fetch = (url, options) => {
    const move = options?.method === "POST" && String(url).endsWith("/actions");
    if (!move) return send(url, options);
    window.__posted += 1;
    window.__inflight += 1;
    return send(url, options).finally(() => { window.__inflight -= 1; window.__settled = performance.now(); });
  };
}"""
SETTLED = f"""() => window.__inflight === 0 && performance.now() - window.__settled > {QUIET_MS}
  && (document.querySelector('#status.your-turn') || document.querySelector('#outcome table'))"""
TARGETS = """() => {
  // what a player may click on the table: the boards' SVG buttons and pickers, the HTML buttons,
  // disclosures and check boxes (Volta's market cards to replace) of the board, the own area
  // and the others' (the moves list is elsewhere)
  for (const old of document.querySelectorAll("[data-pick-id]")) delete old.dataset.pickId;
  const found = [];
  const svgTargets = "svg [data-item], svg .hand-pick, svg .placeable";
  const scopes = ["#board", "#mine", "#others"];
  const html = ["button", "summary", "input[type=checkbox]"];
  const selector = scopes.flatMap((s) => [`${s} ${svgTargets.replaceAll(", ", `, ${s} `)}`, ...html.map((h) => `${s} ${h}`)]).join(", ");
  let n = 0;
  for (const el of document.querySelectorAll(selector)) {
    if (el.disabled || el.closest(".sr-only, .move-list") || !el.checkVisibility({ checkVisibilityCSS: true })) continue;
    // enlarging another player's sheet is no decision, and its modal dialog would cover the table
    if (el.matches("[data-zoom]")) continue;
    if (el.parentElement.closest("svg [data-item], svg .placeable")) continue;
    el.dataset.pickId = String(n++);
    const move = el.dataset.action || el.dataset.notation || el.dataset.square || "";
    found.push({
      id: el.dataset.pickId,
      svg: el instanceof SVGElement,
      drag: el.matches("[data-aim]"),
      aim: el.dataset.aim ?? null,
      what: `${el.tagName.toLowerCase()} ${move || el.getAttribute("aria-label") || el.textContent.trim().slice(0, 40)}`,
      kind: `${el.tagName.toLowerCase()}.${el.getAttribute("class") || ""}:${Object.keys(el.dataset).filter((k) => k !== "pickId").sort()}`,
    });
  }
  return found;
}"""
AIM = """(id) => {
  // the aimed disc's centre on screen, the board's centre, and CSS px per board mm
  const disc = document.querySelector(`[data-pick-id="${id}"]`);
  const board = document.querySelector("svg.sonora-board");
  if (!disc || !board) return null;
  disc.scrollIntoView({ block: "center", inline: "center" });
  const box = disc.getBoundingClientRect();
  const m = board.getScreenCTM();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2, cx: m.e, cy: m.f, scale: Math.hypot(m.a, m.b) };
}"""
PULL_MM = (12.0, 75.0)
"""How far the slingshot is pulled back, in board mm: from a soft flick to the strongest
(games/sonora.js draws the strongest flick at a 75 mm pull)."""
SPREAD = math.radians(35)
"""How far from the board's centre a flick may be aimed."""


def open_seat(
    browser: Browser, server: str, match: dict[str, Any], lang: str, window: tuple[int, int]
) -> Page:
    """Seat 0's page, watched for page errors, 5xx answers and the moves it sends."""
    context = browser.new_context(
        locale="pt-BR" if lang == "pt" else "en-US", viewport={"width": window[0], "height": window[1]}
    )
    page = context.new_page()
    page.set_default_timeout(SAFETY_NET_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 500 else None)
    page.context.errors = errors  # type: ignore[attr-defined]
    page.add_init_script(f"({WATCH})()")
    page.goto(f"{server}/#/m/{match['id']}?t={match['seats'][0]['token']}")
    page.wait_for_selector("#status[data-state]")
    return page


def create(
    server: str, game: str, bot: str, seed: int, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A 2-player match of `game`: seat 0 played on this device, seat 1 by `bot`."""
    body: dict[str, Any] = {"game": game, "players": 2, "seats": ["local", bot], "seed": seed}
    if options:
        body["options"] = options
    created = api.post(f"{server}/api/matches", json=body)
    assert created.status_code == 201, created.text
    match: dict[str, Any] = created.json()
    return match


def settle(page: Page) -> bool:
    """Wait until seat 0 may act (True) or the game is over (False), with no move on its way.
    A Sonora flick being played back is not waited for: a player may aim meanwhile."""
    page.wait_for_function(SETTLED, polling=50)
    return not page.locator("#outcome table").count()


def flick(page: Page, target: dict[str, Any], choose: random.Random) -> bool:
    """Drag the aimed Sonora disc back like a slingshot, towards the board's centre give or
    take `SPREAD`, by a seeded pull; False when the page redrew before the drag."""
    aim = page.evaluate(AIM, target["id"])
    if aim is None:
        return False
    towards = math.atan2(aim["cy"] - aim["y"], aim["cx"] - aim["x"]) + choose.uniform(-SPREAD, SPREAD)
    pull = choose.uniform(*PULL_MM) * aim["scale"]
    page.mouse.move(aim["x"], aim["y"])
    page.mouse.down()
    page.mouse.move(aim["x"] - math.cos(towards) * pull, aim["y"] - math.sin(towards) * pull, steps=5)
    page.mouse.up()
    return True


def click(page: Page, target: dict[str, Any]) -> bool:
    """Click the target's centre as a mouse would; False when the page redrew before it."""
    try:
        page.locator(f'[data-pick-id="{target["id"]}"]').click(timeout=3000)
    except PlaywrightError:
        return False
    return True


def play_by_board(page: Page, seed: str, most_clicks: int) -> tuple[int, int]:
    """Play seat 0 to the end of the game by clicking the table's targets. Each click is a
    seeded random choice: first a kind of target (a board square, a hand tile, a panel button),
    one not tried since the last move while there is one, so that a hundred empty canyon
    squares do not drown the one button that sends; then a target of that kind. Every turn
    must offer a target. (moves sent, clicks made)."""
    choose = random.Random(seed)
    clicks = 0
    tried: set[str] = set()
    while settle(page):
        assert clicks < most_clicks, f"{clicks} clicks and the game is not over"
        targets: list[dict[str, Any]] = page.evaluate(TARGETS)
        assert targets, f"seat 0 must act but the table offers no target (state {state(page)})"
        kinds = sorted({t["kind"] for t in targets})
        kind = choose.choice([k for k in kinds if k not in tried] or kinds)
        target = choose.choice([t for t in targets if t["kind"] == kind])
        tried.add(kind)
        old, posted = state(page), page.evaluate("window.__posted")
        done = flick(page, target, choose) if target["drag"] else click(page, target)
        clicks += 1
        if done and page.evaluate("window.__posted") > posted:
            after(page, old)
            tried.clear()
        error = page.locator("#main > .error").text_content() or ""
        assert not error, f"the server refused {target['what']!r}: {error}"
    return int(page.evaluate("window.__posted")), clicks


# game, bot, seed, options, language, window, most clicks
GAMES = [
    ("avenue", "bot:greedy", 11, None, "en", LAPTOP, 400),
    ("metro", "bot:random", 12, None, "pt", PHONE, 600),
    ("dogs", "bot:greedy", 13, None, "pt", LAPTOP, 1500),
    ("sonora", "bot:random", 14, {"rounds": 5}, "en", PHONE, 1500),
    ("volta_ao_mundo", "bot:greedy", 15, None, "pt", LAPTOP, 1500),
]


@pytest.mark.parametrize(("game", "bot", "seed", "options", "lang", "window", "most"), GAMES)
def test_a_whole_game_against_a_bot_by_the_board(
    server: str,
    browser: Browser,
    request: pytest.FixtureRequest,
    game: str,
    bot: str,
    seed: int,
    options: dict[str, Any] | None,
    lang: str,
    window: tuple[int, int],
    most: int,
) -> None:
    started = time.monotonic()
    match = create(server, game, bot, seed, options)
    page = open_seat(browser, server, match, lang, window)
    moves, clicks = play_by_board(page, f"{game}{seed}", most)
    expect(page.locator("#outcome table")).to_contain_text("Total")
    expect(page.locator("#status")).to_contain_text(OVER[lang])
    record = api.get(f"{server}/api/matches/{match['id']}/record").json()
    mine = sum(1 for seat, _ in record["actions"] if seat == 0)
    assert mine == moves, f"the page sent {moves} moves, the record holds {mine} of seat 0"
    assert page.evaluate("document.documentElement.scrollWidth") <= window[0]
    no_page_errors(page)
    request.node.user_properties.append(
        ("moves_clicks_seconds", (moves, clicks, round(time.monotonic() - started)))
    )
    page.context.close()
