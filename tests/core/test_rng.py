"""The seeded generator: reproducible everywhere, uniform, immutable."""

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from tabuleiro.core import MAX_SEED, Rng, RngStream, derive_seed


def test_known_values_do_not_change_between_versions() -> None:
    # SplitMix64 reference outputs for this seeding; any change breaks every stored record.
    assert Rng(0).next64()[0] == 0xE220A8397B1DCDAF  # published first output of SplitMix64(0)
    assert Rng.from_seed(7).shuffle(range(10))[0] == (1, 6, 8, 2, 4, 9, 3, 0, 7, 5)


def test_draws_are_pure_values() -> None:
    rng = Rng.from_seed(42)
    a, next_a = rng.below(1000)
    b, next_b = rng.below(1000)
    assert (a, next_a) == (b, next_b)
    assert next_a != rng


@given(st.integers(min_value=1, max_value=10**12), st.integers(min_value=0, max_value=MAX_SEED))
def test_below_stays_in_range(n: int, seed: int) -> None:
    value, _ = Rng.from_seed(seed).below(n)
    assert 0 <= value < n


def test_below_is_roughly_uniform() -> None:
    stream = RngStream(3)
    counts = Counter(stream.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_400 < c < 10_600 for c in counts.values())


def test_shuffle_is_a_permutation_and_uniform_over_positions() -> None:
    rng = Rng.from_seed(5)
    first = Counter()
    for _ in range(12_000):
        deck, rng = rng.shuffle("ABCD")
        assert sorted(deck) == list("ABCD")
        first[deck[0]] += 1
    assert all(2_700 < c < 3_300 for c in first.values())


def test_derived_seeds_are_distinct_and_in_range() -> None:
    seeds = {derive_seed(1, i) for i in range(10_000)}
    assert len(seeds) == 10_000
    assert all(0 <= s <= MAX_SEED for s in seeds)
    assert derive_seed(1, 0) != derive_seed(2, 0)
