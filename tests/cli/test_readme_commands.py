"""The README's commands as `scripts/readme_commands.py` reads them (the script itself runs
them in a fresh clone; it takes minutes, so it is not part of the suite)."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("readme_commands", ROOT / "scripts" / "readme_commands.py")
assert _spec is not None and _spec.loader is not None
readme_commands = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(readme_commands)


def test_a_line_continued_with_a_backslash_is_one_command() -> None:
    block = "```sh\n./play lab metro --games 5 \\\n    --out lab-metro   # a comment\n./play games\n```\n"
    assert readme_commands.commands(block) == ["./play lab metro --games 5 --out lab-metro", "./play games"]


def test_every_readme_command_it_runs_works_from_a_fresh_shell() -> None:
    # A fresh clone's shell has no `tabuleiro` on its PATH: what runs must go through ./play.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ran = [c for c in readme_commands.commands(readme) if readme_commands.skip_reason(c) is None]
    assert ran, "the README has shell blocks to run"
    assert [c for c in ran if not c.startswith("./play")] == []


def test_the_programs_quoted_in_the_readme_exist() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    programs = [readme_commands.program_of(c) for c in readme_commands.inline_commands(readme)]
    assert [p for p in programs if p is not None and not (ROOT / p).exists()] == []
