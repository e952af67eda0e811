"""Simulations are reproducible, add up, and their records replay."""

import pytest

from tabuleiro.core import MatchRecord, SetupError, get_game, replay
from tabuleiro.sim.simulate import SimConfig, seat_bots, simulate


def test_breakdowns_add_up_and_results_repeat() -> None:
    config = SimConfig(get_game("avenue"), 3, 8, 1, {"map": "C"}, ("random", "greedy", "random"))
    first = simulate(config)
    assert first == simulate(config)
    assert [r["seed"] for r in first["results"]] != [1] * 8
    for r in first["results"]:
        assert [sum(b.values()) for b in r["breakdown"]] == r["scores"]
    assert first["summary"]["by_bot"]["greedy"]["seats"] == [1]
    assert abs(sum(first["summary"]["win_rate"]) - 1) < 1e-9


def test_records_replay_to_the_same_outcome(tmp_path) -> None:
    config = SimConfig(get_game("avenue"), 2, 3, 9, {}, ("greedy", "greedy"))
    doc = simulate(config, tmp_path)
    files = sorted(tmp_path.iterdir())
    assert len(files) == 3
    for path, result in zip(files, doc["results"], strict=True):
        record = MatchRecord.loads(path.read_text())
        replayed = replay(record)
        assert list(replayed.game.outcome(replayed.state).scores) == result["scores"]


def test_seat_bots() -> None:
    game = get_game("avenue")
    assert seat_bots(game, 3, ["greedy"]) == ("greedy",) * 3
    with pytest.raises(SetupError, match="one per seat"):
        seat_bots(game, 3, ["greedy", "random"])
    with pytest.raises(SetupError, match="bots only"):
        seat_bots(game, 1, ["human"])
