"""The lab's statistics against published and hand-worked values.

Wilson and Clopper-Pearson intervals and Newcomb's difference interval are the worked
examples of Newcombe (1998), "Two-sided confidence intervals for the single proportion" and
"Interval estimation for the difference between independent proportions", Statistics in
Medicine 17; the test p-values are worked by hand below.
"""

import math

import pytest

from tabuleiro.sim import stats


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)],
)
def test_wilson_interval_matches_newcombe_1998(k: int, n: int, low: float, high: float) -> None:
    p = stats.proportion(k, n)
    assert (p["k"], p["n"], p["method"]) == (k, n, "wilson")
    assert p["rate"] == round(k / n, 6)
    assert p["low"] == pytest.approx(low, abs=5e-5)
    assert p["high"] == pytest.approx(high, abs=5e-5)


@pytest.mark.parametrize(("k", "n", "low", "high"), [(81, 263, 0.2527, 0.3676), (0, 20, 0.0, 0.1684)])
def test_exact_interval_matches_newcombe_1998(k: int, n: int, low: float, high: float) -> None:
    p = stats.proportion(k, n, "exact")
    assert p["low"] == pytest.approx(low, abs=5e-5)
    assert p["high"] == pytest.approx(high, abs=5e-5)


@pytest.mark.parametrize(
    ("k1", "n1", "k2", "n2", "low", "high"),
    [(48, 80, 56, 70, 0.0524, 0.3339), (3, 10, 9, 10, 0.1705, 0.8090)],
)
def test_difference_of_rates_matches_newcombe_1998(
    k1: int, n1: int, k2: int, n2: int, low: float, high: float
) -> None:
    d = stats.rate_difference(k1, n1, k2, n2)
    assert d["difference"] == round(k2 / n2 - k1 / n1, 6)
    assert d["low"] == pytest.approx(low, abs=5e-5)
    assert d["high"] == pytest.approx(high, abs=5e-5)


def test_two_seats_use_the_exact_binomial_test() -> None:
    # P(X >= 7) + P(X <= 3) for X ~ Bin(10, 1/2) = 2 * (1 + 10 + 45 + 120) / 1024
    test = stats.seat_advantage_test([7, 3])
    assert test["p_value"] == pytest.approx(352 / 1024, abs=1e-6)
    assert test["games"] == 10 and test["statistic"] == 7


def test_more_seats_use_the_chi_square_test() -> None:
    # expected 10 each: (100 + 0 + 100) / 10 = 20 on 2 degrees of freedom, p = exp(-20 / 2)
    test = stats.seat_advantage_test([20, 10, 0])
    assert test["statistic"] == 20 and test["dof"] == 2
    assert test["p_value"] == pytest.approx(math.exp(-10), abs=1e-6)
    assert stats.seat_advantage_test([5, 5, 5, 5])["p_value"] == 1.0
    assert stats.seat_advantage_test([0, 0, 0])["p_value"] is None
    assert stats.seat_advantage_test([9])["p_value"] is None  # a solo game has nothing to compare


def test_describe() -> None:
    d = stats.describe([1, 2, 3, 4])
    assert d["mean"] == 2.5
    assert d["stdev"] == round(math.sqrt(5 / 3), 6)
    assert d["quantiles"]["0.5"] == 2.5 and d["quantiles"]["0.0"] == 1 and d["quantiles"]["1.0"] == 4
    assert stats.describe([7])["stdev"] == 0.0


def test_mean_difference() -> None:
    d = stats.mean_difference([1, 2, 3, 4], [3, 4, 5, 6])
    assert d["difference"] == 2.0
    assert d["low"] < 2.0 < d["high"]
    # Welch with equal sizes and spreads: 2 ± t(0.975, 6) * sqrt(5/3 * 2 / 4)
    half = 2.446912 * math.sqrt(5 / 6)
    assert d["low"] == pytest.approx(2 - half, abs=1e-5)
    assert stats.mean_difference([1], [2, 3])["low"] is None
