"""The balance lab: a study of one game over several configurations, and its figures.

A study crosses player counts with the values of the compared options (``--compare``);
each combination is a configuration, and every configuration plays the same seeds: game
``i`` of every configuration is set up with ``derive_seed(seed, i)``, as in `tabuleiro
simulate`, so configurations differ by their rules only. Per configuration the report
holds every game's result and figures computed from those results alone (`sim.stats`);
between configurations of one player count, the differences from the first value of each
compared option. Nothing here depends on timing, the backend or the number of workers.
"""

from __future__ import annotations

import itertools
import platform
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

from tabuleiro.core import Game, JsonDict, OptionError, SetupError, derive_seed
from tabuleiro.core.options import OptionValue
from tabuleiro.sim import stats
from tabuleiro.sim.parallel import GameTask
from tabuleiro.sim.simulate import seat_bots

REPORT_VERSION = 1


@dataclass(frozen=True, slots=True)
class Study:
    """What to study: validated, typed values (see `make_study`)."""

    game: Game[Any, Any, Any]
    players: tuple[int, ...]
    games: int
    seed: int
    bots: tuple[str, ...]
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    compare: tuple[tuple[str, tuple[OptionValue, ...]], ...] = ()
    """The compared options and their values, in the order given."""


@dataclass(frozen=True, slots=True)
class Configuration:
    """One combination of a player count and values of the compared options."""

    players: int
    options: Mapping[str, object]
    """The full options, every option named, as the game's `to_json` gives them."""
    varied: tuple[tuple[str, OptionValue], ...]
    """The compared options' values in this configuration."""
    bots: tuple[str, ...]

    @property
    def label(self) -> str:
        """``2p`` followed by the compared values, e.g. ``2p opening=reverse``."""
        return " ".join([f"{self.players}p", *(f"{k}={_text(v)}" for k, v in self.varied)])


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def resolve_bots(game: Game[Any, Any, Any], players: int, names: Sequence[str]) -> tuple[str, ...]:
    """The bot of each seat from the user's list (the one place a bot spec is read).

    Raises:
        SetupError: an unknown bot, a human, or a list that does not fit `players`.
    """
    return seat_bots(game, players, names)


def parse_compare(
    game: Game[Any, Any, Any], items: Sequence[str]
) -> tuple[tuple[str, tuple[OptionValue, ...]], ...]:
    """``NAME=V1,V2,...`` items as (name, typed values), each value checked by the option.

    Raises:
        OptionError: an unknown option, a bad value, a repeated name or a single value.
    """
    specs = {spec.name: spec for spec in game.options_type.specs()}
    out: list[tuple[str, tuple[OptionValue, ...]]] = []
    for item in items:
        name, sep, values = item.partition("=")
        name = name.strip()
        if not sep or not name or not values.strip():
            raise OptionError(
                f"--compare takes NAME=V1,V2 (e.g. opening=none,reverse), not {item!r}",
                f"--compare recebe NOME=V1,V2 (ex.: opening=none,reverse), não {item!r}",
                code="bad_compare",
            )
        spec = specs.get(name)
        if spec is None:
            known = ", ".join(specs) or "none"
            raise OptionError(
                f"--compare: {game.info.id} has no option {name!r}; options: {known}",
                f"--compare: {game.info.name_pt} não tem a opção {name!r}; opções: {known}",
                code="unknown_option",
            )
        typed = tuple(spec.coerce(v) for v in values.split(","))
        if len(set(typed)) != len(typed) or len(typed) < 2:
            raise OptionError(
                f"--compare {name}: give two or more different values, not {values!r}",
                f"--compare {name}: indique dois ou mais valores diferentes, não {values!r}",
                code="bad_compare",
            )
        if any(existing == name for existing, _ in out):
            raise OptionError(
                f"--compare {name} is given twice", f"--compare {name} aparece duas vezes", code="bad_compare"
            )
        out.append((name, typed))
    return tuple(out)


