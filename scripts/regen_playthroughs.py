"""Rewrite the golden playthrough files from the current engines.

Each ``tests/games/<game>/playthroughs/manifest.json`` lists the files with their players,
seed, bots and options.

    python scripts/regen_playthroughs.py          # rewrite
    python scripts/regen_playthroughs.py --check  # exit 1 when a file would change
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tabuleiro.core import get_game
from tabuleiro.testing.playthrough import playthrough

ROOT = Path(__file__).resolve().parent.parent


def expected() -> dict[Path, str]:
    """Every golden file's path and the text the engines produce now."""
    out = {}
    for manifest in sorted((ROOT / "tests" / "games").glob("*/playthroughs/manifest.json")):
        game = get_game(manifest.parent.parent.name)
        for case in json.loads(manifest.read_text(encoding="utf-8")):
            text = playthrough(game, case["players"], case["seed"], case["bots"], case["options"])
            out[manifest.parent / case["file"]] = text
    return out


def main() -> int:
    check = "--check" in sys.argv[1:]
    changed = []
    for path, text in expected().items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            changed.append(path)
            if not check:
                path.write_text(text, encoding="utf-8")
    for path in changed:
        print(("would change: " if check else "wrote: ") + str(path.relative_to(ROOT)))
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
