"""Views carry the flick's tracks for animation; matches replay bit for bit, in any process."""

import json
import pickle
import random
import subprocess
import sys

import pytest

from tabuleiro.core import MatchRecord, replay
from tabuleiro.games.sonora import GAME, physics, rules
from tabuleiro.games.sonora.state import SonoraState
from tabuleiro.play import Session

from ..view_cache import assert_views_as_from_new_objects
from .helpers import P, new, placed, play


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


def _played(seed: int) -> Session:
    session = Session(GAME, 3, seed, {"rounds": 5, "hand_noise": "normal"}, ["aim", "random", "random"])
    session.run_bots()
    return session


def test_a_record_replays_to_the_same_positions_bit_for_bit() -> None:
    session = _played(4)
    record = session.record
    assert MatchRecord.loads(record.dumps()) == record
    rules._simulate.cache_clear()
    first = replay(MatchRecord.loads(record.dumps())).state
    assert first == session.state, "the replay, every flick simulated afresh, ends where the match did"
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


def test_layout_gives_a_client_the_printed_board_and_sheet() -> None:
    view = GAME.view(GAME.new_state(2, 1), None)
    layout = view["layout"]
    corners = layout["board"]["corners"]
    assert [c["name"] for c in corners] == ["ruins", "riverbed", "mudcracks", "canyon"]
    for c, corner in enumerate(corners):
        x, y = physics.launch_point(c, 0)
        assert corner["launch"] == [round(x, 3), round(y, 3)]
    assert len(layout["board"]["multipliers"]) == 8
    limit = physics.launch_limit()
    assert layout["flick"]["offset"] == [-limit, limit] and layout["flick"]["strength"] == [1, 900]
    assert layout["flick"]["angle"] == [-89.9, 89.9]
    sheet = layout["sheet"]
    assert [b["hexes"] for b in sheet["buildings"]] == [b.hexes for b in P.buildings]
    assert len(sheet["riverbed"]) == len(P.river_ids) and len(sheet["mudcracks"]["faces"]) == len(
        P.face_nodes
    )
    assert "".join(sheet["canyon"]["printed"]).count("S") == 4
    sizes = [len(shape) for shape in sheet["canyon"]["polyominoes"]]
    assert [sizes.count(n) for n in range(1, 6)] == [1, 1, 2, 5, 12], "every free polyomino up to 5"
    assert GAME.view(GAME.new_state(3, 2), 1)["layout"] == layout, "the same in every view"


def test_the_decision_names_the_discs_that_may_be_flicked() -> None:
    state = GAME.new_state(2, 1)
    assert GAME.view(state, 0)["decision"]["discs"] == ["1", "2", "3", "4", "5"]
    state = play(state, 0, "flick 3 0 0 120", "keep")
    assert GAME.view(state, None)["decision"]["discs"] == ["1", "2", "4", "5"]


def test_previews_name_the_spaces_each_pending_path_would_mark() -> None:
    state = placed(new(2), {(0, 4): (35.0, -100.0), (1, 1): (60.0, 60.0)})  # Marta's Owl: 4 and 4
    mine = GAME.view(state, 0)["mine"]
    assert mine["previews"]["paths"]["L4"] == ["L1", "L2", "L3", "L4"]
    assert set(mine["previews"]["paths"]) == {"L4", "R4"}
    state = play(state, 0, "path L4")
    paths = GAME.view(state, 0)["mine"]["previews"]["paths"]
    assert paths == {
        "R4": ["R1", "R2", "R3", "R4"],
        "LA3": ["L5", "LA1", "LA2", "LA3"],
        "LB3": ["L5", "LB1", "LB2", "LB3"],
    }
    assert GAME.view(state, 1)["sheets"][0]["previews"]["paths"] == mine["previews"]["paths"], "sealed"


def test_the_sheet_lists_each_canyon_shape() -> None:
    state = placed(new(2), {(0, 3): (-60.0, -60.0), (1, 1): (60.0, 60.0)})
    state = play(state, 0, "cell f10", "cell e10", "cell d10")
    drawn = GAME.view(state, 0)["mine"]["sheet"]["canyon"]["drawn"]
    assert drawn == [["d10", "e10", "f10"]]


def _positions(players: int, seed: int, decisions: int) -> list[tuple[SonoraState, int | None]]:
    """The first states of a random game, each with a sibling (another choice from its parent),
    for every seat and the spectator."""
    rnd = random.Random(seed)
    state = new(players, seed=seed)
    out: list[tuple[SonoraState, int | None]] = []
    for _ in range(decisions):
        seats = GAME.to_act(state)
        if not seats:
            break
        seat = rnd.choice(sorted(seats))
        legal = GAME.legal_actions(state, seat)
        sibling = GAME.apply(state, seat, legal[rnd.randrange(len(legal))])
        state = GAME.apply(state, seat, legal[rnd.randrange(len(legal))])
        out += [(s, viewer) for s in (state, sibling) for viewer in (None, *range(players))]
    return out


@pytest.mark.parametrize("players", [1, 3])
def test_views_are_the_same_in_any_order_as_from_new_objects(players: int) -> None:
    # Views keep pieces (desks, discs, the flick's tracks, the public part) between calls: an
    # equal state made of new objects, which no kept piece can match, must give the same view,
    # keys in the same order, whatever was asked before. 120 decisions reach the write phase's
    # sealed steps.
    positions = _positions(players, seed=5, decisions=120)
    assert any(state.shown is not None for state, _ in positions)
    assert_views_as_from_new_objects(GAME, positions, lambda s: pickle.loads(pickle.dumps(s)), json.dumps)
