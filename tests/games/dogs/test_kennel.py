"""§ Conheça o seu canil, the pen rules, on hand-built pens: "Cada baia do canil acomoda até 4
fichas de cães", "nenhuma baia pode conter mais de DUAS RAÇAS", "a baia é internamente dividida
em duas fileiras (A / B) e em cada fileira só pode haver dois cães da mesma raça"; and the
full-pen bonus ("preenche uma baia … com 4 cães da mesma raça")."""

import random
from collections import Counter

import pytest

from tabuleiro.games.dogs.kennel import add, capacity, fits, full_of_one_breed, puts, remove, rows

POODLE, GOLDEN, LABRADOR = 10, 4, 7


@pytest.mark.parametrize(
    ("pen", "needed"),
    [
        ((), 0),
        (((POODLE, 1),), 1),
        (((POODLE, 2),), 1),
        (((POODLE, 3),), 2),
        (((POODLE, 4),), 2),
        (((GOLDEN, 1), (POODLE, 1)), 2),
        (((GOLDEN, 2), (POODLE, 2)), 2),
    ],
)
def test_rows_a_row_holds_two_dogs_of_one_breed(pen: tuple[tuple[int, int], ...], needed: int) -> None:
    assert rows(pen) == needed


def test_add_up_to_four_of_one_breed() -> None:
    pen: tuple[tuple[int, int], ...] = ()
    for n in range(1, 5):
        grown = add(pen, POODLE)
        assert grown == ((POODLE, n),)
        pen = grown
    assert add(pen, POODLE) is None  # a fifth dog: "até 4 fichas"
    assert add(pen, GOLDEN) is None


def test_add_two_breeds_but_never_three() -> None:
    assert add(((POODLE, 1),), GOLDEN) == ((GOLDEN, 1), (POODLE, 1))  # sorted by breed
    assert add(((GOLDEN, 1), (POODLE, 1)), LABRADOR) is None  # "mais de DUAS RAÇAS"
    assert add(((GOLDEN, 2), (POODLE, 1)), POODLE) == ((GOLDEN, 2), (POODLE, 2))
    assert add(((GOLDEN, 2), (POODLE, 2)), POODLE) is None
    assert add(((GOLDEN, 3),), POODLE) is None  # three Goldens fill both rows
    assert add(((GOLDEN, 1), (POODLE, 2)), GOLDEN) == ((GOLDEN, 2), (POODLE, 2))


def test_remove_one_dog_and_drop_an_emptied_breed() -> None:
    assert remove(((GOLDEN, 2), (POODLE, 1)), GOLDEN) == ((GOLDEN, 1), (POODLE, 1))
    assert remove(((GOLDEN, 2), (POODLE, 1)), POODLE) == ((GOLDEN, 2),)
    assert remove(((POODLE, 1),), POODLE) == ()


@pytest.mark.parametrize(
    ("counts", "pens", "held"),
    [
        ({}, 2, 0),
        ({POODLE: 4}, 1, 4),
        ({POODLE: 5}, 1, 4),
        ({POODLE: 4}, 0, 0),
        ({POODLE: 1, GOLDEN: 1, LABRADOR: 1}, 1, 2),  # two single rows in one pen
        ({POODLE: 1, GOLDEN: 1, LABRADOR: 1}, 2, 3),
        ({POODLE: 3, GOLDEN: 3}, 2, 6),  # each breed takes a pair row and a single row
        ({POODLE: 3, GOLDEN: 3}, 1, 4),  # two pair rows
        ({POODLE: 3, GOLDEN: 1}, 1, 3),  # a pair row and one single row
        ({POODLE: 2, GOLDEN: 1, LABRADOR: 1}, 1, 3),
        ({POODLE: 8, GOLDEN: 8}, 5, 16),
        ({POODLE: 9, GOLDEN: 9, LABRADOR: 9}, 5, 20),  # five pens hold at most 20 dogs
    ],
)
def test_capacity_of_empty_pens(counts: dict[int, int], pens: int, held: int) -> None:
    assert capacity(Counter(counts), pens) == held


def test_full_of_one_breed_only_four_of_the_same() -> None:
    assert full_of_one_breed(((POODLE, 4),))
    assert not full_of_one_breed(((POODLE, 3),))
    assert not full_of_one_breed(((GOLDEN, 2), (POODLE, 2)))
    assert not full_of_one_breed(())


def test_puts_into_empty_pens_offer_every_pen() -> None:
    assert puts(((), ()), [POODLE]) == [(POODLE, 0), (POODLE, 1)]
    assert puts(((), ()), []) == []


def test_puts_a_full_pen_takes_nothing() -> None:
    assert puts((((POODLE, 4),), ()), [GOLDEN]) == [(GOLDEN, 1)]
    assert puts((((POODLE, 4),), ((GOLDEN, 2), (LABRADOR, 2))), [GOLDEN]) == []


def test_puts_a_dog_may_complete_a_half_row_of_its_breed() -> None:
    # Pen 0: 1 Poodle and 2 Goldens (both rows used). A Poodle completes its half row; a
    # Labrador finds no row there.
    pens = (((GOLDEN, 2), (POODLE, 1)), ())
    assert puts(pens, [POODLE]) == [(POODLE, 0), (POODLE, 1)]
    assert puts(pens, [LABRADOR]) == [(LABRADOR, 1)]


