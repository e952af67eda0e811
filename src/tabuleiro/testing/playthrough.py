"""Golden playthroughs: a seeded match written out step by step, to diff in review.

For every decision the file shows the seats to act, the acting seat's legal actions, what
that seat alone can see beyond the spectator's view (when it changed), and the action
chosen; the spectator's view is written in full once, then the entries that changed; the
outcome closes the file. Any change in rules behaviour changes the text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from tabuleiro.core import Game, JsonDict
from tabuleiro.play import Session
from tabuleiro.testing.conformance import canonical


def _changes(before: JsonDict, after: JsonDict) -> JsonDict:
    """The entries of `after` that differ from `before`; a list or object of the same shape
    is compared item by item (``board[19]``, ``shares.face_up``), so diffs stay small."""
    out: JsonDict = {}
    for key, value in after.items():
        old = before.get(key)
        if old == value:
            continue
        if isinstance(value, list) and isinstance(old, list) and len(value) == len(old):
            out.update({f"{key}[{i}]": v for i, (o, v) in enumerate(zip(old, value, strict=True)) if o != v})
        elif isinstance(value, dict) and isinstance(old, dict) and set(value) == set(old):
            out.update({f"{key}.{k}": v for k, v in value.items() if old[k] != v})
        else:
            out[key] = value
    return out


def _private_part(own: JsonDict, public: JsonDict) -> JsonDict:
    return {k: v for k, v in own.items() if k != "seat" and public.get(k) != v}


def playthrough(
    game: Game[Any, Any, Any],
    players: int,
    seed: int,
    bots: Sequence[str],
    options: Mapping[str, object] | None = None,
) -> str:
    """The golden text of a bots-only match."""
    session = Session(game, players, seed, options, bots)
    record = session.record
    lines = [
        f"# tabuleiro playthrough: {game.info.id} rules v{game.info.rules_version}",
        "# regenerate with: python scripts/regen_playthroughs.py",
        "record "
        + json.dumps(
            {k: v for k, v in record.to_json().items() if k not in ("actions", "outcome")},
            sort_keys=True,
            ensure_ascii=False,
        ),
    ]
    shown: JsonDict = {}
    private_shown: dict[int, JsonDict] = {}
    while True:
        public = game.view(session.state, None)
        changed = _changes(shown, public) if shown else public
        if changed:
            lines.append(f"{'spectator' if not shown else 'changed'} {canonical(changed)}")
            shown = public
        if session.finished:
            break
        to_act = sorted(game.to_act(session.state))
        seat = to_act[0]
        legal = game.legal_actions(session.state, seat)
        view = game.view(session.state, seat)
        own = _private_part(view, public)
        action = session.bots[seat].act(view, legal)
        lines.append(f"step {len(session.actions)} to_act {to_act} seat {seat}")
        lines.append(f"  legal ({len(legal)}): {' '.join(game.format_action(a) for a in legal)}")
        if own != private_shown.get(seat, {}):
            lines.append(f"  private {canonical(own)}")
            private_shown[seat] = own
        lines.append(f"  plays {game.format_action(action)}")
        session.act(seat, action)
    outcome = game.outcome(session.state)
    lines.append(f"outcome {canonical(outcome.to_json() if outcome else None)}")
    return "\n".join(lines) + "\n"
