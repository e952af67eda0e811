"""Bot-versus-bot simulations: many seeded matches, results and summary statistics.

The output depends only on the arguments: game seeds are derived from the base seed and
no timing enters the results, so the same arguments give byte-identical JSON.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabuleiro.core import Game, JsonDict, SetupError, derive_seed
from tabuleiro.play import Session, parse_seats


@dataclass(frozen=True, slots=True)
class SimConfig:
    """What to simulate."""

    game: Game[Any, Any, Any]
    players: int
    games: int
    seed: int
    options: Mapping[str, object]
    bots: tuple[str, ...]


def seat_bots(game: Game[Any, Any, Any], players: int, bots: Sequence[str]) -> tuple[str, ...]:
    """One bot per seat: a single name fills every seat, or exactly one name per seat.

    Raises:
        SetupError: a wrong number of names (``bad_seats``), ``human``, or an unknown bot.
    """
    names = [b.strip() for b in bots if b.strip()] or [game.default_bot()]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise SetupError(
            f"--bots takes one bot or one per seat ({players}), got {len(names)}",
            f"--bots recebe um robô ou um por assento ({players}), vieram {len(names)}",
            code="bad_seats",
        )
    seats = parse_seats(game, players, names)
    if "human" in seats:
        raise SetupError("simulations take bots only", "simulações só aceitam robôs", code="bad_seats")
    return seats


def run_one(config: SimConfig, index: int) -> tuple[JsonDict, Session]:
    """Play game number `index` of the simulation to the end."""
    seed = derive_seed(config.seed, index)
    session = Session(config.game, config.players, seed, config.options, config.bots)
    session.run_bots()
    outcome = config.game.outcome(session.state)
    if outcome is None:  # every seat is a bot, so the game must have ended
        raise RuntimeError(f"simulation game {index} did not finish")
    result = {
        "seed": seed,
        "scores": list(outcome.scores),
        "breakdown": [dict(b) for b in outcome.breakdown],
        "winners": list(outcome.winners),
        "decisions": len(session.actions),
    }
    return result, session


def _r(x: float) -> float:
    return round(x, 6)


def summarize(config: SimConfig, results: list[JsonDict]) -> JsonDict:
    """Mean and spread of scores, win rates (shared wins split), per seat and per bot."""
    n = config.players
    count = len(results)
    wins = [0.0] * n
    for r in results:
        for seat in r["winners"]:
            wins[seat] += 1 / len(r["winners"])
    scores = [[r["scores"][s] for r in results] for s in range(n)]
    categories = list(results[0]["breakdown"][0]) if results else []
    by_bot: dict[str, JsonDict] = {}
    for name in sorted(set(config.bots)):
        seats = [s for s in range(n) if config.bots[s] == name]
        pooled = [x for s in seats for x in scores[s]]
        by_bot[name] = {
            "seats": seats,
            "win_rate": _r(sum(wins[s] for s in seats) / (count * len(seats))) if count else 0.0,
            "mean_score": _r(statistics.fmean(pooled)) if pooled else 0.0,
        }
    return {
        "games": count,
        "mean_score": [_r(statistics.fmean(s)) if s else 0.0 for s in scores],
        "stdev_score": [_r(statistics.pstdev(s)) if s else 0.0 for s in scores],
        "win_rate": [_r(w / count) if count else 0.0 for w in wins],
        "mean_breakdown": [
            {c: _r(statistics.fmean(r["breakdown"][s][c] for r in results)) for c in categories}
            for s in range(n)
        ],
        "mean_decisions": _r(statistics.fmean(r["decisions"] for r in results)) if results else 0.0,
        "by_bot": by_bot,
    }


def simulate(
    config: SimConfig,
    records: Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> JsonDict:
    """Run every game; write each record into `records` when given.

    Returns:
        ``{"game", "players", "options", "seed", "bots", "results", "summary"}``.
    """
    results = []
    for i in range(config.games):
        result, session = run_one(config, i)
        results.append(result)
        if records is not None:
            path = records / f"{config.game.info.id}-{i + 1:05d}-seed{result['seed']}.json"
            path.write_text(session.record.dumps(), encoding="utf-8")
        if progress is not None:
            progress(i + 1)
    options = config.game.make_options(config.options).to_json()
    return {
        "game": config.game.info.id,
        "players": config.players,
        "options": options,
        "seed": config.seed,
        "bots": list(config.bots),
        "results": results,
        "summary": summarize(config, results),
    }
