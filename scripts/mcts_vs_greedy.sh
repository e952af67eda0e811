#!/usr/bin/env bash
# mcts against the game's own bot, both seat orders; prints one JSON line per order and the
# combined win rate of the search (shared wins split).
# Usage: scripts/mcts_vs_greedy.sh GAME GAMES SEED [MCTS_SPEC] [OTHER]
set -euo pipefail
game=$1 games=$2 seed=$3 spec=${4:-mcts} other=${5:-greedy}
py=${PYTHON:-.venv/bin/python}
a=$(.venv/bin/tabuleiro simulate "$game" -n 2 --games "$games" --seed "$seed" --bots "$spec,$other" --json)
b=$(.venv/bin/tabuleiro simulate "$game" -n 2 --games "$games" --seed "$seed" --bots "$other,$spec" --json)
"$py" - "$spec" "$a" "$b" <<'PY'
import json, sys
spec, *docs = sys.argv[1:]
total = wins = 0.0
for raw in docs:
    doc = json.loads(raw)
    mine = next(k for k in doc["summary"]["by_bot"] if k.startswith("mcts"))
    row = doc["summary"]["by_bot"][mine]
    print(json.dumps({"game": doc["game"], "bots": doc["bots"], "seed": doc["seed"], "games": doc["summary"]["games"],
                      "win_rate": doc["summary"]["by_bot"], "mean_decisions": doc["summary"]["mean_decisions"]}))
    total += doc["summary"]["games"]
    wins += row["win_rate"] * doc["summary"]["games"]
print(json.dumps({"spec": spec, "combined_win_rate": round(wins / total, 4), "games": int(total)}))
PY
