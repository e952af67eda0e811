"""Match records: the unit of persistence, replay, golden tests and bug reports.

A record holds the game id, the rules version, the options, the seats, the seed and the
ordered log of ``[seat, action-text]`` entries (and, once the match is over, its outcome).
A take-back is the entry ``[seat, "undo"]`` (`tabuleiro.core.undo`). Replaying a record
gives the same states, views and outcome, byte for byte.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tabuleiro.core.errors import RecordError, TabuleiroError
from tabuleiro.core.protocol import Game, JsonDict
from tabuleiro.core.registry import get_game
from tabuleiro.core.rng import MAX_SEED
from tabuleiro.core.undo import UNDO, UndoWindow, effective_actions

FORMAT = "tabuleiro.match/1"


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """An immutable match record."""

    game: str
    rules_version: str
    players: int
    seed: int
    options: Mapping[str, bool | int | str]
    seats: tuple[str, ...]
    actions: tuple[tuple[int, str], ...] = ()
    outcome: JsonDict | None = field(default=None)

    @property
    def state_id(self) -> int:
        """The number of accepted actions; a client acting on an older one is stale."""
        return len(self.actions)

    def with_action(self, seat: int, text: str) -> MatchRecord:
        """The record with one more accepted action."""
        return MatchRecord(
            self.game,
            self.rules_version,
            self.players,
            self.seed,
            self.options,
            self.seats,
            (*self.actions, (seat, text)),
            self.outcome,
        )

    @property
    def moves(self) -> tuple[tuple[int, str], ...]:
        """The actions that stand: the log without take-backs and what they took back."""
        return tuple(effective_actions(self.actions))

    def with_undo(self, seat: int) -> MatchRecord:
        """The record with one more take-back by `seat` (checked only by `replay`)."""
        return self.with_action(seat, UNDO)

    def to_json(self) -> JsonDict:
        """JSON-safe form; `from_json` reads it back."""
        return {
            "format": FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "seats": list(self.seats),
            "actions": [[seat, text] for seat, text in self.actions],
            "outcome": self.outcome,
        }

    def dumps(self) -> str:
        """Canonical text: one action per line, so files diff and append well."""
        head = {k: v for k, v in self.to_json().items() if k not in ("actions", "outcome")}
        lines = [json.dumps(head, sort_keys=True, ensure_ascii=False)[:-1] + ', "actions": [']
        lines.extend(
            "  " + json.dumps([seat, text], ensure_ascii=False) + ("," if i < len(self.actions) - 1 else "")
            for i, (seat, text) in enumerate(self.actions)
        )
        outcome = json.dumps(self.outcome, sort_keys=True, ensure_ascii=False)
        lines.append(f'], "outcome": {outcome}}}')
        return "\n".join(lines) + "\n"

    @classmethod
    def from_json(cls, data: object) -> MatchRecord:
        """A record from its JSON form.

        Raises:
            RecordError: naming the first field or entry that is wrong.
        """
        if not isinstance(data, dict):
            raise _bad("the record must be a JSON object", "o registro deve ser um objeto JSON")
        if data.get("format", FORMAT) != FORMAT:
            raise _bad(
                f"format {data.get('format')!r} is not {FORMAT!r}",
                f"formato {data.get('format')!r} não é {FORMAT!r}",
            )
        game = _field(data, "game", str)
        rules_version = _field(data, "rules_version", str)
        players = _field(data, "players", int)
        seed = _field(data, "seed", int)
        if not 0 <= seed <= MAX_SEED:
            raise _bad(f"field 'seed': expected 0..{MAX_SEED}", f"campo 'seed': esperado 0..{MAX_SEED}")
        options = _field(data, "options", dict)
        for key, value in options.items():
            if not isinstance(value, bool | int | str):
                raise _bad(
                    f"field 'options.{key}': expected a boolean, integer or string",
                    f"campo 'options.{key}': esperado booleano, inteiro ou texto",
                )
        seats = _field(data, "seats", list)
        if len(seats) != players or not all(isinstance(s, str) for s in seats):
            raise _bad(
                f"field 'seats': expected {players} strings",
                f"campo 'seats': esperados {players} textos",
            )
        raw_actions = _field(data, "actions", list)
        actions: list[tuple[int, str]] = []
        for i, entry in enumerate(raw_actions):
            if (
                not isinstance(entry, list)
                or len(entry) != 2
                or type(entry[0]) is not int
                or not isinstance(entry[1], str)
            ):
                raise _bad(
                    f"actions[{i}]: expected [seat, action-text], got {json.dumps(entry)[:60]}",
                    f"actions[{i}]: esperado [assento, texto-da-ação], veio {json.dumps(entry)[:60]}",
                )
            actions.append((entry[0], entry[1]))
        outcome = data.get("outcome")
        if outcome is not None and not isinstance(outcome, dict):
            raise _bad(
                "field 'outcome': expected an object or null", "campo 'outcome': esperado objeto ou null"
            )
        return cls(game, rules_version, players, seed, options, tuple(seats), tuple(actions), outcome)

    @classmethod
    def loads(cls, text: str) -> MatchRecord:
        """A record from its text.

        Raises:
            RecordError: invalid JSON (naming the last complete action entry when the text
                was cut short) or a wrong field.
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise _bad(*_describe_broken_json(text, exc)) from None
        return cls.from_json(data)


