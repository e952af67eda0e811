"""Every game tells every move in words, in both languages, from what the table shows."""

from __future__ import annotations

import random

import pytest

from tabuleiro.core import JsonDict, all_games, get_game
from tabuleiro.play.narration import tell

KINDS = {"chance", "round", "score", "end"}
SEEDS = {"sonora": 1}


@pytest.mark.parametrize("game_id", [g.info.id for g in all_games()])
def test_every_move_of_random_games_is_told_and_the_last_ends_the_match(game_id: str) -> None:
    game = get_game(game_id)
    players = min(max(game.info.min_players, 2), game.info.max_players)
    for seed in range(SEEDS.get(game_id, 2)):
        choose = random.Random(seed)
        state = game.new_state(players, seed)
        before = game.view(state, None)
        told: JsonDict = {"events": []}
        while not game.is_terminal(state):
            seat = min(game.to_act(state))
            action = choose.choice(game.legal_actions(state, seat))
            state = game.apply(state, seat, action)
            after = game.view(state, None)
            told = tell(game, seat, action, before, after)
            before = after
            assert all(told["text"][lang].strip() for lang in ("pt", "en"))
            for event in told["events"]:
                assert event["kind"] in KINDS and event["text"]["pt"].strip() and event["text"]["en"].strip()
        kinds = [event["kind"] for event in told["events"]]
        assert "end" in kinds, f"{game_id} seed {seed}: the last move's narration has no final summary"
