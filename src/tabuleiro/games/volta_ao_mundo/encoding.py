"""Fixed-size numeric forms of Volta ao mundo em 80 dias for learning agents.

Cities are numbered as in ``map.v1.json`` (C = 38), tableau positions 0..5 for places 1..6
and 6 for the overflow position, market places 0..4, seats relative to the observer.

Actions (``ACTIONS`` = 1,775 indices with 38 cities), one fixed range per action type:

    [0:C)          pick city (draft)                 [C:2C)        start city
    [2C:3C)        move to city                      [3C:4C)       extra space (leg) to city
    [4C:5C)        detour to city
    then, from ``TELEGRAPH`` = 5C:
    +0    [112]    telegraph on position p with options o1[, o2] (fame 0, income 1, collect 2):
                   16 * p + (o1 + 1) + 4 * (o2 + 1)
    +112  [80]     buy market m with office position f (-1 none), free: 16 * m + 2 * (f + 1) + free
    +192  [784]    swap positions a, b with office f, free: 16 * (7 * a + b) + 2 * (f + 1) + free
    +976  [14]     flip position p, free: 2 * p + free
    +990  [7 * (36 + C)]  use the effect at position p: (36 + C) * p + k, k = 0 plain, 1 + q
                   (Lawyer: the sabotage card at q), 8 + 7 * s + q (Bribe: relative seat s's card
                   at q), 36 + c (Charter to city c)
    then rest, end · sponsor position p (7) · lock position p (7) · face a, b (2) ·
    stop, skip, elephant, pay, delay, sabotage, hold, turn (8) · sabotage under market m (5) ·
    plan position p face a/b (14: 2 * p + face) · refresh the market places in bit set s (32)

Observation of one seat, built from its view only (its own draft hand and sealed choice are
its private part; the other seats' are never read). A card is described by its two faces,
``FACE`` numbers each: effect one-hot (22), transport bits ship/train/carriage (3), value,
fame, coins, several telegraph options. For P players the layout is (see `layout` for the
exact slices and bounds; ``1262 + 647 * P`` numbers with 38 cities: 2,556, 3,203, 3,850):

    globals       phase (4), players, first player, turn index, movement deck size, the deck's
                  top B face (FACE), discard and sabotage pile sizes, weather card (present and
                  per ship/train/carriage: weather sun/fog/storm and icon none/event/fame/coin),
                  weather deck and discard, event deck, events discarded (one per event),
                  last event (one-hot), city deck, city cards discarded, meeting cities
    decision      kind one-hot (11), deciding seat, rest actions left, event (one-hot),
                  sponsor coins on the card and to hand, gamblers' target seat, the card the
                  decision is about (tableau position one-hot), plan: positions to place,
                  places, placed so far; decisions waiting below, by kind (11)
    turn          present, seat, main actions used (move, telegraph, effect, buy), mains,
                  free action used, moved, rest
    trip          present, seat, route one-hot, transport, charter, weather, icon, days so far,
                  transports travelled, days by cause (8), extra spaces, weather cancelled,
                  discounts cancelled, event one-hot, departed, maths done; per tableau
                  position of the mover: took effect, must not flip, steps still to resolve
    market        per place: present, price, the card's faces (2 FACE), sabotage under it,
                  its faces (2 FACE)
    preview       the decider's moves, per city: days a Move or extra space there would take
                  (-1: none), whether it leaves no way home, days a Charter there would take;
                  stopping the extra spaces: days, strands
    private       the seat's draft hand, sealed city, start gains (coins, fame) per city
    travellers    per seat from the observer: city, origin, cities visited (one each),
                  oceans crossed, longitude travelled, days, days by cause, fame, coins, open
                  places, per position 0..6 (present, face up, lock token, coins on it, the
                  face up and the face down: 2 FACE), status, turns, finished turn, cities
                  drafted (revealed ones only), cards drafted, contact cities, draft sealed,
                  hand size
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from tabuleiro.core import JsonDict
from tabuleiro.core.encoding import Encoding, Layout, Slice
from tabuleiro.games.volta_ao_mundo.actions import (
    TELEGRAPH_OPTIONS,
    WORDS,
    Buy,
    Choose,
    Detour,
    End,
    FaceChoice,
    Flip,
    Leg,
    Lock,
    Move,
    Pick,
    Plan,
    RaceAction,
    Refresh,
    Rest,
    Sabotage,
    Sponsor,
    Start,
    Swap,
    Telegraph,
    UseEffect,
)
from tabuleiro.games.volta_ao_mundo.components import (
    ICONS,
    MOVEMENT_EFFECTS,
    OTHER_EFFECTS,
    WEATHERS,
    Face,
    components,
)

POSITIONS = 7
MARKET = 5
MAX_SEATS = 4
EFFECTS = (*MOVEMENT_EFFECTS, *OTHER_EFFECTS)
FACE = len(EFFECTS) + 3 + 4
PHASES = ("draft", "start", "race", "over")
KINDS = ("opening", "turn", "rest", "event", "gamblers", "leg", "lock", "face", "token", "sabotage", "plan")
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
PLACE_LABELS = (*(str(p) for p in range(1, POSITIONS)), "o")
"""A plan's tableau places as the view names them: 1..6 and the overflow."""
MAINS = ("move", "telegraph", "effect", "buy")
TRANSPORTS = ("ship", "train", "carriage")
LEDGER = ("routes", "weather", "events", "cards", "sabotage", "minimum", "idle", "rest")
STATUSES = ("racing", "finished", "out")
OCEANS = ("atlantic", "pacific")
BIG = 1000.0
SCORE_BOUND = 1000

