"""What each seat may know of a match of Volta ao mundo em 80 dias.

Public: the map position, path, days (and their causes), fame, coins and tableau of every
traveller; the market with its prices and sabotage cards, the movement deck's size and the
B face of its top card (§ Mercado: everyone sees it), the weather card in play, the events
read, the discard piles, who has sealed a draft choice, the pending decision and the move
being resolved. Private to one seat: its draft hand, the cards it kept and its sealed pick
or start city, until the draft reveals them. Hidden from everyone: the order of every deck,
the cards left over after the draft, and the generator.

For a picture of the table the view also carries the components (all designed by Tabuleiro):
the map's cities and routes and the tracks (`map`), both faces of every card on the table
(`cards`), the texts of the events in play (`events`); and, while a traveller may travel,
`preview`: for each legal Move, extra space or Charter, the running total of days step by
step as the move's own code reaches it (`movement.preview_move`), and whether that
destination leaves no legal way home (`strands`, `movement.strands`). All are public facts.
"""

from __future__ import annotations

from functools import cache, lru_cache

from tabuleiro.core import JsonDict
from tabuleiro.games.volta_ao_mundo import movement, rules
from tabuleiro.games.volta_ao_mundo.actions import STOP, Leg, Move, UseEffect, format_action, pos_text
from tabuleiro.games.volta_ao_mundo.components import (
    FAME,
    ICONS,
    OCEANS,
    TRANSPORTS,
    WEATHERS,
    Face,
    components,
)
from tabuleiro.games.volta_ao_mundo.state import (
    DRAFT,
    LEDGER,
    MAIN_NAMES,
    OVERFLOW,
    PHASE_NAMES,
    PLAY,
    START,
    STATUS_NAMES,
    Frame,
    Placed,
    RaceOptions,
    RaceState,
    Traveller,
    Trip,
    Turn,
)
from tabuleiro.games.volta_ao_mundo.tableau import open_slots

COMP = components()
IDS = COMP.city_ids
CARD_IDS = tuple(c.id for c in COMP.cards)
TRANSPORT_NAMES = {mask: name for name, mask in TRANSPORTS.items()}
OCEAN_NAMES = ((1, "atlantic"), (2, "pacific"))
OCEAN_OF = {bit: name for name, bit in OCEANS.items()}


def face_json(face: Face) -> JsonDict:
    """What a face shows: its effect and, where it has them, transport, value, ★, coins, name."""
    out: JsonDict = {"effect": face.effect}
    if face.transport:
        out["transport"] = TRANSPORT_NAMES[face.transport]
    if face.value:
        out["value"] = face.value
    if face.effect == "telegraph":
        out.update(fame=face.fame, coins=face.coins, multi=face.multi)
    if face.name_en:
        out["name"] = {"pt": face.name_pt, "en": face.name_en}
    return out


def placed_json(placed: Placed | None) -> JsonDict | None:
    """A tableau card: id, face up (``a``/``b``), lock token, coins on it."""
    if placed is None:
        return None
    return {
        "card": CARD_IDS[placed.card],
        "face": "ab"[placed.face],
        "lock": placed.lock,
        "coins": placed.coins,
    }


def _transports(mask: int) -> list[str]:
    return [name for name, bit in TRANSPORTS.items() if bit != 7 and mask & bit]


def _traveller(state: RaceState, seat: int, t: Traveller, viewer: int | None) -> JsonDict:
    revealed = state.phase not in (DRAFT, START) or viewer == seat
    out = dict(_traveller_json(t, revealed))
    if state.phase in (DRAFT, START):
        out["committed"] = state.sealed[seat] >= 0
        out["hand_count"] = len(state.hands[seat])
    return out


_TRAVELLERS: dict[tuple[int, bool], tuple[Traveller, JsonDict]] = {}
_TRAVELLERS_KEPT = 64


