"""Move analysis of a match record: what the search thinks of every decision.

The record is replayed; at every decision of every seat the search runs from that seat's
information set (a handle on the replayed state: the seat's view and samples consistent
with it, exactly what the seat knew) and reports the value of the move played against the
best move it found. Values are the game's search objective for that seat, 0..1 (with
``win`` the estimated share of the win, blended with the margin as `SearchHints` say),
plus the estimated win share and final score margin on their own. A move whose value is
`BLUNDER` or more below the best is a blunder, described in Portuguese and English (players
numbered from 1, as the tables show them; ``seat`` in the JSON counts from 0).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabuleiro.bots.information import InformationHandle
from tabuleiro.bots.ismcts import ActionValue, MctsBot, SearchResult
from tabuleiro.bots.spec import BotSpec
from tabuleiro.core import JsonDict, MatchRecord, SetupError, derive_seed, get_game, replay

BLUNDER = 0.15
"""Loss of value (on the 0..1 objective) from which a move is flagged as a blunder."""
_SEED_BASE = 1 << 21


@dataclass(frozen=True, slots=True)
class Judged:
    """One root action as the analysis reports it."""

    action: str
    value: float
    win: float
    margin: float
    visits: int

    @classmethod
    def of(cls, text: str, stats: ActionValue) -> Judged:
        return cls(text, round(stats.value, 4), round(stats.win, 4), round(stats.margin, 3), stats.visits)

    def to_json(self) -> JsonDict:
        return {
            "action": self.action,
            "value": self.value,
            "win": self.win,
            "margin": self.margin,
            "visits": self.visits,
        }


def analyse(
    record: MatchRecord,
    spec: BotSpec,
    progress: Callable[[int, int], None] | None = None,
    blunder: float = BLUNDER,
) -> JsonDict:
    """Judge every decision of `record` with the search bot `spec` (an ``mcts`` spec).

    Returns:
        ``{"game", "bot", "objective", "blunder_threshold", "decisions": [...],
        "blunders": [...], "seats": [...]}``; each decision has ``index``, ``seat``,
        ``played`` and ``best`` (action, value, win, margin, visits), ``loss``, ``forced``
        (a single legal move: not searched) and ``blunder``; each blunder a message in
        ``pt`` and ``en``.

    Raises:
        RecordError: the record does not replay.
        SetupError: `spec` is not a search bot.
    """
    if spec.name != "mcts":
        raise SetupError(
            f"analysis needs a search bot (mcts, mcts:iterations=N), not {spec.text}",
            f"a análise precisa de um robô de busca (mcts, mcts:iterations=N), não {spec.text}",
            code="bad_bot_spec",
        )
    replay(record)  # refuses a record that does not replay, with the entry at fault
    game = get_game(record.game)
    state = game.new_state(record.players, record.seed, record.options)
    bots = [
        _searcher(game, spec, seat, derive_seed(record.seed, _SEED_BASE + seat))
        for seat in range(record.players)
    ]
    decisions: list[JsonDict] = []
    moves = record.moves  # what was taken back is not judged: `index` counts standing moves
    total = len(moves)
    for index, (seat, text) in enumerate(moves):
        action = game.parse_action(text)
        legal = game.legal_actions(state, seat)
        entry: JsonDict = {"index": index, "seat": seat, "forced": len(legal) <= 1}
        if len(legal) <= 1:
            entry.update(played=_unsearched(text), best=_unsearched(text), loss=0.0, blunder=False)
        else:
            handle = InformationHandle(game, state, seat, index)
            result = bots[seat].searcher.search(game.view(state, seat), legal, handle, bots[seat].budget)
            best = Judged.of(game.format_action(result.best), _stats(result))
            stats = result.of(action)
            played = (
                Judged.of(text, stats).to_json() if stats is not None and stats.visits else _unsearched(text)
            )
            loss = round(best.value - played["value"], 4) if played["visits"] else None
            entry.update(
                played=played,
                best=best.to_json(),
                loss=loss,
                blunder=loss is not None and loss >= blunder,
            )
        if entry["blunder"]:
            entry["message"] = _message(game, seat, action, entry)
        decisions.append(entry)
        state = game.apply(state, seat, action)
        if progress is not None:
            progress(index + 1, total)
    return {
        "game": game.info.id,
        "bot": spec.text,
        "objective": game.search_hints().objective,
        "blunder_threshold": blunder,
        "decisions": decisions,
        "blunders": sorted(
            (d["index"] for d in decisions if d["blunder"]), key=lambda i: -float(decisions[i]["loss"])
        ),
        "seats": [_seat_summary(decisions, seat) for seat in range(record.players)],
    }


def _searcher(game: Any, spec: BotSpec, seat: int, seed: int) -> MctsBot:
    params = spec.kwargs()
    seconds = params.get("seconds")
    iterations = params.get("iterations")
    c = params.get("c")
    return MctsBot(
        game,
        seat,
        seed,
        iterations=int(iterations) if iterations is not None else None,
        seconds=float(seconds) if seconds is not None else None,
        c=float(c) if c is not None else None,
    )


def _unsearched(text: str) -> JsonDict:
    return {"action": text, "value": None, "win": None, "margin": None, "visits": 0}


def _seat_summary(decisions: list[JsonDict], seat: int) -> JsonDict:
    judged = [d for d in decisions if d["seat"] == seat and not d["forced"] and d["loss"] is not None]
    return {
        "seat": seat,
        "decisions": sum(1 for d in decisions if d["seat"] == seat),
        "judged": len(judged),
        "mean_loss": round(sum(d["loss"] for d in judged) / len(judged), 4) if judged else 0.0,
        "blunders": sum(1 for d in judged if d["blunder"]),
    }


def _message(game: Any, seat: int, action: Any, entry: JsonDict) -> dict[str, str]:
    best = game.parse_action(entry["best"]["action"])
    played_v, best_v = entry["played"]["value"], entry["best"]["value"]
    return {
        "en": (
            f"Blunder by player {seat + 1} (move {entry['index'] + 1}): {game.describe_action(action, 'en')} "
            f"is worth {played_v:.2f}; {game.describe_action(best, 'en')} was worth {best_v:.2f}."
        ),
        "pt": (
            f"Erro grave do jogador {seat + 1} (lance {entry['index'] + 1}): "
            f"{game.describe_action(action, 'pt')} vale {played_v:.2f}; "
            f"{game.describe_action(best, 'pt')} valia {best_v:.2f}."
        ),
    }


def hint(game: Any, state: Any, seat: int, decisions: int, spec: BotSpec, seed: int) -> JsonDict:
    """The search's suggestion for `seat` now, from what the seat knows (its view and states
    consistent with it): ``{"action", "text", "value", "win", "margin"}`` (values as in
    `analyse`). For the seat's eyes only: callers show it to that seat alone."""
    legal = game.legal_actions(state, seat)
    bot = _searcher(game, spec, seat, seed)
    result = bot.searcher.search(
        game.view(state, seat), legal, InformationHandle(game, state, seat, decisions), bot.budget
    )
    best = _stats(result)
    return {
        "action": game.format_action(result.best),
        "text": {lang: game.describe_action(result.best, lang) for lang in ("pt", "en")},
        "value": round(best.value, 4),
        "win": round(best.win, 4),
        "margin": round(best.margin, 3),
    }


def _stats(result: SearchResult) -> ActionValue:
    """The statistics of the search's chosen action (a candidate may lie off the legal list)."""
    found = result.of(result.best)
    assert found is not None
    return found
