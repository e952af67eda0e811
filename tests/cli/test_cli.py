"""The ``tabuleiro`` command: its JSON contracts, terminal play, and one-line errors."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabuleiro.cli.app import main


def run(*args: str, stdin: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tabuleiro", *args],
        input=stdin,
        env={**{k: v for k, v in os.environ.items() if k != "TABULEIRO_COMMAND"}, **(env or {})},
        capture_output=True,
        text=True,
        timeout=600,  # a safety net for a hung command, not a speed check
        check=False,
    )


def call(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(args))
    captured = capsys.readouterr()
    return int(info.value.code or 0), captured.out, captured.err


def test_games_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = call(capsys, "games", "--json")
    assert code == 0
    entry = next(g for g in json.loads(out) if g["id"] == "avenue")
    assert entry["name"] == {"pt": "Avenue", "en": "Avenue"}
    assert (entry["min_players"], entry["max_players"]) == (1, 100)
    assert entry["options"]["map"] | {"description": None, "choice_labels": None} == {
        "type": "choice",
        "default": "A",
        "choices": ["A", "B", "C"],
        "description": None,
        "choice_labels": None,
    }
    assert entry["options"]["tiebreak_castles"]["type"] == "bool"


def test_every_choice_option_has_words_for_each_choice_in_both_languages(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for entry in json.loads(call(capsys, "games", "--json")[1]):
        for name, spec in entry["options"].items():
            if spec["type"] == "choice":
                labels = spec.get("choice_labels", {})
                assert list(labels) == spec["choices"], (entry["id"], name)
                assert all(words["pt"] and words["en"] for words in labels.values()), (entry["id"], name)


def test_simulate_is_byte_identical_and_records_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ("simulate", "avenue", "--players", "5", "--games", "6", "--seed", "1", "--json")
    code, first, _ = call(capsys, *args, "--records", str(tmp_path))
    assert code == 0
    assert call(capsys, *args)[1] == first
    doc = json.loads(first)
    assert doc["game"] == "avenue" and doc["players"] == 5 and doc["seed"] == 1
    assert set(doc["summary"]) >= {"games", "mean_score", "win_rate"}
    for result in doc["results"]:
        assert set(result) == {"seed", "scores", "breakdown", "winners", "decisions"}
        assert [sum(b.values()) for b in result["breakdown"]] == result["scores"]
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 6
    for path, result in zip(records, doc["results"], strict=True):
        code, out, _ = call(capsys, "replay", str(path), "--json")
        assert code == 0 and json.loads(out)["outcome"]["scores"] == result["scores"]


def test_simulate_prints_a_summary_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = call(
        capsys, "simulate", "avenue", "--players", "2", "--games", "4", "--bots", "greedy,random"
    )
    assert code == 0 and "greedy" in out and "win rate" in out


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = call(
        capsys, "bench", "avenue", "--players", "2", "--seconds", "0.2", "--reps", "1", "--json"
    )
    doc = json.loads(out)
    assert code == 0
    assert {"decisions_per_s", "games_per_s", "clone_us", "legal_actions_us"} <= set(doc)


def test_replay_reports_an_unfinished_match(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    code, _, _ = call(capsys, "simulate", "avenue", "--games", "1", "--records", str(tmp_path), "--json")
    record = json.loads(next(tmp_path.glob("avenue-*.json")).read_text())
    record["actions"] = record["actions"][:3]
    record["outcome"] = None
    path.write_text(json.dumps(record))
    code, out, _ = call(capsys, "replay", str(path), "--json")
    assert code == 0 and json.loads(out)["finished"] is False and json.loads(out)["to_act"] == [1]


def test_solo_game_in_the_terminal() -> None:
    result = run("play", "avenue", "--players", "1", "--seed", "5", "--lang", "en", stdin="1\n" * 45)
    assert result.returncode == 0, result.stderr
    assert "Final result" in result.stdout and "Winner(s): Player 1" in result.stdout


def test_terminal_play_rejects_bad_moves_and_keeps_going(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    moves = "z9\n99\nhelp\na1\na1\nquit\n"
    result = run(
        "play",
        "avenue",
        "--seat",
        "human",
        "--seat",
        "random",
        "--seed",
        "2",
        "--lang",
        "en",
        "--record",
        str(record),
        stdin=moves,
    )
    assert result.returncode == 0
    assert "not an Avenue move" in result.stdout and "Choose a number from 1 to" in result.stdout
    assert "a1 already has a road" in result.stdout
    saved = json.loads(record.read_text())
    assert [0, "a1"] in saved["actions"] and saved["seats"] == ["human", "bot:random"]


def test_hotseat_hides_the_other_players_sealed_choice() -> None:
    result = run(
        "play",
        "avenue",
        "--players",
        "2",
        "--seat",
        "human",
        "--seat",
        "human",
        "--seed",
        "3",
        "--lang",
        "en",
        stdin="\npeek\n\nquit\n",
    )
    assert result.returncode == 0
    second_turn = result.stdout.split("Pass the device to Player 2")[1]
    assert "peek" not in second_turn.split("Legal moves")[0]
    assert "Player 1 — has chosen" in second_turn


def test_input_ending_stops_the_match_cleanly() -> None:
    result = run("play", "avenue", "--seed", "1", stdin="")
    assert result.returncode == 1 and "Traceback" not in result.stderr


BAD = [
    (("play", "chess"), "unknown game 'chess'"),
    (("play", "avenue", "--option", "map=Z"), "option map: 'Z' is not allowed; use A or B or C"),
    (("play", "avenue", "--option", "colour=red"), "unknown option 'colour'"),
    (("play", "avenue", "--option", "map"), "must be written NAME=VALUE"),
    (("play", "avenue", "--players", "0"), "avenue is played by 1 to 100 players, not 0"),
    (("play", "avenue", "--players", "abc"), "--players"),
    (("play", "avenue", "--seat", "wizard"), "unknown seat 'wizard'"),
    (("play", "avenue", "--lang", "fr"), "--lang must be pt or en"),
    (("play", "avenue", "--seed", "-3"), "--seed must be an integer from 0"),
    (("simulate", "avenue", "--players", "3", "--bots", "greedy,random"), "one per seat"),
    (("simulate", "avenue", "--players", "2", "--bots", "oracle"), "unknown seat 'oracle'"),
    (("simulate", "avenue", "--games", "0"), "--games must be at least 1"),
    (("bench", "checkers"), "unknown game 'checkers'"),
    (("replay", "/no/such/file.json"), "cannot read"),
    (("frobnicate",), "No such command"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_line_with_exit_code_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, _, err = call(capsys, *args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1, err
    assert message in err


@pytest.mark.parametrize("damage", ["truncate", "garbage", "illegal", "not-a-record"])
def test_broken_records_name_the_first_bad_entry(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, damage: str
) -> None:
    call(capsys, "simulate", "avenue", "--games", "1", "--records", str(tmp_path), "--json")
    path = next(tmp_path.glob("avenue-*.json"))
    text = path.read_text()
    lines = text.splitlines(True)
    expected = {
        "truncate": "actions[9] is cut short",
        "garbage": "not valid JSON",
        "illegal": "actions[4]",
        "not-a-record": "missing field",
    }[damage]
    if damage == "truncate":
        text = "".join(lines[:10]) + lines[10][:5]
    elif damage == "garbage":
        text = "{]" + text
    elif damage == "illegal":
        lines[3] = lines[3].replace(json.loads(lines[3].strip().rstrip(","))[1], "peek", 1)
        lines[5] = lines[5].replace(json.loads(lines[5].strip().rstrip(","))[1], "peek", 1)
        text = "".join(lines)
    else:
        text = "{}"
    path.write_text(text)
    code, _, err = call(capsys, "replay", str(path))
    assert code == 2 and len(err.strip().splitlines()) == 1 and expected in err, err


def test_errors_never_show_a_traceback() -> None:
    result = run("simulate", "avenue", "--players", "101")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1


def test_no_arguments_prints_the_help() -> None:
    result = run()
    assert result.returncode == 0
    assert "Usage: tabuleiro" in result.stdout and "simulate" in result.stdout


def test_games_lists_bots_and_yes_no_options_as_the_parser_takes_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = call(capsys, "games")
    assert code == 0
    assert "greedy (default)" in out and "aim (default)" in out
    assert "tiebreak_castles=true (false/true)" in out
    assert "False" not in out and "…" not in out
    code, out, _ = call(capsys, "games", "metro")
    assert code == 0 and "central_tracks_score" in out and "bots: random, greedy" in out


def test_simulate_seats_the_games_default_bot_and_counts_seats_from_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = call(capsys, "simulate", "volta_ao_mundo", "--games", "1", "--json")
    assert code == 0 and json.loads(out)["bots"] == ["greedy", "greedy"]
    code, out, _ = call(capsys, "simulate", "volta_ao_mundo", "--games", "1")
    assert "mean days (fewer wins)" in out
    seats = [line.split()[1] for line in out.splitlines() if "greedy" in line]
    assert seats == ["1", "2"]


def test_many_moves_are_numbered_and_grouped_by_kind_in_the_terminal() -> None:
    result = run("play", "dogs", "--players", "2", "--seed", "3", "--lang", "en", stdin="help\n15\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "move (14)" in result.stdout and "stay (1)" in result.stdout
    assert " 1. move C1" in result.stdout and "15. stay" in result.stdout
    assert "move C1 — " in result.stdout  # help adds a described example of each kind
    assert "Match stopped." in result.stdout


def test_the_saved_record_hint_is_a_command_the_person_can_type(tmp_path: Path) -> None:
    record = tmp_path / "m.json"
    args = ("play", "avenue", "--seat", "human", "--record", str(record))
    plain = run(*args, stdin="sair\n")
    assert f"(tabuleiro replay {record})" in plain.stdout.replace("\n", "")
    launched = run(*args, stdin="sair\n", env={"TABULEIRO_COMMAND": "./play"})  # as ./play sets it
    assert f"(./play replay {record})" in launched.stdout.replace("\n", "")


def test_quit_at_the_pass_the_device_screen_stops_the_match() -> None:
    result = run("play", "avenue", "--players", "2", "--seat", "human", "--seat", "human", stdin="sair\n")
    assert result.returncode == 0 and "Partida interrompida." in result.stdout


def test_terminal_play_says_when_there_is_nothing_to_take_back() -> None:
    result = run("play", "metro", "--seat", "human", "--seed", "2", "--lang", "pt", stdin="desfazer\nsair\n")
    assert result.returncode == 0
    assert "não há o que desfazer agora" in result.stdout
