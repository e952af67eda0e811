"""Avenue (Edição Especial, PaperGames): draw roads that join grapes to farms and castles.

Rulebook: ``shared/rules/avenue.pt.txt``; section-by-section map to the code and the
interpretations: ``RULES.md`` beside this file.
"""

from __future__ import annotations

from collections.abc import Mapping

from tabuleiro.core import (
    BotFactory,
    Event,
    Game,
    GameInfo,
    JsonDict,
    Lang,
    Narration,
    Outcome,
    Rng,
    SearchHints,
    competition_ranks,
    register,
)
from tabuleiro.core.encoding import Encoding
from tabuleiro.games.avenue import actions, encoding, narration, render, rules, scoring, view
from tabuleiro.games.avenue.actions import AvenueAction
from tabuleiro.games.avenue.bots import SEARCH_HINTS, GreedyBot
from tabuleiro.games.avenue.components import components as load_components
from tabuleiro.games.avenue.state import AvenueOptions, AvenueState

_is_legal, _apply_unchecked = rules.is_legal, rules.apply_unchecked

INFO = GameInfo(
    id="avenue",
    name_pt="Avenue",
    name_en="Avenue",
    min_players=1,
    max_players=100,
    rules_version="2",
    dynamics="simultaneous",
    information="imperfect",
    chance="seeded",
)


class AvenueGame(Game[AvenueState, AvenueAction, AvenueOptions]):
    """Avenue on the game protocol."""

    info = INFO
    options_type = AvenueOptions

    def setup(self, players: int, seed: int, options: AvenueOptions) -> AvenueState:
        return rules.setup(players, seed, options)

    def num_players(self, state: AvenueState) -> int:
        return state.players

    def options_of(self, state: AvenueState) -> AvenueOptions:
        return state.options

    # The calls of every decision are the rules' functions themselves, without a method
    # in between (a random playout makes a few million of them).
    to_act = staticmethod(rules.to_act)
    legal_actions = staticmethod(rules.legal_actions)

    def has_committed(self, state: AvenueState, seat: int) -> bool:
        return 0 <= seat < state.players and state.pending[seat] is not None

    def undoable(self, before: AvenueState, seat: int, action: AvenueAction, after: AvenueState) -> bool:
        # Interpretation 17: a drawn segment is sealed and may be changed until the last seat
        # commits and the next card is turned; a peek shows the next farm card at once.
        if isinstance(action, actions.Peek):
            return False
        return super().undoable(before, seat, action, after)

    illegal_reason = staticmethod(rules.illegal_reason)
    apply_unchecked = staticmethod(rules.apply_unchecked)

    def apply(self, state: AvenueState, seat: int, action: AvenueAction) -> AvenueState:
        # A seat still to choose with a legal choice passes every check of `Game.apply`
        # (game over, not your turn, already committed, not legal): the usual case, first.
        if seat in state.waiting and _is_legal(state, seat, action):
            return _apply_unchecked(state, seat, action)
        return super().apply(state, seat, action)

    def outcome(self, state: AvenueState) -> Outcome | None:
        if not state.finished:
            return None
        board = load_components().maps[state.options.map]
        lines = [
            scoring.breakdown(board, state.roads[s], [r.score for r in state.rows[s]])
            for s in range(state.players)
        ]
        scores = tuple(sum(b.values()) for b in lines)
        ties = [scoring.tiebreak_value(b, state.options.tiebreak_castles) for b in lines]
        details = tuple(
            {
                "rows": [
                    {"farm": farm, "grapes": row.grapes, "score": row.score}
                    for farm, row in zip(state.farms, state.rows[s], strict=True)
                ],
                "subtotal": scores[s] - lines[s]["zeros"],
                "tiebreak": ties[s],
            }
            for s in range(state.players)
        )
        return Outcome(scores, tuple(lines), competition_ranks(list(zip(scores, ties, strict=True))), details)

    def max_decisions(self, players: int, options: AvenueOptions) -> int:
        # Five rounds of four yellow cards need at most 40 cards (22 yellow among 42).
        return players * (len(load_components().road_cards) - 2)

    # Asked for on every decision by tables and learners: the view module's function itself.
    view = staticmethod(view.view)

    def sample_consistent(self, state: AvenueState, seat: int | None, rng: Rng) -> AvenueState:
        return rules.sample_consistent(state, seat, rng)

    def format_action(self, action: AvenueAction) -> str:
        return actions.format_action(action)

    def parse_action(self, text: str) -> AvenueAction:
        return actions.parse_action(text)

    def action_to_json(self, action: AvenueAction) -> JsonDict:
        return actions.action_to_json(action)

    def action_from_json(self, data: object) -> AvenueAction:
        return actions.action_from_json(data)

    def describe_action(self, action: AvenueAction, lang: Lang = "pt") -> str:
        return actions.describe_action(action, lang)

    def narrate(
        self, seat: int, action: AvenueAction, before: JsonDict, after: JsonDict, lang: Lang = "pt"
    ) -> Narration:
        return narration.narrate(seat, action, before, after, lang)

    def narrate_opening(self, view: JsonDict, lang: Lang = "pt") -> tuple[Event, ...]:
        return narration.opening(view, lang)

    def render(self, state: AvenueState, seat: int | None, lang: Lang = "pt") -> str:
        return render.render_view(view.view(state, seat), lang)

    def bots(self) -> Mapping[str, BotFactory]:
        return {"greedy": GreedyBot}

    def default_bot(self) -> str:
        return "greedy"

    def search_hints(self) -> SearchHints:
        return SEARCH_HINTS

    def check_invariants(self, state: AvenueState) -> None:
        rules.check_invariants(state)

    def encoding(self) -> Encoding[AvenueAction]:
        return encoding.ENCODING


GAME = AvenueGame()
register(GAME)

__all__ = ["GAME", "INFO", "AvenueGame", "AvenueOptions", "AvenueState"]
