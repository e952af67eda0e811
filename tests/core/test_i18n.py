"""Plural fields of the message catalogues: the noun agrees with its count in both languages."""

from __future__ import annotations

import pytest

from tabuleiro.core.i18n import Catalogue, fill, plural_form, text

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
