"""Every clickable target of the five boards takes a tap on its centre, in Chromium: nothing
drawn over a target (a node's number, a label, a neighbour) swallows the tap
(`document.elementFromPoint` at the centre lands inside the target), and a real mouse click at
the centre of each kind of target reaches that target and, when it sends a move, the move is
played. On a phone window with a touch screen every target's hit area is at least 44×44 CSS px,
or as large as the room to its nearest neighbour allows. Sonora's solo AI targets (the purple
circles around the mud-cracks nodes) are clicked on their number, and its prompt says what is
below it. Both languages, laptop and phone windows."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import SAFETY_NET_MS, api
from .test_browser import after, no_page_errors, state

LAPTOP = (1280, 900)
PHONE = (390, 844)
TOUCH_TARGET = 44
COUNTING = """() => {
  window.__posted = 0;
  window.__clicked = null;
  const send = window.fetch;
  window.fetch = (url, options) => {
    if (options?.method === "POST" && String(url).endsWith("/actions")) window.__posted += 1;
    return send(url, options);
  };
  document.addEventListener("click", (e) => {
    const t = e.target.closest("[data-target-id]");
    window.__clicked = t ? t.dataset.targetId : null;
  }, true);
}"""
TARGETS = """() => {
  // every target a player may tap: the boards' SVG buttons and pickers, the HTML buttons
  const found = [];
  const svgTargets = "svg [data-item], svg .hand-pick";
  const all = [...document.querySelectorAll(`#board ${svgTargets}, #mine ${svgTargets}, #others ${svgTargets}, ` +
    "#board button, #mine button, #others button, #board summary, #mine summary")];
  let n = 0;
  for (const el of all) {
    if (el.disabled || el.closest(".sr-only") || !el.checkVisibility({ checkVisibilityCSS: true })) continue;
    if (el.parentElement.closest("svg [data-item]")) continue;
    const group = el.closest("[data-roving]")?.dataset.roving;
    const action = el.dataset.square ? "square" : el.dataset.action || "";
    const svg = el instanceof SVGElement;
    const kind = `${svg ? "svg" : "button"}:${group || el.className.baseVal || el.className || ""}:${action.split(" ")[0]}`;
    el.dataset.targetId = String(n++);
    const drag = el.matches("[data-aim]"); // Sonora's disc to pull back: dragged, not tapped
    found.push({ id: el.dataset.targetId, kind, svg, drag, label: el.getAttribute("aria-label") || el.textContent.trim().slice(0, 60) });
  }
  return found;
}"""
PROBE = """(id) => {
  // the target's centre on screen, what a tap there lands on, and its hit area and room
  const el = document.querySelector(`[data-target-id="${id}"]`);
  if (!el) return null; // the page redrew (an update came in): collect the targets again
  el.scrollIntoView({ block: "center", inline: "center" });
  const box = el.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const at = document.elementFromPoint(x, y);
  const hit = el.querySelector(":scope > [data-hit]")?.getBoundingClientRect() ?? box;
  let room = Infinity;
  const board = el.closest("svg");
  if (board) {
    for (const other of board.querySelectorAll("[data-target-id]")) {
      if (other === el || other.closest("[hidden]")) continue;
      const b = other.getBoundingClientRect();
      if (!b.width) continue;
      room = Math.min(room, Math.max(Math.abs(b.left + b.width / 2 - x), Math.abs(b.top + b.height / 2 - y)));
    }
  }
  return { x, y, inside: Boolean(at && el.contains(at)), at: at ? `${at.tagName}.${at.getAttribute("class") || ""}` : null,
           width: hit.width, height: hit.height, room };
}"""


def open_touch_page(browser: Browser, lang: str, width: int, height: int, touch: bool) -> Page:
    """A page like test_browser.open_page, with a touch screen (a coarse pointer) when `touch`."""
    context = browser.new_context(
        locale="pt-BR" if lang == "pt" else "en-US",
        viewport={"width": width, "height": height},
        has_touch=touch,
        is_mobile=touch,
    )
    page = context.new_page()
    page.set_default_timeout(SAFETY_NET_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 500 else None)
    page.context.errors = errors  # type: ignore[attr-defined]
    page.add_init_script(f"({COUNTING})()")
    return page


def create(server: str, game: str, players: int, seed: int) -> dict[str, Any]:
    seats = ["local"] + ["bot:random"] * (players - 1)
    created = api.post(
        f"{server}/api/matches", json={"game": game, "players": players, "seats": seats, "seed": seed}
    )
    assert created.status_code == 201, created.text
    match: dict[str, Any] = created.json()
    return match


def open_seat(
    browser: Browser, server: str, match: dict[str, Any], lang: str, window: tuple[int, int]
) -> Page:
    page = open_touch_page(browser, lang, *window, touch=window == PHONE)
    page.goto(f"{server}/#/m/{match['id']}?t={match['seats'][0]['token']}")
    page.wait_for_selector("#status[data-state]")
    expect(page.locator("#board > *").first).to_be_attached()
    return page


def my_turn(page: Page) -> bool:
    """Wait until seat 0 may act or the game is over; True when seat 0 may act."""
    page.wait_for_function(
        "() => document.querySelector('#status.your-turn') || document.querySelector('#outcome table')"
    )
    return not page.locator("#outcome table").count()


def settle(page: Page) -> None:
    """Wait until no flick is being played back (Sonora redraws its board while it moves)."""
    page.wait_for_selector("[data-animating]", state="detached")


def collect(page: Page) -> list[dict[str, Any]]:
    """The targets on the page, each probed; collected again when the page redraws meanwhile."""
    while True:
        settle(page)
        # a tap on "Enlarge" opened another player's sheet in a dialog: close it, as a person would
        page.evaluate("() => document.querySelector('dialog[open]')?.close()")
        targets: list[dict[str, Any]] = page.evaluate(TARGETS)
        probes = [page.evaluate(PROBE, target["id"]) for target in targets]
        if all(probes):
            for target, probe in zip(targets, probes, strict=True):
                target.update(probe)
            return targets


def check_targets(page: Page, touch: bool) -> list[dict[str, Any]]:
    """Every target on the page takes a tap at its centre; on a touch screen its hit area is
    44×44 CSS px or as large as the room to its nearest neighbour. The targets, probed."""
    targets = collect(page)
    assert targets, "no target on seat 0's turn"
    swallowed = []
    small = []
    for probe in targets:
        target = probe
        if not probe["inside"]:
            swallowed.append(f"{target['kind']} {target['label']!r} under {probe['at']}")
        if touch:
            need = min(TOUCH_TARGET, probe["room"]) - 1
            if min(probe["width"], probe["height"]) < need:
                small.append(
                    f"{target['kind']} {target['label']!r}: {probe['width']:.0f}×{probe['height']:.0f} px, room {probe['room']:.0f}"
                )
    assert not swallowed, f"a tap at the centre misses: {swallowed[:5]}"
    assert not small, f"hit areas under 44×44 px on a touch screen: {small[:5]}"
    return targets


def tap_centre(page: Page, target: dict[str, Any], touch: bool) -> bool:
    """Tap (or click) the target's centre; it must reach the target, and a move it sends is
    played. True when it sent a move; False when it sent none, or when the page redrew before
    the tap (an update came in) and the tap is to be tried again."""
    settle(page)
    probe = page.evaluate(PROBE, target["id"])
    if probe is None:
        return False
    old = state(page)
    posted = page.evaluate("window.__posted")
    page.evaluate("window.__clicked = null")
    if touch:
        page.touchscreen.tap(probe["x"], probe["y"])
    else:
        page.mouse.click(probe["x"], probe["y"])
    clicked = page.evaluate("window.__clicked")
    if clicked is None and page.evaluate(
        "(id) => !document.querySelector(`[data-target-id='${id}']`)", target["id"]
    ):
        return False
    assert clicked == target["id"], f"the tap on {target['kind']} {target['label']!r} went to {clicked}"
    if page.evaluate("window.__posted") == posted:
        return False
    after(page, old)
    return True


def play_one_listed_move(server: str, match: dict[str, Any], page: Page, choose: random.Random) -> None:
    """Play one of seat 0's listed moves through the API (a picker was tapped, or the only way
    on is a drag, as Sonora's flick) and wait for the page to show it."""
    headers = {"Authorization": f"Bearer {match['seats'][0]['token']}"}
    url = f"{server}/api/matches/{match['id']}"
    update = api.get(url, headers=headers).json()
    old = state(page)
    entry = choose.choice(update["legal_actions"])
    answer = api.post(
        f"{url}/actions", headers=headers, json={"state_id": update["state_id"], "action": entry["action"]}
    )
    assert answer.status_code == 200, answer.text
    after(page, old)


