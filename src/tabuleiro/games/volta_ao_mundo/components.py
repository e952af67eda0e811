"""Volta ao mundo em 80 dias: the map, city cards, weather, events, market deck, sabotage.

Loaded once from ``data/*.v1.json`` and validated: a wrong file raises `DataError` naming
the file, the entry and what was expected. None of this content is public (the rulebook
describes the components but prints none of them); every file is **designed by Tabuleiro**
from ``shared/research/dogs_80days.md`` Part 2 and says so (``"designed": true``). A group
owning the physical cards can enter theirs in the same format.

Indices used everywhere else: cities and routes by their position in ``map.v1.json``;
cards ``0..59`` for the market deck (M01..M60), ``60..71`` for the sabotage cards
(S01..S12) and ``72 + seat`` for each player's starting telegraph card.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from tabuleiro.core.data import expect, load_json

SHIP, TRAIN, CARRIAGE = 1, 2, 4
BALLOON = SHIP | TRAIN | CARRIAGE
"""Transport bit masks; a balloon card applies to any transport (§ Cartas de movimento)."""
TRANSPORTS = {"ship": SHIP, "train": TRAIN, "carriage": CARRIAGE, "balloon": BALLOON}
MAP_TRANSPORTS = ("ship", "train", "carriage")
ATLANTIC, PACIFIC = 1, 2
BOTH_OCEANS = ATLANTIC | PACIFIC
OCEANS = {"atlantic": ATLANTIC, "pacific": PACIFIC}
SUN, FOG, STORM = 0, 1, 2
WEATHERS = ("sun", "fog", "storm")
NO_ICON, EVENT, FAME, COIN = 0, 1, 2, 3
ICONS = (None, "event", "fame", "coin")
MARKET_CARDS = 60
SABOTAGE_CARDS = 12
FIRST_SABOTAGE = MARKET_CARDS
FIRST_TELEGRAPH = MARKET_CARDS + SABOTAGE_CARDS
MAX_PLAYERS = 4

MOVEMENT_EFFECTS = (
    "discount",
    "extra_legs",
    "lock_adjacent",
    "fame_on_move",
    "repeat_left",
    "double_right",
    "ignore_fog",
    "ignore_storm",
    "no_flip_right",
    "penalty",
)
OTHER_EFFECTS = (
    "telegraph",
    "office",
    "correspondent",
    "travel_agent",
    "planning",
    "charter",
    "lawyer",
    "bribe",
    "sponsorship",
    "insurance",
    "scandal",
    "locked",
)
ACTIVE_EFFECTS = ("planning", "charter", "lawyer", "bribe", "sponsorship")
VALUED = ("discount", "extra_legs", "fame_on_move", "penalty", "travel_agent", "sponsorship", "scandal")
EVENT_EFFECTS = (
    "simple",
    "detour",
    "elephant",
    "left_flips",
    "pay_or_delay",
    "connection",
    "sponsor",
    "delay_or_sabotage",
    "discount_buy",
    "sabotage",
    "urgent_telegram",
    "local_correspondent",
    "meeting",
)
CATEGORIES = ("movement", "effect", "telegraph", "sabotage")


@dataclass(frozen=True, slots=True)
class Route:
    """A map route between cities `a` and `b` (undirected)."""

    id: str
    a: int
    b: int
    transport: int
    days: int
    ocean: int
    numbered: bool


@dataclass(frozen=True, slots=True)
class Face:
    """One side of a card. `transport` is a mask (0 for cards that are not movement cards)."""

    effect: str
    transport: int = 0
    value: int = 0
    fame: int = 0
    coins: int = 0
    multi: bool = False
    name_pt: str = ""
    name_en: str = ""

    @property
    def locked(self) -> bool:
        """A padlock face: it cannot be turned over (§ Efeitos)."""
        return self.effect == "locked"

    @property
    def key(self) -> tuple[str, int, int, int, int, bool, str]:
        """What a player sees on the face: equal keys are indistinguishable faces."""
        return (self.effect, self.transport, self.value, self.fame, self.coins, self.multi, self.name_en)


@dataclass(frozen=True, slots=True)
class Card:
    """A double-sided card: market, sabotage or starting telegraph."""

    id: str
    category: str
    price: int
    faces: tuple[Face, Face]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an event or its alternative does: days to this move, fame and coins gained."""

    days: int = 0
    fame: int = 0
    coins: int = 0


