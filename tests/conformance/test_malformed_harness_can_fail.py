"""The malformed-action check finds the holes it is there to find.

A toy game (take one to three stones; say "hello" once) is checked with a strict legality test,
then with lax ones, each of the kind a real engine could have; and a real game is checked with
its legality test loosened.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest

from tabuleiro.core import (
    Game,
    GameInfo,
    IllegalActionError,
    InvalidActionError,
    JsonDict,
    Lang,
    Options,
    Outcome,
    Rng,
    get_game,
)
from tabuleiro.games.avenue.actions import Draw
from tabuleiro.testing import check_malformed


@dataclass(frozen=True, slots=True)
class Take:
    stones: int


@dataclass(frozen=True, slots=True)
class Say:
    words: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pile:
    stones: int
    turn: int
    said: bool
    log: list[str]  # mutable on purpose: a game that writes to it while refusing is caught


@dataclass(frozen=True, slots=True)
class NoOptions(Options):
    pass


HELLO = Say(("hello",))
LegalityTest = Callable[[Pile, int, object], bool]


class Stones(Game[Pile, Any, NoOptions]):
    """Take 1-3 stones in turn; the one who takes the last wins. Legality is `is_legal`."""

    info = GameInfo("stones", "Pedras", "Stones", 2, 2, "1", "sequential", "perfect", "none")
    options_type = NoOptions

    def __init__(self, is_legal: LegalityTest | None = None, sampled: Mapping[type, frozenset[str]] = {}):
        self.is_legal = is_legal
        self.sampled = sampled

    def setup(self, players: int, seed: int, options: NoOptions) -> Pile:
        return Pile(9 + seed % 3, 0, False, [])

    def num_players(self, state: Pile) -> int:
        return 2

    def options_of(self, state: Pile) -> NoOptions:
        return NoOptions()

    def to_act(self, state: Pile) -> frozenset[int]:
        return frozenset({state.turn}) if state.stones else frozenset()

    def legal_actions(self, state: Pile, seat: int) -> Sequence[Any]:
        if seat not in self.to_act(state):
            return []
        takes = [Take(n) for n in range(1, min(3, state.stones) + 1)]
        return takes if state.said else [*takes, HELLO]

    def sampled_fields(self) -> Mapping[type, frozenset[str]]:
        return self.sampled

    def illegal_reason(self, state: Pile, seat: int, action: Any) -> IllegalActionError | None:
        if self.is_legal is None:
            return super().illegal_reason(state, seat, action)
        return None if self.is_legal(state, seat, action) else IllegalActionError("no", "não")

    def apply_unchecked(self, state: Pile, seat: int, action: Any) -> Pile:
        if isinstance(action, Say):
            return replace(state, said=True, log=[*state.log, "hello"])
        return replace(state, stones=state.stones - action.stones, turn=1 - seat, log=[*state.log])

    def outcome(self, state: Pile) -> Outcome | None:
        if state.stones:
            return None
        winner = 1 - state.turn
        scores = tuple(int(s == winner) for s in range(2))
        return Outcome(scores, tuple({"win": s} for s in scores), tuple(2 - s for s in scores))

    def max_decisions(self, players: int, options: NoOptions) -> int:
        return 13

    def view(self, state: Pile, seat: int | None) -> JsonDict:
        return {"stones": state.stones, "turn": state.turn, "said": state.said}

    def sample_consistent(self, state: Pile, seat: int | None, rng: Rng) -> Pile:
        return state

    def format_action(self, action: Any) -> str:
        return " ".join(action.words) if isinstance(action, Say) else f"take {action.stones}"

    def parse_action(self, text: str) -> Any:
        if text == "hello":
            return HELLO
        if text in ("take 1", "take 2", "take 3"):
            return Take(int(text[-1]))
        raise InvalidActionError("take 1-3 or hello")

    def action_to_json(self, action: Any) -> JsonDict:
        return {"text": self.format_action(action)}

    def action_from_json(self, data: object) -> Any:
        if isinstance(data, dict) and isinstance(data.get("text"), str):
            return self.parse_action(data["text"])
        raise InvalidActionError("{'text': ...}")

    def render(self, state: Pile, seat: int | None, lang: Lang = "pt") -> str:
        return f"{state.stones} stones"


def _check(game: Game[Any, Any, Any]) -> None:
    check_malformed(game, 2, range(2), every=1)


def test_a_strict_game_passes() -> None:
    report = check_malformed(Stones(), 2, range(2), every=1)
    assert report.refused > 50 and report.types == {"Take", "Say"}


def test_a_take_of_zero_or_fewer_stones_is_reported_when_only_the_upper_bound_is_checked() -> None:
    def upper_bound_only(state: Pile, seat: int, action: object) -> bool:
        if isinstance(action, Take):
            return isinstance(action.stones, int) and action.stones <= min(3, state.stones)
        return action == HELLO and not state.said

    with pytest.raises(AssertionError, match=r"accepted the malformed action Take\(stones=(-1|0)\)"):
        _check(Stones(upper_bound_only))


def test_an_unknown_word_is_reported_when_only_the_number_of_words_is_checked() -> None:
    def counts_words(state: Pile, seat: int, action: object) -> bool:
        if isinstance(action, Say):
            return len(action.words) == 1 and not state.said
        return action in (Take(1), Take(2), Take(3)) and action.stones <= state.stones  # type: ignore[union-attr]

    with pytest.raises(AssertionError, match=r"accepted the malformed action Say\(words="):
        _check(Stones(counts_words))


def test_an_index_error_while_checking_is_reported() -> None:
    allowed = (False, True, True, True)

    def table(state: Pile, seat: int, action: object) -> bool:
        if isinstance(action, Take):
            return action.stones >= 0 and allowed[action.stones] and action.stones <= state.stones
        return action == HELLO and not state.said

    with pytest.raises(AssertionError, match=r"raised IndexError .* instead of IllegalActionError"):
        _check(Stones(table))


def test_a_refusal_that_changes_the_state_is_reported() -> None:
    def writes_down(state: Pile, seat: int, action: object) -> bool:
        legal = action in Stones().legal_actions(state, seat)
        if not legal:
            state.log.append("refused")
        return legal

    with pytest.raises(AssertionError, match="changed the state"):
        _check(Stones(writes_down))


def test_a_continuum_the_game_does_not_declare_is_reported_and_one_it_declares_is_not() -> None:
    # Any whole number of stones from 1 to 3 is legal, but suppose the list showed only a grid.
    def any_number(state: Pile, seat: int, action: object) -> bool:
        if isinstance(action, Take):
            return type(action.stones) is int and 1 <= action.stones <= min(3, state.stones)
        return action == HELLO and not state.said

    class Grid(Stones):
        def legal_actions(self, state: Pile, seat: int) -> Sequence[Any]:
            return [a for a in super().legal_actions(state, seat) if a != Take(2)]

    with pytest.raises(AssertionError, match=r"accepted the malformed action Take\(stones=2\)"):
        _check(Grid(any_number))
    _check(Grid(any_number, sampled={Take: frozenset({"stones"})}))
    # Declared or not, a value no rule allows is still refused.
    with pytest.raises(AssertionError, match=r"Take\(stones=1000000000\)"):
        _check(
            Grid(lambda s, seat, a: isinstance(a, Take) or a == HELLO, sampled={Take: frozenset({"stones"})})
        )


def test_a_real_game_with_its_lower_bound_forgotten_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    avenue = get_game("avenue")

    def no_lower_bound(state: Any, seat: int, action: Any) -> IllegalActionError | None:
        if isinstance(action, Draw) and type(action.square) is int and action.square < 42:
            return None if not state.roads[seat][action.square] else IllegalActionError("road", "estrada")
        return IllegalActionError("no", "não") if action not in avenue.legal_actions(state, seat) else None

    monkeypatch.setattr(avenue, "illegal_reason", no_lower_bound)
    with pytest.raises(AssertionError, match=r"avenue .*accepted the malformed action Draw\(square=-1\)"):
        check_malformed(avenue, 2, range(1), every=5)
