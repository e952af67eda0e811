"""§ Realizar o evento: every event card (designed), drawn when the weather row shows a newspaper.

W01's train row, W10's ship row and W21's carriage row are sunny with a newspaper. Every
event pays its watermark: +1 fame or +1 coin.
"""

from dataclasses import replace

from tabuleiro.games.volta_ao_mundo import GAME
from tabuleiro.games.volta_ao_mundo.state import PLAY

from .helpers import city, days, faces, legal, mover, play, tableau, with_events, with_market, with_tableau

TRAIN_EVENT, SHIP_EVENT, CARRIAGE_EVENT = "W01", "W10", "W21"


def moving(event, *cards, weather=TRAIN_EVENT, **kw):
    return with_events(mover(*cards, weather=weather, **kw), event)


def test_event_is_drawn_read_and_discarded_and_pays_its_watermark():
    state = play(moving("E02", fame=0, coins=0), 0, "move ALD")
    assert state.last_event == state.event_discard[-1] and state.travellers[0].fame == 1


def test_no_newspaper_no_event():
    state = with_events(mover(weather="W02"), "E02")
    deck = state.event_deck
    assert play(state, 0, "move ALD").event_deck == deck


def test_e01_coastal_detour_changes_the_destination_and_the_row_read():
    state = play(moving("E01", coins=0), 0, "move ALD")
    assert legal(state, 0) == ["detour ZNZ", "detour CMB", "skip"]
    state = play(state, 0, "detour CMB")  # W01 ship row: sun
    t = state.travellers[0]
    assert t.city == city("CMB") and t.days == 4 and t.coins == 1


def test_e01_skip_keeps_the_declared_destination():
    assert play(play(moving("E01"), 0, "move ALD"), 0, "skip").travellers[0].city == city("ALD")


def test_e02_strike_and_e03_local_guide():
    assert play(moving("E02"), 0, "move ALD").travellers[0].days == 2
    state = play(moving("E03", weather=SHIP_EVENT), 0, "move CMB")
    assert state.travellers[0].days == 3 and days(state)["events"] == -1


def test_e04_hired_elephant_makes_the_train_move_a_carriage_move():
    state = play(moving("E04", "M01", "M07"), 0, "move ALD")
    assert legal(state, 0) == ["elephant", "skip"]
    state = play(state, 0, "elephant")
    assert faces(state, 0)[:2] == ["M01a", "M07b"]


def test_e05_typhoon_at_sea_or_a_coin():
    assert play(moving("E05", weather=SHIP_EVENT), 0, "move CMB").travellers[0].days == 6
    state = play(moving("E05", coins=0), 0, "move ALD")
    assert state.travellers[0].coins == 1 and state.travellers[0].fame == 6 + 1


def test_e06_reporter_on_board():
    assert play(moving("E06", fame=0), 0, "move ALD").travellers[0].fame == 3


def test_e07_gamblers_the_player_on_the_left_turns_a_card_over():
    state = play(moving("E07", "M01", "M04"), 0, "move ALD")
    assert state.stack[-1].kind == "gamblers" and state.stack[-1].seat == 1
    assert legal(state, 1) == ["flip 1", "flip 2"]
    state = play(state, 1, "flip 1")  # train -1 becomes ship -1 before the cards act
    assert faces(state, 0)[:2] == ["M01b", "M04a"] and state.travellers[0].days == 1


def test_e07_gamblers_vira_uma_carta_destrancada():
    # E07: "O jogador à sua esquerda vira uma carta destrancada do seu tableau": never a card
    # with a lock token (interpretation 34); with no other card, nothing is asked.
    state = play(moving("E07", "M01:lock", "M04"), 0, "move ALD")
    assert legal(state, 1) == ["flip 2"]
    state = play(moving("E07", "M01:lock"), 0, "move ALD")
    assert state.stack[-1].kind == "token"  # no gamblers' choice: the move went on to M01's turn


