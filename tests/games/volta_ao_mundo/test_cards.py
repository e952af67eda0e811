"""§ Cartas de movimento and § Efeitos: every card effect on its own.

Seat 0 stands in Bombay (or Aden, Turin) having come from London along Verne's route, with
only the cards under test in its tableau; W02 is a sunny weather card without icons.
"""

from dataclasses import replace

from tabuleiro.games.volta_ao_mundo import GAME
from tabuleiro.games.volta_ao_mundo.state import OVERFLOW, RaceOptions

from .helpers import (
    card,
    city,
    days,
    faces,
    legal,
    mover,
    play,
    turn_of,
    weather_card,
    with_events,
    with_market,
)

FROM_LONDON = ("PAR", "TRN", "BDS", "ALX", "SUZ")


def test_discount_takes_days_off_its_transport_and_turns_over():
    state = play(mover("M04"), 0, "move CMB")  # ship -1 / carriage -1, on a 4-day ship route
    assert state.travellers[0].days == 3 and days(state)["cards"] == -1
    assert faces(state, 0)[0] == "M04b"


def test_discount_of_two_days():
    state = play(mover("M12"), 0, "move CMB")  # ship -2 / ship -1
    assert state.travellers[0].days == 2 and faces(state, 0)[0] == "M12b"


def test_balloon_applies_to_any_transport():
    assert play(mover("M16"), 0, "move CMB").travellers[0].days == 3  # ship
    state = play(mover("M16", "M10"), 0, "move ALD")  # train: 1 - 1 - 2, floored, then 1 day
    assert faces(state, 0)[:2] == ["M16b", "M10b"]


def test_penalty_of_a_sabotage_card_adds_days_and_turns_over():
    state = play(mover("S04"), 0, "move CMB")  # ship +1 / carriage +1
    assert state.travellers[0].days == 5 and days(state)["sabotage"] == 1
    assert faces(state, 0)[0] == "S04b"


def test_extra_space_adds_its_days_and_its_transport_for_later_cards_only():
    # Aden -> Bombay by ship (9); the ship card's extra space goes on by train to Allahabad
    # (1). The train card before it does not act; the one after it does.
    state = mover("M01", "M23", "M02", where="ADE", path=FROM_LONDON)
    state = play(state, 0, "move BOM")
    assert "leg ALD" in legal(state, 0) and "stop" in legal(state, 0)
    state = play(state, 0, "leg ALD")
    t = state.travellers[0]
    assert t.city == city("ALD") and t.days == 9 + 1 - 1
    assert faces(state, 0)[:3] == ["M01a", "M23b", "M02b"]


def test_extra_space_is_optional_and_unused_it_does_not_turn():
    state = play(mover("M23", where="ADE", path=FROM_LONDON), 0, "move BOM")
    state = play(state, 0, "stop")
    assert state.travellers[0].city == city("BOM") and faces(state, 0)[0] == "M23a"


def test_two_extra_spaces_with_a_balloon():
    state = play(mover("M26", where="ADE", path=FROM_LONDON), 0, "move BOM")
    state = play(play(state, 0, "leg ALD"), 0, "leg CCU")
    t = state.travellers[0]
    assert t.city == city("CCU") and t.days == 9 + 1 + 1 and faces(state, 0)[0] == "M26b"


def test_extra_spaces_never_enter_a_visited_city():
    state = play(mover("M26", where="ADE", path=FROM_LONDON), 0, "move BOM")
    assert "leg ADE" not in legal(state, 0) and "leg SUZ" not in legal(state, 0)


def test_lock_an_adjacent_card_and_the_token_stops_its_turn():
    state = play(mover("M01", "M27", "M02"), 0, "move ALD")
    assert legal(state, 0) == ["lock 1", "lock 3"]
    state = play(state, 0, "lock 3")
    assert legal(state, 0) == ["hold", "turn"]  # M02 took effect and would turn over
    held = play(state, 0, "hold")
    assert faces(held, 0)[:3] == ["M01b", "M27b", "M02a"]
    turned = play(state, 0, "turn")
    assert faces(turned, 0)[:3] == ["M01b", "M27b", "M02b+lock"]


