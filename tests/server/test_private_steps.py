"""Steps where a seat makes several private choices before it is done (Sonora's scoring):
every one of them stays out of the other seats' logs until the step resolves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabuleiro.core import get_game

from .helpers import create, play_first_legal, serve, show


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with serve(tmp_path / "matches.sqlite3") as c:
        yield c


def test_choices_inside_a_private_step_stay_sealed_until_it_resolves(client: TestClient) -> None:
    game = get_game("sonora")
    match_id, tokens = create(client, "sonora", ["human", "human"], seed=3)
    for _ in range(200):  # flick with the first listed flick until a sealed step starts
        update = show(client, match_id)
        if len(update["to_act"]) == 2:
            break
        seat = update["to_act"][0]
        play_first_legal(client, match_id, tokens[seat])
    else:
        pytest.fail("no simultaneous step reached")
    first = len(update["log"])
    for _ in range(50):  # seat 0 chooses until it is done
        own = show(client, match_id, tokens[0])
        if not own["legal_actions"]:
            break
        play_first_legal(client, match_id, tokens[0])
    own, other, spectator = (show(client, match_id, t) for t in (tokens[0], tokens[1], None))
    mine = own["log"][first:]
    assert mine and all(e["seat"] == 0 and e["notation"] for e in mine)
    assert len(mine) >= 1 and own["committed"] == [0]
    hidden = {"sealed": True, "notation": None, "text": None}
    for reader in (other, spectator):
        assert all({k: e[k] for k in hidden} == hidden for e in reader["log"][first:])
    state = game.new_state(2, 3)
    assert game.in_private_step(state, 0) is False  # a flick is public at once
    for _ in range(50):  # seat 1 finishes too: the step resolves and both show
        if not show(client, match_id, tokens[1])["legal_actions"]:
            break
        play_first_legal(client, match_id, tokens[1])
    after = show(client, match_id)["log"][first:]
    assert len(after) > len(mine)
    assert all(not e["sealed"] and e["notation"] for e in after[: len(mine)])
