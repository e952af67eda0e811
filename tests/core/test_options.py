"""Typed options: defaults, coercion from text and JSON, clear errors."""

import dataclasses
from dataclasses import dataclass

import pytest

from tabuleiro.core import OptionError, Options, bool_option, choice_option, int_option
from tabuleiro.core.options import parse_assignments


@dataclass(frozen=True, slots=True)
class Sample(Options):
    board: str = choice_option("A", ("A", "B"), en="board", pt="tabuleiro")
    fast: bool = bool_option(False, en="fast", pt="rápido")
    hand: int = int_option(2, minimum=2, maximum=3, en="hand", pt="mão")


def test_defaults_and_schema() -> None:
    assert Sample.parse({}) == Sample()
    assert [s.name for s in Sample.specs()] == ["board", "fast", "hand"]
    assert Sample.specs()[2].to_json()["choices"] == [2, 3]
    assert Sample().to_json() == {"board": "A", "fast": False, "hand": 2}


def test_choice_labels_are_words_for_menus_and_must_cover_every_choice() -> None:
    labelled = choice_option(
        "A", ("A", "B"), en="board", pt="tabuleiro", labels={"A": ("a", "á"), "B": ("b", "bê")}
    )
    spec = dataclasses.replace(labelled.metadata["tabuleiro_option"], name="board")
    assert spec.to_json()["choice_labels"] == {"A": {"pt": "á", "en": "a"}, "B": {"pt": "bê", "en": "b"}}
    assert "choice_labels" not in Sample.specs()[0].to_json()
    with pytest.raises(ValueError, match="do not match"):
        choice_option("A", ("A", "B"), en="board", pt="tabuleiro", labels={"A": ("a", "á")})


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"board": "b"}, Sample(board="B")),
        ({"fast": "sim"}, Sample(fast=True)),
        ({"fast": True, "hand": 3}, Sample(fast=True, hand=3)),
        ({"hand": "3"}, Sample(hand=3)),
    ],
)
def test_text_and_json_values(raw: dict[str, object], expected: Sample) -> None:
    assert Sample.parse(raw) == expected


@pytest.mark.parametrize(
    ("raw", "code", "fragment"),
    [
        ({"colour": "red"}, "unknown_option", "board, fast, hand"),
        ({"board": "Z"}, "bad_option", "A or B"),
        ({"hand": 4}, "bad_option", "from 2 to 3"),
        ({"hand": True}, "bad_option", "integer"),
        ({"fast": "maybe"}, "bad_option", "true or false"),
    ],
)
def test_errors_name_the_option_and_the_allowed_values(
    raw: dict[str, object], code: str, fragment: str
) -> None:
    with pytest.raises(OptionError) as info:
        Sample.parse(raw)
    assert info.value.code == code
    assert fragment in str(info.value)
    assert info.value.message("pt") != str(info.value)


def test_command_line_assignments() -> None:
    assert parse_assignments(["map=B", "x = 1"]) == {"map": "B", "x": " 1"}
    with pytest.raises(OptionError):
        parse_assignments(["map"])
