"""Run every command of the README's shell blocks, as written, in a fresh clone.

    .venv/bin/python scripts/readme_commands.py            # clone HEAD into a temporary folder
    .venv/bin/python scripts/readme_commands.py --here     # in this checkout instead

A command is a line of a ```sh block (its `# comment` removed). Lines naming a placeholder
(an upper-case word such as GAME or FILE) or optional flags in brackets are a synopsis, not a
command, and are listed as skipped; `tabuleiro …` runs with `.venv/bin` first on the PATH, as
after the README's `source .venv/bin/activate`; `./run-tests` is skipped (it is what runs
this), and so is `ray start` (a daemon); `./play` and `./play serve …` are started, must print
the address to open, and are stopped (skipped, saying so, when port 8000 is taken); `./play
play …` gets `sair` on its input. The data folder is a temporary one. Commands quoted in the
prose are listed, not run (measurements and training runs), with a check that the program
they name exists. Prints one JSON object: every command with its exit code and seconds, the
skipped ones with the reason; exits 1 when one failed or a quoted program is missing.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"\b[A-Z][A-Z_]{2,}\b|…|\.\.\.")
SERVE_SECONDS = 600
DEFAULT_PORT = 8000


def commands(readme: str) -> list[str]:
    """The shell lines of the README's ```sh blocks, without comments and blank lines; a line
    ending in a backslash goes on on the next one, as in a shell."""
    found: list[str] = []
    for block in re.findall(r"```sh\n(.*?)```", readme, flags=re.S):
        pending = ""
        for line in block.splitlines():
            command = line.split(" #", 1)[0].strip()
            if command.endswith("\\"):
                pending += command[:-1].strip() + " "
                continue
            command, pending = (pending + command).strip(), ""
            if command and not command.startswith("#"):
                found.append(command)
    return found


def inline_commands(readme: str) -> list[str]:
    """Commands quoted in the README's prose (`./play …`, `tabuleiro …`, `scripts/…`): most are
    measurements or training runs that take minutes to hours, so they are not run; the script
    checks that the program they name is in the repository."""
    found = re.findall(r"`((?:\./|\.venv/bin/python |scripts/|tabuleiro )[^`]*)`", readme)
    return sorted(set(found))


def program_of(command: str) -> str | None:
    """The repository file an inline command runs, or None for the installed `tabuleiro`."""
    words = command.split()
    if words[0] == ".venv/bin/python":
        return words[1] if len(words) > 1 else None
    if words[0] == "tabuleiro":
        return None
    return words[0].removeprefix("./")


def skip_reason(command: str) -> str | None:
    if command.startswith("./run-tests"):
        return "the test command itself"
    if PLACEHOLDER.search(command.removeprefix("./play")) or " [--" in command:
        return "a synopsis with placeholders"
    if command.startswith("ray start"):
        return "starts a Ray cluster daemon that keeps running (the lab's --ray test covers Ray)"
    return None


def port_free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def serves(command: str) -> bool:
    words = shlex.split(command)
    return words == ["./play"] or words[:2] == ["./play", "serve"]


def run_server(command: str, cwd: Path, env: dict[str, str]) -> int:
    """Start a serving command, wait for the address it prints, stop it; 0 when it printed one
    within SERVE_SECONDS (first-run setup included)."""
    process = subprocess.Popen(
        command,
        shell=True,
        cwd=cwd,
        env={**env, "PYTHONUNBUFFERED": "1"},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # the shell and the server it starts are stopped together
    )
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put("")

    threading.Thread(target=read, daemon=True).start()
    deadline = time.monotonic() + SERVE_SECONDS
    code = 1
    while (left := deadline - time.monotonic()) > 0:
        try:
            line = lines.get(timeout=left)
        except queue.Empty:
            break
        if "http://" in line:
            code = 0
            break
        if not line:  # the command ended without printing an address
            break
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    return code


def run(command: str, cwd: Path, data: Path) -> dict[str, object]:
    started = time.monotonic()
    # The data folder (the server's default database) is a temporary one, not the user's.
    env = {
        **os.environ,
        "PATH": f"{cwd / '.venv' / 'bin'}{os.pathsep}{os.environ['PATH']}",
        "XDG_DATA_HOME": str(data),
    }
    if serves(command):
        code = run_server(command, cwd, env)
        tail = ""
    else:
        stdin = "sair\n" if command.startswith("./play play") else ""
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
        data = Path(tmp) / "data"
        results, skipped = [], []
        for command in commands(readme):
            reason = skip_reason(command)
            if reason is None and serves(command) and not port_free(DEFAULT_PORT):
                reason = f"port {DEFAULT_PORT} is in use on this machine (another server runs)"
            if reason:
                skipped.append({"command": command, "why": reason})
            else:
                results.append(run(command, cwd, data))
        inline = []
        for command in inline_commands(readme):
            program = program_of(command)
            exists = program is None or (cwd / program).exists()
            inline.append({"command": command, "program_exists": exists})
    failed = [r for r in results if r["code"] != 0]
    missing = [i for i in inline if not i["program_exists"]]
    doc = {"ran": results, "skipped": skipped, "inline_not_run": inline, "failed": len(failed)}
    doc["missing_programs"] = len(missing)
    print(json.dumps(doc, indent=2))
    return 1 if failed or missing else 0


if __name__ == "__main__":
    sys.exit(main())