@dataclass(frozen=True, slots=True)
class Event:
    """An event card (§ Realizar o evento). `when` is a transport mask, `PACIFIC_MOVE` or 0."""

    id: str
    name_pt: str
    name_en: str
    text_pt: str
    text_en: str
    effect: str
    watermark: int
    when: int = 0
    then: Outcome = Outcome()
    otherwise: Outcome = Outcome()
    coins: int = 0
    days: int = 0
    fame: int = 0
    discount: int = 0


PACIFIC_MOVE = 8
"""`Event.when` for "this move crosses a Pacific route"."""


@dataclass(frozen=True, slots=True)
class Board:
    """Tracks and sizes (personal board, day track, market, draft)."""

    fame_track: int
    passports: tuple[tuple[int, int], ...]
    day_track: int
    income_cap: int
    market_size: int
    draft_hand: int
    draft_keep: int
    lock_tokens: int

    def slots(self, fame: int) -> int:
        """Open tableau slots for a fame value (the passports reached)."""
        return max(s for f, s in self.passports if f <= fame)

    @property
    def max_slots(self) -> int:
        """Slots with every passport open."""
        return max(s for _, s in self.passports)


@dataclass(frozen=True, slots=True)
class Components:
    """Every component and the tables derived from them."""

    city_ids: tuple[str, ...]
    city_names: tuple[Mapping[str, str], ...]
    regions: tuple[str, ...]
    lon: tuple[float, ...]
    lat: tuple[float, ...]
    routes: tuple[Route, ...]
    adjacent: tuple[tuple[tuple[int, int], ...], ...]
    """Per city, (route index, neighbour city) pairs in route order."""
    verne_route: tuple[int, ...]
    city_coins: tuple[int, ...]
    city_fame: tuple[int, ...]
    right_icon: str
    weather: tuple[tuple[tuple[int, int], ...], ...]
    """Per weather card, per map transport (ship, train, carriage): (weather, icon)."""
    weather_ids: tuple[str, ...]
    events: tuple[Event, ...]
    cards: tuple[Card, ...]
    board: Board
    designed: bool

    def city(self, name: str) -> int:
        """The index of a city id (``LON``)."""
        return self.city_ids.index(name)

    def route_between(self, a: int, b: int) -> int:
        """The route index joining two cities, or -1."""
        for route, other in self.adjacent[a]:
            if other == b:
                return route
        return -1


def transport_row(transport: int) -> int:
    """The weather card row of a map transport (ship 0, train 1, carriage 2)."""
    return (SHIP, TRAIN, CARRIAGE).index(transport)


def _name(raw: Any, filename: str, path: str) -> dict[str, str]:
    ok = isinstance(raw, dict) and all(isinstance(raw.get(k), str) and raw[k] for k in ("pt", "en"))
    expect(ok, filename, path, 'a name {"pt": ..., "en": ...}')
    return {"pt": raw["pt"], "en": raw["en"]}


def _int(raw: Any, filename: str, path: str, low: int, high: int) -> int:
    ok = isinstance(raw, int) and not isinstance(raw, bool) and low <= raw <= high
    expect(ok, filename, path, f"an integer from {low} to {high}")
    return int(raw)


