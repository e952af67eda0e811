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
import socket
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

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


Append = tuple[str, int, Sequence[tuple[int, str]], bool]
"""(match id, index of the first action, [(seat, action text)], whether the match is over)."""


class StaleWrite(Exception):
    """Another writer stored an action at the same index first."""


class StorageError(Exception):
    """The database cannot be opened or used (bad URL, unreachable server)."""


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

    def load(self, match_id: str) -> StoredMatch | None:
        """The stored match, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(select(matches).where(matches.c.id == match_id)).first()
            if row is None:
                return None
            entries = conn.execute(
                select(actions.c.seat, actions.c.action)
                .where(actions.c.match_id == match_id)
                .order_by(actions.c.idx)
            ).all()
        return StoredMatch(
            id=row.id,
            game=row.game,
            rules_version=row.rules_version,
            players=row.players,
            seed=row.seed,
            options=json.loads(row.options),
            seats=tuple(json.loads(row.seats)),
            control=tuple(json.loads(row.control)),
            tokens=tuple(json.loads(row.tokens)),
            created=row.created,
            finished=bool(row.finished),
            actions=tuple((int(seat), str(text)) for seat, text in entries),
        )

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
        """The most recently created matches, newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(matches).order_by(matches.c.created.desc()).limit(limit)).all()
        counts = self.counts([row.id for row in rows]) if rows else {}
        return [
            MatchSummary(
                id=row.id,
                game=row.game,
                players=row.players,
                seats=tuple(json.loads(row.control)),
                created=row.created,
                finished=bool(row.finished),
                state_id=counts[row.id],
            )
            for row in rows
        ]


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