def _bad(en: str, pt: str) -> RecordError:
    return RecordError(en, pt, code="bad_record")


def _field(data: Mapping[str, Any], name: str, kind: type) -> Any:
    if name not in data:
        raise _bad(f"missing field {name!r}", f"falta o campo {name!r}")
    value = data[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _bad(
            f"field {name!r}: expected {kind.__name__}, got {type(value).__name__}",
            f"campo {name!r}: esperado {kind.__name__}, veio {type(value).__name__}",
        )
    return value


def _describe_broken_json(text: str, exc: json.JSONDecodeError) -> tuple[str, str]:
    where = f"line {exc.lineno} column {exc.colno}"
    onde = f"linha {exc.lineno} coluna {exc.colno}"
    start = text.find('"actions"')
    bracket = text.find("[", start) if start >= 0 else -1
    if bracket < 0 or exc.pos <= bracket:
        return f"not valid JSON at {where}: {exc.msg}", f"JSON inválido na {onde}: {exc.msg}"
    decoder = json.JSONDecoder()
    pos, complete = bracket + 1, 0
    while True:
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        try:
            _, pos = decoder.raw_decode(text, pos)
        except json.JSONDecodeError:
            break
        complete += 1
    if pos < len(text) and text[pos] == "]":
        return (
            f"not valid JSON at {where}, after the {complete} action entries: {exc.msg}",
            f"JSON inválido na {onde}, depois das {complete} entradas de ações: {exc.msg}",
        )
    return (
        f"actions[{complete}] is cut short or corrupt (not valid JSON at {where}); "
        f"{complete} complete entries precede it",
        f"actions[{complete}] está incompleta ou corrompida (JSON inválido na {onde}); "
        f"há {complete} entradas completas antes dela",
    )


@dataclass(frozen=True, slots=True)
class Replay:
    """The result of replaying a record."""

    game: Game[Any, Any, Any]
    state: Any
    decisions: int


def new_record(
    game: Game[Any, Any, Any],
    players: int,
    seed: int,
    options: Mapping[str, object] | None = None,
    seats: tuple[str, ...] | None = None,
) -> MatchRecord:
    """An empty record for a new match (options validated and filled with defaults)."""
    typed = game.make_options(options)
    return MatchRecord(
        game.info.id,
        game.info.rules_version,
        players,
        seed,
        typed.to_json(),
        seats if seats is not None else tuple("?" for _ in range(players)),
    )


def replay(record: MatchRecord, *, check_outcome: bool = True) -> Replay:
    """Replay every action of `record` from its seed.

    Raises:
        RecordError: unknown game, another rules version, bad setup, or the first action
            entry that does not parse or is not legal (named as ``actions[i]``), or an
            outcome that differs from the stored one.
    """
    try:
        game = get_game(record.game)
        state = game.new_state(record.players, record.seed, record.options)
    except TabuleiroError as exc:
        raise RecordError(exc.en, exc.pt, code="bad_record") from None
    if record.rules_version != game.info.rules_version:
        raise RecordError(
            f"the record was played under {record.game} rules version {record.rules_version}; "
            f"this build has version {game.info.rules_version}",
            f"o registro foi jogado com a versão {record.rules_version} das regras de "
            f"{record.game}; esta instalação tem a versão {game.info.rules_version}",
            code="rules_version",
        )
    window = UndoWindow(game) if any(text == UNDO for _, text in record.actions) else None
    for i, (seat, text) in enumerate(record.actions):
        try:
            if window is not None and text == UNDO:
                state = window.undo(seat)
                continue
            action = game.parse_action(text)
            after = game.apply(state, seat, action)
            if window is not None:
                window.push(seat, action, state, after)
            state = after
        except TabuleiroError as exc:
            entry = json.dumps([seat, text], ensure_ascii=False)
            raise RecordError(
                f"actions[{i}] {entry}: {exc.en}", f"actions[{i}] {entry}: {exc.pt}", code="bad_record"
            ) from None
    if check_outcome and record.outcome is not None:
        outcome = game.outcome(state)
        if outcome is None:
            last = f"actions[{len(record.actions) - 1}]" if record.actions else "its setup"
            raise RecordError(
                f"the record ends after {last} and the game is not over, yet it stores an outcome",
                f"o registro termina após {last} e o jogo não acabou, mas ele guarda um resultado",
                code="outcome_mismatch",
            )
        if outcome.to_json() != record.outcome:
            raise RecordError(
                "the replayed outcome differs from the one stored in the record",
                "o resultado da reprodução difere do guardado no registro",
                code="outcome_mismatch",
            )
    return Replay(game, state, len(record.actions))