def _map(comp: dict[str, Any]) -> None:
    f = "map.v1.json"
    data = load_json(__package__ or "", f, 1)
    cities: Any = data.get("cities")
    expect(isinstance(cities, list) and len(cities) >= 24, f, "cities", "a list of at least 24 cities")
    ids: list[str] = []
    names: list[dict[str, str]] = []
    regions: list[str] = []
    lon: list[float] = []
    lat: list[float] = []
    for i, raw in enumerate(cities):
        where = f"cities[{i}]"
        expect(isinstance(raw, dict), f, where, "an object")
        cid = raw.get("id")
        expect(isinstance(cid, str) and len(cid) == 3 and cid.isupper(), f, f"{where}.id", "a 3-letter id")
        expect(cid not in ids, f, f"{where}.id", f"a new id ({cid} appears twice)")
        ids.append(cid)
        names.append(_name(raw.get("name"), f, f"{where}.name"))
        expect(isinstance(raw.get("region"), str), f, f"{where}.region", "a region name")
        regions.append(raw["region"])
        for key, bound, out in (("lon", 180.0, lon), ("lat", 90.0, lat)):
            value = raw.get(key)
            ok = isinstance(value, int | float) and not isinstance(value, bool) and -bound <= value <= bound
            expect(ok, f, f"{where}.{key}", f"a number from -{bound:g} to {bound:g}")
            out.append(float(value))
    routes: Any = data.get("routes")
    expect(isinstance(routes, list) and bool(routes), f, "routes", "a list of routes")
    parsed: list[Route] = []
    adjacent: list[list[tuple[int, int]]] = [[] for _ in ids]
    seen_ids: set[str] = set()
    for i, raw in enumerate(routes):
        where = f"routes[{i}]"
        expect(isinstance(raw, dict), f, where, "an object")
        rid = raw.get("id")
        expect(isinstance(rid, str) and rid not in seen_ids, f, f"{where}.id", "a new route id")
        seen_ids.add(rid)
        for end in ("a", "b"):
            expect(raw.get(end) in ids, f, f"{where}.{end}", f"a city of 'cities' (not {raw.get(end)!r})")
        a, b = ids.index(raw["a"]), ids.index(raw["b"])
        expect(a != b, f, where, "two different cities")
        expect(all(other != b for _, other in adjacent[a]), f, where, "one route per pair of cities")
        transport = raw.get("transport")
        expect(transport in MAP_TRANSPORTS, f, f"{where}.transport", "ship, train or carriage")
        numbered = "days" in raw
        days = _int(raw["days"], f, f"{where}.days", 1, 60) if numbered else 1
        ocean = raw.get("ocean")
        expect(ocean is None or ocean in OCEANS, f, f"{where}.ocean", "atlantic, pacific or absent")
        parsed.append(Route(rid, a, b, TRANSPORTS[transport], days, OCEANS[ocean] if ocean else 0, numbered))
        adjacent[a].append((len(parsed) - 1, b))
        adjacent[b].append((len(parsed) - 1, a))
    for i, cid in enumerate(ids):
        expect(bool(adjacent[i]), f, f"cities.{cid}", "at least one route from every city")
    oceans = {r.ocean for r in parsed}
    expect({ATLANTIC, PACIFIC} <= oceans, f, "routes", "at least one atlantic and one pacific route")
    verne: Any = data.get("verne_route")
    ok = isinstance(verne, list) and all(c in ids for c in verne) and len(verne) > 2 and verne[0] == verne[-1]
    expect(ok, f, "verne_route", "a closed list of city ids")
    for x, y in itertools.pairwise(verne):
        ok = any(other == ids.index(y) for _, other in adjacent[ids.index(x)])
        expect(ok, f, "verne_route", f"consecutive cities joined by a route ({x}-{y} is not)")
    comp.update(
        city_ids=tuple(ids),
        city_names=tuple(names),
        regions=tuple(regions),
        lon=tuple(lon),
        lat=tuple(lat),
        routes=tuple(parsed),
        adjacent=tuple(tuple(a) for a in adjacent),
        verne_route=tuple(ids.index(c) for c in verne),
        designed=bool(data.get("designed")),
    )