def _traveller_json(t: Traveller, revealed: bool) -> JsonDict:
    """One traveller as the view shows it. A decision changes one traveller at most, and the
    unchanged ones stay the same objects from state to state: each is written out once, kept
    by identity (cheaper than hashing its sixteen fields); receivers read views, never change
    them."""
    key = (id(t), revealed)
    kept = _TRAVELLERS.get(key)
    if kept is not None and kept[0] is t:
        return kept[1]
    out: JsonDict = {
        "city": IDS[t.city] if t.city >= 0 else None,
        "origin": IDS[t.origin] if t.origin >= 0 else None,
        "path": [IDS[c] for c in t.path],
        "oceans": [name for bit, name in OCEAN_NAMES if t.oceans & bit],
        "winding": t.winding / 10,
        "days": t.days,
        "ledger": dict(zip(LEDGER, t.ledger, strict=True)),
        "fame": t.fame,
        "coins": t.coins,
        "slots": open_slots(t),
        "tableau": [placed_json(p) for p in t.tableau[:OVERFLOW]],
        "overflow": placed_json(t.tableau[OVERFLOW]),
        "status": STATUS_NAMES[t.status],
        "turns": t.turns,
        "finished_turn": t.finished_turn,
        "drafted": [IDS[c] for c in t.drafted] if revealed else None,
        "drafted_count": len(t.drafted),
        "contacts": [IDS[c] for c in t.contacts],
    }
    if len(_TRAVELLERS) >= _TRAVELLERS_KEPT:
        _TRAVELLERS.clear()
    _TRAVELLERS[key] = (t, out)  # holding `t` keeps its id from being reused
    return out


def _frame(frame: Frame) -> JsonDict:
    out: JsonDict = {"kind": frame.kind, "seat": frame.seat}
    if frame.kind == "rest":
        out["left"] = frame.count
    elif frame.kind == "event":
        event = COMP.events[frame.card]
        out["event"] = event.id
        if event.effect == "sponsor":  # the coins the chosen telegraph card gets, the rest in hand
            out["sponsor"] = {"on_card": frame.count, "to_hand": event.coins - frame.count}
    elif frame.kind == "gamblers":
        out["target"] = frame.target
    elif frame.kind in ("lock", "face", "token"):
        out["card"] = CARD_IDS[frame.card]
    elif frame.kind == "plan":
        out.update(
            pool=[pos_text(p) for p in frame.pool],
            places=[pos_text(p) for p in frame.targets],
            placed=[placed_json(p) for p in frame.placed],
        )
    return out


def _trip(trip: Trip) -> JsonDict:
    route = COMP.routes[trip.route]
    return {
        "seat": trip.seat,
        "route": route.id,
        "transport": TRANSPORT_NAMES[trip.transport],
        "charter": trip.charter,
        "weather": WEATHERS[trip.weather],
        "icon": ICONS[trip.icon],
        "total": trip.total,
        "active": _transports(trip.active),
        "ledger": dict(zip(LEDGER, trip.ledger, strict=True)),
        "to_resolve": [[op, CARD_IDS[card]] for op, card in trip.work],
        "took_effect": [CARD_IDS[c] for c in trip.done],
        "no_flip": [CARD_IDS[c] for c in trip.keep],
        "extra_spaces": trip.legs,
        "weather_cancelled": trip.cancelled,
        "discounts_cancelled": trip.no_discount,
        "event": COMP.events[trip.event].id if trip.event >= 0 else None,
        "departed": trip.departed,
        "planned": [CARD_IDS[card] for card, _, _ in trip.unplan],
        "maths_done": trip.ended,
    }


@cache
def _weather(card: int) -> JsonDict | None:
    if card < 0:
        return None
    rows = COMP.weather[card]
    out: JsonDict = {"card": COMP.weather_ids[card]}
    for name, (weather, icon) in zip(("ship", "train", "carriage"), rows, strict=True):
        out[name] = {"weather": WEATHERS[weather], "icon": ICONS[icon]}
    return out


@cache
def _map() -> JsonDict:
    """The board and tracks, static, so a picture can be drawn from the view alone. Cities as
    [id, name pt, name en, longitude, latitude, city-card coins, city-card fame]; routes as
    [id, city, city, transport, days, printed on the board, ocean or None]."""
    board = COMP.board
    return {
        "cities": [
            [cid, *(COMP.city_names[i][lang] for lang in ("pt", "en")), COMP.lon[i], COMP.lat[i], coins, fame]
            for i, (cid, coins, fame) in enumerate(zip(IDS, COMP.city_coins, COMP.city_fame, strict=True))
        ],
        "routes": [
            [
                r.id,
                IDS[r.a],
                IDS[r.b],
                TRANSPORT_NAMES[r.transport],
                r.days,
                r.numbered,
                OCEAN_OF.get(r.ocean),
            ]
            for r in COMP.routes
        ],
        "verne_route": [IDS[c] for c in COMP.verne_route],
        "fame_track": board.fame_track,
        "passports": [[f, n] for f, n in board.passports],
        "day_track": board.day_track,
        "income_cap": board.income_cap,
        "draft_keep": board.draft_keep,
    }


