"""The game protocol every Tabuleiro game implements.

A game is an object of a `Game` subclass. States and actions are the game's own frozen
values; seats are ints ``0..n-1``. The protocol answers, for a state:

- `to_act` — the seats with a pending decision; several at once in a simultaneous step,
  where each seat's choice stays sealed until every seat has committed;
- `legal_actions` — every legal action of one seat, in a fixed order;
- `apply` — the checked transition, written once here for every game;
- `view` — the only thing that leaves the engine: JSON-safe and redacted for one seat
  (``None`` is a spectator);
- `outcome` — final scores with a per-category breakdown and the ranking, exactly at the end.

Chance comes only from the `Rng` a game keeps in its state, seeded by `setup`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, Protocol, TypeVar

from tabuleiro.core import undo
from tabuleiro.core.errors import IllegalActionError, Lang, SetupError
from tabuleiro.core.narration import SILENT, Event, Narration
from tabuleiro.core.options import Options
from tabuleiro.core.rng import MAX_SEED, Rng
from tabuleiro.core.search import SearchHints

if TYPE_CHECKING:
    from tabuleiro.core.encoding import Encoding

S = TypeVar("S")
A = TypeVar("A")
OptT = TypeVar("OptT", bound=Options)

JsonDict = dict[str, Any]


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game declares about itself (the catalogue entry)."""

    id: str
    name_pt: str
    name_en: str
    min_players: int
    max_players: int
    rules_version: str
    dynamics: Literal["sequential", "simultaneous", "mixed"]
    information: Literal["perfect", "imperfect"]
    chance: Literal["none", "seeded"]
    score_unit_pt: str = "pontos"
    score_unit_en: str = "points"
    lower_wins: bool = False
    """Whether the lowest score wins (a race counted in days)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final result of a match.

    Attributes:
        scores: final score per seat.
        breakdown: per seat, the score by category of the rulebook's score sheet; the
            values of one seat add up to its score.
        ranks: per seat, 1 for the winners, then 2, …; seats tied after every tie-break
            share a rank.
        details: per seat, JSON-safe facts behind the score (the score sheet's rows).
        overview: JSON-safe facts about the whole match (e.g. every scored line).
    """

    scores: tuple[int, ...]
    breakdown: tuple[Mapping[str, int], ...]
    ranks: tuple[int, ...]
    details: tuple[JsonDict, ...] = field(default=())
    overview: JsonDict = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats ranked first."""
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    def to_json(self) -> JsonDict:
        """JSON-safe form."""
        return {
            "scores": list(self.scores),
            "breakdown": [dict(b) for b in self.breakdown],
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "details": [dict(d) for d in self.details],
            "overview": dict(self.overview),
        }


def competition_ranks(keys: Sequence[Any]) -> tuple[int, ...]:
    """Ranks for comparable keys (higher is better): 1 + the number of seats strictly ahead.

    Seats with equal keys share a rank ("1, 1, 3").
    """
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


class Bot(Protocol[A]):
    """A player program. It sees only its seat's view and legal actions."""

    def act(self, view: JsonDict, legal: Sequence[A]) -> A:
        """Choose one of `legal` (never empty)."""
        ...


BotFactory = Callable[[int, int], "Bot[Any]"]
"""Builds a bot for (seat, seed)."""


