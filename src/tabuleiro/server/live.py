"""Live matches: the state in memory, the log as each seat may read it, bots and listeners.

A `LiveMatch` is rebuilt from its stored record by replaying it, so a restarted server
resumes every match where it was. Changes follow one path: work out the new states (the
action, then any bots' actions), store them in one transaction, and only then take them
into memory and push each listener its seat's update. Nothing reaches memory or a client
before it is stored.

Listeners get what changed: a ``delta`` per change (the new state with only the log entries
that are new or that a resolved step unsealed) and ``presence`` when a seat's socket opens or
closes. Seats belong to whoever took them (`tabuleiro.server.claims`); absent seats and turn
clocks follow `tabuleiro.server.clocks`; the seed is committed to (`tabuleiro.server.fairness`).

The server reaches games only through the registry and the protocol (`tabuleiro.core`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import hmac
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from tabuleiro.bots import bot_spec, decide, make_bot
from tabuleiro.core import (
    Bot,
    Game,
    JsonDict,
    RngStream,
    TabuleiroError,
    derive_seed,
    get_game,
    new_record,
)
from tabuleiro.core.undo import UNDO, UndoWindow, not_undoable
from tabuleiro.play import narration
from tabuleiro.play.session import HUMAN, parse_seats
from tabuleiro.server import clocks, fairness
from tabuleiro.server.claims import (
    LOCAL,
    SeatKind,
    check_seat,
    clean_name,
    new_invite,
    new_token,
    read_seats,
    secret_hash,
)
from tabuleiro.server.clocks import enforce_clock
from tabuleiro.server.errors import ApiError
from tabuleiro.server.hints import hint_spec
from tabuleiro.server.limits import Limits
from tabuleiro.server.store import (
    Append,
    DamagedMatch,
    SeatTerms,
    StaleWrite,
    Store,
    StoredMatch,
    now,
)

log = logging.getLogger("tabuleiro.server")

BOT_SEED_BASE = 1 << 20
"""Bots are seeded as in `tabuleiro.play.Session`: derive_seed(match seed, base + seat)."""
BOT_CHAIN = 400
"""Bot decisions made inside one request; longer chains go on in the background."""
BOT_SECONDS = 2.0
"""Bot thinking time inside one request; slower bots go on in the background."""
ID_LENGTH = 12

T = TypeVar("T")
Step = tuple[int, Any, Any]
"""(seat, action, state after it)."""


class TakeBack:
    """The action of a step that takes back its seat's latest action (`tabuleiro.core.undo`)."""

    __slots__ = ()


TAKE_BACK = TakeBack()


class Listener(Protocol):
    """Someone following a match live (a WebSocket)."""

    seat: int | None

    def push(self, text: str) -> None:
        """Queue one message; never blocks."""


token_hash = secret_hash


@dataclass(slots=True)
class LogEntry:
    """One accepted action as the log shows it; `sealed` while others may not see it yet.

    Both forms are kept as JSON text too: an update carries the whole log, and joining
    ready-made text is what keeps pushing updates cheap as a match grows long.
    """

    seat: int
    shown: JsonDict
    sealed: bool
    hidden: JsonDict
    shown_text: str = field(init=False)
    hidden_text: str = field(init=False)

    def __post_init__(self) -> None:
        self.shown_text = dumps(self.shown)
        self.hidden_text = dumps(self.hidden)

    def for_seat(self, seat: int | None) -> JsonDict:
        """The entry as `seat` may read it."""
        return self.hidden if self.sealed and self.seat != seat else self.shown

    def text_for(self, seat: int | None) -> str:
        """`for_seat` as JSON text."""
        return self.hidden_text if self.sealed and self.seat != seat else self.shown_text


