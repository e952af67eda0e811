"""The harness's malformed-action check: `apply` refuses every value the rules forbid.

An action can reach `apply` without passing through `parse_action`: a Python caller, a bot or
a search builds it directly as a value. The dataclass constructors check nothing at run time,
so such a value can name a place that does not exist, repeat an option, skip a space, or hold
a field of the wrong type. `check_malformed` plays random legal games and, at sampled
positions, takes one or two actions of every action type it has seen and builds mutants of
them, field by field (dataclass introspection, so it knows no game):

- integers: -1, 0, 1, one either side, two above, 99, ±10⁹, a half, the number as text, None;
- booleans: flipped, 2, -1, text, None;
- strings: empty, unknown, upper-cased, a number, None;
- tuples: empty, shortened, last element repeated, reversed, doubled, as a list, None, and
  every element mutated as above;
- nested dataclasses: each of their fields mutated, or None;
- values the same field holds in other actions of the same type seen in the game (legal
  elsewhere, maybe not here);
- two or more integer fields moved together by one, either way;
- values of no action type at all (None, an action's text, a number, a foreign object).

Every mutant that is not equal to one of the seat's legal actions must make `apply` raise
`IllegalActionError` with code ``not_legal`` and a message in both languages, and must leave
the state, its pickled form, every seat's view and the legal actions exactly as they were. A
broken promise raises `AssertionError` naming the game, seed, step and the mutant.

A game whose `legal_actions` lists only a grid of a continuum (Sonora's flick) names those
fields in `Game.sampled_fields`; they get only values that no game could allow there (±10⁹,
wrong types), since a value near the grid may be a legal unlisted action.
"""

from __future__ import annotations

import dataclasses
import pickle
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from tabuleiro.core import Game, IllegalActionError, RngStream
from tabuleiro.testing.conformance import canonical

FAR = 10**9
SEEN_PER_FIELD = 6


@dataclass(frozen=True, slots=True)
class _Alien:
    """An action of no game."""

    value: int = 0


@dataclass(slots=True)
class MalformedReport:
    """What a `check_malformed` run covered."""

    games: int = 0
    positions: int = 0
    refused: int = 0
    equal_to_legal: int = 0
    types: set[str] = field(default_factory=set)


def _int_variants(value: int, *, sampled: bool) -> list[object]:
    far: list[object] = [FAR, -FAR, value + 0.5, str(value), None]
    if sampled:
        return far
    return [-1, 0, 1, value - 1, value + 1, value + 2, 99, *far]


def _scalar_variants(value: object, *, sampled: bool) -> list[object]:
    """Replacements for one field's value (not dataclasses or tuples)."""
    if value is None:
        return [-1, 0, 1, FAR, "", "?", ()]
    if isinstance(value, bool):
        return [not value, 2, -1, "yes", None]
    if isinstance(value, int):
        return _int_variants(value, sampled=sampled)
    if isinstance(value, float):
        return [float("nan"), float("inf"), -float("inf"), str(value), None]
    if isinstance(value, str):
        out: list[object] = ["", f"{value}?", "??", 0, None]
        if value.upper() != value:
            out.append(value.upper())
        return out
    if isinstance(value, frozenset):
        return [frozenset(), set(value), None]
    return [None, _Alien()]


