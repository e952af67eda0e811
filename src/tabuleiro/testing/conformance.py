"""The conformance harness every game's tests run.

`check_game` plays random legal games to the end and checks the protocol's promises at
every step: legal actions apply, an illegal action raises the typed error and changes
nothing, notation and JSON forms round-trip, views are JSON-safe and leak nothing
(re-drawing what a seat must not know leaves its view identical), the game ends within its
bound with an outcome exactly at the end, and the match record replays to the same state.
A broken promise raises `AssertionError` naming the seed, the step and the promise.

Its companion `tabuleiro.testing.malformed.check_malformed` checks that action values built
directly in Python, out of range or of the wrong shape, are refused the same way.
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabuleiro.core import (
    Game,
    IllegalActionError,
    JsonDict,
    MatchRecord,
    RngStream,
    new_record,
    replay,
)


@dataclass(slots=True)
class Report:
    """What a `check_game` run covered."""

    games: int = 0
    decisions: int = 0
    longest: int = 0
    leak_samples: int = 0
    leak_samples_changed: int = 0
    illegal_checked: int = 0


def assert_json_safe(value: object, where: str = "view") -> None:
    """Only dict (str keys), list, str, int, float, bool and None; no NaN or infinity."""
    try:
        same = json.loads(json.dumps(value, allow_nan=False)) == value
    except (TypeError, ValueError) as exc:
        raise AssertionError(f"{where} is not JSON-safe: {exc}") from None
    assert same, f"{where} is not JSON-safe: it changes through JSON (tuple, non-string key, ...)"


def canonical(value: object) -> str:
    """Canonical JSON text (sorted keys), for byte-for-byte comparisons."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


