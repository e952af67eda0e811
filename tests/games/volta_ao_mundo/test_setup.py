"""§ Preparação and § Início do jogo: the market, the sealed city draft, the start city."""

import pytest

from tabuleiro.core import IllegalActionError
from tabuleiro.games.volta_ao_mundo import GAME
from tabuleiro.games.volta_ao_mundo.components import components
from tabuleiro.games.volta_ao_mundo.state import DRAFT, PLAY, START
from tabuleiro.testing.conformance import canonical

from .helpers import legal, new, play

COMP = components()


def test_preparacao_market_of_five_and_every_deck_shuffled():
    state = new(4, seed=1)
    assert len(state.market) == 5 and all(c >= 0 for c in state.market)
    assert len(state.deck) == 55 and len(state.skull) == 12
    assert state.weather == -1 and len(state.weather_deck) == 24 and len(state.event_deck) == 22
    assert all(t.tableau[0].card == 72 + s for s, t in enumerate(state.travellers))  # the telegraph


@pytest.mark.parametrize("players", [2, 3, 4])
def test_inicio_six_distinct_city_cards_each(players):
    state = new(players, seed=players)
    cards = [c for hand in state.hands for c in hand]
    assert all(len(h) == 6 for h in state.hands) and len(set(cards)) == 6 * players
    assert len(state.city_deck) == 38 - 6 * players
    assert state.phase == DRAFT and GAME.to_act(state) == frozenset(range(players))


def test_inicio_picks_are_sealed_until_everyone_has_chosen():
    state = new(3, seed=5)
    mine = state.hands[0][2]
    before = GAME.view(state, 1)
    state = play(state, 0, f"pick {COMP.city_ids[mine]}")
    assert GAME.has_committed(state, 0) and GAME.to_act(state) == frozenset({1, 2})
    assert GAME.view(state, 0)["private"]["sealed"] == COMP.city_ids[mine]
    after = GAME.view(state, 1)
    assert after["private"] == before["private"] and after["travellers"][0]["drafted"] is None
    assert after["travellers"][0]["committed"]
    with pytest.raises(IllegalActionError) as err:
        play(state, 0, f"pick {COMP.city_ids[state.hands[0][0]]}")
    assert err.value.code == "already_committed"


def test_inicio_cards_pass_to_the_right():
    state = new(3, seed=7)
    hands = state.hands
    for seat in range(3):
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    # Turns go clockwise (interpretation 2), so seat 0 sits on seat 1's right: seat 1 passes
    # its hand to seat 0, and seat 0 passes to the last seat.
    assert state.hands[0] == hands[1][1:] and state.hands[2] == hands[0][1:]
    assert [t.drafted for t in state.travellers] == [(h[0],) for h in hands]


def test_inicio_five_picks_then_the_last_card_leaves_the_game():
    state = new(2, seed=2)
    for _ in range(5):
        for seat in (0, 1):
            state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert state.phase == START and all(len(t.drafted) == 5 for t in state.travellers)
    assert len(state.removed) == 2 and state.hands == ((), ())
    assert [f"start {COMP.city_ids[c]}" for c in state.travellers[0].drafted] == legal(state, 0)


def test_inicio_start_city_gives_nothing_the_others_pay_and_fame_opens_passports():
    state = new(2, seed=2)
    for _ in range(5):
        for seat in (0, 1):
            state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    drafted = state.travellers[0].drafted
    start = drafted[0]
    state = play(state, 0, f"start {COMP.city_ids[start]}")
    assert state.phase == START and state.travellers[0].origin == -1  # sealed
    state = play(state, 1, f"start {COMP.city_ids[state.travellers[1].drafted[0]]}")
    assert state.phase == PLAY
    t = state.travellers[0]
    others = [c for c in drafted if c != start]
    assert t.origin == t.city == start and t.path == (start,)
    assert t.coins == sum(COMP.city_coins[c] for c in others)
    assert t.fame == sum(COMP.city_fame[c] for c in others)
    slots = max(s for f, s in COMP.board.passports if f <= t.fame)
    assert GAME.view(state, None)["travellers"][0]["slots"] == slots
    assert state.travellers[0].origin != state.travellers[1].origin
    assert state.weather >= 0 and GAME.to_act(state) == frozenset({state.first})


def test_inicio_leftover_and_city_deck_stay_hidden_from_everyone():
    state = new(2, seed=4)
    view = GAME.view(state, None)
    assert "removed" not in view and view["city_deck"] == 38 - 12
    assert "private" not in view and all(t["drafted"] is None for t in view["travellers"])
    assert "private" in GAME.view(state, 0) and canonical(GAME.view(state, 0)) != canonical(view)


def test_opening_option_lets_every_player_but_the_first_buy_once_last_first():
    state = new(3, seed=6, opening="reverse")
    while state.phase != PLAY:
        for seat in sorted(GAME.to_act(state)):
            state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
    first = state.first
    order = [state.stack[-1].seat]
    assert state.stack[-1].kind == "opening" and legal(state, order[0])[-1] == "skip"
    state = play(state, order[0], "skip")
    order.append(state.stack[-1].seat)
    buys = [a for a in legal(state, order[1]) if a.startswith("buy")]
    state = play(state, order[1], buys[0] if buys else "skip")
    if state.stack[-1].kind == "sabotage":
        state = play(state, order[1], legal(state, order[1])[0])
    assert order == [(first + 2) % 3, (first + 1) % 3]
    assert state.stack[-1].kind == "turn" and state.stack[-1].seat == first and state.turn_index == 1