def test_puts_keep_the_rest_of_the_pool_placeable() -> None:
    # Pen 0 is full (2 Goldens, 2 Labradors); pen 1 has 1 Golden in one row and one free row.
    # Two Poodles share that free row.
    pens = (((GOLDEN, 2), (LABRADOR, 2)), ((GOLDEN, 1),))
    assert puts(pens, [POODLE, POODLE]) == [(POODLE, 1)]
    # Two Poodles and a Labrador need two rows: with one free row no put keeps the rest
    # placeable (the kennel must donate first).
    assert puts(pens, [LABRADOR, POODLE, POODLE]) == []
    # Pen 1 empty: a Labrador row and a Poodle pair row, both in pen 1.
    open_pen = (((GOLDEN, 2), (LABRADOR, 2)), ())
    assert puts(open_pen, [LABRADOR, POODLE, POODLE]) == [(LABRADOR, 1), (POODLE, 1)]
    # A half Labrador row in pen 0 may take the Labrador, or pen 1 may (then the Poodles take
    # pen 1's other row); the Poodles can only go to pen 1.
    half = (((GOLDEN, 2), (LABRADOR, 1)), ())
    assert puts(half, [LABRADOR, POODLE, POODLE]) == [(LABRADOR, 0), (LABRADOR, 1), (POODLE, 1)]


def test_puts_never_strand_a_breed_with_no_row_left() -> None:
    # Pen 1 has one free row and pen 0 a half Poodle row. Golden + Poodle: the Golden must
    # take the free row, the Poodle the half row. Putting the Poodle in the free row would
    # leave the Golden nowhere.
    pens = (((LABRADOR, 2), (POODLE, 1)), ((LABRADOR, 2),))
    assert puts(pens, [GOLDEN, POODLE]) == [(GOLDEN, 1), (POODLE, 0)]


def test_puts_two_breeds_each_completing_its_own_half_row() -> None:
    # No free row: pen 0 has a lone Labrador beside 2 Goldens, pen 1 a lone Poodle beside 2
    # Goldens. A Labrador and a Poodle each complete their own row, so both puts are allowed.
    pens = (((GOLDEN, 2), (LABRADOR, 1)), ((GOLDEN, 2), (POODLE, 1)))
    assert puts(pens, [LABRADOR, POODLE]) == [(LABRADOR, 0), (POODLE, 1)]
    assert puts(pens, [LABRADOR, LABRADOR]) == []  # the second Labrador would have no row


def test_puts_opening_a_row_leaves_one_half_row_not_two() -> None:
    # Pen 0 empty (two free rows); pen 1 holds 3 Goldens (both its rows). Three Poodles need
    # two rows and a Labrador a third: whichever Poodle opens a row leaves room for one more
    # Poodle beside it, not two, so no put keeps the rest placeable.
    pens = ((), ((GOLDEN, 3),))
    assert puts(pens, [POODLE, POODLE, POODLE, LABRADOR]) == []
    assert puts(pens, [POODLE, POODLE, POODLE]) == [(POODLE, 0)]


def test_fits_says_whether_add_keeps_the_pen_rules() -> None:
    every_pen = [((0, n),) for n in range(5)] + [((0, a), (1, b)) for a in (1, 2) for b in (1, 2)]
    for pen in every_pen:
        for breed in (0, 1, 2):
            assert fits(pen, breed) == (add(pen, breed) is not None), (pen, breed)


def _all_placed(pens: tuple[tuple[tuple[int, int], ...], ...], pool: tuple[int, ...]) -> bool:
    """Whether every dog of `pool` can join `pens` one at a time, trying every order and pen."""
    if not pool:
        return True
    first, rest = pool[0], pool[1:]
    for i, pen in enumerate(pens):
        grown = add(pen, first)
        if grown is not None and _all_placed((*pens[:i], grown, *pens[i + 1 :]), rest):
            return True
    return False


def test_puts_are_the_puts_that_leave_the_rest_placeable_by_trying_every_placement() -> None:
    rnd = random.Random(12)
    checked = 0
    breeds = (POODLE, GOLDEN, LABRADOR, 1)
    for _ in range(600):
        pens = []
        for _ in range(rnd.randint(2, 5)):
            pen: tuple[tuple[int, int], ...] = ()
            for _ in range(rnd.randint(0, 4)):
                pen = add(pen, rnd.choice(breeds)) or pen
            pens.append(pen)
        pool = tuple(sorted(rnd.choice(breeds) for _ in range(rnd.randint(1, 4))))
        if not _all_placed(tuple(pens), pool):
            continue  # the pool is too big for these pens: the rules ask for a donation first
        expected = []
        for breed in sorted(set(pool)):
            rest = list(pool)
            rest.remove(breed)
            for i, pen in enumerate(pens):
                grown = add(pen, breed)
                if grown is not None and _all_placed((*pens[:i], grown, *pens[i + 1 :]), tuple(rest)):
                    expected.append((breed, i))
        assert puts(pens, pool) == expected, (pens, pool)
        checked += 1
    assert checked > 300
