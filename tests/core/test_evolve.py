"""`evolve` copies a frozen dataclass like `dataclasses.replace`, slotted or not."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, replace

import pytest

from tabuleiro.core.evolve import draft, evolve, freeze, quick_init


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


@quick_init
@dataclass(frozen=True)
class Quick:
    a: int
    b: tuple[int, ...]
    c: str = "x"


def test_quick_init_builds_what_the_generated_init_builds() -> None:
    assert vars(Quick(1, (2,))) == vars(Plain(1, (2,)))
    assert vars(Quick(a=1, b=(2,), c="y")) == vars(Plain(1, (2,), "y"))
    assert Quick(1, ()) == Quick(1, ()) and hash(Quick(1, ())) == hash(Quick(1, ()))
    assert repr(Quick(1, ())) == "Quick(a=1, b=(), c='x')"
    with pytest.raises(FrozenInstanceError):
        Quick(1, ()).a = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        Quick(1)  # type: ignore[call-arg]
    assert evolve(Quick(1, ()), c="z") == Quick(1, (), "z")


def test_quick_init_refuses_what_it_cannot_copy() -> None:
    with pytest.raises(TypeError):
        quick_init(Slotted)

    @dataclass(frozen=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            pass

    with pytest.raises(TypeError):
        quick_init(Checked)


def test_a_draft_is_built_in_place_and_frozen_into_an_ordinary_state() -> None:
    before = Plain(1, (2,))
    working = draft(before)
    assert type(working) is not Plain and isinstance(working, Plain)  # a subclass until frozen
    changed = evolve(evolve(working, a=5), b=(6,))
    assert changed is working  # written in place: no copy per step
    with pytest.raises(TypeError):
        evolve(working, d=1)
    after = freeze(changed)
    assert type(after) is Plain and after == Plain(5, (6,))
    assert before == Plain(1, (2,))  # the state drafted from is never changed
    assert evolve(after, a=7) is not after  # frozen: copied again like any state
    with pytest.raises(FrozenInstanceError):
        after.a = 9  # type: ignore[misc]


def test_only_states_keeping_a_dict_have_drafts() -> None:
    with pytest.raises(TypeError):
        draft(Slotted(1, ()))
