"""The terminal picture of a Metro view: board squares, stations, lines, private part."""

import random
import re

import pytest

from tabuleiro.core import JsonDict, Lang
from tabuleiro.games.metro import GAME
from tabuleiro.games.metro.components import components, pairing
from tabuleiro.games.metro.render import render_view, tile_rows
from tabuleiro.games.metro.state import MetroState

from .helpers import give, new, play

# (row, column) of exits 0..7 inside a square's 8x4 drawing, as the module docstring shows.
EXITS = ((0, 2), (0, 5), (1, 7), (2, 7), (3, 5), (3, 2), (2, 0), (1, 0))
CELL = 8


def played(players: int = 4, moves: int = 30, seed: int = 1, **options: object) -> MetroState:
    state = new(players, seed, **options)
    rng = random.Random(0)
    for _ in range(moves):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, legal[rng.randrange(len(legal))])
    return state


def grid_top(lines: list[str]) -> tuple[int, int]:
    """(line index, column) of the grid's top-left ``+``."""
    top = next(i for i, line in enumerate(lines) if "+--------+--------+" in line)
    return top, lines[top].index("+")


def square_rows(picture: str, name: str) -> list[str]:
    """The 4 drawn rows of square `name` in a rendered board."""
    lines = picture.splitlines()
    top, left = grid_top(lines)
    col, row = "abcdefgh".index(name[0]), int(name[1]) - 1
    x = left + 1 + col * (CELL + 1)
    return [lines[top + 1 + row * 5 + part][x : x + CELL] for part in range(4)]


def test_render_is_deterministic_and_is_the_games_render() -> None:
    state = played()
    view = GAME.view(state, 0)
    assert render_view(view, "pt") == render_view(view, "pt")
    assert render_view(view, "en") == GAME.render(state, 0, "en")
    assert render_view(GAME.view(state, 2), "pt") != render_view(view, "pt")


def test_a_placed_tile_shows_its_code_and_track_letters_at_its_exits() -> None:
    state = play(give(new(2), 0, "bbad"), 0, "bbad@c1")
    rows = square_rows(GAME.render(state, 1, "pt"), "c1")
    # bbad unturned: exits 0-3 (A), 1-4 (B), 2-5 (C), 6-7 (D).
    assert rows == [
        "  A  B  ",
        "D bbad C",
        "D      A",
        "  C  B  ",
    ]


def test_a_turned_tile_is_drawn_turned() -> None:
    state = play(give(new(2, free_orientation=True), 0, "bbad"), 0, "bbad@c1r2")
    rows = square_rows(GAME.render(state, 0, "en"), "c1")
    partner = pairing("bbad", 2)
    letters = [rows[r][c] for r, c in EXITS]
    assert all(letters[e] == letters[partner[e]] for e in range(8))
    assert "bbad" in rows[1]
    assert "r2" in rows[2]
    assert rows != square_rows(GAME.render(play(give(new(2), 0, "bbad"), 0, "bbad@c1"), 0, "en"), "c1")


@pytest.mark.parametrize("code", components().faces)
def test_every_tile_letters_its_four_tracks(code: str) -> None:
    for rotation in range(4):
        rows = tile_rows(code, rotation)
        letters = [rows[r][c] for r, c in EXITS]
        partner = pairing(code, rotation)
        assert sorted(set(letters)) == ["A", "B", "C", "D"]
        for exit_ in range(8):
            assert letters[exit_] == letters[partner[exit_]], (code, rotation, exit_)
            assert letters.count(letters[exit_]) == 2


def test_every_station_number_sits_on_its_side_of_the_grid() -> None:
    view = GAME.view(new(4), None)
    lines = render_view(view, "pt").splitlines()
    top, _ = grid_top(lines)

    def numbers(line: str) -> list[int]:
        return [int(n) for n in re.findall(r"\d+", line)]

    assert numbers(lines[top - 1]) == list(range(8, 0, -1))
    bottom = top + 8 * 5
    assert numbers(lines[bottom + 1]) == list(range(17, 25))
    for row in range(8):
        left, _, right = lines[top + 3 + row * 5].partition("|")
        assert numbers(left) == [9 + row]
        assert numbers(right.rpartition("|")[2]) == [32 - row]
    initials = {"yellow": "A", "blue": "Z", "orange": "L", "green": "V"}
    for line in view["lines"][:32]:
        owner = line["owner"]
        mark = "·" if owner is None else initials[view["colours"][owner]]
        assert re.search(rf"(?<!\d){line['start']}{mark}(?!\d)", "\n".join(lines)), line


