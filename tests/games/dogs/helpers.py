"""Building DOGS positions for scenario tests."""

from dataclasses import replace

from tabuleiro.games.dogs import GAME
from tabuleiro.games.dogs.components import components
from tabuleiro.games.dogs.state import DogsOptions, DogsState, Frame, Kennel

BREEDS = components().breed_ids
SPACES = components().space_names


def b(name: str) -> int:
    return BREEDS.index(name)


def sp(name: str) -> int:
    return SPACES.index(name)


def pen(**counts: int) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((b(name), n) for name, n in counts.items()))


def new(players: int = 4, seed: int = 0, **options: object) -> DogsState:
    return GAME.new_state(players, seed, DogsOptions.parse(options))


def kennel(state: DogsState, seat: int, **changes: object) -> DogsState:
    kennels = list(state.kennels)
    kennels[seat] = replace(kennels[seat], **changes)
    return replace(state, kennels=tuple(kennels))


def decide(state: DogsState, frame: Frame) -> DogsState:
    """`state` with `frame` as the only pending decision."""
    return replace(state, stack=(frame,))


def play(state: DogsState, seat: int, text: str) -> DogsState:
    return GAME.apply(state, seat, GAME.parse_action(text))


def legal(state: DogsState, seat: int) -> list[str]:
    return [GAME.format_action(a) for a in GAME.legal_actions(state, seat)]


def card(name: str) -> int:
    return next(i for i, c in enumerate(components().cards) if c.name == name)


__all__ = ["Kennel"]