def _cities(comp: dict[str, Any]) -> None:
    f = "cities.v1.json"
    data = load_json(__package__ or "", f, 1)
    ids: tuple[str, ...] = comp["city_ids"]
    cards: Any = data.get("cards")
    expect(isinstance(cards, list), f, "cards", "a list of city cards")
    coins, fame = [-1] * len(ids), [-1] * len(ids)
    for i, raw in enumerate(cards):
        where = f"cards[{i}]"
        expect(isinstance(raw, dict) and raw.get("city") in ids, f, f"{where}.city", "a city of map.v1.json")
        c = ids.index(raw["city"])
        expect(coins[c] < 0, f, f"{where}.city", f"one card per city ({raw['city']} appears twice)")
        coins[c] = _int(raw.get("coins"), f, f"{where}.coins", 0, 9)
        fame[c] = _int(raw.get("fame"), f, f"{where}.fame", 0, 9)
    missing = [ids[c] for c, n in enumerate(coins) if n < 0]
    expect(not missing, f, "cards", f"a card for every city (missing: {', '.join(missing)})")
    expect(isinstance(data.get("right_icon"), str), f, "right_icon", "the constant right-hand icon")
    comp.update(city_coins=tuple(coins), city_fame=tuple(fame), right_icon=data["right_icon"])


def _weather(comp: dict[str, Any]) -> None:
    f = "weather.v1.json"
    data = load_json(__package__ or "", f, 1)
    cards: Any = data.get("cards")
    expect(isinstance(cards, list) and bool(cards), f, "cards", "a list of weather cards")
    rows: list[tuple[tuple[int, int], ...]] = []
    ids = []
    for i, raw in enumerate(cards):
        where = f"cards[{i}]"
        expect(isinstance(raw, dict) and isinstance(raw.get("id"), str), f, f"{where}.id", "an id")
        expect(raw["id"] not in ids, f, f"{where}.id", f"a new id ({raw['id']} appears twice)")
        ids.append(raw["id"])
        card = []
        for transport in MAP_TRANSPORTS:
            cell = raw.get(transport)
            ok = isinstance(cell, dict) and cell.get("weather") in WEATHERS and cell.get("icon") in ICONS
            expect(ok, f, f"{where}.{transport}", "weather sun/fog/storm and icon event/fame/coin or none")
            card.append((WEATHERS.index(cell["weather"]), ICONS.index(cell.get("icon"))))
        rows.append(tuple(card))
    comp.update(weather=tuple(rows), weather_ids=tuple(ids))


def _outcome(raw: Any, f: str, where: str) -> Outcome:
    if raw is None:
        return Outcome()
    ok = isinstance(raw, dict) and set(raw) <= {"days", "fame", "coins"}
    expect(ok, f, where, "an object with days, fame and/or coins")
    values = {k: _int(v, f, f"{where}.{k}", -9, 9) for k, v in raw.items()}
    return Outcome(**values)


def _events(comp: dict[str, Any]) -> None:
    f = "events.v1.json"
    data = load_json(__package__ or "", f, 1)
    cards: Any = data.get("cards")
    expect(isinstance(cards, list) and bool(cards), f, "cards", "a list of event cards")
    events: list[Event] = []
    for i, raw in enumerate(cards):
        where = f"cards[{i}]"
        expect(isinstance(raw, dict) and isinstance(raw.get("id"), str), f, f"{where}.id", "an id")
        ok = all(e.id != raw["id"] for e in events)
        expect(ok, f, f"{where}.id", f"a new id ({raw['id']} appears twice)")
        name = _name(raw.get("name"), f, f"{where}.name")
        text = _name(raw.get("text"), f, f"{where}.text")
        effect = raw.get("effect")
        expect(effect in EVENT_EFFECTS, f, f"{where}.effect", "one of " + ", ".join(EVENT_EFFECTS))
        expect(raw.get("watermark") in ("fame", "coin"), f, f"{where}.watermark", "fame or coin")
        when_raw = raw.get("when")
        ok = when_raw is None or when_raw in MAP_TRANSPORTS or when_raw == "pacific"
        expect(ok, f, f"{where}.when", "ship, train, carriage, pacific or absent")
        when = 0 if when_raw is None else PACIFIC_MOVE if when_raw == "pacific" else TRANSPORTS[when_raw]
        events.append(
            Event(
                id=raw["id"],
                name_pt=name["pt"],
                name_en=name["en"],
                text_pt=text["pt"],
                text_en=text["en"],
                effect=sys.intern(effect),
                watermark=FAME if raw["watermark"] == "fame" else COIN,
                when=when,
                then=_outcome(raw.get("then"), f, f"{where}.then"),
                otherwise=_outcome(raw.get("otherwise"), f, f"{where}.otherwise"),
                coins=_int(raw.get("coins", 0), f, f"{where}.coins", 0, 9),
                days=_int(raw.get("days", 0), f, f"{where}.days", 0, 9),
                fame=_int(raw.get("fame", 0), f, f"{where}.fame", 0, 9),
                discount=_int(raw.get("discount", 0), f, f"{where}.discount", 0, 9),
            )
        )
    comp.update(events=tuple(events))


