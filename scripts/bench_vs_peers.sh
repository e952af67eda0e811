#!/usr/bin/env bash
# Our engines and the peers (OpenSpiel, PettingZoo) in one run, on one core.
#   scripts/bench_vs_peers.sh [OUT_DIR]     (default out/bench; first run sets up .venv-peers)
# The peers live in their own venv, .venv-peers, made on first use from the `peers` extra
# (pettingzoo[classic], gymnasium, open-spiel, numpy); PEERS_PYTHON names another Python instead.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
TABULEIRO_EXTRAS=""
source "$root/scripts/bootstrap.sh"
peers_venv="$root/.venv-peers"
if [ -z "${PEERS_PYTHON:-}" ] && [ ! -f "$peers_venv/.installed" ]; then
    echo "bench: first run: installing the peers (OpenSpiel, PettingZoo) into $peers_venv…" >&2
    "$(find_python)" -m venv "$peers_venv"
    "$peers_venv/bin/python" -m pip install --quiet --upgrade pip
    "$peers_venv/bin/python" -m pip install --quiet -e "$root[peers]"
    touch "$peers_venv/.installed"
fi
peers_python="${PEERS_PYTHON:-$peers_venv/bin/python}"
pin=()
if command -v taskset >/dev/null 2>&1; then pin=(taskset -c 0); fi
out="${1:-$root/out/bench}"
mkdir -p "$out"
PYTHONPATH="$root/src" "${pin[@]}" "$peers_python" "$root/bench/peers.py" \
    --plugin "$root/src/tabuleiro/sim/peers_plugin.py:cases" \
    --only tic_tac_toe --only tabuleiro --no-mcts --reps 7 --json "$out/peers.json"
for game in avenue metro dogs sonora volta_ao_mundo; do
    "$venv/bin/python" "$root/scripts/peer_ratio.py" "$out/peers.json" \
        "tabuleiro/$game-4p" os-py/python_tic_tac_toe | tee "$out/ratio-$game.json"
    "${pin[@]}" "$venv/bin/tabuleiro" bench "$game" --players 4 --seconds 10 --reps 7 --json \
        | tee "$out/$game.json"
done