class _Checker:
    def __init__(self, game: Game[Any, Any, Any], players: int, options: Mapping[str, object] | None) -> None:
        self.game = game
        self.players = players
        self.options = game.options_type.parse(options or {})
        self.bound = game.max_decisions(players, self.options)
        self.pool: dict[str, Any] = {}
        self.report = Report()

    def fail(self, seed: int, step: int, what: str) -> AssertionError:
        return AssertionError(f"{self.game.info.id} players={self.players} seed={seed} step={step}: {what}")

    def play(self, seed: int, *, full: bool, leak_every: int) -> None:
        game, rng = self.game, RngStream(seed ^ 0x5EED)
        state = game.new_state(self.players, seed, self.options)
        again = game.new_state(self.players, seed, self.options)
        if state != again or canonical(game.view(state, None)) != canonical(game.view(again, None)):
            raise self.fail(seed, 0, "setup is not deterministic")
        log: list[tuple[int, str]] = []
        step = 0
        while True:
            game.check_invariants(state)
            to_act = game.to_act(state)
            outcome = game.outcome(state)
            if not to_act:
                if outcome is None:
                    raise self.fail(seed, step, "game over but no outcome")
                self._check_outcome(seed, step, outcome.to_json())
                self._check_game_over(seed, step, state)
                break
            if outcome is not None:
                raise self.fail(seed, step, "outcome present before the end")
            seats = sorted(to_act)
            seat = seats[rng.below(len(seats))]
            legal = list(game.legal_actions(state, seat))
            if not legal:
                raise self.fail(seed, step, f"seat {seat} is to act but has no legal action")
            if list(game.legal_actions(state, seat)) != legal:
                raise self.fail(seed, step, "legal_actions is not deterministic")
            self._check_notation(seed, step, legal)
            before = pickle.dumps(state)
            self._check_applies(seed, step, state, seat, legal, every=full, rng=rng)
            self._check_illegal(seed, step, state, seat, legal, rng)
            if pickle.dumps(state) != before:
                raise self.fail(seed, step, "apply changed its input state")
            every = range(self.players) if full else (seat,)
            self._check_views(seed, step, state, seats=every, render=full and step % 10 == 0)
            # Long games are audited as densely as short ones for their first 50 audits.
            if leak_every and step % (leak_every if step < 50 * leak_every else 5 * leak_every) == 0:
                self._check_leaks(seed, step, state, rng)
            action = legal[rng.below(len(legal))]
            state = game.apply(state, seat, action)
            log.append((seat, game.format_action(action)))
            step += 1
            if step > self.bound:
                raise self.fail(seed, step, f"game longer than max_decisions={self.bound}")
        self._check_replay(seed, state, log)
        self.report.games += 1
        self.report.decisions += step
        self.report.longest = max(self.report.longest, step)

    def _check_notation(self, seed: int, step: int, legal: Sequence[Any]) -> None:
        game = self.game
        for action in legal:
            text = game.format_action(action)
            if game.parse_action(text) != action:
                raise self.fail(seed, step, f"text notation does not round-trip: {text!r}")
            data = game.action_to_json(action)
            assert_json_safe(data, "action_to_json")
            if game.action_from_json(json.loads(json.dumps(data))) != action:
                raise self.fail(seed, step, f"JSON form does not round-trip: {data!r}")
            self.pool.setdefault(text, action)

    def _check_applies(
        self, seed: int, step: int, state: Any, seat: int, legal: list[Any], *, every: bool, rng: RngStream
    ) -> None:
        game = self.game
        chosen = legal if every else [legal[rng.below(len(legal))] for _ in range(min(3, len(legal)))]
        for action in chosen:
            try:
                after = game.apply(state, seat, action)
            except IllegalActionError as exc:
                raise self.fail(
                    seed, step, f"legal action {game.format_action(action)} raised {exc.code}"
                ) from exc
            game.check_invariants(after)

    def _expect_error(self, seed: int, step: int, state: Any, seat: int, action: Any, code: str) -> None:
        game = self.game
        try:
            game.apply(state, seat, action)
        except IllegalActionError as exc:
            if exc.code != code:
                raise self.fail(seed, step, f"expected error {code}, got {exc.code}: {exc}") from exc
            if not str(exc) or not exc.message("pt"):
                raise self.fail(seed, step, f"error {code} has no message") from exc
        else:
            raise self.fail(seed, step, f"seat {seat} {game.format_action(action)} should fail with {code}")
        self.report.illegal_checked += 1

    def _check_illegal(
        self, seed: int, step: int, state: Any, seat: int, legal: list[Any], rng: RngStream
    ) -> None:
        game = self.game
        legal_texts = {game.format_action(a) for a in legal}
        candidates = [a for text, a in sorted(self.pool.items()) if text not in legal_texts]
        if candidates:
            self._expect_error(seed, step, state, seat, candidates[rng.below(len(candidates))], "not_legal")
        to_act = game.to_act(state)
        for other in range(self.players):
            if other in to_act:
                continue
            code = "already_committed" if game.has_committed(state, other) else "not_your_turn"
            self._expect_error(seed, step, state, other, legal[0], code)
            break

    def _check_game_over(self, seed: int, step: int, state: Any) -> None:
        if self.pool:
            action = next(iter(self.pool.values()))
            self._expect_error(seed, step, state, 0, action, "game_over")

    def _check_views(self, seed: int, step: int, state: Any, seats: Sequence[int], *, render: bool) -> None:
        game = self.game
        for seat in (*seats, None):
            view = game.view(state, seat)
            assert_json_safe(view, f"view({seat})")
            # JSON-safe values compare equal exactly when their canonical texts match (up to
            # 1 == 1.0 == True), without encoding the view twice more.
            if game.view(state, seat) != view:
                raise self.fail(seed, step, f"view({seat}) is not deterministic")
            if render and not game.render(state, seat, "pt"):
                raise self.fail(seed, step, f"render({seat}) is empty")

    def _check_leaks(self, seed: int, step: int, state: Any, rng: RngStream) -> None:
        """Non-interference: re-draw every hidden part; the seat must see no difference."""
        game = self.game
        seats: list[int | None] = list(range(self.players))
        if len(seats) > 4:
            seats = [seats[rng.below(len(seats))] for _ in range(3)]
        for seat in (*seats, None):
            view = canonical(game.view(state, seat))
            legal = (
                [game.format_action(a) for a in game.legal_actions(state, seat)] if seat is not None else []
            )
            for _ in range(2):
                other = game.sample_consistent(state, seat, rng.fork())
                game.check_invariants(other)
                self.report.leak_samples += 1
                if other != state:
                    self.report.leak_samples_changed += 1
                if canonical(game.view(other, seat)) != view:
                    raise self.fail(seed, step, f"view({seat}) depends on hidden information")
                if game.to_act(other) != game.to_act(state):
                    raise self.fail(seed, step, "to_act depends on hidden information")
                if (
                    seat is not None
                    and [game.format_action(a) for a in game.legal_actions(other, seat)] != legal
                ):
                    raise self.fail(seed, step, f"legal actions of seat {seat} depend on hidden information")
                self._continue_randomly(seed, step, other, rng, moves=3)

    def _legal_texts(self, state: Any, seat: int | None) -> list[str]:
        if seat is None:
            return []
        return [self.game.format_action(a) for a in self.game.legal_actions(state, seat)]

    def _continue_randomly(self, seed: int, step: int, state: Any, rng: RngStream, moves: int) -> None:
        game = self.game
        for _ in range(moves):
            to_act = sorted(game.to_act(state))
            if not to_act:
                return
            seat = to_act[rng.below(len(to_act))]
            legal = game.legal_actions(state, seat)
            try:
                state = game.apply(state, seat, legal[rng.below(len(legal))])
            except IllegalActionError as exc:
                raise self.fail(seed, step, f"a sampled state does not play on: {exc}") from exc
            game.check_invariants(state)

    def _check_outcome(self, seed: int, step: int, outcome: JsonDict) -> None:
        assert_json_safe(outcome, "outcome")
        if len(outcome["scores"]) != self.players or len(outcome["breakdown"]) != self.players:
            raise self.fail(seed, step, "outcome must have one score and one breakdown per seat")
        for seat, (score, lines) in enumerate(zip(outcome["scores"], outcome["breakdown"], strict=True)):
            if sum(lines.values()) != score:
                raise self.fail(seed, step, f"breakdown of seat {seat} does not add up to its score")
        if not outcome["winners"]:
            raise self.fail(seed, step, "no winner")

    def _check_replay(self, seed: int, state: Any, log: list[tuple[int, str]]) -> None:
        game = self.game
        outcome = game.outcome(state)
        base = new_record(game, self.players, seed, self.options.to_json())
        record = MatchRecord(
            base.game,
            base.rules_version,
            base.players,
            base.seed,
            base.options,
            base.seats,
            tuple(log),
            outcome.to_json() if outcome else None,
        )
        for text in (json.dumps(record.to_json()), record.dumps()):
            if MatchRecord.loads(text) != record:
                raise self.fail(seed, len(log), "match record does not round-trip through JSON")
        # Both texts load to `record` itself, so one replay stands for both.
        replayed = replay(MatchRecord.loads(record.dumps())).state
        if replayed != state:
            raise self.fail(seed, len(log), "replaying the record does not give the same state")
        for seat in (*range(self.players), None):
            if canonical(game.view(replayed, seat)) != canonical(game.view(state, seat)):
                raise self.fail(seed, len(log), f"replayed view({seat}) differs")


def check_game(
    game: Game[Any, Any, Any],
    players: int,
    seeds: Sequence[int] = range(100),
    options: Mapping[str, object] | None = None,
    *,
    full_every: int = 10,
    leak_every: int = 7,
) -> Report:
    """Play one random game per seed and check every protocol promise.

    Args:
        game: the game under test.
        players: seats per match.
        seeds: one game per seed.
        options: raw option values (defaults for the rest).
        full_every: every this many seeds, apply every legal action and view every seat
            at every step; otherwise a sample.
        leak_every: run the non-interference audit every this many steps (0: never).

    Returns:
        What was covered.

    Raises:
        AssertionError: naming the game, seed, step and broken promise.
    """
    checker = _Checker(game, players, options)
    for i, seed in enumerate(seeds):
        checker.play(seed, full=full_every > 0 and i % full_every == 0, leak_every=leak_every)
    report = checker.report
    if game.info.information == "imperfect" and report.leak_samples:
        assert report.leak_samples_changed, "sample_consistent never re-drew any hidden information"
    return report
