"""The "How to play" pages' content and picture: every game has a rules file in Portuguese and
English with every section (the browser draws them as text: tests/web/test_browser_rules.py),
each interpretation it cites exists in the game's RULES.md, and ``GET /api/games/{game}/preview``
answers the fresh board the page draws."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tabuleiro.core import all_games
from tabuleiro.server.preview import PREVIEW_SEED, default_players

from .helpers import serve

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "tabuleiro" / "web"
RULES = WEB / "rules"
GAMES_DIR = ROOT / "src" / "tabuleiro" / "games"
SECTIONS = ("setup", "turn", "scoring", "end", "designed", "interpretations")
LANGS = ("pt", "en")
GAME_IDS = sorted(game.info.id for game in all_games())


def rules_doc(game: str, lang: str) -> dict[str, Any]:
    path = RULES / f"{game}.{lang}.json"
    assert path.is_file(), f"{game} has no rules page in {lang}: {path.relative_to(ROOT)} is missing"
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return doc


def texts(doc: dict[str, Any]) -> list[str]:
    """Every string a rules file shows."""
    found = [doc["intro"], doc["hint"]]
    for section in doc["sections"]:
        found.append(section["title"])
        for block in section.get("body", []):
            found.extend(block if isinstance(block, list) else [block])
        found.extend(item["text"] for item in section.get("items", []))
    return found


def shape(doc: dict[str, Any]) -> list[tuple[str, list[int], list[int]]]:
    """Each section's id, the size of each block (1 for a paragraph, n for a list of n) and the
    interpretations it cites: the same in both languages when one translates the other."""
    return [
        (
            section["id"],
            [len(block) if isinstance(block, list) else 1 for block in section.get("body", [])],
            [item["ref"] for item in section.get("items", [])],
        )
        for section in doc["sections"]
    ]


def interpretation_numbers(game: str) -> set[int]:
    """The numbers of the game's RULES.md interpretations ("## Interpretations", "N. **…**")."""
    text = (GAMES_DIR / game / "RULES.md").read_text(encoding="utf-8")
    part = text.split("\n## Interpretations", 1)[1].split("\n## ", 1)[0]
    return {int(n) for n in re.findall(r"^(\d+)\. \*\*", part, flags=re.MULTILINE)}


def test_the_browser_expects_the_same_sections() -> None:
    source = (WEB / "rules.js").read_text(encoding="utf-8")
    listed = re.search(r"export const SECTIONS = \[([^\]]*)\]", source)
    assert listed is not None
    assert tuple(re.findall(r'"(\w+)"', listed.group(1))) == SECTIONS


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAME_IDS)
def test_every_game_has_every_section_in_both_languages(game: str, lang: str) -> None:
    doc = rules_doc(game, lang)
    assert doc["game"] == game
    assert doc["lang"] == lang
    assert [section["id"] for section in doc["sections"]] == list(SECTIONS)
    for section in doc["sections"]:
        assert section["title"].strip(), f"{game}.{lang}: section {section['id']} has no title"
        assert section.get("body") or section.get("items"), f"{game}.{lang}: section {section['id']} is empty"
    interpretations = doc["sections"][-1]
    assert len(interpretations["items"]) >= 3, f"{game}.{lang}: cite the interpretations that change play"
    for text in texts(doc):
        assert isinstance(text, str) and text.strip(), f"{game}.{lang}: an empty text"
        # drawn as text nodes: markup would show as written, so there is none
        assert "<" not in text and "**" not in text, f"{game}.{lang}: markup in {text[:60]!r}"


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_two_languages_say_the_same_things(game: str) -> None:
    pt, en = rules_doc(game, "pt"), rules_doc(game, "en")
    assert shape(pt) == shape(en)
    different = [a for a, b in zip(texts(pt), texts(en), strict=True) if a != b]
    assert len(different) == len(texts(pt)), "a text is left untranslated"


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_cited_interpretation_is_in_rules_md(game: str) -> None:
    known = interpretation_numbers(game)
    assert known, f"{game}'s RULES.md has no numbered interpretations"
    cited = {item["ref"] for item in rules_doc(game, "pt")["sections"][-1]["items"]}
    assert cited <= known, f"{game}: RULES.md has no interpretation {sorted(cited - known)}"


def test_the_server_serves_the_rules_files(tmp_path: Path) -> None:
    with serve(tmp_path / "db.sqlite3") as client:
        answer = client.get("/rules/metro.en.json")
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("application/json")
        assert answer.json()["game"] == "metro"
        assert client.get("/rules/nothing.en.json").status_code == 404


def test_every_game_has_a_preview_of_a_fresh_match(tmp_path: Path) -> None:
    with serve(tmp_path / "db.sqlite3") as client:
        for game in all_games():
            answer = client.get(f"/api/games/{game.info.id}/preview")
            assert answer.status_code == 200, answer.text
            preview = answer.json()
            players = default_players(game.info.min_players, game.info.max_players)
            state = game.new_state(players, PREVIEW_SEED)
            assert preview == {
                "game": game.info.id,
                "players": players,
                "seed": PREVIEW_SEED,
                "to_act": sorted(game.to_act(state)),
                "view": json.loads(json.dumps(game.view(state, None))),
            }


def test_a_preview_takes_a_player_count(tmp_path: Path) -> None:
    with serve(tmp_path / "db.sqlite3") as client:
        answer = client.get("/api/games/metro/preview", params={"players": 4})
        assert answer.status_code == 200
        assert answer.json()["players"] == 4
        assert len(answer.json()["view"]["scores"]) == 4


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/games/nope/preview", 422, "unknown_game"),
        ("/api/games/metro/preview?players=9", 422, "bad_player_count"),
        ("/api/games/metro/preview?players=x", 422, "invalid_body"),
        ("/api/games/metro/preview?players=0", 422, "invalid_body"),
    ],
)
def test_a_bad_preview_request_is_a_4xx_with_its_code(
    tmp_path: Path, path: str, status: int, code: str
) -> None:
    with serve(tmp_path / "db.sqlite3") as client:
        answer = client.get(path)
        assert answer.status_code == status
        assert answer.json()["code"] == code
