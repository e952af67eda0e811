"""``tabuleiro lab``: the report folder, the same report.json on any backend, one-line errors."""

import json
import socket
from pathlib import Path

import pytest

from tabuleiro.cli.app import main
from tabuleiro.cli.lab import expand_bare_ray

STUDY = (
    "lab",
    "volta_ao_mundo",
    "--players",
    "2,4",
    "--games",
    "3",
    "--seed",
    "1",
    "--bots",
    "greedy",
    "--compare",
    "opening=none,reverse",
)


def call(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(args))
    captured = capsys.readouterr()
    return int(info.value.code or 0), captured.out, captured.err


def test_lab_writes_the_report_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = call(capsys, *STUDY, "--out", str(tmp_path), "--workers", "1")
    assert code == 0, err
    names = {p.name for p in tmp_path.iterdir()}
    assert {"report.json", "report.html", "run.json", "win_rate.png", "scores.png"} <= names
    assert {"categories.png", "comparison.png", "length.png"} <= names
    assert all((tmp_path / n).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for n in names if n.endswith(".png"))
    report = json.loads((tmp_path / "report.json").read_text())
    assert [c["id"] for c in report["configurations"]] == [
        "2p opening=none",
        "2p opening=reverse",
        "4p opening=none",
        "4p opening=reverse",
    ]
    assert all(len(c["results"]) == 3 for c in report["configurations"])
    assert "timing" not in (tmp_path / "report.json").read_text()
    run = json.loads((tmp_path / "run.json").read_text())
    assert run["workers"] == 1 and run["games"] == 12 and run["play_seconds"] > 0
    assert "2p opening=none" in out and "win rate" in out and "report.html" in out
    page = (tmp_path / "report.html").read_text()
    assert "data:image/png;base64," in page and "Balance lab" in page and "Laboratório" in page
    assert "http" not in page.replace("http-equiv", "")


def test_any_number_of_workers_and_ray_give_the_same_report(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    texts = []
    study = [a if a != "2,4" else "2,3" for a in STUDY]
    for name, extra in (("one", ["--workers", "1"]), ("two", ["--workers", "2"]), ("ray", ["--ray"])):
        code, out, err = call(capsys, *study, "--out", str(tmp_path / name), "--json", *extra)
        if code == 2 and "cannot start or join the Ray cluster" in err:
            # Ray gives its new node a fixed 30 s to register; a heavily loaded machine can miss it.
            code, out, err = call(capsys, *study, "--out", str(tmp_path / name), "--json", *extra)
        assert code == 0, err
        assert json.loads(out)["out"] == str(tmp_path / name)
        texts.append((tmp_path / name / "report.json").read_bytes())
    assert texts[0] == texts[1] == texts[2]
    assert json.loads((tmp_path / "ray" / "run.json").read_text())["backend"] == "ray"


def test_a_bare_ray_flag_means_a_local_instance() -> None:
    assert expand_bare_ray(["lab", "dogs", "--ray"]) == ["lab", "dogs", "--ray", "local"]
    assert expand_bare_ray(["lab", "dogs", "--ray", "--json"]) == ["lab", "dogs", "--ray", "local", "--json"]
    assert expand_bare_ray(["lab", "dogs", "--ray", "h:1"]) == ["lab", "dogs", "--ray", "h:1"]
    assert expand_bare_ray(["simulate", "dogs", "--ray"]) == ["simulate", "dogs", "--ray"]


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


BAD = [
    (("--compare", "openings=none,reverse"), "has no option 'openings'"),
    (("--compare", "opening=none,backwards"), "'backwards' is not allowed"),
    (("--players", "2,9"), "volta_ao_mundo is played by 2 to 4 players, not 9"),
    (("--players", "two"), "--players takes player counts"),
    (("--workers", "0"), "--workers must be at least 1"),
    (("--games", "0"), "--games must be at least 1"),
    (("--bots", "oracle"), "unknown seat 'oracle'"),
    (("--ray", "127.0.0.1:CLOSED"), "no Ray cluster reachable at 127.0.0.1:"),
    (("--ray", "--workers", "2"), "--workers and --ray exclude each other"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_line_with_exit_code_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    args = tuple(a.replace("CLOSED", str(_closed_port())) for a in args)
    code, _, err = call(capsys, "lab", "volta_ao_mundo", "--games", "2", "--out", str(tmp_path), *args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1, err
    assert message in err
    assert not (tmp_path / "report.json").exists()


def test_out_must_be_a_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    file = tmp_path / "taken"
    file.write_text("")
    code, _, err = call(capsys, "lab", "dogs", "--games", "1", "--out", str(file))
    assert code == 2 and "is not a folder" in err
