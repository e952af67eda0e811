"""Old and new engines side by side along random games: the same legal lists, views and outcomes.

    .venv/bin/python scripts/same_behaviour.py OLD_SRC GAME [--games 40] [--options JSON]...

A speed change must leave the rules as they were. OLD_SRC is an older tree's ``src`` (imported
as ``tabuleiro_old``, as `scripts/bench_cpu_paired.py` does); both engines play the same random
games (player counts and option sets in turn) and must agree, decision by decision, on the
seats to act, every seat's legal actions in order (as notation), every seat's view and the
spectator's, and the outcome. One action in ten goes through `parse_action`, so the checks on
actions built elsewhere than `legal_actions` are exercised too. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from tabuleiro.core import get_game

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_cpu_paired import _old_game


def _outcome(game: Any, state: Any) -> object:
    outcome = game.outcome(state)
    if outcome is None:
        return None
    lines = tuple(tuple(seat.items()) for seat in outcome.breakdown)  # the score sheet's order too
    return outcome.scores, outcome.ranks, lines, outcome.details


def _play(old: Any, new: Any, players: int, seed: int, options: dict[str, object]) -> int:
    rnd = random.Random(seed)
    before = old.new_state(players, seed, old.make_options(options))
    after = new.new_state(players, seed, new.make_options(options))
    decisions = 0
    while True:
        seats = set(old.to_act(before))
        if seats != set(new.to_act(after)):
            raise AssertionError(f"seed {seed}, decision {decisions}: different seats to act")
        for seat in (None, *range(players)):
            if old.view(before, seat) != new.view(after, seat):
                raise AssertionError(f"seed {seed}, decision {decisions}: different views for {seat}")
        if not seats:
            break
        for seat in range(players):
            listed = [old.format_action(a) for a in old.legal_actions(before, seat)]
            if listed != [new.format_action(a) for a in new.legal_actions(after, seat)]:
                raise AssertionError(f"seed {seed}, decision {decisions}: different legal actions of {seat}")
        seat = min(seats)
        legal_old, legal_new = old.legal_actions(before, seat), new.legal_actions(after, seat)
        i = rnd.randrange(len(legal_old))
        if rnd.random() < 0.1:  # an action made from its notation, not the listed object
            text = old.format_action(legal_old[i])
            before = old.apply(before, seat, old.parse_action(text))
            after = new.apply(after, seat, new.parse_action(text))
        else:
            before = old.apply(before, seat, legal_old[i])
            after = new.apply(after, seat, legal_new[i])
        decisions += 1
    if _outcome(old, before) != _outcome(new, after):
        raise AssertionError(f"seed {seed}: different outcomes")
    return decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old_src", type=Path)
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--options", action="append", type=json.loads, default=[], help="option set, JSON")
    args = parser.parse_args()
    new = get_game(args.game)
    counts = range(new.info.min_players, new.info.max_players + 1)
    option_sets = args.options or [{}]
    with tempfile.TemporaryDirectory() as folder:
        old = _old_game(args.old_src, args.game, Path(folder))
        decisions = sum(
            _play(old, new, counts[seed % len(counts)], seed, option_sets[seed % len(option_sets)])
            for seed in range(args.games)
        )
    print(json.dumps({"game": args.game, "games": args.games, "decisions": decisions, "same": True}))


if __name__ == "__main__":
    main()
