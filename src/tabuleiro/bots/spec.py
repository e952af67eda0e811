"""Bot specs: one text syntax for a bot and its parameters, read the same way everywhere.

``NAME`` or ``NAME:KEY=VALUE[:KEY=VALUE...]``, e.g. ``greedy``, ``mcts``,
``mcts:seconds=5``, ``mcts:iterations=2000:c=1.0``. A ``bot:`` prefix is accepted and
dropped (the server's seat kinds). Parameters are separated by ``:`` so that a list of bots
stays comma-separated (``--bots mcts:iterations=400,greedy``). `BotSpec.text` is the
canonical form written into match records.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from tabuleiro.core import SetupError


@dataclass(frozen=True, slots=True)
class Param:
    """A numeric parameter of a bot: its type and accepted range (inclusive)."""

    kind: type[int] | type[float]
    low: float
    high: float
    help: str

    def read(self, bot: str, key: str, raw: str) -> int | float:
        """The value written as `raw`.

        Raises:
            SetupError: ``bad_bot_spec`` when it is not a number of the right kind and range.
        """
        try:
            value: int | float = int(raw) if self.kind is int else float(raw)
        except ValueError:
            value = math.nan
        if math.isnan(value) or not self.low <= value <= self.high:
            word = "an integer" if self.kind is int else "a number"
            low, high = _num(self.low), _num(self.high)
            raise SetupError(
                f"bot {bot}: {key} must be {word} from {low} to {high}, not {raw!r}",
                f"robô {bot}: {key} deve ser {'um inteiro' if self.kind is int else 'um número'} "
                f"de {low} a {high}, não {raw!r}",
                code="bad_bot_spec",
            )
        return value


def _num(x: float) -> str:
    return str(int(x)) if x == int(x) else str(x)


PARAMS: dict[str, dict[str, Param]] = {
    "mcts": {
        "iterations": Param(int, 1, 1_000_000, "search iterations per decision"),
        "seconds": Param(float, 0.001, 600, "seconds per decision (the iterations then cap it)"),
        "c": Param(float, 0.001, 10, "UCB1 exploration constant"),
    },
}
"""The parameters each parametrised bot takes; every other bot takes none."""


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot name with its parameters (sorted by key)."""

    name: str
    params: tuple[tuple[str, int | float], ...] = ()

    @property
    def text(self) -> str:
        """The canonical spec: ``NAME`` or ``NAME:KEY=VALUE:...``."""
        return ":".join(
            [self.name, *(f"{k}={_num(v) if isinstance(v, float) else v}" for k, v in self.params)]
        )

    def kwargs(self) -> dict[str, int | float]:
        """The parameters as keyword arguments."""
        return dict(self.params)


def parse_bot_spec(text: str, known: Iterable[str]) -> BotSpec:
    """Read a bot spec for a game whose bots are `known`.

    Raises:
        SetupError: ``unknown_bot`` for a name not in `known`; ``bad_bot_spec`` for a
            parameter the bot does not take, a repeated one, or a bad value.
    """
    names = list(known)
    raw = text.strip()
    body = raw[4:] if raw.lower().startswith("bot:") else raw
    name, *items = body.split(":")
    name = name.strip().lower()
    if name not in names:
        listed = ", ".join(names)
        raise SetupError(
            f"unknown bot {_short(raw)!r}; bots: {listed}",
            f"robô desconhecido {_short(raw)!r}; robôs: {listed}",
            code="unknown_bot",
        )
    accepted = PARAMS.get(name, {})
    params: dict[str, int | float] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip().lower()
        param = accepted.get(key)
        if not accepted:
            raise SetupError(
                f"bot {name} takes no parameters; write just {name}",
                f"o robô {name} não aceita parâmetros; escreva só {name}",
                code="bad_bot_spec",
            )
        if param is None or not sep:
            takes = ", ".join(f"{k}=…" for k in accepted)
            what = (
                f"{key} needs a value ({key}=…)"
                if param is not None
                else f"unknown parameter {_short(item)!r}"
            )
            what_pt = (
                f"{key} precisa de um valor ({key}=…)"
                if param is not None
                else f"parâmetro desconhecido {_short(item)!r}"
            )
            raise SetupError(
                f"bot {name}: {what}; it takes {takes}, written {name}:KEY=VALUE",
                f"robô {name}: {what_pt}; aceita {takes}, escrito {name}:CHAVE=VALOR",
                code="bad_bot_spec",
            )
        if key in params:
            raise SetupError(
                f"bot {name}: {key} is given twice",
                f"robô {name}: {key} aparece duas vezes",
                code="bad_bot_spec",
            )
        params[key] = param.read(name, key, value.strip())
    return BotSpec(name, tuple(sorted(params.items())))


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."