CITIES = len(components().city_ids)
PICK = 0
START = PICK + CITIES
MOVE = START + CITIES
LEG = MOVE + CITIES
DETOUR = LEG + CITIES
TELEGRAPH = DETOUR + CITIES
BUY = TELEGRAPH + 16 * POSITIONS
SWAP = BUY + 16 * MARKET
FLIP = SWAP + 16 * POSITIONS * POSITIONS
EFFECT_SPAN = 36 + CITIES
EFFECT = FLIP + 2 * POSITIONS
REST = EFFECT + EFFECT_SPAN * POSITIONS
END = REST + 1
SPONSOR = END + 1
LOCK = SPONSOR + POSITIONS
FACE_CHOICE = LOCK + POSITIONS
CHOOSE = FACE_CHOICE + 2
SABOTAGE = CHOOSE + len(WORDS)
PLAN = SABOTAGE + MARKET
REFRESH = PLAN + 2 * POSITIONS
ACTIONS = REFRESH + (1 << MARKET)


def _rel(seat: int, viewer: int, players: int) -> int:
    return (seat - viewer) % players


def action_index(action: RaceAction, viewer: int, players: int) -> int:
    """The action's index (the module docstring's ranges); seats relative to `viewer`."""
    match action:
        case Pick(city):
            return PICK + city
        case Start(city):
            return START + city
        case Move(city):
            return MOVE + city
        case Leg(city):
            return LEG + city
        case Detour(city):
            return DETOUR + city
        case Telegraph(slot, options):
            code = sum((TELEGRAPH_OPTIONS.index(o) + 1) << (2 * i) for i, o in enumerate(options[:2]))
            return TELEGRAPH + 16 * slot + code
        case Buy(market, office, free):
            return BUY + 16 * market + 2 * (office + 1) + int(free)
        case Swap(a, b, office, free):
            return SWAP + 16 * (POSITIONS * a + b) + 2 * (office + 1) + int(free)
        case Flip(pos, free):
            return FLIP + 2 * pos + int(free)
        case UseEffect(slot, seat, pos, city):
            if city >= 0:
                k = 36 + city
            elif seat >= 0:
                k = 8 + POSITIONS * _rel(seat, viewer, players) + pos
            else:
                k = 1 + pos
            return EFFECT + EFFECT_SPAN * slot + k
        case Rest():
            return REST
        case End():
            return END
        case Sponsor(pos):
            return SPONSOR + pos
        case Lock(pos):
            return LOCK + pos
        case FaceChoice(face):
            return FACE_CHOICE + face
        case Choose(word):
            return CHOOSE + WORDS.index(word)
        case Sabotage(market):
            return SABOTAGE + market
        case Plan(pos, face):
            return PLAN + 2 * pos + face
        case Refresh(markets):
            return REFRESH + sum(1 << m for m in set(markets))
    raise TypeError(f"not a Volta ao mundo action: {action!r}")


