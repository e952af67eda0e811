#!/usr/bin/env bash
# Our engines and the peers (OpenSpiel, PettingZoo) in one run, on one core: decisions/s
# against tic-tac-toe, and rollouts/s from each opening against OpenSpiel's Python MCTS.
#   scripts/bench_vs_peers.sh [OUT_DIR]     (default out/bench; first run sets up .venv-peers)
# The peers live in their own venv, .venv-peers, made on first use from the `peers` extra
# (pettingzoo[classic], gymnasium, open-spiel, numpy); PEERS_PYTHON names another Python instead.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/peers_venv.sh"
out="${1:-$root/out/bench}"
mkdir -p "$out"
# Random play against tic-tac-toe; in the same run, flat Monte-Carlo rollouts from each
# game's opening against OpenSpiel's Python MCTS bot on connect four (random rollouts).
PYTHONPATH="$root/src" ${pin[@]+"${pin[@]}"} "$peers_python" "$root/bench/peers.py" \
    --plugin "$root/src/tabuleiro/sim/peers_plugin.py:cases" \
    --plugin "$root/src/tabuleiro/sim/peers_plugin.py:rollouts" \
    --only tic_tac_toe --only tabuleiro --only os-py-mcts/connect_four \
    --skip mcts/tic_tac_toe --skip mcts/python_tic --reps 7 --json "$out/peers.json"
for game in avenue metro dogs sonora volta_ao_mundo; do
    "$venv/bin/python" "$root/scripts/peer_ratio.py" "$out/peers.json" \
        "tabuleiro/$game-4p" os-py/python_tic_tac_toe | tee "$out/ratio-$game.json"
    "$venv/bin/python" "$root/scripts/peer_ratio.py" "$out/peers.json" \
        "tabuleiro-flat-mc/$game-4p" os-py-mcts/connect_four | tee "$out/rollouts-$game.json"
    ${pin[@]+"${pin[@]}"} "$venv/bin/tabuleiro" bench "$game" --players 4 --seconds 10 --reps 7 --json \
        | tee "$out/$game.json"
done