def _face(raw: Any, f: str, where: str) -> Face:
    expect(isinstance(raw, dict), f, where, "a face object")
    effect = raw.get("effect")
    known = MOVEMENT_EFFECTS + OTHER_EFFECTS
    expect(effect in known, f, f"{where}.effect", "one of " + ", ".join(known))
    transport = 0
    if effect in MOVEMENT_EFFECTS:
        ok = raw.get("transport") in TRANSPORTS
        expect(ok, f, f"{where}.transport", "train, ship, carriage or balloon for a movement effect")
        transport = TRANSPORTS[raw["transport"]]
    value = _int(raw.get("value", 0), f, f"{where}.value", 0, 9)
    if effect in VALUED:
        expect(value > 0, f, f"{where}.value", f"a positive value for {effect}")
    if effect == "extra_legs":
        expect(value <= 2, f, f"{where}.value", "1 or 2 extra spaces")
    fame = _int(raw.get("fame", 0), f, f"{where}.fame", 0, 9)
    coins = _int(raw.get("coins", 0), f, f"{where}.coins", 0, 9)
    if effect == "telegraph":
        expect(fame > 0 and coins > 0, f, where, "a telegraph face with fame and coins")
    name = _name(raw["name"], f, f"{where}.name") if "name" in raw else {"pt": "", "en": ""}
    return Face(
        effect=sys.intern(effect),
        transport=transport,
        value=value,
        fame=fame,
        coins=coins,
        multi=bool(raw.get("multi")),
        name_pt=name["pt"],
        name_en=name["en"],
    )


def _card_group(raw: Any, f: str, where: str, priced: bool) -> list[Card]:
    expect(isinstance(raw, dict), f, where, "an object")
    ids = raw.get("ids") if "ids" in raw else [raw.get("id")]
    expect(
        isinstance(ids, list) and bool(ids) and all(isinstance(i, str) for i in ids), f, f"{where}.ids", "ids"
    )
    category = raw.get("category")
    expect(category in CATEGORIES, f, f"{where}.category", "one of " + ", ".join(CATEGORIES))
    price = 0
    if priced:
        expect("price" in raw, f, f"{where}.price", "a price (the golden number of face A)")
        price = _int(raw["price"], f, f"{where}.price", 0, 20)
    faces = raw.get("faces")
    expect(isinstance(faces, list) and len(faces) == 2, f, f"{where}.faces", "two faces")
    a, b = _face(faces[0], f, f"{where}.faces[0]"), _face(faces[1], f, f"{where}.faces[1]")
    if category == "effect":
        expect(a.effect not in MOVEMENT_EFFECTS and b.locked, f, where, "an effect card with a padlock back")
    if category == "telegraph":
        expect(a.effect == "telegraph" and b.effect == "office", f, where, "telegraph front and office back")
    if category == "sabotage":
        bad = {"penalty", "scandal", "locked"}
        expect(a.effect in bad and b.effect in bad, f, where, "negative effects on both faces")
    return [Card(i, category, price, (a, b)) for i in ids]