def face_features(face: Face) -> list[float]:
    """A face: effect one-hot, transport bits, value, fame, coins, several options."""
    out = [float(face.effect == e) for e in EFFECTS]
    out += [float(bool(face.transport & bit)) for bit in (1, 2, 4)]
    return [*out, float(face.value), float(face.fame), float(face.coins), float(face.multi)]


@lru_cache(maxsize=256)
def _top_features(face: Face) -> list[float]:
    return face_features(face)


@cache
def _card_features() -> dict[str, tuple[tuple[float, ...], tuple[float, ...]]]:
    """Each card id's two faces' features, A first."""
    return {
        c.id: (tuple(face_features(c.faces[0])), tuple(face_features(c.faces[1]))) for c in components().cards
    }


@cache
def _shown_features() -> dict[tuple[str, bool], tuple[float, ...]]:
    """By card id and whether its B face is up: the face up's features, then the face down's."""
    return {
        (card, b): (*faces[b], *faces[not b])
        for card, faces in _card_features().items()
        for b in (False, True)
    }


@cache
def _indices() -> tuple[dict[str, int], dict[str, int], dict[str, int], dict[str, int]]:
    """Cities, events, routes and weather cards by id."""
    comp = components()

    def index(ids: Sequence[str]) -> dict[str, int]:
        return {x: i for i, x in enumerate(ids)}

    return (
        index(comp.city_ids),
        index([e.id for e in comp.events]),
        index([r.id for r in comp.routes]),
        index(comp.weather_ids),
    )


NO_FACE = (0.0,) * FACE
NO_FACES = NO_FACE * 2


def _one_hot(value: object, options: Sequence[object]) -> list[float]:
    out = [0.0] * len(options)
    if value is not None and value in options:
        out[options.index(value)] = 1.0
    return out


def _set(names: Sequence[str] | None, index: dict[str, int]) -> list[float]:
    out = [0.0] * len(index)
    for name in names or ():
        if name in index:
            out[index[name]] = 1.0
    return out


def _mark(out: list[float], start: int, index: dict[str, int], names: Sequence[str] | None) -> None:
    """`_set` written into ``out[start:]``, which holds zeros there."""
    for name in names or ():
        if name in index:
            out[start + index[name]] = 1.0


def _counts(names: Sequence[str] | None, index: dict[str, int]) -> list[float]:
    out = [0.0] * len(index)
    for name in names or ():
        if name in index:
            out[index[name]] += 1.0
    return out


def _faces(card: str | None) -> tuple[float, ...]:
    return _shown_features().get((card or "", False), NO_FACES)


def _preview(preview: JsonDict, cities: dict[str, int]) -> list[float]:
    """The view's move preview by destination: Move or extra space, Charter, stop."""
    move, strands, charter = [-1.0] * len(cities), [0.0] * len(cities), [-1.0] * len(cities)
    stop = [-1.0, 0.0]
    for notation, seen in preview.items():
        words = str(notation).split()
        total = float(seen.get("total") or 0)
        if words == ["stop"]:
            stop = [total, float(bool(seen.get("strands")))]
            continue
        city = cities.get(words[-1]) if words else None
        if city is None:
            continue
        if words[0] == "effect":
            charter[city] = total
        else:
            move[city] = total
            strands[city] = float(bool(seen.get("strands")))
    return [*move, *strands, *charter, *stop]


def _positions(traveller: JsonDict) -> list[JsonDict | None]:
    tableau = list(traveller.get("tableau") or [])
    tableau = (tableau + [None] * (POSITIONS - 1))[: POSITIONS - 1]
    return [*tableau, traveller.get("overflow")]


