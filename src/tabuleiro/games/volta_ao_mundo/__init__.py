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
    Narration,
    Outcome,
    Rng,
    SearchHints,
    register,
    undo,
)
from tabuleiro.core.encoding import Encoding
from tabuleiro.games.volta_ao_mundo import actions, encoding, narration, reasons, render, rules, scoring, view
from tabuleiro.games.volta_ao_mundo.actions import RaceAction
from tabuleiro.games.volta_ao_mundo.bots import GreedyBot
from tabuleiro.games.volta_ao_mundo.components import MAX_PLAYERS
from tabuleiro.games.volta_ao_mundo.search import SEARCH_HINTS
from tabuleiro.games.volta_ao_mundo.state import DRAFT, POSITIONS, START, RaceOptions, RaceState

INFO = GameInfo(
    id="volta_ao_mundo",
    name_pt="Volta ao mundo em 80 dias — A grande corrida",
    name_en="Around the World in 80 Days — The Great Race",
    min_players=2,
    max_players=4,
    rules_version="2",
    dynamics="mixed",
    information="imperfect",
    chance="seeded",
    score_unit_pt="dias",
    score_unit_en="days",
    lower_wins=True,
)

_SPACES = max(f.value for c in rules.CARDS for f in c.faces if f.effect == "extra_legs")
CARD_DECISIONS = POSITIONS * (2 * max(_SPACES, 1) + 1) + POSITIONS
"""The most decisions a Move's cards ask. At departure at most `POSITIONS` cards (six slots
and the overflow) are to act, and none joins during the maths. Each acts at most twice, with
a face choice before the second act (interpretation 36); one act asks at most one decision
per extra space it offers (``leg`` or ``stop``) or one lock (which neighbour); each card may
then ask about its lock token when it turns over (interpretation 34)."""

MOVE_DECISIONS = 1 + 2 + CARD_DECISIONS
"""A Move: its declaration; an event asks at most 2 (its choice, then the sabotage placement
after an effect card the Money changer lets you buy; the Perfect connection's extra space
and the Gamblers' flip, made by the next player, are single decisions); then its cards."""

_SLOTS = POSITIONS - 1  # the last position is the overflow
DECISIONS_PER_TURN = max(
    MOVE_DECISIONS + max(1 + CARD_DECISIONS, 1 + _SLOTS, 2) + 2,
    1 + 2 * (MAX_PLAYERS + 1),
)
"""The most decisions one turn holds (§ O turno, § Descansar).

Two different main actions, the worst being Move and Effect: a Charter is a Move without an
event (a Planning asks its action and one place per slot, a Buy 2 with its sabotage
placement, Telegraph 1); then the free action (a purchase and its sabotage placement) or
``end``: 2. A Rest asks ``rest`` and players + 1 actions, a purchase adding a placement."""


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

    def undoable(self, before: RaceState, seat: int, action: RaceAction, after: RaceState) -> bool:
        # Interpretation 48: the two actions and free actions of a turn may be taken back
        # until the turn passes, a weather card or the deck shows something, or a pick of the
        # sealed draft resolves.
        return undo.within_turn(self, before, seat, action, after) or super().undoable(
            before, seat, action, after
        )

    def has_committed(self, state: RaceState, seat: int) -> bool:
        return state.phase in (DRAFT, START) and 0 <= seat < state.players and state.sealed[seat] >= 0

    def in_private_step(self, state: RaceState, seat: int) -> bool:
        # Interpretation 45: the kept cards are revealed with the start cities, so every
        # pick stays out of the other seats' logs until the race begins.
        return state.phase in (DRAFT, START) and 0 <= seat < state.players

    def illegal_reason(self, state: RaceState, seat: int, action: RaceAction) -> IllegalActionError | None:
        return reasons.illegal_reason(state, seat, action)

    def apply_unchecked(self, state: RaceState, seat: int, action: RaceAction) -> RaceState:
        return rules.apply_unchecked(state, seat, action)

    def apply(self, state: RaceState, seat: int, action: RaceAction) -> RaceState:
        # An action picked from the list `legal_actions` just gave for this state and seat is
        # legal and its seat is to act: every check of `Game.apply` would pass.
        if rules.picked_from_legal(state, seat, action):
            return rules.apply_unchecked(state, seat, action)
        return super().apply(state, seat, action)

    def outcome(self, state: RaceState) -> Outcome | None:
        return scoring.outcome(state) if state.finished else None

    def max_decisions(self, players: int, options: RaceOptions) -> int:
        """Five draft picks and a start city each; with ``opening=reverse`` a purchase and
        its sabotage placement for every player but the first; then at most
        `DECISIONS_PER_TURN` per turn, and at most `rules.TURN_LIMIT` turns per traveller
        (each turn counts one, and the traveller leaves the race at that many, interpretation
        26)."""
        setup = players * (rules.BOARD.draft_keep + 1) + 2 * (players - 1)
        return setup + players * rules.TURN_LIMIT * DECISIONS_PER_TURN

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

    def narrate(
        self, seat: int, action: RaceAction, before: JsonDict, after: JsonDict, lang: Lang = "pt"
    ) -> Narration:
        return narration.narrate(seat, action, before, after, lang)

    def render(self, state: RaceState, seat: int | None, lang: Lang = "pt") -> str:
        return render.render_view(view.view(state, seat), lang)

    def bots(self) -> Mapping[str, BotFactory]:
        return {"greedy": GreedyBot}

    def default_bot(self) -> str:
        return "greedy"

    def search_hints(self) -> SearchHints:
        return SEARCH_HINTS

    def check_invariants(self, state: RaceState) -> None:
        rules.check_invariants(state)

    def encoding(self) -> Encoding[RaceAction]:
        return encoding.ENCODING


GAME = RaceGame()
register(GAME)

__all__ = ["GAME", "INFO", "RaceGame", "RaceOptions", "RaceState"]
