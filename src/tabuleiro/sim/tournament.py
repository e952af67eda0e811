"""Round-robin tournaments between bots, with ratings and their 95% intervals.

Every arrangement of distinct bots over the seats is played (so each bot sits in every seat
against every other and seat advantage cancels), `games` times each; game ``g`` of every
arrangement uses the same deal (seed derived from the base seed and ``g``), so bots are
compared on the same cards. Ratings come from OpenSkill's Plackett-Luce model (Weng and Lin,
2011), updated game by game in a fixed order from the rulebook's final ranks (ties share a
rank), and reported as mu with the interval mu ± 1.96 sigma. Nothing depends on timing
unless a bot has a time budget: with iteration budgets the same arguments give the same
JSON, byte for byte.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from tabuleiro.core import Game, JsonDict, SetupError, derive_seed
from tabuleiro.play import parse_seats
from tabuleiro.sim.parallel import GameTask, Progress, run_local

Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    """What to play: bot specs (canonical), players per game, games per arrangement."""

    game: Game[Any, Any, Any]
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    options: Mapping[str, object]


def read_bots(game: Game[Any, Any, Any], players: int, names: Sequence[str]) -> tuple[str, ...]:
    """The distinct bot specs of a tournament, canonical.

    Raises:
        SetupError: fewer bots than seats, a repeated bot (``bad_seats``), or a bad spec.
    """
    specs = [s.strip() for s in names if s.strip()]
    canonical = parse_seats(game, len(specs), specs) if specs else ()
    if "human" in canonical:
        raise SetupError("tournaments take bots only", "torneios só aceitam robôs", code="bad_seats")
    if len(set(canonical)) != len(canonical):
        raise SetupError(
            "--bots lists a bot twice; give each bot once",
            "--bots repete um robô; indique cada robô uma vez",
            code="bad_seats",
        )
    if len(canonical) < max(players, 2):
        raise SetupError(
            f"--bots needs at least {max(players, 2)} different bots for {players} players, "
            f"got {len(canonical)}",
            f"--bots precisa de ao menos {max(players, 2)} robôs diferentes para {players} jogadores, "
            f"vieram {len(canonical)}",
            code="bad_seats",
        )
    return tuple(canonical)


def arrangements(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every ordered choice of `players` distinct bots: each bot in each seat against each other."""
    return list(itertools.permutations(bots, players))


def tasks(config: TournamentConfig) -> list[GameTask]:
    """Every game of the tournament in the order they are rated: game by game, every
    arrangement in turn; game ``g`` of every arrangement is dealt from the seed derived from ``g``."""
    options = tuple(sorted(config.options.items()))
    seatings = arrangements(config.bots, config.players)
    return [
        GameTask(
            len(seatings) * g + k,
            config.game.info.id,
            config.players,
            derive_seed(config.seed, g),
            options,
            seats,
        )
        for g in range(config.games)
        for k, seats in enumerate(seatings)
    ]


def rate(bots: Sequence[str], results: Sequence[JsonDict]) -> dict[str, JsonDict]:
    """OpenSkill Plackett-Luce ratings after every game, in order: mu, sigma, 95% interval."""
    model = PlackettLuce()
    ratings = {bot: model.rating(name=bot) for bot in bots}
    for r in results:
        teams = [[ratings[bot]] for bot in r["seats"]]
        rated = model.rate(teams, ranks=list(r["ranks"]))
        for bot, team in zip(r["seats"], rated, strict=True):
            ratings[bot] = team[0]
    return {
        bot: {
            "mu": round(rating.mu, 4),
            "sigma": round(rating.sigma, 4),
            "low": round(rating.mu - Z95 * rating.sigma, 4),
            "high": round(rating.mu + Z95 * rating.sigma, 4),
        }
        for bot, rating in ratings.items()
    }


def standings(config: TournamentConfig, results: Sequence[JsonDict]) -> list[JsonDict]:
    """One row per bot, best rated first: games, win share, mean score and rating."""
    ratings = rate(config.bots, results)
    rows: list[JsonDict] = []
    for bot in config.bots:
        played = [(r, seat) for r in results for seat, b in enumerate(r["seats"]) if b == bot]
        wins = sum(1 / sum(1 for x in r["ranks"] if x == 1) for r, seat in played if r["ranks"][seat] == 1)
        scores = [r["scores"][seat] for r, seat in played]
        rows.append(
            {
                "bot": bot,
                "games": len(played),
                "win_rate": round(wins / len(played), 6) if played else 0.0,
                "mean_score": round(statistics.fmean(scores), 6) if scores else 0.0,
                "rating": ratings[bot],
            }
        )
    rows.sort(key=lambda row: (-row["rating"]["mu"], row["bot"]))
    return rows


def tournament(config: TournamentConfig, progress: Progress | None = None, workers: int = 1) -> JsonDict:
    """Play every arrangement `config.games` times on `workers` local processes and rate the bots.

    Results are rated in `tasks` order whatever the number of workers, so the JSON does not
    depend on it. `progress` is called with the number of games just finished.

    Returns:
        ``{"game", "players", "options", "seed", "bots", "games_per_arrangement",
        "arrangements", "results", "standings", "rating_model"}``.
    """
    todo = tasks(config)
    played = run_local(todo, workers, progress)
    results = [
        {"seats": list(task.bots), "seed": task.seed, "scores": r["scores"], "ranks": r["ranks"]}
        for task, r in zip(todo, played, strict=True)
    ]
    return {
        "game": config.game.info.id,
        "players": config.players,
        "options": config.game.make_options(config.options).to_json(),
        "seed": config.seed,
        "bots": list(config.bots),
        "games_per_arrangement": config.games,
        "arrangements": [list(a) for a in arrangements(config.bots, config.players)],
        "rating_model": "openskill PlackettLuce, mu ± 1.96 sigma",
        "results": results,
        "standings": standings(config, results),
    }
