#!/usr/bin/env bash
# Train a seat with maskable PPO: scripts/train.sh GAME [--steps N] [--opponent BOT] ...
# The first run sets up .venv-train with the `rl` and `train` extras, apart from .venv. PyTorch
# comes first, CPU-only: from $TABULEIRO_TORCH when set (pip arguments, e.g. a wheel file), else
# from PyTorch's CPU index (about 1.3 GB in all, a minute or two), else, where that index cannot
# be reached, from the package index (with its CUDA libraries: about 5.5 GB and 6 minutes).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
TABULEIRO_EXTRAS=""
source "$root/scripts/bootstrap.sh"
train_venv="$root/.venv-train"
if [ ! -f "$train_venv/.installed" ]; then
    echo "train: first run: installing PyTorch, sb3-contrib and Tabuleiro into $train_venv…" >&2
    "$(find_python)" -m venv "$train_venv"
    pip=("$train_venv/bin/python" -m pip install --quiet)
    "${pip[@]}" --upgrade pip
    if [ -n "${TABULEIRO_TORCH:-}" ]; then
        # shellcheck disable=SC2086  # pip arguments, split on purpose
        "${pip[@]}" $TABULEIRO_TORCH
    elif ! "${pip[@]}" --retries 0 --timeout 20 torch --index-url https://download.pytorch.org/whl/cpu; then
        echo "train: PyTorch's CPU index is out of reach; taking torch from the package index" >&2
    fi
    "${pip[@]}" -e "$root[rl,train]"
    touch "$train_venv/.installed"
fi
exec "$train_venv/bin/python" "$root/examples/train_maskable_ppo.py" "$@"
