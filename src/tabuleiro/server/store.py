"""Storage: the append-only match record, in SQLite (default) or PostgreSQL.

Two tables. ``matches`` holds each match's header — what a match record holds before its
actions (game, rules version, players, seed, options, seats) — plus who controls each
seat now and the hashes of the seats' tokens. ``actions`` holds the accepted actions, one
row each, keyed by (match, index): rows are only ever inserted, and the key makes a second
writer of the same index fail instead of overwriting, so two server processes sharing a
PostgreSQL database cannot fork a match. An action is committed before the server
answers, so a crash (even ``kill -9``) loses nothing the server accepted.
"""

from __future__ import annotations

import json
import logging
import socket
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from tabuleiro.core import MAX_SEED

log = logging.getLogger("tabuleiro.server")

metadata = MetaData()

matches = Table(
    "tabuleiro_matches",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("rules_version", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("control", Text, nullable=False),
    Column("tokens", Text, nullable=False),
    Column("created", Float, nullable=False, index=True),
    Column("finished", Boolean, nullable=False, default=False),
)

actions = Table(
    "tabuleiro_actions",
    metadata,
    Column("match_id", String(32), ForeignKey("tabuleiro_matches.id"), primary_key=True),
    Column("idx", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
)


seats = Table(
    "tabuleiro_seats",
    metadata,
    Column("match_id", String(32), ForeignKey("tabuleiro_matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(8), nullable=False),
    Column("name", String(64), nullable=True),
    Column("invite", String(64), nullable=True),
    Column("token", String(64), nullable=True),
    Column("on_timeout", String(8), nullable=False, default="bot"),
    Column("forfeited", Boolean, nullable=False, default=False),
    Column("entropy", String(64), nullable=True),
)
"""Each seat's kind (local, invited human, bot), display name, the hash of its one-time invite
code until it is claimed, the hash of the token of whoever claimed it, and what its player
chose for a clock that runs out. Matches stored before this table existed have no rows."""

terms = Table(
    "tabuleiro_terms",
    metadata,
    Column("match_id", String(32), ForeignKey("tabuleiro_matches.id"), primary_key=True),
    Column("salt", String(64), nullable=False),
    Column("grace", Float, nullable=False),
    Column("clock", Float, nullable=True),
    Column("mixed", Boolean, nullable=False, default=False),
)
"""A match's seed salt (see `tabuleiro.server.fairness`), the grace period before others may
hand an absent seat to a bot, and the turn clock (seconds per move, or none)."""

hints = Table(
    "tabuleiro_hints",
    metadata,
    Column("match_id", String(32), ForeignKey("tabuleiro_matches.id"), primary_key=True),
    Column("spec", String(64), nullable=False),
)
"""The search that suggests moves to each seat of a match created with hints (see
`tabuleiro.server.hints`); a match without a row has none, matches stored before this table
existed included."""


Append = tuple[str, int, Sequence[tuple[int, str]], bool]
"""(match id, index of the first action, [(seat, action text)], whether the match is over)."""


class StaleWrite(Exception):
    """Another writer stored an action at the same index first."""


class StorageError(Exception):
    """The database cannot be opened or used (bad URL, unreachable server)."""


class DamagedMatch(Exception):
    """A stored match that fails its self-check: a field that does not parse, or action
    indices that are not 0, 1, 2 … without a gap. Replaying it could give another history."""

    def __init__(self, match_id: str, reason: str) -> None:
        super().__init__(f"match {match_id}: {reason}")
        self.match_id = match_id
        self.reason = reason


@dataclass(frozen=True, slots=True)
class SeatTerms:
    """A seat's kind, name, claim and clock choice (see the ``tabuleiro_seats`` table)."""

    kind: str
    name: str | None = None
    invite: str | None = None
    token: str | None = None
    on_timeout: str = "bot"
    forfeited: bool = False
    entropy: str | None = None


@dataclass(frozen=True, slots=True)
class StoredMatch:
    """A match as stored: its header and every accepted action, in order."""

    id: str
    game: str
    rules_version: str
    players: int
    seed: int
    options: dict[str, bool | int | str]
    seats: tuple[str, ...]
    control: tuple[str, ...]
    tokens: tuple[str | None, ...]
    created: float
    finished: bool
    actions: tuple[tuple[int, str], ...]
    salt: str = ""
    grace: float = 60.0
    clock: float | None = None
    seat_terms: tuple[SeatTerms, ...] = ()
    mixed: bool = False
    hints: str | None = None


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """One line of the list of recent matches."""

    id: str
    game: str
    players: int
    seats: tuple[str, ...]
    created: float
    finished: bool
    state_id: int
    seed: int
    salt: str


def engine_url(db: str) -> str:
    """The SQLAlchemy URL for what a user wrote after ``--db``.

    ``postgresql://…`` is read with psycopg 3; a value without ``://`` is a SQLite file path.

    Raises:
        StorageError: a scheme other than sqlite or postgresql.
    """
    if "://" not in db:
        return f"sqlite:///{Path(db).expanduser()}"
    scheme, _, rest = db.partition("://")
    if scheme in ("postgresql", "postgres"):
        return f"postgresql+psycopg://{rest}"
    if scheme in ("sqlite", "postgresql+psycopg"):
        return db
    raise StorageError(f"--db must be a SQLite file path, sqlite:///FILE or postgresql://…, not {scheme}://…")


def _sqlite_pragmas(dbapi_connection: object, _record: object) -> None:
    # WAL lets readers go on while one writer commits; synchronous=FULL makes every commit
    # reach the disk before the server answers, so even a machine crash keeps it.
    cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Store:
    """The match store over one database."""

    def __init__(self, db: str) -> None:
        url = engine_url(db)
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        try:
            if self.is_sqlite:
                path = url.removeprefix("sqlite:///")
                if path and path != ":memory:":
                    Path(path).parent.mkdir(parents=True, exist_ok=True)
                self.engine: Engine = create_engine(url, connect_args={"check_same_thread": False})
                event.listen(self.engine, "connect", _sqlite_pragmas)
            else:
                self.engine = create_engine(url, pool_pre_ping=True, pool_size=8)
            metadata.create_all(self.engine)
        except Exception as exc:  # any driver error: a bad path, host, database or credentials
            raise StorageError(f"cannot open the database {db}: {_first_line(exc)}") from None

    def close(self) -> None:
        """Release every connection."""
        self.engine.dispose()

    def create(self, match: StoredMatch) -> None:
        """Store a new match (its actions too, normally none)."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(matches).values(
                    id=match.id,
                    game=match.game,
                    rules_version=match.rules_version,
                    players=match.players,
                    seed=match.seed,
                    options=json.dumps(match.options, sort_keys=True),
                    seats=json.dumps(list(match.seats)),
                    control=json.dumps(list(match.control)),
                    tokens=json.dumps(list(match.tokens)),
                    created=match.created,
                    finished=match.finished,
                )
            )
            conn.execute(
                insert(terms).values(
                    match_id=match.id,
                    salt=match.salt,
                    grace=match.grace,
                    clock=match.clock,
                    mixed=match.mixed,
                )
            )
            if match.hints is not None:
                conn.execute(insert(hints).values(match_id=match.id, spec=match.hints))
            if match.seat_terms:
                conn.execute(
                    insert(seats),
                    [
                        {
                            "match_id": match.id,
                            "seat": i,
                            "kind": t.kind,
                            "name": t.name,
                            "invite": t.invite,
                            "token": t.token,
                            "on_timeout": t.on_timeout,
                            "forfeited": t.forfeited,
                            "entropy": t.entropy,
                        }
                        for i, t in enumerate(match.seat_terms)
                    ],
                )
            if match.actions:
                conn.execute(
                    insert(actions),
                    [
                        {"match_id": match.id, "idx": i, "seat": seat, "action": text}
                        for i, (seat, text) in enumerate(match.actions)
                    ],
                )

    def append(self, match_id: str, start: int, entries: Sequence[tuple[int, str]], finished: bool) -> None:
        """Append accepted actions from index `start`, in one transaction.

        Raises:
            StaleWrite: an action already exists at one of these indices.
        """
        if not entries:
            return
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(actions),
                    [
                        {"match_id": match_id, "idx": start + i, "seat": seat, "action": text}
                        for i, (seat, text) in enumerate(entries)
                    ],
                )
                if finished:
                    conn.execute(update(matches).where(matches.c.id == match_id).values(finished=True))
        except IntegrityError:
            raise StaleWrite(match_id) from None

    def append_many(self, batch: Sequence[Append]) -> list[bool]:
        """Append several matches' actions in one transaction (one disk sync for them all);
        per item, False where another writer stored that index first (nothing of it kept).

        Group commit: the server gathers the appends that arrive while the disk is busy.
        """
        try:
            with self.engine.begin() as conn:
                rows = [
                    {"match_id": match_id, "idx": start + i, "seat": seat, "action": text}
                    for match_id, start, entries, _ in batch
                    for i, (seat, text) in enumerate(entries)
                ]
                if rows:
                    conn.execute(insert(actions), rows)
                done = [match_id for match_id, _, _, finished in batch if finished]
                if done:
                    conn.execute(update(matches).where(matches.c.id.in_(done)).values(finished=True))
            return [True] * len(batch)
        except IntegrityError:
            pass
        results = []
        for match_id, start, entries, finished in batch:  # rare: find the stale ones
            try:
                self.append(match_id, start, entries, finished)
                results.append(True)
            except StaleWrite:
                results.append(False)
        return results

    def set_control(self, match_id: str, control: Sequence[str]) -> None:
        """Record who controls each seat now (a human, or a bot standing in)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(matches).where(matches.c.id == match_id).values(control=json.dumps(list(control)))
            )

    def set_forfeited(self, match_id: str, seat: int, control: Sequence[str]) -> None:
        """Record that `seat` forfeited (its clock ran out) and the bot now playing it."""
        with self.engine.begin() as conn:
            conn.execute(
                update(seats).where(seats.c.match_id == match_id, seats.c.seat == seat).values(forfeited=True)
            )
            conn.execute(
                update(matches).where(matches.c.id == match_id).values(control=json.dumps(list(control)))
            )

    def set_name(self, match_id: str, seat: int, name: str | None) -> None:
        """Record a seat's display name."""
        with self.engine.begin() as conn:
            conn.execute(
                update(seats).where(seats.c.match_id == match_id, seats.c.seat == seat).values(name=name)
            )

    def set_on_timeout(self, match_id: str, seat: int, choice: str) -> None:
        """Record what a seat's player chose for a clock that runs out."""
        here = (seats.c.match_id == match_id, seats.c.seat == seat)
        with self.engine.begin() as conn:
            conn.execute(update(seats).where(*here).values(on_timeout=choice))

    def claim(
        self,
        match_id: str,
        seat: int,
        invite: str,
        token: str,
        name: str | None,
        on_timeout: str,
        entropy: str | None = None,
    ) -> str:
        """Claim an invited seat with the hash of its invite code: the seat takes the hash of
        its new token and the name, and the code is spent, in one conditional update (two
        claims racing, even from two server processes, cannot both win).

        Returns ``"claimed"``, ``"taken"`` (the seat was claimed before) or ``"bad_code"``.
        """
        with self.engine.begin() as conn:
            here = (seats.c.match_id == match_id, seats.c.seat == seat)
            row = conn.execute(select(seats.c.invite, seats.c.token).where(*here)).first()
            if row is None or (row.invite is None and row.token is None):
                return "bad_code"
            if row.token is not None:
                return "taken"
            done = conn.execute(
                update(seats)
                .where(
                    seats.c.match_id == match_id,
                    seats.c.seat == seat,
                    seats.c.invite == invite,
                    seats.c.token.is_(None),
                )
                .values(invite=None, token=token, name=name, on_timeout=on_timeout, entropy=entropy)
            )
            if done.rowcount == 1:
                return "claimed"
            again = conn.execute(
                select(seats.c.token).where(seats.c.match_id == match_id, seats.c.seat == seat)
            ).first()
            return "taken" if again is not None and again.token is not None else "bad_code"

    def load(self, match_id: str) -> StoredMatch | None:
        """The stored match, or None.

        Raises:
            DamagedMatch: a stored field does not parse, or the action indices have a gap.
        """
        with self.engine.connect() as conn:
            row = conn.execute(select(matches).where(matches.c.id == match_id)).first()
            if row is None:
                return None
            entries = conn.execute(
                select(actions.c.idx, actions.c.seat, actions.c.action)
                .where(actions.c.match_id == match_id)
                .order_by(actions.c.idx)
            ).all()
            extra = conn.execute(select(terms).where(terms.c.match_id == match_id)).first()
            seat_rows = conn.execute(
                select(seats).where(seats.c.match_id == match_id).order_by(seats.c.seat)
            ).all()
            hint_spec = conn.execute(select(hints.c.spec).where(hints.c.match_id == match_id)).scalar()
        found = _checked(row, entries, extra, seat_rows)
        return replace(found, hints=hint_spec) if isinstance(hint_spec, str) else found

    def counts(self, match_ids: Sequence[str]) -> dict[str, int]:
        """The number of stored actions of each match."""
        query = (
            select(actions.c.match_id, func.count())
            .where(actions.c.match_id.in_(list(match_ids)))
            .group_by(actions.c.match_id)
        )
        with self.engine.connect() as conn:
            found = {str(match_id): int(n) for match_id, n in conn.execute(query).all()}
        return {match_id: found.get(match_id, 0) for match_id in match_ids}

    def recent(self, limit: int) -> list[MatchSummary]:
        """The most recently created matches, newest first. A row that fails its self-check
        is left out (and logged), never failing the list."""
        query = (
            select(matches, terms.c.salt)
            .join(terms, terms.c.match_id == matches.c.id, isouter=True)
            .order_by(matches.c.created.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        counts = self.counts([row.id for row in rows]) if rows else {}
        out = []
        for row in rows:
            try:
                control = _strings(row.id, "control", row.control, row.players)
                out.append(
                    MatchSummary(
                        id=str(row.id),
                        game=_text(row.id, "game", row.game),
                        players=int(row.players),
                        seats=tuple(control),
                        created=float(row.created),
                        finished=bool(row.finished),
                        state_id=counts[row.id],
                        seed=_seed(row.id, row.seed),
                        salt=row.salt or "",
                    )
                )
            except (DamagedMatch, TypeError, ValueError) as exc:
                log.error("damaged match left out of the list: %s", exc)
        return out


def _damaged(match_id: str, reason: str) -> DamagedMatch:
    return DamagedMatch(str(match_id)[:32], reason)


def _json(match_id: str, field: str, raw: object) -> object:
    if not isinstance(raw, str):
        raise _damaged(match_id, f"field {field!r} is not text")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise _damaged(match_id, f"field {field!r} is not JSON") from None


def _strings(match_id: str, field: str, raw: object, players: object) -> list[str]:
    value = _json(match_id, field, raw)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value) or len(value) != players:
        raise _damaged(match_id, f"field {field!r} is not {players} strings")
    return value


def _text(match_id: str, field: str, raw: object) -> str:
    if not isinstance(raw, str) or not raw:
        raise _damaged(match_id, f"field {field!r} is empty or not text")
    return raw


def _seed(match_id: str, raw: object) -> int:
    if type(raw) is not int or not 0 <= raw <= MAX_SEED:
        raise _damaged(match_id, "field 'seed' is not a seed")
    return raw


def _checked(row: Any, entries: Sequence[Any], extra: Any, seat_rows: Sequence[Any]) -> StoredMatch:
    """The stored match after its self-check.

    Raises:
        DamagedMatch: naming the first field that does not parse or the first missing index.
    """
    match_id = str(row.id)
    players = row.players
    if type(players) is not int or players < 1:
        raise _damaged(match_id, "field 'players' is not a positive integer")
    options = _json(match_id, "options", row.options)
    if not isinstance(options, dict) or not all(isinstance(v, bool | int | str) for v in options.values()):
        raise _damaged(match_id, "field 'options' is not an object of booleans, integers and texts")
    tokens = _json(match_id, "tokens", row.tokens)
    if (
        not isinstance(tokens, list)
        or len(tokens) != players
        or not all(t is None or isinstance(t, str) for t in tokens)
    ):
        raise _damaged(match_id, f"field 'tokens' is not {players} hashes or nulls")
    for expected, entry in enumerate(entries):
        if entry.idx != expected:
            raise _damaged(match_id, f"action index {expected} is missing (the next stored is {entry.idx})")
        if type(entry.seat) is not int or not 0 <= entry.seat < players or not isinstance(entry.action, str):
            raise _damaged(match_id, f"action {expected} does not parse")
    seat_terms: tuple[SeatTerms, ...] = ()
    if seat_rows:
        if [r.seat for r in seat_rows] != list(range(players)):
            raise _damaged(match_id, "the seats table does not hold every seat once")
        seat_terms = tuple(
            SeatTerms(
                kind=_text(match_id, "kind", r.kind),
                name=r.name if isinstance(r.name, str) else None,
                invite=r.invite,
                token=r.token,
                on_timeout=r.on_timeout if r.on_timeout in ("bot", "forfeit") else "bot",
                forfeited=bool(r.forfeited),
                entropy=r.entropy if isinstance(r.entropy, str) else None,
            )
            for r in seat_rows
        )
    created = row.created
    if not isinstance(created, int | float):
        raise _damaged(match_id, "field 'created' is not a time")
    return StoredMatch(
        id=match_id,
        game=_text(match_id, "game", row.game),
        rules_version=_text(match_id, "rules_version", row.rules_version),
        players=players,
        seed=_seed(match_id, row.seed),
        options=options,
        seats=tuple(_strings(match_id, "seats", row.seats, players)),
        control=tuple(_strings(match_id, "control", row.control, players)),
        tokens=tuple(tokens),
        created=float(created),
        finished=bool(row.finished),
        actions=tuple((int(e.seat), str(e.action)) for e in entries),
        salt=str(extra.salt) if extra is not None else "",
        grace=float(extra.grace) if extra is not None else 60.0,
        clock=float(extra.clock) if extra is not None and extra.clock is not None else None,
        seat_terms=seat_terms,
        mixed=bool(extra.mixed) if extra is not None else False,
    )


def default_db() -> Path:
    """The SQLite file in the user's data folder (created on first use)."""
    import platformdirs

    return platformdirs.user_data_path("tabuleiro", appauthor=False) / "tabuleiro.sqlite3"


def port_is_free(host: str, port: int) -> bool:
    """True when a server could listen on `host`:`port` now."""
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError:
        return False
    return True


def now() -> float:
    """Seconds since the epoch (creation times)."""
    return time.time()


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]
