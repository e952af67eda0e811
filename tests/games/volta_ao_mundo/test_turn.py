"""§ O turno, § Telégrafo, § Descansar: main actions, free actions, the telegraph, Rest."""

import pytest

from tabuleiro.core import IllegalActionError

from .helpers import days, faces, legal, mover, play


def test_turno_two_different_main_actions_then_end():
    state = play(mover("T1"), 0, "move ALD")
    assert not any(a.startswith("move") for a in legal(state, 0))
    assert "end" not in legal(state, 0)  # a second action is due
    state = play(state, 0, "telegraph 1 fame")
    assert state.turn.mains == 2 and "end" in legal(state, 0)
    assert not any(a.startswith(("telegraph", "buy ", "effect", "move")) for a in legal(state, 0))
    state = play(state, 0, "end")
    assert state.stack[-1].seat == 1 and state.travellers[0].turns == 1


def test_turno_never_the_same_action_twice_even_with_two_telegraphs():
    state = play(mover("T1", "M55"), 0, "telegraph 1 fame")
    assert not any(a.startswith("telegraph") for a in legal(state, 0))
    with pytest.raises(IllegalActionError) as err:
        play(state, 0, "telegraph 2 fame")
    assert err.value.code == "not_legal" and "two different main actions" in str(err.value)


def test_turno_one_free_action_before_or_after_and_the_turn_ends_by_itself():
    state = play(mover("T1", "M01", coins=9), 0, "free flip 2")
    assert not any(a.startswith("free") for a in legal(state, 0))
    state = play(play(state, 0, "move ALD"), 0, "telegraph 1 income")
    assert state.stack[-1].seat == 1  # two main actions and the free one: nothing left


def test_turno_end_is_allowed_when_no_main_action_is_left():
    state = mover()  # nothing in the tableau, no coins: only a Move
    state = play(state, 0, "move ALD")
    assert legal(state, 0)[-1] == "end"


def test_turno_without_a_move_costs_a_day():
    state = play(play(play(mover("T1", coins=9), 0, "telegraph 1 fame"), 0, "buy 1"), 0, "end")
    assert state.travellers[0].days == 1 and days(state)["idle"] == 1


def test_turno_without_a_move_is_free_when_the_option_says_so():
    from dataclasses import replace

    from tabuleiro.games.volta_ao_mundo.state import RaceOptions

    state = replace(mover("T1", coins=9), options=RaceOptions(idle_day=False))
    state = play(play(play(state, 0, "telegraph 1 fame"), 0, "buy 1"), 0, "end")
    assert state.travellers[0].days == 0 and state.stack[-1].seat == 1


def test_descansar_players_plus_one_actions_then_two_days():
    state = play(mover("T1", "M01", players=3), 0, "rest")
    assert state.stack[-1].kind == "rest" and state.stack[-1].count == 4
    assert not any(a.startswith("free") or a.startswith("move") for a in legal(state, 0))
    for text in ("telegraph 1 income", "telegraph 1 income", "flip 2", "flip 2"):
        state = play(state, 0, text)
    t = state.travellers[0]
    assert t.days == 2 and days(state)["rest"] == 2 and days(state)["idle"] == 0
    # Rest's telegraph actions turn nothing; income compounds: 1, then 1 + 1.
    assert t.tableau[0].coins == 3 and faces(state, 0)[:2] == ["T1a", "M01a"]
    assert state.stack[-1].seat == 1


def test_descansar_vire_uma_carta_menos_as_cartas_trancadas():
    # § Descansar: "Vire uma carta do seu tableau (menos as cartas trancadas)": a card holding
    # a lock token is trancada, as is a padlock face; the free action may still turn it.
    state = mover("T1", "M01:lock", "M02", "M51")
    state = play(state, 0, "rest")
    flips = [a for a in legal(state, 0) if a.startswith("flip")]
    assert flips == ["flip 1", "flip 3"]
    assert "free flip 2" in legal(mover("T1", "M01:lock"), 0)


def test_descansar_only_alone():
    state = play(mover("T1"), 0, "free flip 1")
    assert "rest" not in legal(state, 0)
    assert "rest" not in legal(play(mover("T1"), 0, "move ALD"), 0)


