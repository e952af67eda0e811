#!/usr/bin/env bash
# Our engines and the peers (OpenSpiel, PettingZoo) in one run, on one core.
# Needs the peers' venv: python3 -m venv /tmp/peers-venv &&
#   /tmp/peers-venv/bin/pip install "pettingzoo[classic]" gymnasium open-spiel numpy pymunk
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
peers_python="${PEERS_PYTHON:-/tmp/peers-venv/bin/python}"
out="${1:-$root/out/bench}"
mkdir -p "$out"
PYTHONPATH="$root/src" taskset -c 0 "$peers_python" "$root/../shared/bench/peers.py" \
    --plugin "$root/src/tabuleiro/sim/peers_plugin.py:cases" \
    --only tic_tac_toe --only tabuleiro --no-mcts --reps 7 --json "$out/peers.json"
for game in avenue metro dogs sonora volta_ao_mundo; do
    "$root/.venv/bin/python" "$root/scripts/peer_ratio.py" "$out/peers.json" \
        "tabuleiro/$game-4p" os-py/python_tic_tac_toe | tee "$out/ratio-$game.json"
    taskset -c 0 "$root/.venv/bin/tabuleiro" bench "$game" --players 4 --seconds 10 --reps 7 --json \
        | tee "$out/$game.json"
done
