"""Accessibility in Chromium: axe-core's audit of the lobby, of every game's rules page and of
every game's table at the start, mid-game and at the score sheet in both languages; a whole
Avenue game and a Metro turn played with the keyboard only; the boards' accessible names say
what each square holds.

axe-core is vendored (tests/web/vendor/axe.min.js, MPL-2.0) and injected by Playwright, so the
audit runs offline. WCAG 2.1 AA: 1.4.3 and 1.4.11 contrast, 2.1.1 keyboard, 2.4.3 focus order,
4.1.2 name, role, value."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import SAFETY_NET_MS, api
from .test_browser import after, no_page_errors, open_page, state

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
GAMES = ("avenue", "metro", "dogs", "sonora", "volta_ao_mundo")
BLOCKING = ("serious", "critical")
MID_GAME_MOVES = 6
MAX_TABS_TO_THE_PANEL = 8
"""Tab presses from the top of an Avenue table to its side panel: a few fixed stops (skip
links, the board's one stop, the card), not one per square."""


def audit(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page, one line each (rule, impact, where)."""
    assert page.evaluate("typeof window.axe !== 'undefined'"), "open the page with open_audited"
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
            const result = await axe.run(document, { resultTypes: ["violations"] });
            return result.violations.map((v) => ({
                id: v.id, impact: v.impact,
                nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`.slice(0, 300)),
            }));
        }"""
    )
    return [f"{v['id']} ({v['impact']}): {v['nodes']}" for v in found if v["impact"] in BLOCKING]


def open_audited(browser: Browser, lang: str) -> Page:
    """A page with axe-core loaded before the app (an init script: the server's content
    security policy admits no inline script)."""
    page = open_page(browser, lang)
    page.context.add_init_script(path=AXE)
    return page


def create(server: str, game: str, seed: int) -> dict[str, Any]:
    created = api.post(
        f"{server}/api/matches",
        json={"game": game, "players": 2, "seats": ["local", "bot:random"], "seed": seed},
    )
    assert created.status_code == 201, created.text
    match: dict[str, Any] = created.json()
    return match


def play_through_api(server: str, match: dict[str, Any], moves: int, seed: int) -> None:
    """Play `moves` of seat 0's listed moves through the API (the bot answers between them)."""
    token = match["seats"][0]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    url = f"{server}/api/matches/{match['id']}"
    choose = random.Random(seed)
    played = 0
    deadline = time.monotonic() + SAFETY_NET_MS / 1000
    while played < moves:
        assert time.monotonic() < deadline, f"seat 0 got only {played} of {moves} moves"
        update = api.get(url, headers=headers).json()
        assert update["outcome"] is None, "the game ended before mid-game"
        if not update["legal_actions"]:
            time.sleep(0.1)  # the bot is to play
            continue
        entry = choose.choice(update["legal_actions"])
        answer = api.post(
            f"{url}/actions",
            headers=headers,
            json={"state_id": update["state_id"], "action": entry["action"]},
        )
        assert answer.status_code == 200, answer.text
        played += 1


def seat_update(server: str, match: dict[str, Any]) -> dict[str, Any]:
    """Seat 0's update from the API (what its page is drawn from)."""
    headers = {"Authorization": f"Bearer {match['seats'][0]['token']}"}
    answer = api.get(f"{server}/api/matches/{match['id']}", headers=headers)
    assert answer.status_code == 200, answer.text
    update: dict[str, Any] = answer.json()
    return update


def finish_with_bots(server: str, match: dict[str, Any]) -> None:
    token = match["seats"][0]["token"]
    handed = api.post(
        f"{server}/api/matches/{match['id']}/seats/0/bot",
        headers={"Authorization": f"Bearer {token}"},
    )
    assert handed.status_code == 200, handed.text
    deadline = time.monotonic() + SAFETY_NET_MS / 1000
    url = f"{server}/api/matches/{match['id']}"
    while api.get(url).json()["outcome"] is None:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.2)


def open_table(browser: Browser, server: str, match: dict[str, Any], lang: str) -> Page:
    page = open_audited(browser, lang)
    page.goto(f"{server}/#/m/{match['id']}?t={match['seats'][0]['token']}")
    page.wait_for_selector("#status[data-state]")
    expect(page.locator("#board > *").first).to_be_attached()
    return page


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_lobby_has_no_serious_axe_violation(server: str, browser: Browser, lang: str) -> None:
    page = open_audited(browser, lang)
    page.goto(f"{server}/")
    page.wait_for_selector("#create")
    assert audit(page) == []
    no_page_errors(page)