def test_e08_inspector_fix_pay_or_delay():
    state = play(moving("E08", coins=3), 0, "move ALD")
    assert legal(state, 0) == ["pay", "delay"]
    assert play(state, 0, "pay").travellers[0].coins == 1
    assert play(state, 0, "delay").travellers[0].days == 2
    poor = play(moving("E08", coins=1), 0, "move ALD")
    assert poor.travellers[0].days == 2 and poor.stack[-1].kind == "turn"


def test_e09_perfect_connection_one_more_space_of_the_same_transport_first():
    state = play(moving("E09", "M02"), 0, "move ALD")
    assert legal(state, 0) == ["leg CCU", "stop"]
    state = play(state, 0, "leg CCU")  # 1 + 1, then the train card: 1
    assert state.travellers[0].city == city("CCU") and state.travellers[0].days == 1


def test_e10_lost_luggage_after_its_watermark_coin():
    assert play(moving("E10", coins=3), 0, "move ALD").travellers[0].coins == 2
    assert play(moving("E10", coins=0), 0, "move ALD").travellers[0].coins == 0


def test_e11_generous_sponsor_fills_the_telegraph_to_its_cap_then_the_hand():
    state = play(moving("E11", "T1", fame=1, coins=0), 0, "move ALD")
    t = state.travellers[0]
    assert t.tableau[0].coins == 1 and t.coins == 1 + 1  # watermark coin + the excess
    assert state.stack[-1].kind == "turn"  # one telegraph card: nothing to choose


def test_e11_generous_sponsor_the_traveller_chooses_the_telegraph_card():
    # Interpretation 47: two telegraph cards, room for both coins under the cap.
    state = play(moving("E11", "T1", ("M55", "b"), fame=6, coins=0), 0, "move ALD")
    assert state.stack[-1].kind == "event" and legal(state, 0) == ["sponsor 1", "sponsor 2"]
    decision = GAME.view(state, 1)["decision"]
    assert decision == {"kind": "event", "seat": 0, "event": "E11", "sponsor": {"on_card": 2, "to_hand": 0}}
    state = play(state, 0, "sponsor 2")
    t = state.travellers[0]
    assert (t.tableau[0].coins, t.tableau[1].coins, t.coins) == (0, 2, 1)  # + the watermark coin
    assert state.travellers[0].city == city("ALD")


def test_e11_generous_sponsor_choice_keeps_the_cap_and_the_rest_goes_to_the_hand():
    state = play(moving("E11", "T1", "M55", fame=1, coins=0), 0, "move ALD")
    state = play(state, 0, "sponsor 1")
    t = state.travellers[0]
    assert (t.tableau[0].coins, t.tableau[1].coins, t.coins) == (1, 0, 1 + 1)


def test_e11_generous_sponsor_asks_nothing_without_room_on_the_cards():
    state = play(moving("E11", "T1", "M55", fame=0, coins=0), 0, "move ALD")
    t = state.travellers[0]
    assert state.stack[-1].kind == "turn" and t.coins == 1 + 2 and t.tableau[0].coins == 0


def test_e12_bison_herd():
    assert play(moving("E12"), 0, "move ALD").travellers[0].days == 3
    assert play(moving("E12", weather=SHIP_EVENT, fame=0), 0, "move CMB").travellers[0].fame == 2


def test_e13_highway_robbery_on_carriages_only():
    state = moving("E13", weather=CARRIAGE_EVENT, where="TRN", path=("PAR",), coins=2)
    state = play(state, 0, "move MRS")
    assert legal(state, 0) == ["pay", "delay"]
    assert play(moving("E13", coins=2), 0, "move ALD").travellers[0].coins == 3


def test_e14_heroic_rescue():
    state = play(moving("E14", fame=0), 0, "move ALD")
    assert state.travellers[0].days == 2 and state.travellers[0].fame == 4


