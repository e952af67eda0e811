"""Information-set Monte-Carlo tree search over the game protocol, for every game.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): every iteration draws one
determinization, a full state consistent with the bot's view, through its
`InformationHandle`, and walks one tree with it. The tree's nodes are information sets keyed
by the seat to act and the actions since the root as that seat saw them: an action another
seat took in a step that is still private to it (`Game.in_private_step`: Avenue's road card,
Sonora's scoring, the 80 Days draft) is masked, so a simultaneous step is searched as sealed
decisions, each seat choosing without knowing the others' choices. The bot's own nodes below
the root are also keyed by what it observes there (its view, or the game's cheaper
`SearchHints.observation`), so its later choices depend on the cards it would see by then;
the other seats' nodes are open-loop over chance (keyed by actions only), which keeps the
tree phase cheap. At a node, each seat
picks by UCB1 over the actions legal in this determinization, counted by availability;
below the tree a playout runs to the end (or for `SearchHints.playout_depth` decisions and
is then scored by `SearchHints.evaluate`), and every seat's value is backed up along the path.

Values: a seat's share of the win (1, or 1/k in a k-way tie after the rulebook's
tie-breaks), blended with the score margin, or the margin alone, as the game's
`SearchHints` choose. Where the seats never change one another's score (`independent`:
Avenue's sheets) the other seats count at their mean score over a few playouts drawn at the
start of the search, and below the root they play their first legal action. The move is the
most visited action at the root; where the game's candidates leave one action (DOGS outside its
placements), that action is played at once.

Budgets: a number of iterations (reproducible: a fixed seed and iteration budget give the
same move every time) or a number of seconds. The tree is kept for the next decision when
the bot acts twice in a row: the subtree below its own action whose observation is the view
it now has holds only samples consistent with that view (see `Searcher._reuse`).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from tabuleiro.bots.information import InformationHandle
from tabuleiro.core import Game, JsonDict, Rng, SearchHints, derive_seed

# Per action at a node: [visits, value sum, availability, margin sum].
_Edge = list[float]
_Node = dict[Any, _Edge]
_Key = tuple[int, tuple[tuple[int, Any], ...], Any]
_REFERENCE_PLAYOUTS = 8
"""Playouts that set the other seats' scores under `SearchHints.independent`."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How long one search runs: `iterations`, or `seconds` when given (then at most
    `iterations` too)."""

    iterations: int
    seconds: float | None = None


@dataclass(frozen=True, slots=True)
class ActionValue:
    """What the search learned about one root action.

    Attributes:
        action: the action.
        visits: iterations that chose it at the root.
        value: mean value for the bot's seat (the game's objective, 0..1).
        win: mean share of the win.
        margin: mean final score margin (own score minus the best other score; where fewer
            points win, the best other minus own: positive when ahead).
    """

    action: Any
    visits: int
    value: float
    win: float
    margin: float


@dataclass(frozen=True, slots=True)
class SearchResult:
    """A finished search: the chosen action and every root action's statistics."""

    best: Any
    actions: tuple[ActionValue, ...]
    iterations: int
    seconds: float

    def of(self, action: Any) -> ActionValue | None:
        """The statistics of `action` (None when it was never searched)."""
        return next((a for a in self.actions if a.action == action), None)


