#!/usr/bin/env bash
# The published balance baseline: `tabuleiro lab` on every game's default configuration and
# on each documented variant meant to fix balance, then the headline lines (Markdown) for the
# README and each game's RULES.md.
#   scripts/lab_baseline.sh                  500 games per configuration into out/lab-baseline
#   GAMES=50 OUT=/tmp/b scripts/lab_baseline.sh
# Needs the sim extra (./play lab installs it). Seed 1 throughout, the games' default bots.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TABULEIRO_EXTRAS=server,sim
source "$root/scripts/bootstrap.sh"
games="${GAMES:-500}"
out="${OUT:-$root/out/lab-baseline}"
seed="${SEED:-1}"
lab() { "$venv/bin/tabuleiro" lab "$@" --games "$games" --seed "$seed" --json >/dev/null; }

lab avenue --players 2,3,4 --out "$out/avenue"
lab dogs --players 2,3,4 --out "$out/dogs"
lab metro --players 2,3,4,6 --out "$out/metro"
lab sonora --players 2,3,4 --out "$out/sonora"
# Volta ao mundo: the first player's advantage and the designed catch-up (RULES.md 46).
lab volta_ao_mundo --players 2,3,4 --compare opening=none,reverse --out "$out/volta_ao_mundo"

"$venv/bin/python" "$root/scripts/lab_headlines.py" "$out"/*/report.json
