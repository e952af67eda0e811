"""Avenue bots act only on views and the greedy bot clearly beats random play."""

from dataclasses import replace

from tabuleiro.bots import make_bot
from tabuleiro.core import get_game
from tabuleiro.games.avenue import GAME
from tabuleiro.sim.simulate import SimConfig, simulate

from .helpers import new, on_table, with_roads


def test_greedy_beats_random_in_simulation() -> None:
    config = SimConfig(get_game("avenue"), 2, 60, 7, {}, ("greedy", "random"))
    summary = simulate(config)["summary"]
    assert summary["win_rate"][0] >= 0.9
    assert summary["mean_score"][0] > summary["mean_score"][1] + 20


def test_greedy_links_the_current_farm() -> None:
    # Farm D is this round's farm; a N-W curve on f4 joins D to f3 (GG) and e4 (PP).
    state = with_roads(new(1, seed=0), 0, {"f3": 6, "e4": 5})
    state = replace(on_table(state, 1, True, 0), farms=("D",))
    bot = make_bot(GAME, "greedy", 0, 1)
    action = bot.act(GAME.view(state, 0), GAME.legal_actions(state, 0))
    assert GAME.format_action(action) == "f4"


def test_greedy_only_sees_its_view() -> None:
    state = GAME.apply(new(2, seed=3), 1, GAME.parse_action("peek"))
    view = GAME.view(state, 0)
    bot = make_bot(GAME, "greedy", 0, 5)
    assert bot.act(view, GAME.legal_actions(state, 0)) in GAME.legal_actions(state, 0)


def _random_positions(seeds: range) -> list[tuple[object, int]]:
    """(state, seat to act) at every decision of random matches."""
    import random

    out = []
    for seed in seeds:
        state = new(2, seed=seed)
        rnd = random.Random(seed)
        while GAME.to_act(state):
            seat = min(GAME.to_act(state))
            out.append((state, seat))
            legal = GAME.legal_actions(state, seat)
            state = GAME.apply(state, seat, legal[rnd.randrange(len(legal))])
    return out


def test_search_candidates_hold_the_greedy_bots_draw_and_peeking() -> None:
    # The search's candidates are the greedy bot's best draws read from the state: whatever
    # square the greedy bot (reading the view) draws on is among them.
    from tabuleiro.games.avenue.actions import Draw, Peek
    from tabuleiro.games.avenue.bots import SEARCH_HINTS

    assert SEARCH_HINTS.candidates is not None
    checked = 0
    for state, seat in _random_positions(range(3)):
        legal = GAME.legal_actions(state, seat)
        chosen = make_bot(GAME, "greedy", seat, 1).act(GAME.view(state, seat), legal)
        found = SEARCH_HINTS.candidates(state, seat, legal)
        assert all(GAME.illegal_reason(state, seat, a) is None for a in found)
        assert any(isinstance(a, Peek) for a in found) == any(isinstance(a, Peek) for a in legal)
        if isinstance(chosen, Draw) and _one_best(_greedy_gains(state, seat)):
            assert chosen in found
            checked += 1
    assert checked > 20


def _one_best(gains: list[float]) -> bool:
    """Whether one draw is clearly best (the greedy bot breaks ties within 1e-9 at random)."""
    return bool(gains) and sum(1 for g in gains if g >= max(gains) - 1e-6) == 1


def _greedy_gains(state: object, seat: int) -> list[float]:
    from tabuleiro.games.avenue.bots import _evaluator
    from tabuleiro.games.avenue.components import components

    view = GAME.view(state, seat)
    evaluate = _evaluator(view, seat)
    mask = components().segment_sides[view["card"]["segment"]]
    return [evaluate.gain(sq, mask) for sq, road in enumerate(view["sheets"][seat]["roads"]) if not road]


def test_search_playout_moves_as_the_greedy_bot_where_it_has_one_best_move() -> None:
    from random import Random

    from tabuleiro.games.avenue.bots import SEARCH_HINTS

    assert SEARCH_HINTS.playout is not None
    compared = 0
    for state, seat in _random_positions(range(3)):
        legal = GAME.legal_actions(state, seat)
        if not _one_best(_greedy_gains(state, seat)):
            continue
        chosen = make_bot(GAME, "greedy", seat, 1).act(GAME.view(state, seat), legal)
        assert SEARCH_HINTS.playout(state, seat, legal, Random(0)) == chosen
        compared += 1
    assert compared > 20