@pytest.mark.parametrize("game", GAMES)
def test_every_rules_page_has_no_serious_axe_violation(server: str, browser: Browser, game: str) -> None:
    """The "How to play" page with its board picture, in Portuguese and English."""
    problems: dict[str, list[str]] = {}
    for lang in ("pt", "en"):
        page = open_audited(browser, lang)
        page.goto(f"{server}/#/rules/{game}")
        expect(page.locator(f'main.rules[data-lang="{lang}"][data-ready="1"]')).to_be_attached()
        problems[lang] = audit(page)
        no_page_errors(page)
        page.context.close()
    report = [f"{where}: {line}" for where, found in problems.items() for line in found]
    assert report == [], "\n".join(report)


@pytest.mark.parametrize("game", GAMES)
def test_every_table_has_no_serious_axe_violation(
    server: str, browser: Browser, shots: Path, game: str
) -> None:
    """At the start, mid-game and at the score sheet, in Portuguese and English."""
    problems: dict[str, list[str]] = {}
    match = create(server, game, seed=11)
    for lang in ("pt", "en"):
        page = open_table(browser, server, match, lang)
        problems[f"{lang} start"] = audit(page)
        page.context.close()
    play_through_api(server, match, MID_GAME_MOVES, seed=11)
    for lang in ("pt", "en"):
        page = open_table(browser, server, match, lang)
        problems[f"{lang} mid-game"] = audit(page)
        page.screenshot(path=shots / f"a11y-{game}-mid-{lang}.png", full_page=True)
        page.context.close()
    finish_with_bots(server, match)
    for lang in ("pt", "en"):
        page = open_table(browser, server, match, lang)
        expect(page.locator("#outcome table")).to_be_visible()
        problems[f"{lang} score sheet"] = audit(page)
        no_page_errors(page)
        page.context.close()
    report = [f"{where}: {line}" for where, found in problems.items() for line in found]
    assert report == [], "\n".join(report)


def focus_on_board(page: Page) -> bool:
    """Whether the focused element is a control of the board (an item of a board's group)."""
    return bool(page.evaluate("!!document.activeElement?.closest('#board [data-roving] [data-item]')"))


def tab_into(page: Page, selector: str, limit: int = 80) -> int:
    """Press Tab until focus is inside `selector`; how many presses it took (fails after
    `limit` presses)."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate("s => !!document.activeElement?.closest(s)", selector):
            return presses
    pytest.fail(f"{limit} presses of Tab never reached {selector}")


def wait_for_my_turn_or_the_end(page: Page) -> bool:
    """True when it is the viewer's turn again, False when the game is over."""
    page.wait_for_function(
        "() => document.querySelector('#status.your-turn') || document.querySelector('#outcome table')"
    )
    return page.locator("#outcome table").count() == 0


def test_a_whole_avenue_game_with_the_keyboard_only(server: str, browser: Browser, shots: Path) -> None:
    created = api.post(
        f"{server}/api/matches",
        json={"game": "avenue", "players": 2, "seats": ["local", "bot:greedy"], "seed": 4},
    ).json()
    page = open_page(browser, "en")
    page.goto(f"{server}/#/m/{created['id']}?t={created['seats'][0]['token']}")
    expect(page.locator("#status")).to_have_class("status your-turn")
    assert page.evaluate("document.documentElement.scrollHeight > window.innerHeight")  # Space could scroll
    # one Tab stop per board: the two skip links, the sheet, the card, then the side panel
    # (45 presses before issue 22, when every square was a stop of its own)
    assert tab_into(page, ".side") <= MAX_TABS_TO_THE_PANEL
    page.reload()
    expect(page.locator("#status")).to_have_class("status your-turn")
    tab_into(page, "#board [data-roving]")
    moves = 0
    while True:
        assert focus_on_board(page), f"focus left the board after {moves} moves"
        key = ("ArrowRight", "ArrowDown")[moves % 2]
        axis = 0 if key == "ArrowRight" else 1
        before = str(page.evaluate("document.activeElement.dataset.square"))
        legal = [
            str(sq)
            for sq in page.eval_on_selector_all("#board g.legal", "gs => gs.map(g => g.dataset.square)")
        ]
        position = {sq: ("abcdef".index(sq[0]), int(sq[1])) for sq in legal}
        page.keyboard.press(key)
        square = str(page.evaluate("document.activeElement.dataset.square"))
        assert square in legal, f"{key} took focus off the squares"
        # the arrow moves to a square further that way whenever there is one
        beyond = any(position[sq][axis] > position[before][axis] for sq in legal)
        assert (position[square][axis] > position[before][axis]) == beyond, (key, before, square, legal)
        old = state(page)
        scrolled = page.evaluate("window.scrollY")
        page.keyboard.press(("Enter", " ")[moves % 2])  # Space acts too, and does not scroll the page
        after(page, old)
        assert page.evaluate("window.scrollY") == scrolled
        moves += 1
        assert moves < 60, "Avenue did not end"
        if not wait_for_my_turn_or_the_end(page):
            break
    expect(page.locator("#outcome table")).to_contain_text("Total")
    assert page.locator('svg[data-sheet="0"] [data-road]').count() == moves  # every Enter drew one road
    page.screenshot(path=shots / "a11y-avenue-keyboard-end.png", full_page=True)
    no_page_errors(page)


