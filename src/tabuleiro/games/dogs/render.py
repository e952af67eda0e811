"""Plain-text pictures of DOGS for terminals and golden files."""

from __future__ import annotations

import json

from tabuleiro.core import JsonDict, Lang


def render_view(view: JsonDict, lang: Lang = "pt") -> str:
    """The text picture of a view (placeholder until the board drawing lands)."""
    return json.dumps({k: view[k] for k in ("round", "phase", "decision")}, ensure_ascii=False) + f" {lang}"
