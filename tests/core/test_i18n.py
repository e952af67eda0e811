"""Plural fields of the message catalogues: the noun agrees with its count in both languages."""

from __future__ import annotations

import re
import tokenize
from pathlib import Path

import pytest

import tabuleiro
from tabuleiro.core.i18n import Catalogue, fill, plural_form, text

WORD_S = re.compile(r"[a-zà-ú]\((s|es|ões|is|m|ns)\)")
TEXT_TOKENS = {tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
"""String literals, and the text parts of f-strings from Python 3.12 on (one token before)."""
CATALOGUE: Catalogue = {
    "coins": {"pt": "+{n:# moeda|# moedas}", "en": "+{n:# coin|# coins}"},
    "days": {"pt": "{who}: {days} {days:dia|dias}", "en": "{who}: {days} {days:day|days}"},
}


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [
        ("pt", 1, "+1 moeda"),
        ("pt", 0, "+0 moedas"),
        ("pt", 3, "+3 moedas"),
        ("en", 1, "+1 coin"),
        ("en", 2, "+2 coins"),
    ],
)
def test_the_noun_agrees_with_its_count(lang: str, n: int, expected: str) -> None:
    assert text(CATALOGUE, "coins", lang, n=n) == expected  # type: ignore[arg-type]


def test_a_form_without_the_number_is_the_word_alone() -> None:
    assert text(CATALOGUE, "days", "en", who="Ana", days=1) == "Ana: 1 day"
    assert text(CATALOGUE, "days", "pt", who="Ana", days=0) == "Ana: 0 dias"


def test_plain_fields_and_format_specs_still_work() -> None:
    assert fill("{x:>3}|{y}", x=7, y="a") == "  7|a"
    assert fill("{v:.1f} {v:ponto|pontos}", v=1.0) == "1.0 ponto"


def test_one_form_alone_serves_every_count_and_booleans_are_not_counts() -> None:
    assert plural_form(5, "pts") == "pts"
    assert plural_form(True, "# one|# other") == "True other"


def _strings(path: Path) -> list[tuple[int, str]]:
    """The string literals of a Python source file, with their lines."""
    with path.open("rb") as source:
        return [
            (tok.start[0], tok.string)
            for tok in tokenize.tokenize(source.readline)
            if tok.type in TEXT_TOKENS
        ]


def test_no_user_facing_string_writes_a_plural_as_word_s() -> None:
    """A count's noun goes through a plural field, never "coin(s)" or "ação(ões)"."""
    root = Path(tabuleiro.__file__).parent
    found = [
        f"{path.relative_to(root)}:{line}: {literal[:80]}"
        for path in sorted(root.rglob("*.py"))
        for line, literal in _strings(path)
        if WORD_S.search(literal)
    ]
    assert not found, found
