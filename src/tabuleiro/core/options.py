"""Typed per-game options: variants, expansions, map choice.

A game declares its options as a frozen dataclass deriving from `Options`, one field per
option, each made with `bool_option`, `int_option` or `choice_option`. The schema (type,
default, allowed values, descriptions) is read from the fields, so the catalogue, the CLI,
the server and the match records all validate the same way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self

from tabuleiro.core.errors import OptionError

OptionKind = Literal["bool", "int", "choice"]
OptionValue = bool | int | str

_META_KEY = "tabuleiro_option"
_TRUE = frozenset({"true", "yes", "on", "1", "sim", "s", "y"})
_FALSE = frozenset({"false", "no", "off", "0", "nao", "não", "n"})


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """The schema of one option."""

    name: str
    kind: OptionKind
    default: OptionValue
    en: str
    pt: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    labels: tuple[tuple[str, str], ...] = ()
    """Per choice, (en, pt) words a player reads instead of the choice's id."""
    requires: str | None = None
    """The yes/no option (an expansion, a variant) this one only matters with: menus show it
    only while that option is on."""

    def allowed(self) -> str:
        """The allowed values, as a player would type them."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "choice":
            return " or ".join(self.choices)
        lo = "" if self.minimum is None else str(self.minimum)
        hi = "" if self.maximum is None else str(self.maximum)
        return f"an integer from {lo} to {hi}" if lo and hi else "an integer"

    def to_json(self) -> dict[str, object]:
        """The catalogue form: type, default, choices (and bounds for integers)."""
        out: dict[str, object] = {"type": self.kind, "default": self.default}
        if self.kind == "bool":
            out["choices"] = [False, True]
        elif self.kind == "choice":
            out["choices"] = list(self.choices)
            if self.labels:
                out["choice_labels"] = {
                    c: {"pt": pt, "en": en} for c, (en, pt) in zip(self.choices, self.labels, strict=True)
                }
        else:
            out["min"] = self.minimum
            out["max"] = self.maximum
            if self.minimum is not None and self.maximum is not None:
                out["choices"] = list(range(self.minimum, self.maximum + 1))
        out["description"] = {"pt": self.pt, "en": self.en}
        if self.requires is not None:
            out["requires"] = self.requires
        return out

    def coerce(self, raw: object) -> OptionValue:
        """`raw` (typed JSON or CLI text) as this option's value, or `OptionError`."""
        text = raw.strip() if isinstance(raw, str) else raw
        if self.kind == "bool":
            if isinstance(text, bool):
                return text
            if isinstance(text, str) and text.lower() in _TRUE:
                return True
            if isinstance(text, str) and text.lower() in _FALSE:
                return False
        elif self.kind == "int":
            value: int | None = None
            if isinstance(text, int) and not isinstance(text, bool):
                value = text
            elif isinstance(text, str) and text.lstrip("-").isdigit():
                value = int(text)
            if (
                value is not None
                and (self.minimum is None or value >= self.minimum)
                and (self.maximum is None or value <= self.maximum)
            ):
                return value
        elif isinstance(text, str):
            for choice in self.choices:
                if text.lower() == choice.lower():
                    return choice
        raise OptionError(
            f"option {self.name}: {raw!r} is not allowed; use {self.allowed()}",
            f"opção {self.name}: {raw!r} não é permitido; use {self.allowed_pt()}",
            code="bad_option",
        )

    def allowed_pt(self) -> str:
        """`allowed` in Portuguese."""
        if self.kind == "bool":
            return "true ou false"
        if self.kind == "choice":
            return " ou ".join(self.choices)
        if self.minimum is not None and self.maximum is not None:
            return f"um inteiro de {self.minimum} a {self.maximum}"
        return "um inteiro"


def _option(spec: OptionSpec) -> Any:
    return dataclasses.field(default=spec.default, metadata={_META_KEY: spec})


def bool_option(default: bool, *, en: str, pt: str, requires: str | None = None) -> Any:
    """A yes/no option field (`requires`: see `OptionSpec.requires`)."""
    return _option(OptionSpec("", "bool", default, en, pt, requires=requires))


def int_option(
    default: int, *, minimum: int, maximum: int, en: str, pt: str, requires: str | None = None
) -> Any:
    """An integer option field with inclusive bounds (`requires`: see `OptionSpec.requires`)."""
    return _option(
        OptionSpec("", "int", default, en, pt, minimum=minimum, maximum=maximum, requires=requires)
    )


def choice_option(
    default: str,
    choices: tuple[str, ...],
    *,
    en: str,
    pt: str,
    labels: Mapping[str, tuple[str, str]] | None = None,
    requires: str | None = None,
) -> Any:
    """An option field taking one of a few named values; `labels` gives each value (en, pt)
    words for menus (the id stays what records, the CLI and the API use); `requires`: see
    `OptionSpec.requires`."""
    if default not in choices:
        raise ValueError(f"default {default!r} is not among {choices}")
    if labels is not None and set(labels) != set(choices):
        raise ValueError(f"labels {sorted(labels)} do not match the choices {choices}")
    words = tuple(labels[c] for c in choices) if labels is not None else ()
    return _option(
        OptionSpec("", "choice", default, en, pt, choices=choices, labels=words, requires=requires)
    )


@dataclass(frozen=True, slots=True)
class Options:
    """Base of every game's options dataclass."""

    _specs: ClassVar[dict[type, tuple[OptionSpec, ...]]] = {}

    @classmethod
    def specs(cls) -> tuple[OptionSpec, ...]:
        """The schema of every option, in declaration order."""
        cached = Options._specs.get(cls)
        if cached is None:
            cached = tuple(
                dataclasses.replace(f.metadata[_META_KEY], name=f.name)
                for f in dataclasses.fields(cls)
                if _META_KEY in f.metadata
            )
            Options._specs[cls] = cached
        return cached

    @classmethod
    def parse(cls, raw: Mapping[str, object]) -> Self:
        """Options from names to raw values; unknown names and bad values raise `OptionError`."""
        specs = {s.name: s for s in cls.specs()}
        values: dict[str, OptionValue] = {}
        for name, value in raw.items():
            spec = specs.get(name)
            if spec is None:
                known = ", ".join(specs) or "none"
                raise OptionError(
                    f"unknown option {name!r}; this game's options are: {known}",
                    f"opção desconhecida {name!r}; as opções deste jogo são: {known}",
                    code="unknown_option",
                )
            values[name] = spec.coerce(value)
        return cls(**values)

    def to_json(self) -> dict[str, OptionValue]:
        """Every option with its value (defaults included), JSON-safe."""
        return {s.name: getattr(self, s.name) for s in self.specs()}


def parse_assignments(items: list[str]) -> dict[str, str]:
    """``NAME=VALUE`` strings (from a command line) as a mapping.

    Raises:
        OptionError: an item without ``=`` or with an empty name.
    """
    out: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise OptionError(
                f"option {item!r} must be written NAME=VALUE",
                f"a opção {item!r} deve ser escrita NOME=VALOR",
                code="bad_option",
            )
        out[name.strip()] = value
    return out
