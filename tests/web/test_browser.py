"""The browser client, clicked through in Chromium: lobby, Avenue to the end against a bot,
Metro between two browsers, hotseat with its pass screen, a spectator on a phone, the
generic table."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import SAFETY_NET_MS, api


def open_page(browser: Browser, lang: str, width: int = 1280, height: int = 900) -> Page:
    context = browser.new_context(
        locale="pt-BR" if lang == "pt" else "en-US", viewport={"width": width, "height": height}
    )
    page = context.new_page()
    page.set_default_timeout(SAFETY_NET_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 500 else None)
    page.context.errors = errors  # type: ignore[attr-defined]
    return page


def no_page_errors(page: Page) -> None:
    """No script error on the page and no 5xx answer from the server since it opened."""
    assert page.context.errors == []  # type: ignore[attr-defined]


def state(page: Page) -> int:
    return int(page.get_attribute("#status", "data-state") or -1)


def after(page: Page, old: int) -> None:
    """Wait until the page shows a state past `old`."""
    try:
        page.wait_for_function(
            "old => Number(document.querySelector('#status')?.dataset.state) > old", arg=old
        )
    except PlaywrightTimeout:
        pytest.fail(f"the table never showed a state after {old} (#status data-state stayed {state(page)})")


def click_and_wait(page: Page, selector: str) -> None:
    old = state(page)
    page.locator(selector).first.click()
    after(page, old)


def new_match(
    page: Page, base: str, game: str, players: int, seats: dict[int, str], mode: str = "online"
) -> None:
    page.goto(f"{base}/")
    page.wait_for_selector("#create")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for seat, kind in seats.items():
        page.select_option(f'.seat-kind[data-seat="{seat}"]', kind)
    page.check(f'[data-mode="{mode}"]')


def token_of(page: Page) -> tuple[str, str]:
    """(match id, token) of a seat's page: the token stays on the device, out of the address."""
    fragment = urlsplit(page.url).fragment
    path, _, query = fragment.partition("?")
    assert "t" not in parse_qs(query) and "invite" not in parse_qs(query)
    match_id = path.rsplit("/", 1)[-1]
    return match_id, str(page.evaluate(f"localStorage.getItem('tabuleiro.seat.{match_id}')"))


def test_a_whole_avenue_game_against_a_bot(server: str, browser: Browser, shots: Path) -> None:
    page = open_page(browser, "en")
    new_match(page, server, "avenue", 2, {1: "bot:greedy"})
    page.screenshot(path=shots / "lobby-en-new-avenue.png", full_page=True)
    page.click("#create")
    page.wait_for_selector("#status[data-state]")
    expect(page.locator("#status")).to_contain_text("Your turn")
    expect(page.locator('#players [data-done="1"]')).to_be_visible()  # the bot chose, sealed
    expect(page.locator("svg.avenue-sheet").first).to_be_visible()
    click_and_wait(page, '[data-action="peek"]')
    expect(page.locator('[data-testid="peeked"]')).to_contain_text("next farm is")
    page.screenshot(path=shots / "avenue-start-peeked-en.png", full_page=True)
    for _ in range(200):
        if page.locator("#outcome table").count():
            break
        click_and_wait(page, "g.legal")
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    expect(outcome.locator("table")).to_contain_text("Total")
    expect(outcome.locator("table")).to_contain_text("Purple grapes joined to the purple castle")
    expect(page.locator("#status")).to_contain_text("won")
    assert page.locator("[data-road]").count() >= 20  # the roads drawn on the sheet
    verify = page.locator('[data-testid="verify"]')
    expect(verify.locator("a")).to_have_attribute("href", re.compile(r"^/api/matches/\w+/record$"))
    assert len(verify.locator("[data-digest]").get_attribute("data-digest") or "") == 64
    page.screenshot(path=shots / "avenue-end.png", full_page=True)
    no_page_errors(page)


