"""The table's layouts in Chromium, in both languages (issue 20, point 10).

- Laptop windows (1366×900, 1280×800): for each of the five games, at the start and in the
  middle of a match, the seat's own area (its sheet, hand, corner, kennel or traveller) and the
  decision panel are both inside the window without scrolling.
- Sonora turns its board so that the viewing seat's corner is at the bottom, as players sit;
  a spectator sees seat 0's corner there; a flick dragged by another seat still lands where
  it was aimed.
- Phone window (390×844, touch): the decision panel docks at the bottom of the screen while the
  board is scrolled into view, stays compact (with a button to unfold it when it holds more),
  hides none of the page's targets at the end of the page, and a tap on the board still plays.
- The other players' boards (Avenue's sheets; Sonora's, drawn small beside a laptop's board)
  open large in a dialog: keyboard reachable, labelled, closed by Escape or its button, focus
  back on the button, no serious axe-core violation while open.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import SAFETY_NET_MS, api
from .test_browser import after, no_page_errors, state
from .test_browser_a11y import AXE, audit
from .test_browser_sonora import drag_flick, settled

LAPTOPS = [(1366, 900), (1280, 800)]
PHONE = (390, 844)
PLAYERS = {"avenue": 2, "metro": 3, "sonora": 3, "volta_ao_mundo": 3, "dogs": 3}
OWN_AREA = {
    "avenue": ["#board > svg.avenue-sheet"],
    "metro": ["#mine [data-hand]", "#board > svg.metro-board"],
    "sonora": ['svg.sonora-board [data-thrower="0"]'],
    "volta_ao_mundo": ['#mine [data-summary="0"]'],
    "dogs": ["#mine .kennel", "#board > svg"],
}
"""What of the seat's own must be seen beside the decision on a laptop, per game."""
MID_GAME: dict[str, tuple[int, Callable[[dict[str, Any]], bool]]] = {
    "avenue": (10, lambda u: True),
    "metro": (8, lambda u: True),
    "sonora": (4, lambda u: u["view"]["phase"] == "flick"),
    "volta_ao_mundo": (8, lambda u: u["view"]["phase"] == "race"),
    "dogs": (8, lambda u: True),
}
"""How many of seat 0's moves make the middle of a match, and what its turn must then be."""
BOARD = {
    "avenue": "#board > svg",
    "metro": "#board > svg",
    "sonora": "svg.sonora-board",
    "volta_ao_mundo": "#board svg[data-roving]",
    "dogs": "#board > svg",
}
TAP = {
    "avenue": "#board g.legal",
    "metro": "#board g.legal",
    "sonora": "#board .hand-pick",
    "volta_ao_mundo": "#board g.legal[data-action^=pick]",
    "dogs": "#board g.legal",
}
"""A target on the board that a tap plays (Sonora's picks the disc to flick)."""
BOXES = """(selectors) => selectors.map((selector) => {
  const el = document.querySelector(selector);
  if (!el) return { selector, missing: true };
  const b = el.getBoundingClientRect();
  return { selector, top: b.top, bottom: b.bottom, left: b.left, right: b.right };
})"""
DOCK = """() => {
  const d = document.querySelector('#decision.decision');
  if (!d) return null;
  const b = d.getBoundingClientRect();
  return { top: b.top, bottom: b.bottom, height: b.height, position: getComputedStyle(d).position,
           inner: innerHeight, scrolled: scrollY, pad: parseFloat(getComputedStyle(document.querySelector('.table-page')).paddingBottom) };
}"""
LOWEST_TARGET = """() => {
  // the lowest target of the page outside the docked panel, with the page scrolled to its end
  window.scrollTo(0, document.documentElement.scrollHeight);
  const dock = document.querySelector('#decision.decision');
  const all = [...document.querySelectorAll('#board [data-item], #board .hand-pick, #board button, #mine button, #others button, #board summary, #mine summary')]
    .filter((el) => !dock.contains(el) && el.checkVisibility() && el.getBoundingClientRect().height > 0);
  const lowest = Math.max(...all.map((el) => el.getBoundingClientRect().bottom));
  return { lowest, dockTop: dock.getBoundingClientRect().top };
}"""


def create(server: str, game: str, players: int, seed: int, seats: list[str] | None = None) -> dict[str, Any]:
    chosen = seats or ["local"] + ["bot:random"] * (players - 1)
    created = api.post(
        f"{server}/api/matches", json={"game": game, "players": players, "seats": chosen, "seed": seed}
    )
    assert created.status_code == 201, created.text
    match: dict[str, Any] = created.json()
    return match


