"""Metro's log in words (issue 20, point 6), told from the spectator views around each move."""

from __future__ import annotations

import random

import pytest

from tabuleiro.core import JsonDict, Lang, Narration
from tabuleiro.core.narration import plain_narration
from tabuleiro.games.metro import GAME
from tabuleiro.games.metro.actions import MetroAction
from tabuleiro.games.metro.narration import tile_parts
from tabuleiro.games.metro.state import MetroState
from tests.games.metro.helpers import give, lay, new
from tests.games.metro.test_rules import SEVEN_PASSAGES

LANGS: tuple[Lang, ...] = ("pt", "en")


def narrate(
    seat: int, action: object, before: dict[str, object], after: dict[str, object], lang: Lang
) -> Narration:
    """The game's narration with its seat marks written as "Jogador N" / "Player N"."""
    return plain_narration(GAME.narrate(seat, action, before, after, lang), lang)


def told(state: MetroState, seat: int, text: str) -> tuple[MetroState, dict[Lang, Narration]]:
    """Play `text` for `seat` and narrate it in both languages from the spectator views."""
    action = GAME.parse_action(text)
    after = GAME.apply(state, seat, action)
    before_view, after_view = GAME.view(state, None), GAME.view(after, None)
    return after, {lang: narrate(seat, action, before_view, after_view, lang) for lang in LANGS}


def kinds(narration: Narration) -> list[str]:
    return [event.kind for event in narration.events]


def test_a_tile_is_named_by_its_tracks() -> None:
    assert tile_parts("aaaa", "pt") == "4 retas"
    assert tile_parts("acba", "pt") == "2 retas e 2 curvas"
    assert tile_parts("bcdd", "en") == "2 curves and 2 U-turns"
    assert tile_parts("adbb", "en") == "one straight, 2 curves and one U-turn"


def test_pontuacao_a_placement_that_closes_a_line_at_the_central_station_is_told_with_its_14_points() -> None:
    # § Pontuação e fim do jogo, the rulebook's example: 7 passages, doubled at the centre = 14.
    state = give(lay(new(2), SEVEN_PASSAGES), 0, "adad")
    _, words = told(state, 0, "adad@d3")
    assert words["pt"].move == "coloca uma peça de 2 retas e 2 retornos em d3, fechando a linha da estação 31"
    assert (
        words["en"].move
        == "places a tile with 2 straights and 2 U-turns on d3, closing the line of station 31"
    )
    assert kinds(words["pt"]) == kinds(words["en"]) == ["score"]
    assert words["pt"].events[0].text == (
        "Jogador 1 marca 14 pontos pela linha da estação 31 à estação central (F2), "
        "em dobro pela estação central (total 14)"
    )
    assert words["en"].events[0].text == (
        "Player 1 scores 14 points for the line from station 31 to the central station (F2), "
        "doubled at the central station (total 14)"
    )


def test_a_placement_that_closes_nothing_scores_nothing() -> None:
    state = give(new(2), 0, "aaaa")
    _, words = told(state, 0, "aaaa@a1")
    assert words["pt"].move == "coloca uma peça de 4 retas em a1"
    assert words["en"].move == "places a tile with 4 straights on a1"
    assert words["pt"].events == words["en"].events == ()


def test_a_draw_tells_the_pile_but_not_the_tile_and_the_placement_names_the_drawn_tile() -> None:
    state = give(new(2), 0, "aaaa")
    pile = len(state.pile)
    drawn, words = told(state, 0, "draw")
    assert words["pt"].move == f"compra uma peça do estoque (restam {pile - 1} peças)"
    assert words["en"].move == f"draws a tile from the pile ({pile - 1} tiles left)"
    assert words["pt"].events == ()
    # The same words whatever tile was drawn: the log never tells a tile before it is placed.
    other = give(new(2, seed=5), 0, "aaaa")
    assert told(other, 0, "draw")[1]["en"].move == words["en"].move
    face = GAME.view(drawn, 0)["private"]["drawn"]
    square = next(a for a in GAME.legal_actions(drawn, 0) if GAME.format_action(a).startswith(face + "@"))
    _, placed = told(drawn, 0, GAME.format_action(square))
    assert placed["pt"].move.startswith(f"coloca a peça comprada, de {tile_parts(face, 'pt')}, em ")
    assert placed["en"].move.startswith(f"places the drawn tile, with {tile_parts(face, 'en')}, on ")


def test_sequencia_a_new_round_of_the_table_when_the_turn_comes_back_to_the_first_player() -> None:
    state, first = told(give(new(2), 0, "aaaa"), 0, "aaaa@a1")
    assert first["pt"].events == ()
    state, second = told(give(state, 1, "aaaa"), 1, "aaaa@h8")
    assert kinds(second["pt"]) == kinds(second["en"]) == ["round"]
    pile = len(state.pile)
    assert second["pt"].events[0].text == f"Nova volta à mesa — 2 de 60 peças no tabuleiro, {pile} no estoque"
    assert (
        second["en"].events[0].text
        == f"New round of the table — 2 of 60 tiles on the board, {pile} in the pile"
    )


