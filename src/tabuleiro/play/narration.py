"""A log entry's words in both languages, from the game's narration of a move."""

from __future__ import annotations

from typing import Any

from tabuleiro.core import Event, Game, JsonDict, Lang
from tabuleiro.core.i18n import Catalogue, text

LANGS: tuple[Lang, ...] = ("pt", "en")

CATALOGUE: Catalogue = {
    "undo": {"pt": "desfaz a última jogada", "en": "takes back their last move"},
}


def words(key: str) -> dict[Lang, str]:
    """The catalogue's `key` in both languages, as a log entry carries it."""
    return {lang: text(CATALOGUE, key, lang) for lang in LANGS}


def tell(game: Game[Any, Any, Any], seat: int, action: object, before: JsonDict, after: JsonDict) -> JsonDict:
    """``{"text": {pt, en}, "events": [{"kind", "text": {pt, en}}, …]}`` for `seat`'s `action`,
    `before` and `after` being the spectator views around it (see `Game.narrate`)."""
    told = {lang: game.narrate(seat, action, before, after, lang) for lang in LANGS}
    move = {lang: told[lang].move or game.describe_action(action, lang) for lang in LANGS}
    return {"text": move, "events": _events(told["pt"].events, told["en"].events)}


def opening(game: Game[Any, Any, Any], view: JsonDict) -> list[JsonDict]:
    """The events of a match's opening (`Game.narrate_opening`) as log events in both languages."""
    return _events(game.narrate_opening(view, "pt"), game.narrate_opening(view, "en"))


def _events(pt: tuple[Event, ...], en: tuple[Event, ...]) -> list[JsonDict]:
    return [{"kind": p.kind, "text": {"pt": p.text, "en": e.text}} for p, e in zip(pt, en, strict=True)]