class RaceEncoding(Encoding[RaceAction]):
    """Volta ao mundo's observation (the module docstring's layout) and its action indices."""

    score_bound = SCORE_BOUND

    def layout(self, players: int, options: Any) -> Sequence[Slice]:
        cities, events, routes, _ = _indices()
        c, e, r = len(cities), len(events), len(routes)
        out = Layout()
        out.add("phase", len(PHASES), 0, 1, "draft, start, race, over")
        out.add("table", 3, 0, BIG, "players, first player (relative), turn index")
        out.add("deck", 1, 0, 100, "movement deck size")
        out.add("deck_top_back", FACE, 0, 20, "the deck's top card, its B face")
        out.add("piles", 2, 0, 100, "movement discard and sabotage pile sizes")
        out.add("weather", 1 + 3 * (len(WEATHERS) + len(ICONS)), 0, 1, "weather card: present, per row")
        out.add("weather_piles", 2, 0, 100, "weather deck and discard sizes")
        out.add("event_deck", 1, 0, 100, "event deck size")
        out.add("events_discarded", e, 0, 1, "each event read and discarded")
        out.add("last_event", e, 0, 1, "the last event read, one-hot")
        out.add("city_deck", 1, 0, 100, "city deck size")
        out.add("city_discard", c, 0, 1, "city cards revealed by events")
        out.add("meetings", c, 0, 1, "meeting cities waiting for a visitor")
        out.add("decision", len(KINDS), 0, 1, "the pending decision's kind, one-hot")
        out.add("decider", 1, -1, MAX_SEATS, "the deciding seat, relative (-1 none)")
        out.add("rest_left", 1, 0, 10, "rest actions left")
        out.add("decision_event", e, 0, 1, "the event being resolved, one-hot")
        out.add("sponsor", 2, 0, 20, "sponsor coins on the telegraph card and to hand")
        out.add("gamblers_target", 1, -1, MAX_SEATS, "the seat whose card is turned, relative")
        out.add("decision_card", POSITIONS, 0, 1, "the tableau position of the card decided on")
        out.add("plan", 2 * POSITIONS + 1, 0, POSITIONS, "plan: positions to place, places, placed")
        out.add("waiting", len(KINDS), 0, 20, "decisions waiting below, by kind")
        out.add(
            "turn", 2 + len(MAINS) + 4, -1, MAX_SEATS, "present, seat, mains used, count, free, moved, rest"
        )
        out.add("trip", 2, -1, MAX_SEATS, "present, mover seat (relative)")
        out.add("trip_route", r, 0, 1, "the declared route, one-hot")
        out.add(
            "trip_kind",
            len(TRANSPORTS) + 1 + len(WEATHERS) + len(ICONS),
            0,
            1,
            "transport, charter, weather, icon",
        )
        out.add("trip_days", 1 + len(LEDGER), -BIG, BIG, "days so far and by cause")
        out.add("trip_active", len(TRANSPORTS), 0, 1, "transports travelled")
        out.add(
            "trip_flags", 5, 0, 10, "extra spaces, weather cancelled, discounts cancelled, departed, done"
        )
        out.add("trip_event", e, 0, 1, "the trip's event, one-hot")
        out.add("trip_cards", 3 * POSITIONS, 0, 10, "per mover's position: took effect, no flip, to resolve")
        out.add("market", MARKET * (2 + 4 * FACE + 1), 0, 20, "per place: present, price, faces, sabotage")
        out.add("preview_move", c, -1, BIG, "days a Move (or extra space) to each city would take (-1 none)")
        out.add("preview_strands", c, 0, 1, "that destination leaves no legal way home")
        out.add("preview_charter", c, -1, BIG, "days a Charter to each city would take (-1 none)")
        out.add("preview_stop", 2, -1, BIG, "days if the extra spaces stop here, and whether it strands")
        out.add("hand", c, 0, 1, "the seat's draft hand")
        out.add("sealed", c, 0, 1, "the seat's sealed city")
        out.add("start_gains", 2 * c, 0, 100, "coins and fame each start city would leave")
        for k in range(players):
            out.add(f"traveller_{k}_city", c, 0, 1, "the pawn's city")
            out.add(f"traveller_{k}_origin", c, 0, 1, "the start city")
            out.add(f"traveller_{k}_visited", c, 0, 1, "cities on the path")
            out.add(f"traveller_{k}_oceans", len(OCEANS), 0, 1, "Atlantic, Pacific crossed")
            out.add(f"traveller_{k}_winding", 1, -BIG * 10, BIG * 10, "longitude travelled, degrees")
            out.add(f"traveller_{k}_days", 1 + len(LEDGER), -BIG, BIG, "days and days by cause")
            out.add(f"traveller_{k}_purse", 3, 0, BIG, "fame, coins, open places")
            out.add(
                f"traveller_{k}_tableau",
                POSITIONS * (4 + 2 * FACE),
                0,
                20,
                "per position: present, face B up, lock, coins, face up, face down",
            )
            out.add(f"traveller_{k}_status", len(STATUSES), 0, 1, "racing, finished, out")
            out.add(f"traveller_{k}_turns", 2, -1, BIG, "turns, the turn it finished in")
            out.add(f"traveller_{k}_drafted", c + 1, 0, 10, "cities drafted (revealed), count")
            out.add(f"traveller_{k}_contacts", c, 0, 1, "contact cities still to visit")
            out.add(f"traveller_{k}_draft", 2, 0, 10, "draft choice sealed, hand size")
        return out.slices

    def observe(self, view: JsonDict, players: int, options: Any) -> list[float]:
        cities, events, routes, _ = _indices()
        seat = view["seat"] if view.get("seat") is not None else 0

        def rel(s: object) -> float:
            return float(_rel(s, seat, players)) if isinstance(s, int) and s >= 0 else -1.0

        out = _one_hot(view.get("phase"), PHASES)
        out += [float(players), rel(view.get("first_player")), float(view.get("turn_index") or 0)]
        out.append(float(view.get("deck") or 0))
        top = view.get("deck_top_back")
        out += _top_features(_face_of(top)) if top else list(NO_FACE)
        out += [float(len(view.get("discard") or [])), float(view.get("skull") or 0)]
        weather = view.get("weather")
        out.append(float(weather is not None))
        for name in TRANSPORTS:
            row = (weather or {}).get(name) or {}
            out += _one_hot(row.get("weather"), WEATHERS) + _one_hot(row.get("icon"), ICONS)
        out += [float(view.get("weather_deck") or 0), float(len(view.get("weather_discard") or []))]
        out.append(float(view.get("event_deck") or 0))
        out += _set(view.get("event_discard"), events)
        out += _one_hot(events.get(view.get("last_event") or ""), range(len(events)))
        out.append(float(view.get("city_deck") or 0))
        out += _set(view.get("city_discard"), cities) + _set(view.get("meetings"), cities)
        travellers = view.get("travellers") or []
        out += self._decision(view, rel, events, travellers)
        turn = view.get("turn")
        if turn:
            used = set(turn.get("used") or [])
            out += [1.0, rel(turn.get("seat"))] + [float(m in used) for m in MAINS]
            out += [float(turn.get(k) or 0) for k in ("main_actions", "free_action_used", "moved", "rest")]
        else:
            out += [0.0, -1.0] + [0.0] * (len(MAINS) + 4)
        out += self._trip(view.get("trip"), rel, routes, events, travellers)
        for place in (list(view.get("market") or []) + [None] * MARKET)[:MARKET]:
            if place is None:
                out += [0.0] * (2 + 4 * FACE + 1)
                continue
            sabotage = place.get("sabotage")
            out += [1.0, float(place.get("price") or 0), *_faces(place.get("card"))]
            out += [float(sabotage is not None), *_faces(sabotage)]
        out += _preview(view.get("preview") or {}, cities)
        private = view.get("private") or {}
        out += _set(private.get("hand"), cities)
        out += _one_hot(cities.get(private.get("sealed") or ""), range(len(cities)))
        gains = private.get("start_gains") or {}
        for key in ("coins", "fame"):
            if gains:
                out += [float((gains.get(city) or {}).get(key, 0)) for city in cities]
            else:
                out += [0.0] * len(cities)
        for k in range(players):
            t = travellers[(seat + k) % players] if (seat + k) % players < len(travellers) else {}
            out += _traveller_numbers(t, cities)
        return out

    @staticmethod
    def _decision(
        view: JsonDict, rel: Any, events: dict[str, int], travellers: list[JsonDict]
    ) -> list[float]:
        decision = view.get("decision") or {}
        kind = decision.get("kind")
        out = [*_one_hot(kind, KINDS), rel(decision.get("seat")), float(decision.get("left") or 0)]
        out += _one_hot(events.get(decision.get("event") or ""), range(len(events)))
        sponsor = decision.get("sponsor") or {}
        out += [float(sponsor.get("on_card") or 0), float(sponsor.get("to_hand") or 0)]
        out.append(rel(decision.get("target")) if kind == "gamblers" else -1.0)
        where = -1
        seat = decision.get("seat")
        if decision.get("card") is not None and isinstance(seat, int) and seat < len(travellers):
            ids = [p.get("card") if p else None for p in _positions(travellers[seat])]
            where = ids.index(decision["card"]) if decision["card"] in ids else -1
        out += [float(where == p) for p in range(POSITIONS)]
        pool, places = set(decision.get("pool") or []), set(decision.get("places") or [])
        out += [float(x in pool) for x in PLACE_LABELS] + [float(x in places) for x in PLACE_LABELS]
        out.append(float(len(decision.get("placed") or [])))
        out += _counts([f.get("kind", "") for f in view.get("waiting") or []], KIND_INDEX)
        return out

    @staticmethod
    def _trip(
        trip: JsonDict | None,
        rel: Any,
        routes: dict[str, int],
        events: dict[str, int],
        travellers: list[JsonDict],
    ) -> list[float]:
        if not trip:
            size = 2 + len(routes) + len(TRANSPORTS) + 1 + len(WEATHERS) + len(ICONS)
            size += 1 + len(LEDGER) + len(TRANSPORTS) + 5 + len(events) + 3 * POSITIONS
            return [0.0, -1.0] + [0.0] * (size - 2)
        out = [1.0, rel(trip.get("seat"))]
        out += _one_hot(routes.get(trip.get("route") or ""), range(len(routes)))
        out += [*_one_hot(trip.get("transport"), TRANSPORTS), float(bool(trip.get("charter")))]
        out += _one_hot(trip.get("weather"), WEATHERS) + _one_hot(trip.get("icon"), ICONS)
        ledger = trip.get("ledger") or {}
        out += [float(trip.get("total") or 0)] + [float(ledger.get(k) or 0) for k in LEDGER]
        active = set(trip.get("active") or [])
        out += [float(t in active) for t in TRANSPORTS]
        out += [float(trip.get("extra_spaces") or 0)]
        out += [float(bool(trip.get(k))) for k in ("weather_cancelled", "discounts_cancelled", "departed")]
        out.append(float(bool(trip.get("maths_done"))))
        out += _one_hot(events.get(trip.get("event") or ""), range(len(events)))
        seat = trip.get("seat")
        mover = travellers[seat] if isinstance(seat, int) and seat < len(travellers) else {}
        ids = [p.get("card") if p else None for p in _positions(mover)]
        took, keep = set(trip.get("took_effect") or []), set(trip.get("no_flip") or [])
        work = [card for _, card in trip.get("to_resolve") or []]
        for card in ids:
            present = card is not None
            out += [float(present and card in took), float(present and card in keep)]
            out.append(float(work.count(card)) if present else 0.0)
        return out

    @staticmethod
    def _traveller(t: JsonDict, cities: dict[str, int]) -> list[float]:
        """One traveller's numbers (the module docstring's ``travellers``). Mostly zeros: the
        list starts as zeros and only what the view holds is written."""
        c = len(cities)
        tableau_at = 3 * c + len(OCEANS) + 2 + len(LEDGER) + 3
        status_at = tableau_at + POSITIONS * (4 + 2 * FACE)
        drafted_at = status_at + len(STATUSES) + 2
        out = [0.0] * (drafted_at + 2 * c + 3)
        _mark(out, 0, cities, [t.get("city") or ""])
        _mark(out, c, cities, [t.get("origin") or ""])
        _mark(out, 2 * c, cities, t.get("path"))
        oceans = set(t.get("oceans") or [])
        ledger = t.get("ledger") or {}
        out[3 * c : tableau_at] = [
            *[float(o in oceans) for o in OCEANS],
            float(t.get("winding") or 0),
            float(t.get("days") or 0),
            *[float(ledger.get(k) or 0) for k in LEDGER],
            float(t.get("fame") or 0),
            float(t.get("coins") or 0),
            float(t.get("slots") or 0),
        ]
        shown = _shown_features()
        for p, placed in enumerate(_positions(t)):
            if not placed:
                continue
            b = placed.get("face") == "b"
            at = tableau_at + p * (4 + 2 * FACE)
            out[at : at + 4] = [
                1.0,
                float(b),
                float(bool(placed.get("lock"))),
                float(placed.get("coins") or 0),
            ]
            out[at + 4 : at + 4 + 2 * FACE] = shown.get((placed.get("card") or "", b), NO_FACES)
        status = t.get("status")
        if status in STATUSES:
            out[status_at + STATUSES.index(status)] = 1.0
        out[drafted_at - 2] = float(t.get("turns") or 0)
        out[drafted_at - 1] = float(t.get("finished_turn", -1))
        _mark(out, drafted_at, cities, t.get("drafted"))
        out[drafted_at + c] = float(t.get("drafted_count") or 0)
        _mark(out, drafted_at + c + 1, cities, t.get("contacts"))
        out[-2], out[-1] = float(bool(t.get("committed"))), float(t.get("hand_count") or 0)
        return out

    def action_count(self, players: int, options: Any) -> int:
        return ACTIONS

    def action_index(self, action: RaceAction, view: JsonDict) -> int:
        return action_index(action, view.get("seat") or 0, view.get("players") or MAX_SEATS)


