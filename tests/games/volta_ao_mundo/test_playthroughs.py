"""Golden playthroughs: the engine still plays these seeded matches exactly as recorded.

After an intended rules change, run ``python scripts/regen_playthroughs.py`` and review the diff.
"""

import difflib
import json
from pathlib import Path

import pytest

from tabuleiro.games.volta_ao_mundo import GAME
from tabuleiro.testing.playthrough import playthrough

FOLDER = Path(__file__).parent / "playthroughs"
CASES = json.loads((FOLDER / "manifest.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[c["file"] for c in CASES])
def test_playthrough_matches_golden_file(case: dict) -> None:
    golden = (FOLDER / case["file"]).read_text(encoding="utf-8")
    now = playthrough(GAME, case["players"], case["seed"], case["bots"], case["options"])
    if now != golden:
        diff = "".join(
            list(difflib.unified_diff(golden.splitlines(True), now.splitlines(True), "golden", "now"))[:40]
        )
        pytest.fail(f"{case['file']} differs; review and run scripts/regen_playthroughs.py\n{diff}")
