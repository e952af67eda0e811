"""`evolve` copies a frozen dataclass like `dataclasses.replace`, slotted or not."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, replace

import pytest

from tabuleiro.core.evolve import evolve


@dataclass(frozen=True, slots=True)
class Slotted:
    a: int
    b: tuple[int, ...]
    c: str = "x"


@dataclass(frozen=True)
class Plain:
    a: int
    b: tuple[int, ...]
    c: str = "x"


@pytest.mark.parametrize("cls", [Slotted, Plain])
def test_evolve_gives_what_replace_gives_and_leaves_the_original(cls: type[Slotted] | type[Plain]) -> None:
    before = cls(1, (2, 3))
    after = evolve(before, b=(4,), c="y")
    assert after == replace(before, b=(4,), c="y")
    assert after is not before
    assert before == cls(1, (2, 3))
    assert evolve(before) == before


@pytest.mark.parametrize("cls", [Slotted, Plain])
def test_evolve_refuses_a_name_that_is_not_a_field(cls: type[Slotted] | type[Plain]) -> None:
    with pytest.raises(TypeError):
        evolve(cls(1, ()), d=5)


def test_an_evolved_plain_state_is_still_frozen_and_hashable() -> None:
    after = evolve(Plain(1, (2,)), a=7)
    with pytest.raises(FrozenInstanceError):
        after.a = 8  # type: ignore[misc]
    assert hash(after) == hash(Plain(7, (2,)))