class LiveMatch:
    """One match in memory."""

    def __init__(self, stored: StoredMatch, game: Game[Any, Any, Any]) -> None:
        self.id = stored.id
        self.game = game
        self.stored = stored
        self.players = stored.players
        self.control = list(stored.control)
        self.terms = list(stored.seat_terms) or [
            SeatTerms(kind=LOCAL if token is not None else "bot") for token in stored.tokens
        ]
        self.tokens = [own or terms.token for own, terms in zip(stored.tokens, self.terms, strict=True)]
        self.seed_commitment = fairness.commitment(stored.seed, stored.salt) if stored.salt else None
        self.attendance = clocks.Attendance(stored.players, clocks.now())
        self._last_pushed = 0
        self._dirty_from: int | None = None
        self.mixed = stored.mixed
        self.waiting = self.mixed and not self._contributions_complete()
        self.seed = self._final_seed() if self.mixed and not self.waiting else stored.seed
        self.state: Any = game.new_state(stored.players, self.seed, stored.options)
        self._public: JsonDict = game.view(self.state, None)
        self.opening = narration.opening(game, self._public)
        self.actions: list[tuple[int, str]] = []
        self.log: list[LogEntry] = []
        self._sealed: list[int] = []
        self.bots: dict[int, Bot[Any]] = {}
        self.lock = asyncio.Lock()
        self.listeners: set[Listener] = set()
        self._texts: dict[tuple[int | None, bool], str] = {}
        self.background: asyncio.Task[None] | None = None
        self.window = UndoWindow(game)
        for seat, text in stored.actions:
            self.replay_stored(seat, text)
        self._last_pushed = self.state_id
        self._dirty_from = None
        self.attendance.turns([] if self.waiting else game.to_act(self.state), clocks.now())

    def _contributions_complete(self) -> bool:
        return all(t.entropy is not None for t in self.terms if t.kind == "human")

    def _final_seed(self) -> int:
        contributions = [str(t.entropy) for t in self.terms if t.kind == "human"]
        return fairness.mixed_seed(self.stored.seed, self.stored.salt, contributions)

    def start_if_ready(self) -> bool:
        """A match whose invited players mix in entropy: deal from the mixed seed once the last
        contribution is in (nothing has been played before). True when it started now."""
        if not self.waiting or not self._contributions_complete():
            return False
        self.waiting = False
        self.seed = self._final_seed()
        self.state = self.game.new_state(self.players, self.seed, self.stored.options)
        self._public = self.game.view(self.state, None)
        self.opening = narration.opening(self.game, self._public)
        self.window = UndoWindow(self.game)
        self.bots.clear()
        self._texts.clear()
        self.attendance.turns(self.game.to_act(self.state), clocks.now())
        return True

    @property
    def state_id(self) -> int:
        """The number of accepted actions."""
        return len(self.actions)

    @property
    def finished(self) -> bool:
        """True once the game is over."""
        return self.game.is_terminal(self.state)

    # -- taking accepted actions in -----------------------------------------------------

    def replay_stored(self, seat: int, text: str) -> None:
        """Take in one stored log entry: an action, or a take-back.

        Raises:
            TabuleiroError: an entry the rules do not accept here.
        """
        if text == UNDO:
            after = self.window.preview(seat)
            if after is None:
                raise not_undoable()
            self.record(seat, TAKE_BACK, after)
            return
        action = self.game.parse_action(text)
        self.record(seat, action, self.game.apply(self.state, seat, action))

    def can_undo(self, seat: int | None) -> bool:
        """Whether `seat`'s person may take back its latest action now."""
        if seat is None or self.waiting or self.control[seat] != HUMAN:
            return False
        return self.window.can_undo(seat)

    def record(self, seat: int, action: Any, state: Any) -> None:
        """Take one accepted (and stored) action, or take-back, into memory.

        A seat's action stays sealed from the others while that seat is in a private
        simultaneous step (`Game.in_private_step`); once the step resolves, it shows in
        everyone's log. A take-back marks the action it removes as undone; if that action
        was sealed it stays sealed for good (the others never learn a choice taken back).
        """
        if isinstance(action, TakeBack):
            self._record_undo(seat, state)
            return
        game = self.game
        self.window.push(seat, action, self.state, state)
        notation = game.format_action(action)
        index = len(self.actions)
        sealed = game.in_private_step(state, seat)
        public = game.view(state, None)
        told = narration.tell(game, seat, action, self._public, public)
        self._public = public
        shown = {"index": index, "seat": seat, "sealed": False, "notation": notation, **told}
        hidden = {
            "index": index,
            "seat": seat,
            "sealed": True,
            "notation": None,
            "text": None,
            "events": told["events"],
        }
        self.actions.append((seat, notation))
        self.log.append(LogEntry(seat, shown, sealed, hidden))
        still = []
        for i in self._sealed:
            if game.in_private_step(state, self.log[i].seat):
                still.append(i)
            else:
                self.log[i].sealed = False
        changed = [i for i in self._sealed if i not in still]
        if sealed:
            still.append(index)
        self._sealed = still
        self.state = state
        self._texts.clear()
        first = min([index, *changed])
        self._dirty_from = first if self._dirty_from is None else min(self._dirty_from, first)
        self.attendance.turns(game.to_act(state), clocks.now())

    def _record_undo(self, seat: int, state: Any) -> None:
        self.window.undo(seat)
        index = len(self.actions)
        undone = next(
            i
            for i in range(len(self.log) - 1, -1, -1)
            if self.log[i].seat == seat
            and not self.log[i].shown.get("undone")
            and self.log[i].shown["notation"] != UNDO
        )
        target = self.log[undone]
        for doc in (target.shown, target.hidden):
            doc["undone"] = True
        target.__post_init__()
        self._sealed = [i for i in self._sealed if i != undone]
        shown = {
            "index": index,
            "seat": seat,
            "sealed": False,
            "notation": UNDO,
            "text": narration.words("undo"),
            "undo": undone,
        }
        self.actions.append((seat, UNDO))
        self.log.append(LogEntry(seat, shown, False, shown))
        self.state = state
        self._public = self.game.view(state, None)
        self._texts.clear()
        self._dirty_from = undone if self._dirty_from is None else min(self._dirty_from, undone)
        self.attendance.turns(self.game.to_act(state), clocks.now())

    def current_for(self, seat: int, state_id: int) -> bool:
        """Whether an action `seat` chose looking at `state_id` may still be taken.

        Yes at the current state; and at an older one when every action since then is another
        seat's choice still sealed in the same simultaneous step: those cannot have changed
        what `seat` saw or may do, so simultaneous players never reject each other's commits
        as stale (the fault boardgame.io users report most, issue #828). Another seat taking
        back such a sealed choice changes nothing `seat` saw either.
        """
        if state_id == self.state_id:
            return True
        if not 0 <= state_id < self.state_id:
            return False
        return all(entry.seat != seat and self._unseen(entry) for entry in self.log[state_id:])

    def _unseen(self, entry: LogEntry) -> bool:
        """A sealed choice, or the take-back of one."""
        if entry.shown["notation"] == UNDO:
            return bool(self.log[entry.shown["undo"]].sealed)
        return entry.sealed

    # -- seats ------------------------------------------------------------------------------

    def seat_of(self, token: str) -> int:
        """The seat whose token this is.

        Raises:
            ApiError: ``bad_token``.
        """
        digest = token_hash(token)
        for seat, stored in enumerate(self.tokens):
            if stored is not None and hmac.compare_digest(stored, digest):
                self.attendance.touch(seat, clocks.now())
                return seat
        raise ApiError(
            "bad_token",
            "this token is not one of this match's seats",
            "este código não é de nenhum assento desta partida",
        )

    def connected(self, seat: int) -> bool:
        """True while someone follows the match live as `seat`."""
        return any(listener.seat == seat for listener in self.listeners)

    def bot(self, seat: int) -> Bot[Any]:
        """The bot playing `seat` (built on first use)."""
        bot = self.bots.get(seat)
        if bot is None:
            name = self.control[seat].removeprefix("bot:")
            bot = make_bot(self.game, name, seat, derive_seed(self.seed, BOT_SEED_BASE + seat))
            self.bots[seat] = bot
        return bot

    def seats_json(self) -> list[JsonDict]:
        """Who plays each seat, their display name, and whether they are connected."""
        out = []
        for seat, kind in enumerate(self.control):
            terms = self.terms[seat]
            out.append(
                {
                    "seat": seat,
                    "kind": "human" if kind == HUMAN else "bot",
                    "bot": None if kind == HUMAN else kind.removeprefix("bot:"),
                    "stand_in": kind != HUMAN and terms.kind != "bot",
                    "connected": self.connected(seat),
                    "name": terms.name,
                    "invited": terms.kind == "human",
                    "claimed": terms.kind != "human" or self.tokens[seat] is not None,
                    "forfeited": terms.forfeited,
                    "on_timeout": terms.on_timeout,
                }
            )
        return out

    def take_seats(self, stored: StoredMatch) -> None:
        """Take in the seats' claims, names and forfeits as stored (by another server process)."""
        if stored.seat_terms:
            self.terms = list(stored.seat_terms)
            self.tokens = [own or terms.token for own, terms in zip(stored.tokens, self.terms, strict=True)]
            self._texts.clear()
            self.start_if_ready()

    def both_local(self, a: int, b: int) -> bool:
        """True when seats `a` and `b` are both played on the creator's device."""
        return self.terms[a].kind == LOCAL and self.terms[b].kind == LOCAL

    # -- what a seat sees -------------------------------------------------------------------

    def payload(self, seat: int | None) -> JsonDict:
        """The update for `seat` (None: a spectator)."""
        return {
            **self._head(seat),
            "legal_actions": [entry for entry, _ in self._legal(seat)],
            "log": [e.for_seat(seat) for e in self.log],
        }

    def _legal(self, seat: int | None) -> list[tuple[JsonDict, str]]:
        """The seat's legal actions as entries (and their JSON text); none for a bot's seat."""
        game, state = self.game, self.state
        if self.waiting or seat is None or self.control[seat] != HUMAN or seat not in game.to_act(state):
            return []
        return [legal_entry(game, action) for action in game.legal_actions(state, seat)]

    def _head(self, seat: int | None) -> JsonDict:
        """The update for `seat` without its legal actions and log."""
        game, state = self.game, self.state
        outcome = game.outcome(state)
        digest = fairness.record_digest(self.seed_commitment, self.actions) if outcome is not None else None
        return {
            "id": self.id,
            "game": game.info.id,
            "players": self.players,
            "seed_commitment": self.seed_commitment,
            "clock": self.stored.clock,
            "grace": self.stored.grace,
            "seat": seat,
            "state_id": self.state_id,
            "waiting": self.waiting,
            "mixed": self.mixed,
            "hints": self.stored.hints is not None,
            # while invited players' entropy is awaited there is no deal yet: nothing to show
            "to_act": [] if self.waiting else sorted(game.to_act(state)),
            "committed": [
                s for s in range(self.players) if not self.waiting and game.has_committed(state, s)
            ],
            "undo": self.can_undo(seat),
            "view": {} if self.waiting else game.view(state, seat),
            "outcome": outcome.to_json() if outcome is not None else None,
            "record_digest": digest,
            "seats": self.seats_json(),
            "opening": [] if self.waiting else self.opening,
        }

    def text(self, seat: int | None, message: bool = True) -> str:
        """`payload` as JSON text: a WebSocket message (``"type": "update"``) or, without
        `message`, an API answer. Cached until the match changes; the legal actions and the
        log are joined from JSON text made once per action."""
        key = (seat, message)
        cached = self._texts.get(key)
        if cached is None:
            head = dumps({"type": "update", **self._head(seat)} if message else self._head(seat))
            legal = ",".join(text for _, text in self._legal(seat))
            log = ",".join(entry.text_for(seat) for entry in self.log)
            cached = f'{head[:-1]},"legal_actions":[{legal}],"log":[{log}]}}'
            self._texts[key] = cached
        return cached

    def broadcast(self) -> None:
        """Push every listener what changed for its seat since the last push: a ``delta``
        with the new state's head, legal actions and view, and only the log entries from
        ``log_from`` on (new ones, and earlier ones that a resolved step unsealed)."""
        self._texts.clear()
        start = len(self.log) if self._dirty_from is None else self._dirty_from
        before = self._last_pushed
        self._last_pushed = self.state_id
        self._dirty_from = None
        texts: dict[int | None, str] = {}
        for listener in list(self.listeners):
            text = texts.get(listener.seat)
            if text is None:
                text = texts[listener.seat] = self.delta_text(listener.seat, before, start)
            listener.push(text)

    def delta_text(self, seat: int | None, before: int, start: int) -> str:
        """The ``delta`` message for `seat`: from state `before`, log entries from `start`."""
        head = dumps({"type": "delta", "from": before, "log_from": start, **self._head(seat)})
        legal = ",".join(text for _, text in self._legal(seat))
        log = ",".join(entry.text_for(seat) for entry in self.log[start:])
        return f'{head[:-1]},"legal_actions":[{legal}],"log":[{log}]}}'

    def announce_presence(self) -> None:
        """Push every listener who is connected now (a socket opened or closed): presence only."""
        self._texts.clear()
        text = dumps({"type": "presence", "state_id": self.state_id, "seats": self.seats_json()})
        for listener in list(self.listeners):
            listener.push(text)

    def record_json(self, seat: int | None) -> JsonDict:
        """The match record; while the match is on, without the seed and without the choices
        still sealed from `seat`."""
        outcome = self.game.outcome(self.state)
        described = tuple(self.stored.seats)
        base = new_record(self.game, self.players, self.seed, self.stored.options, described)
        doc = base.to_json()
        doc["id"] = self.id
        doc["names"] = [terms.name for terms in self.terms]
        doc["seed_commitment"] = self.seed_commitment
        doc["seed_scheme"] = fairness.SCHEME
        doc["mixed"] = self.mixed
        if outcome is not None:
            doc["seed_salt"] = self.stored.salt or None
            if self.mixed:
                doc["server_seed"] = self.stored.seed
                doc["contributions"] = [t.entropy for t in self.terms if t.kind == "human"]
            doc["actions"] = [[s, text] for s, text in self.actions]
            doc["outcome"] = outcome.to_json()
            doc["record_digest"] = fairness.record_digest(self.seed_commitment, self.actions)
            return doc
        doc["seed"] = None
        doc["seed_salt"] = None
        doc["record_digest"] = None
        doc["actions"] = [
            [entry.seat, None if entry.sealed and entry.seat != seat else entry.shown["notation"]]
            for entry in self.log
        ]
        return doc