def test_metro_between_two_browsers(server: str, browser: Browser, shots: Path) -> None:
    first = open_page(browser, "en")
    new_match(first, server, "metro", 2, {1: "human"})
    first.fill("#name", "Ana <b>")
    first.click("#create")
    expect(first.locator('[data-testid="invites"]')).to_be_visible()
    link = first.input_value('.invite-link[data-seat="1"]')
    first.click("#go")
    first.wait_for_selector("#status[data-state]")
    expect(first.locator("#status")).to_contain_text("invited players")  # nothing dealt before they mix in
    second = open_page(browser, "pt")
    second.goto(link)
    second.wait_for_selector("#status[data-state]")
    expect(second.locator("#status")).to_contain_text("Aguardando")
    expect(second.locator('#players [data-seat="0"] strong')).to_have_text("Ana <b>")  # a name is text
    expect(second.locator("#players b")).to_have_count(0)
    for turn in range(3):
        for page in (first, second):
            expect(page.locator("#status")).to_have_class("status your-turn")
            if turn == 1:
                click_and_wait(page, '[data-action="draw"]')
                expect(page.locator("[data-hand]")).to_have_count(1)
            click_and_wait(page, "g.legal")
    for page in (first, second):
        expect(page.locator("#status")).to_have_attribute("data-state", "8")
    expect(first.locator(".log")).to_contain_text("places")
    expect(second.locator(".log")).to_contain_text("coloca")
    expect(first.locator("[data-tile]")).to_have_count(6)
    match_id, token = token_of(second)
    hand = api.get(f"{server}/api/matches/{match_id}", headers={"Authorization": f"Bearer {token}"}).json()
    assert hand["mixed"] and not hand["waiting"]  # the invitee's entropy is in the seed
    shown = [
        second.get_attribute(f"[data-hand] >> nth={i}", "data-hand")
        for i in range(second.locator("[data-hand]").count())
    ]
    assert shown == hand["view"]["private"]["hand"]
    first.screenshot(path=shots / "metro-en.png", full_page=True)
    second.screenshot(path=shots / "metro-pt.png", full_page=True)
    # The second player lets a bot play for them, then takes the seat back.
    second.get_by_role("button", name="Deixar um robô jogar por mim").click()
    expect(second.locator('[data-seat="1"] .badge.bot')).to_contain_text("no lugar")
    expect(first.locator('[data-seat="1"] .badge.bot')).to_contain_text("standing in")
    click_and_wait(first, "g.legal")
    expect(first.locator("#status")).to_have_class("status your-turn")
    second.get_by_role("button", name="Retomar meu assento").click()
    expect(second.locator('[data-seat="1"] .badge.on')).to_be_visible()
    click_and_wait(first, "g.legal")
    expect(second.locator("#status")).to_have_class("status your-turn")
    no_page_errors(first)
    no_page_errors(second)


def test_hotseat_hides_each_seat_behind_the_pass_screen(server: str, browser: Browser, shots: Path) -> None:
    page = open_page(browser, "en")
    new_match(page, server, "avenue", 2, {1: "human"}, mode="hotseat")
    page.click("#create")
    screen = page.locator('[data-testid="pass"]')
    expect(screen).to_contain_text("Pass the device to Player 1")
    page.screenshot(path=shots / "hotseat-pass.png")
    page.click("#ready")
    click_and_wait(page, "g.legal")
    expect(screen).to_contain_text("Pass the device to Player 2")
    expect(page.locator(".pending")).to_have_count(0)  # player 1's sealed choice is not on screen
    page.click("#ready")
    expect(page.locator("#status")).to_contain_text("Your turn, Player 2")
    click_and_wait(page, "g.legal")
    expect(page.locator(".log ol > li")).to_have_count(2)
    expect(page.locator(".log em")).to_have_count(0)  # both choices revealed
    # the next road card, turned by the second choice, shows under it
    expect(page.locator("[data-log] li.event-chance")).to_contain_text("Road card revealed: segment ")

    match_id = urlsplit(page.url).fragment.split("?")[0].rsplit("/", 1)[-1]
    phone = open_page(browser, "pt", 390, 844)
    phone.goto(f"{server}/#/m/{match_id}")
    expect(phone.locator(".who")).to_contain_text("Você está assistindo")
    expect(phone.locator("svg.avenue-sheet").first).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=shots / "spectator-phone.png", full_page=True)
    no_page_errors(page)
    no_page_errors(phone)


def test_the_generic_table_offers_every_legal_move(server: str, browser: Browser, shots: Path) -> None:
    created = api.post(
        f"{server}/api/matches", json={"game": "metro", "players": 2, "seats": ["local", "bot:random"]}
    ).json()
    page = open_page(browser, "en")
    page.goto(f"{server}/#/m/{created['id']}?t={created['seats'][0]['token']}&plain=1")
    expect(page.locator(".generic-note")).to_be_visible()
    expect(page.locator(".viewtext pre")).to_contain_text('"game": "metro"')
    click_and_wait(page, "button.move")
    expect(page.locator(".log li")).not_to_have_count(0)
    page.screenshot(path=shots / "generic-table.png", full_page=True)
    no_page_errors(page)


