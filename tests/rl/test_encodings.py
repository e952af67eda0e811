"""Every game's encoding: fixed shape within its bounds, one index per legal action, no leak."""

import pytest

from tabuleiro.core import Rng, RngStream, get_game

from .conftest import VARIANTS, variant

SEEDS = {"sonora": 2}
"""Matches per player count: Sonora's are long (each flick simulated)."""


@pytest.mark.parametrize("name", VARIANTS)
def test_encoding_has_a_fixed_shape_distinct_action_indices_and_leaks_nothing(name: str) -> None:
    game_id, encoding = variant(name)
    game = get_game(game_id)
    choose = RngStream(7)
    for players in sorted({game.info.min_players, min(game.info.max_players, 4)}):
        for seed in range(SEEDS.get(game_id, 3)):
            state = game.new_state(players, seed)
            options = game.options_of(state)
            slices = encoding.layout(players, options)
            assert [s.start for s in slices] == [0, *[s.stop for s in slices[:-1]]]
            size, actions = encoding.size(players, options), encoding.action_count(players, options)
            step = 0
            while game.to_act(state):
                for seat in sorted(game.to_act(state)):
                    view = game.view(state, seat)
                    obs = encoding.observe(view, players, options)
                    assert len(obs) == size
                    for s in slices:
                        assert all(s.low <= x <= s.high for x in obs[s.start : s.stop]), (game_id, s.name)
                    legal = game.legal_actions(state, seat)
                    indices = {encoding.action_index(a, view) for a in legal}
                    assert len(indices) == len(legal) and all(0 <= i < actions for i in indices)
                if step % 5 == 0:  # every seat: re-draw what it cannot know, its encoding stays
                    for watcher in range(players):
                        mine = encoding.observe(game.view(state, watcher), players, options)
                        other = game.sample_consistent(state, watcher, Rng(seed * 1000 + step))
                        assert encoding.observe(game.view(other, watcher), players, options) == mine
                seat = min(game.to_act(state))
                state = game.apply(state, seat, choose.choice(game.legal_actions(state, seat)))
                step += 1
