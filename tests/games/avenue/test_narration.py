"""Avenue's log in words (issue 20, point 6), told from the spectator views around each choice."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tabuleiro.core import Lang, Narration
from tabuleiro.core.narration import plain_narration
from tabuleiro.games.avenue import GAME
from tabuleiro.games.avenue.narration import segment_words
from tabuleiro.games.avenue.state import AvenueState
from tests.games.avenue.helpers import new, on_table, with_roads

LANGS: tuple[Lang, ...] = ("pt", "en")


def narrate(
    seat: int, action: object, before: dict[str, object], after: dict[str, object], lang: Lang
) -> Narration:
    """The game's narration with its seat marks written as "Jogador N" / "Player N"."""
    return plain_narration(GAME.narrate(seat, action, before, after, lang), lang)


def told(state: AvenueState, seat: int, text: str) -> tuple[AvenueState, dict[Lang, Narration]]:
    """Play `text` for `seat` and narrate it in both languages from the spectator views."""
    action = GAME.parse_action(text)
    after = GAME.apply(state, seat, action)
    before_view, after_view = GAME.view(state, None), GAME.view(after, None)
    return after, {lang: narrate(seat, action, before_view, after_view, lang) for lang in LANGS}


def events(narration: Narration) -> list[tuple[str, str]]:
    return [(event.kind, event.text) for event in narration.events]


def farm_a(players: int, *, segment: int = 5, yellow: bool = False, yellows_before: int = 0) -> AvenueState:
    """Round 1 scoring farm A (map A: c1), the farm deck B..F, a road card of `segment` on the table."""
    state = replace(new(players), farms=("A",), farm_deck=("B", "C", "D", "E", "F"))
    return on_table(state, segment, yellow, yellows_before)


def test_desenhando_a_segment_is_named_by_its_number_shape_and_sides() -> None:
    assert segment_words(1, "pt") == "o trecho 1 ┘ (curva cima–esquerda)"
    assert segment_words(3, "pt") == "o trecho 3 ┌ (curva baixo–direita)"
    assert segment_words(5, "en") == "segment 5 ─ (horizontal straight)"
    assert segment_words(6, "en") == "segment 6 │ (vertical straight)"


def test_desenhando_a_road_over_the_rounds_farm_tells_what_it_joins_and_the_next_card() -> None:
    # Map A, first row: GGGP P A GG . CG — a road on b1 (one purple grape) waits beside farm A.
    state = with_roads(farm_a(1), 0, {"b1": 5})
    _, words = told(state, 0, "c1")
    assert words["pt"].move == (
        "desenha o trecho 5 ─ (reta horizontal) em c1, sobre a fazenda A, ligando a fazenda A a uma uva"
    )
    assert (
        words["en"].move
        == "draws segment 5 ─ (horizontal straight) on c1, over farm A, joining farm A to one grape"
    )
    assert events(words["pt"]) == [
        (
            "chance",
            "Carta de estrada revelada: o trecho 1 ┘ (curva cima–esquerda), amarela (1 de 4 nesta rodada)",
        )
    ]
    assert events(words["en"]) == [
        ("chance", "Road card revealed: segment 1 ┘ (up–left curve), yellow (1 of 4 this round)")
    ]


def test_desenhando_grapes_under_the_road_are_counted_by_colour() -> None:
    _, words = told(farm_a(1), 0, "a1")  # GGGP
    assert (
        words["pt"].move == "desenha o trecho 5 ─ (reta horizontal) em a1, sobre uma uva roxa e 3 uvas verdes"
    )
    assert (
        words["en"].move
        == "draws segment 5 ─ (horizontal straight) on a1, over one purple grape and 3 green grapes"
    )


def test_jogando_events_wait_until_every_player_has_chosen() -> None:
    state = farm_a(2)
    state, first = told(state, 0, "a1")
    assert first["pt"].events == first["en"].events == ()
    _, second = told(state, 1, "peek")
    assert second["pt"].move == "olha em segredo a próxima carta de fazenda"
    assert second["en"].move == "secretly looks at the next farm card"
    assert [kind for kind, _ in events(second["pt"])] == ["chance"]


def test_olhando_a_peek_never_tells_the_farm_card_seen() -> None:
    state = farm_a(1)
    other = replace(state, farm_deck=("F", "E", "D", "C", "B"))
    for lang in LANGS:
        assert told(state, 0, "peek")[1][lang] == told(other, 0, "peek")[1][lang]


