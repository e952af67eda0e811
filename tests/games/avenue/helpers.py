"""Building Avenue positions for scenario tests."""

from dataclasses import replace

from tabuleiro.games.avenue import GAME
from tabuleiro.games.avenue.actions import DRAWS, PEEK
from tabuleiro.games.avenue.components import components, parse_square
from tabuleiro.games.avenue.state import AvenueOptions, AvenueState


def sq(name: str) -> int:
    square = parse_square(name)
    assert square is not None, name
    return square


def with_roads(state: AvenueState, seat: int, roads: dict[str, int]) -> AvenueState:
    """`state` with segments drawn on `seat`'s sheet, e.g. ``{"f4": 1}``."""
    sheet = bytearray(state.roads[seat])
    for name, segment in roads.items():
        sheet[sq(name)] = segment
    all_roads = list(state.roads)
    all_roads[seat] = bytes(sheet)
    moves = list(state.moves)
    peek = () if state.peeked[seat] else (PEEK,)
    moves[seat] = (*(DRAWS[i] for i in range(len(sheet)) if not sheet[i]), *peek)
    return replace(state, roads=tuple(all_roads), moves=tuple(moves))


def card_id(segment: int, yellow: bool, avoid: tuple[int, ...] = ()) -> int:
    return next(
        c.id
        for c in components().road_cards
        if c.segment == segment and c.yellow == yellow and c.id not in avoid
    )


def on_table(state: AvenueState, segment: int, yellow: bool, yellows_before: int) -> AvenueState:
    """`state` whose current card shows `segment`, after `yellows_before` yellow cards this round."""
    earlier = [card_id(s, True) for s in (1, 2, 3, 4)][:yellows_before]
    current = card_id(segment, yellow, tuple(earlier))
    table = (*earlier, current)
    all_cards = [c.id for c in components().road_cards]
    deck = tuple(c for c in all_cards if c not in table)
    return replace(state, table=table, road_deck=deck, road_discard=(), yellow=yellows_before + int(yellow))


def new(players: int = 1, seed: int = 0, **options: object) -> AvenueState:
    return GAME.new_state(players, seed, AvenueOptions.parse(options))


def everyone(state: AvenueState, *choices: object) -> AvenueState:
    """Every seat in order makes its choice (a square name or 'peek')."""
    for seat, choice in enumerate(choices):
        state = GAME.apply(state, seat, GAME.parse_action(str(choice)))
    return state
