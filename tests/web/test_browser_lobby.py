"""The lobby and the table's return trips in Chromium, in Portuguese on a phone and English on a
laptop: the games with a picture and a line each, options grouped by expansion and refused
live with the rulebook's reason, "Your matches" resumed with the seat (online and hotseat),
recent matches with names and hidden when finished, the rematch button, and the turn signals
(title, favicon, optional sound, a notification while the tab is hidden)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import SAFETY_NET_MS, api
from .test_browser import click_and_wait, no_page_errors, open_page
from .test_browser_a11y import AXE, audit

WINDOWS = [("en", 1366, 900), ("pt", 390, 844)]
WORDS = {
    "en": {
        "mine": "Your matches",
        "turn": "Your turn",
        "recent": "Recent matches",
        "unavailable": "Unavailable: 3, 4.",
        "about": "Lay track tiles",
        "notify": "Tabuleiro: your turn",
        "bot": "bot greedy",
    },
    "pt": {
        "mine": "As suas partidas",
        "turn": "Sua vez",
        "recent": "Partidas recentes",
        "unavailable": "Indisponível: 3, 4.",
        "about": "Coloque peças de trilho",
        "notify": "Tabuleiro: sua vez",
        "bot": "robô guloso",
    },
}

FAKES = """
window.__asked = 0; window.__notes = []; window.__tones = 0; window.__hidden = false;
class FakeNotification {
  constructor(title, options) { window.__notes.push({ title, body: options.body }); }
  close() {}
  static requestPermission() { window.__asked += 1; FakeNotification.permission = "granted"; return Promise.resolve("granted"); }
}
FakeNotification.permission = "default";
window.Notification = FakeNotification;
Object.defineProperty(Document.prototype, "hidden", { configurable: true, get() { return window.__hidden; } });
class FakeAudio {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() {
    window.__tones += 1;
    return { frequency: {}, connect: (next) => next, start() {}, stop() {} };
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (next) => next };
  }
}
window.AudioContext = FakeAudio;
"""
"""The browser's Notification and Web Audio replaced by recorders (an init script), and the
tab's visibility made settable: what the page asked for is what the test checks."""


def window_page(browser: Browser, lang: str, width: int, height: int, fakes: bool = False) -> Page:
    page = open_page(browser, lang, width, height)
    page.context.add_init_script(path=AXE)
    if fakes:
        page.context.add_init_script(script=FAKES)
    return page