def test_a_metro_turn_with_the_keyboard_only(server: str, browser: Browser) -> None:
    match = create(server, "metro", seed=8)
    page = open_page(browser, "pt")
    page.goto(f"{server}/#/m/{match['id']}?t={match['seats'][0]['token']}")
    expect(page.locator("#status")).to_have_class("status your-turn")
    tab_into(page, '[data-roving="metro-hand"]')
    hand = page.locator('[data-roving="metro-hand"] [data-item]').count()
    first = page.evaluate("document.activeElement.dataset.hand")
    if hand > 1:
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.hand") != first
    chosen = str(page.evaluate("document.activeElement.dataset.hand"))
    page.keyboard.press(" ")
    expect(page.locator(f'[data-hand="{chosen}"]')).to_have_attribute("aria-checked", "true")
    assert page.evaluate("document.activeElement.dataset.hand") == chosen  # focus kept across the redraw
    tab_into(page, '#board [data-roving="metro-board"]')
    square = page.evaluate("document.activeElement.dataset.square")
    old = state(page)
    page.keyboard.press("Enter")
    after(page, old)
    assert wait_for_my_turn_or_the_end(page)
    assert focus_on_board(page), "focus did not come back to the board on the next turn"
    expect(page.locator(f'[data-tile="{chosen}"][data-at="{square}"]')).to_have_count(1)
    no_page_errors(page)


# -- accessible names ---------------------------------------------------------------------

AVENUE_WORDS = {"P": "purple grape", "G": "green grape"}
EXITS = ["north 1", "north 2", "east 1", "east 2", "south 1", "south 2", "west 1", "west 2"]


def avenue_content(token: str) -> list[str]:
    """The words a square's name must hold for what the map prints on it (the map's tokens)."""
    if re.fullmatch(r"[A-F]", token):
        return [f"farm {token}"]
    if token in ("CP", "CG"):
        return [{"CP": "purple castle", "CG": "green castle"}[token]]
    if token == ".":
        return ["empty"]
    return [f"{token.count(letter)} {word}" for letter, word in AVENUE_WORDS.items() if letter in token]


def names_of(page: Page, selector: str) -> dict[str, str]:
    """The accessible name of every board control matching `selector`, by its data-item."""
    found: dict[str, str] = {}
    items = page.locator(selector)
    for i in range(items.count()):
        item = items.nth(i)
        name = item.get_attribute("aria-label") or ""
        expect(item).to_have_accessible_name(name)
        found[item.get_attribute("data-item") or ""] = name
    return found


