# Sourced by ./play and ./run-tests: make .venv (Python >= 3.11) with Tabuleiro and the
# extras named in TABULEIRO_EXTRAS installed; reinstall when pyproject.toml changes.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
extras="${TABULEIRO_EXTRAS:-}"
stamp="$venv/.installed${extras:+-$extras}"

find_python() {
    for candidate in python3.14 python3.13 python3.12 python3.11 python3; do
        if command -v "$candidate" >/dev/null 2>&1 &&
            "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            command -v "$candidate"
            return 0
        fi
    done
    echo "tabuleiro: Python 3.11 or newer is needed (install python3.11+ and its venv module)" >&2
    return 1
}

if [ ! -x "$venv/bin/python" ]; then
    python="$(find_python)"
    echo "tabuleiro: first run: creating $venv with $python…" >&2
    "$python" -m venv "$venv" || {
        echo "tabuleiro: could not create $venv (on Debian/Ubuntu: apt install python3-venv)" >&2
        exit 1
    }
fi
if [ ! -f "$stamp" ] || [ "$root/pyproject.toml" -nt "$stamp" ]; then
    echo "tabuleiro: installing Tabuleiro${extras:+ with $extras} into .venv (about a minute)…" >&2
    "$venv/bin/python" -m pip install --quiet --upgrade pip
    "$venv/bin/python" -m pip install --quiet -e "$root${extras:+[$extras]}"
    touch "$stamp"
    echo "tabuleiro: setup done" >&2
fi
