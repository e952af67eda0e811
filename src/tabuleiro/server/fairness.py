"""The seed commitment: a shuffle nobody at the table can choose, and everyone can check.

The server draws each match's seed from the operating system's cryptographic source and a
256-bit salt beside it. At creation it publishes ``seed_commitment``, the SHA-256 of the
canonical encoding of (seed, salt); at the end the record reveals both, and anyone can
recompute the hash and replay the record (``tabuleiro verify RECORD``).

The salt is what makes the commitment hiding: a seed has only 53 bits, so the hash of the
seed alone could be inverted by trying every seed, and a player would learn every hand.

This module is standard-library only, so ``tabuleiro verify`` runs without the server extra.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Iterable

from tabuleiro.core import MAX_SEED

SCHEME = "tabuleiro.seed/1"
SALT_HEX = 64


def draw_seed() -> int:
    """A seed from the cryptographic source, uniform in 0..MAX_SEED."""
    return secrets.randbelow(MAX_SEED + 1)


def draw_salt() -> str:
    """A fresh 256-bit salt, as 64 lowercase hex digits."""
    return secrets.token_hex(SALT_HEX // 2)


def canonical(seed: int, salt: str) -> bytes:
    """The canonical encoding of a seed and its salt: ``tabuleiro.seed/1:SEED:SALT`` in ASCII,
    the seed in decimal without leading zeros."""
    return f"{SCHEME}:{seed}:{salt}".encode("ascii")


def commitment(seed: int, salt: str) -> str:
    """The published commitment: SHA-256 of `canonical`, 64 lowercase hex digits."""
    return hashlib.sha256(canonical(seed, salt)).hexdigest()


def opens(commitment_hex: str, seed: int, salt: str) -> bool:
    """True when (seed, salt) is what `commitment_hex` committed to."""
    if not 0 <= seed <= MAX_SEED or not salt.isascii():
        return False
    return hmac.compare_digest(commitment(seed, salt), commitment_hex.lower())


def mixed_seed(seed: int, salt: str, contributions: Iterable[str]) -> int:
    """The match's seed when its invited players mix in their own entropy: the first 53 bits
    of SHA-256 over the server's committed (seed, salt) and each contribution in seat order.

    The server commits to (seed, salt) before any player contributes, and a player sees
    neither the server's seed nor the others' contributions before sending theirs, so no one
    of them alone can steer the result."""
    parts = [canonical(seed, salt), *(c.encode("ascii") for c in contributions)]
    digest = hashlib.sha256(b"|".join(parts)).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


def is_contribution(text: str) -> bool:
    """True for a player's entropy: 64 lowercase hex digits (256 bits)."""
    return len(text) == SALT_HEX and all(c in "0123456789abcdef" for c in text)


def record_digest(commitment_hex: str | None, actions: Iterable[tuple[int, str]]) -> str:
    """The fingerprint of a finished match: a SHA-256 chain from the seed commitment over
    every ``[seat, action]`` entry in order. The score sheet shows it; ``tabuleiro verify``
    recomputes it, so a record whose actions were changed afterwards no longer matches the
    fingerprint the players saw. Shown only once the match is over: before, it could let a
    seat test guesses of another's sealed choice."""
    digest = hashlib.sha256(f"{SCHEME}:{commitment_hex or ''}".encode("ascii")).hexdigest()
    for seat, text in actions:
        entry = json.dumps([seat, text], ensure_ascii=False, separators=(",", ":"))
        digest = hashlib.sha256(f"{digest}:{entry}".encode()).hexdigest()
    return digest
