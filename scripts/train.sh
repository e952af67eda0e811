#!/usr/bin/env bash
# Train a seat with maskable PPO: scripts/train.sh GAME [--steps N] [--opponent BOT] ...
# The first run sets up .venv-train with the `rl` and `train` extras (PyTorch and its CUDA
# libraries from the package index: about 5.5 GB and 6 minutes), apart from .venv.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
TABULEIRO_EXTRAS=""
source "$root/scripts/bootstrap.sh"
train_venv="$root/.venv-train"
if [ ! -f "$train_venv/.installed" ]; then
    echo "train: first run: installing PyTorch, sb3-contrib and Tabuleiro into $train_venv…" >&2
    "$(find_python)" -m venv "$train_venv"
    "$train_venv/bin/python" -m pip install --quiet --upgrade pip
    "$train_venv/bin/python" -m pip install --quiet -e "$root[rl,train]"
    touch "$train_venv/.installed"
fi
exec "$train_venv/bin/python" "$root/examples/train_maskable_ppo.py" "$@"