@pytest.mark.parametrize("game", ["avenue", "metro", "dogs", "volta_ao_mundo", "sonora"])
@pytest.mark.parametrize(("lang", "window"), [("pt", LAPTOP), ("en", PHONE)])
def test_every_kind_of_target_takes_a_tap_on_its_centre(
    server: str, browser: Browser, game: str, lang: str, window: tuple[int, int]
) -> None:
    touch = window == PHONE
    match = create(server, game, 2, seed=3)
    page = open_seat(browser, server, match, lang, window)
    choose = random.Random(f"{game}{lang}")
    tapped: set[str] = set()
    seen: set[str] = set()
    turn = 0
    for turn in range(60):
        board_kinds = {k for k in seen if k.startswith("svg:")}
        if turn >= 12 and board_kinds <= tapped:
            break
        if not my_turn(page):
            break
        targets = check_targets(page, touch)
        seen |= {t["kind"] for t in targets}
        tappable = [t for t in targets if not t["drag"]]
        fresh = [t for t in tappable if t["kind"] not in tapped]
        on_board = [t for t in fresh if t["svg"]]
        target = choose.choice(on_board or fresh or tappable)
        tapped.add(target["kind"])
        if not tap_centre(page, target, touch) and my_turn(page):
            play_one_listed_move(server, match, page, choose)
    assert len(tapped) >= min(3, len(seen)), f"only {tapped} of {seen} were tapped"
    assert {k for k in seen if k.startswith("svg:")} <= tapped, (
        f"never tapped in {turn + 1} turns: {seen - tapped}"
    )
    no_page_errors(page)
    page.context.close()