@cache
def _card_json(card: int) -> JsonDict:
    c = COMP.cards[card]
    return {"category": c.category, "faces": [face_json(f) for f in c.faces]}


def _cards_in_sight(state: RaceState) -> JsonDict:
    """Both faces of every card on the table (market, sabotage under it, tableaux)."""
    seen = {c for c in (*state.market, *state.under) if c >= 0}
    seen.update(p.card for t in state.travellers for p in t.tableau if p is not None)
    return dict(_cards_json(tuple(sorted(seen))))


@lru_cache(maxsize=256)
def _cards_json(cards: tuple[int, ...]) -> JsonDict:
    """The cards on the table change only with a purchase or a sabotage: written out once."""
    return {CARD_IDS[c]: _card_json(c) for c in cards}


@cache
def _event_json(event: int) -> JsonDict:
    e = COMP.events[event]
    return {
        "name": {"pt": e.name_pt, "en": e.name_en},
        "text": {"pt": e.text_pt, "en": e.text_en},
        "watermark": "fame" if e.watermark == FAME else "coin",
    }


def _events_in_sight(state: RaceState) -> JsonDict:
    """The texts of the event last read and of any event still being resolved."""
    seen = {state.last_event} | {f.card for f in state.stack if f.kind == "event"}
    return {COMP.events[e].id: _event_json(e) for e in sorted(seen) if e >= 0}


def _steps(steps: list[movement.PreviewStep]) -> list[JsonDict]:
    out: list[JsonDict] = []
    for what, which, days, total in steps:
        step: JsonDict = {"what": what, "days": days, "total": total}
        if what == "route":
            step["route"] = COMP.routes[which].id
        elif which >= 0:
            step["card"] = CARD_IDS[which]
        out.append(step)
    return out


def _preview(state: RaceState) -> JsonDict | None:
    """Per legal Move, extra space (and stop) or Charter of the deciding traveller, by its
    notation: the running total of days step by step, the move's total, `exact`: false when
    a hidden event or a choice still to come may change it, and `strands`: true when the
    traveller, once there, has no legal way home left (research A-9 rule 10's warning)."""
    if state.phase != PLAY or not state.stack or state.stack[-1].kind not in ("turn", "leg"):
        return None
    seat = state.stack[-1].seat
    t = state.travellers[seat]
    out: JsonDict = {}
    for action in rules.travel_actions(state, seat):
        if isinstance(action, Move) or (isinstance(action, UseEffect) and action.city >= 0):
            charter = isinstance(action, UseEffect)
            steps = movement.preview_move(state, seat, action.city, charter=charter)
            strands = movement.strands(state, t, action.city)
        elif isinstance(action, Leg):
            steps = movement.preview_leg(state, action.city)
            strands = movement.strands(state, t, action.city)
        elif action == STOP:
            steps = movement.preview_leg(state, -1)
            strands = movement.stranded(state, t)
        else:
            continue
        whats = {step[0] for step in steps}
        out[format_action(action)] = {
            "steps": _steps(steps),
            "total": steps[-1][3] if steps else state.trip.total if state.trip else 0,
            "exact": not whats & {"event", "legs", "face"},
            "strands": strands,
        }
    return out or None


def _turn(turn: Turn | None) -> JsonDict | None:
    if turn is None:
        return None
    return {
        "seat": turn.seat,
        "used": [name for bit, name in MAIN_NAMES if turn.used & bit],
        "main_actions": turn.mains,
        "free_action_used": turn.free,
        "moved": turn.moved,
        "rest": turn.rest,
        "plan": [placed_json(Placed(card, face)) for card, face in turn.plan],
    }


_LAST_MARKET: tuple[tuple[int, ...], tuple[int, ...], list[JsonDict | None]] = ((), (), [])


