"""Seats that belong to the people who take them: seat kinds, invite codes, display names.

A seat of a new match is ``local`` (played on the creator's device: their own seat and any
hotseat seats; the creator gets its token), ``human`` (a person invited from elsewhere: the
creator gets a one-time invite code, and only whoever claims the seat with it gets the seat's
token) or ``bot:SPEC``. The server keeps only hashes of tokens and codes.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tabuleiro.server.errors import ApiError

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
