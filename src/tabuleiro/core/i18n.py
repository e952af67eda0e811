"""Message catalogues: every user-facing string in Portuguese (first) and English.

A count's noun agrees with the count through a plural field: ``{n:# moeda|# moedas}`` is
"1 moeda", "0 moedas", "3 moedas"; ``#`` stands for the number, and a form without ``#``
gives the word alone (``{n} {n:coin|coins}``). The browser's catalogues (web/i18n.js) use the
same fields and choose the form with ``Intl.PluralRules``; both follow the same rule for the
two languages: the singular for exactly one, the plural for every other count, zero included
(CLDR counts 0 as singular in Portuguese, but the rulebooks write "0 dias", "0 uvas").
"""

from __future__ import annotations

import string
from typing import Any

from tabuleiro.core.errors import Lang

Catalogue = dict[str, dict[Lang, str]]


def plural_form(count: object, forms: str) -> str:
    """The form of `forms` (``one|other``) that agrees with `count`, with ``#`` replaced by it."""
    one, _, other = forms.partition("|")
    chosen = one if _is_one(count) else (other or one)
    return chosen.replace("#", str(count))


def _is_one(count: object) -> bool:
    return isinstance(count, int | float) and not isinstance(count, bool) and count == 1


class _PluralFormatter(string.Formatter):
    """str.format, where a field whose format spec holds ``|`` is a plural field."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            return plural_form(value, format_spec)
        return str(super().format_field(value, format_spec))


_FORMATTER = _PluralFormatter()


def fill(template: str, **values: object) -> str:
    """`template` with `values` filled in and its plural fields agreeing with their counts."""
    return _FORMATTER.format(template, **values)


def text(catalogue: Catalogue, key: str, lang: Lang, **values: object) -> str:
    """The catalogue string `key` in `lang`, with `values` filled in (plural fields agreeing)."""
    return fill(catalogue[key][lang], **values)
