"""What each seat may know of a DOGS match: almost everything is open.

Hidden from everyone: the order of the two dog supplies and of the card pile, the Fair
cards under the top one, and the generator. Kennels, resources, held cards (kept face up,
§ Uso das cartas), the board, the Fair and every pending decision are public.
"""

from __future__ import annotations

from functools import cache, lru_cache

from tabuleiro.core import JsonDict
from tabuleiro.games.dogs import kennel as pens
from tabuleiro.games.dogs.actions import DogsAction, format_action
from tabuleiro.games.dogs.components import AREAS, BLOCK, CITY, COUNTRY, breed_of, components, kind_of
from tabuleiro.games.dogs.kennel import Pen
from tabuleiro.games.dogs.rules import distances, fair_price
from tabuleiro.games.dogs.scoring import breakdown
from tabuleiro.games.dogs.state import BOXES, PHASE_NAMES, DogsState, Frame, Kennel

KINDS = ("healthy", "sick", "lost")


def token_json(token: int) -> JsonDict | str | None:
    """A board token: a dog, "block" or None."""
    if token < 0:
        return None
    if token == BLOCK:
        return "block"
    return {"breed": components().breed_ids[breed_of(token)], "kind": KINDS[kind_of(token)]}


@cache
def board_map() -> JsonDict:
    """The board's spaces (area, reward printed on it, position in 0-100 units) and roads:
    static, so a picture can be drawn from the view alone. Made once: every view carries the
    same picture (views are read, never changed, by their receivers)."""
    comp = components()
    return {
        "spaces": [
            {
                "name": name,
                "area": AREAS[comp.space_area[s]] if s else "centre",
                "reward": comp.reward[s],
                "xy": list(comp.xy[s]),
            }
            for s, name in enumerate(comp.space_names)
        ],
        "roads": sorted(
            [comp.space_names[a], comp.space_names[b]]
            for a in range(len(comp.roads))
            for b in comp.roads[a]
            if a < b
        ),
    }


def _move_costs(state: DogsState, frame: Frame) -> JsonDict:
    """Gas to reach each space from the mover's place (the fuel shown while choosing)."""
    position = state.kennels[frame.seat].position
    return dict(_costs_json(tuple(distances(state, position))))


@lru_cache(maxsize=256)
def _costs_json(costs: tuple[int, ...]) -> JsonDict:
    names = components().space_names
    return {names[s]: costs[s] for s in range(1, len(costs)) if costs[s] < 1 << 20}


def _frame(frame: Frame) -> JsonDict:
    names = components().breed_ids
    out: JsonDict = {"kind": frame.kind, "seat": frame.seat}
    if frame.kind == "arrange":
        out.update(pool=[names[b] for b in frame.pool], lifts=frame.lifts, vet_choice=frame.vet)
    elif frame.kind == "offer":
        out.update(dog=token_json(frame.token), asking=frame.candidates[0], then=list(frame.candidates[1:]))
    elif frame.kind == "box":
        out.update(box=BOXES[frame.box], used=frame.used)
    elif frame.kind == "feed":
        out.update(unfed_pens=[i + 1 for i in range(5) if frame.starved >> i & 1])
    return out


def _decision(state: DogsState) -> JsonDict | None:
    if not state.stack:
        return None
    frame = state.stack[-1]
    out = _frame(frame)
    if frame.kind == "move":
        out["gas_to"] = _move_costs(state, frame)
    return out


_KENNELS: dict[tuple[int, bool], tuple[Kennel, JsonDict]] = {}
"""Kennels written out, by identity: a decision changes one kennel at most, and the unchanged
ones stay the same objects from state to state (an identity beats hashing a kennel's fields)."""


def _kennel_json(k: Kennel, two_players: bool) -> JsonDict:
    """One kennel as the view shows it, written out once per kennel object."""
    key = (id(k), two_players)
    known = _KENNELS.get(key)
    if known is not None and known[0] is k:
        return known[1]
    comp = components()
    out: JsonDict = {
        "coins": k.coins,
        "gas": k.gas,
        "food": k.food,
        "medicine": k.medicine,
        "pens": _pens_json(k.pens),
        "pen_points": _pen_points(k.pens),
        "full_pen_bonus": list(k.bonus),
        "infirmary": _breeds_json(k.infirmary),
        "truck": [token_json(t) for t in k.truck],
        "position": comp.space_names[k.position] if k.position >= 0 else "garage",
        "trip": ("centre", "out", "home", "stayed")[k.trip],
        "cards": _cards_json(k.cards),
        "helper": k.helper,
        "helper_paid": k.helper_paid,
        "points_now": sum(breakdown(k, two_players).values()),
    }
    if len(_KENNELS) >= 1024:  # the kennel objects kept alive (so their ids stay theirs): a few
        _KENNELS.clear()
    _KENNELS[key] = (k, out)
    return out


