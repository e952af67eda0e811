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
