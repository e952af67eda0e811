#!/usr/bin/env bash
# RL environment steps/s against PettingZoo's classic tictactoe_v3 and connect_four_v3, in one
# run on one core (medians of 7): scripts/bench_rl_vs_peers.sh [OUT_DIR] (default out/bench-rl).
# The first run sets up .venv-peers (the `peers` extra), as scripts/bench_vs_peers.sh does.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/peers_venv.sh"
out="${1:-$root/out/bench-rl}"
mkdir -p "$out"
PYTHONPATH="$root/src" ${pin[@]+"${pin[@]}"} "$peers_python" "$root/bench/peers.py" \
    --plugin "$root/src/tabuleiro/rl/peers_plugin.py:cases" \
    --only tictactoe --only tic_tac_toe --only connect_four --only tabuleiro-rl --no-mcts \
    --reps "${REPS:-7}" --json "$out/peers.json"
for case in $("$venv/bin/python" -c "import json,sys; print(' '.join(c for c in json.load(open(sys.argv[1]))['results'] if c.startswith('tabuleiro-rl/')))" "$out/peers.json" 2>/dev/null); do
    for peer in pz/tictactoe_v3 pz/connect_four_v3; do
        "$venv/bin/python" "$root/scripts/peer_ratio.py" "$out/peers.json" "$case" "$peer"
    done
done | tee "$out/ratios.json"