class Searcher:
    """The ISMCTS of one seat of one game; keeps its tree between calls when sound."""

    def __init__(self, game: Game[Any, Any, Any], seat: int, seed: int, exploration: float = 0.7) -> None:
        self.game = game
        self.seat = seat
        self.seed = seed
        self.exploration = exploration
        self.hints: SearchHints = game.search_hints()
        self.searches = 0
        self.reused = 0
        self._nodes: dict[_Key, _Node] = {}
        self._root_stats: dict[Any, list[float]] = {}
        self._last: tuple[int, Any] | None = None  # (decisions, action) of the last search
        self._others: tuple[float, ...] | None = None  # the other seats' scores (`independent`)

    # -- the search ------------------------------------------------------------------------

    def search(
        self, view: JsonDict, legal: Sequence[Any], handle: InformationHandle, budget: Budget
    ) -> SearchResult:
        """Search from the seat's information set; return the action to play and statistics."""
        start = time.perf_counter()
        rnd = Random(derive_seed(self.seed, self.searches))
        self.searches += 1
        actions = self._root_actions(legal, handle)
        if len(actions) == 1:
            # The game's candidates leave one action: nothing to search, and no tree to keep.
            self._nodes, self._root_stats, self._last = {}, {}, None
            only = ActionValue(actions[0], 0, 0.0, 0.0, 0.0)
            return SearchResult(actions[0], (only,), 0, time.perf_counter() - start)
        if not self._reuse(view, handle):
            self._nodes = {}
            self._root_stats = {}
        deadline = None if budget.seconds is None else start + budget.seconds
        self._others = self._other_scores(handle, rnd)
        done = 0
        while done < budget.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            state = handle.sample(Rng.from_seed(rnd.getrandbits(53)))
            self._iterate(state, rnd)
            done += 1
        result = self._result(actions, done, time.perf_counter() - start)
        self._last = (handle.decisions, result.best)
        return result

    def _other_scores(self, handle: InformationHandle, rnd: Random) -> tuple[float, ...] | None:
        """Under `SearchHints.independent`, every seat's mean final score over a few playouts
        to the end from drawn states (the search counts the other seats at theirs, so that
        their playouts' luck is not noise in its values); otherwise None."""
        if not self.hints.independent:
            return None
        totals: list[float] = []
        for _ in range(_REFERENCE_PLAYOUTS):
            scores = self._play_out(handle.sample(Rng.from_seed(rnd.getrandbits(53))), rnd)
            totals = [t + s for t, s in zip(totals, scores, strict=True)] if totals else list(scores)
        return tuple(t / _REFERENCE_PLAYOUTS for t in totals)

    def _play_out(self, state: Any, rnd: Random) -> tuple[float, ...]:
        """Final scores after every seat plays the playout policy to the end."""
        game, playout = self.game, self.hints.playout
        while seats := game.to_act(state):
            actor = min(seats)
            legal = game.legal_actions(state, actor)
            if playout is not None:
                action = playout(state, actor, legal, rnd)
            else:
                action = legal[int(rnd.random() * len(legal))]
            state = game.apply_unchecked(state, actor, action)
        return self._final(state)[0]

    def _root_actions(self, legal: Sequence[Any], handle: InformationHandle) -> Sequence[Any]:
        """The actions the bot chooses among: its legal actions, or the game's candidates
        (drawn from one sample: they depend only on what the seat knows)."""
        candidates = self.hints.candidates
        if candidates is None:
            return legal
        return candidates(handle.sample(Rng.from_seed(self.seed)), self.seat, legal)

    def _reuse(self, view: JsonDict, handle: InformationHandle) -> bool:
        """Keep the subtree below the bot's own last action when nothing else happened since
        (the match moved by exactly that action) and the tree holds the node where the bot
        observed the view it has now; that node's samples were all consistent with it."""
        if self._last is None or handle.decisions != self._last[0] + 1:
            return False
        entry = (self.seat, self._last[1])
        here = (self.seat, (entry,), self._observe_view(view))
        if here not in self._nodes:
            return False
        nodes: dict[_Key, _Node] = {}
        for key, node in self._nodes.items():
            actor, history, seen = key
            if key == here:
                nodes[(self.seat, (), None)] = node
            elif len(history) > 1 and history[0] == entry:
                nodes[(actor, history[1:], seen)] = node
        self._nodes = nodes
        self._root_stats = {}
        self.reused += 1
        return True

    def _observe_view(self, view: JsonDict) -> Any:
        return json.dumps(view, separators=(",", ":"))

    def _observation(self, state: Any) -> Any:
        """What the bot observes in `state` (a key part of its own nodes)."""
        observe = self.hints.observation
        if observe is not None:
            return observe(state, self.seat)
        return self._observe_view(self.game.view(state, self.seat))

    def _iterate(self, state: Any, rnd: Random) -> None:
        game = self.game
        to_act, legal_actions, apply = game.to_act, game.legal_actions, game.apply_unchecked
        in_private_step = game.in_private_step
        nodes, c = self._nodes, self.exploration
        history: list[tuple[int, Any, bool]] = []
        sealed: set[int] = set()
        path: list[tuple[_Edge, int]] = []
        root_edge: list[float] | None = None
        root_action: Any = None
        in_tree = True
        playout = self.hints.playout
        candidates = self.hints.candidates
        depth_left = self.hints.playout_depth if self.hints.evaluate is not None else None
        others = self._others
        favour = self.hints.favour if candidates is not None else 0.0
        while True:
            seats = to_act(state)
            if not seats:
                scores, ranks = self._final(state)
                break
            actor = self.seat if not history and self.seat in seats else min(seats)
            legal = legal_actions(state, actor)
            if in_tree:
                if others is not None and actor != self.seat:
                    # `independent`: another seat's move cannot change this seat's score.
                    action = legal[0]
                else:
                    if candidates is not None:
                        legal = candidates(state, actor, legal)
                    seen = self._observation(state) if actor == self.seat and history else None
                    key = (actor, _masked(history, actor), seen)
                    node = nodes.get(key)
                    if node is None:
                        # Expansion: the new node's state is scored by the playout (or the
                        # evaluation) from here; its actions are tried on later visits.
                        nodes[key] = {}
                        in_tree = False
                        if history:
                            continue
                        node = nodes[key]
                    action = _select(node, legal, c, rnd, favour)
                    path.append((node[action], actor))
                    if not history:
                        root_action = action
                        root_edge = self._root_stats.setdefault(action, [0, 0.0, 0.0, 0.0])
                state = apply(state, actor, action)
                private = in_private_step(state, actor)
                history.append((actor, action, private))
                if private:
                    sealed.add(actor)
                if sealed:
                    history = _unseal(history, sealed, state, in_private_step)
                continue
            if depth_left is not None:
                if depth_left <= 0:
                    assert self.hints.evaluate is not None
                    scores = tuple(self.hints.evaluate(state))
                    ranks = _ranks([-s for s in scores] if self.game.info.lower_wins else scores)
                    break
                depth_left -= 1
            if others is not None and actor != self.seat:
                action = legal[0]
            elif playout is not None:
                action = playout(state, actor, legal, rnd)
            else:
                action = legal[int(rnd.random() * len(legal))]
            state = apply(state, actor, action)
        if others is not None:
            scores = tuple(score if s == self.seat else others[s] for s, score in enumerate(scores))
            ranks = _ranks([-s for s in scores] if self.game.info.lower_wins else scores)
        values, wins, margins = self._values(scores, ranks)
        for edge, actor in path:
            edge[0] += 1
            edge[1] += values[actor]
        if root_edge is not None and root_action is not None:
            root_edge[0] += 1
            root_edge[1] += values[self.seat]
            root_edge[2] += wins[self.seat]
            root_edge[3] += margins[self.seat]

    def _final(self, state: Any) -> tuple[tuple[float, ...], tuple[int, ...]]:
        outcome = self.game.outcome(state)
        assert outcome is not None
        return tuple(float(s) for s in outcome.scores), outcome.ranks

    def _values(
        self, scores: Sequence[float], ranks: Sequence[int]
    ) -> tuple[list[float], list[float], list[float]]:
        """Per seat: the objective's value, the share of the win and the score margin."""
        hints = self.hints
        n = len(scores)
        first = sum(1 for r in ranks if r == 1)
        wins = [1.0 / first if ranks[s] == 1 else 0.0 for s in range(n)]
        # The margin is positive when ahead: where fewer points win (Volta ao mundo's days), the
        # scores count negatively.
        signed = [-s for s in scores] if self.game.info.lower_wins else list(scores)
        margins = [signed[s] - max((signed[o] for o in range(n) if o != s), default=0.0) for s in range(n)]
        shaped = [0.5 + 0.5 * math.tanh(m / hints.margin_scale) for m in margins]
        if hints.objective == "margin":
            values = shaped
        else:
            w = hints.margin_weight
            values = [(1 - w) * wins[s] + w * shaped[s] for s in range(n)]
        return values, wins, margins

    def _result(self, legal: Sequence[Any], iterations: int, seconds: float) -> SearchResult:
        """Visits and value from the root node (a kept subtree included); win share and
        margin from this search's own iterations."""
        root = self._nodes.get((self.seat, (), None), {})
        stats = self._root_stats
        out = []
        for action in legal:
            edge = root.get(action)
            if edge is None or edge[0] == 0:
                out.append(ActionValue(action, 0, 0.0, 0.0, 0.0))
                continue
            n = edge[0]
            own = stats.get(action)
            m = own[0] if own else 0
            win = own[2] / m if own and m else 0.0
            margin = own[3] / m if own and m else 0.0
            out.append(ActionValue(action, int(n), edge[1] / n, win, margin))
        order = sorted(range(len(out)), key=lambda i: (-out[i].visits, -out[i].value, i))
        return SearchResult(out[order[0]].action, tuple(out), iterations, seconds)


