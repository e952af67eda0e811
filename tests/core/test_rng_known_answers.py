"""Known answers for the seeded generator: fixed outputs for fixed seeds, written as literals.

Where the literals come from:
- ``Rng(0)``'s first four 64-bit outputs are the published outputs of SplitMix64 seeded with 0
  (Vigna's reference ``splitmix64.c``; the same vectors appear in many ports).
- Every other literal was computed once by the small SplitMix64 written below (`_Reference`),
  from the algorithm's definition (state += 0x9E3779B97F4A7C15, then the two multiply-xorshift
  rounds), with rejection sampling for bounded draws and Fisher–Yates from the last position
  for shuffles, as `core/rng.py`'s docstrings promise. It shares no code with `core/rng.py`;
  the literals were not produced by the code under test. The reference also cross-checks more
  seeds than the literals list.
"""

import pytest

from tabuleiro.core import MAX_SEED, Rng, RngStream, derive_seed

_M = (1 << 64) - 1


def _ref_mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M
    return z ^ (z >> 31)


class _Reference:
    """SplitMix64 as published, plus bounded draws and shuffles as documented."""

    def __init__(self, seed: int) -> None:
        self.s = _ref_mix(seed & _M)  # a match seed is mixed once into the starting state

    def next(self) -> int:
        self.s = (self.s + 0x9E3779B97F4A7C15) & _M
        return _ref_mix(self.s)

    def below(self, n: int) -> int:
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next()
            if x < limit:
                return x % n

    def shuffle(self, items: object) -> tuple[object, ...]:
        out = list(items)  # type: ignore[call-overload]
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out)


def _ref_derive(seed: int, index: int) -> int:
    return _ref_mix((seed * 0x9E3779B97F4A7C15 + (index + 1) * 0xD1B54A32D192ED03) & _M) >> 11


def test_next64_from_state_0_is_the_published_splitmix64_sequence() -> None:
    rng, out = Rng(0), []
    for _ in range(4):
        x, rng = rng.next64()
        out.append(x)
    assert out == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC]


def test_derive_seed_known_answers() -> None:
    assert derive_seed(0, 0) == 4575302229384611
    assert derive_seed(0, 1) == 3804814246160142
    assert derive_seed(1, 0) == 1585380222369008
    assert derive_seed(MAX_SEED, 5) == 1492601802671701


def test_below_known_answers() -> None:
    rng, six = Rng.from_seed(1), []
    for _ in range(8):
        x, rng = rng.below(6)
        six.append(x)
    assert six == [0, 3, 1, 0, 5, 0, 0, 0]
    stream = RngStream(11)
    assert [stream.below(2) for _ in range(16)] == [1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1, 1, 1, 0, 1, 0]
    letters = RngStream(1)
    assert [letters.choice("abcdef") for _ in range(3)] == ["a", "d", "b"]  # below(6): 0, 3, 1


@pytest.mark.parametrize(
    ("seed", "draws"),
    [
        (0, [7960286522194355700, 487617019471545679, 1961750202426094747]),
        # Seed 1's first 64-bit output is above the limit for n = 2**63 + 1: it is rejected.
        (1, [6869446166584666695, 8084911050856847527, 3727343498630883515]),
        (5, [7687626429108956431, 4956492047719502914, 4585224317256249147]),
    ],
)
def test_below_rejects_the_biased_tail_known_answers(seed: int, draws: list[int]) -> None:
    stream = RngStream(seed)
    assert [stream.below(2**63 + 1) for _ in range(3)] == draws


def test_below_1_is_always_0_and_still_advances() -> None:
    rng = Rng.from_seed(3)
    x, after = rng.below(1)
    assert x == 0 and after == rng.next64()[1]


def test_random_known_answers() -> None:
    stream = RngStream(2)
    assert [stream.random() for _ in range(3)] == [
        0.25421381967191103,
        0.8947232019148371,
        0.3738882223577553,
    ]


def test_shuffle_known_answers() -> None:
    assert Rng.from_seed(7).shuffle(range(10))[0] == (1, 6, 8, 2, 4, 9, 3, 0, 7, 5)
    assert Rng.from_seed(0).shuffle("ABCDE")[0] == ("C", "D", "B", "E", "A")
    assert RngStream(MAX_SEED).shuffle(range(6)) == (4, 5, 3, 1, 0, 2)
    assert Rng.from_seed(4).shuffle(())[0] == () and Rng.from_seed(4).shuffle("x")[0] == ("x",)


def test_shuffle_leaves_the_generator_where_the_same_bounded_draws_would() -> None:
    rng = Rng.from_seed(9)
    _, after = rng.shuffle(range(5))
    for n in (5, 4, 3, 2):
        _, rng = rng.below(n)
    assert after == rng


@pytest.mark.parametrize("seed", [0, 1, 2, 99, 2**32, MAX_SEED, -1, 2**64 + 3])
def test_every_draw_matches_the_independent_reference(seed: int) -> None:
    ref = _Reference(seed)
    rng = Rng.from_seed(seed)
    for n in (1, 2, 3, 6, 10**9, 3 * 2**62, 2**63 + 1, 2**64):
        x, rng = rng.below(n)
        assert x == ref.below(n)
    f, rng = rng.random()
    assert f == (ref.next() >> 11) / 2**53
    deck, rng = rng.shuffle(range(20))
    assert deck == ref.shuffle(range(20))
    assert rng.next64()[0] == ref.next()
    for index in (0, 1, 1000):
        if 0 <= seed <= MAX_SEED:
            assert derive_seed(seed, index) == _ref_derive(seed, index)


def test_fork_seeds_a_new_generator_from_the_streams_next_output() -> None:
    stream, ref = RngStream(4), _Reference(4)
    forked = stream.fork()
    assert forked.state == _ref_mix(ref.next())
    assert stream.below(100) == ref.below(100)


def test_max_seed_is_javascripts_largest_exact_integer() -> None:
    # "seeds stay exact as JSON numbers in a browser": Number.MAX_SAFE_INTEGER = 2**53 - 1.
    assert MAX_SEED == 9007199254740991


@pytest.mark.parametrize("n", [0, -1])
def test_below_needs_at_least_one_choice(n: int) -> None:
    with pytest.raises(ValueError, match="below\\(\\) needs n >= 1"):
        Rng.from_seed(1).below(n)


def test_a_generator_is_an_immutable_value() -> None:
    # States store their Rng and are shared between branches of a search: a draw must never
    # change the generator it came from.
    rng = Rng.from_seed(5)
    with pytest.raises(AttributeError):
        rng.state = 0  # type: ignore[misc]
    _, after = rng.next64()
    assert rng == Rng.from_seed(5) and after != rng
