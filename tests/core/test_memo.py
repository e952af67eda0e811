from __future__ import annotations

from tabuleiro.core.memo import last_by_identity, last_for_one


def test_the_same_argument_objects_get_the_kept_result_back() -> None:
    calls: list[tuple[int, ...]] = []

    @last_by_identity
    def total(numbers: tuple[int, ...], bonus: int) -> list[int]:
        calls.append(numbers)
        return [sum(numbers) + bonus]

    numbers = tuple(range(300))
    first = total(numbers, 1)
    assert total(numbers, 1) is first and len(calls) == 1


def test_an_equal_but_different_object_is_computed_again() -> None:
    calls: list[tuple[int, ...]] = []

    @last_by_identity
    def size(numbers: tuple[int, ...]) -> int:
        calls.append(numbers)
        return len(numbers)

    size(tuple(range(300)))
    size(tuple(range(300)))  # equal contents, another object
    assert len(calls) == 2


def test_only_the_last_arguments_are_kept() -> None:
    calls: list[str] = []

    @last_by_identity
    def echo(text: str) -> str:
        calls.append(text)
        return text.upper()

    a, b = "".join(["a"] * 3), "".join(["b"] * 3)
    assert [echo(a), echo(b), echo(a), echo(a)] == ["AAA", "BBB", "AAA", "AAA"]
    assert calls == ["aaa", "bbb", "aaa"]


def test_keyword_arguments_are_always_computed() -> None:
    calls: list[int] = []

    @last_by_identity
    def double(n: int, *, offset: int = 0) -> int:
        calls.append(n)
        return 2 * n + offset

    assert double(5, offset=1) == 11 and double(5, offset=2) == 12 and double(5) == 10
    assert calls == [5, 5, 5]


def test_a_result_of_none_is_kept_like_any_other() -> None:
    calls: list[object] = []

    @last_by_identity
    def nothing(key: object) -> None:
        calls.append(key)

    key = object()
    nothing(key)
    nothing(key)
    assert calls == [key]


def test_the_wrapper_keeps_the_function_name_and_docstring() -> None:
    @last_by_identity
    def named(x: int) -> int:
        """Doc."""
        return x

    assert named.__name__ == "named" and named.__doc__ == "Doc."


def test_last_for_one_keeps_the_last_result_for_the_same_object() -> None:
    calls: list[tuple[int, ...]] = []

    @last_for_one
    def size(numbers: tuple[int, ...]) -> int:
        """Doc."""
        calls.append(numbers)
        return len(numbers)

    a, b = tuple(range(300)), tuple(range(300))
    assert [size(a), size(a), size(b), size(a)] == [300] * 4
    assert [x is a for x in calls] == [True, False, True] and size.__doc__ == "Doc."
