"""Message catalogues: every user-facing string in Portuguese (first) and English."""

from __future__ import annotations

from tabuleiro.core.errors import Lang

Catalogue = dict[str, dict[Lang, str]]


def text(catalogue: Catalogue, key: str, lang: Lang, **values: object) -> str:
    """The catalogue string `key` in `lang`, with `values` filled in."""
    return catalogue[key][lang].format(**values)