def test_ignora_tempestade_reads_the_storm_of_the_leg_it_was_drawn_on():
    # § Movimento: the weather is read once, for the declared leg ("Essa verificação só ocorre
    # uma vez e no início do movimento"); W18 has a ship storm. Colombo-Bombay by ship (4 + 2),
    # M23 gives an extra space by train to Allahabad (+1): 7. M37 on its B face ignores train
    # storms: the storm is the ship's, so it cancels nothing, does not turn over, and the
    # weather card is discarded (interpretation 23).
    state = mover("M23", ("M37", "b"), where="CMB", path=(*FROM_LONDON, "ADE"), weather="W18")
    state = play(play(state, 0, "move BOM"), 0, "leg ALD")
    t = state.travellers[0]
    assert t.city == city("ALD") and t.days == 7 and days(state)["weather"] == 2
    assert faces(state, 0)[:2] == ["M23b", "M37b"] and state.weather != weather_card("W18")


def test_ignora_tempestade_of_the_declared_legs_transport_still_cancels_it():
    state = mover("M23", ("M36", "a"), where="CMB", path=(*FROM_LONDON, "ADE"), weather="W18")
    state = play(play(state, 0, "move BOM"), 0, "leg ALD")  # ship storm ignored: 4 + 1
    assert state.travellers[0].days == 5 and state.weather == weather_card("W18")


def test_lock_with_one_free_neighbour_needs_no_choice():
    state = play(mover("M27", "M02"), 0, "move ALD")
    assert legal(state, 0) == ["hold", "turn"]


def test_carriage_fame_gives_fame_and_no_discount():
    state = mover("M30", where="TRN", path=("PAR",), fame=0)
    state = play(state, 0, "move MRS")
    t = state.travellers[0]
    assert t.fame == 2 and t.days == 2 and faces(state, 0)[0] == "M30b"


def test_charrete_fama_voce_nao_recebe_descontos_nos_seus_dias_de_movimento_by_default():
    # § Cartas de movimento, the carriage fame card: "Você não recebe descontos nos seus dias
    # de movimento" (interpretation 22, default `fame_card_discounts=none`). Berlim-Constantinopla,
    # carriage, 6 days, a sunny day: carriage -1, the fame card, carriage -2. The -1 taken
    # before the fame card is given back and the -2 after it takes nothing: 6 days. Both
    # discount cards still took effect and turn over; the fame card gives its 2 fame.
    state = mover("M07", "M30", "M14", where="BER", path=("PAR",), fame=6)
    assert state.options == RaceOptions()
    assert GAME.view(state, None)["preview"]["move IST"]["total"] == 6
    state = play(state, 0, "move IST")
    assert state.travellers[0].days == 6 and days(state)["cards"] == 0
    assert faces(state, 0)[:3] == ["M07b", "M30b", "M14b"] and state.travellers[0].fame == 6 + 2


def test_carriage_fame_card_option_others_lets_the_other_cards_discount():
    # The house rule `fame_card_discounts=others`: only the fame card gives no discount; the
    # carriage -1 and -2 still do: 6 - 3 = 3 days.
    state = mover("M07", "M30", "M14", where="BER", path=("PAR",))
    state = replace(state, options=RaceOptions(fame_card_discounts="others"))
    state = play(state, 0, "move IST")
    assert state.travellers[0].days == 3 and days(state)["cards"] == -3
    assert state.travellers[0].fame == 6 + 2


def test_carriage_fame_card_none_leaves_moves_without_it_alone():
    state = mover("M07", "M14", where="BER", path=("PAR",))
    assert play(state, 0, "move IST").travellers[0].days == 3


def test_move_and_repeat_takes_the_used_card_on_its_left_to_the_overflow():
    state = play(mover("M12", "M32"), 0, "move CMB")  # 4 - 2 = 2; M32 repeats M12
    assert legal(state, 0) == ["face a", "face b"]
    assert state.travellers[0].tableau[OVERFLOW].card == card("M12")
    state = play(state, 0, "face a")  # -2 again: 0, then at least 1 day
    assert state.travellers[0].days == 1
    assert faces(state, 0)[0] is None and faces(state, 0)[1] == "M32b"
    state = play(state, 0, "end")  # the overflow card is discarded at the end of the turn
    assert card("M12") in state.discard


def test_move_and_repeat_needs_the_left_card_to_have_acted():
    state = play(mover("M04", "M32"), 0, "move ALD")  # ship card on a train move
    assert faces(state, 0)[:2] == ["M04a", "M32a"] and state.stack[-1].kind == "turn"


