"""Plain-text pictures of Volta ao mundo em 80 dias (placeholder)."""

from __future__ import annotations

import json

from tabuleiro.core import JsonDict, Lang


def render_view(view: JsonDict, lang: Lang) -> str:  # noqa: ARG001
    """The view as text."""
    return json.dumps(view, ensure_ascii=False)
