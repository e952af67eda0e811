"""The benchmark reports its figures (values are measured, never asserted)."""

from tabuleiro.core import get_game
from tabuleiro.sim.bench import bench
from tabuleiro.sim.peers_plugin import FlatRollouts, ProtocolAdapter, cases, rollouts


def test_bench_reports_every_figure() -> None:
    doc = bench(get_game("avenue"), 2, seconds=0.2, reps=1)
    for key in ("decisions_per_s", "games_per_s", "clone_us", "legal_actions_us", "apply_us", "view_us"):
        assert doc[key] > 0
    assert 40 <= doc["decisions_per_game"] <= 80
    assert doc["view_per_decision"] == round(doc["view_us"] * doc["decisions_per_s"] / 1e6, 2)


def test_flat_rollouts_play_whole_games_from_the_opening() -> None:
    assert {r.game_string for r in rollouts()} == {"avenue", "metro", "dogs", "sonora", "volta_ao_mundo"}
    search = FlatRollouts("metro", 4, sims=3)
    search.setup()
    done, elapsed, searches = search.run(0.0)  # at least one rollout, however short the budget
    assert done == 1 and elapsed > 0 and searches == 0
    done, _, searches = search.run(0.3)
    assert done >= 1 and searches == done // 3


def test_peers_adapter_plays_a_game_and_clones() -> None:
    factory = next(f for name, _, f in cases() if name == "tabuleiro/avenue-4p")
    env = factory()
    assert isinstance(env, ProtocolAdapter)
    env.reset(seed=3)
    moves = 0
    while not env.is_terminal():
        copy = env.clone()
        env.step(env.legal_actions()[0])
        assert copy.state is not env.state
        moves += 1
    assert moves % 4 == 0 and 80 <= moves <= 160  # every seat acts on each of 20 to 40 cards


def test_peers_adapter_covers_metro() -> None:
    factory = next(f for name, _, f in cases() if name == "tabuleiro/metro-4p")
    env = factory()
    env.reset(seed=5)
    while not env.is_terminal():
        env.step(env.legal_actions()[-1])
    assert env.state.placed == 60
