"""DOGS components: the board's roads, the dog tokens, the cards and the Dog Fair cards.

Loaded once from ``data/*.v1.json`` and validated. The board, the sick/lost split of each
breed's tokens, the card faces and the Fair cards are designed by Tabuleiro (the printed
components are not public); the data files say so and the rulebook's totals are checked.

Board spaces are numbered ``0`` for the centre X, ``1..8`` for city spaces C1..C8 and
``9..16`` for country spaces K1..K8. A dog token is ``breed * 3 + kind`` with kind 0
healthy, 1 sick, 2 lost; `BLOCK` is the 2-player blocking token.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from tabuleiro.core.data import expect, load_json

HEALTHY, SICK, LOST = 0, 1, 2
BLOCK = 99
CITY, COUNTRY = 0, 1
AREAS = ("city", "country")
RESOURCES = ("food", "medicine", "gas", "coins")
SPECIALS = ("dog", "trained", "prize", "vet", "swap", "discount", "helper", "free")


@dataclass(frozen=True, slots=True)
class Card:
    """A card type: a resource card (`resource`, `units`) or a special card (`special`)."""

    name: str
    resource: str | None = None
    units: int = 0
    special: str | None = None


@dataclass(frozen=True, slots=True)
class Components:
    """Every DOGS component and the tables derived from them."""

    space_names: tuple[str, ...]
    space_area: tuple[int, ...]
    reward: tuple[int, ...]
    xy: tuple[tuple[int, int], ...]
    roads: tuple[tuple[int, ...], ...]
    board_designed: bool
    breed_ids: tuple[str, ...]
    breed_names: tuple[str, ...]
    breed_area: tuple[int, ...]
    per_breed: dict[int, int]
    split_designed: bool
    removed: dict[int, tuple[int, ...]]
    blocking: dict[int, int]
    cards: tuple[Card, ...]
    deck: tuple[int, ...]
    cards_designed: bool
    fair_cards: tuple[tuple[int, ...], ...]


def dog(breed: int, kind: int = HEALTHY) -> int:
    """The token code of a dog."""
    return breed * 3 + kind


def breed_of(token: int) -> int:
    """The breed of a dog token."""
    return token // 3


def kind_of(token: int) -> int:
    """HEALTHY, SICK or LOST."""
    return token % 3


def _board(comp: dict[str, Any]) -> None:
    data = load_json(__package__ or "", "board.v1.json", 1)
    spaces: Any = data.get("spaces") or {}
    names = ["X", *sorted(spaces)]
    expect(
        len(names) == 17 and data.get("centre") == "X",
        "board.v1.json",
        "spaces",
        "the centre X and 16 spaces",
    )
    area, reward, xy = [-1], [0], [(50, 50)]
    for name in names[1:]:
        raw = spaces[name]
        ok = raw.get("area") in AREAS and raw.get("reward") in (1, 2, 3, 4) and len(raw.get("xy") or []) == 2
        expect(ok, "board.v1.json", f"spaces.{name}", "area city/country, reward 1-4 and xy")
        area.append(AREAS.index(raw["area"]))
        reward.append(raw["reward"])
        xy.append((raw["xy"][0], raw["xy"][1]))
    expect(
        area.count(CITY) == 8 and area.count(COUNTRY) == 8, "board.v1.json", "spaces", "8 city and 8 country"
    )
    roads: list[set[int]] = [set() for _ in names]
    for i, road in enumerate(data.get("roads") or []):
        ok = (
            isinstance(road, list) and len(road) == 2 and all(r in names for r in road) and road[0] != road[1]
        )
        expect(ok, "board.v1.json", f"roads[{i}]", "two different space names")
        a, b = names.index(road[0]), names.index(road[1])
        roads[a].add(b)
        roads[b].add(a)
    expect(all(roads), "board.v1.json", "roads", "every space on a road")
    comp.update(
        space_names=tuple(names),
        space_area=tuple(area),
        reward=tuple(reward),
        xy=tuple(xy),
        roads=tuple(tuple(sorted(r)) for r in roads),
        board_designed=bool(data.get("designed")),
    )


def _dogs(comp: dict[str, Any]) -> None:
    data = load_json(__package__ or "", "dogs.v1.json", 1)
    breeds: Any = data.get("breeds") or []
    expect(len(breeds) == 12, "dogs.v1.json", "breeds", "12 breeds")
    ids = tuple(b["id"] for b in breeds)
    areas = tuple(AREAS.index(b["area"]) for b in breeds)
    expect(areas.count(CITY) == 6, "dogs.v1.json", "breeds", "6 city and 6 country breeds")
    split: Any = data.get("tokens_per_breed") or {}
    per = {HEALTHY: split.get("healthy"), SICK: split.get("sick"), LOST: split.get("lost")}
    expect(
        all(isinstance(n, int) and n >= 0 for n in per.values()) and sum(per.values()) == 7,
        "dogs.v1.json",
        "tokens_per_breed",
        "7 tokens per breed",
    )
    removed: dict[int, tuple[int, ...]] = {}
    for players, names in (data.get("removed_breeds") or {}).items():
        expect(all(n in ids for n in names), "dogs.v1.json", f"removed_breeds.{players}", "breed ids")
        removed[int(players)] = tuple(ids.index(n) for n in names)
    expect(sorted(removed) == [2, 3, 4], "dogs.v1.json", "removed_breeds", "entries for 2, 3 and 4 players")
    blocking: Any = data.get("blocking_tokens") or {}
    comp.update(
        breed_ids=ids,
        breed_names=tuple(b["name"] for b in breeds),
        breed_area=areas,
        per_breed=per,
        split_designed=bool(split.get("designed")),
        removed=removed,
        blocking={CITY: blocking.get("city", 0), COUNTRY: blocking.get("country", 0)},
    )


def _cards(comp: dict[str, Any]) -> None:
    data = load_json(__package__ or "", "cards.v1.json", 1)
    cards: list[Card] = []
    deck: list[int] = []
    for i, raw in enumerate(data.get("resource_cards") or []):
        ok = (
            raw.get("resource") in RESOURCES
            and raw.get("units") in (1, 2, 3)
            and isinstance(raw.get("count"), int)
        )
        expect(ok, "cards.v1.json", f"resource_cards[{i}]", "resource, units 1-3 and count")
        cards.append(Card(f"{raw['resource']}{raw['units']}", resource=raw["resource"], units=raw["units"]))
        deck.extend([len(cards) - 1] * raw["count"])
    for i, raw in enumerate(data.get("special_cards") or []):
        expect(
            raw.get("type") in SPECIALS and isinstance(raw.get("count"), int),
            "cards.v1.json",
            f"special_cards[{i}]",
            "a special card type and count",
        )
        cards.append(Card(raw["type"], special=raw["type"]))
        deck.extend([len(cards) - 1] * raw["count"])
    fair: Any = data.get("fair_cards") or []
    ids = comp["breed_ids"]
    ok = len(fair) == 4 and all(len(c) == 3 and all(b in ids for b in c) for c in fair)
    expect(ok, "cards.v1.json", "fair_cards", "4 cards of 3 breeds")
    comp.update(
        cards=tuple(cards),
        deck=tuple(deck),
        cards_designed=bool(data.get("designed")),
        fair_cards=tuple(tuple(ids.index(b) for b in c) for c in fair),
    )


@cache
def components() -> Components:
    """Every component, loaded and validated once."""
    comp: dict[str, Any] = {}
    _board(comp)
    _dogs(comp)
    _cards(comp)
    return Components(**comp)
