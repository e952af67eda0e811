"""Sonora in Chromium: a round against the aiming bot with every flick dragged on the board
like a slingshot, a Re-flick, the trajectory played back, and a scoring choice made on the
sheet in each area (Ruins, Riverbed, Canyon with a turned shape, Mud cracks); a refused flick
showing the server's message; the sealed scoring step checked for leaks in the API and on
the page of the other seat and of a spectator; a phone-sized window in English."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from .conftest import api
from .test_browser import after, no_page_errors, open_page, state

PULL = 75  # mm of pull for the strongest flick (games/sonora.js)
TO_SCREEN = """([x, y]) => {
  const s = document.querySelector('svg.sonora-board');
  const p = s.createSVGPoint(); p.x = x; p.y = -y;
  const q = p.matrixTransform(s.getScreenCTM());
  return [q.x, q.y];
}"""


def create(server: str, seats: list[str], seed: int) -> dict[str, Any]:
    response = api.post(
        f"{server}/api/matches",
        json={
            "game": "sonora",
            "players": len(seats),
            "seats": [k.replace("human", "local") for k in seats],
            "seed": seed,
        },
    )
    assert response.status_code == 201
    return response.json()  # type: ignore[no-any-return]


def fetch(server: str, match_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = api.get(f"{server}/api/matches/{match_id}", headers=headers)
    assert response.status_code == 200
    return response.json()  # type: ignore[no-any-return]


def public(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("seat", "mine")}


def click(page: Page, selector: str) -> None:
    old = state(page)
    page.locator(selector).first.click()
    after(page, old)


def settled(page: Page) -> None:
    """Wait until the last flick's playback is over."""
    page.wait_for_selector("svg.sonora-board:not([data-animating])")


CLEAR_OF_DOCK = """() => {
  const board = document.querySelector('svg.sonora-board').getBoundingClientRect();
  const dock = document.querySelector('.decision');
  const top = dock && getComputedStyle(dock).position === 'fixed' ? dock.getBoundingClientRect().top : innerHeight;
  if (board.bottom > top - 8) window.scrollBy(0, board.bottom - top + 8);
}"""


def drag_flick(page: Page, view: dict[str, Any], target: tuple[float, float]) -> None:
    """Pull the disc on the seat's corner straight back from `target` (board mm) so that it
    would stop there on a clear board; strength grows with the square of the pull. On a phone
    the board is first scrolled clear of the docked decision panel, as a person would."""
    page.evaluate(CLEAR_OF_DOCK)
    corner = next(c for c in view["layout"]["board"]["corners"] if c["name"] == view["corners"][view["seat"]])
    lx, ly = corner["launch"]
    dx, dy = target[0] - lx, target[1] - ly
    distance = math.hypot(dx, dy)
    pull = PULL * math.sqrt(min(distance, 900) / 900)
    start = page.evaluate(TO_SCREEN, [lx, ly])
    end = page.evaluate(TO_SCREEN, [lx - dx / distance * pull, ly - dy / distance * pull])
    old = state(page)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=6)
    readout = page.locator('[data-testid="aim-readout"]')
    assert abs(float(readout.get_attribute("data-strength") or 0) - distance) < 0.06 * distance + 3
    page.mouse.up()
    after(page, old)


def marks(page: Page, seat: int) -> int:
    return page.locator(f'[data-sheet="{seat}"] [data-mark]').count()


def sheet_marks(sheet: dict[str, Any]) -> int:
    """How many marks the page should draw for a sheet (the pre-drawn ones excepted)."""
    river = sheet["riverbed"]
    ruins = sum(sheet["ruins"].values())
    mine = sum(row.count("X") for row in sheet["canyon"]["rows"]) - 4
    ai = sum(row.count("#") for row in sheet["canyon"]["rows"])
    nodes = len(sheet["mudcracks"]["marked"]) - 1
    boxes = sum(sheet["mudcracks"]["columns"])
    return (
        ruins + len(river["crossed"]) + len(river["circled"]) + len(river["ai"]) + mine + ai + nodes + boxes
    )