def _cards(comp: dict[str, Any]) -> None:
    f = "cards.v1.json"
    data = load_json(__package__ or "", f, 1)
    market: list[Card] = []
    for i, raw in enumerate(data.get("market") or []):
        market += _card_group(raw, f, f"market[{i}]", priced=True)
    expect(len(market) == MARKET_CARDS, f, "market", f"{MARKET_CARDS} cards (found {len(market)})")
    sabotage: list[Card] = []
    for i, raw in enumerate(data.get("sabotage") or []):
        sabotage += _card_group(raw, f, f"sabotage[{i}]", priced=False)
    expect(len(sabotage) == SABOTAGE_CARDS, f, "sabotage", f"{SABOTAGE_CARDS} cards (found {len(sabotage)})")
    expect(all(c.category == "sabotage" for c in sabotage), f, "sabotage", "sabotage cards only")
    expect(all(c.category != "sabotage" for c in market), f, "market", "no sabotage card in the market deck")
    start = _card_group(data.get("starting_telegraph"), f, "starting_telegraph", priced=False)
    expect(start[0].category == "telegraph", f, "starting_telegraph", "a telegraph card")
    telegraphs = [Card(f"T{seat + 1}", "telegraph", 0, start[0].faces) for seat in range(MAX_PLAYERS)]
    ids = [c.id for c in market + sabotage]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    expect(not dup, f, "ids", f"unique card ids (repeated: {', '.join(dup)})")
    comp.update(cards=tuple(market + sabotage + telegraphs))


def _board(comp: dict[str, Any]) -> None:
    f = "board.v1.json"
    data = load_json(__package__ or "", f, 1)
    fame_track = _int(data.get("fame_track"), f, "fame_track", 5, 99)
    passports: Any = data.get("passports")
    ok = isinstance(passports, list) and bool(passports) and all(isinstance(p, dict) for p in passports)
    expect(ok, f, "passports", "a list of {fame, slots}")
    parsed = [
        (
            _int(p.get("fame"), f, f"passports[{i}].fame", 0, fame_track),
            _int(p.get("slots"), f, f"passports[{i}].slots", 1, 9),
        )
        for i, p in enumerate(passports)
    ]
    expect(parsed[0][0] == 0, f, "passports[0].fame", "0: the fame pawn starts on the first passport")
    ok = all(a[0] < b[0] and a[1] < b[1] for a, b in itertools.pairwise(parsed))
    expect(ok, f, "passports", "increasing fame and slots")
    expect(parsed[-1][1] <= 6, f, "passports", "at most 6 tableau slots")
    comp.update(
        board=Board(
            fame_track=fame_track,
            passports=tuple(parsed),
            day_track=_int(data.get("day_track"), f, "day_track", 80, 999),
            income_cap=_int(data.get("income_cap"), f, "income_cap", 1, 20),
            market_size=_int(data.get("market_size"), f, "market_size", 1, 9),
            draft_hand=_int(data.get("draft_hand"), f, "draft_hand", 2, 9),
            draft_keep=_int(data.get("draft_keep"), f, "draft_keep", 1, 8),
            lock_tokens=_int(data.get("lock_tokens"), f, "lock_tokens", 0, 99),
        )
    )
    board: Board = comp["board"]
    expect(board.draft_keep < board.draft_hand, f, "draft_keep", "fewer cards kept than dealt")
    cities = len(comp["city_ids"])
    ok = board.draft_hand * MAX_PLAYERS <= cities
    expect(ok, f, "draft_hand", f"a deal for 4 players within the {cities} city cards")


@cache
def components() -> Components:
    """Every component, loaded and validated once."""
    comp: dict[str, Any] = {}
    _map(comp)
    _cities(comp)
    _weather(comp)
    _events(comp)
    _cards(comp)
    _board(comp)
    return Components(**comp)