def test_metro_expansions_are_drawn(server: str, browser: Browser, shots: Path) -> None:
    page = open_page(browser, "pt")
    for name, options in (
        ("companies-central-stations", {"companies": True, "central_stations": True}),
        ("central-tracks-numbers", {"central_tracks": True, "station_numbers": True}),
    ):
        created = api.post(
            f"{server}/api/matches",
            json={
                "game": "metro",
                "players": 3,
                "seats": ["local", "bot:greedy", "bot:greedy"],
                "options": options,
            },
        ).json()
        page.goto(f"{server}/#/m/{created['id']}?t={created['seats'][0]['token']}")
        page.wait_for_selector("#status[data-state]")
        if options.get("companies"):
            expect(page.locator("#mine")).to_contain_text("Suas ações (secretas)")
            expect(page.locator("#others")).to_contain_text("Companhias (lucro)")
            expect(page.locator('[data-station="F1"]')).to_be_visible()
            page.click(".metro-extra summary")
            click_and_wait(page, '[data-action="central"]')
        else:
            expect(page.locator('[data-testid="numbers"]')).to_contain_text("Seus números de estação")
            expect(page.locator("[data-tile]")).to_have_count(4)  # the central track tiles
            click_and_wait(page, "g.legal")
        page.screenshot(path=shots / f"metro-{name}.png", full_page=True)
    no_page_errors(page)


def test_a_player_chooses_what_happens_when_their_clock_runs_out(server: str, browser: Browser) -> None:
    body = {"game": "metro", "players": 2, "seats": ["local", "bot:random"], "clock_seconds": 600}
    created = api.post(f"{server}/api/matches", json=body).json()
    token = created["seats"][0]["token"]
    page = open_page(browser, "en")
    page.goto(f"{server}/#/m/{created['id']}?t={token}")
    page.wait_for_selector("#status[data-state]")
    assert "t=" not in page.url  # the token left the address for the device's storage
    with page.expect_response(lambda response: response.url.endswith("/seats/0/timeout")) as answer:
        page.select_option('[data-on-timeout-seat="0"]', "forfeit")
    assert answer.value.status == 200
    expect(page.locator('[data-on-timeout-seat="0"]')).to_have_value("forfeit")
    headers = {"Authorization": f"Bearer {token}"}
    seats = api.get(f"{server}/api/matches/{created['id']}", headers=headers).json()["seats"]
    assert seats[0]["on_timeout"] == "forfeit"
    no_page_errors(page)


def test_metro_final_sheet_shows_every_players_shares(server: str, browser: Browser, shots: Path) -> None:
    # § Expansão 1, Pontuação e fim do jogo: the sheet lets everyone check the shares counted.
    created = api.post(
        f"{server}/api/matches",
        json={
            "game": "metro",
            "players": 2,
            "seats": ["local", "bot:random"],
            "options": {"companies": True},
            "seed": 3,
        },
    ).json()
    token = created["seats"][0]["token"]
    handed = api.post(
        f"{server}/api/matches/{created['id']}/seats/0/bot", headers={"Authorization": f"Bearer {token}"}
    )
    assert handed.status_code == 200
    outcome = handed.json()["outcome"]
    assert outcome is not None
    page = open_page(browser, "pt")
    page.goto(f"{server}/#/m/{created['id']}")
    sheet = page.locator("#outcome table")
    expect(sheet).to_contain_text("Ação de 40%")
    expect(sheet).to_contain_text("Maioria em")
    names = {"yellow": "amarelo", "blue": "azul", "orange": "laranja", "green": "verde"}
    names |= {"purple": "roxo", "black": "preto", "red": "vermelho", "white": "branco"}
    values = {c["company"]: c["value"] for c in outcome["overview"]["companies"]}
    for seat in (0, 1):
        share = outcome["details"][seat]["shares"][3]
        expect(sheet).to_contain_text(f"{names[share['company']]} (×{values[share['company']]})")
        expect(page.locator(f'[data-testid="held-{seat}"]')).to_contain_text(names[share["company"]])
    page.screenshot(path=shots / "metro-final-sheet-companies.png", full_page=True)
    no_page_errors(page)
