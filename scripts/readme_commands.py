"""Run every command of the README's shell blocks, as written, in a fresh clone.

    .venv/bin/python scripts/readme_commands.py            # clone HEAD into a temporary folder
    .venv/bin/python scripts/readme_commands.py --here     # in this checkout instead

A command is a line of a ```sh block (its `# comment` removed). Lines naming a placeholder
(an upper-case word such as GAME or FILE) or optional flags in brackets are a synopsis, not a
command, and are listed as skipped; `tabuleiro …` runs with `.venv/bin` first on the PATH, as
after the README's `source .venv/bin/activate`; `./run-tests` is skipped (it is what runs
this); `./play` and `./play serve …` are started, must print the address to open, and are
stopped; `./play play …` gets `sair` on its
input. Prints one JSON object: every command with its exit code and seconds; exits 1 when one
failed.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"\b[A-Z][A-Z_]{2,}\b|…|\.\.\.")
SERVE_SECONDS = 600


def commands(readme: str) -> list[str]:
    """The shell lines of the README's ```sh blocks, without comments and blank lines."""
    found: list[str] = []
    for block in re.findall(r"```sh\n(.*?)```", readme, flags=re.S):
        for line in block.splitlines():
            command = line.split(" #", 1)[0].strip()
            if command and not command.startswith("#"):
                found.append(command)
    return found


def skip_reason(command: str) -> str | None:
    if command.startswith("./run-tests"):
        return "the test command itself"
    if PLACEHOLDER.search(command.removeprefix("./play")) or " [--" in command:
        return "a synopsis with placeholders"
    return None


def serves(command: str) -> bool:
    words = shlex.split(command)
    return words == ["./play"] or words[:2] == ["./play", "serve"]


def run_server(command: str, cwd: Path) -> int:
    """Start a serving command, wait for the address it prints, stop it; 0 when it printed one."""
    process = subprocess.Popen(
        command, shell=True, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    deadline = time.monotonic() + SERVE_SECONDS
    assert process.stdout is not None
    code = 1
    for line in process.stdout:
        if "http://" in line:
            code = 0
            break
        if time.monotonic() > deadline:
            break
    process.terminate()
    process.wait(timeout=30)
    return code


def run(command: str, cwd: Path) -> dict[str, object]:
    started = time.monotonic()
    if serves(command):
        code = run_server(command, cwd)
        tail = ""
    else:
        stdin = "sair\n" if command.startswith("./play play") else ""
        env = {**os.environ, "PATH": f"{cwd / '.venv' / 'bin'}{os.pathsep}{os.environ['PATH']}"}
        done = subprocess.run(
            command, shell=True, cwd=cwd, env=env, input=stdin, capture_output=True, text=True, check=False
        )
        code, tail = done.returncode, (done.stderr or done.stdout)[-300:]
    result: dict[str, object] = {
        "command": command,
        "code": code,
        "seconds": round(time.monotonic() - started, 1),
    }
    if code:
        result["output"] = tail
    return result


def main() -> int:
    here = "--here" in sys.argv[1:]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        cwd = ROOT
        if not here:
            cwd = Path(tmp) / "clone"
            subprocess.run(["git", "clone", "--quiet", str(ROOT), str(cwd)], check=True)
        results, skipped = [], []
        for command in commands(readme):
            reason = skip_reason(command)
            if reason:
                skipped.append({"command": command, "why": reason})
            else:
                results.append(run(command, cwd))
    failed = [r for r in results if r["code"] != 0]
    print(json.dumps({"ran": results, "skipped": skipped, "failed": len(failed)}, indent=2))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
