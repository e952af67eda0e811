"""A seeded random number generator carried inside game states.

`Rng` is an immutable value: every draw returns the result together with the next `Rng`,
so a state that stores its `Rng` replays exactly from (seed, action log). It is SplitMix64
(Steele, Lea and Flood, 2014) written in integer arithmetic only, so it gives the same
draws on every Python version and platform, unlike `random.shuffle`/`randrange`, whose
algorithms the standard library may change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
MAX_SEED = (1 << 53) - 1
"""Largest seed accepted anywhere: seeds stay exact as JSON numbers in a browser."""


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _below(s: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``0..n-1`` drawn from SplitMix64 state `s`, and the state after it.

    Rejection sampling: outputs at or above the largest multiple of `n` below 2**64 are drawn
    again, so there is no modulo bias.
    """
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        s = (s + _GAMMA) & _MASK64
        x = _mix(s)
        if x < limit:
            return x % n, s


def derive_seed(seed: int, index: int) -> int:
    """The `index`-th seed derived from `seed`, in 0..MAX_SEED.

    Used for the games of a simulation, the seats' bots and other independent streams.
    """
    return _mix((seed * _GAMMA + (index + 1) * 0xD1B54A32D192ED03) & _MASK64) >> 11


@dataclass(frozen=True, slots=True)
class Rng:
    """SplitMix64 state. Build with `Rng.from_seed`; never share across matches."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """The generator for a match seed (any int; reduced to 64 bits)."""
        return cls(_mix(seed & _MASK64))

    def next64(self) -> tuple[int, Rng]:
        """A uniform 64-bit integer and the next generator."""
        s = (self.state + _GAMMA) & _MASK64
        return _mix(s), Rng(s)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``0..n-1`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError(f"below() needs n >= 1, got {n}")
        x, s = _below(self.state, n)
        return x, Rng(s)

    def random(self) -> tuple[float, Rng]:
        """A uniform float in [0, 1) with 53 random bits."""
        x, nxt = self.next64()
        return (x >> 11) * (1.0 / (1 << 53)), nxt

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """One element of a non-empty sequence, uniformly."""
        i, nxt = self.below(len(items))
        return items[i], nxt

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A uniformly shuffled copy of `items` (Fisher-Yates).

        The draws are `_below`'s, written out in the loop: shuffling the decks is most of a
        game's setup, and a random playout sets up a game every few dozen decisions.
        """
        out = list(items)
        s = self.state
        for i in range(len(out) - 1, 0, -1):
            n = i + 1
            limit = (1 << 64) - ((1 << 64) % n)
            while True:
                s = (s + _GAMMA) & _MASK64
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(s)


class RngStream:
    """A mutable wrapper over `Rng` for drivers and bots that draw many numbers.

    Engines keep `Rng` values in their states; bots and simulation loops, which own their
    randomness, use this instead of threading values through every call.
    """

    __slots__ = ("_rng",)

    def __init__(self, seed: int) -> None:
        self._rng = Rng.from_seed(seed)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1``."""
        x, self._rng = self._rng.below(n)
        return x

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        x, self._rng = self._rng.random()
        return x

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        x, self._rng = self._rng.choice(items)
        return x

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        """A uniformly shuffled copy of `items`."""
        x, self._rng = self._rng.shuffle(items)
        return x

    def fork(self) -> Rng:
        """An independent immutable generator drawn from this stream."""
        x, self._rng = self._rng.next64()
        return Rng.from_seed(x)