def configurations(study: Study) -> list[Configuration]:
    """Every configuration of the study, player count first, then the compared values.

    Raises:
        SetupError, OptionError: a player count or option combination the game refuses.
    """
    names = [name for name, _ in study.compare]
    out = []
    for players in study.players:
        bots = resolve_bots(study.game, players, study.bots)
        for values in itertools.product(*(vals for _, vals in study.compare)):
            varied = tuple(zip(names, values, strict=True))
            typed = study.game.make_options({**study.options, **dict(varied)})
            study.game.new_state(players, study.seed, typed)  # refuses what the rules forbid
            out.append(Configuration(players, typed.to_json(), varied, bots))
    return out


def tasks(study: Study, configs: Sequence[Configuration]) -> list[GameTask]:
    """Every game of the study, configuration by configuration, indexed in that order."""
    return [
        GameTask(
            index=c * study.games + i,
            game=study.game.info.id,
            players=config.players,
            seed=derive_seed(study.seed, i),
            options=tuple(sorted(config.options.items())),
            bots=config.bots,
        )
        for c, config in enumerate(configs)
        for i in range(study.games)
    ]


def by_position(result: JsonDict, players: int) -> tuple[list[int], list[int]]:
    """A game's scores and winners indexed by turn position (0 = the first player)."""
    first = result["first_player"]
    scores = [result["scores"][(first + p) % players] for p in range(players)]
    winners = sorted((w - first) % players for w in result["winners"])
    return scores, winners


def _standing(players: int, games: Sequence[tuple[list[int], list[int]]]) -> JsonDict:
    """Win rates, sole wins, the no-advantage test and scores for (scores, winners) per game."""
    n = len(games)
    wins = [sum(1 for _, winners in games if i in winners) for i in range(players)]
    sole = [sum(1 for _, winners in games if winners == [i]) for i in range(players)]
    return {
        "win_rate": [stats.proportion(w, n) for w in wins],
        "sole_wins": sole,
        "no_advantage": stats.seat_advantage_test(sole),
        "score": [stats.describe([scores[i] for scores, _ in games]) for i in range(players)],
    }


def summarize(players: int, results: Sequence[JsonDict]) -> JsonDict:
    """The figures of one configuration, from its per-game results alone.

    ``by_seat`` indexes by seat, ``by_position`` by place in the turn order (0 = the first
    player; the same as the seat in games where seat 0 always starts). A game counts as a
    win for every seat ranked first (a shared first place is a win for each, and is also
    counted under ``ties``); the no-advantage test uses the games that had one winner.
    Scoring categories are those of any game's breakdown (some games score some categories
    only at some player counts), absent ones counting 0.
    """
    n = len(results)
    ties = sum(1 for r in results if len(r["winners"]) > 1)
    categories = list(dict.fromkeys(c for r in results for b in r["breakdown"] for c in b))
    totals = {c: sum(b.get(c, 0) for r in results for b in r["breakdown"]) for c in categories}
    grand = sum(totals.values())
    firsts = [sum(1 for r in results if r["first_player"] == seat) for seat in range(players)]
    return {
        "games": n,
        "by_seat": _standing(players, [(r["scores"], r["winners"]) for r in results]),
        "by_position": _standing(players, [by_position(r, players) for r in results]),
        "first_player": [stats.proportion(k, n) for k in firsts],
        "ties": stats.proportion(ties, n),
        "category_mean": [
            {c: stats.r6(sum(r["breakdown"][s].get(c, 0) for r in results) / n) for c in categories}
            for s in range(players)
        ],
        "category_share": {c: stats.r6(totals[c] / grand) if grand else None for c in categories},
        "decisions": stats.describe([r["decisions"] for r in results]),
        "rounds": stats.describe([r["turns"] / players for r in results]),
    }