_ENTRIES: dict[tuple[str, object], tuple[JsonDict, str]] = {}
_MAX_ENTRIES = 100_000


def legal_entry(game: Game[Any, Any, Any], action: object) -> tuple[JsonDict, str]:
    """A legal action as the API lists it — JSON form, notation, words in both languages —
    and as JSON text. These depend on the action alone, so they are made once per action."""
    key = (game.info.id, action)
    try:
        found = _ENTRIES.get(key)
    except TypeError:  # an unhashable action value
        found = None
        key = ("", None)
    if found is None:
        entry = {
            "action": game.action_to_json(action),
            "notation": game.format_action(action),
            "text": {"pt": game.describe_action(action, "pt"), "en": game.describe_action(action, "en")},
        }
        found = (entry, dumps(entry))
        if key[0]:
            if len(_ENTRIES) >= _MAX_ENTRIES:
                _ENTRIES.clear()
            _ENTRIES[key] = found
    return found


def dumps(doc: object) -> str:
    """Compact JSON."""
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


class Hub:
    """Every live match of this server process, over one store."""

    def __init__(self, store: Store, limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.max_live = self.limits.max_live
        self.live: OrderedDict[str, LiveMatch] = OrderedDict()
        # Several server processes may share a PostgreSQL database: each request then checks
        # that the match in memory has every stored action.
        self.shared = not store.is_sqlite
        self._loading = asyncio.Lock()
        self._io: ThreadPoolExecutor | None = None
        self._thinking: ThreadPoolExecutor | None = None
        self._appends: list[tuple[Append, asyncio.Future[bool]]] = []
        self._writing = False

    async def io(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a blocking storage call off the event loop."""
        if self._io is None:
            # SQLite takes one writer at a time: one storage thread; PostgreSQL takes several.
            workers = 1 if self.store.is_sqlite else 4
            self._io = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="store")
        return await asyncio.get_running_loop().run_in_executor(self._io, fn, *args)

    async def bots(self, match: LiveMatch, state: Any, budget: int = BOT_CHAIN) -> list[Step]:
        """The bots' decisions from `state` (see `_bot_steps`), worked out off the event loop
        so that a slow bot in one match does not hold up the others."""
        if self._thinking is None:
            self._thinking = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bots")
        deadline = time.monotonic() + BOT_SECONDS
        return await asyncio.get_running_loop().run_in_executor(
            self._thinking, self._bot_steps, match, state, budget, deadline
        )

    async def append(self, match_id: str, start: int, entries: list[tuple[int, str]], finished: bool) -> None:
        """Store accepted actions; returns once they are on disk.

        Appends that arrive while a transaction is being written go together in the next
        one, so the disk syncs once for many matches (group commit).

        Raises:
            StaleWrite: another server process stored an action at one of these indices.
        """
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._appends.append(((match_id, start, entries, finished), done))
        if not self._writing:
            self._writing = True
            asyncio.get_running_loop().create_task(self._write())
        if not await done:
            raise StaleWrite(match_id)

    async def _write(self) -> None:
        try:
            while self._appends:
                batch, self._appends = self._appends, []
                try:
                    results = await self.io(self.store.append_many, [item for item, _ in batch])
                except Exception as exc:
                    for _, done in batch:
                        if not done.done():  # a request that went away has cancelled its future
                            done.set_exception(exc)
                    continue
                for (_, done), ok in zip(batch, results, strict=True):
                    if not done.done():
                        done.set_result(ok)
        finally:
            self._writing = False

    def close(self) -> None:
        """Stop the storage threads, background bots and database connections (the hub can be
        used again afterwards: they start anew)."""
        for match in self.live.values():
            if match.background is not None:
                match.background.cancel()
        if self._io is not None:
            self._io.shutdown(wait=True)
            self._io = None
        if self._thinking is not None:
            self._thinking.shutdown(wait=True)
            self._thinking = None
        self.store.close()

    # -- finding matches --------------------------------------------------------------------

    async def get(self, match_id: str) -> LiveMatch:
        """The live match `match_id`, loaded from the store on first use.

        Raises:
            ApiError: ``match_not_found``; ``bad_record`` or ``rules_version`` when the stored
                match no longer replays under this build.
        """
        match = self.live.get(match_id)
        if match is not None:
            self.live.move_to_end(match_id)
            if self.shared:
                await self.sync([match_id])
            await enforce_clock(self, match)
            return match
        if len(match_id) > 32:
            raise _not_found(match_id)
        async with self._loading:
            match = self.live.get(match_id)
            if match is None:
                try:
                    stored = await self.io(self.store.load, match_id)
                except DamagedMatch as exc:
                    log.error("damaged match %s: %s", exc.match_id, exc.reason)
                    raise ApiError(
                        "damaged_match",
                        f"the stored match is damaged ({exc.reason}); it is not replayed",
                        f"a partida guardada está danificada ({exc.reason}); não é reproduzida",
                    ) from None
                if stored is None:
                    raise _not_found(match_id)
                match = _revive(stored)
                self._keep(match)
        await enforce_clock(self, match)
        if any(kind != HUMAN for kind in match.control):
            await self._settle(match)
        return match

    def _keep(self, match: LiveMatch) -> None:
        self.live[match.id] = match
        if len(self.live) > self.max_live:
            for key, old in list(self.live.items())[: len(self.live) - self.max_live]:
                if not old.listeners and not old.lock.locked() and old.background is None:
                    del self.live[key]

    async def recent(self, limit: int) -> list[JsonDict]:
        """The newest matches, for the lobby."""
        rows = await self.io(self.store.recent, limit)
        out = []
        for row in rows:
            live = self.live.get(row.id)
            out.append(
                {
                    "id": row.id,
                    "game": row.game,
                    "players": row.players,
                    "seats": list(live.control if live else row.seats),
                    "state_id": live.state_id if live else row.state_id,
                    "finished": live.finished if live else row.finished,
                    "created": row.created,
                    "seed_commitment": fairness.commitment(row.seed, row.salt) if row.salt else None,
                    "names": [t.name for t in live.terms] if live else list(row.names),
                    "last_move": row.last_move,
                }
            )
        return out

    async def summaries(self, match_ids: Sequence[str]) -> list[JsonDict]:
        """One line per match for a player's own list: who sits where, whose turn it is, when
        it last moved. A match that is not found (or does not replay) is marked missing."""
        found: list[LiveMatch] = []
        out: list[JsonDict] = []
        for match_id in match_ids:
            try:
                found.append(await self.get(match_id))
            except ApiError as exc:
                out.append({"id": match_id, "missing": True, "code": exc.code})
        last = await self.io(self.store.last_moves, [m.id for m in found]) if found else {}
        for match in found:
            outcome = match.game.outcome(match.state)
            out.append(
                {
                    "id": match.id,
                    "missing": False,
                    "game": match.game.info.id,
                    "players": match.players,
                    "created": match.stored.created,
                    "last_move": last.get(match.id),
                    "state_id": match.state_id,
                    "finished": outcome is not None,
                    "waiting": match.waiting,
                    "to_act": [] if match.waiting else sorted(match.game.to_act(match.state)),
                    "winners": list(outcome.winners) if outcome is not None else None,
                    "seats": [
                        {"seat": s["seat"], "kind": s["kind"], "bot": s["bot"], "name": s["name"]}
                        for s in match.seats_json()
                    ],
                }
            )
        order = {match_id: i for i, match_id in enumerate(match_ids)}
        return sorted(out, key=lambda doc: order[doc["id"]])

    # -- changing matches -------------------------------------------------------------------

    async def create(
        self,
        game_id: str,
        players: int,
        options: dict[str, bool | int | str],
        seats: Sequence[str],
        seed: int | None,
        *,
        names: Sequence[str | None] = (),
        grace: float = clocks.DEFAULT_GRACE,
        clock: float | None = None,
        on_timeout: str = "bot",
        mix_entropy: bool = False,
        hints: str | None = None,
    ) -> tuple[LiveMatch, list[tuple[SeatKind, str | None]]]:
        """A new match; returns it and each seat's kind with its secret: the token of a
        ``local`` seat, the one-time invite code of a ``human`` seat, None for a bot's.

        The seed is drawn from the cryptographic source; a chosen `seed` is accepted only
        when no seat is an invited person's (practice on one device, reproducible).

        Raises:
            ApiError: ``seed_refused``, ``bots_only``, ``bad_name`` and the engine's setup
                codes (``unknown_game``, ``bad_player_count``, ``bad_option``, ``unknown_bot`` …).
        """
        requested = read_seats(seats)
        wanted = [r.kind for r in requested]
        try:
            game = get_game(game_id)
            searcher = hint_spec(game, hints)
            kinds = parse_seats(game, players, [r.engine for r in requested])
            wanted += ["bot"] * (len(kinds) - len(wanted))
            if seed is not None and "human" in wanted:
                raise ApiError(
                    "seed_refused",
                    "a chosen seed is only for matches whose people all play on this device "
                    "(local seats); with invited players the server draws the seed",
                    "uma semente escolhida só vale para partidas cujas pessoas jogam todas neste "
                    "aparelho (assentos locais); com convidados o servidor sorteia a semente",
                )
            chosen = fairness.draw_seed() if seed is None else seed
            state = game.new_state(players, chosen, options)
        except TabuleiroError as exc:
            raise ApiError.from_engine(exc) from None
        if all(kind == "bot" for kind in wanted) and players > self.limits.bot_only_players:
            limit = self.limits.bot_only_players
            raise ApiError(
                "bots_only",
                f"a match with no person's seat has at most {limit} players here (use the CLI for more)",
                f"uma partida sem assento de pessoa tem no máximo {limit} jogadores aqui (use a CLI)",
            )
        if mix_entropy and "human" not in wanted:
            raise ApiError(
                "invalid_body",
                "mix_entropy needs at least one invited (human) seat: invitees contribute the entropy",
                "mix_entropy precisa de ao menos um assento de convidado (human): eles contribuem a entropia",
            )
        if len(names) > players:
            raise ApiError("bad_name", f"names: at most {players}", f"names: no máximo {players}")
        given = [clean_name(n, f"names[{i}]") for i, n in enumerate(names)]
        given += [None] * (players - len(given))
        control = tuple(kind if kind == HUMAN else f"bot:{kind}" for kind in kinds)
        secrets_out: list[tuple[SeatKind, str | None]] = []
        own_tokens: list[str | None] = []
        terms: list[SeatTerms] = []
        for kind, name in zip(wanted, given, strict=True):
            if kind == LOCAL:
                token = new_token()
                secrets_out.append((kind, token))
                own_tokens.append(token_hash(token))
                terms.append(SeatTerms(kind, name, on_timeout=on_timeout))
            elif kind == "human":
                code = new_invite()
                secrets_out.append((kind, code))
                own_tokens.append(None)
                terms.append(SeatTerms(kind, None, invite=secret_hash(code)))
            else:
                secrets_out.append((kind, None))
                own_tokens.append(None)
                terms.append(SeatTerms(kind))
        stored = StoredMatch(
            id=secrets.token_hex(ID_LENGTH // 2),
            game=game.info.id,
            rules_version=game.info.rules_version,
            players=players,
            seed=chosen,
            options=game.options_of(state).to_json(),
            seats=control,
            control=control,
            tokens=tuple(own_tokens),
            created=now(),
            finished=False,
            actions=(),
            salt=fairness.draw_salt(),
            grace=grace,
            clock=clock,
            seat_terms=tuple(terms),
            mixed=mix_entropy,
            hints=searcher,
        )
        match = LiveMatch(stored, game)
        steps = await self.bots(match, match.state)
        stored_with = dataclasses.replace(
            stored,
            actions=tuple((s, game.format_action(a)) for s, a, _ in steps),
            finished=bool(steps) and game.is_terminal(steps[-1][2]),
        )
        await self.io(self.store.create, stored_with)
        for seat, action, after in steps:
            match.record(seat, action, after)
        match.broadcast()
        self._keep(match)
        self.continue_in_background(match)
        return match, secrets_out

    async def start_if_ready(self, match: LiveMatch) -> None:
        """Deal a match that mixes in its invitees' entropy once the last contribution is in,
        and let the bots move."""
        async with match.lock:
            if match.start_if_ready():
                await self._commit(match, await self.bots(match, match.state))
        self.continue_in_background(match)

    async def act(self, match: LiveMatch, seat: int, state_id: int, raw: object) -> None:
        """Apply `seat`'s action (JSON form or notation) made on `state_id`, then the bots'.

        Raises:
            ApiError: ``stale_state``, ``seat_is_bot``, ``invalid_action``, and the engine's
                ``game_over``, ``not_your_turn``, ``already_committed``, ``not_legal``.
        """
        game = match.game
        if match.waiting:
            raise _waiting()
        async with match.lock:
            if not match.current_for(seat, state_id):
                raise _stale(match, state_id)
            if match.control[seat] != HUMAN:
                raise _seat_is_bot(seat)
            try:
                action = game.parse_action(raw) if isinstance(raw, str) else game.action_from_json(raw)
                after = game.apply(match.state, seat, action)
            except TabuleiroError as exc:
                raise ApiError.from_engine(exc) from None
            steps: list[Step] = [(seat, action, after)]
            steps += await self.bots(match, after)
            await self._commit(match, steps)
        self.continue_in_background(match)

    async def undo(self, match: LiveMatch, seat: int, state_id: int) -> None:
        """Take back `seat`'s latest action (looking at `state_id`) where the game allows it,
        then let the bots move if they are to act.

        Raises:
            ApiError: ``stale_state``, ``seat_is_bot``, ``undo_not_allowed``,
                ``waiting_for_players``.
        """
        if match.waiting:
            raise _waiting()
        async with match.lock:
            if not match.current_for(seat, state_id):
                raise _stale(match, state_id)
            if match.control[seat] != HUMAN:
                raise _seat_is_bot(seat)
            after = match.window.preview(seat)
            if after is None:
                raise ApiError.from_engine(not_undoable())
            steps: list[Step] = [(seat, TAKE_BACK, after)]
            steps += await self.bots(match, after)
            await self._commit(match, steps)
        self.continue_in_background(match)

    async def hand_to_bot(self, match: LiveMatch, requester: int, seat: int, bot: str | None) -> None:
        """A bot takes `seat`: the seat's own player may always ask; another seated player
        only while the seat's player is not connected.

        Raises:
            ApiError: ``seat_not_found``, ``seat_connected``, ``seat_is_bot``, ``unknown_bot``,
                ``game_over``.
        """
        check_seat(match.players, seat)
        try:
            name = bot_spec(match.game, bot or match.game.default_bot()).text
        except TabuleiroError as exc:
            raise ApiError.from_engine(exc) from None
        async with match.lock:
            if match.waiting:
                raise _waiting()
            if match.finished:
                raise _game_over()
            if match.control[seat] != HUMAN:
                raise _seat_is_bot(seat)
            if requester != seat and not match.both_local(requester, seat):
                if match.connected(seat):
                    raise ApiError(
                        "seat_connected",
                        f"the player of seat {seat} is connected; only they can hand the seat to a bot",
                        f"o jogador do assento {seat} está conectado; só ele pode passar o assento a um robô",
                    )
                absent = match.attendance.absent_with_turn(seat, clocks.now(), False)
                grace = match.stored.grace
                if absent < grace:
                    raise ApiError(
                        "grace_period",
                        f"seat {seat} may be handed to a bot once it has had the turn without its "
                        f"player for {grace:g} s ({absent:.0f} s so far)",
                        f"o assento {seat} pode passar a um robô depois de ficar {grace:g} s com a vez "
                        f"sem o jogador ({absent:.0f} s até agora)",
                    )
            await self.stand_in(match, seat, name)
        self.continue_in_background(match)

    async def stand_in(self, match: LiveMatch, seat: int, bot: str, *, forfeit: bool = False) -> None:
        """A bot takes `seat` (the match's lock held); with `forfeit`, for good."""
        control = [*match.control]
        control[seat] = "bot:" + bot.removeprefix("bot:")
        if forfeit:
            await self.io(self.store.set_forfeited, match.id, seat, control)
            match.terms[seat] = dataclasses.replace(match.terms[seat], forfeited=True)
        else:
            await self.io(self.store.set_control, match.id, control)
        match.control = control
        match.bots.pop(seat, None)
        await self._commit(match, await self.bots(match, match.state))

    async def take_back(self, match: LiveMatch, requester: int, seat: int) -> None:
        """The seat's own player takes it back from the bot standing in.

        Raises:
            ApiError: ``seat_not_found``, ``not_your_seat``, ``seat_is_human``.
        """
        check_seat(match.players, seat)
        if requester != seat:
            raise ApiError(
                "not_your_seat",
                f"only the player of seat {seat} can take it back",
                f"só o jogador do assento {seat} pode retomá-lo",
            )
        async with match.lock:
            if match.control[seat] == HUMAN:
                raise ApiError(
                    "seat_is_human",
                    f"seat {seat} is already played by a person",
                    f"o assento {seat} já é jogado por uma pessoa",
                )
            if match.terms[seat].forfeited:
                raise ApiError(
                    "seat_forfeited",
                    f"seat {seat} forfeited when its clock ran out",
                    f"o assento {seat} perdeu por tempo",
                )
            match.attendance.restart(seat, clocks.now())
            control = [*match.control]
            control[seat] = HUMAN
            await self.io(self.store.set_control, match.id, control)
            match.control = control
            match.bots.pop(seat, None)
            match.broadcast()

    async def sync(self, match_ids: Iterable[str]) -> None:
        """Take in actions another server process stored for these matches (shared database)."""
        ids = [m for m in match_ids if m in self.live]
        counts = await self.io(self.store.counts, ids) if ids else {}
        for match_id, stored in counts.items():
            match = self.live.get(match_id)
            if match is None or match.lock.locked():
                continue
            if stored > match.state_id:
                async with match.lock:
                    if stored > match.state_id:
                        await self._reload(match)

    # -- internals --------------------------------------------------------------------------

    def _bot_steps(self, match: LiveMatch, state: Any, budget: int, deadline: float) -> list[Step]:
        """The bots' decisions from `state` until a person must act (at most `budget`
        decisions, and at least one, but none begun after `deadline` on the monotonic clock).

        Each bot sees only its seat's view and legal actions. A bot that fails or answers an
        illegal action is replaced for that decision by a uniformly random legal action.
        """
        game = match.game
        steps: list[Step] = []
        if match.waiting:
            return steps
        while len(steps) < budget and (not steps or time.monotonic() < deadline):
            seat = min((s for s in game.to_act(state) if match.control[s] != HUMAN), default=None)
            if seat is None:
                break
            legal = game.legal_actions(state, seat)
            try:
                action = decide(match.bot(seat), game, state, seat, match.state_id + len(steps))
                after = game.apply(state, seat, action)
            except Exception:
                log.exception("bot of seat %s in match %s failed; a random legal action", seat, match.id)
                rng = RngStream(derive_seed(match.seed, match.state_id + len(steps)))
                action = rng.choice(legal)
                after = game.apply(state, seat, action)
            steps.append((seat, action, after))
            state = after
        return steps

    async def _commit(self, match: LiveMatch, steps: list[Step]) -> None:
        """Store `steps`, then take them into memory and push the updates (lock held)."""
        if not steps:
            match.broadcast()
            return
        game = match.game
        entries = [
            (seat, UNDO if isinstance(action, TakeBack) else game.format_action(action))
            for seat, action, _ in steps
        ]
        try:
            await self.append(match.id, match.state_id, entries, game.is_terminal(steps[-1][2]))
        except StaleWrite:
            await self._reload(match)
            raise ApiError(
                "stale_state",
                "another server process moved this match on first; fetch it again",
                "outro processo do servidor avançou esta partida antes; busque-a de novo",
            ) from None
        for seat, action, after in steps:
            match.record(seat, action, after)
        match.broadcast()

    async def _reload(self, match: LiveMatch) -> None:
        stored = await self.io(self.store.load, match.id)
        if stored is None:
            return
        match.take_seats(stored)
        for seat, text in stored.actions[match.state_id :]:
            match.replay_stored(seat, text)
        match.control = list(stored.control)
        match.broadcast()

    async def seat_of(self, match: LiveMatch, token: str) -> int:
        """The seat whose token this is; with a shared database, a seat claimed through another
        server process is looked up in the store before the token is refused.

        Raises:
            ApiError: ``bad_token``.
        """
        try:
            return match.seat_of(token)
        except ApiError:
            if not self.shared:
                raise
        stored = await self.io(self.store.load, match.id)
        if stored is not None:
            match.take_seats(stored)
        return match.seat_of(token)

    async def _settle(self, match: LiveMatch) -> None:
        """Let bots act if they are to act (after a restart or a failed chain)."""
        game = match.game
        if match.waiting:
            return
        if any(match.control[s] != HUMAN for s in game.to_act(match.state)) and not match.lock.locked():
            async with match.lock:
                await self._commit(match, await self.bots(match, match.state))
            self.continue_in_background(match)

    def continue_in_background(self, match: LiveMatch) -> None:
        """Bots that still have decisions after a long chain go on without blocking anyone."""
        game = match.game
        pending = not match.waiting and any(match.control[s] != HUMAN for s in game.to_act(match.state))
        if pending and match.background is None:
            match.background = asyncio.get_running_loop().create_task(self._run_background(match))

    async def _run_background(self, match: LiveMatch) -> None:
        try:
            while True:
                await asyncio.sleep(0)
                async with match.lock:
                    steps = await self.bots(match, match.state, 50)
                    if not steps:
                        return
                    await self._commit(match, steps)
        except ApiError:
            log.warning("background bots of match %s stopped: the match moved on elsewhere", match.id)
        finally:
            match.background = None


def _revive(stored: StoredMatch) -> LiveMatch:
    try:
        game = get_game(stored.game)
    except TabuleiroError as exc:
        raise ApiError("bad_record", exc.en, exc.pt) from None
    if stored.rules_version != game.info.rules_version:
        raise ApiError(
            "rules_version",
            f"this match was played under {stored.game} rules version {stored.rules_version}; "
            f"this server has version {game.info.rules_version}",
            f"esta partida foi jogada com a versão {stored.rules_version} das regras; "
            f"este servidor tem a versão {game.info.rules_version}",
        )
    try:
        return LiveMatch(stored, game)
    except TabuleiroError as exc:
        raise ApiError("bad_record", f"the stored match does not replay: {exc.en}", exc.pt) from None


def _not_found(match_id: str) -> ApiError:
    shown = match_id[:40]
    return ApiError("match_not_found", f"no match has id {shown!r}", f"nenhuma partida tem o id {shown!r}")


def _stale(match: LiveMatch, state_id: int) -> ApiError:
    return ApiError(
        "stale_state",
        f"the match is at state {match.state_id}, not {state_id}; fetch it again",
        f"a partida está no estado {match.state_id}, não {state_id}; busque-a de novo",
    )


def _seat_is_bot(seat: int) -> ApiError:
    return ApiError(
        "seat_is_bot",
        f"a bot plays seat {seat} now; take the seat back first",
        f"um robô joga o assento {seat} agora; retome o assento primeiro",
    )


def _waiting() -> ApiError:
    return ApiError(
        "waiting_for_players",
        "the match starts once every invited player has taken their seat and mixed in their entropy",
        "a partida começa quando todos os convidados ocuparem o assento e misturarem sua entropia",
    )


def _game_over() -> ApiError:
    return ApiError("game_over", "the match is over", "a partida terminou")
