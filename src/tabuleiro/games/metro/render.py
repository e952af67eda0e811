"""Plain-text pictures of Metro for terminals and golden files."""

from __future__ import annotations

from tabuleiro.core import JsonDict, Lang


def render_view(view: JsonDict, lang: Lang = "pt") -> str:
    """The text picture of a view (placeholder until the board drawing lands)."""
    return f"Metro {view['tiles_placed']}/60 {lang}"
