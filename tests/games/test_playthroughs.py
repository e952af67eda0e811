"""Golden playthroughs: every game still plays its seeded matches exactly as recorded.

Each ``tests/games/<game>/playthroughs/manifest.json`` lists the files with their players,
seed, bots and options. After an intended rules change, run
``python scripts/regen_playthroughs.py`` and review the diff.
"""

import difflib
import json
from pathlib import Path

import pytest

from tabuleiro.core import get_game
from tabuleiro.testing.playthrough import playthrough

MANIFESTS = sorted(Path(__file__).parent.glob("*/playthroughs/manifest.json"))
CASES = [
    (manifest.parent, case)
    for manifest in MANIFESTS
    for case in json.loads(manifest.read_text(encoding="utf-8"))
]


def test_every_game_has_golden_playthroughs() -> None:
    games = {folder.parent.name for folder, _ in CASES}
    assert {"avenue", "metro", "dogs"} <= games


@pytest.mark.parametrize(
    ("folder", "case"), CASES, ids=[f"{folder.parent.name}/{case['file']}" for folder, case in CASES]
)
def test_playthrough_matches_golden_file(folder: Path, case: dict) -> None:
    golden = (folder / case["file"]).read_text(encoding="utf-8")
    game = get_game(folder.parent.name)
    now = playthrough(game, case["players"], case["seed"], case["bots"], case["options"])
    if now != golden:
        diff = "".join(
            list(difflib.unified_diff(golden.splitlines(True), now.splitlines(True), "golden", "now"))[:40]
        )
        pytest.fail(f"{case['file']} differs; review and run scripts/regen_playthroughs.py\n{diff}")
