"""Volta ao mundo: who wins by how good a start city is, and whether the draft is a choice.

The rulebook's *Dica* (§ Início do jogo): "Cidades que são ótimos pontos de partida dão mais
recursos, cabe a você decidir se eles são mais importantes do que uma boa localização
geográfica". A start city's goodness is its **distance to 80**: the cheapest legal circuit
from it in board days (both oceans, no city twice; no weather, no cards) less 80 (Verne's
route, the best circuit on the board). Bots play whole races (greedy by default, which
weighs location against the forgone card's resources when it drafts and starts) and the
script prints one JSON document:

- ``by_distance``: per distance band, how many travellers started there and their win rate
  (shared wins split) with a 95% Wilson interval; a fair share is 1 / players;
- ``choice``: how often the start was the best-located of the traveller's five cards, and
  the win rates of those who took the best location and of those who gave some location
  up for resources (a real draft choice: neither is always right);
- ``days_per_resource``: the days one coin or fame point received at setup saves;
- ``winners_median_days``: the pace of the race (the design keeps it near Fogg's 80);
- ``cities``: the design measured (coins and fame per card against its distance).

    python scripts/volta_start_cities.py --players 2 --games 1000 --seed 1
    python scripts/volta_start_cities.py --players 2 --games 1000 --cities candidate.json

``--cities`` measures a candidate city-card file (the ``cities.v1.json`` format) instead of
the shipped one, for tuning: it replaces the loaded cards' coins and fame in this process.
"""

from __future__ import annotations

import argparse
import heapq
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

from tabuleiro.core import get_game
from tabuleiro.games.volta_ao_mundo.components import BOTH_OCEANS, components
from tabuleiro.games.volta_ao_mundo.state import FINISHED
from tabuleiro.sim.simulate import SimConfig, run_one, seat_bots

FOGG = 80
BANDS = ((0, 0), (1, 4), (5, 9), (10, 99))


def best_circuit(start: int) -> int:
    """Cheapest legal circuit from `start` in board days (a Dijkstra bound, then a DFS)."""
    comp = components()
    bound: dict[tuple[int, int], int] = {(start, 0): 0}
    heap = [(0, start, 0)]
    while heap:
        d, city, need = heapq.heappop(heap)
        for route, other in comp.adjacent[city]:
            for before in range(4):
                days = d + comp.routes[route].days
                if before & ~comp.routes[route].ocean == need and days < bound.get((other, before), 999):
                    bound[(other, before)] = days
                    heapq.heappush(heap, (days, other, before))
    best = [999]

    def dfs(city: int, visited: int, oceans: int, days: int) -> None:
        if days + bound.get((city, BOTH_OCEANS & ~oceans), 999) >= best[0]:
            return
        for route, other in comp.adjacent[city]:
            r = comp.routes[route]
            if other == start:
                if oceans | r.ocean == BOTH_OCEANS:
                    best[0] = min(best[0], days + r.days)
            elif not visited >> other & 1:
                dfs(other, visited | 1 << other, oceans | r.ocean, days + r.days)

    dfs(start, 1 << start, 0, 0)
    return best[0]


def use_cities(path: Path) -> None:
    """Replace the loaded city cards' coins and fame with those of a candidate file."""
    comp = components()
    data = json.loads(path.read_text(encoding="utf-8"))
    coins, fame = list(comp.city_coins), list(comp.city_fame)
    for card in data["cards"]:
        c = comp.city(card["city"])
        coins[c], fame[c] = int(card["coins"]), int(card["fame"])
    object.__setattr__(comp, "city_coins", tuple(coins))  # frozen: one shared instance, on purpose
    object.__setattr__(comp, "city_fame", tuple(fame))


def wilson(wins: float, n: int) -> list[float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return [0.0, 1.0]
    z = statistics.NormalDist().inv_cdf(0.975)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(centre - half, 3), round(centre + half, 3)]


def rate(rows: list[dict[str, Any]]) -> dict[str, Any]:
    wins = sum(r["win"] for r in rows)
    n = len(rows)
    return {"starts": n, "win_rate": round(wins / n, 3) if n else None, "ci95": wilson(wins, n)}


def days_per_resource(rows: list[dict[str, Any]]) -> float | None:
    """What one coin or fame point received at setup is worth: the slope of a finished
    traveller's days on the resources received, among those who started at distance 0 (so
    the location is the same for all of them); negative: resources save days."""
    pairs = [(r["received"], r["days"]) for r in rows if r["distance"] == 0 and r["days"] is not None]
    if len({x for x, _ in pairs}) < 2:
        return None
    slope, _ = statistics.linear_regression([x for x, _ in pairs], [y for _, y in pairs])
    return round(slope, 3)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--cities", type=Path, help="a candidate city-card file to measure instead")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE, repeatable")
    args = parser.parse_args()
    if args.cities is not None:
        use_cities(args.cities)
    game = get_game("volta_ao_mundo")
    comp = components()
    distance = [best_circuit(c) - FOGG for c in range(len(comp.city_ids))]
    value = [comp.city_coins[c] + comp.city_fame[c] for c in range(len(comp.city_ids))]
    options = dict(o.split("=", 1) for o in args.option)
    bots = seat_bots(game, args.players, args.bots.split(","))
    config = SimConfig(game, args.players, args.games, args.seed, options, bots)
    rows: list[dict[str, Any]] = []
    winning_days: list[int] = []
    for i in range(args.games):
        result, session = run_one(config, i)
        winners = result["winners"]
        winning_days += [
            t.days for s, t in enumerate(session.state.travellers) if s in winners and t.status == FINISHED
        ]
        for seat, t in enumerate(session.state.travellers):
            kept = t.drafted
            rows.append(
                {
                    "distance": distance[t.origin],
                    "win": (1 / len(winners)) if seat in winners else 0.0,
                    "best_located": distance[t.origin] == min(distance[c] for c in kept),
                    "forgone": value[t.origin],
                    "received": sum(value[c] for c in kept) - value[t.origin],
                    "days": t.days if t.status == FINISHED else None,
                }
            )
    doc = {
        "command": " ".join(sys.argv),
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "bots": list(bots),
        "options": options,
        "rules_version": game.info.rules_version,
        "fair_share": round(1 / args.players, 3),
        "by_distance": [
            {"distance": f"{lo}" if lo == hi else f"{lo}-{hi}" if hi < 99 else f"{lo}+"}
            | rate([r for r in rows if lo <= r["distance"] <= hi])
            for lo, hi in BANDS
        ],
        "choice": {
            "best_located_share": round(statistics.fmean(r["best_located"] for r in rows), 3),
            "took_best_location": rate([r for r in rows if r["best_located"]]),
            "gave_location_for_resources": rate([r for r in rows if not r["best_located"]]),
            "mean_resources_forgone": round(statistics.fmean(r["forgone"] for r in rows), 2),
            "mean_resources_received": round(statistics.fmean(r["received"] for r in rows), 2),
        },
        "days_per_resource": days_per_resource(rows),
        "winners_median_days": statistics.median(winning_days) if winning_days else None,
        "cities": {
            comp.city_ids[c]: {
                "distance": distance[c],
                "coins": comp.city_coins[c],
                "fame": comp.city_fame[c],
            }
            for c in sorted(range(len(comp.city_ids)), key=lambda c: (distance[c], comp.city_ids[c]))
        },
    }
    print(json.dumps(doc, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
