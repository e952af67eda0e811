"""Imports point inward: core uses only the standard library; games import only core."""

import ast
import sys
from pathlib import Path

import tabuleiro

ROOT = Path(tabuleiro.__file__).parent
# Third-party libraries a game may use besides the standard library (DESIGN.md: Sonora's physics).
GAME_LIBRARIES = {"sonora": {"pymunk"}}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_core_uses_only_the_standard_library() -> None:
    for path in (ROOT / "core").rglob("*.py"):
        for name in _imports(path):
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names or name.startswith("tabuleiro.core"), f"{path.name}: {name}"


def test_games_import_only_core_and_themselves() -> None:
    for game_dir in (p for p in (ROOT / "games").iterdir() if p.is_dir() and p.name != "__pycache__"):
        for path in game_dir.rglob("*.py"):
            for name in _imports(path):
                if name.startswith("tabuleiro"):
                    assert name.startswith(("tabuleiro.core", f"tabuleiro.games.{game_dir.name}")), (
                        f"{path}: {name}"
                    )
                else:
                    top = name.split(".")[0]
                    allowed = GAME_LIBRARIES.get(game_dir.name, set())
                    assert top in sys.stdlib_module_names or top in allowed, f"{path}: {name}"


def test_server_reaches_games_only_through_core() -> None:
    for path in (ROOT / "server").rglob("*.py"):
        for name in _imports(path):
            assert not name.startswith("tabuleiro.games"), f"{path}: {name}"


def test_rl_reaches_games_only_through_core() -> None:
    for path in (ROOT / "rl").rglob("*.py"):
        for name in _imports(path):
            assert not name.startswith("tabuleiro.games"), f"{path}: {name}"
