"""DOGS (MS Jogos, 6ª edição 2020): rescue dogs, run the kennel, score the best shelter.

2 to 4 players with the 2-player rules. Rulebook: ``shared/rules/dogs.pt.txt``;
section-by-section map to the code and the interpretations: ``RULES.md`` beside this file.
"""

from __future__ import annotations

from collections.abc import Mapping

from tabuleiro.core import (
    BotFactory,
    Event,
    Game,
    GameInfo,
    IllegalActionError,
    JsonDict,
    Lang,
    Narration,
    Outcome,
    Rng,
    SearchHints,
    register,
    undo,
)
from tabuleiro.core.encoding import Encoding
from tabuleiro.games.dogs import actions, encoding, narration, reasons, render, rules, scoring, view
from tabuleiro.games.dogs.actions import DogsAction
from tabuleiro.games.dogs.bots import SEARCH_HINTS, GreedyBot
from tabuleiro.games.dogs.state import DogsOptions, DogsState

INFO = GameInfo(
    id="dogs",
    name_pt="DOGS",
    name_en="DOGS",
    min_players=2,
    max_players=4,
    rules_version="2",
    dynamics="sequential",
    information="imperfect",
    chance="seeded",
)


class DogsGame(Game[DogsState, DogsAction, DogsOptions]):
    """DOGS on the game protocol."""

    info = INFO
    options_type = DogsOptions

    def setup(self, players: int, seed: int, options: DogsOptions) -> DogsState:
        return rules.setup(players, seed, options)

    def num_players(self, state: DogsState) -> int:
        return state.players

    def options_of(self, state: DogsState) -> DogsOptions:
        return state.options

    # The calls of every decision are the rules' functions themselves, without a method
    # in between (a random playout makes a few million of them).
    to_act = staticmethod(rules.to_act)
    legal_actions = staticmethod(rules.legal_actions)
    apply_unchecked = staticmethod(rules.apply_unchecked)

    def undoable(self, before: DogsState, seat: int, action: DogsAction, after: DogsState) -> bool:
        # Interpretation 24: the choices of one turn (a Fase 2 box, its card and action; the
        # Fase 1 redistribution) may be taken back until the turn passes or chance is drawn.
        return undo.within_turn(self, before, seat, action, after) or super().undoable(
            before, seat, action, after
        )

    def illegal_reason(self, state: DogsState, seat: int, action: DogsAction) -> IllegalActionError | None:
        return reasons.illegal_reason(state, seat, action)

    def apply(self, state: DogsState, seat: int, action: DogsAction) -> DogsState:
        # An action picked from the list `legal_actions` just gave for this state and seat is
        # legal and its seat is to act: every check of `Game.apply` would pass.
        if rules.picked_from_legal(state, seat, action):
            return rules.apply_unchecked(state, seat, action)
        return super().apply(state, seat, action)

    def outcome(self, state: DogsState) -> Outcome | None:
        return scoring.outcome(state) if state.finished else None

    def max_decisions(self, players: int, options: DogsOptions) -> int:
        # Every round takes at least one dog from the supplies or is the last one (42 dogs a
        # side at most), and a round's decisions are bounded by the dogs, cards and coins.
        return 43 * 3000 * players

    def view(self, state: DogsState, seat: int | None) -> JsonDict:
        return view.view(state, seat)

    def sample_consistent(self, state: DogsState, seat: int | None, rng: Rng) -> DogsState:
        return rules.sample_consistent(state, seat, rng)

    def format_action(self, action: DogsAction) -> str:
        return actions.format_action(action)

    def parse_action(self, text: str) -> DogsAction:
        return actions.parse_action(text)

    def action_to_json(self, action: DogsAction) -> JsonDict:
        return actions.action_to_json(action)

    def action_from_json(self, data: object) -> DogsAction:
        return actions.action_from_json(data)

    def describe_action(self, action: DogsAction, lang: Lang = "pt") -> str:
        return actions.describe_action(action, lang)

    def narrate(
        self, seat: int, action: DogsAction, before: JsonDict, after: JsonDict, lang: Lang = "pt"
    ) -> Narration:
        return narration.narrate(seat, action, before, after, lang)

    def narrate_opening(self, view: JsonDict, lang: Lang = "pt") -> tuple[Event, ...]:
        return narration.opening(view, lang)

    def render(self, state: DogsState, seat: int | None, lang: Lang = "pt") -> str:
        return render.render_view(view.view(state, seat), lang)

    def bots(self) -> Mapping[str, BotFactory]:
        return {"greedy": GreedyBot}

    def default_bot(self) -> str:
        return "greedy"

    def search_hints(self) -> SearchHints:
        return SEARCH_HINTS

    def check_invariants(self, state: DogsState) -> None:
        rules.check_invariants(state)

    def encoding(self) -> Encoding[DogsAction]:
        return encoding.ENCODING


GAME = DogsGame()
register(GAME)

__all__ = ["GAME", "INFO", "DogsGame", "DogsOptions", "DogsState"]