def field_variants(value: object, *, sampled: bool = False) -> Iterator[object]:
    """Every malformed replacement for a field holding `value` (see the module)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        yield None
        yield from dataclass_mutants(value, {})
        return
    if isinstance(value, tuple):
        yield from ((), list(value), None, value * 2)
        if value:
            yield value[:-1]
            yield (*value, value[-1])
            yield (value[0], *value)
            if len(value) > 1:
                yield value[::-1]
        for i, item in enumerate(value):
            for other in field_variants(item, sampled=sampled):
                yield (*value[:i], other, *value[i + 1 :])
        return
    yield from _scalar_variants(value, sampled=sampled)


def dataclass_mutants(
    action: Any, seen: Mapping[str, Sequence[object]], sampled: frozenset[str] = frozenset()
) -> Iterator[Any]:
    """`action` with one field replaced by each malformed value in turn.

    Args:
        action: a dataclass instance.
        seen: per field name, values that field held in other actions of the same type.
        sampled: fields of a continuum (`Game.sampled_fields`).
    """
    ints: dict[str, int] = {}
    for f in dataclasses.fields(action):
        if not f.init:
            continue
        value = getattr(action, f.name)
        is_sampled = f.name in sampled
        if type(value) is int and not is_sampled:
            ints[f.name] = value
        others = () if is_sampled else seen.get(f.name, ())
        for new in (*field_variants(value, sampled=is_sampled), *others):
            if new is value:
                continue
            yield dataclasses.replace(action, **{f.name: new})
    # Numbers moved together: the same shape one place over (a swap of 1-2 becomes one of 0-1,
    # which may name the place before the first).
    for size in range(2, len(ints) + 1):
        for names in combinations(sorted(ints), size):
            for delta in (-1, 1):
                yield dataclasses.replace(action, **{k: ints[k] + delta for k in names})


def _foreign(game: Game[Any, Any, Any], action: Any) -> list[object]:
    """Values of no action type: what a confused caller might pass instead of an action."""
    return [None, game.format_action(action), 0, (), _Alien()]


class _MalformedChecker:
    def __init__(
        self, game: Game[Any, Any, Any], players: int, options: Mapping[str, object] | None, every: int
    ) -> None:
        self.game = game
        self.players = players
        self.options = game.options_type.parse(options or {})
        self.every = every
        self.bound = game.max_decisions(players, self.options)
        self.sampled = {cls.__name__: frozenset(names) for cls, names in game.sampled_fields().items()}
        # An example action per type, and the values each (type, field) has held.
        self.examples: dict[str, Any] = {}
        self.seen: dict[str, dict[str, dict[str, object]]] = {}
        self.report = MalformedReport()

    def fail(self, seed: int, step: int, what: str) -> AssertionError:
        return AssertionError(f"{self.game.info.id} players={self.players} seed={seed} step={step}: {what}")

    def play(self, seed: int) -> None:
        game, rng = self.game, RngStream(seed ^ 0xBAD)
        state = game.new_state(self.players, seed, self.options)
        step = 0
        while to_act := sorted(game.to_act(state)):
            seat = to_act[rng.below(len(to_act))]
            legal = list(game.legal_actions(state, seat))
            self._remember(legal)
            if step % self.every == 0:
                self._check_position(seed, step, state, seat, legal, rng)
            state = game.apply(state, seat, legal[rng.below(len(legal))])
            step += 1
            if step > self.bound:
                raise self.fail(seed, step, f"game longer than max_decisions={self.bound}")
        self.report.games += 1

    def _remember(self, legal: Sequence[Any]) -> None:
        for action in legal:
            if not dataclasses.is_dataclass(action):
                continue
            name = type(action).__name__
            self.examples.setdefault(name, action)
            fields = self.seen.setdefault(name, {})
            for f in dataclasses.fields(action):
                values = fields.setdefault(f.name, {})
                if len(values) < SEEN_PER_FIELD:
                    value = getattr(action, f.name)
                    values.setdefault(repr(value), value)

    def _samples(self, legal: Sequence[Any], rng: RngStream) -> list[Any]:
        """Per action type: the first legal one and a random one; one example of every other
        type seen in the game."""
        by_type: dict[str, list[Any]] = {}
        for action in legal:
            by_type.setdefault(type(action).__name__, []).append(action)
        out: list[Any] = []
        for actions in by_type.values():
            out.append(actions[0])
            if len(actions) > 1:
                out.append(actions[1 + rng.below(len(actions) - 1)])
        out += [a for name, a in sorted(self.examples.items()) if name not in by_type]
        return out

    def _mutants(self, action: Any) -> Iterator[Any]:
        if not dataclasses.is_dataclass(action):
            return
        name = type(action).__name__
        seen = {k: tuple(v.values()) for k, v in self.seen.get(name, {}).items()}
        yield from dataclass_mutants(action, seen, self.sampled.get(name, frozenset()))

    def _check_position(
        self, seed: int, step: int, state: Any, seat: int, legal: list[Any], rng: RngStream
    ) -> None:
        game = self.game
        before = pickle.dumps(state)
        views = [canonical(game.view(state, s)) for s in (*range(self.players), None)]
        legal_texts = [game.format_action(a) for a in legal]
        twin = pickle.loads(before)
        twin_before = pickle.dumps(twin)
        for action in self._samples(legal, rng):
            self.report.types.add(type(action).__name__)
            for mutant in self._mutants(action):
                self._expect_refused(seed, step, state, twin, seat, legal, mutant)
        for value in _foreign(game, legal[0]):
            self._expect_refused(seed, step, state, twin, seat, legal, value)
        if pickle.dumps(state) != before or pickle.dumps(twin) != twin_before:
            raise self.fail(seed, step, "refusing a malformed action changed the state")
        if [canonical(game.view(state, s)) for s in (*range(self.players), None)] != views:
            raise self.fail(seed, step, "refusing a malformed action changed a view")
        if [game.format_action(a) for a in game.legal_actions(state, seat)] != legal_texts:
            raise self.fail(seed, step, "refusing a malformed action changed the legal actions")
        self.report.positions += 1

    def _expect_refused(
        self, seed: int, step: int, state: Any, twin: Any, seat: int, legal: list[Any], mutant: Any
    ) -> None:
        if _equal_to_any(mutant, legal):
            self.report.equal_to_legal += 1
            return
        # As a bot calls it, right after listing the legal actions of this very state; then on
        # an equal state whose list was not the last one computed (a game may keep that list).
        self.game.legal_actions(state, seat)
        self._apply_refused(seed, step, state, seat, mutant)
        self._apply_refused(seed, step, twin, seat, mutant)
        self.report.refused += 1

    def _apply_refused(self, seed: int, step: int, state: Any, seat: int, mutant: Any) -> None:
        try:
            self.game.apply(state, seat, mutant)
        except IllegalActionError as exc:
            error: IllegalActionError | None = exc
        except Exception as exc:
            what = f"{mutant!r} raised {type(exc).__name__} ({exc}) instead of IllegalActionError"
            raise self.fail(seed, step, what) from exc
        else:
            raise self.fail(seed, step, f"seat {seat}: apply accepted the malformed action {mutant!r}")
        assert error is not None
        if error.code != "not_legal":
            raise self.fail(seed, step, f"{mutant!r} refused with code {error.code}, not not_legal")
        if not str(error) or not error.message("pt") or not isinstance(error.action, str):
            raise self.fail(seed, step, f"the refusal of {mutant!r} has no message or no action text")


def _equal_to_any(value: object, legal: Sequence[object]) -> bool:
    """Whether `value` equals a legal action; one whose comparison raises equals none."""
    try:
        return value in legal
    except Exception:
        return False


def check_malformed(
    game: Game[Any, Any, Any],
    players: int,
    seeds: Sequence[int] = range(3),
    options: Mapping[str, object] | None = None,
    *,
    every: int = 5,
) -> MalformedReport:
    """Play one random game per seed; every `every` steps, check malformed actions are refused.

    Args:
        game: the game under test.
        players: seats per match.
        seeds: one game per seed.
        options: raw option values (defaults for the rest).
        every: check the position every this many decisions (the first one included).

    Returns:
        What was covered.

    Raises:
        AssertionError: naming the game, seed, step and the mutant that was not refused.
    """
    checker = _MalformedChecker(game, players, options, max(1, every))
    for seed in seeds:
        checker.play(seed)
    return checker.report
