"""What a game may tell a generic search bot about itself (every part optional).

The search bot in `tabuleiro.bots.ismcts` plays any game through the protocol alone. A game
can make it stronger or faster by returning `SearchHints` from `Game.search_hints`: how to
turn final scores into the value the search maximises, how many iterations the plain
``mcts`` bot spends, a cheap playout policy, and a static evaluation that cuts playouts
short. The hooks receive full states, but only states the search drew through
`Game.sample_consistent`, never the true one.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, Literal

Objective = Literal["win", "margin"]


@dataclass(frozen=True, slots=True)
class SearchHints:
    """A game's advice to the generic search.

    Attributes:
        objective: what a playout's end is worth to a seat. ``win``: its share of the win
            (1 alone, 1/k in a k-way tie after the tie-breaks, else 0), blended with the
            score margin by `margin_weight`; ``margin``: the score margin alone.
        margin_weight: weight of the margin term under ``win`` (0 = pure win rate).
        margin_scale: points of margin (own score minus the best other score) that count
            as a clear lead; the margin term is ``0.5 + 0.5 * tanh(margin / margin_scale)``.
        iterations: the budget of the plain ``mcts`` bot, chosen so that it answers in about
            a second on a small machine.
        playout: the action a seat plays in a playout (random by default); gets the state,
            the seat, its legal actions and the playout's generator.
        evaluate: estimated final scores of a state that is not over, one per seat; with
            `playout_depth`, a playout stops after that many decisions and is scored by it.
        playout_depth: decisions a playout runs before `evaluate` scores it (None: to the end).
        candidates: the actions the tree considers for a seat (default: its legal actions);
            gets the state, the seat and its legal actions. For continuous choices (Sonora's
            flicks) a game offers a finite set here, which may hold legal actions beyond the
            listed ones; it must depend only on what the seat can know. One candidate at the
            root is played without searching.
        observation: what a seat observes in a state, as a hashable value, for keying the
            search bot's own nodes; the default is the seat's whole view (exact but slower).
            It must depend only on what the seat can know.
        exploration: the UCB1 exploration constant when the bot spec gives none (``c``); a
            game whose values differ little between moves (a margin scored by an
            evaluation) needs less exploration for the visits to follow the values.
        independent: the seats never change one another's score (each plays its own sheet,
            as in Avenue). The search then counts each other seat at its mean final score
            over a few playouts to the end from drawn states at the start of the search, not
            at each playout's result (whose luck is noise to its own choice), and below the
            root the other seats play their first legal action, so the playouts spend their
            time on the searching seat.
        favour: progressive bias (Chaslot et al., 2008) towards the first of the
            `candidates`, which the game then puts first as its favoured action (its greedy
            bot's choice): that action is tried first at a node and its UCB1 value gets
            ``favour / (visits + 1)`` more, so the search leaves it only for an action
            whose value shows better over enough playouts; 0 = no bias.
    """

    objective: Objective = "win"
    margin_weight: float = 0.25
    margin_scale: float = 10.0
    iterations: int = 200
    playout: Callable[[Any, int, Sequence[Any], Random], Any] | None = None
    evaluate: Callable[[Any], Sequence[float]] | None = None
    playout_depth: int | None = None
    observation: Callable[[Any, int], Hashable] | None = None
    candidates: Callable[[Any, int, Sequence[Any]], Sequence[Any]] | None = None
    exploration: float = 0.7
    independent: bool = False
    favour: float = 0.0
