"""Views carry the flick's tracks for animation; matches replay bit for bit, in any process."""

import json
import subprocess
import sys

from tabuleiro.core import MatchRecord, replay
from tabuleiro.games.sonora import GAME, physics, rules
from tabuleiro.play import Session

from .helpers import play


def test_view_carries_the_flicks_tracks_at_a_fixed_frame_rate() -> None:
    state = play(GAME.new_state(2, 1), 0, "flick 3 0 0 120", "keep", "flick 1 4 2 200")
    flick = GAME.view(state, 1)["flick"]
    assert flick["fps"] == 25 and flick["asked"] == {"offset": 4, "angle": 2.0, "distance": 200}
    tracks = {t["disc"]: t for t in flick["tracks"]}
    assert "1" in tracks and len(tracks["1"]["xy"]) % 2 == 0
    start = physics.launch_point(0, 4)
    assert tracks["1"]["xy"][:2] == [round(start[0], 1), round(start[1], 1)]
    final = next(d for d in GAME.view(state, 1)["discs"] if d["seat"] == 0 and d["number"] == 1)
    assert abs(tracks["1"]["xy"][-2] - final["x"]) < 0.1 and abs(tracks["1"]["xy"][-1] - final["y"]) < 0.1
    json.dumps(GAME.view(state, None), allow_nan=False)


def _record(seed: int) -> MatchRecord:
    session = Session(GAME, 3, seed, {"rounds": 5, "hand_noise": "normal"}, ["aim", "random", "random"])
    session.run_bots()
    return session.record


def test_a_record_replays_to_the_same_positions_bit_for_bit() -> None:
    record = _record(4)
    rules._simulate.cache_clear()
    first = replay(record).state
    rules._simulate.cache_clear()
    second = replay(MatchRecord.loads(record.dumps())).state
    assert first == second
    code = (
        "import sys; from tabuleiro.core import MatchRecord, replay; "
        "state = replay(MatchRecord.loads(sys.stdin.read())).state; "
        "print(repr((state.desks, state.flight)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], input=record.dumps(), capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == repr((first.desks, first.flight)), "another process gets the same floats"


def test_positions_during_a_round_replay_exactly() -> None:
    session = Session(GAME, 2, 9, {}, ["random", "random"])
    for _ in range(12):
        seat = min(GAME.to_act(session.state))
        session.act(seat, session.bots[seat].act(session.view(seat), GAME.legal_actions(session.state, seat)))
    rules._simulate.cache_clear()
    again = replay(session.record).state
    assert again.pos == session.state.pos and again.where == session.state.where
