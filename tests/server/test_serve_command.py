"""`tabuleiro serve` refuses bad input with one line on stderr and exit code 2."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tabuleiro.cli.app import main


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    with pytest.raises(SystemExit) as info:
        main(["serve", *args])
    return int(info.value.code or 0), capsys.readouterr().err


def test_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _run(capsys, "--port", "70000")
    assert code == 2 and err.strip() == "tabuleiro: --port must be from 1 to 65535, not 70000"


def test_port_in_use(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code, err = _run(capsys, "--port", str(port), "--db", str(tmp_path / "m.sqlite3"))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "in use" in err


@pytest.mark.parametrize(
    ("db", "message"),
    [
        ("mysql://u@h/db", "--db must be"),
        ("postgresql://nobody@127.0.0.1:1/none", "cannot open the database"),
    ],
)
def test_bad_database(capsys: pytest.CaptureFixture[str], db: str, message: str) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code, err = _run(capsys, "--port", str(port), "--db", db)
    assert code == 2 and len(err.strip().splitlines()) == 1 and message in err