def test_the_boards_names_say_what_each_square_holds(server: str, browser: Browser) -> None:
    avenue = create(server, "avenue", seed=2)
    view = seat_update(server, avenue)["view"]
    page = open_table(browser, server, avenue, "en")
    names = names_of(page, "#board [data-roving] [data-item]")
    assert len(names) == 42  # every square is free on the first card
    sides = {"N": "north", "S": "south", "E": "east", "W": "west"}
    road = "–".join(sides[s] for s in view["map"]["segments"][str(view["card"]["segment"])])
    for square, name in names.items():
        index = "abcdef".index(square[0]) + (int(square[1]) - 1) * 6
        assert name.startswith(f"{square}: "), name
        for words in avenue_content(view["map"]["squares"][index]):
            assert words in name, (square, view["map"]["squares"][index], name)
        assert f"draw the {road} road here" in name, name
    expect(page.locator(".road-card")).to_have_accessible_name(re.compile(f"{road} road"))

    metro = create(server, "metro", seed=2)
    page = open_table(browser, server, metro, "en")
    update = seat_update(server, metro)
    stations_at: dict[str, list[str]] = {}
    for station in update["view"]["stations"]:
        if not station["name"].startswith("F"):
            stations_at.setdefault(station["square"], []).append(station["name"])
    names = names_of(page, "#board [data-roving] [data-item]")
    assert names
    for square, name in names.items():
        assert name.startswith(f"{square}: empty"), name
        for station in stations_at.get(square, []):
            assert f"station {station} (" in name, (square, name)
        placed = re.search(r"place tile (\w+) here, turned (\d+)°: tracks (.+)$", name)
        assert placed, name
        tile, turns = placed.group(1), int(placed.group(2)) // 90
        # each track joins two of the 8 exits (2 per side, clockwise from north); a quarter
        # turn moves every exit 2 places on
        expected = [
            f"{EXITS[(a + 2 * turns) % 8]}–{EXITS[(b + 2 * turns) % 8]}"
            for a, b in update["view"]["tile_tracks"][tile]
        ]
        assert placed.group(3) == ", ".join(expected), name

    dogs = create(server, "dogs", seed=2)
    page = open_table(browser, server, dogs, "pt")
    names = names_of(page, "#board [data-roving] [data-item]")
    board = seat_update(server, dogs)["view"]
    for space, name in names.items():
        if space == "X":
            continue
        assert name.startswith(f"{space}: "), name
        reward = next(s["reward"] for s in board["map"]["spaces"] if s["name"] == space)
        assert f"recompensa {reward}" in name, name
        token = board["board"].get(space)
        assert (token is None) == ("vazia" in name), (space, token, name)

    volta = create(server, "volta_ao_mundo", seed=2)
    page = open_table(browser, server, volta, "en")
    view = seat_update(server, volta)["view"]
    cities = {city[0]: city[2] for city in view["map"]["cities"]}
    here: dict[str, list[str]] = {}
    for seat, traveller in enumerate(view["travellers"]):
        if traveller["city"]:
            here.setdefault(traveller["city"], []).append(f"Player {seat + 1}")
    names = names_of(page, "#board [data-roving] [data-item]")
    assert names
    for city, name in names.items():
        assert name.startswith(f"{city} {cities[city]}"), name  # the printed code first, then the city
        for who in here.get(city, []):
            assert who in name, (city, name)
    no_page_errors(page)


def test_sonora_aims_and_flicks_with_the_keyboard(server: str, browser: Browser) -> None:
    created = api.post(
        f"{server}/api/matches",
        json={"game": "sonora", "players": 2, "seats": ["local", "bot:aim"], "seed": 2},
    ).json()
    token = created["seats"][0]["token"]
    page = open_page(browser, "en")
    page.goto(f"{server}/#/m/{created['id']}?t={token}")
    expect(page.locator("#status")).to_have_class("status your-turn")
    bounds = api.get(
        f"{server}/api/matches/{created['id']}", headers={"Authorization": f"Bearer {token}"}
    ).json()["view"]["layout"]["flick"]
    picker = page.get_by_role("radiogroup", name="Disc to flick:")
    expect(picker.get_by_role("radio")).not_to_have_count(0)
    tab_into(page, '[data-roving="sonora-board"]')
    disc = str(page.evaluate("document.activeElement.dataset.aim"))
    for key in ("ArrowRight", "ArrowRight", "Shift+ArrowUp"):
        page.keyboard.press(key)
    # 2 steps of 1° to the right; strength from 200 up by 10 × 10 mm; the launch point stays
    expected = "Angle 2°, strength 300 mm, point 0 mm."
    expect(page.locator("#announce")).to_have_text(expected)
    assert page.evaluate("document.activeElement.dataset.aim") == disc  # focus kept across redraws
    expect(page.locator(f'[data-aim="{disc}"]')).to_have_accessible_name(
        re.compile(r"angle 2°, strength 300 mm")
    )
    page.keyboard.press("PageUp")
    expect(page.locator("#announce")).to_contain_text("point 1 mm")
    assert bounds["offset"][0] <= 1 <= bounds["offset"][1]
    with page.expect_response(lambda r: r.url.endswith("/actions")) as answer:
        page.keyboard.press("Enter")
    sent = answer.value.request.post_data_json
    assert sent["action"] == {"text": f"flick {disc} 1 2 300"}
    assert answer.value.status == 200
    no_page_errors(page)


