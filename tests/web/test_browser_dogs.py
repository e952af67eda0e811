"""DOGS in Chromium: a complete 2-player round against a bot by clicking the board, the action
board and the decision dialogs; a spectator on a phone; the same view for every seat."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from .conftest import api
from .test_browser import click_and_wait as click
from .test_browser import no_page_errors, open_page


def create(server: str, seats: list[str], seed: int) -> dict:
    response = api.post(
        f"{server}/api/matches",
        json={
            "game": "dogs",
            "players": len(seats),
            "seats": [k.replace("human", "local") for k in seats],
            "seed": seed,
        },
    )
    assert response.status_code == 201
    return response.json()


def decision(page: Page) -> str:
    return page.get_attribute('[data-testid="decision"]', "data-kind") or ""


def one_move(page: Page, shots: Path, seen: set[str]) -> None:
    """Play the pending decision the way a person would, through the board where it can."""
    kind = decision(page)
    if kind not in seen:
        seen.add(kind)
        page.screenshot(path=shots / f"dogs-{kind}.png", full_page=True)
    if kind == "move":
        if page.locator('#board g.legal[data-action^="move"]').count() and "move-taken" not in seen:
            seen.add("move-taken")
            expect(page.locator("#board [data-gas]").first).to_be_visible()  # the gas each space takes
            click(page, '#board g.legal[data-action^="move"]')
        else:
            click(page, '[data-notation="home"], [data-notation="stay"]')
    elif kind == "arrange":
        if page.locator("#mine .pen.target").count():
            click(page, "#mine .pen.target")
        else:
            click(page, '#mine [data-testid="decision"] button[data-notation]')
    elif kind == "place":  # a card that brings no food, if there is one
        no_food = '#board .dogs-boxes button.legal:not([data-action*=" food"])'
        click(page, no_food if page.locator(no_food).count() else "#board .dogs-boxes button.legal")
    elif kind == "box":
        # food exchanged away at the Armazém leaves a pen unfed: the feeding dialog must ask
        if page.locator('[data-notation^="exchange food"]').count():
            click(page, '[data-notation^="exchange food"]')
        else:
            click(page, '[data-notation^="shop"], [data-notation="done"]')
    elif kind == "offer":
        click(page, '[data-notation="accept"]')
    else:  # fuel, bonus, feed, salary: the first choice the dialog offers
        click(page, '#mine [data-testid="decision"] button[data-notation]')


def test_a_complete_two_player_dogs_round(server: str, browser: Browser, shots: Path) -> None:
    created = create(server, ["human", "bot:greedy"], seed=3)
    page = open_page(browser, "pt")
    page.goto(f"{server}/#/m/{created['id']}?t={created['seats'][0]['token']}")
    page.wait_for_selector("#status[data-state]")
    expect(page.locator(".dogs-map")).to_be_visible()
    expect(page.locator("#board")).to_contain_text("Rodada 1")
    assert page.locator("g.space").count() == 17
    assert page.locator("[data-truck]").count() == 2  # both pick-ups on the centre
    seen: set[str] = set()
    for _ in range(80):
        if "Rodada 2" in page.inner_text("#board .dogs-info"):
            break
        expect(page.locator("#status")).to_have_class("status your-turn")
        one_move(page, shots, seen)
    else:
        raise AssertionError(f"round 1 did not end; decisions seen: {sorted(seen)}")
    assert {"move", "arrange", "place", "box", "feed"} <= seen
    expect(page.locator(".log")).to_contain_text("volta ao canil (1 ficha de gasolina)")
    # the log in words: the new round and the dogs turned face up under the move that ended round 1
    expect(page.locator('.log [data-event="round"]').filter(has_text="Rodada 2")).to_have_count(1)
    expect(
        page.locator('[data-log] [data-event="chance"]').filter(has_text="Novos cães no tabuleiro")
    ).to_have_count(1)
    expect(page.locator(".log")).to_contain_text("Robô 2 (guloso): ")  # the bot played its turns too
    # the dog brought home sat in a pen; its food went to the Armazém, so unfed it fell sick
    expect(page.locator('[data-kennel="0"] [data-area="infirmary"] .dog-chip.sick').first).to_be_visible()
    assert page.locator("#mine .dog-chip").count() >= 1
    page.screenshot(path=shots / "dogs-round-2.png", full_page=True)
    no_page_errors(page)


def test_a_spectator_on_a_phone_sees_the_whole_table_in_english(
    server: str, browser: Browser, shots: Path
) -> None:
    created = create(server, ["bot:greedy", "bot:random", "bot:greedy"], seed=8)
    phone = open_page(browser, "en", 390, 844)
    phone.goto(f"{server}/#/m/{created['id']}")
    phone.wait_for_selector("#status[data-state]")
    expect(phone.locator(".who")).to_contain_text("watching")
    expect(phone.locator(".dogs-map")).to_be_visible()
    expect(phone.locator('[data-testid="fair"]')).to_contain_text("Dog Fair")
    expect(phone.locator(".kennel")).to_have_count(3)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=shots / "dogs-spectator-phone.png", full_page=True)
    no_page_errors(phone)


def test_every_seat_and_the_spectator_get_the_same_dogs_view(server: str) -> None:
    created = create(server, ["human", "human", "bot:greedy"], seed=4)
    base = f"{server}/api/matches/{created['id']}"
    seated = [{"Authorization": f"Bearer {seat['token']}"} for seat in created["seats"][:2]]
    views = [api.get(base, headers=headers).json()["view"] for headers in [{}, *seated]]
    for view in views:
        view.pop("seat")
        assert "deck_order" not in view and "bags" not in view and "rng" not in view
    assert views[0] == views[1] == views[2]
