"""`tabuleiro analyse`: every decision judged, for a record of each game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabuleiro.bots import bot_spec
from tabuleiro.bots.analysis import analyse
from tabuleiro.cli.app import main
from tabuleiro.core import MatchRecord, SetupError, get_game
from tabuleiro.play import Session

# Long games are cut to their first decisions so that CI stays fast; Avenue is analysed whole.
PREFIX = {"avenue": None, "metro": 30, "dogs": 25, "volta_ao_mundo": 25, "sonora": 12}


def _record(game_id: str) -> MatchRecord:
    game = get_game(game_id)
    session = Session(game, 2, 5, None, ["random", "random"])
    session.run_bots()
    record = session.record
    keep = PREFIX[game_id]
    if keep is None:
        return record
    return MatchRecord(
        record.game,
        record.rules_version,
        record.players,
        record.seed,
        record.options,
        record.seats,
        record.actions[:keep],
        None,
    )


@pytest.mark.parametrize("game_id", list(PREFIX))
def test_every_decision_has_seat_move_value_best_and_its_value(game_id: str) -> None:
    record = _record(game_id)
    game = get_game(game_id)
    doc = analyse(
        record, bot_spec(game, "mcts:iterations=4" if game_id == "sonora" else "mcts:iterations=12")
    )
    assert [(d["seat"], d["played"]["action"]) for d in doc["decisions"]] == list(record.actions)
    judged = [d for d in doc["decisions"] if not d["forced"]]
    assert judged
    for d in judged:
        assert 0.0 <= d["best"]["value"] <= 1.0
        game.parse_action(d["best"]["action"])
        if d["played"]["visits"]:
            assert d["loss"] == pytest.approx(d["best"]["value"] - d["played"]["value"], abs=1e-3)
            assert d["blunder"] == (d["loss"] >= doc["blunder_threshold"])
    for i in doc["blunders"]:
        message = doc["decisions"][i]["message"]
        assert set(message) == {"pt", "en"} and "Erro grave" in message["pt"] and "Blunder" in message["en"]


def test_a_move_much_worse_than_the_best_is_flagged_in_both_languages() -> None:
    # Avenue with a random seat: random draws are often far below the best square.
    doc = analyse(_record("avenue"), bot_spec(get_game("avenue"), "mcts:iterations=60"))
    assert doc["blunders"]
    worst = doc["decisions"][doc["blunders"][0]]
    assert worst["loss"] == max(d["loss"] for d in doc["decisions"] if d["loss"] is not None)


def test_only_a_search_bot_can_analyse() -> None:
    with pytest.raises(SetupError) as info:
        analyse(_record("avenue"), bot_spec(get_game("avenue"), "greedy"))
    assert info.value.code == "bad_bot_spec"


def test_cli_json_and_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.json"
    path.write_text(_record("metro").dumps(), encoding="utf-8")
    with pytest.raises(SystemExit) as done:
        main(["analyse", str(path), "--bot", "mcts:iterations=5", "--json"])
    assert done.value.code == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["game"] == "metro" and len(doc["decisions"]) == 30
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    for argv in (
        [str(path), "--bot", "mcts:seconds=-1"],
        [str(path), "--bot", "mcts:foo=1"],
        [str(bad)],
        [str(tmp_path / "missing.json")],
    ):
        with pytest.raises(SystemExit) as done:
            main(["analyse", *argv])
        assert done.value.code == 2
        assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_a_hint_is_a_legal_move_drawn_from_what_the_seat_knows_only() -> None:
    from tabuleiro.bots.analysis import hint
    from tabuleiro.core import Rng

    game = get_game("metro")
    state = game.new_state(2, 9)
    twin = game.sample_consistent(state, 0, Rng.from_seed(4))
    assert twin != state and game.view(twin, 0) == game.view(state, 0)
    spec = bot_spec(game, "mcts:iterations=40")
    found = [hint(game, s, 0, 0, spec, 17) for s in (state, twin)]
    assert found[0] == found[1]
    assert game.parse_action(found[0]["action"]) in game.legal_actions(state, 0)
    assert set(found[0]["text"]) == {"pt", "en"} and 0.0 <= found[0]["value"] <= 1.0


def test_terminal_play_shows_hints_only_when_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io
    import sys

    for extra, expected in (([], 0), (["--hints", "mcts:iterations=20"], 3)):
        monkeypatch.setattr(sys, "stdin", io.StringIO("1\n1\nquit\n"))
        with pytest.raises(SystemExit):
            main(
                [
                    "play",
                    "metro",
                    "--seat",
                    "human",
                    "--seat",
                    "random",
                    "--seed",
                    "2",
                    "--lang",
                    "en",
                    *extra,
                ]
            )
        assert capsys.readouterr().out.count("Search hint:") == expected
