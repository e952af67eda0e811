"""Pins every game's observations to checksums taken before the encodings were sped up.

A faster `observe` must give the same numbers in the same layout and container (a list, or
Metro's float32 array), bit for bit: the checksum hashes each observation's container kind and
its numbers as float64, for every seat at every position of a few seeded random matches.
"""

import hashlib
import json
import struct
from array import array
from collections.abc import Mapping, Sequence

import pytest

from tabuleiro.core import RngStream, get_game

from .conftest import ENCODED, VARIANTS, variant

STEPS = 60
"""Positions per match: enough to cover each game's phases without a long test."""

MATCHES: dict[str, list[tuple[int, int, Mapping[str, object]]]] = {
    "avenue": [(1, 0, {}), (2, 1, {})],
    "dogs": [(2, 0, {}), (3, 1, {})],
    "metro": [
        (2, 0, {}),
        (3, 1, {"free_orientation": True, "hand_size": 3}),
        (2, 2, {"companies": True, "central_stations": True}),
        (2, 3, {"station_numbers": True, "central_tracks": True}),
    ],
    "sonora": [(2, 0, {})],
    "volta_ao_mundo": [(2, 0, {}), (3, 1, {})],
}
"""(players, seed, options) of the matches each game's checksum covers."""

EXPECTED = {
    "avenue": "d287938f2c08d1b7d243108e164e72a2436b8e1c29de80bcfba64f9176f47b7d",
    "dogs": "3dba7a363ef09314022eb08928f99c8493c03ea715a6dd2b516592c62f05253e",
    "metro": "5ff28ee53205238b7b4b58f0f3b6b1987b610817a0c0e0305369b02f23a0233f",
    "metro+placements": "22e19fde66573ed01b1ce888a8382c1650fbd6089bad56ea9db71aaec131db82",
    "sonora": "45a529b7bd3f5ce808e2b3b590ecdde19dccbed3e5c15b1415b1e9e688f93470",
    "volta_ao_mundo": "eab69440121d2c90b717b5e7554a39d63f096188fea8ecf838d27c58b8dbd181",
}
"""The checksums the encodings gave before they were sped up (commit 03659b4), by `VARIANTS`
name; Metro's default (without ``placements``) pinned when that slice became optional."""


def _digest(obs: Sequence[float]) -> bytes:
    """The container kind and the numbers as float64, so any change of value or type shows."""
    kind = f"array:{obs.typecode}" if isinstance(obs, array) else type(obs).__name__
    return kind.encode() + struct.pack(f"<{len(obs)}d", *obs)


def checksum(name: str) -> str:
    """The SHA-256 over every seat's observation at each of the first `STEPS` positions, with
    the encoding `name` (a `VARIANTS` entry) stands for."""
    game_id, encoding = variant(name)
    game = get_game(game_id)
    digest = hashlib.sha256()
    for players, seed, raw in MATCHES[game_id]:
        choose = RngStream(seed + 11)
        state = game.new_state(players, seed, raw)
        options = game.options_of(state)
        for _ in range(STEPS):
            if not game.to_act(state):
                break
            for watcher in range(players):
                digest.update(_digest(encoding.observe(game.view(state, watcher), players, options)))
            seat = min(game.to_act(state))
            state = game.apply(state, seat, choose.choice(game.legal_actions(state, seat)))
    return digest.hexdigest()


def test_every_encoded_game_has_pinned_matches() -> None:
    assert sorted(MATCHES) == sorted(ENCODED)
    assert sorted(EXPECTED) == sorted(VARIANTS)


@pytest.mark.parametrize("name", VARIANTS)
def test_observations_match_their_pinned_checksum(name: str) -> None:
    assert checksum(name) == EXPECTED[name]


@pytest.mark.parametrize("name", VARIANTS)
def test_a_view_read_back_from_json_encodes_the_same(name: str) -> None:
    """Encodings may look up the parts a view shares with other views by identity; a view
    that shares nothing (as one received over the wire) must give the same numbers."""
    game_id, encoding = variant(name)
    game = get_game(game_id)
    for players, seed, raw in MATCHES[game_id]:
        choose = RngStream(seed + 11)
        state = game.new_state(players, seed, raw)
        options = game.options_of(state)
        for _ in range(STEPS // 3):
            if not game.to_act(state):
                break
            view = game.view(state, min(game.to_act(state)))
            copy = json.loads(json.dumps(view))
            assert _digest(encoding.observe(copy, players, options)) == _digest(
                encoding.observe(view, players, options)
            )
            seat = min(game.to_act(state))
            state = game.apply(state, seat, choose.choice(game.legal_actions(state, seat)))
