"""An Avenue game played through the protocol to its final sheet; every expected number is
counted by hand from map A (research A2) and the rulebook's scoring rules.

Map A, columns a–f, rows 1–7 (the grapes: G green, P purple)::

    1  GGGP  P     A     GG    .     CG
    2  P     GG    G     P     GGP   .
    3  G     .     GPP   B     G     GG
    4  C     PP    GG    .     PP    D
    5  PP    .     E     P     GGP   P
    6  .     GPP   G     PP    G     .
    7  CP    G     P     F     .     GPPP

Segments: 1 N–W, 2 N–E, 3 E–S, 4 S–W, 5 W–E, 6 N–S.
"""

from tabuleiro.games.avenue import GAME
from tabuleiro.games.avenue.state import AvenueState

from .helpers import everyone, new

SEED = 1590
"""Farms A, C, D, F, B in that order (E is never scored); 28 road cards, listed below."""

# (segment on the card, seat 0's choice, seat 1's choice), card by card. Both seats build the
# same farm roads; seat 0 runs a road from the purple castle, seat 1 from both castles;
# "peek" replaces a draw (once per round); the other draws lead nowhere.
PLAN = (
    # Round 1, farm A (c1): c1 3 + d1 4 join A to d1 (GG).
    (3, "c1", "c1"),
    (2, "b7", "a7"),
    (4, "d1", "d1"),
    (2, "peek", "peek"),
    # Round 2, farm C (a4): a4 5, b4 5, c4 1 join C to b4 (PP) and c4 (GG).
    (5, "a4", "a4"),
    (6, "a6", "a6"),
    (5, "b4", "b4"),
    (5, "peek", "b7"),
    (2, "e1", "e2"),
    (1, "c4", "c4"),
    # Round 3, farm D (f4): f3 4, f4 6, f5 2 join D to f3 (GG) and f5 (P).
    (4, "f3", "f3"),
    (4, "b5", "a5"),
    (2, "f5", "f5"),
    (6, "f4", "f4"),
    (4, "c7", "c7"),
    # Round 4, farm F (d7): d7 2 + d6 3 join F to d6 (PP).
    (3, "d6", "d6"),
    (1, "a7", "f2"),
    (2, "d7", "d7"),
    (3, "a5", "f7"),
    (3, "peek", "peek"),
    # Round 5, farm B (d3): d3 2, d2 6, e3 1 join B to d2 (P), e3 (G) and, through d2, to
    # round 1's road: d1 (GG) and farm A's square.
    (6, "d2", "d2"),
    (4, "f6", "f6"),
    (6, "b6", "f1"),
    (2, "d3", "d3"),
    (1, "e3", "e3"),
    (2, "b1", "b1"),
    (1, "a1", "a1"),
    (6, "peek", "peek"),
)

# Rows as written on the sheet: (farm, grapes joined, points written).
ROWS = [
    ("A", 2, 2),  # d1 GG; nothing above, 2 > 0
    ("C", 4, 4),  # b4 PP + c4 GG; 4 > 2
    ("D", 3, 0),  # f3 GG + f5 P = 3, not more than 4: "você deve anotar 0"
    ("F", 2, 2),  # d6 PP; after a 0 "a próxima pontuação só precisa ser maior que zero"
    ("B", 4, 4),  # d2 P + e3 G + d1 GG (scored again: "mais de uma fazenda"); 4 > 2
]


def play_plan(**options: object) -> AvenueState:
    state = new(2, seed=SEED, **options)
    assert state.farms == ("A",) and state.farm_deck[:4] == ("C", "D", "F", "B")
    for step, (segment, first, second) in enumerate(PLAN):
        view = GAME.view(state, None)
        assert view["card"]["segment"] == segment, step
        state = everyone(state, first, second)
        if step == 3:
            assert [r["score"] for r in GAME.view(state, 0)["sheets"][0]["rows"]] == [2]
    return state


def test_final_a_whole_game_to_the_final_sheet_every_row_from_the_rulebook() -> None:
    state = play_plan()
    assert GAME.is_terminal(state)
    outcome = GAME.outcome(state)
    assert outcome is not None
    for seat in (0, 1):
        rows = GAME.view(state, seat)["sheets"][seat]["rows"]
        assert [(r["farm"], r["grapes"], r["score"]) for r in rows] == ROWS
        assert [(r["farm"], r["grapes"], r["score"]) for r in outcome.details[seat]["rows"]] == ROWS
    # Seat 0's road a7 1, a6 6, a5 3, b5 4, b6 6, b7 2, c7 4 joins the purple castle to a5 (PP),
    # b6 (GPP) and c7 (P): 5 purple grapes; the green castle has no road.
    # Seat 1's a7 2, a6 6, a5 4 and b7 5, c7 4 reach a5 (PP) and c7 (P): 3 purple; f1 6, f2 1,
    # e2 2 join the green castle to e2 (GGP): 2 green.
    farms = {"farm_1": 2, "farm_2": 4, "farm_3": 0, "farm_4": 2, "farm_5": 4}
    assert outcome.breakdown[0] == {**farms, "castle_purple": 5, "castle_green": 0, "zeros": -5}
    assert outcome.breakdown[1] == {**farms, "castle_purple": 3, "castle_green": 2, "zeros": -5}
    assert [d["subtotal"] for d in outcome.details] == [12 + 5, 12 + 5]
    assert outcome.scores == (12, 12)


def test_final_em_caso_de_empate_o_maior_valor_individual_em_algum_dos_espacos_de_pontuacao() -> None:
    # Tied at 12: seat 0's highest single space is its purple castle (5), seat 1's is a farm
    # row (4), so seat 0 wins. Counting only the farm rows (house rule) both have 4: shared.
    outcome = GAME.outcome(play_plan())
    assert outcome is not None
    assert [d["tiebreak"] for d in outcome.details] == [5, 4]
    assert outcome.ranks == (1, 2) and outcome.winners == (0,)
    house = GAME.outcome(play_plan(tiebreak_castles=False))
    assert house is not None
    assert [d["tiebreak"] for d in house.details] == [4, 4]
    assert house.ranks == (1, 1) and house.winners == (0, 1)