# -- Sonora's score sheet in words --------------------------------------------------------

SONORA_BONUS = {
    "reflick": "Re-flick",
    "swap": "Swap",
    "fox": "Fox",
    "owl": "Owl",
    "rabbit": "Rabbit",
    "discovery": "Discovery",
}
SONORA_CACTUS = {"a": "Cactus A", "b": "Cactus B", "c": "Cactus C"}
MUD_CACTUS = {"S": "Small cactus (2)", "M": "Medium cactus (4)", "L": "Large cactus (6)"}
SHEET_MOVES = ("ruins", "path", "cell", "node", "box")


def play_sonora_until(server: str, match: dict[str, Any], kinds: set[str], choose: random.Random) -> None:
    """Play seat 0's listed moves at random through the API until its legal moves hold every
    one of `kinds` (the first word of the notation)."""
    headers = {"Authorization": f"Bearer {match['seats'][0]['token']}"}
    url = f"{server}/api/matches/{match['id']}"
    deadline = time.monotonic() + SAFETY_NET_MS / 1000
    while True:
        assert time.monotonic() < deadline, f"seat 0 was never offered {kinds}"
        update = api.get(url, headers=headers).json()
        assert update["outcome"] is None, f"the game ended before {kinds} was offered"
        legal = update["legal_actions"]
        if kinds <= {e["notation"].split()[0] for e in legal}:
            return
        if not legal:
            time.sleep(0.1)
            continue
        entry = choose.choice(legal)
        answer = api.post(
            f"{url}/actions",
            headers=headers,
            json={"state_id": update["state_id"], "action": entry["action"]},
        )
        assert answer.status_code == 200, answer.text


def sonora_cell_words(view: dict[str, Any], notation: str) -> tuple[str, list[str]]:
    """What a Sonora sheet button's name must start with and hold, from the view's printed
    sheet (`layout.sheet`) and seat 0's marks."""
    sheet = view["layout"]["sheet"]
    mine = (view.get("mine") or view["sheets"][0])["sheet"]
    kind, *args = notation.split()
    if kind == "ruins":
        building, count = args[0], int(args[1])
        hexes = next(b["hexes"] for b in sheet["buildings"] if b["id"] == building)
        # the button is the last hexagon crossed: the ones already crossed, then `count` more
        return f"Ruins, building {building}, ", [
            f"hexagon {mine['ruins'][building] + count} of {hexes}: empty"
        ]
    if kind == "path":
        space = next(s for s in sheet["riverbed"] if s["id"] == args[0])
        points = f"{space['points']} point{'' if space['points'] == 1 else 's'}"
        printed = SONORA_BONUS[space["bonus"]] if space["bonus"] else points
        path = (view.get("mine") or view["sheets"][0])["previews"]["paths"][args[0]]
        return printed, [f"Riverbed space {args[0]}: empty", f"through {', '.join(path)}"]
    if kind == "cell":
        name = args[0]
        canyon = sheet["canyon"]
        printed = canyon["printed"][int(name[1:]) - 1]["abcdefghij".index(name[0])]
        kind_there = canyon["legend"].get(printed, "")
        if printed in SONORA_CACTUS:
            words = SONORA_CACTUS[printed]
        elif kind_there in SONORA_BONUS:
            words = SONORA_BONUS[kind_there]
        else:
            words = {"S": "start square", "I": "AI start"}.get(printed, "empty")
        return f"Canyon, square {name}: ", [words]
    if kind == "node":
        node = next(n for n in sheet["mudcracks"]["nodes"] if n["id"] == args[0])
        beside = [
            MUD_CACTUS.get(f["symbol"]) or SONORA_BONUS[f["symbol"]]
            for f in sheet["mudcracks"]["faces"]
            if args[0] in f["nodes"] and f["symbol"] != "-"
        ]
        return f"{node['value']}, Mud cracks node {args[0]}: empty", beside
    assert kind == "box", notation
    columns = sheet["mudcracks"]["columns"]
    i = next(i for i, c in enumerate(columns) if c["bonus"] == args[0])
    crossed = mine["mudcracks"]["columns"][i]
    return f"Mud cracks, {SONORA_BONUS[args[0]]}", [f"{crossed} of {columns[i]['boxes']} boxes crossed out"]


