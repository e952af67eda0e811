"""Properties over arbitrary legal play (hypothesis shrinks any failure to a short game)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tabuleiro.games.avenue import GAME

from .helpers import new


@settings(max_examples=60)
@given(
    seed=st.integers(min_value=0, max_value=2**53 - 1),
    players=st.integers(min_value=1, max_value=6),
    picks=st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=300),
    map_id=st.sampled_from(["A", "B", "C"]),
)
def test_any_legal_play_keeps_the_books_straight(
    seed: int, players: int, picks: list[int], map_id: str
) -> None:
    state = new(players, seed=seed, map=map_id)
    for i, pick in enumerate(picks):
        seats = sorted(GAME.to_act(state))
        if not seats:
            break
        seat = seats[pick % len(seats)]
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, legal[(pick // 7 + i) % len(legal)])
        GAME.check_invariants(state)
        for rows in state.rows:
            for before, row in zip((0, *[r.score for r in rows]), rows, strict=False):
                assert row.score in (0, row.grapes) and (row.score == 0 or row.grapes > before)
    outcome = GAME.outcome(state)
    if outcome is not None:
        # § Final do jogo: the rows as written, and "-5 pontos para cada fazenda com
        # pontuação 0", counted from the sheet's rows.
        for lines, rows in zip(outcome.breakdown, state.rows, strict=True):
            assert [lines[f"farm_{i + 1}"] for i in range(5)] == [r.score for r in rows]
            assert lines["zeros"] == -5 * sum(1 for r in rows if r.score == 0)