# The parts of a kennel written out once per value: a decision changes one part of one kennel.
@lru_cache(maxsize=1024)
def _pens_json(kennel_pens: tuple[Pen, ...]) -> list[JsonDict]:
    names = components().breed_ids
    return [{names[b]: n for b, n in pen} for pen in kennel_pens]


@lru_cache(maxsize=1024)
def _pen_points(kennel_pens: tuple[Pen, ...]) -> list[int]:
    return [pens.points(pen) for pen in kennel_pens]


@lru_cache(maxsize=1024)
def _cards_json(cards: tuple[int, ...]) -> list[str]:
    faces = components().cards
    return [faces[c].name for c in cards]


def view(state: DogsState, seat: int | None) -> JsonDict:
    """The JSON-safe view for `seat` (None: a spectator); the same for every seat but `seat`."""
    two = state.players == 2
    kennels = [dict(_kennel_json(k, two)) for k in state.kennels]
    bags = state.bags
    return {
        "game": "dogs",
        "designed": list(_designed()),
        "seat": seat,
        "players": state.players,
        "round": state.round,
        "phase": PHASE_NAMES[state.phase],
        "first_player": state.first,
        "last_round": state.last_round,
        "next_round_last": state.next_last,
        "to_act": [f.candidates[0] if f.kind == "offer" else f.seat for f in state.stack[-1:]],
        "decision": _decision(state),
        "waiting": [_frame(f) for f in state.stack[:-1]],
        "queue": list(state.queue),
        "map": board_map(),
        "board": dict(_board_json(state.spaces)),
        "supply": {"city": len(bags[CITY]), "country": len(bags[COUNTRY])},
        # § Fim do jogo counts "fichas de cães": the blocking tokens (2 players) are not dogs
        "supply_dogs": {
            "city": len(bags[CITY]) - bags[CITY].count(BLOCK),
            "country": len(bags[COUNTRY]) - bags[COUNTRY].count(BLOCK),
        },
        "kennels": kennels,
        "fair": {
            "dogs": _breeds_json(state.fair),
            "price": fair_price(state),
            "card": _breeds_json(components().fair_cards[state.fair_cards[0]]),
        },
        "boxes": dict(_boxes_json(state.boxes, state.meeples)),
        "deck": len(state.deck),
        "discard": len(state.discard),
        "home_order": list(state.home_order),
        "last": {"seat": state.log[0], "action": _notation(state.log[1])} if state.log else None,
        "finished": state.finished,
    }


@cache
def _designed() -> tuple[str, ...]:
    """The components Tabuleiro designed (the printed ones are not public)."""
    comp = components()
    parts = (
        ("board", comp.board_designed),
        ("dog_tokens", comp.split_designed),
        ("cards", comp.cards_designed),
    )
    return tuple(part for part, designed in parts if designed)


@lru_cache(maxsize=256)
def _board_json(spaces: tuple[int, ...]) -> JsonDict:
    """The board's tokens, written out once per board (most decisions leave it as it is)."""
    names = components().space_names
    return {names[s]: token_json(t) for s, t in enumerate(spaces) if s}


@lru_cache(maxsize=1024)
def _breeds_json(breeds: tuple[int, ...]) -> list[str]:
    """Breeds by id (the Fair, its card, an infirmary), written out once per value."""
    names = components().breed_ids
    return [names[b] for b in breeds]


@lru_cache(maxsize=256)
def _boxes_json(boxes: tuple[tuple[int, ...], ...], meeples: tuple[tuple[int, ...], ...]) -> JsonDict:
    """The action boxes, written out once per set of cards and meeples on them."""
    cards = components().cards
    return {
        BOXES[i]: {"cards": [cards[c].name for c in box], "meeples": list(meeples[i])}
        for i, box in enumerate(boxes)
    }


@lru_cache(maxsize=1024)
def _notation(action: DogsAction) -> str:
    """The last action's notation: actions are values, and the same ones come back all the time."""
    return format_action(action)
