"""Sonora (Devir): flick discs onto the desert board, then score them on your sheet.

1 to 4 players; 1 is the solo mode against the AI opponent. The flicks are simulated with
pymunk, deterministically. Rulebook: ``shared/rules/sonora.pt.txt``; section-by-section map
to the code and the interpretations: ``RULES.md`` beside this file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tabuleiro.core import (
    BotFactory,
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
)
from tabuleiro.core.encoding import Encoding
from tabuleiro.games.sonora import actions, encoding, narration, reasons, render, rules, scoring, view
from tabuleiro.games.sonora.actions import Flick, SonoraAction
from tabuleiro.games.sonora.bots import SEARCH_HINTS, AimBot
from tabuleiro.games.sonora.state import SonoraOptions, SonoraState

INFO = GameInfo(
    id="sonora",
    name_pt="Sonora",
    name_en="Sonora",
    min_players=1,
    max_players=4,
    rules_version="2",
    dynamics="mixed",
    information="imperfect",
    chance="seeded",
)


class SonoraGame(Game[SonoraState, SonoraAction, SonoraOptions]):
    """Sonora on the game protocol."""

    info = INFO
    options_type = SonoraOptions

    def setup(self, players: int, seed: int, options: SonoraOptions) -> SonoraState:
        return rules.setup(players, seed, options)

    def num_players(self, state: SonoraState) -> int:
        return state.players

    def options_of(self, state: SonoraState) -> SonoraOptions:
        return state.options

    def to_act(self, state: SonoraState) -> frozenset[int]:
        return rules.to_act(state)

    def legal_actions(self, state: SonoraState, seat: int) -> Sequence[SonoraAction]:
        return rules.legal_actions(state, seat)

    def has_committed(self, state: SonoraState, seat: int) -> bool:
        return state.shown is not None and 0 <= seat < state.players and state.desks[seat].work.done

    def in_private_step(self, state: SonoraState, seat: int) -> bool:
        # Every scoring choice of a sealed step stays private until the step resolves.
        return state.shown is not None and 0 <= seat < state.players

    def undoable(self, before: SonoraState, seat: int, action: SonoraAction, after: SonoraState) -> bool:
        # Interpretation 19: a flick is a deed of skill everyone watched; only the rulebook's
        # Re-flick bonus takes one back. Scoring choices are sealed until the step resolves.
        if isinstance(action, Flick | actions.Reflick):
            return False
        return super().undoable(before, seat, action, after)

    def sampled_fields(self) -> Mapping[type, frozenset[str]]:
        # Any flick within the bounds is legal; legal_actions lists a grid of them (rules.py).
        return {Flick: frozenset({"offset", "angle", "distance"})}

    def illegal_reason(
        self, state: SonoraState, seat: int, action: SonoraAction
    ) -> IllegalActionError | None:
        return reasons.illegal_reason(state, seat, action)

    def apply_unchecked(self, state: SonoraState, seat: int, action: SonoraAction) -> SonoraState:
        return rules.apply_unchecked(state, seat, action)

    def outcome(self, state: SonoraState) -> Outcome | None:
        return scoring.outcome(state) if state.finished else None

    def max_decisions(self, players: int, options: SonoraOptions) -> int:
        return rules.max_decisions(players, options)

    def view(self, state: SonoraState, seat: int | None) -> JsonDict:
        return view.view(state, seat)

    def sample_consistent(self, state: SonoraState, seat: int | None, rng: Rng) -> SonoraState:
        return rules.sample_consistent(state, seat, rng)

    def format_action(self, action: SonoraAction) -> str:
        return actions.format_action(action)

    def parse_action(self, text: str) -> SonoraAction:
        return actions.parse_action(text)

    def action_to_json(self, action: SonoraAction) -> JsonDict:
        return actions.action_to_json(action)

    def action_from_json(self, data: object) -> SonoraAction:
        return actions.action_from_json(data)

    def describe_action(self, action: SonoraAction, lang: Lang = "pt") -> str:
        return actions.describe_action(action, lang)

    def narrate(
        self, seat: int, action: SonoraAction, before: JsonDict, after: JsonDict, lang: Lang = "pt"
    ) -> Narration:
        return narration.narrate(seat, action, before, after, lang)

    def render(self, state: SonoraState, seat: int | None, lang: Lang = "pt") -> str:
        return render.render_view(view.view(state, seat), lang)

    def bots(self) -> Mapping[str, BotFactory]:
        return {"aim": AimBot}

    def default_bot(self) -> str:
        return "aim"

    def search_hints(self) -> SearchHints:
        return SEARCH_HINTS

    def check_invariants(self, state: SonoraState) -> None:
        rules.check_invariants(state)

    def encoding(self) -> Encoding[SonoraAction]:
        return encoding.ENCODING


GAME = SonoraGame()
register(GAME)

__all__ = ["GAME", "INFO", "SonoraGame", "SonoraOptions", "SonoraState"]