def test_companhias_a_swap_for_the_face_up_share_reveals_the_next_one() -> None:
    # § Expansão 1, Trocar uma ação: "Se ele pega a ação virada para cima, ele revela a próxima".
    state = new(2, companies=True, seed=6)
    after, words = told(state, 0, "swap 20 up")
    revealed = GAME.view(after, None)["shares"]["face_up"]["20"]
    assert revealed == "orange"
    assert words["pt"].move == "troca sua ação de 20% pela ação aberta de 20% da companhia amarela"
    assert words["en"].move == "swaps a 20% share for the face-up 20% share of the yellow company"
    assert [(e.kind, e.text) for e in words["pt"].events] == [
        ("chance", "Nova ação aberta de 20%: companhia laranja")
    ]
    assert [(e.kind, e.text) for e in words["en"].events] == [
        ("chance", "New face-up 20% share: orange company")
    ]
    _, top = told(state, 0, "swap 20 top")
    assert top["en"].move == "swaps a 20% share for the top of the 20% pile" and top["en"].events == ()


def test_companhias_the_25_point_mark_ends_the_swaps() -> None:
    # § Expansão 1, Importante: swaps only until the first company marker reaches 25 points.
    state = give(new(2, companies=True, seed=6), 0, "aaaa")
    action = GAME.parse_action("aaaa@a1")
    before = GAME.view(state, None)
    after = {**GAME.view(GAME.apply(state, 0, action), None), "scores": [0, 0, 26, 0, 0, 0, 0, 0]}
    pt, en = (
        narrate(0, action, {**before, "scores": [0, 0, 24, 0, 0, 0, 0, 0]}, after, lang) for lang in LANGS
    )
    assert [(e.kind, e.text) for e in pt.events] == [
        ("score", "A companhia laranja chegou a 26 pontos: acabam as trocas de ações")
    ]
    assert [(e.kind, e.text) for e in en.events] == [
        ("score", "The orange company has reached 26 points: no more share swaps")
    ]
    assert narrate(0, action, {**before, "scores": [0, 0, 25, 0, 0, 0, 0, 0]}, after, "en").events == ()


def _play_out(state: MetroState, seed: int) -> list[tuple[int, MetroAction, dict[Lang, Narration]]]:
    """A random whole game, every move narrated in both languages."""
    rng = random.Random(seed)
    out = []
    before = GAME.view(state, None)
    while not state.finished:
        (seat,) = GAME.to_act(state)
        action = rng.choice(GAME.legal_actions(state, seat))
        state = GAME.apply(state, seat, action)
        after = GAME.view(state, None)
        out.append((seat, action, {lang: narrate(seat, action, before, after, lang) for lang in LANGS}))
        before = after
    return out


def _final_view(state: MetroState, seed: int) -> tuple[MetroState, JsonDict]:
    rng = random.Random(seed)
    while not state.finished:
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state, GAME.view(state, None)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (4, {"companies": True, "central_stations": True}),
        (3, {"station_numbers": True, "central_tracks": True, "free_orientation": True}),
    ],
)
def test_a_random_whole_game_is_told_in_both_languages(players: int, options: dict[str, object]) -> None:
    moves = _play_out(new(players, seed=players, **options), seed=players)
    for _, _, words in moves:
        assert words["pt"].move and words["en"].move
        assert kinds(words["pt"]) == kinds(words["en"])
        assert all(e.text for lang in LANGS for e in words[lang].events)
    assert kinds(moves[-1][2]["pt"]).count("end") == 1
    assert all("end" not in kinds(words["pt"]) for _, _, words in moves[:-1])
    assert any("score" in kinds(words["pt"]) for _, _, words in moves)
    assert any("round" in kinds(words["pt"]) for _, _, words in moves)


SUFFIX = {1: "st", 2: "nd", 3: "rd"}


@pytest.mark.parametrize(
    "options",
    [{}, {"companies": True}, {"station_numbers": True, "numbers_per_colour": 2}],
)
def test_pontuacao_final_the_end_event_ranks_the_outcomes_scores(options: dict[str, object]) -> None:
    final, _ = _final_view(new(3, seed=11, **options), seed=11)
    moves = _play_out(new(3, seed=11, **options), seed=11)
    outcome = GAME.outcome(final)
    assert outcome is not None
    companies = bool(options.get("companies"))
    unit = "VP" if companies else "points"
    ranked = sorted(range(3), key=lambda s: (outcome.ranks[s], s))
    expected = "; ".join(
        f"{outcome.ranks[s]}{SUFFIX[outcome.ranks[s]]} Player {s + 1}, {outcome.scores[s]} {unit}"
        for s in ranked
    )
    end = moves[-1][2]["en"].events[-1]
    assert (end.kind, end.text) == ("end", f"Game over — {expected}")
    assert moves[-1][2]["pt"].events[-1].text.startswith("Fim de jogo — 1º ")
