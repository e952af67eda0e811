"""Round-robin tournaments: every bot in every seat, reproducible, rated with intervals."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tabuleiro.cli.app import main
from tabuleiro.core import SetupError, get_game
from tabuleiro.sim.tournament import TournamentConfig, read_bots, tournament


def _config(bots: str, games: int, players: int = 2, seed: int = 1) -> TournamentConfig:
    game = get_game("avenue")
    return TournamentConfig(game, players, read_bots(game, players, bots.split(",")), games, seed, {})


def test_every_bot_sits_in_every_seat_against_every_other_equally_often() -> None:
    doc = tournament(_config("random,greedy,mcts:iterations=3", 2))
    assert len(doc["results"]) == 2 * 6
    seats = Counter((bot, seat) for r in doc["results"] for seat, bot in enumerate(r["seats"]))
    assert set(seats.values()) == {4}
    assert len(seats) == 3 * 2


def test_game_g_of_every_arrangement_uses_the_same_deal() -> None:
    doc = tournament(_config("random,greedy", 3))
    by_index = [doc["results"][i * 2 : i * 2 + 2] for i in range(3)]
    for pair in by_index:
        assert pair[0]["seed"] == pair[1]["seed"]
    assert len({pair[0]["seed"] for pair in by_index}) == 3


def test_the_same_arguments_give_the_same_json() -> None:
    first = tournament(_config("random,greedy,mcts:iterations=4", 1, seed=7))
    again = tournament(_config("random,greedy,mcts:iterations=4", 1, seed=7))
    assert json.dumps(first) == json.dumps(again)


def test_greedy_is_rated_above_random_with_intervals_of_1_96_sigma() -> None:
    doc = tournament(_config("random,greedy", 8))
    top, bottom = doc["standings"]
    assert (top["bot"], bottom["bot"]) == ("greedy", "random")
    for row in doc["standings"]:
        r = row["rating"]
        assert r["low"] == pytest.approx(r["mu"] - 1.96 * r["sigma"], abs=1e-3)
        assert r["high"] == pytest.approx(r["mu"] + 1.96 * r["sigma"], abs=1e-3)
    assert top["win_rate"] > 0.5 > bottom["win_rate"]


@pytest.mark.parametrize(
    ("bots", "code"),
    [
        ("random", "bad_seats"),
        ("greedy,greedy", "bad_seats"),
        ("random,human", "bad_seats"),
        ("random,mcts:x=1", "bad_bot_spec"),
    ],
)
def test_bad_bot_lists_are_refused(bots: str, code: str) -> None:
    game = get_game("avenue")
    with pytest.raises(SetupError) as info:
        read_bots(game, 2, bots.split(","))
    assert info.value.code == code


def test_cli_prints_json_and_refuses_bad_specs_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["tournament", "avenue", "--bots", "random,greedy", "--games", "1", "--seed", "3", "--json"])
    assert done.value.code == 0
    doc = json.loads(capsys.readouterr().out)
    assert [row["bot"] for row in doc["standings"]] == sorted(
        ["random", "greedy"], key=lambda b: b != "greedy"
    )
    for spec in ("mcts:seconds=-1", "mcts:foo=1"):
        with pytest.raises(SystemExit) as done:
            main(["tournament", "avenue", "--bots", f"random,{spec}", "--games", "1"])
        assert done.value.code == 2
        lines = capsys.readouterr().err.strip().splitlines()
        assert len(lines) == 1 and "mcts" in lines[0]


def test_two_worker_processes_give_the_json_of_one() -> None:
    config = _config("random,greedy,mcts:iterations=4", 2, seed=5)
    assert json.dumps(tournament(config, workers=2)) == json.dumps(tournament(config))


def test_cli_logs_each_finished_game_on_stderr_when_it_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["tournament", "avenue", "--bots", "random,greedy", "--games", "2", "--json"])
    assert done.value.code == 0
    lines = capsys.readouterr().err.splitlines()
    assert lines == [f"avenue tournament: {n}/4 games" for n in range(1, 5)]


def test_cli_refuses_zero_workers_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["tournament", "avenue", "--bots", "random,greedy", "--workers", "0"])
    assert done.value.code == 2
    assert capsys.readouterr().err.strip().count("\n") == 0