def _market(state: RaceState) -> list[JsonDict | None]:
    """The market places. Few decisions change the market, and a state shares the market and
    sabotage rows of the one before it when they are unchanged: the last one written out is
    kept (one entry, replaced whole) and reused while both rows are the same objects."""
    global _LAST_MARKET
    market, under, kept = _LAST_MARKET
    if market is state.market and under is state.under:
        return list(kept)
    cards = COMP.cards
    out: list[JsonDict | None] = [
        {
            "card": CARD_IDS[c],
            "price": cards[c].price,
            "sabotage": CARD_IDS[u] if u >= 0 else None,
        }
        if c >= 0
        else None
        for c, u in zip(state.market, state.under, strict=True)
    ]
    _LAST_MARKET = (state.market, state.under, out)
    return list(out)


BOT_KEYS = ("phase", "options", "decision", "turn", "trip", "travellers", "market", "weather")
"""The parts of the view the greedy bot reads (`bot_view`)."""


def bot_view(state: RaceState, seat: int) -> JsonDict:
    """The `BOT_KEYS` entries of `view(state, seat)`, equal to them, without the rest (the
    moves' previews, the map, the cards in sight): the greedy bot's input, built cheaply
    for the search's playouts."""
    return {
        "phase": PHASE_NAMES[state.phase],
        "options": dict(_options_json(state.options)),
        "decision": _frame(state.stack[-1]) if state.stack else None,
        "turn": _turn(state.turn),
        "trip": _trip(state.trip) if state.trip is not None else None,
        "travellers": [_traveller(state, s, t, seat) for s, t in enumerate(state.travellers)],
        "market": _market(state),
        "weather": _weather(state.weather),
    }


def view(state: RaceState, seat: int | None) -> JsonDict:
    """The JSON-safe view for `seat` (None: a spectator)."""
    cards = COMP.cards
    out: JsonDict = {
        "game": "volta_ao_mundo",
        "seat": seat,
        "players": state.players,
        "phase": PHASE_NAMES[state.phase],
        "designed": COMP.designed,
        "options": dict(_options_json(state.options)),
        "first_player": state.first,
        "turn_index": state.turn_index,
        "to_act": sorted(s for s in range(state.players) if _acts(state, s)),
        "decision": _frame(state.stack[-1]) if state.stack else None,
        "waiting": [_frame(f) for f in state.stack[:-1]],
        "turn": _turn(state.turn),
        "trip": _trip(state.trip) if state.trip is not None else None,
        "travellers": [_traveller(state, s, t, seat) for s, t in enumerate(state.travellers)],
        "market": _market(state),
        "deck": len(state.deck),
        "deck_top_back": face_json(cards[state.deck[0]].faces[1]) if state.deck else None,
        "discard": [CARD_IDS[c] for c in state.discard],
        "skull": len(state.skull),
        "weather": _weather(state.weather),
        "weather_deck": len(state.weather_deck),
        "weather_discard": [COMP.weather_ids[c] for c in state.weather_discard],
        "event_deck": len(state.event_deck),
        "event_discard": [COMP.events[c].id for c in state.event_discard],
        "last_event": COMP.events[state.last_event].id if state.last_event >= 0 else None,
        "city_deck": len(state.city_deck),
        "city_discard": [IDS[c] for c in state.city_discard],
        "meetings": [IDS[c] for c in state.meetings],
        "last": {"seat": state.log[0], "action": format_action(state.log[1])} if state.log else None,
        "finished": state.finished,
        "preview": _preview(state),
        "map": _map(),
        "cards": _cards_in_sight(state),
        "events": _events_in_sight(state),
    }
    if seat is not None and state.phase in (DRAFT, START):
        sealed = state.sealed[seat]
        out["private"] = {
            "hand": [IDS[c] for c in state.hands[seat]],
            "sealed": IDS[sealed] if sealed >= 0 else None,
        }
        if state.phase == START:  # § Início do jogo: the start city gives nothing, the others pay
            kept = state.travellers[seat].drafted
            out["private"]["start_gains"] = {
                IDS[c]: {
                    "coins": sum(COMP.city_coins[o] for o in kept if o != c),
                    "fame": sum(COMP.city_fame[o] for o in kept if o != c),
                }
                for c in kept
            }
    return out


@lru_cache(maxsize=64)
def _options_json(options: RaceOptions) -> JsonDict:
    return options.to_json()


def _acts(state: RaceState, seat: int) -> bool:
    if state.phase in (DRAFT, START):
        return state.sealed[seat] < 0
    return bool(state.stack) and state.stack[-1].seat == seat
