"""The benchmark reports its figures (values are measured, never asserted)."""

from tabuleiro.core import get_game
from tabuleiro.sim.bench import bench
from tabuleiro.sim.peers_plugin import ProtocolAdapter, cases


def test_bench_reports_every_figure() -> None:
    doc = bench(get_game("avenue"), 2, seconds=0.2, reps=1)
    for key in ("decisions_per_s", "games_per_s", "clone_us", "legal_actions_us", "apply_us", "view_us"):
        assert doc[key] > 0
    assert 40 <= doc["decisions_per_game"] <= 80


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
