"""The terminal picture of a Sonora view, in Portuguese and English."""

import random

import pytest

from tabuleiro.core import Lang
from tabuleiro.games.sonora import GAME
from tabuleiro.games.sonora.render import WIDTH, render_view
from tabuleiro.games.sonora.state import SonoraState

from .helpers import placed, play

LANGS: tuple[Lang, ...] = ("pt", "en")


def states(players: int, seed: int) -> list[SonoraState]:
    """One state per phase of a random playthrough."""
    state = GAME.new_state(players, seed, {"rounds": 5})
    rng = random.Random(seed)
    seen: dict[int, SonoraState] = {}
    while not state.finished:
        seen.setdefault(state.phase, state)
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, legal[rng.randrange(len(legal))])
    seen[state.phase] = state
    return list(seen.values())


@pytest.mark.parametrize("players", [1, 3])
@pytest.mark.parametrize("lang", LANGS)
def test_every_phase_renders_within_the_width(players: int, lang: Lang) -> None:
    for state in states(players, 2):
        for seat in (0, None):
            picture = GAME.render(state, seat, lang)
            assert picture.endswith("\n")
            assert max(len(line) for line in picture.splitlines()) <= WIDTH
            assert "\x1b" not in picture


def test_board_discs_and_designed_note() -> None:
    state = play(GAME.new_state(2, 1), 0, "flick 4 0 0 200", "keep")
    pt = GAME.render(state, 0, "pt")
    en = GAME.render(state, 0, "en")
    assert "criados pelo Tabuleiro" in pt and "designed by Tabuleiro" in en
    assert "Jogador 1 (você) disco 4: (" in pt and "Player 1 (you) disc 4: (" in en
    assert "Último piparote: Jogador 1 (você), disco 4" in pt
    assert "Last flick: Player 1 (you), disc 4" in en
    board_rows = [line for line in pt.splitlines() if line.startswith("  #") or line.startswith("  /")]
    assert any("4" in row for row in board_rows), "the disc is drawn on the board"


def test_sealed_step_hides_the_others_last_move() -> None:
    state = placed(GAME.new_state(2, 0), {(0, 3): (60.0, 60.0), (1, 2): (60.0, 60.0)})
    state = play(state, 0, "path R3")
    assert "oculta até todos terminarem" in GAME.render(state, 1, "pt")
    assert "path R3" in GAME.render(state, 0, "pt")
    assert "R3:1O" in render_view(GAME.view(state, 0), "en"), "your own sheet as it stands"
    assert "R3:1O" not in render_view(GAME.view(state, 1), "en")