# Where seat 0 aims each disc from the Ruins corner, one area each; collisions move some, and
# the test checks that every area still gets a disc to score.
TARGETS = {"5": (-72.0, 72.0), "4": (-60.0, -62.0), "3": (82.0, 68.0), "2": (70.0, -48.0), "1": (-80.0, 40.0)}


def test_a_sonora_round_dragged_and_scored_on_the_sheet(server: str, browser: Browser, shots: Path) -> None:
    created = create(server, ["human", "bot:aim"], seed=2)
    match_id, token = created["id"], created["seats"][0]["token"]
    page = open_page(browser, "pt")
    page.goto(f"{server}/#/m/{match_id}?t={token}")
    page.wait_for_selector("#status[data-state]")
    expect(page.locator("svg.sonora-board")).to_be_visible()
    expect(page.locator("#board")).to_contain_text("Rodada 1 de 6")
    assert page.locator("[data-multiplier]").count() == 8
    assert page.get_attribute('[data-corner="ruins"]', "data-thrower") == "0"
    assert page.get_attribute('[data-corner="mudcracks"]', "data-thrower") == "1"
    assert public(fetch(server, match_id, token)["view"]) == public(fetch(server, match_id)["view"])

    # A flick out of bounds, typed in the exact-values form: the server says why.
    page.click(".sonora-exact summary")
    page.fill('input[name="strength"]', "950")
    page.click('[data-action="flick-exact"]')
    expect(page.locator(".error")).to_contain_text("900")

    reflicked = False
    for _ in range(30):
        update = fetch(server, match_id, token)
        view = update["view"]
        if view["phase"] != "flick":
            break
        kind = page.get_attribute('[data-testid="decision"]', "data-kind")
        if kind in ("turn", "flick"):
            disc = next(d for d in ("5", "4", "3", "2", "1") if d in view["decision"]["discs"])
            page.click(f'[data-pick="{disc}"]')
            played = int(page.get_attribute("svg.sonora-board", "data-played") or 0)
            drag_flick(page, view, TARGETS[disc])
            # the server's tracks are played back (data-played counts the flicks shown moving)
            expect(page.locator("svg.sonora-board")).to_have_attribute("data-played", str(played + 1))
        elif kind == "reflick":
            settled(page)
            if not reflicked:
                page.screenshot(path=shots / "sonora-reflick-offered.png")
                reflicked = True
                click(page, '[data-notation="reflick"]')
            else:
                click(page, '[data-notation="keep"]')
        else:  # a disc in the hole: the first area offered
            click(page, '[data-testid="decision"] button[data-notation^="hole"]')
    else:
        raise AssertionError("the flick phase did not end")
    assert reflicked
    settled(page)
    page.screenshot(path=shots / "sonora-swap-step.png", full_page=True)

    click(page, '[data-testid="decision"] [data-notation="done"]')  # keep the Swap bonus
    assert fetch(server, match_id, token)["view"]["phase"] == "ruins"
    expect(page.locator('[data-testid="decision"]')).to_have_attribute("data-kind", "ruins")
    for _ in range(10):  # cross hexes up to a tapped one until the Ruins value is spent
        if fetch(server, match_id, token)["view"]["phase"] != "ruins":
            break
        click(page, '[data-sheet="0"] [data-area="ruins"] .legal >> nth=-1')
    assert sum(fetch(server, match_id, token)["view"]["sheets"][0]["sheet"]["ruins"].values()) > 0

    # The sealed step: the bot is done, its choices hidden from this seat and from spectators.
    update = fetch(server, match_id, token)
    assert update["view"]["phase"] == "areas" and update["committed"] == [1]
    spectator = fetch(server, match_id)
    hidden_bot = update["view"]["sheets"][1]
    assert public(spectator["view"]) == public(update["view"]) and spectator["view"]["mine"] is None
    assert marks(page, 1) == sheet_marks(hidden_bot["sheet"])
    sealed = [e for e in update["log"] if e["sealed"]]
    assert sealed and all(e["seat"] == 1 and e["notation"] is None for e in sealed)
    work = update["view"]["mine"]["work"]
    assert work["riverbed"] and work["canyon"] and work["mudcracks"], work

    page.screenshot(path=shots / "sonora-sheet-areas.png", full_page=True)
    click(page, '[data-sheet="0"] [data-area="riverbed"] g.legal >> nth=0')
    click(page, '[data-sheet="0"] [data-area="mudcracks"] g.legal[data-node] >> nth=0')
    # a canyon shape from the palette: the straight piece, turned upright, flipped, put above the start
    size = max(fetch(server, match_id, token)["view"]["mine"]["work"]["canyon"])
    assert size >= 4
    straight = next(
        i
        for i, s in enumerate(update["view"]["layout"]["sheet"]["canyon"]["polyominoes"])
        if s == [[0, 0], [0, 1], [0, 2], [0, 3]]
    )
    page.click(f'[data-shape="{straight}"]')
    page.click('[data-action="rotate"]')
    page.click('[data-action="flip"]')
    page.click('[data-sheet="0"] [data-cell="f7"]')
    expect(page.locator('[data-sheet="0"] .ghost rect')).to_have_count(4)
    page.screenshot(path=shots / "sonora-shape-placing.png", full_page=True)
    old = state(page)
    page.click('[data-action="place"]')
    page.wait_for_function(
        "old => Number(document.querySelector('#status').dataset.state) >= old + 4", arg=old
    )
    mine = fetch(server, match_id, token)["view"]["mine"]
    assert mine["sheet"]["canyon"]["drawn"][-1] == ["f7", "f8", "f9", "f10"]
    # what this seat chose stays sealed from the spectator
    assert fetch(server, match_id)["view"]["sheets"][0]["sheet"] == update["view"]["sheets"][0]["sheet"]

    # a spectator on a phone sees this seat's sheet as the step began, not what it chose
    phone = open_page(browser, "en", 390, 844)
    phone.goto(f"{server}/#/m/{match_id}")
    phone.wait_for_selector("#status[data-state]")
    expect(phone.locator(".who")).to_contain_text("watching")
    assert marks(phone, 0) == sheet_marks(update["view"]["sheets"][0]["sheet"])
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=shots / "sonora-spectator-phone.png", full_page=True)
    no_page_errors(phone)
    phone.context.close()

    # the rest of the sheet square by square, node by node, then done
    for _ in range(40):
        update = fetch(server, match_id, token)
        legal = [e["notation"] for e in update["legal_actions"]]
        if update["view"]["phase"] != "areas":
            break
        if any(n.startswith("cell ") for n in legal):
            click(page, '[data-sheet="0"] [data-area="canyon"] g.legal >> nth=0')
        elif any(n.startswith(("discover", "use")) for n in legal):
            click(
                page,
                '[data-testid="decision"] button[data-notation^="discover"], [data-testid="decision"] button[data-notation^="use"]',
            )
        elif any(n.startswith("path") for n in legal):
            click(page, '[data-sheet="0"] [data-area="riverbed"] g.legal >> nth=0')
        elif any(n.startswith(("node", "box")) for n in legal):
            click(page, '[data-sheet="0"] [data-area="mudcracks"] g.legal >> nth=0')
        else:
            click(page, '[data-testid="decision"] button[data-notation]')
    view = fetch(server, match_id, token)["view"]
    assert view["round"] == 2 and view["corners"] == ["canyon", "riverbed"]  # the board turned
    expect(page.locator("#board")).to_contain_text("Rodada 2 de 6")
    bot = view["sheets"][1]["sheet"]
    assert sheet_marks(bot) > sheet_marks(hidden_bot["sheet"]) and marks(page, 1) == sheet_marks(bot)
    assert all(not e["sealed"] for e in fetch(server, match_id)["log"])
    page.screenshot(path=shots / "sonora-round-2.png", full_page=True)
    no_page_errors(page)


