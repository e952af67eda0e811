"""The search bot: reproducible, legal, sealed simultaneous steps, tree reuse, budgets."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from tabuleiro.bots import MctsBot, decide
from tabuleiro.bots.information import InformationHandle
from tabuleiro.core import Game, get_game
from tabuleiro.play import Session


def _position(game_id: str, moves: int, seed: int = 4) -> tuple[Game[Any, Any, Any], Any]:
    game = get_game(game_id)
    state = game.new_state(2, seed)
    rnd = random.Random(seed)
    done = 0
    while done < moves or len(game.legal_actions(state, min(game.to_act(state)))) < 2:
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        state = game.apply(state, seat, legal[rnd.randrange(len(legal))])
        done += 1
    return game, state


@pytest.mark.parametrize("game_id", ["avenue", "metro", "dogs", "volta_ao_mundo"])
def test_a_fixed_seed_and_iteration_budget_gives_the_same_move_and_statistics(game_id: str) -> None:
    game, state = _position(game_id, 9)
    seat = min(game.to_act(state))
    runs = []
    for _ in range(2):
        bot = MctsBot(game, seat, 99, iterations=30)
        move = decide(bot, game, state, seat, 9)
        assert move in game.legal_actions(state, seat)
        assert bot.last is not None
        runs.append((move, [(a.action, a.visits, a.value) for a in bot.last.actions]))
    assert runs[0] == runs[1]
    assert sum(v for _, v, _ in runs[0][1]) == 30


def test_another_seed_searches_differently() -> None:
    game, state = _position("avenue", 3)
    seat = min(game.to_act(state))
    stats = []
    for seed in (1, 2):
        bot = MctsBot(game, seat, seed, iterations=40)
        decide(bot, game, state, seat, 3)
        assert bot.last is not None
        stats.append([a.visits for a in bot.last.actions])
    assert stats[0] != stats[1]


def _depth_one_nodes_of_the_other_seat(bot: MctsBot, seat: int) -> list[Any]:
    return [key for key in bot.searcher._nodes if key[0] != seat and len(key[1]) == 1]


def test_a_simultaneous_step_is_searched_as_sealed_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    # Avenue's road card: both seats draw at once. The other seat's node after the bot's
    # choice cannot depend on it: one node, reached from every root action. (Avenue's own
    # hints skip the other seat's nodes, `independent`; the search with them on is below.)
    game, state = _position("avenue", 0)
    assert game.to_act(state) == frozenset({0, 1})
    hints = replace(game.search_hints(), independent=False)
    monkeypatch.setattr(game, "search_hints", lambda: hints)
    bot = MctsBot(game, 0, 3, iterations=80)
    decide(bot, game, state, 0, 0)
    nodes = _depth_one_nodes_of_the_other_seat(bot, 0)
    assert len(nodes) == 1 and nodes[0][1] == ((0, None),)
    assert bot.last is not None and sum(1 for a in bot.last.actions if a.visits) > 1


def test_independent_seats_count_at_their_reference_and_play_their_first_action() -> None:
    # Avenue's sheets never touch (`SearchHints.independent`): the other seat has no node in
    # the tree (its moves below the root are its first legal action) and every root action's
    # margin is this seat's playout score against the other seat's mean reference score.
    game, state = _position("avenue", 9)
    seat = min(game.to_act(state))
    assert game.search_hints().independent
    bot = MctsBot(game, seat, 5, iterations=60)
    decide(bot, game, state, seat, 9)
    assert bot.last is not None
    assert all(key[0] == seat for key in bot.searcher._nodes)
    others = bot.searcher._others
    assert others is not None and len(others) == 2
    played = sum(a.visits for a in bot.last.actions)
    assert played == 60
    for a in bot.last.actions:
        if a.visits:
            # own score = margin + the other seat's reference: a whole number of points
            own = a.margin + others[1 - seat]
            assert abs(own * a.visits - round(own * a.visits)) < 1e-6


def test_in_a_sequential_step_the_other_seat_sees_the_move() -> None:
    game, state = _position("metro", 0)
    assert game.to_act(state) == frozenset({0})
    bot = MctsBot(game, 0, 3, iterations=80)
    decide(bot, game, state, 0, 0)
    assert bot.last is not None
    tried = sum(1 for a in bot.last.actions if a.visits)
    nodes = _depth_one_nodes_of_the_other_seat(bot, 0)
    # One node per root action after which the other seat plays (a draw keeps the turn).
    assert 1 < len(nodes) <= tried
    assert len({key[1][0][1] for key in nodes}) == len(nodes)
    assert all(key[1][0][1] is not None for key in nodes)


def test_the_tree_is_kept_when_the_bot_acts_twice_in_a_row(monkeypatch: pytest.MonkeyPatch) -> None:
    # DOGS turns hold several decisions of one seat in a row. (Its own hints search only the
    # boxes of phase 2, never twice in a row: here the search weighs every decision.)
    game = get_game("dogs")
    hints = replace(game.search_hints(), candidates=None, playout=None)
    monkeypatch.setattr(game, "search_hints", lambda: hints)
    session = Session(game, 2, 8, None, ["mcts:iterations=40", "mcts:iterations=40"])
    for _ in range(40):
        seat = min(game.to_act(session.state))
        session.act(seat, decide(session.bots[seat], game, session.state, seat, len(session.actions)))
    reused = sum(b.searcher.reused for b in session.bots.values() if isinstance(b, MctsBot))
    assert reused > 0


def test_a_time_budget_stops_the_search_and_answers_a_legal_move() -> None:
    game, state = _position("metro", 5)
    seat = min(game.to_act(state))
    bot = MctsBot(game, seat, 1, seconds=0.05)
    move = decide(bot, game, state, seat, 5)
    assert move in game.legal_actions(state, seat)
    assert bot.last is not None and 1 <= bot.last.iterations < 10**9


def test_plain_act_without_a_handle_is_refused() -> None:
    game, state = _position("avenue", 0)
    bot = MctsBot(game, 0, 1, iterations=5)
    with pytest.raises(TypeError):
        bot.act(game.view(state, 0), game.legal_actions(state, 0))
    handle = InformationHandle(game, state, 0, 0)
    assert bot.act_informed(game.view(state, 0), game.legal_actions(state, 0), handle) in game.legal_actions(
        state, 0
    )


def test_sonora_flicks_are_searched_over_aimed_candidates_beyond_the_listed_grid() -> None:
    game, state = _position("sonora", 0)
    seat = min(game.to_act(state))
    legal = game.legal_actions(state, seat)
    bot = MctsBot(game, seat, 2, iterations=50)
    decide(bot, game, state, seat, 0)
    assert bot.last is not None
    searched = [a.action for a in bot.last.actions]
    aimed = [a for a in searched if a not in legal]
    assert aimed, "the aimed flicks join the grid"
    for action in aimed:
        assert game.illegal_reason(state, seat, action) is None
    assert bot.last.best in searched


def test_the_margin_counts_ahead_where_fewer_days_win() -> None:
    # Volta ao mundo: 80 days beats 90 days by 10 days; Metro: 90 points beat 80 by 10.
    from tabuleiro.bots.ismcts import Searcher

    volta = Searcher(get_game("volta_ao_mundo"), 0, 1)
    _, wins, margins = volta._values((80.0, 90.0), (1, 2))
    assert wins == [1.0, 0.0] and margins == [10.0, -10.0]
    metro = Searcher(get_game("metro"), 0, 1)
    _, wins, margins = metro._values((90.0, 80.0), (1, 2))
    assert wins == [1.0, 0.0] and margins == [10.0, -10.0]


def test_favour_tries_the_first_action_first_and_leaves_it_for_a_better_value() -> None:
    from tabuleiro.bots.ismcts import _select

    legal = ["a", "b", "c"]
    rnd = random.Random(0)
    assert _select({}, legal, 0.3, rnd, favour=0.3) == "a"
    # Equal values: the bias keeps the first action; without it UCB1 takes the least tried.
    node: dict[Any, list[float]] = {"a": [4, 2.0, 9, 0.0], "b": [3, 1.5, 9, 0.0], "c": [3, 1.5, 9, 0.0]}
    assert _select(dict(node), legal, 0.3, rnd, favour=0.3) == "a"
    assert _select(dict(node), legal, 0.3, rnd) != "a"
    # A clearly better action wins over the bias.
    node["b"] = [4, 3.6, 9, 0.0]
    assert _select(dict(node), legal, 0.3, rnd, favour=0.3) == "b"