def _masked(history: list[tuple[int, Any, bool]], actor: int) -> tuple[tuple[int, Any], ...]:
    """The actions since the root as `actor` knows them: others' private ones hidden."""
    return tuple((s, a if s == actor or not private else None) for s, a, private in history)


def _unseal(
    history: list[tuple[int, Any, bool]], sealed: set[int], state: Any, in_private_step: Any
) -> list[tuple[int, Any, bool]]:
    """Reveal the private actions of every seat whose private step has resolved."""
    opened = {s for s in sealed if not in_private_step(state, s)}
    if not opened:
        return history
    sealed -= opened
    return [(s, a, private and s not in opened) for s, a, private in history]


def _select(node: _Node, legal: Sequence[Any], c: float, rnd: Random, favour: float = 0.0) -> Any:
    """UCB1 with availability counts; an untried action first (drawn at random), the first
    action before the others when `favour` (`SearchHints.favour`) biases the search to it.

    One pass over the legal actions, each hashed once (actions are frozen dataclasses whose
    hash is recomputed on every lookup: this loop is the search's hot spot)."""
    get = node.get
    edges = []
    untried = []
    for i, action in enumerate(legal):
        edge = get(action)
        if edge is None:
            edge = node[action] = [0, 0.0, 0, 0.0]
        edge[2] += 1
        if not edge[0]:
            untried.append(i)
        edges.append(edge)
    if untried:
        if favour and untried[0] == 0:
            return legal[0]
        return legal[untried[int(rnd.random() * len(untried))]]
    best, best_u = 0, -1.0
    log, sqrt = math.log, math.sqrt
    for i, (n, total, avail, _) in enumerate(edges):
        u = total / n + c * sqrt(log(avail) / n)
        if u > best_u:
            best, best_u = i, u
    if favour:
        n, total, avail, _ = edges[0]
        if total / n + c * sqrt(log(avail) / n) + favour / (n + 1) > best_u:
            return legal[0]
    return legal[best]


