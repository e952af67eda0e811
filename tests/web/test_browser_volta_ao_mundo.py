"""Volta ao mundo em 80 dias in Chromium: the sealed city draft, then a race turn sequence
against a bot (a card bought, a move previewed card by card with its weather, event and card,
confirmed, the event's choice, the second action, a rest replacing market cards); two people
drafting with a spectator on a phone, where nobody sees another seat's sealed pick."""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from .conftest import api
from .test_browser import after, no_page_errors, open_page, state


def create(server: str, seats: list[str], seed: int) -> dict:
    response = api.post(
        f"{server}/api/matches",
        json={
            "game": "volta_ao_mundo",
            "players": len(seats),
            "seats": [k.replace("human", "local") for k in seats],
            "seed": seed,
        },
    )
    assert response.status_code == 201
    return response.json()


def update(server: str, match_id: str, token: str | None = None) -> dict:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return api.get(f"{server}/api/matches/{match_id}", headers=headers).json()


def watch(
    browser: Browser, server: str, lang: str, created: dict, seat: int | None, width: int = 1280
) -> Page:
    page = open_page(browser, lang, width, 844 if width < 500 else 900)
    token = f"?t={created['seats'][seat]['token']}" if seat is not None else ""
    page.goto(f"{server}/#/m/{created['id']}{token}")
    page.wait_for_selector("#status[data-state]")
    expect(page.locator('[data-testid="map"]')).to_be_visible()
    return page


def click(page: Page, selector: str) -> None:
    old = state(page)
    page.locator(selector).first.click()
    after(page, old)


def test_a_draft_and_a_race_turn_sequence_against_a_bot(server: str, browser: Browser, shots: Path) -> None:
    created = create(server, ["human", "bot:greedy"], seed=2)
    page = watch(browser, server, "pt", created, 0)
    expect(page.locator('[data-testid="designed"]')).to_contain_text("criados pelo Tabuleiro")
    assert page.locator("[data-city]").count() == 38 and page.locator("[data-route]").count() == 60
    for ocean, routes in (("atlantic", 3), ("pacific", 2)):  # NYC-LIV, RIO-LIS, CPT-RIO; YOK-SFO, HNL-SFO
        assert page.locator(f"[data-route]:has([data-ocean={ocean}])").count() == routes
    expect(page.locator('[data-testid="decision"]')).to_have_attribute("data-kind", "draft")
    expect(page.locator('[data-testid="hand"] button')).to_have_count(6)
    assert page.locator("#board g.legal[data-action^=pick]").count() == 6  # the hand on the map too
    page.screenshot(path=shots / "volta-draft.png", full_page=True)
    for kept in range(1, 6):  # the bot has sealed its pick already: each of ours ends a round
        click(page, '[data-testid="hand"] button')
        expect(page.locator('[data-testid="kept"] [data-city-card]')).to_have_count(kept)
    expect(page.locator('[data-testid="decision"]')).to_have_attribute("data-kind", "start")
    expect(page.locator('[data-testid="kept"]')).to_contain_text("moeda")
    click(page, '[data-testid="kept"] button[data-action="start LON"]')

    # The race: seat 0 plays first. A free purchase, then a move previewed before it is made.
    expect(page.locator('[data-testid="decision"]')).to_have_attribute("data-kind", "turn")
    expect(page.locator('[data-testid="weather"] [data-weather-row]')).to_have_count(3)
    expect(page.locator('[data-testid="deck"]')).to_contain_text("Verso da próxima carta")
    expect(page.locator("[data-market]")).to_have_count(5)
    click(page, '[data-action="free buy 1"]')
    expect(page.locator('[data-tableau="0"] [data-card="M40"][data-pos="1"]')).to_be_visible()
    page.click('#board g.legal[data-city="PAR"]')  # choosing a city only shows the preview
    preview = page.locator('[data-testid="preview"]')
    expect(preview).to_have_attribute("data-notation", "move PAR")
    assert [preview.locator("[data-step]").nth(i).get_attribute("data-step") for i in range(4)] == [
        "route",
        "weather",
        "event",
        "card",
    ]
    expect(preview.locator('[data-step="weather"]')).to_contain_text("névoa +1")
    expect(preview.locator('[data-step="card"]')).to_have_attribute("data-card", "M40")
    expect(preview.locator("[data-preview-total]")).to_have_attribute("data-preview-total", "2")
    page.screenshot(path=shots / "volta-move-preview.png", full_page=True)
    click(page, '[data-confirm="move PAR"]')

    # The newspaper on the weather card: an event with a choice, offered on the telegraph card too.
    expect(page.locator('[data-testid="decision"]')).to_have_attribute("data-kind", "event")
    expect(page.locator('[data-testid="event"]')).to_contain_text("Telegrama urgente")
    expect(page.locator('[data-testid="trip"]')).to_contain_text("Londres – Paris")
    assert page.locator('[data-tableau="0"] button[data-action="telegraph 2 fame"]').count() == 1
    page.screenshot(path=shots / "volta-event.png", full_page=True)
    click(page, '[data-testid="other-moves"] [data-action="telegraph 2 fame"]')
    expect(page.locator('#mine [data-summary="0"]')).to_contain_text("Paris · 2 dias")
    expect(page.locator('#board [data-city="PAR"] [data-pawn="0"]')).to_be_visible()
    assert page.locator('[data-path="0"]').count() == 1

    # The second main action ends the turn; the bot plays; the next turn is a rest.
    click(page, '[data-tableau="0"] button[data-action^="telegraph"]')
    expect(page.locator(".log")).to_contain_text("Robô 2 (guloso): ")
    expect(page.locator('[data-testid="decision"]')).to_have_attribute("data-kind", "turn")
    before = [page.get_attribute(f'[data-market="{m}"]', "data-card") for m in (1, 2)]
    click(page, '[data-testid="other-moves"] [data-action="rest"]')
    expect(page.locator('[data-testid="decision"]')).to_have_attribute("data-kind", "rest")
    for place in ("1", "2"):
        page.click(f'[data-refresh="{place}"]')
        expect(page.locator(f'[data-refresh="{place}"]')).to_be_checked()
    click(page, '[data-refresh-go="1"][data-action="refresh 1 2"]')
    after_refresh = [page.get_attribute(f'[data-market="{m}"]', "data-card") for m in (1, 2)]
    assert not set(before) & set(after_refresh)
    click(page, '[data-testid="other-moves"] [data-action="end"]')
    expect(page.locator('#mine [data-summary="0"]')).to_contain_text("Paris · 4 dias")
    expect(page.locator(".log")).to_contain_text("descarta e repõe as cartas 1, 2 do mercado")
    expect(page.locator('.log [data-event="chance"]').filter(has_text="Entra no mercado")).not_to_have_count(
        0
    )
    page.screenshot(path=shots / "volta-after-rest.png", full_page=True)
    mine, spectators = (
        update(server, created["id"], token) for token in (created["seats"][0]["token"], None)
    )
    assert mine["view"].pop("seat") == 0 and spectators["view"].pop("seat") is None
    assert mine["view"] == spectators["view"]  # in the race nothing is private
    no_page_errors(page)


