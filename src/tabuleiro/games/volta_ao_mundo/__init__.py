"""Volta ao mundo em 80 dias — A grande corrida: a race round the world against Fogg's time.

2 to 4 players. Rulebook: ``shared/rules/volta-ao-mundo-80-dias.pt.txt``; the map, cards
and tracks are designed by Tabuleiro (none is public): ``data/*.v1.json``. Section-by-section
map to the code and every interpretation: ``RULES.md`` beside this file.
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
    Outcome,
    Rng,
    register,
)
from tabuleiro.games.volta_ao_mundo import actions, render, rules, scoring, view
from tabuleiro.games.volta_ao_mundo.actions import RaceAction
from tabuleiro.games.volta_ao_mundo.bots import GreedyBot
from tabuleiro.games.volta_ao_mundo.state import DRAFT, START, RaceOptions, RaceState

INFO = GameInfo(
    id="volta_ao_mundo",
    name_pt="Volta ao mundo em 80 dias — A grande corrida",
    name_en="Around the World in 80 Days — The Great Race",
    min_players=2,
    max_players=4,
    rules_version="1",
    dynamics="mixed",
    information="imperfect",
    chance="seeded",
)

DECISIONS_PER_TURN = 400
"""A bound on one turn's decisions: two main actions, a free one, a Rest of five actions,
each Move's cards (at most 7 positions, each acting at most three times with a few choices
each), events, lock tokens, sabotage placements and a plan of six cards."""


class RaceGame(Game[RaceState, RaceAction, RaceOptions]):
    """Volta ao mundo em 80 dias on the game protocol."""

    info = INFO
    options_type = RaceOptions

    def setup(self, players: int, seed: int, options: RaceOptions) -> RaceState:
        return rules.setup(players, seed, options)

    def num_players(self, state: RaceState) -> int:
        return state.players

    def options_of(self, state: RaceState) -> RaceOptions:
        return state.options

    def to_act(self, state: RaceState) -> frozenset[int]:
        return rules.to_act(state)

    def legal_actions(self, state: RaceState, seat: int) -> Sequence[RaceAction]:
        return rules.legal_actions(state, seat)

    def has_committed(self, state: RaceState, seat: int) -> bool:
        return state.phase in (DRAFT, START) and 0 <= seat < state.players and state.sealed[seat] >= 0

    def in_private_step(self, state: RaceState, seat: int) -> bool:
        # Interpretation 45: the kept cards are revealed with the start cities, so every
        # pick stays out of the other seats' logs until the race begins.
        return state.phase in (DRAFT, START) and 0 <= seat < state.players

    def illegal_reason(self, state: RaceState, seat: int, action: RaceAction) -> IllegalActionError | None:
        return rules.illegal_reason(state, seat, action)

    def apply_unchecked(self, state: RaceState, seat: int, action: RaceAction) -> RaceState:
        return rules.apply_unchecked(state, seat, action)

    def outcome(self, state: RaceState) -> Outcome | None:
        return scoring.outcome(state) if state.finished else None

    def max_decisions(self, players: int, options: RaceOptions) -> int:
        # Five draft picks and a start city each; then every turn adds a day or a turn to a
        # traveller still racing, who leaves the race at day or turn `rules.TURN_LIMIT`.
        return players * 6 + players * rules.TURN_LIMIT * DECISIONS_PER_TURN

    def view(self, state: RaceState, seat: int | None) -> JsonDict:
        return view.view(state, seat)

    def sample_consistent(self, state: RaceState, seat: int | None, rng: Rng) -> RaceState:
        return rules.sample_consistent(state, seat, rng)

    def format_action(self, action: RaceAction) -> str:
        return actions.format_action(action)

    def parse_action(self, text: str) -> RaceAction:
        return actions.parse_action(text)

    def action_to_json(self, action: RaceAction) -> JsonDict:
        return actions.action_to_json(action)

    def action_from_json(self, data: object) -> RaceAction:
        return actions.action_from_json(data)

    def describe_action(self, action: RaceAction, lang: Lang = "pt") -> str:
        return actions.describe_action(action, lang)

    def render(self, state: RaceState, seat: int | None, lang: Lang = "pt") -> str:
        return render.render_view(view.view(state, seat), lang)

    def bots(self) -> Mapping[str, BotFactory]:
        return {"greedy": GreedyBot}

    def default_bot(self) -> str:
        return "greedy"

    def check_invariants(self, state: RaceState) -> None:
        rules.check_invariants(state)


GAME = RaceGame()
register(GAME)

__all__ = ["GAME", "INFO", "RaceGame", "RaceOptions", "RaceState"]
