"""§ Mercado: buying, the tableau push, the overflow position, sabotage hand-off, the deck."""

from dataclasses import replace

from tabuleiro.games.volta_ao_mundo import GAME

from .helpers import card, faces, legal, mover, play, with_market

MARKET = ("M10", "M01", "M41", "M07", "M12")  # prices 4, 3, 3 (an effect card), 3, 4


def test_mercado_bought_card_enters_slot_one_and_pushes_the_others():
    state = with_market(mover("T1", "M04", coins=9), *MARKET, deck=("M20",))
    state = play(state, 0, "buy 2")
    t = state.travellers[0]
    assert faces(state, 0)[:3] == ["M01a", "T1a", "M04a"] and t.coins == 6
    assert state.market[1] == card("M20")  # refilled at once from the deck


def test_mercado_a_gap_stops_the_push():
    state = with_market(mover("M04", None, "M07", coins=9), *MARKET)
    state = play(state, 0, "buy 1")
    assert faces(state, 0)[:3] == ["M10a", "M04a", "M07a"]


def test_mercado_overflow_holds_one_card_usable_until_the_end_of_the_turn():
    state = with_market(mover("T1", "M02", fame=0, coins=9), *MARKET)  # two open slots
    state = play(state, 0, "buy 4")  # M07 enters; the train card M02 is pushed out
    assert faces(state, 0)[:2] == ["M07a", "T1a"] and faces(state, 0)[6] == "M02a"
    state = play(state, 0, "move ALD")  # still acts from the overflow position
    assert faces(state, 0)[6] == "M02b"
    state = play(state, 0, "end")
    assert faces(state, 0)[6] is None and card("M02") in state.discard


def test_mercado_a_second_card_pushed_out_discards_the_first_at_once():
    state = with_market(mover("T1", "M02", fame=0, coins=9), *MARKET)
    state = play(play(state, 0, "free buy 4"), 0, "buy 1")
    assert faces(state, 0)[:2] == ["M10a", "M07a"] and faces(state, 0)[6] == "T1a"
    assert card("M02") in state.discard


def test_mercado_price_and_coins():
    state = with_market(mover(coins=3), *MARKET)
    assert [a for a in legal(state, 0) if a.startswith("buy")] == ["buy 2", "buy 3", "buy 4"]


def test_mercado_deck_shows_the_b_face_of_its_top_card():
    state = with_market(mover(coins=9), *MARKET, deck=("M21",))
    back = GAME.view(state, None)["deck_top_back"]
    assert back == {"effect": "discount", "transport": "train", "value": 1}


def test_mercado_effect_card_puts_a_sabotage_card_under_a_market_card_of_the_buyers_choice():
    state = with_market(mover(coins=9), *MARKET)
    skull = state.skull[0]
    state = play(state, 0, "buy 3")
    assert state.stack[-1].kind == "sabotage" and legal(state, 0) == [f"sabotage {i}" for i in range(1, 6)]
    state = play(state, 0, "sabotage 5")
    assert state.under[4] == skull and GAME.view(state, 1)["market"][4]["sabotage"] is not None


def test_mercado_whoever_buys_that_card_takes_the_sabotage_after_it():
    state = with_market(mover(coins=9), *MARKET)
    skull = state.skull[0]
    state = play(play(state, 0, "buy 3"), 0, "sabotage 5")
    state = play(state, 0, "free buy 5")
    t = state.travellers[0]
    assert [p.card for p in t.tableau[:3]] == [skull, card("M12"), card("M41")]
    assert state.under[4] == -1


def test_mercado_no_sabotage_when_the_pile_is_empty():
    state = replace(with_market(mover(coins=9), *MARKET), skull=())
    state = play(state, 0, "buy 3")
    assert state.stack[-1].kind == "turn"


def test_mercado_deck_reshuffles_its_discards():
    state = with_market(mover(coins=9), *MARKET)
    state = replace(state, deck=(), discard=state.deck)
    state = play(state, 0, "buy 1")
    assert state.market[0] >= 0 and len(state.deck) == 54 and state.discard == ()
