"""Metro (Queen Games / Calamity Games): lay track tiles so your lines run long.

Base game, both variants and the four expansions. Rulebook: ``shared/rules/metro.pt.txt``;
section-by-section map to the code and the interpretations: ``RULES.md`` beside this file.
"""

from __future__ import annotations

from collections.abc import Mapping

from tabuleiro.core import (
    BotFactory,
    Game,
    GameInfo,
    JsonDict,
    Lang,
    Narration,
    OptionError,
    Outcome,
    Rng,
    SearchHints,
    register,
)
from tabuleiro.core.encoding import Encoding
from tabuleiro.games.metro import actions, encoding, narration, render, rules, scoring, view
from tabuleiro.games.metro.actions import MetroAction
from tabuleiro.games.metro.bots import GreedyBot
from tabuleiro.games.metro.search import SEARCH_HINTS
from tabuleiro.games.metro.state import MetroOptions, MetroState

_picked_from_legal, _apply_unchecked = rules.picked_from_legal, rules.apply_unchecked

INFO = GameInfo(
    id="metro",
    name_pt="Metrô",
    name_en="Metro",
    min_players=2,
    max_players=6,
    rules_version="2",
    dynamics="sequential",
    information="imperfect",
    chance="seeded",
)


class MetroGame(Game[MetroState, MetroAction, MetroOptions]):
    """Metro on the game protocol."""

    info = INFO
    options_type = MetroOptions

    def check_setup(self, players: int, options: MetroOptions) -> None:
        if options.companies and options.station_numbers:
            raise OptionError(
                "expansions 1 (companies) and 4 (station numbers) cannot be combined: expansion 1 is "
                "compatible with expansions 2 and 3, expansion 4 with 2 and 3 (rulebook, 'Compatível com')",
                "as expansões 1 (companhias) e 4 (estações numeradas) não se combinam: a expansão 1 é "
                "compatível com as expansões 2 e 3, a 4 com a 2 e a 3 (manual, 'Compatível com')",
                code="incompatible_options",
            )
        if options.central_stations and options.central_tracks:
            raise OptionError(
                "expansions 2 (central stations) and 3 (central tracks) cannot be combined: each is "
                "compatible only with expansions 1 and 4 (rulebook, 'Compatível com')",
                "as expansões 2 (estações centrais) e 3 (trilhos centrais) não se combinam: cada uma só é "
                "compatível com as expansões 1 e 4 (manual, 'Compatível com')",
                code="incompatible_options",
            )
        k = options.numbers_per_colour
        if options.station_numbers and k * players > 8:
            most = 8 // players
            raise OptionError(
                f"numbers_per_colour={k} needs {k * players} station numbers of each colour but there "
                f"are 8; with {players} players use at most {most}",
                f"numbers_per_colour={k} pede {k * players} números de cada cor, mas há 8; com "
                f"{players} jogadores use no máximo {most}",
                code="bad_option",
            )

    def setup(self, players: int, seed: int, options: MetroOptions) -> MetroState:
        return rules.setup(players, seed, options)

    def num_players(self, state: MetroState) -> int:
        return state.players

    def options_of(self, state: MetroState) -> MetroOptions:
        return state.options

    # The calls of every decision are the rules' functions themselves, without a method
    # in between (a random playout makes a few million of them).
    to_act = staticmethod(rules.to_act)
    legal_actions = staticmethod(rules.legal_actions)
    illegal_reason = staticmethod(rules.illegal_reason)
    apply_unchecked = staticmethod(rules.apply_unchecked)

    def apply(self, state: MetroState, seat: int, action: MetroAction) -> MetroState:
        # An action picked from the list `legal_actions` just gave for this state and seat is
        # legal and its seat is to act: every check of `Game.apply` would pass.
        if _picked_from_legal(state, seat, action):
            return _apply_unchecked(state, seat, action)
        return super().apply(state, seat, action)

    def outcome(self, state: MetroState) -> Outcome | None:
        return scoring.outcome(state) if state.finished else None

    def max_decisions(self, players: int, options: MetroOptions) -> int:
        # RULES.md interpretation 14: 60 placements, at most 60 draws and 8 central wagons; at
        # most `table_swap_limit` swaps before each placement or wagon and after the last; a
        # seat holding a tile acts at least once every `players` turns, so passes add at most
        # players - 1 turns per other action.
        swaps = rules.table_swap_limit(players) if options.companies else 0
        resets = rules.TILES + 8
        return players * (2 * rules.TILES + 8 + swaps * (resets + 1) + 1)

    # Asked for on every decision by tables and learners: the view module's function itself.
    view = staticmethod(view.view)

    def sample_consistent(self, state: MetroState, seat: int | None, rng: Rng) -> MetroState:
        return rules.sample_consistent(state, seat, rng)

    def format_action(self, action: MetroAction) -> str:
        return actions.format_action(action)

    def parse_action(self, text: str) -> MetroAction:
        return actions.parse_action(text)

    def action_to_json(self, action: MetroAction) -> JsonDict:
        return actions.action_to_json(action)

    def action_from_json(self, data: object) -> MetroAction:
        return actions.action_from_json(data)

    def describe_action(self, action: MetroAction, lang: Lang = "pt") -> str:
        return actions.describe_action(action, lang)

    def narrate(
        self, seat: int, action: MetroAction, before: JsonDict, after: JsonDict, lang: Lang = "pt"
    ) -> Narration:
        return narration.narrate(seat, action, before, after, lang)

    def render(self, state: MetroState, seat: int | None, lang: Lang = "pt") -> str:
        return render.render_view(view.view(state, seat), lang)

    def bots(self) -> Mapping[str, BotFactory]:
        return {"greedy": GreedyBot}

    def default_bot(self) -> str:
        return "greedy"

    def search_hints(self) -> SearchHints:
        return SEARCH_HINTS

    def check_invariants(self, state: MetroState) -> None:
        rules.check_invariants(state)

    def encoding(self) -> Encoding[MetroAction]:
        return encoding.ENCODING


GAME = MetroGame()
register(GAME)

__all__ = ["GAME", "INFO", "MetroGame", "MetroOptions", "MetroState"]