def _ranks(scores: Sequence[float]) -> tuple[int, ...]:
    return tuple(1 + sum(1 for other in scores if other > s) for s in scores)


class MctsBot:
    """The ``mcts`` bot: ISMCTS with a budget of iterations or seconds.

    Args:
        game: the game it plays.
        seat: its seat.
        seed: its generator's seed; with an iteration budget the same seed gives the same moves.
        iterations: iterations per decision (default: the game's `SearchHints.iterations`).
        seconds: time per decision instead (the iterations then cap it).
        c: the UCB1 exploration constant (default: the game's `SearchHints.exploration`).
    """

    def __init__(
        self,
        game: Game[Any, Any, Any],
        seat: int,
        seed: int,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float | None = None,
    ) -> None:
        self.seat = seat
        hints = game.search_hints()
        self.searcher = Searcher(game, seat, seed, hints.exploration if c is None else c)
        default = hints.iterations
        if seconds is not None:
            self.budget = Budget(iterations if iterations is not None else 10**9, seconds)
        else:
            self.budget = Budget(iterations if iterations is not None else default)
        self.last: SearchResult | None = None

    def act_informed(self, view: JsonDict, legal: Sequence[Any], handle: InformationHandle) -> Any:
        """Search, then play the most visited action."""
        if len(legal) == 1:
            return legal[0]
        self.last = self.searcher.search(view, legal, handle, self.budget)
        return self.last.best

    def act(self, view: JsonDict, legal: Sequence[Any]) -> Any:
        """Refused: a search needs its handle (drive bots through `tabuleiro.bots.decide`)."""
        raise TypeError("the mcts bot searches: call tabuleiro.bots.decide, which hands it its handle")