def test_do_twice_acts_with_the_right_card_then_again_from_the_overflow():
    state = play(mover("M33", "M04"), 0, "move CMB")  # 4 - 1 = 3, then again
    assert state.travellers[0].tableau[OVERFLOW].card == card("M04")
    state = play(state, 0, "face a")
    assert state.travellers[0].days == 2
    assert faces(state, 0)[0] == "M33b" and faces(state, 0)[OVERFLOW] == "M04b"


def test_ignore_fog_cancels_the_fog_and_keeps_the_weather_card():
    state = play(mover("M34", weather="W15"), 0, "move CMB")  # ship fog: 4 + 1 - 1
    assert state.travellers[0].days == 4 and days(state)["weather"] == 0
    assert state.weather == weather_card("W15") and faces(state, 0)[0] == "M34b"


def test_ignore_fog_on_a_sunny_day_does_nothing():
    state = play(mover("M34"), 0, "move CMB")
    assert faces(state, 0)[0] == "M34a" and state.weather != weather_card("W02")


def test_ignore_storm_cancels_a_storm_but_not_fog():
    stormy = play(mover("M36", weather="W18"), 0, "move CMB")  # ship storm: 4 + 2 - 2
    assert stormy.travellers[0].days == 4 and stormy.weather == weather_card("W18")
    foggy = play(mover("M36", weather="W15"), 0, "move CMB")
    assert foggy.travellers[0].days == 5 and faces(foggy, 0)[0] == "M36a"


def test_card_on_the_right_does_not_turn():
    state = play(mover("M39", "M01"), 0, "move ALD")
    assert faces(state, 0)[:2] == ["M39b", "M01a"]


def test_scandal_takes_one_fame_off_the_next_raise_then_turns_to_red_tape():
    state = play(mover("T1", "S09", fame=4), 0, "telegraph 1 fame")
    assert state.travellers[0].fame == 4 and faces(state, 0)[:2] == ["T1b", "S09b"]


def test_correspondent_pays_fame_and_a_sabotage_card_at_the_end_of_the_move():
    state = mover("M41", fame=6)
    skull = state.skull[0]
    state = play(state, 0, "move CMB")
    t = state.travellers[0]
    assert t.fame == 8 and t.tableau[0].card == skull and faces(state, 0)[1] == "M41b"


def test_travel_agent_discount_with_its_sabotage_card_taken_before_the_purchase():
    state = with_market(mover("M43", coins=2), "M10", "M01", "M04", "M07", "M12")  # M10 costs 4
    assert "buy 1" in legal(state, 0)  # 4 - 2 = 2 coins
    skull = state.skull[0]
    state = play(state, 0, "buy 1")
    t = state.travellers[0]
    assert t.coins == 0
    assert [p.card if p else None for p in t.tableau[:3]] == [card("M10"), skull, card("M43")]
    assert faces(state, 0)[2] == "M43b"


def test_travel_insurance_cancels_the_harm_of_the_next_event():
    state = with_events(mover("M53", weather="W01"), "E02")  # train row: sun and an event
    state = play(state, 0, "move ALD")
    assert state.travellers[0].days == 1 and days(state)["events"] == 0
    assert faces(state, 0)[0] == "M53b"


def test_planejamento_isso_nao_afetara_a_ordem_das_suas_cartas():
    # § Cartas de movimento, the active effect: "O jogador escolherá o lado e a posição das
    # cartas em seu tableau ... Isso não afetará a ordem das suas cartas" (interpretation 16).
    # Bombay-Colombo, ship, 4 days. Planned: M04 on A (ship -1) first, M01 on B (ship -1),
    # the used Planning card last; the Move takes 4 - 1 - 1 = 2 days. The tableau never takes
    # the planned order: before the Move it is unchanged, after it every card is back in its
    # place, on the face it showed before the plan, turned over because it took effect.
    state = play(mover("M45", "M01", "M04"), 0, "effect 1")
    assert legal(state, 0) == ["plan 1 b", "plan 2 a", "plan 2 b", "plan 3 a", "plan 3 b"]
    for text in ("plan 3 a", "plan 2 b", "plan 1 b"):
        state = play(state, 0, text)
    assert faces(state, 0)[:3] == ["M45b", "M01a", "M04a"]
    assert GAME.view(state, 0)["turn"]["plan"] == [
        {"card": "M04", "face": "a", "lock": False, "coins": 0},
        {"card": "M01", "face": "b", "lock": False, "coins": 0},
        {"card": "M45", "face": "b", "lock": False, "coins": 0},
    ]
    assert GAME.view(state, 0)["preview"]["move CMB"]["total"] == 2
    state = play(state, 0, "move CMB")
    assert state.travellers[0].days == 2 and days(state)["cards"] == -2
    assert faces(state, 0)[:3] == ["M45b", "M01b", "M04b"]


