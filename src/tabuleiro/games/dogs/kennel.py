"""A kennel's pens: validity, capacity and the rulebook's pen scoring.

§ Conheça o seu canil: a pen holds up to 4 dogs of at most 2 breeds, in two rows of at most
two dogs of one breed each. A pen is a sorted tuple of (breed, count) pairs; it needs one
row per two dogs of a breed, so it is valid when those rows add up to at most 2.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache

Pen = tuple[tuple[int, int], ...]
EMPTY_PEN: Pen = ()


def rows(pen: Pen) -> int:
    """Rows a pen's dogs need."""
    needed = 0
    for _, n in pen:  # at most two breeds: a loop beats a generator here
        needed += (n + 1) // 2
    return needed


@cache
def fits(pen: Pen, breed: int) -> bool:
    """Whether one more dog of `breed` keeps `pen` within the pen rules (`add` is not None):
    it completes a half-filled row of its breed, or it opens one of the two rows."""
    for held, n in pen:
        if held == breed and n % 2:
            return True
    return rows(pen) < 2


@cache  # a few hundred pens ever occur; placing and lifting dogs asks about them all the time
def add(pen: Pen, breed: int) -> Pen | None:
    """The pen with one more dog of `breed`, or None when that breaks a pen rule."""
    counts = dict(pen)
    counts[breed] = counts.get(breed, 0) + 1
    out = tuple(sorted(counts.items()))
    return out if rows(out) <= 2 else None


@cache
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


def capacity(counts: Mapping[int, int], pens: int) -> int:
    """The most of `counts` that `pens` empty pens can hold (rows are interchangeable)."""
    free_rows = 2 * pens
    pairs = singles = 0
    for n in counts.values():  # one pass: the arrange decisions ask this very often
        pairs += n >> 1
        singles += n & 1
    if free_rows >= pairs + singles:
        return pairs * 2 + singles
    if free_rows <= pairs:
        return 2 * free_rows
    return 2 * pairs + (free_rows - pairs)


def puts(pens: Sequence[Pen], pool: Sequence[int]) -> list[tuple[int, int]]:
    """Each (breed, pen index) where one dog of `pool` may go so that the rest of `pool` can
    still join `pens` as they are (no rearranging), in breed then pen order.

    Rows are interchangeable between pens, so the rest fits when the free rows can take what
    the half-filled rows of its breeds cannot; a put changes only its own breed's need.
    """
    if len(pool) == 1:  # nothing else to place: wherever the dog fits
        breed = pool[0]
        return [(breed, i) for i, pen in enumerate(pens) if fits(pen, breed)]
    counts: dict[int, int] = {}
    for breed in pool:
        counts[breed] = counts.get(breed, 0) + 1
    free = 2 * len(pens)
    half: dict[int, int] = {}  # per breed: its half-filled rows
    for pen in pens:
        for breed, n in pen:
            free -= (n + 1) >> 1
            if n & 1:
                half[breed] = half.get(breed, 0) + 1
    need = {breed: (max(0, n - half.get(breed, 0)) + 1) >> 1 for breed, n in counts.items()}
    needed = sum(need.values())
    # A dog that completes a half-filled row of its breed leaves the free rows and every
    # breed's need as they were: the rest fits when the whole pool does.
    completes = needed <= free
    out: list[tuple[int, int]] = []
    for breed in sorted(counts):
        # A dog that opens a free row leaves one free row less and one half row more.
        rest = (max(0, counts[breed] - 2 - half.get(breed, 0)) + 1) >> 1
        opens = needed - need[breed] + rest <= free - 1
        if not (completes or opens):
            continue
        for i, pen in enumerate(pens):
            used = 0
            halved = False  # the pen has a half-filled row of this breed
            for held, n in pen:
                used += (n + 1) >> 1
                if held == breed and n & 1:
                    halved = True
            if completes if halved else (opens and used < 2):
                out.append((breed, i))
    return out


PEN_POINTS = {(4,): 12, (3,): 8, (2, 2): 5, (1, 2): 3, (2,): 2}


@cache
def points(pen: Pen) -> int:
    """§ Pontuação final, matilha: 2 for a pair, 3 for a pair and a single, 5 for two pairs,
    8 for three of a breed, 12 for four; a single dog or two singles score nothing."""
    counts = tuple(n for _, n in pen)
    if len(counts) > 1:
        counts = tuple(sorted(counts))
    return PEN_POINTS.get(counts, 0)


def full_of_one_breed(pen: Pen) -> bool:
    """Four dogs of one breed: the full-pen bonus (§ Bônus pela baia cheia)."""
    return len(pen) == 1 and pen[0][1] == 4