def test_free_squares_are_named_and_the_centre_is_shaded() -> None:
    view = GAME.view(played(), 0)
    picture = render_view(view, "pt")
    for name in view["open_squares"]:
        assert square_rows(picture, name)[1].strip() == f"·{name}·"
    for name in ("d4", "e4", "d5", "e5"):
        assert set("".join(square_rows(picture, name))) == {"░"}
    occupied = [i for i, entry in enumerate(view["board"]) if isinstance(entry, dict)]
    assert occupied
    for i in occupied:
        name = "abcdefgh"[i % 8] + str(i // 8 + 1)
        assert view["board"][i]["tile"] in square_rows(picture, name)[1]


def test_headers_differ_by_language() -> None:
    view = GAME.view(played(), 0)
    pt, en = render_view(view, "pt").splitlines(), render_view(view, "en").splitlines()
    assert pt[0].startswith("Metrô — peças colocadas: 29/60")
    assert en[0].startswith("Metro — tiles placed: 29/60")
    assert "vez de Jogador 2" in pt[0] and "Player 2 to play" in en[0]
    assert pt[1].startswith("Pontos: Jogador 1 (A, você): 0")
    assert en[1].startswith("Scores: Player 1 (Y, you): 0")
    assert pt[2] == "Jogada anterior: Jogador 1 (você) coloca baac em d3 (baac@d3)"


def test_lines_are_listed_per_owner_with_scored_ones_marked() -> None:
    view = GAME.view(played(), None)
    picture = render_view(view, "pt")
    assert view["scored"]
    for line in view["lines"]:
        if line["owner"] is None:
            continue
        if line["end"] is None:
            assert re.search(rf"(?<![\d→] ){line['start']}: \d+ peças?, em {line['at']}", picture), line
        else:
            assert f"{line['start']} → {line['end']}: {line['points']} ponto" in picture
            assert re.search(rf"(?<!\d){line['start']}\w✓", picture), line


def test_a_finished_game_says_so() -> None:
    state = played(3, 400)
    assert state.finished
    assert "fim de jogo" in GAME.render(state, None, "pt").splitlines()[0]
    assert "game over" in GAME.render(state, 0, "en").splitlines()[0]


def test_hand_appears_only_for_a_seated_view() -> None:
    state = played()
    seated = GAME.view(state, 0)
    spectator = GAME.view(state, None)
    assert "private" not in spectator
    hand = seated["private"]["hand"]
    mine = render_view(seated, "pt")
    assert f"Sua mão: {', '.join(hand)}" in mine
    assert f"|{tile_rows(hand[0])[1]}|" in mine
    for lang in ("pt", "en"):
        watched = render_view(spectator, lang)
        assert "Sua mão" not in watched and "Your hand" not in watched


def test_a_drawn_tile_is_shown_to_its_drawer_only() -> None:
    state = new(2, 3)
    state = GAME.apply(state, 0, GAME.parse_action("draw"))
    drawn = GAME.view(state, 0)["private"]["drawn"]
    assert drawn is not None
    assert f"Peça comprada, a colocar agora: {drawn}" in GAME.render(state, 0, "pt")
    assert "Peça comprada" not in GAME.render(state, 1, "pt")
    assert "comprou uma peça" in GAME.render(state, 1, "pt").splitlines()[0]


def test_companies_show_profits_shares_and_the_own_shares() -> None:
    state = played(4, 30, companies=True)
    view = GAME.view(state, 0)
    picture = render_view(view, "pt")
    assert "Lucro das companhias: Amarelo (A): " in picture
    assert "Vermelho (M)" in picture
    names = {c["id"]: c["pt"] for c in components().colours}
    face_up = " · ".join(f"{p}% {names[c]}" for p, c in view["shares"]["face_up"].items())
    assert f"Ações à vista: {face_up}" in picture
    assert "Ações nos montes: 10%: " in picture
    own = view["private"]["shares"]
    assert "Suas ações: 10% " in picture
    assert sum(s["shown"] for s in own) == picture.count("(mostrada)")
    assert "Suas ações" not in render_view(GAME.view(state, None), "pt")
    assert "Company profits: Yellow (Y): " in render_view(view, "en")


def test_central_stations_show_faces_and_unused_wagons() -> None:
    state = played(4, 30, central_stations=True)
    view = GAME.view(state, 1)
    picture = render_view(view, "pt")
    assert "Vagões centrais por usar: " in picture
    assert "F1" in "".join(square_rows(picture, "d4"))
    assert "F5" in "".join(square_rows(picture, "e5"))
    assert "F1" not in "".join(square_rows(render_view(GAME.view(played(), 1), "pt"), "d4"))


def test_central_tracks_are_drawn_as_flagged_tiles() -> None:
    view = GAME.view(new(2, central_tracks=True), 0)
    picture = render_view(view, "en")
    for name, i in (("d4", 27), ("e4", 28), ("d5", 35), ("e5", 36)):
        rows = square_rows(picture, name)
        entry = view["board"][i]
        assert entry["central"] is True
        assert entry["tile"] in rows[1]
        assert rows[2].count("*") == 2
        letters = [rows[r][c] for r, c in EXITS]
        partner = pairing(entry["tile"], entry["rotation"])
        assert all(letters[e] == letters[partner[e]] for e in range(8))
    assert "central track tile (expansion 3)" in picture


def test_station_numbers_are_private() -> None:
    state = played(3, 10, station_numbers=True)
    view = GAME.view(state, 2)
    numbers = ", ".join(str(n) for n in view["private"]["numbers"])
    assert f"Seus números de estação: {numbers}" in render_view(view, "pt")
    assert "Números de estação por jogador: Jogador 1: 4" in render_view(view, "pt")
    assert "Your station numbers" not in render_view(GAME.view(state, None), "en")


LANGS: tuple[Lang, ...] = ("pt", "en")
OPTION_SETS: list[JsonDict] = [
    {},
    {"companies": True, "central_stations": True, "free_orientation": True, "hand_size": 3},
    {"companies": True, "central_tracks": True},
    {"station_numbers": True, "central_stations": True, "hand_size": 2},
]


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("players", [2, 6])
def test_pictures_are_plain_and_narrow(options: JsonDict, players: int) -> None:
    for moves in (0, 25, 400):
        state = played(players, moves, **options)
        for seat in (None, 0, players - 1):
            for lang in LANGS:
                picture = GAME.render(state, seat, lang)
                assert "\x1b" not in picture and "[" not in picture
                assert all(len(line) <= 100 for line in picture.splitlines()), picture
                assert picture == picture.strip("\n")