def test_e15_tailwind():
    assert play(moving("E15", weather=SHIP_EVENT), 0, "move CMB").travellers[0].days == 2
    assert days(play(moving("E15"), 0, "move ALD"))["events"] == -1


def test_e16_fragile_bridge_delay_or_sabotage():
    state = play(moving("E16"), 0, "move ALD")
    assert legal(state, 0) == ["delay", "sabotage"]
    skull = state.skull[0]
    assert play(state, 0, "sabotage").travellers[0].tableau[0].card == skull


def test_e17_money_changer_buys_one_coin_cheaper():
    state = with_market(moving("E17", coins=2), "M10", "M01", "M04", "M07", "M12")  # 4, 3, 3, 3, 4
    state = play(state, 0, "move ALD")  # 2 + 1 watermark coin: 3 - 1 = 2 for the 3-coin cards
    assert legal(state, 0) == ["buy 1", "buy 2", "buy 3", "buy 4", "buy 5", "skip"]
    state = play(state, 0, "buy 2")
    assert state.travellers[0].coins == 1 and faces(state, 0)[0] == "M01b"  # bought, then used


def test_e18_date_line_on_a_pacific_crossing():
    path = ("PAR", "TRN", "BDS", "ALX", "SUZ", "ADE", "BOM", "ALD", "CCU", "SIN", "HKG")
    state = play(moving("E18", weather=SHIP_EVENT, where="YOK", path=path), 0, "move SFO")
    assert state.travellers[0].days == 21 and state.travellers[0].oceans == 2
    assert play(moving("E18", coins=0), 0, "move ALD").travellers[0].coins == 1


def test_e19_gamblers_intrigue_puts_a_sabotage_card_in_slot_one_before_the_cards_act():
    state = moving("E19")
    skull = state.skull[0]
    state = play(state, 0, "move ALD")
    assert state.travellers[0].tableau[0].card == skull


def test_e20_urgent_telegram_uses_the_telegraph_without_turning_it():
    state = play(moving("E20", "T1", fame=6), 0, "move ALD")
    assert legal(state, 0) == ["telegraph 1 fame", "telegraph 1 income", "telegraph 1 collect", "skip"]
    state = play(state, 0, "telegraph 1 fame")
    assert state.travellers[0].fame == 8 and faces(state, 0)[0] == "T1a"


def test_e21_local_correspondent_pays_the_top_city_card():
    state = moving("E21", coins=0, fame=0)
    # London's card (designed, a best start at 80 days): 3 coins and 2 fame, and the coin watermark.
    state = replace(state, city_deck=(city("LON"), *[c for c in state.city_deck if c != city("LON")]))
    deck = state.city_deck
    state = play(state, 0, "move ALD")
    assert state.travellers[0].coins == 1 + 3 and state.travellers[0].fame == 2
    assert state.city_discard[-1] == city("LON") and state.city_deck == deck[1:]


def test_e22_appointment_the_first_to_arrive_gains_three_fame():
    state = moving("E22", "M21", fame=0)
    state = replace(state, city_deck=(city("CCU"), *[c for c in state.city_deck if c != city("CCU")]))
    state = play(state, 0, "move ALD")
    assert state.meetings == (city("CCU"),) and state.stack[-1].kind == "leg"
    state = play(state, 0, "leg CCU")
    assert state.travellers[0].fame == 1 + 3 and state.meetings == () and city("CCU") in state.city_discard


def test_event_deck_reshuffles_its_discards():
    state = mover(weather=TRAIN_EVENT)
    state = replace(state, event_deck=(), event_discard=state.event_deck)
    state = play(state, 0, "move ALD")
    assert len(state.event_deck) + len(state.event_discard) == 22 and state.phase == PLAY


def test_e07_has_nothing_to_turn_with_an_empty_tableau():
    state = with_tableau(moving("E07"), 0, tableau())
    state = play(state, 0, "move ALD")
    assert state.stack[-1].kind == "turn"
