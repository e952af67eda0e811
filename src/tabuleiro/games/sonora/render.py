"""Terminal rendering (placeholder)."""

from __future__ import annotations

import json

from tabuleiro.core import JsonDict, Lang


def render_view(view: JsonDict, lang: Lang = "pt") -> str:
    return json.dumps(view)[:200]