def open_window(browser: Browser, lang: str, size: tuple[int, int]) -> Page:
    """A page in `lang` of `size`; a phone-sized one has a touch screen."""
    touch = size == PHONE
    context = browser.new_context(
        locale="pt-BR" if lang == "pt" else "en-US",
        viewport={"width": size[0], "height": size[1]},
        has_touch=touch,
        is_mobile=touch,
    )
    page = context.new_page()
    page.set_default_timeout(SAFETY_NET_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 500 else None)
    page.context.errors = errors  # type: ignore[attr-defined]
    return page


def open_seat(page: Page, server: str, match: dict[str, Any], seat: int = 0) -> None:
    page.goto(f"{server}/#/m/{match['id']}?t={match['seats'][seat]['token']}")
    page.wait_for_selector("#status[data-state]")


def seat_update(server: str, match: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {match['seats'][seat]['token']}"}
    update: dict[str, Any] = api.get(f"{server}/api/matches/{match['id']}", headers=headers).json()
    return update


def bots_at_rest(server: str, match: dict[str, Any]) -> int:
    """Wait until every other seat due to act has sealed its choice, so that no bot's move can
    redraw the table under a tap; the state then."""
    deadline = time.monotonic() + SAFETY_NET_MS / 1000
    while True:
        update = seat_update(server, match)
        others = [seat for seat in update["to_act"] if seat != 0 and seat not in update["committed"]]
        if not others and 0 in update["to_act"]:
            return int(update["state_id"])
        assert time.monotonic() < deadline, f"the bots never rested: {update['to_act']}"
        time.sleep(0.05)


def play_to_mid_game(server: str, match: dict[str, Any], game: str) -> int:
    """Play seat 0's listed moves at random through the API until the middle of the match
    (MID_GAME) on seat 0's turn; the state then."""
    moves, wanted = MID_GAME[game]
    headers = {"Authorization": f"Bearer {match['seats'][0]['token']}"}
    url = f"{server}/api/matches/{match['id']}"
    choose = random.Random(game)
    played = 0
    deadline = time.monotonic() + SAFETY_NET_MS / 1000
    while True:
        assert time.monotonic() < deadline, f"{game} never reached its middle on seat 0's turn"
        update = api.get(url, headers=headers).json()
        assert update["outcome"] is None, f"{game} ended before its middle"
        legal = update["legal_actions"]
        if not legal:
            time.sleep(0.05)
            continue
        if played >= moves and wanted(update):
            return int(update["state_id"])
        entry = choose.choice(legal)
        answer = api.post(
            f"{url}/actions",
            headers=headers,
            json={"state_id": update["state_id"], "action": entry["action"]},
        )
        assert answer.status_code == 200, answer.text
        played += 1


def shows(page: Page, state_id: int) -> None:
    """Wait until the page shows `state_id` on the seat's turn, nothing moving on the board."""
    page.wait_for_function(
        "s => Number(document.querySelector('#status.your-turn')?.dataset.state) >= s", arg=state_id
    )
    page.wait_for_selector("[data-animating]", state="detached")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def assert_in_window(page: Page, selectors: list[str]) -> None:
    """Every element of `selectors` lies wholly inside the window, the page not scrolled."""
    width, height = page.evaluate("[innerWidth, innerHeight]")
    assert page.evaluate("scrollY") == 0
    for box in page.evaluate(BOXES, selectors):
        assert not box.get("missing"), f"{box['selector']} is not on the page"
        inside = (
            box["top"] >= 0
            and box["bottom"] <= height + 0.5
            and box["left"] >= 0
            and box["right"] <= width + 0.5
        )
        assert inside, f"{box['selector']} at {box} is not inside the {width}×{height} window"


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize("game", list(PLAYERS))
def test_on_a_laptop_the_own_area_and_the_decision_are_seen_together(
    server: str, browser: Browser, shots: Path, game: str, lang: str
) -> None:
    match = create(server, game, PLAYERS[game], seed=11)
    page = open_window(browser, lang, LAPTOPS[0])
    open_seat(page, server, match)
    shows(page, 0)
    for stage in ("start", "middle"):
        if stage == "middle":
            shows(page, play_to_mid_game(server, match, game))
        for width, height in LAPTOPS:
            page.set_viewport_size({"width": width, "height": height})
            shows(page, state(page))
            assert_in_window(page, ["#decision.decision", *OWN_AREA[game]])
            page.screenshot(path=shots / f"layout-{game}-{stage}-{width}x{height}-{lang}.png")
    no_page_errors(page)
    page.context.close()


def corner_in_lower_half(page: Page, seat: int) -> bool:
    """Whether `seat`'s corner is drawn in the lower half of the board's box on screen."""
    return bool(
        page.evaluate(
            """(seat) => {
              const board = document.querySelector('svg.sonora-board').getBoundingClientRect();
              const c = document.querySelector(`svg.sonora-board [data-thrower="${seat}"]`).getBoundingClientRect();
              return c.top + c.height / 2 > board.top + board.height / 2;
            }""",
            seat,
        )
    )


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_sonora_turns_the_board_so_the_viewers_corner_is_at_the_bottom(
    server: str, browser: Browser, shots: Path, lang: str
) -> None:
    match = create(server, "sonora", 4, seed=13, seats=["local"] * 4)
    pages = {}
    for seat in (1, 2):
        page = open_window(browser, lang, LAPTOPS[0])
        open_seat(page, server, match, seat)
        page.wait_for_selector("svg.sonora-board")
        assert corner_in_lower_half(page, seat), f"seat {seat}'s corner is not at the bottom"
        page.screenshot(path=shots / f"layout-sonora-seat-{seat}-{lang}.png")
        pages[seat] = page
    spectator = open_window(browser, lang, PHONE)
    spectator.goto(f"{server}/#/m/{match['id']}")
    spectator.wait_for_selector("svg.sonora-board")
    assert corner_in_lower_half(spectator, 0), "a spectator does not see seat 0's corner at the bottom"
    no_page_errors(spectator)
    spectator.context.close()
    # Seat 0 plays its turn (through the API); then seat 1 drags its own flick on its turned board.
    headers = {"Authorization": f"Bearer {match['seats'][0]['token']}"}
    deadline = time.monotonic() + SAFETY_NET_MS / 1000
    while not (update := seat_update(server, match, 1))["legal_actions"]:
        assert time.monotonic() < deadline, "seat 1 never came to flick"
        first = seat_update(server, match, 0)
        legal = first["legal_actions"]
        if not legal:
            time.sleep(0.05)
            continue
        entry = next((e for e in legal if e["notation"] == "keep"), legal[0])
        answer = api.post(
            f"{server}/api/matches/{match['id']}/actions",
            headers=headers,
            json={"state_id": first["state_id"], "action": entry["action"]},
        )
        assert answer.status_code == 200, answer.text
    page = pages[1]
    shows(page, update["state_id"])
    settled(page)
    assert page.get_attribute("svg.sonora-board", "data-turn") != "0" or corner_in_lower_half(page, 1)
    drag_flick(page, update["view"], (40.0, 40.0))  # checks the aim read under the pointer
    log = api.get(f"{server}/api/matches/{match['id']}").json()["log"]
    assert log[-1]["seat"] == 1 and log[-1]["notation"].startswith("flick ")
    for seat, shown in pages.items():
        no_page_errors(shown)
        shown.context.close()
        del seat


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize("game", list(PLAYERS))
def test_on_a_phone_the_decision_docks_beside_the_board(
    server: str, browser: Browser, shots: Path, game: str, lang: str
) -> None:
    match = create(server, game, PLAYERS[game], seed=17)
    page = open_window(browser, lang, PHONE)
    open_seat(page, server, match)
    shows(page, bots_at_rest(server, match))
    page.locator(BOARD[game]).first.evaluate("el => el.scrollIntoView({ block: 'start' })")
    dock = page.evaluate(DOCK)
    assert dock is not None, "no decision panel on the seat's turn"
    assert dock["position"] == "fixed" and dock["scrolled"] > 0
    assert abs(dock["bottom"] - dock["inner"]) <= 1, f"the panel is not docked at the bottom: {dock}"
    assert dock["top"] >= dock["inner"] * 0.6, f"the docked panel is not compact: {dock}"
    assert dock["pad"] >= dock["height"], "the page is not padded by the docked panel's height"
    top = page.evaluate(f"document.querySelector({BOARD[game]!r}).getBoundingClientRect().top")
    assert top < dock["top"], "the board is not beside the docked panel"
    page.screenshot(path=shots / f"layout-phone-{game}-{lang}.png")
    toggle = page.locator('[data-testid="dock-toggle"]')
    if toggle.is_visible():
        expect(toggle).to_have_attribute("aria-expanded", "false")
        toggle.tap()
        expect(toggle).to_have_attribute("aria-expanded", "true")
        opened = page.evaluate(DOCK)
        assert opened["height"] > dock["height"] and abs(opened["bottom"] - opened["inner"]) <= 1
        page.screenshot(path=shots / f"layout-phone-{game}-{lang}-unfolded.png")
        toggle.tap()
        expect(toggle).to_have_attribute("aria-expanded", "false")
    reach = page.evaluate(LOWEST_TARGET)
    assert reach["lowest"] <= reach["dockTop"] + 0.5, f"the page's last target stays under the panel: {reach}"
    # A tap on the board still plays, above the docked panel.
    target = page.locator(TAP[game]).last if game == "sonora" else page.locator(TAP[game]).first
    target.evaluate("el => el.scrollIntoView({ block: 'center' })")
    box = target.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert y < page.evaluate(DOCK)["top"], "the target lies under the docked panel"
    if game == "sonora":
        disc = target.get_attribute("data-hand") or ""
        page.touchscreen.tap(x, y)
        expect(page.locator('[data-testid="decision"] [role="radio"][aria-checked="true"]')).to_have_text(
            disc.split(":")[-1].lstrip("abc")
        )
    else:
        old = state(page)
        page.touchscreen.tap(x, y)
        after(page, old)
    no_page_errors(page)
    page.context.close()


@pytest.mark.parametrize(
    ("lang", "size"), [("pt", LAPTOPS[0]), ("en", PHONE), ("en", LAPTOPS[1]), ("pt", PHONE)]
)
def test_the_other_players_sheets_open_large(
    server: str, browser: Browser, shots: Path, lang: str, size: tuple[int, int]
) -> None:
    match = create(server, "avenue", 3, seed=19)
    page = open_window(browser, lang, size)
    page.context.add_init_script(path=AXE)
    open_seat(page, server, match)
    shows(page, 0)
    name = {"pt": "Ampliar: Folha de Robô 2 (aleatório)", "en": "Enlarge: Bot 2 (random)'s sheet"}[lang]
    button = page.get_by_role("button", name=name)
    expect(button).to_have_attribute("data-zoom", "avenue-sheet-1")
    small = page.locator('#others [data-other="1"] svg.avenue-sheet').bounding_box()
    assert small is not None
    button.focus()  # a button: in the Tab order, opened by Enter
    page.keyboard.press("Enter")
    dialog = page.get_by_role(
        "dialog", name={"pt": "Folha de Robô 2 (aleatório)", "en": "Bot 2 (random)'s sheet"}[lang]
    )
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name={"pt": "Fechar", "en": "Close"}[lang])).to_be_focused()
    large = dialog.locator("svg.avenue-sheet").bounding_box()
    width, height = page.evaluate("[innerWidth, innerHeight]")
    assert large is not None and large["width"] >= min(1.3 * small["width"], 0.8 * width), (small, large)
    assert large["x"] >= 0 and large["x"] + large["width"] <= width and large["y"] + large["height"] <= height
    assert audit(page) == []
    page.screenshot(path=shots / f"layout-zoom-{lang}-{size[0]}.png")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()
    button.click()
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name={"pt": "Fechar", "en": "Close"}[lang]).click()
    expect(dialog).to_be_hidden()
    no_page_errors(page)
    page.context.close()


@pytest.mark.parametrize(("lang", "size"), [("en", LAPTOPS[0]), ("pt", LAPTOPS[1])])
def test_sonoras_other_sheets_open_large(
    server: str, browser: Browser, shots: Path, lang: str, size: tuple[int, int]
) -> None:
    match = create(server, "sonora", 3, seed=23)
    page = open_window(browser, lang, size)
    page.context.add_init_script(path=AXE)
    open_seat(page, server, match)
    shows(page, 0)
    title = {"pt": "Folha de Robô 3 (aleatório)", "en": "Bot 3 (random)'s sheet"}[lang]
    button = page.get_by_role("button", name={"pt": "Ampliar: ", "en": "Enlarge: "}[lang] + title)
    small = page.locator('#others [data-sheet="2"] svg[data-area="riverbed"]').bounding_box()
    button.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name=title)
    expect(dialog).to_be_visible()
    large = dialog.locator('[data-sheet="2"] svg[data-area="riverbed"]').bounding_box()
    assert small is not None and large is not None and large["width"] > small["width"], (small, large)
    assert audit(page) == []
    page.screenshot(path=shots / f"layout-zoom-sonora-{lang}-{size[0]}.png")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()
    no_page_errors(page)
    page.context.close()