def test_two_people_draft_and_nobody_else_sees_a_sealed_pick(
    server: str, browser: Browser, shots: Path
) -> None:
    created = create(server, ["human", "human"], seed=5)
    match_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    first = watch(browser, server, "pt", created, 0)
    second = watch(browser, server, "pt", created, 1)
    phone = watch(browser, server, "en", created, None, width=390)
    hand = update(server, match_id, tokens[0])["view"]["private"]["hand"]
    picked = hand[0]
    name = next(c[1] for c in update(server, match_id)["view"]["map"]["cities"] if c[0] == picked)
    click(first, f'[data-testid="hand"] button[data-action="pick {picked}"]')
    expect(first.locator('[data-testid="sealed"]')).to_contain_text(name)
    expect(second.locator('[data-progress="0"]')).to_contain_text("já escolheu")
    expect(phone.locator('[data-progress="0"]')).to_contain_text("has chosen")
    phone.screenshot(path=shots / "volta-draft-spectator-phone.png", full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390

    def nobody_else_sees_it() -> None:
        for token in (tokens[1], None):
            seen = update(server, match_id, token)
            assert seen["view"]["travellers"][0]["drafted"] is None
            assert picked not in str(seen["view"].get("private"))
            assert all(entry["notation"] is None for entry in seen["log"] if entry["seat"] == 0)
        for page in (second, phone):
            assert (
                page.locator(f'[data-kept="{picked}"], [data-city-card="{picked}"], [data-sealed]').count()
                == 0
            )
            for part in ('[data-testid="decision"]', ".log"):
                assert name not in page.inner_text(part)

    nobody_else_sees_it()
    first_hand = [
        second.get_attribute(f'[data-testid="hand"] button >> nth={i}', "data-city-card") for i in range(6)
    ]
    click(second, f'[data-testid="hand"] button[data-action="pick {first_hand[0]}"]')
    # Round 2: each holds the other's hand less the pick; the picks stay sealed until the race.
    expect(first.locator('[data-testid="hand"] button')).to_have_count(5)
    expect(first.locator('[data-testid="kept"] [data-city-card]')).to_have_count(1)
    nobody_else_sees_it()
    views = [update(server, match_id, token)["view"] for token in (*tokens, None)]
    for seat, view in enumerate(views):
        assert view.pop("seat") == (seat if seat < 2 else None)
        view.pop("private", None)
        if seat < 2:  # a seat's own kept cards
            assert len(view["travellers"][seat].pop("drafted")) == 1
            view["travellers"][seat]["drafted"] = None
    assert views[0] == views[1] == views[2]
    second.screenshot(path=shots / "volta-draft-round-2.png", full_page=True)
    for page in (first, second, phone):
        no_page_errors(page)


def test_a_destination_with_no_way_home_is_flagged_before_the_move(
    server: str, browser: Browser, shots: Path
) -> None:
    created = create(server, ["human", "human"], seed=1)
    match_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    choose = random.Random(1)
    for _ in range(400):
        seat = min(update(server, match_id)["to_act"])
        current = update(server, match_id, tokens[seat])
        flagged = [n for n, p in (current["view"]["preview"] or {}).items() if p["strands"] and n != "stop"]
        if flagged and len(current["view"]["preview"]) > len(flagged):
            break
        entry = choose.choice(current["legal_actions"])
        body = {"state_id": current["state_id"], "action": entry["notation"]}
        headers = {"Authorization": f"Bearer {tokens[seat]}"}
        assert api.post(f"{server}/api/matches/{match_id}/actions", headers=headers, json=body).is_success
    else:
        raise AssertionError("no destination without a way home came up")
    page = watch(browser, server, "en", created, seat)
    expect(page.locator(f'[data-preview="{flagged[0]}"] [data-strands]')).to_be_visible()
    page.click(f'[data-preview="{flagged[0]}"]')
    expect(page.locator('[data-testid="strands"]')).to_contain_text("no way home")
    safe = next(n for n, p in current["view"]["preview"].items() if not p["strands"])
    page.click(f'[data-preview="{safe}"]')
    expect(page.locator('[data-testid="preview"]')).to_be_visible()
    expect(page.locator('[data-testid="strands"]')).to_have_count(0)
    page.screenshot(path=shots / "volta-no-way-home.png", full_page=True)
    no_page_errors(page)
