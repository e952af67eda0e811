"""``tabuleiro verify RECORD``: check that a finished online match was dealt fairly.

The server published ``seed_commitment`` when the match was created and reveals the seed and
its salt in the record at the end. Verifying recomputes SHA-256 of the seed's canonical
encoding and compares it with the commitment (so the seed is the one fixed before the first
move), then replays every action from that seed: every card, tile and draw of the match
follows from it, every action was legal, and the outcome is the recorded one. Last it
recomputes the record's fingerprint (`tabuleiro.server.fairness.record_digest`), which the
score sheet showed the players: a record whose actions were changed afterwards, even into
another legal game, no longer matches it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from tabuleiro.core import MatchRecord, RecordError, replay
from tabuleiro.server import fairness


def _bad(en: str, pt: str) -> RecordError:
    return RecordError(en, pt, code="verify_failed")


def _read(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise _bad(f"{path}: cannot read: {reason}", f"{path}: não foi possível ler: {reason}") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise _bad(f"{path}: not a JSON match record", f"{path}: não é um registro de partida JSON") from None
    if not isinstance(data, dict):
        raise _bad(f"{path}: not a JSON match record", f"{path}: não é um registro de partida JSON")
    return data


def check(data: dict[str, Any]) -> dict[str, Any]:
    """Verify a record's seed against its commitment and replay it; returns a summary.

    Raises:
        RecordError: no commitment or no revealed seed, a seed that does not open the
            commitment, or a record that does not replay to its outcome.
    """
    committed = data.get("seed_commitment")
    seed, salt = data.get("seed"), data.get("seed_salt")
    if not isinstance(committed, str) or len(committed) != 64:
        raise _bad(
            "the record has no seed_commitment (not an online match, or an older one)",
            "o registro não tem seed_commitment (não é uma partida online, ou é antiga)",
        )
    if type(seed) is not int or not isinstance(salt, str):
        raise _bad(
            "the record does not reveal the seed and its salt (the match is not over yet)",
            "o registro não revela a semente e o sal (a partida ainda não terminou)",
        )
    contributions = data.get("contributions")
    if data.get("mixed"):
        server_seed = data.get("server_seed")
        if (
            type(server_seed) is not int
            or not isinstance(contributions, list)
            or not all(isinstance(c, str) and fairness.is_contribution(c) for c in contributions)
        ):
            raise _bad(
                "the record mixes players' entropy but does not reveal server_seed and contributions",
                "o registro mistura a entropia dos jogadores mas não revela server_seed e contributions",
            )
        if not fairness.opens(committed, server_seed, salt):
            raise _bad(
                "the server's seed and salt do not match seed_commitment: this is not the seed committed to",
                "a semente do servidor e o sal não correspondem a seed_commitment",
            )
        if fairness.mixed_seed(server_seed, salt, contributions) != seed:
            raise _bad(
                "the seed is not the one mixed from the server's seed and the players' contributions",
                "a semente não é a misturada da semente do servidor com as contribuições dos jogadores",
            )
    elif not fairness.opens(committed, seed, salt):
        raise _bad(
            "the seed and salt do not match seed_commitment: this is not the seed committed to",
            "a semente e o sal não correspondem a seed_commitment: não é a semente comprometida",
        )
    record = MatchRecord.from_json(data)
    result = replay(record)
    finished = result.game.outcome(result.state) is not None
    digest = fairness.record_digest(committed, record.actions)
    claimed = data.get("record_digest")
    if claimed is not None and claimed != digest:
        raise _bad(
            "the actions do not match the record's fingerprint (record_digest): they were changed",
            "as ações não correspondem à impressão digital do registro (record_digest): foram alteradas",
        )
    return {
        "game": record.game,
        "seed_commitment": committed,
        "commitment_ok": True,
        "decisions": result.decisions,
        "finished": finished,
        "outcome_ok": record.outcome is not None and finished,
        "record_digest": digest,
        "contributions": contributions if data.get("mixed") else None,
    }


def verify_cmd(
    path: Annotated[Path, typer.Argument(help="A match record (JSON) downloaded after the match ended")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON")] = False,
) -> None:
    """Check a finished online match: seed against commitment, replay, fingerprint.

    The revealed seed (and, for a mixed match, the players' contributions) must match the
    commitment published when the match was created, and the record must replay from it to
    the recorded outcome."""
    summary = check(_read(path))
    if as_json:
        sys.stdout.write(json.dumps(summary, indent=2) + "\n")
        return
    ending = "to the recorded outcome" if summary["outcome_ok"] else "(the record has no outcome yet)"
    sys.stdout.write(
        f"verified: {summary['game']}: the seed matches the commitment "
        f"{summary['seed_commitment'][:16]}…, and {summary['decisions']} actions replay from it {ending}; "
        f"fingerprint {summary['record_digest'][:16]}… (compare it with the score sheet's)\n"
    )