def play_until_ai(server: str, match: dict[str, Any], choose: random.Random) -> dict[str, Any]:
    """Play the solo seat's listed moves at random through the API until it must score the
    AI's discs on a mud-cracks node (an `ai circle` move); that update."""
    headers = {"Authorization": f"Bearer {match['seats'][0]['token']}"}
    url = f"{server}/api/matches/{match['id']}"
    deadline = time.monotonic() + SAFETY_NET_MS / 1000
    while True:
        assert time.monotonic() < deadline, "the solo seat was never asked to score an AI circle"
        update: dict[str, Any] = api.get(url, headers=headers).json()
        assert update["outcome"] is None, "the game ended before an AI circle was offered"
        legal = update["legal_actions"]
        if any(e["notation"].startswith("ai circle ") for e in legal):
            return update
        entry = choose.choice(legal)
        answer = api.post(
            f"{url}/actions",
            headers=headers,
            json={"state_id": update["state_id"], "action": entry["action"]},
        )
        assert answer.status_code == 200, answer.text


AI_PROMPT = {
    "pt": ("casa marcada em roxo na sua folha", "escolha um destes botões"),
    "en": ("a space marked in purple on your sheet", "choose one of these buttons"),
}
NOT_WHERE = ("abaixo", "below")
"""The prompt says where to tap by what it is, not where: on a phone the decision panel is
docked at the bottom of the screen, under the sheet."""


@pytest.mark.parametrize(("lang", "window"), [("pt", LAPTOP), ("en", PHONE)])
def test_sonora_solo_ai_circles_take_a_tap_on_the_nodes_number(
    server: str, browser: Browser, lang: str, window: tuple[int, int]
) -> None:
    touch = window == PHONE
    match = create(server, "sonora", 1, seed=7)
    update = play_until_ai(server, match, random.Random(7))
    page = open_seat(browser, server, match, lang, window)
    check_targets(page, touch)
    decision = page.locator('[data-testid="decision"]')
    below, buttons = AI_PROMPT[lang]
    expect(decision).to_contain_text(below)
    assert not any(word in (decision.text_content() or "") for word in NOT_WHERE)
    has_buttons = page.locator('[data-testid="decision"] .sonora-buttons button').count() > 0
    assert (buttons in (decision.text_content() or "")) == has_buttons
    # the sheet, with the purple targets, comes right after the prompt, before the board
    order = page.evaluate(
        """() => {
          const d = document.querySelector('[data-testid="decision"]');
          const sheet = document.querySelector('[data-ai-circles].legal');
          const board = document.querySelector('svg.sonora-board');
          return [d.compareDocumentPosition(sheet) & 4, sheet.compareDocumentPosition(board) & 4];
        }"""
    )
    assert order == [4, 4], order
    ring = page.locator("[data-ai-circles].legal").first
    node = ring.get_attribute("data-ai-circles")
    number = page.locator(f'[data-node="{node}"] > circle').first  # the number is printed on it
    number.scroll_into_view_if_needed()
    box = number.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert page.evaluate(
        "([x, y, node]) => Boolean(document.elementFromPoint(x, y)?.closest(`[data-ai-circles='${node}']`))",
        [x, y, node],
    ), "the node's number swallows the tap on the AI circles"
    old = state(page)
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)
    after(page, old)
    notation = f"ai circle {node}"
    log = api.get(f"{server}/api/matches/{match['id']}").json()["log"]
    assert any(e["notation"] == notation for e in log), f"{notation} was not played"
    assert update["state_id"] < state(page)
    no_page_errors(page)
    page.context.close()