def test_descansar_refresh_the_market():
    state = play(mover("T1"), 0, "rest")
    old = state.market
    state = play(state, 0, "refresh 1 3")
    assert state.market[1] == old[1] and state.market[0] != old[0] and state.market[2] != old[2]
    assert {old[0], old[2]} <= set(state.discard)


def test_telegrafo_raise_fame_opens_a_passport():
    from tabuleiro.games.volta_ao_mundo import GAME

    state = mover("T1", fame=2)
    assert GAME.view(state, 0)["travellers"][0]["slots"] == 2
    state = play(state, 0, "telegraph 1 fame")
    assert state.travellers[0].fame == 3 and faces(state, 0)[0] == "T1b"
    assert GAME.view(state, 0)["travellers"][0]["slots"] == 3


def test_telegrafo_fame_beyond_the_track_becomes_coins():
    state = play(mover("T1", fame=20, coins=0), 0, "telegraph 1 fame")
    assert state.travellers[0].fame == 20 and state.travellers[0].coins == 1


def test_telegrafo_income_rulebook_example_two_coins_make_three():
    state = mover("T1", fame=6)
    from .helpers import traveller

    t = state.travellers[0]
    state = traveller(state, 0, tableau=(t.tableau[0]._replace(coins=2), *t.tableau[1:]))
    state = play(state, 0, "telegraph 1 income")
    assert state.travellers[0].tableau[0].coins == 5  # 2 + (1 printed + 2 on the card)


def test_telegrafo_income_printed_only_option():
    from dataclasses import replace

    from tabuleiro.games.volta_ao_mundo.state import RaceOptions

    from .helpers import traveller

    state = mover("T1", fame=6)
    state = replace(state, options=RaceOptions(income="printed"))
    t = state.travellers[0]
    state = traveller(state, 0, tableau=(t.tableau[0]._replace(coins=2), *t.tableau[1:]))
    assert play(state, 0, "telegraph 1 income").travellers[0].tableau[0].coins == 3


def test_telegrafo_income_never_above_fame_nor_five():
    from .helpers import traveller

    state = play(mover("T1", fame=0), 0, "telegraph 1 income")
    assert state.travellers[0].tableau[0].coins == 0
    state = mover("T1", fame=9)
    t = state.travellers[0]
    state = traveller(state, 0, tableau=(t.tableau[0]._replace(coins=3), *t.tableau[1:]))
    assert play(state, 0, "telegraph 1 income").travellers[0].tableau[0].coins == 5


def test_telegrafo_collect_takes_the_coins_and_the_printed_ones():
    from .helpers import traveller

    state = mover("T1", fame=6, coins=0)
    t = state.travellers[0]
    state = traveller(state, 0, tableau=(t.tableau[0]._replace(coins=4), *t.tableau[1:]))
    state = play(state, 0, "telegraph 1 collect")
    assert state.travellers[0].coins == 5 and state.travellers[0].tableau[0].coins == 0


def test_telegrafo_office_manipulates_the_tableau_as_the_telegraph_action():
    state = mover(("T1", "b"), "M01", "M04")
    assert "swap 2 3 office 1" in legal(state, 0)
    state = play(state, 0, "swap 2 3 office 1")
    assert faces(state, 0)[:3] == ["T1a", "M04a", "M01a"] and state.turn.used == 2


def test_telegrafo_office_buys_as_the_buy_action_and_turns_back():
    state = mover(("T1", "b"), coins=9)
    assert "buy 1 office 1" in legal(state, 0)
    state = play(state, 0, "buy 1 office 1")
    assert faces(state, 0)[1] == "T1a" and state.turn.used == 8


def test_free_actions_buy_turn_and_move_one_space():
    state = mover("M01", "M04", coins=9)
    texts = legal(state, 0)
    assert {"free buy 1", "free flip 1", "free swap 1 2", "free swap 2 3"} <= set(texts)
    state = play(state, 0, "free swap 2 3")
    assert faces(state, 0)[:3] == ["M01a", None, "M04a"]


def test_moving_a_card_into_the_overflow_position_discards_it_at_the_end_of_the_turn():
    state = mover("T1", "S01", fame=0)  # 2 open slots; the sabotage card in slot 2
    state = play(state, 0, "free swap 2 o")
    assert faces(state, 0)[6] == "S01a"
    state = play(play(state, 0, "move ALD"), 0, "telegraph 1 fame")
    assert state.stack[-1].seat == 1 and state.skull[-1] == 60 and faces(state, 0)[6] is None