def test_pontuacao_the_fourth_yellow_card_scores_the_farm_then_a_new_round_reveals_its_farm() -> None:
    # § Pontuação: after the fourth yellow card every player scores the round's farm; a row
    # that is not greater than the one above holds 0 (here: 0 grapes, not more than 0).
    state = with_roads(farm_a(2, yellow=True, yellows_before=3), 0, {"b1": 5})
    state, _ = told(state, 0, "c1")
    _, words = told(state, 1, "a7")
    assert events(words["pt"]) == [
        ("score", "Fazenda A: Jogador 1 marca 1 ponto (uma uva ligada)"),
        ("score", "Fazenda A: Jogador 2 anota 0 — 0 uvas ligadas, não mais que 0 (−5 no fim)"),
        ("round", "Rodada 2 de 5"),
        ("chance", "Carta de fazenda revelada: fazenda B, pontuada no fim desta rodada"),
        (
            "chance",
            "Carta de estrada revelada: o trecho 1 ┘ (curva cima–esquerda), amarela (1 de 4 nesta rodada)",
        ),
    ]
    assert events(words["en"]) == [
        ("score", "Farm A: Player 1 scores 1 point (one grape joined)"),
        ("score", "Farm A: Player 2 writes 0 — 0 grapes joined, not more than 0 (−5 at the end)"),
        ("round", "Round 2 of 5"),
        ("chance", "Farm card revealed: farm B, scored at the end of this round"),
        ("chance", "Road card revealed: segment 1 ┘ (up–left curve), yellow (1 of 4 this round)"),
    ]


def test_pontuacao_the_fourth_yellow_card_says_the_farm_will_be_scored() -> None:
    state = farm_a(1, segment=4, yellow=True, yellows_before=2)
    _, words = told(state, 0, "f7")  # the next card in the deck is the fourth yellow one
    assert events(words["pt"]) == [
        (
            "chance",
            "Carta de estrada revelada: o trecho 1 ┘ (curva cima–esquerda), "
            "amarela (4 de 4): a fazenda é pontuada depois desta carta",
        )
    ]
    assert events(words["en"])[0][1].endswith("yellow (4 of 4): the farm is scored after this card")


def _play_out(players: int, seed: int) -> tuple[AvenueState, list[dict[Lang, Narration]]]:
    """A random whole game, every choice narrated in both languages."""
    rng = random.Random(seed)
    state = new(players, seed=seed)
    told_all = []
    before = GAME.view(state, None)
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        action = rng.choice(GAME.legal_actions(state, seat))
        state = GAME.apply(state, seat, action)
        after = GAME.view(state, None)
        told_all.append({lang: narrate(seat, action, before, after, lang) for lang in LANGS})
        before = after
    return state, told_all


@pytest.mark.parametrize("players", [1, 3])
def test_a_random_whole_game_is_told_in_both_languages(players: int) -> None:
    final, moves = _play_out(players, seed=players)
    for words in moves:
        assert words["pt"].move and words["en"].move
        assert [e.kind for e in words["pt"].events] == [e.kind for e in words["en"].events]
        assert all(e.text for lang in LANGS for e in words[lang].events)
    kinds = [e.kind for words in moves for e in words["pt"].events]
    assert kinds.count("round") == 4 and kinds.count("end") == 1 and kinds[-1] == "end"
    assert kinds.count("score") == players * 5 + players  # five farms, then the final sheets
    outcome = GAME.outcome(final)
    assert outcome is not None
    sheets = [e.text for e in moves[-1]["en"].events if e.kind == "score"][-players:]
    for seat, (lines, details) in enumerate(zip(outcome.breakdown, outcome.details, strict=True)):
        farms = "+".join(str(row["score"]) for row in details["rows"])
        assert sheets[seat] == (
            f"Player {seat + 1}: farms {farms}, purple castle {lines['castle_purple']}, "
            f"green castle {lines['castle_green']}, zeros {lines['zeros']} = {outcome.scores[seat]}"
        )
    end = moves[-1]["en"].events[-1].text
    for seat, score in enumerate(outcome.scores):
        assert f"Player {seat + 1}, {score} point" in end


def test_preparacao_the_opening_tells_the_first_farm_and_road_cards() -> None:
    state = new(2, seed=4)
    view = GAME.view(state, None)
    pt = GAME.narrate_opening(view, "pt")
    en = GAME.narrate_opening(view, "en")
    assert [e.kind for e in pt] == [e.kind for e in en] == ["round", "chance", "chance"]
    assert pt[0].text == "Rodada 1 de 5"
    assert pt[1].text == f"Carta de fazenda revelada: fazenda {state.farms[-1]}, pontuada no fim desta rodada"
    assert en[2].text.startswith(f"Road card revealed: {segment_words(view['card']['segment'], 'en')}")
