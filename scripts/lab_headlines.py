"""Headline findings of lab reports, as Markdown lines for the README and RULES.md.

    python scripts/lab_headlines.py out/lab-baseline/*/report.json

For each report: per player count and configuration, the first player's win rate with its
95% interval, the last seat's, and the p-value of the test of no seat advantage; then each
comparison's change in the first player's win rate with its interval.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def headlines(report: dict[str, object]) -> list[str]:
    """Markdown bullet lines for one report."""
    lines = [f"**{report['game']}** (`{report['command']}`, rules {report['rules_version']}):"]
    for config in report["configurations"]:  # type: ignore[attr-defined]
        summary = config["summary"]
        position = summary["by_position"]
        first, last = position["win_rate"][0], position["win_rate"][-1]
        test = position["no_advantage"]
        p = "—" if test["p_value"] is None else f"{test['p_value']:.3g}"
        lines.append(
            f"- {config['id']}: the first player wins {pct(first['rate'])} "
            f"[{pct(first['low'])}, {pct(first['high'])}], the last {pct(last['rate'])} "
            f"[{pct(last['low'])}, {pct(last['high'])}] (fair share {pct(1 / config['players'])}; "
            f"no turn-order advantage: p = {p}; ties {pct(summary['ties']['rate'])}; "
            f"{summary['games']} games)"
        )
    for comparison in report["comparisons"]:  # type: ignore[attr-defined]
        d = comparison["by_position"]["win_rate"][0]
        lines.append(
            f"- {comparison['other']} vs {comparison['base']}: first player's win rate "
            f"{100 * d['difference']:+.0f} points [{100 * d['low']:+.0f}, {100 * d['high']:+.0f}]"
        )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", type=Path)
    args = parser.parse_args()
    for path in args.reports:
        print("\n".join(headlines(json.loads(path.read_text(encoding="utf-8")))))
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