def check_sonora_sheet_names(page: Page, update: dict[str, Any]) -> int:
    """Every sheet move of seat 0 is a button on its sheet whose name says what is there, then
    the move's own words; how many were checked."""
    names = names_of(page, '[data-sheet="0"] [data-roving] [data-item]')
    on_sheet = [e for e in update["legal_actions"] if e["notation"].split()[0] in SHEET_MOVES]
    for entry in on_sheet:
        name = names.get(entry["notation"])
        assert name is not None, f"no button for {entry['notation']}"
        start, words = sonora_cell_words(update["view"], entry["notation"])
        assert name.startswith(start), (entry["notation"], name)
        for word in words:
            assert word in name, (entry["notation"], word, name)
        assert name.endswith(f"; {entry['text']['en']}"), (entry["notation"], name)
    return len(on_sheet)


def test_sonora_sheet_names_say_what_each_cell_holds(server: str, browser: Browser) -> None:
    match = create(server, "sonora", seed=11)
    choose = random.Random(11)
    checked: dict[str, int] = {}
    for kinds in ({"ruins"}, {"path", "cell", "node", "box"}):
        play_sonora_until(server, match, kinds, choose)
        update = seat_update(server, match)
        page = open_table(browser, server, match, "en")
        checked[update["view"]["phase"]] = check_sonora_sheet_names(page, update)
        # the flick bonuses and discoveries are named too, though not chosen on the sheet
        expect(page.locator('[data-sheet="0"] [data-track="reflick"]').first).to_have_accessible_name(
            re.compile(r"^Re-flick 1 of \d+: ")
        )
        no_page_errors(page)
        page.context.close()
    assert checked["ruins"] > 0 and checked["areas"] > 0, checked


# -- seat numbers printed on seat colours --------------------------------------------------


def contrast(a: str, b: str) -> float:
    """WCAG 2.1's contrast ratio of two computed CSS colours (`rgb(r, g, b)`)."""

    def luminance(colour: str) -> float:
        channels = [int(v) / 255 for v in re.findall(r"\d+", colour)[:3]]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def label_contrasts(page: Page) -> list[tuple[str, str, str | None]]:
    """Each label printed on a seat's colour (`data-label-of`): its text, its computed fill and
    the computed fill of the shape it is printed on (`data-label-bg`; None when missing)."""
    found: list[list[Any]] = page.evaluate(
        """() => [...document.querySelectorAll('#board [data-label-of]')].map((t) => {
            const bg = document.querySelector(`#board [data-label-bg="${t.dataset.labelOf}"]`);
            return [t.textContent, getComputedStyle(t).fill, bg ? getComputedStyle(bg).fill : null];
        })"""
    )
    return [(str(text), str(ink), fill) for text, ink, fill in found]


@pytest.mark.parametrize(
    ("game", "players"), [("dogs", 4), ("metro", 4), ("sonora", 4), ("sonora", 1), ("volta_ao_mundo", 4)]
)
def test_seat_numbers_contrast_with_their_colour(
    server: str, browser: Browser, game: str, players: int
) -> None:
    """WCAG 1.4.3 for the SVG text axe does not audit: every seat number (and Metro station
    number, and solo Sonora's disc numbers on their colours) printed on a seat's colour, mid-game."""
    created = api.post(
        f"{server}/api/matches",
        json={
            "game": game,
            "players": players,
            "seats": ["local"] + ["bot:random"] * (players - 1),
            "seed": 5,
        },
    )
    assert created.status_code == 201, created.text
    match = created.json()
    for _ in range(10):  # until pieces of 2 seats or more are out (DOGS' trucks leave the garage)
        play_through_api(server, match, MID_GAME_MOVES, seed=5)
        page = open_table(browser, server, match, "en")
        labels = label_contrasts(page)
        fills = {fill for _, _, fill in labels}
        if len(fills) >= 2:
            break
        page.context.close()
    assert len(fills) >= 2, f"labels on fewer than 2 seat colours: {labels}"
    # the labels are small (7 to 13 px): 4.5:1, not the 3:1 of large text
    low = [
        (text, ink, fill, round(contrast(ink, fill), 2) if fill else None)
        for text, ink, fill in labels
        if fill is None or contrast(ink, fill) < 4.5
    ]
    assert low == [], low
    no_page_errors(page)