def test_a_flick_dragged_on_a_phone_in_english(server: str, browser: Browser, shots: Path) -> None:
    created = create(server, ["human", "bot:aim"], seed=5)
    phone = open_page(browser, "en", 390, 844)
    phone.goto(f"{server}/#/m/{created['id']}?t={created['seats'][0]['token']}")
    phone.wait_for_selector("#status[data-state]")
    expect(phone.locator('[data-testid="decision"]')).to_contain_text("Drag the disc")
    view = fetch(server, created["id"], created["seats"][0]["token"])["view"]
    drag_flick(phone, view, (-40.0, 40.0))
    expect(phone.locator('[data-testid="decision"]')).to_have_attribute("data-kind", "reflick")
    expect(phone.locator('[data-testid="last-flick"]')).to_contain_text("Last flick: Player 1, disc 1")
    settled(phone)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=shots / "sonora-phone.png")
    click(phone, '[data-notation="keep"]')
    no_page_errors(phone)


def test_solo_the_ai_marks_are_made_and_drawn(server: str, browser: Browser, shots: Path) -> None:
    created = create(server, ["human"], seed=7)
    match_id, token = created["id"], created["seats"][0]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    for _ in range(90):  # the 15 flicks of the solo round, from the listed sample
        update = fetch(server, match_id, token)
        if update["view"]["phase"] != "flick":
            break
        entry = next(e for e in update["legal_actions"] if e["notation"].endswith((" 200", "keep")))
        body = {"state_id": update["state_id"], "action": entry["action"]}
        assert (
            api.post(f"{server}/api/matches/{match_id}/actions", headers=headers, json=body).status_code
            == 200
        )
    page = open_page(browser, "en")
    page.goto(f"{server}/#/m/{match_id}?t={token}")
    page.wait_for_selector("#status[data-state]")
    expect(page.locator('[data-testid="decision"]')).to_contain_text("Choose your colour")
    click(page, '[data-notation="colours b a"]')
    expect(page.locator("#board")).to_contain_text("Colours: you blue, AI red")
    if fetch(server, match_id, token)["view"]["phase"] == "swap":
        click(page, '[data-notation="done"]')
    assert fetch(server, match_id, token)["view"]["phase"] == "ai"
    page.screenshot(path=shots / "sonora-solo-ai-step.png", full_page=True)
    for _ in range(6):  # the AI's first marks, chosen on the sheet where the player may choose
        if page.locator('[data-sheet="0"] .legal.ai-legal').count():
            click(page, '[data-sheet="0"] .legal.ai-legal >> nth=0')
        else:
            click(page, '[data-testid="decision"] button[data-notation^="ai"]')
    assert page.locator('[data-sheet="0"] [data-mark="ai"]').count() >= 1
    for _ in range(60):  # the rest through the API
        update = fetch(server, match_id, token)
        if update["view"]["phase"] != "ai":
            break
        body = {"state_id": update["state_id"], "action": update["legal_actions"][0]["action"]}
        assert (
            api.post(f"{server}/api/matches/{match_id}/actions", headers=headers, json=body).status_code
            == 200
        )
    page.wait_for_function(
        "id => Number(document.querySelector('#status').dataset.state) >= id", arg=update["state_id"]
    )
    sheet = fetch(server, match_id, token)["view"]["sheets"][0]["sheet"]
    filled = sum(row.count("#") for row in sheet["canyon"]["rows"]) + len(sheet["riverbed"]["ai"])
    assert filled and page.locator('[data-sheet="0"] [data-mark="ai"]').count() >= filled
    page.screenshot(path=shots / "sonora-solo-ai-marks.png", full_page=True)
    no_page_errors(page)
