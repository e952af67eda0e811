# Sourced by the benchmark scripts: the peers (OpenSpiel, PettingZoo) in their own venv,
# .venv-peers, made on first use from the `peers` extra; PEERS_PYTHON names another Python.
# Sets $peers_python, and $pin to pin a command to one core where taskset exists.
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