_TRAVELLERS: dict[int, tuple[JsonDict, tuple[object, ...], list[float]]] = {}
"""`RaceEncoding._traveller` of the travellers met lately, by the identity of their ledger."""
_TRAVELLERS_KEPT = 64


def _traveller_numbers(t: JsonDict, cities: dict[str, int]) -> list[float]:
    """`RaceEncoding._traveller`, kept for a traveller whose entries are the same as the last
    time. A view copies each traveller's entry but shares what it holds (its ledger, tableau,
    path, ...) while the traveller is unchanged, and a decision changes one traveller at most:
    the same entries, compared by identity first, give the same numbers. The caller copies
    the list it gets."""
    ledger = t.get("ledger")
    if ledger is None:
        return RaceEncoding._traveller(t, cities)
    values = (*t.items(),)
    kept = _TRAVELLERS.get(id(ledger))
    if kept is not None and kept[0] is ledger and kept[1] == values:
        return kept[2]
    out = RaceEncoding._traveller(t, cities)
    if len(_TRAVELLERS) >= _TRAVELLERS_KEPT:
        _TRAVELLERS.clear()
    _TRAVELLERS[id(ledger)] = (ledger, values, out)  # holding the ledger keeps its id from being reused
    return out


def _face_of(data: JsonDict) -> Face:
    """The face a view describes (`view.face_json`'s fields)."""
    bits = {"ship": 1, "train": 2, "carriage": 4, "balloon": 7}
    return Face(
        effect=str(data.get("effect", "")),
        transport=bits.get(str(data.get("transport")), 0),
        value=int(data.get("value") or 0),
        fame=int(data.get("fame") or 0),
        coins=int(data.get("coins") or 0),
        multi=bool(data.get("multi")),
    )


ENCODING = RaceEncoding()
