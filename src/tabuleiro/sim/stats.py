"""The statistics of the balance lab, each from scipy or statsmodels.

- a win rate's 95% interval: Wilson score interval (`scipy.stats.binomtest`), or the exact
  Clopper-Pearson one on request;
- "no advantage" (of a seat, or of a place in the turn order): with two, the exact binomial
  test of the first one's share of the games with one winner against 1/2; with more,
  Pearson's chi-square goodness-of-fit test of the sole wins against equal shares
  (`scipy.stats`);
- the difference of two win rates: Newcomb's hybrid score interval
  (`statsmodels.stats.proportion.confint_proportions_2indep`);
- the difference of two means: Welch's t interval (`scipy.stats.ttest_ind`).

Every figure is rounded to 6 decimals so that reports are byte-identical wherever they run.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

import numpy as np
from scipy import stats as sps
from statsmodels.stats.proportion import confint_proportions_2indep

from tabuleiro.core import JsonDict

LEVEL = 0.95
"""The confidence level of every interval."""

QUANTILES = (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0)

IntervalMethod = Literal["wilson", "exact"]


def r6(x: float) -> float:
    """`x` rounded to 6 decimals (a plain float, JSON-safe)."""
    return round(float(x), 6)


def proportion(successes: int, n: int, method: IntervalMethod = "wilson") -> JsonDict:
    """A proportion with its 95% interval: ``{"k", "n", "rate", "low", "high", "method"}``.

    Args:
        successes: how many of the `n` trials succeeded.
        n: trials (at least 1).
        method: ``wilson`` (score interval) or ``exact`` (Clopper-Pearson).
    """
    ci = sps.binomtest(successes, n).proportion_ci(confidence_level=LEVEL, method=method)
    return {
        "k": successes,
        "n": n,
        "rate": r6(successes / n),
        "low": r6(ci.low),
        "high": r6(ci.high),
        "method": method,
    }


def seat_advantage_test(sole_wins: Sequence[int]) -> JsonDict:
    """Test of "no advantage" on the sole wins of each seat (or turn position).

    With two, the exact two-sided binomial test of the first one's wins against 1/2; with
    more, Pearson's chi-square test of the counts against equal shares. ``p_value`` is None
    when no game had a single winner or there is one seat only.
    """
    total = sum(sole_wins)
    seats = len(sole_wins)
    if total == 0 or seats < 2:  # nothing to compare (no single winner, or a solo game)
        return {"method": "none", "games": total, "statistic": None, "p_value": None}
    if seats == 2:
        result = sps.binomtest(sole_wins[0], total, 0.5)
        return {
            "method": "exact binomial test of the first one's share against 1/2",
            "games": total,
            "statistic": sole_wins[0],
            "p_value": r6(result.pvalue),
        }
    chi = sps.chisquare(np.asarray(sole_wins, dtype=float))
    return {
        "method": "chi-square goodness of fit against equal shares",
        "games": total,
        "statistic": r6(chi.statistic),
        "p_value": r6(chi.pvalue),
        "dof": seats - 1,
    }


def describe(values: Sequence[float]) -> JsonDict:
    """Mean, sample standard deviation and quantiles of `values` (not empty)."""
    data = np.asarray(values, dtype=float)
    stdev = float(np.std(data, ddof=1)) if len(data) > 1 else 0.0
    return {
        "mean": r6(float(np.mean(data))),
        "stdev": r6(stdev),
        "quantiles": {str(q): r6(float(np.quantile(data, q))) for q in QUANTILES},
    }


def rate_difference(k1: int, n1: int, k2: int, n2: int) -> JsonDict:
    """``rate2 - rate1`` with Newcomb's hybrid score 95% interval (independent samples)."""
    low, high = confint_proportions_2indep(k2, n2, k1, n1, method="newcomb", alpha=1 - LEVEL)
    return {"difference": r6(k2 / n2 - k1 / n1), "low": r6(low), "high": r6(high), "method": "newcomb"}


def mean_difference(first: Sequence[float], second: Sequence[float]) -> JsonDict:
    """``mean(second) - mean(first)`` with Welch's t 95% interval.

    The interval is None when it is undefined (fewer than two values, or no spread at all).
    """
    diff = float(np.mean(second)) - float(np.mean(first))
    out: JsonDict = {"difference": r6(diff), "low": None, "high": None, "method": "welch"}
    if len(first) < 2 or len(second) < 2:
        return out
    ci = sps.ttest_ind(second, first, equal_var=False).confidence_interval(confidence_level=LEVEL)
    if math.isfinite(ci.low) and math.isfinite(ci.high):
        out["low"], out["high"] = r6(ci.low), r6(ci.high)
    return out