def _differences(players: int, base: Sequence[JsonDict], other: Sequence[JsonDict], frame: str) -> JsonDict:
    def games(results: Sequence[JsonDict]) -> list[tuple[list[int], list[int]]]:
        if frame == "by_seat":
            return [(r["scores"], r["winners"]) for r in results]
        return [by_position(r, players) for r in results]

    b, o = games(base), games(other)
    return {
        "win_rate": [
            stats.rate_difference(
                sum(1 for _, w in b if i in w), len(b), sum(1 for _, w in o if i in w), len(o)
            )
            for i in range(players)
        ],
        "mean_score": [
            stats.mean_difference([sc[i] for sc, _ in b], [sc[i] for sc, _ in o]) for i in range(players)
        ],
    }


def compare(base: JsonDict, other: JsonDict) -> JsonDict:
    """Differences ``other - base`` between two configurations with the same player count."""
    players = base["players"]
    b, o = base["results"], other["results"]
    return {
        "base": base["id"],
        "other": other["id"],
        "by_seat": _differences(players, b, o, "by_seat"),
        "by_position": _differences(players, b, o, "by_position"),
        "decisions": stats.mean_difference([r["decisions"] for r in b], [r["decisions"] for r in o]),
        "ties": stats.rate_difference(
            base["summary"]["ties"]["k"], len(b), other["summary"]["ties"]["k"], len(o)
        ),
    }


def comparisons(study: Study, sections: Sequence[JsonDict]) -> list[JsonDict]:
    """Each configuration against the one of its player count where every compared option
    takes its first value."""
    out: list[JsonDict] = []
    for players in study.players:
        group = [s for s in sections if s["players"] == players]
        out.extend(compare(group[0], other) for other in group[1:])
    return out


def command(study: Study) -> str:
    """The `tabuleiro lab` command that gives this report (without how it is run)."""
    parts = [
        "tabuleiro lab",
        study.game.info.id,
        "--players",
        ",".join(map(str, study.players)),
        "--games",
        str(study.games),
        "--seed",
        str(study.seed),
        "--bots",
        ",".join(study.bots),
    ]
    for name, value in study.options.items():
        parts += ["--option", f"{name}={_text(value)}"]
    for name, values in study.compare:
        parts += ["--compare", f"{name}={','.join(map(_text, values))}"]
    return " ".join(parts)


def versions() -> JsonDict:
    """The versions that can change a report's figures."""
    out: JsonDict = {"python": platform.python_version()}
    for package in ("tabuleiro", "numpy", "scipy", "statsmodels", "matplotlib"):
        try:
            out[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            out[package] = None
    return out


def report(study: Study, configs: Sequence[Configuration], results: Sequence[JsonDict]) -> JsonDict:
    """The whole report (``report.json``) from the study and every game's result in index order."""
    if len(results) != len(configs) * study.games:
        raise SetupError("the results do not match the study", "os resultados não correspondem ao estudo")
    sections = []
    for c, config in enumerate(configs):
        own = list(results[c * study.games : (c + 1) * study.games])
        sections.append(
            {
                "id": config.label,
                "players": config.players,
                "varied": dict(config.varied),
                "options": dict(config.options),
                "bots": list(config.bots),
                "summary": summarize(config.players, own),
                "results": own,
            }
        )
    return {
        "report": "tabuleiro-lab",
        "version": REPORT_VERSION,
        "command": command(study),
        "game": study.game.info.id,
        "game_name": {"pt": study.game.info.name_pt, "en": study.game.info.name_en},
        "rules_version": study.game.info.rules_version,
        "score_unit": {"pt": study.game.info.score_unit_pt, "en": study.game.info.score_unit_en},
        "lower_wins": study.game.info.lower_wins,
        "versions": versions(),
        "seed": study.seed,
        "seeds": "game i of every configuration is set up with derive_seed(seed, i); "
        "its bots with derive_seed(game seed, 2**20 + seat)",
        "games_per_configuration": study.games,
        "players": list(study.players),
        "bots": list(study.bots),
        "options": dict(study.options),
        "compare": {name: list(values) for name, values in study.compare},
        "confidence_level": stats.LEVEL,
        "configurations": sections,
        "comparisons": comparisons(study, sections),
    }