def test_planejamento_is_for_this_turns_move_only():
    # The plan waits for this turn's Move; a turn ended without moving drops it, and the
    # next turn's Move uses the tableau as it stands (M01 on A: train, no ship discount).
    state = play(mover("M45", "M01", "M04", "T1"), 0, "effect 1")
    for text in ("plan 3 a", "plan 2 b", "plan 1 b", "plan 4 a"):
        state = play(state, 0, text)
    state = play(play(state, 0, "telegraph 4 fame"), 0, "end")
    assert faces(state, 0)[:4] == ["M45b", "M01a", "M04a", "T1b"]
    assert state.stack[-1].seat == 1
    state = play(turn_of(state, 0), 0, "move CMB")  # seat 0's next turn
    assert state.travellers[0].days == 1 + 3  # the idle day, then 4 - 1 (M04 only)


def test_planejamento_needs_the_move_still_to_come():
    state = play(mover("M45", "M01"), 0, "move ALD")
    assert "effect 1" not in legal(state, 0)


def test_planejamento_after_the_move_is_offered_in_no_form():
    # Interpretation 16: the plan is for this turn's Move only, so once the Move is made the
    # card offers nothing, not even shaped as another card's action (a Bribe's "effect 1 p2 1",
    # which opened a plan after the Move).
    from .helpers import tableau, with_tableau

    state = play(with_tableau(mover("M45", "M01"), 1, tableau("M04")), 0, "move ALD")
    assert not [a for a in legal(state, 0) if a.startswith("effect")]
    assert GAME.illegal_reason(state, 0, GAME.parse_action("effect 1 p2 1")) is not None


def test_charter_makes_an_extra_move_without_weather_or_event_and_keeps_the_weather_card():
    state = with_events(mover("M46", weather="W18"), "E02")  # ship storm, no event icon
    state = play(state, 0, "effect 1 CMB")
    t = state.travellers[0]
    assert t.city == city("CMB") and t.days == 4 and days(state)["weather"] == 0
    assert state.weather == weather_card("W18") and faces(state, 0)[0] == "M46b"
    assert "move CCU" in legal(state, 0)  # the Move action is still free this turn


def test_lawyer_discards_a_sabotage_card():
    state = mover("M47", "S01")
    assert legal(state, 0).count("effect 1 2") == 1
    state = play(state, 0, "effect 1 2")
    assert faces(state, 0)[:2] == ["M47b", None] and card("S01") in state.skull


def test_bribe_turns_over_a_card_of_an_opponent():
    from .helpers import tableau, with_tableau

    state = with_tableau(mover("M49"), 1, tableau("M01"))
    state = play(state, 0, "effect 1 p2 1")
    assert faces(state, 1)[0] == "M01b" and faces(state, 0)[0] == "M49b"


def test_sponsorship_gives_three_coins():
    state = play(mover("M51", coins=1), 0, "effect 1")
    assert state.travellers[0].coins == 4 and faces(state, 0)[0] == "M51b"


def test_effect_backs_are_locked():
    state = play(mover("M51", "M01"), 0, "effect 1")
    assert "free flip 1" not in legal(state, 0) and "free flip 2" in legal(state, 0)


def test_improved_telegraph_values_and_the_cable_uses_two_options():
    state = play(mover("M55", fame=2), 0, "telegraph 1 fame")  # Morse: fame 2
    assert state.travellers[0].fame == 4
    cable = mover("M60", fame=2)
    assert "telegraph 1 income collect" in legal(cable, 0)
    cable = play(cable, 0, "telegraph 1 income collect")  # 2 on the card, then taken with 2 printed
    assert cable.travellers[0].coins == 4 and faces(cable, 0)[0] == "M60b"