def create(server: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = api.post(f"{server}/api/matches", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def finish(server: str, match_id: str, token: str) -> None:
    """Seat 0 plays its first listed move until the game is over (its bots answer between)."""
    url = f"{server}/api/matches/{match_id}"
    headers = {"Authorization": f"Bearer {token}"}
    deadline = time.monotonic() + SAFETY_NET_MS / 1000
    while (update := api.get(url, headers=headers).json())["outcome"] is None:
        assert time.monotonic() < deadline, "the game did not end"
        if not update["legal_actions"]:
            time.sleep(0.1)
            continue
        entry = update["legal_actions"][0]
        answer = api.post(
            f"{url}/actions",
            headers=headers,
            json={"state_id": update["state_id"], "action": entry["action"]},
        )
        assert answer.status_code == 200, answer.text


def hold(page: Page, server: str, match_id: str, token: str, seat: int) -> None:
    """Put a seat's token on the page's device, as taking the seat there would."""
    page.goto(f"{server}/")
    page.evaluate(
        "([id, token, seat]) => { localStorage.setItem(`tabuleiro.seat.${id}`, token);"
        " localStorage.setItem(`tabuleiro.seatno.${id}`, String(seat)); }",
        [match_id, token, seat],
    )


def fits(page: Page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize(("lang", "width", "height"), WINDOWS)
def test_games_have_a_picture_and_options_follow_their_expansion(
    server: str, browser: Browser, shots: Path, lang: str, width: int, height: int
) -> None:
    page = window_page(browser, lang, width, height)
    words = WORDS[lang]
    page.goto(f"{server}/")
    page.wait_for_selector("#create")
    games = api.get(f"{server}/api/games").json()
    expect(page.locator(".game-card")).to_have_count(len(games))
    expect(page.locator(".thumb svg")).to_have_count(len(games))  # every game has its renderer
    expect(page.locator('.game-card[data-game="metro"] .line')).to_contain_text(words["about"])
    page.click('[data-testid="lang"]')  # the other language: words and pictures drawn again
    expect(page.locator('.game-card[data-game="metro"] .line')).not_to_contain_text(words["about"])
    expect(page.locator(".thumb svg")).to_have_count(len(games))
    page.click('[data-testid="lang"]')
    assert page.locator(".thumb [tabindex], .thumb [role]").count() == 0  # a picture, no controls
    page.click('[data-choose="metro"]')
    expect(page.locator("#game")).to_have_value("metro")
    expect(page.locator('.game-card[data-game="metro"]')).to_have_class(re.compile("chosen"))
    # settings of an expansion show only while it is on
    expect(page.locator('[data-option="numbers_per_colour"]')).to_have_count(0)
    page.check('[data-option="station_numbers"]')
    expect(
        page.locator('[data-dependents="station_numbers"] [data-option="numbers_per_colour"]')
    ).to_be_visible()
    expect(page.locator('[data-dependents="station_numbers"] [data-option="number_lines"]')).to_be_visible()
    # the rulebook's incompatibility: expansion 4 rules out expansion 1, said before "Create"
    expect(page.locator('[data-option="companies"]')).to_be_disabled()
    expect(page.locator('[data-reason="companies"]')).to_contain_text("Compatível com")
    page.select_option("#players", "4")
    expect(page.locator('[data-reason="numbers_per_colour"]')).to_contain_text(words["unavailable"])
    expect(page.locator('[data-option="numbers_per_colour"] option[value="3"]')).to_be_disabled()
    page.select_option("#players", "2")
    page.select_option('[data-option="numbers_per_colour"]', "4")
    expect(page.locator("#create")).to_be_enabled()
    page.select_option("#players", "3")  # 4 numbers of each colour for 3 players: 12 > 8
    expect(page.locator("[data-refusal]")).to_contain_text("numbers_per_colour=4")
    expect(page.locator("#create")).to_be_disabled()
    page.select_option('[data-option="numbers_per_colour"]', "2")
    expect(page.locator("#create")).to_be_enabled()
    page.uncheck('[data-option="station_numbers"]')
    expect(page.locator('[data-option="numbers_per_colour"]')).to_have_count(0)
    expect(page.locator('[data-option="companies"]')).to_be_enabled()
    page.check('[data-option="companies"]')
    expect(page.locator('[data-dependents="companies"] [data-option="max_swap_streak"]')).to_be_visible()
    fits(page, width)
    assert audit(page) == []
    page.screenshot(path=shots / f"lobby-options-{lang}-{width}.png", full_page=True)
    page.click("#create")  # an expansion's settings go with it; the match starts
    page.wait_for_selector("#status[data-state]")
    match_id = page.url.rsplit("/", 1)[-1].split("?")[0]
    record = api.get(f"{server}/api/matches/{match_id}/record").json()
    assert record["options"]["companies"] is True and record["options"]["station_numbers"] is False
    no_page_errors(page)


@pytest.mark.parametrize(("lang", "width", "height"), WINDOWS)
def test_your_matches_resume_with_the_seat(
    server: str, browser: Browser, shots: Path, lang: str, width: int, height: int
) -> None:
    page = window_page(browser, lang, width, height)
    words = WORDS[lang]
    page.goto(f"{server}/")
    page.wait_for_selector("#create")
    expect(page.locator('[data-testid="my-matches"]')).to_have_count(0)  # nothing held yet
    page.select_option("#game", "avenue")
    page.fill("#name", f"Ana {lang}")
    page.click("#create")
    page.wait_for_selector("#status[data-state]")
    online = page.url.rsplit("/", 1)[-1]
    expect(page.locator("#status")).to_have_attribute("data-seat", "0")
    page.click("a.back")
    mine = page.locator(f'[data-testid="my-matches"] li[data-match="{online}"]')
    expect(mine).to_contain_text(words["turn"])
    expect(mine).to_contain_text(words["bot"])  # the opponent, by name
    expect(mine).to_have_attribute("data-turn", "mine")
    recent = page.locator(f'.recent li[data-match="{online}"]')
    expect(recent).to_contain_text(f"Ana {lang}")  # names from the claimed seats
    expect(recent.locator(f'[data-resume="{online}"]')).to_be_visible()  # held: resumed, not watched
    mine.locator(f'[data-resume="{online}"]').click()
    expect(page.locator("#status")).to_have_attribute("data-seat", "0")  # the seat, not a spectator
    click_and_wait(page, "g.legal")
    page.click("a.back")
    expect(mine).to_contain_text(re.compile(r"last move|última jogada"))
    # a hotseat match keeps every seat, even opened from a plain link
    page.select_option("#game", "avenue")
    page.select_option('.seat-kind[data-seat="1"]', "human")
    page.check('[data-mode="hotseat"]')
    page.click("#create")
    expect(page.locator('[data-testid="pass"]')).to_be_visible()
    hotseat = page.url.rsplit("/", 1)[-1].split("?")[0]
    page.click('[data-testid="pass-lobby"]')  # the pass screen leads back to the lobby too
    link = page.locator(f'[data-testid="my-matches"] [data-resume="{hotseat}"]')
    expect(link).to_have_attribute("href", f"#/m/{hotseat}?hotseat=1")
    page.goto(f"{server}/#/m/{hotseat}")
    expect(page.locator('[data-testid="pass"]')).to_be_visible()
    # a finished match is listed as such and can be hidden from both lists
    done = create(server, {"game": "avenue", "players": 1, "seats": ["local"], "seed": 5})
    finish(server, done["id"], done["seats"][0]["token"])
    hold(page, server, done["id"], done["seats"][0]["token"], 0)
    page.reload()
    finished = page.locator(f'[data-testid="my-matches"] li[data-match="{done["id"]}"]')
    expect(finished).to_have_attribute("data-turn", "over")
    expect(page.locator(f'.recent li[data-match="{done["id"]}"]')).to_be_visible()
    fits(page, width)
    assert audit(page) == []
    page.screenshot(path=shots / f"lobby-mine-{lang}-{width}.png", full_page=True)
    page.check("#hide-finished")
    expect(finished).to_have_count(0)
    expect(page.locator(f'.recent li[data-match="{done["id"]}"]')).to_have_count(0)
    expect(page.locator(f'[data-testid="my-matches"] li[data-match="{online}"]')).to_be_visible()
    page.reload()
    expect(page.locator("#hide-finished")).to_be_checked()  # kept on the device
    no_page_errors(page)


@pytest.mark.parametrize(("lang", "width", "height"), WINDOWS)
def test_rematch_rotates_the_seats(
    server: str, browser: Browser, shots: Path, lang: str, width: int, height: int
) -> None:
    body = {"game": "avenue", "players": 2, "seats": ["local", "bot:greedy"], "names": ["Bia", None]}
    body["options"] = {"map": "B"}
    match = create(server, body)
    token = match["seats"][0]["token"]
    finish(server, match["id"], token)
    page = window_page(browser, lang, width, height)
    hold(page, server, match["id"], token, 0)
    page.goto(f"{server}/#/m/{match['id']}")
    expect(page.locator("#outcome table")).to_be_visible()
    fits(page, width)
    page.screenshot(path=shots / f"rematch-{lang}-{width}.png", full_page=True)
    page.click('[data-testid="rematch"]')
    expect(page).to_have_url(re.compile(r"#/m/(?!" + match["id"] + r")[\w-]+$"))
    expect(page.locator("#status")).to_have_attribute("data-seat", "1")  # Bia moved to seat 2
    rematch = page.url.rsplit("/", 1)[-1]
    record = api.get(f"{server}/api/matches/{rematch}/record").json()
    assert record["options"]["map"] == "B" and record["names"] == [None, "Bia"]
    summary = api.get(f"{server}/api/matches/summaries", params={"ids": rematch}).json()[0]
    assert [s["kind"] for s in summary["seats"]] == ["bot", "human"]
    assert summary["seats"][0]["bot"] == "greedy"
    no_page_errors(page)


@pytest.mark.parametrize(("lang", "width", "height"), WINDOWS)
def test_a_rematch_invites_the_other_person_again(
    server: str, browser: Browser, lang: str, width: int, height: int
) -> None:
    body = {"game": "avenue", "players": 2, "seats": ["local", "human"], "names": ["Caio", None]}
    match = create(server, {**body, "mix_entropy": True})
    claimed = api.post(
        f"{server}/api/matches/{match['id']}/seats/1/claim",
        json={"code": match["seats"][1]["invite"], "name": "Duda", "entropy": "ab" * 32},
    )
    assert claimed.status_code == 200, claimed.text
    tokens = [match["seats"][0]["token"], claimed.json()["token"]]
    url = f"{server}/api/matches/{match['id']}"
    deadline = time.monotonic() + SAFETY_NET_MS / 1000
    while api.get(url).json()["outcome"] is None:
        assert time.monotonic() < deadline, "the game did not end"
        for token in tokens:
            update = api.get(url, headers={"Authorization": f"Bearer {token}"}).json()
            if update["legal_actions"]:
                api.post(
                    f"{url}/actions",
                    headers={"Authorization": f"Bearer {token}"},
                    json={"state_id": update["state_id"], "action": update["legal_actions"][0]["action"]},
                )
    page = window_page(browser, lang, width, height)
    hold(page, server, match["id"], tokens[0], 0)
    page.goto(f"{server}/#/m/{match['id']}")
    page.click('[data-testid="rematch"]')
    invites = page.locator('[data-testid="invites"]')
    expect(invites).to_be_visible()
    link = page.input_value('.invite-link[data-seat="0"]')  # Duda moves from seat 2 to seat 1
    assert re.search(r"#/m/[\w-]+\?invite=0\.", link)
    rematch = link.split("#/m/")[1].split("?")[0]
    summary = api.get(f"{server}/api/matches/summaries", params={"ids": rematch}).json()[0]
    assert [s["name"] for s in summary["seats"]] == [None, "Caio"] and summary["waiting"] is True
    page.click("#go")
    expect(page.locator("#status")).to_have_attribute("data-seat", "1")
    fits(page, width)
    no_page_errors(page)


@pytest.mark.parametrize(("lang", "width", "height"), WINDOWS)
def test_turn_signals_title_favicon_sound_and_notification(
    server: str, browser: Browser, shots: Path, lang: str, width: int, height: int
) -> None:
    words = WORDS[lang]
    match = create(server, {"game": "metro", "players": 2, "seats": ["local", "human"], "mix_entropy": True})
    first = match["seats"][0]["token"]
    invite = match["seats"][1]["invite"]
    page = window_page(browser, lang, width, height, fakes=True)
    page.goto(f"{server}/#/m/{match['id']}?invite=1.{invite}")
    expect(page.locator("#status")).to_have_attribute("data-seat", "1")
    expect(page.locator("#status")).not_to_have_class(re.compile("your-turn"))
    expect(page.locator("link[rel~=icon]")).to_have_attribute("data-turn", "false")
    assert page.evaluate("window.__asked") == 0  # permission is asked for only on a click
    page.check("[data-sound]")
    assert page.evaluate("window.__tones") == 2  # turning the sound on plays it once
    page.click('[data-notify="off"]')
    expect(page.locator('[data-notify="on"]')).to_be_visible()
    assert page.evaluate("window.__asked") == 1
    page.evaluate("window.__hidden = true")
    url = f"{server}/api/matches/{match['id']}"
    headers = {"Authorization": f"Bearer {first}"}
    while 1 not in (update := api.get(url, headers=headers).json())["to_act"]:
        entry = update["legal_actions"][0]
        answer = api.post(
            f"{url}/actions",
            headers=headers,
            json={"state_id": update["state_id"], "action": entry["action"]},
        )
        assert answer.status_code == 200, answer.text
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(page).to_have_title(re.compile(f"^{words['turn']} · "))
    expect(page.locator("link[rel~=icon]")).to_have_attribute("data-turn", "true")
    page.wait_for_function("window.__notes.length === 1")
    note = page.evaluate("window.__notes[0]")
    assert note["title"] == words["notify"] and note["body"]
    assert page.evaluate("window.__tones") == 4
    fits(page, width)
    assert audit(page) == []
    page.screenshot(path=shots / f"notify-{lang}-{width}.png", full_page=True)
    page.evaluate("window.__hidden = false")
    click_and_wait(page, "g.legal")  # the turn goes, the favicon goes back
    expect(page.locator("link[rel~=icon]")).to_have_attribute("data-turn", "false")
    assert page.evaluate("window.__notes.length") == 1  # nothing while the tab is shown
    page.click("a.back")
    expect(page.locator(f'[data-testid="my-matches"] li[data-match="{match["id"]}"]')).to_be_visible()
    no_page_errors(page)
