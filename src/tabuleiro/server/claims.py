"""Seats that belong to the people who take them: seat kinds, invite codes, display names.

A seat of a new match is ``local`` (played on the creator's device: their own seat and any
hotseat seats; the creator gets its token), ``human`` (a person invited from elsewhere: the
creator gets a one-time invite code, and only whoever claims the seat with it gets the seat's
token) or ``bot:SPEC``. The server keeps only hashes of tokens and codes.

The operations on a seat's ownership live here too: claiming it with its invite code (and, in
a match that mixes in its players' entropy, the claimer's contribution), naming it, and its
player's choice for a clock that runs out.
"""

from __future__ import annotations

import dataclasses
import hashlib
import secrets
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from tabuleiro.server import clocks, fairness
from tabuleiro.server.errors import ApiError

if TYPE_CHECKING:
    from tabuleiro.server.live import Hub, LiveMatch

LOCAL = "local"
INVITED = "human"
BOT = "bot"
SeatKind = Literal["local", "human", "bot"]
NAME_MAX = 24
TIMEOUT_CHOICES = ("bot", "forfeit")


def secret_hash(secret: str) -> str:
    """What is stored of a seat's token or invite code."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    """A seat's secret token (144 random bits)."""
    return secrets.token_urlsafe(18)


def new_invite() -> str:
    """A one-time invite code (128 random bits)."""
    return secrets.token_urlsafe(16)


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """One seat as the creator asked for it: its kind and what the engine's seat parser reads
    (``human`` for a person's seat, the bot spec otherwise)."""

    kind: SeatKind
    engine: str


def read_seats(raw: Sequence[str]) -> list[SeatRequest]:
    """The creator's seats: ``local``, ``human`` (invited) or a bot (``bot:SPEC``)."""
    out = []
    for text in raw:
        word = text.strip().lower()
        if word == LOCAL:
            out.append(SeatRequest("local", "human"))
        elif word in ("human", "humano"):
            out.append(SeatRequest("human", "human"))
        else:
            out.append(SeatRequest("bot", text))
    return out


def clean_name(raw: str | None, field: str = "name") -> str | None:
    """A display name: trimmed, 1 to `NAME_MAX` characters, no control or format characters
    (it is shown as text, never as markup). None or blank: no name.

    Raises:
        ApiError: ``bad_name``.
    """
    if raw is None:
        return None
    name = " ".join(raw.split())
    if not name:
        return None
    if len(name) > NAME_MAX or any(unicodedata.category(c).startswith("C") for c in name):
        raise ApiError(
            "bad_name",
            f"{field}: a name has 1 to {NAME_MAX} printable characters",
            f"{field}: um nome tem de 1 a {NAME_MAX} caracteres imprimíveis",
        )
    return name


def check_timeout_choice(choice: str) -> str:
    """What happens when the seat's clock runs out: ``bot`` or ``forfeit``.

    Raises:
        ApiError: ``invalid_body``.
    """
    if choice not in TIMEOUT_CHOICES:
        raise ApiError(
            "invalid_body",
            f"on_timeout must be 'bot' or 'forfeit', not {choice[:20]!r}",
            f"on_timeout deve ser 'bot' ou 'forfeit', não {choice[:20]!r}",
        )
    return choice


def check_seat(players: int, seat: int) -> None:
    """Refuse a seat number the match does not have.

    Raises:
        ApiError: ``seat_not_found``.
    """
    if not 0 <= seat < players:
        raise ApiError(
            "seat_not_found",
            f"seats of this match are 0 to {players - 1}, not {seat}",
            f"os assentos desta partida vão de 0 a {players - 1}, não {seat}",
        )


async def claim_seat(
    hub: Hub,
    match: LiveMatch,
    seat: int,
    code: str,
    name: str | None,
    on_timeout: str,
    entropy: str | None = None,
) -> str:
    """Claim the invited `seat` with its one-time `code`; returns the seat's new token.

    Raises:
        ApiError: ``seat_not_found``, ``bad_invite``, ``seat_claimed``, ``bad_name``.
    """
    check_seat(match.players, seat)
    shown = clean_name(name)
    if not match.mixed:
        entropy = None
    elif entropy is None or not fairness.is_contribution(entropy):
        raise ApiError(
            "invalid_body",
            "entropy: this match mixes in its players' entropy: send 64 lowercase hex digits "
            "drawn from a cryptographic source",
            "entropy: esta partida mistura a entropia dos jogadores: envie 64 dígitos hexadecimais "
            "minúsculos de uma fonte criptográfica",
        )
    token = new_token()
    digest = secret_hash(token)
    result = await hub.io(
        hub.store.claim, match.id, seat, secret_hash(code), digest, shown, on_timeout, entropy
    )
    if result == "taken":
        raise ApiError(
            "seat_claimed",
            f"seat {seat} was claimed already; its invite code is spent",
            f"o assento {seat} já foi ocupado; o código de convite foi usado",
        )
    if result != "claimed":
        raise ApiError(
            "bad_invite",
            f"this is not seat {seat}'s invite code",
            f"este não é o código de convite do assento {seat}",
        )
    match.terms[seat] = dataclasses.replace(
        match.terms[seat], invite=None, token=digest, name=shown, on_timeout=on_timeout, entropy=entropy
    )
    match.tokens[seat] = digest
    match.attendance.touch(seat, clocks.now())
    match.announce_presence()
    await hub.start_if_ready(match)
    return token


async def rename_seat(hub: Hub, match: LiveMatch, requester: int, seat: int, name: str | None) -> None:
    """The seat's own player (or the creator's device, for its own seats) sets its name.

    Raises:
        ApiError: ``seat_not_found``, ``not_your_seat``, ``bad_name``.
    """
    check_seat(match.players, seat)
    if requester != seat and not match.both_local(requester, seat):
        raise ApiError(
            "not_your_seat",
            f"only the player of seat {seat} can name it",
            f"só o jogador do assento {seat} pode dar-lhe um nome",
        )
    shown = clean_name(name)
    if not match.stored.seat_terms:
        raise ApiError(
            "not_your_seat",
            "this match was created before names existed",
            "esta partida foi criada antes de existirem nomes",
        )
    await hub.io(hub.store.set_name, match.id, seat, shown)
    match.terms[seat] = dataclasses.replace(match.terms[seat], name=shown)
    match.announce_presence()


async def choose_timeout(hub: Hub, match: LiveMatch, requester: int, seat: int, choice: str) -> None:
    """The seat's own player (or the creator's device, for its own seats) chooses in advance
    what happens when the seat's clock runs out: ``bot`` or ``forfeit``.

    Raises:
        ApiError: ``seat_not_found``, ``not_your_seat``.
    """
    check_seat(match.players, seat)
    if (requester != seat and not match.both_local(requester, seat)) or not match.stored.seat_terms:
        raise ApiError(
            "not_your_seat",
            f"only the player of seat {seat} chooses what happens when its time runs out",
            f"só o jogador do assento {seat} escolhe o que acontece quando o tempo dele acaba",
        )
    await hub.io(hub.store.set_on_timeout, match.id, seat, choice)
    match.terms[seat] = dataclasses.replace(match.terms[seat], on_timeout=choice)
    match.announce_presence()