class Game(ABC, Generic[S, A, OptT]):
    """Base class of every game: the protocol plus the checked `apply` pipeline."""

    info: ClassVar[GameInfo]
    options_type: ClassVar[type[Options]]

    # -- setup ----------------------------------------------------------------------------

    def new_state(self, players: int, seed: int, options: OptT | Mapping[str, object] | None = None) -> S:
        """A new match, after validating the player count, seed and options.

        Raises:
            SetupError: player count or seed out of range.
            OptionError: unknown option name or bad value.
        """
        info = self.info
        if not info.min_players <= players <= info.max_players:
            low, high = info.min_players, info.max_players
            raise SetupError(
                f"{info.id} is played by {low} to {high} players, not {players}",
                f"{info.name_pt} é jogado por {low} a {high} jogadores, não {players}",
                code="bad_player_count",
            )
        if not 0 <= seed <= MAX_SEED:
            raise SetupError(
                f"seed must be an integer from 0 to {MAX_SEED}, not {seed}",
                f"a semente deve ser um inteiro de 0 a {MAX_SEED}, não {seed}",
                code="bad_seed",
            )
        typed = self.make_options(options)
        self.check_setup(players, typed)
        return self.setup(players, seed, typed)

    def check_setup(self, players: int, options: OptT) -> None:
        """Refuse option combinations the rulebook forbids, or that do not fit `players`.

        Raises:
            OptionError: naming the rule.
        """

    def make_options(self, options: OptT | Mapping[str, object] | None = None) -> OptT:
        """Typed options from a mapping of raw values (defaults for what is missing)."""
        if isinstance(options, self.options_type):
            return options
        raw: Mapping[str, object] = options if isinstance(options, Mapping) else {}
        return self.options_type.parse(raw)  # type: ignore[return-value]

    @abstractmethod
    def setup(self, players: int, seed: int, options: OptT) -> S:
        """The initial state; the only place a seed enters. Inputs are already valid."""

    @abstractmethod
    def num_players(self, state: S) -> int:
        """The number of seats."""

    @abstractmethod
    def options_of(self, state: S) -> OptT:
        """The options the match was set up with."""

    # -- turn structure ---------------------------------------------------------------------

    @abstractmethod
    def to_act(self, state: S) -> frozenset[int]:
        """The seats with a pending decision; empty exactly when the game is over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> Sequence[A]:
        """Every legal action of `seat`, in a fixed order; empty when it has nothing to do."""

    def has_committed(self, state: S, seat: int) -> bool:
        """True when `seat` has a sealed choice in the current simultaneous step."""
        return False

    def in_private_step(self, state: S, seat: int) -> bool:
        """True while `seat` acts in a simultaneous step whose choices stay hidden from the
        others until the step resolves, whether or not it has finished choosing.

        Logs keep the seat's actions of that step from the other seats meanwhile. The
        default fits steps of one sealed action each (Avenue's road card); a game whose
        seats make several private choices in one step (Sonora's scoring) says so here.
        """
        return self.has_committed(state, seat)

    def undoable(self, before: S, seat: int, action: A, after: S) -> bool:
        """Whether `seat` may take back `action`, which led from `before` to `after`.

        The default is the strict reading of `tabuleiro.core.undo`: never after chance, a
        reveal or the end of the turn, and only when the choice is sealed in an unresolved
        simultaneous step or nobody else sees any change. Games whose turns hold several open
        decisions widen it with `tabuleiro.core.undo.within_turn`.
        """
        return undo.unseen_or_sealed(self, before, seat, action, after)

    def chance_state(self, state: S) -> object:
        """The part of `state` that chance draws from (its generator, ``state.rng`` by
        default); an action that changes it drew chance and cannot be taken back."""
        return getattr(state, "rng", None)

    def sampled_fields(self) -> Mapping[type, frozenset[str]]:
        """Per action type, the fields whose legal values form a continuum of which
        `legal_actions` lists only a grid (Sonora's flick); every other legal action is listed.

        The malformed-action check of the conformance harness tries only values no rule could
        allow in these fields.
        """
        return {}

    def illegal_reason(self, state: S, seat: int, action: A) -> IllegalActionError | None:
        """Why `action` is not legal for `seat` (a seat in `to_act`), or None when legal.

        Games override this with a cheaper check and messages that name the rule.
        """
        if action in self.legal_actions(state, seat):
            return None
        text = self._action_text(action)
        return IllegalActionError(f"{text} is not a legal move now", f"{text} não é uma jogada válida agora")

    @abstractmethod
    def apply_unchecked(self, state: S, seat: int, action: A) -> S:
        """The transition, without any check: the caller guarantees legality.

        Search code may call it directly; everything else calls `apply`.
        """

    def apply(self, state: S, seat: int, action: A) -> S:
        """The state after `seat` plays `action`; the input state is never changed.

        Checks run once, in this order: game over, not your turn, already committed,
        not legal.

        Raises:
            IllegalActionError: with code ``game_over``, ``not_your_turn``,
                ``already_committed`` or ``not_legal``.
        """
        to_act = self.to_act(state)
        if seat not in to_act:
            text = self._action_text(action)
            if not to_act:
                raise IllegalActionError(
                    "the game is over", "a partida terminou", code="game_over", seat=seat, action=text
                )
            if self.has_committed(state, seat):
                raise IllegalActionError(
                    f"player {seat + 1} has already chosen for this step; wait for the others",
                    f"o jogador {seat + 1} já escolheu nesta etapa; aguarde os demais",
                    code="already_committed",
                    seat=seat,
                    action=text,
                )
            # People read these messages: players are numbered from 1 (the `seat` field keeps the index).
            waiting = ", ".join(str(s + 1) for s in sorted(to_act))
            raise IllegalActionError(
                f"it is not player {seat + 1}'s turn (waiting for player {waiting})",
                f"não é a vez do jogador {seat + 1} (aguardando o jogador {waiting})",
                code="not_your_turn",
                seat=seat,
                action=text,
            )
        error = self.illegal_reason(state, seat, action)
        if error is not None:
            error.seat = seat
            error.action = self._action_text(action)
            raise error
        return self.apply_unchecked(state, seat, action)

    def _action_text(self, action: A) -> str:
        """The notation of `action` for an error message; a value built directly in Python
        that names nothing the notation can write is shown as Python writes it."""
        try:
            text = self.format_action(action)
        except (LookupError, TypeError, ValueError, AttributeError):
            text = None
        return text if isinstance(text, str) else repr(action)[:120]

    # -- end --------------------------------------------------------------------------------

    def is_terminal(self, state: S) -> bool:
        """True when the game is over."""
        return not self.to_act(state)

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Scores, breakdown and ranking; None until the game is over."""

    @abstractmethod
    def max_decisions(self, players: int, options: OptT) -> int:
        """An upper bound on the number of decisions (applied actions) in one match."""

    # -- information ------------------------------------------------------------------------

    @abstractmethod
    def view(self, state: S, seat: int | None) -> JsonDict:
        """What `seat` (None: a spectator) may know, JSON-safe."""

    @abstractmethod
    def sample_consistent(self, state: S, seat: int | None, rng: Rng) -> S:
        """A full state `seat` cannot tell apart from `state`: every hidden part re-drawn.

        Used by the leak audit (the seat's view must not change) and by search bots.
        """

    # -- notation ---------------------------------------------------------------------------

    @abstractmethod
    def format_action(self, action: A) -> str:
        """The action's text notation; `parse_action` reads it back."""

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """The action written as `text`.

        Raises:
            InvalidActionError: text that is not an action of this game.
        """

    @abstractmethod
    def action_to_json(self, action: A) -> JsonDict:
        """The action's JSON form; `action_from_json` reads it back."""

    @abstractmethod
    def action_from_json(self, data: object) -> A:
        """The action in JSON form.

        Raises:
            InvalidActionError: data that is not an action of this game.
        """

    # -- presentation and tooling -----------------------------------------------------------

    @abstractmethod
    def render(self, state: S, seat: int | None, lang: Lang = "pt") -> str:
        """A plain-text picture of what `seat` sees, for terminals and golden files."""

    def describe_action(self, action: A, lang: Lang = "pt") -> str:
        """The action in plain words (logs, move lists); the notation by default."""
        return self.format_action(action)

    def narrate(
        self, seat: int, action: A, before: JsonDict, after: JsonDict, lang: Lang = "pt"
    ) -> Narration:
        """`seat`'s `action` and what followed it, in the game's own words, told from the
        spectator views of the table just before and just after it (`view(state, None)`).

        Working from spectator views keeps the log from telling anyone more than the board
        does. Nothing by default: the log then shows `describe_action`.
        """
        return SILENT

    def narrate_opening(self, view: JsonDict, lang: Lang = "pt") -> tuple[Event, ...]:
        """What chance put on the table before the first move (the first cards turned face
        up), told from the opening's spectator view; nothing by default."""
        return ()

    def bots(self) -> Mapping[str, BotFactory]:
        """The game's own bots by name (generic bots are added by `tabuleiro.bots`)."""
        return {}

    def default_bot(self) -> str:
        """The bot that fills a seat nobody asked for."""
        return "random"

    def search_hints(self) -> SearchHints:
        """Advice to the generic search bot (objective, budget, playout, evaluation)."""
        return SearchHints()

    def encoding(self) -> Encoding[A] | None:
        """The game's fixed-shape observation and action space for learning agents, if any."""
        return None

    def check_invariants(self, state: S) -> None:
        """Raise AssertionError when `state` breaks a conservation law (tests only)."""

    def new_rng(self, seed: int) -> Rng:
        """The generator a match with `seed` starts from."""
        return Rng.from_seed(seed)
