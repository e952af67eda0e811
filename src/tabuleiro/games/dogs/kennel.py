"""A kennel's pens: validity, capacity and the rulebook's pen scoring.

§ Conheça o seu canil: a pen holds up to 4 dogs of at most 2 breeds, in two rows of at most
two dogs of one breed each. A pen is a sorted tuple of (breed, count) pairs; it needs one
row per two dogs of a breed, so it is valid when those rows add up to at most 2.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

Pen = tuple[tuple[int, int], ...]
EMPTY_PEN: Pen = ()


def rows(pen: Pen) -> int:
    """Rows a pen's dogs need."""
    return sum((n + 1) // 2 for _, n in pen)


def add(pen: Pen, breed: int) -> Pen | None:
    """The pen with one more dog of `breed`, or None when that breaks a pen rule."""
    counts = dict(pen)
    counts[breed] = counts.get(breed, 0) + 1
    out = tuple(sorted(counts.items()))
    return out if rows(out) <= 2 else None


def remove(pen: Pen, breed: int) -> Pen:
    """The pen with one dog of `breed` less (the breed must be there)."""
    counts = dict(pen)
    counts[breed] -= 1
    return tuple(sorted((b, n) for b, n in counts.items() if n))


def dogs(pens: Iterable[Pen]) -> Counter[int]:
    """Healthy dogs by breed over some pens."""
    out: Counter[int] = Counter()
    for pen in pens:
        for breed, n in pen:
            out[breed] += n
    return out


def capacity(counts: Counter[int], pens: int) -> int:
    """The most of `counts` that `pens` empty pens can hold (rows are interchangeable)."""
    free_rows = 2 * pens
    pairs = sum(n // 2 for n in counts.values())
    singles = sum(n % 2 for n in counts.values())
    if free_rows >= pairs + singles:
        return pairs * 2 + singles
    if free_rows <= pairs:
        return 2 * free_rows
    return 2 * pairs + (free_rows - pairs)


def fits(pool: Counter[int], pens: Iterable[Pen]) -> bool:
    """Whether every dog of `pool` can join `pens` as they are (no rearranging)."""
    free_rows = 0
    half_rows: Counter[int] = Counter()
    for pen in pens:
        free_rows += 2 - rows(pen)
        for breed, n in pen:
            half_rows[breed] += n % 2
    needed = 0
    for breed, n in pool.items():
        rest = max(0, n - half_rows[breed])
        needed += (rest + 1) // 2
    return needed <= free_rows


PEN_POINTS = {(4,): 12, (3,): 8, (2, 2): 5, (1, 2): 3, (2,): 2}


def points(pen: Pen) -> int:
    """§ Pontuação final, matilha: 2 for a pair, 3 for a pair and a single, 5 for two pairs,
    8 for three of a breed, 12 for four; a single dog or two singles score nothing."""
    return PEN_POINTS.get(tuple(sorted(n for _, n in pen)), 0)


def full_of_one_breed(pen: Pen) -> bool:
    """Four dogs of one breed: the full-pen bonus (§ Bônus pela baia cheia)."""
    return len(pen) == 1 and pen[0][1] == 4
