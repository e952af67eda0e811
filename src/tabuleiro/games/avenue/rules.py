"""Avenue's rules as pure functions over `AvenueState`.

Every road card is one simultaneous step: each seat commits, sealed, to drawing the
card's segment on a square or to peeking at the next farm card; when the last seat has
committed the choices are carried out together (§ Jogando uma rodada).
"""

from __future__ import annotations

from typing import Any

from tabuleiro.core import IllegalActionError, Rng
from tabuleiro.core.evolve import evolve
from tabuleiro.games.avenue.actions import DRAWS, PEEK, AvenueAction, Draw, Peek
from tabuleiro.games.avenue.components import SQUARES, components, square_name
from tabuleiro.games.avenue.scoring import ROUNDS, farm_grapes, row_score
from tabuleiro.games.avenue.state import AvenueOptions, AvenueState, Row

YELLOWS_PER_ROUND = 4
SEGMENT_BYTES = tuple(bytes((card.segment,)) for card in components().road_cards)
"""Per road card, its segment as the one byte a sheet holds for the square it is drawn on."""
YELLOW = tuple(int(card.yellow) for card in components().road_cards)
"""Per road card, 1 for a yellow (scoring) card, else 0."""
EVERYONE = tuple(frozenset(range(n)) for n in range(101))
"""Per player count, every seat: all choose for each road card."""
SEATS = tuple(frozenset({seat}) for seat in range(100))
OPENING_MOVES: tuple[AvenueAction, ...] = (*DRAWS, PEEK)
"""A seat's choices on an empty sheet before it has peeked: every square, then the peek."""
_EMPTY_SHEET = bytes(SQUARES)
_new = object.__new__
_set = object.__setattr__


def setup(players: int, seed: int, options: AvenueOptions) -> AvenueState:
    """§ Preparação: shuffle both decks, reveal the first farm and the first road card."""
    comp = components()
    rng = Rng.from_seed(seed)
    road_deck, rng = rng.shuffle([card.id for card in comp.road_cards])
    farm_deck, rng = rng.shuffle(comp.farm_cards)
    state = AvenueState(
        players=players,
        options=options,
        rng=rng,
        road_deck=road_deck,
        road_discard=(),
        table=(),
        farm_deck=farm_deck[1:],
        farms=farm_deck[:1],
        yellow=0,
        roads=(_EMPTY_SHEET,) * players,
        moves=(OPENING_MOVES,) * players,
        peeked=(False,) * players,
        pending=(None,) * players,
        waiting=frozenset(range(players)),
        rows=((),) * players,
        last=None,
    )
    fields = _fields(state)
    _reveal_road_card(fields, (), 0, ())
    return _state_of(fields)


def _fields(state: AvenueState) -> dict[str, Any]:
    """A copy of the fields of `state`, for `_state_of` to make the next state from: an
    action sets the keys it changes (`evolve` without its keyword call)."""
    return state.__dict__.copy()


def _state_of(fields: dict[str, Any]) -> AvenueState:
    """The state with these fields (every field of `AvenueState`, as `_fields` gives)."""
    state: AvenueState = _new(AvenueState)
    _set(state, "__dict__", fields)
    return state


def _reveal_road_card(
    fields: dict[str, Any], table: tuple[int, ...], yellow: int, discard: tuple[int, ...]
) -> None:
    """Turn the top road card face up beside `table` (this round's cards so far, `yellow` of
    them yellow); reshuffle `discard` when the deck is empty. Every seat chooses again.

    Written into `fields`, the next state's (`_fields`).

    § Antes da próxima rodada: "Quando as cartas de estrada se esgotarem, embaralhe as
    cartas da pilha de descarte e forme um novo baralho de compra."
    """
    deck = fields["road_deck"]
    if not deck:
        deck, fields["rng"] = fields["rng"].shuffle(discard)
        discard = ()
    card = deck[0]
    players = fields["players"]
    fields["road_deck"] = deck[1:]
    fields["road_discard"] = discard
    fields["table"] = (*table, card)
    fields["yellow"] = yellow + YELLOW[card]
    fields["pending"] = (None,) * players
    fields["waiting"] = EVERYONE[players]


def to_act(state: AvenueState) -> frozenset[int]:
    """The seats that have not chosen yet for the current card (none once the game is over)."""
    return state.waiting


def legal_actions(state: AvenueState, seat: int) -> tuple[AvenueAction, ...]:
    """Squares without a road, then ``peek`` unless the seat peeked this round (`moves`)."""
    return state.moves[seat] if seat in state.waiting else ()


def is_legal(state: AvenueState, seat: int, action: AvenueAction) -> bool:
    """Whether a waiting `seat` may take `action`: a segment on an empty square, or a peek
    if the seat has not peeked this round (`illegal_reason` says why not)."""
    if isinstance(action, Draw):
        square = action.square
        return type(square) is int and 0 <= square < SQUARES and not state.roads[seat][square]
    return isinstance(action, Peek) and not state.peeked[seat]


def illegal_reason(state: AvenueState, seat: int, action: AvenueAction) -> IllegalActionError | None:
    """Why `action` breaks a rule for a waiting `seat`, or None."""
    if is_legal(state, seat, action):
        return None
    if isinstance(action, Peek):
        return IllegalActionError(
            "you have already peeked at the farm deck this round "
            "(§ Olhando a próxima carta de fazenda: once per round)",
            "você já olhou o baralho de fazendas nesta rodada "
            "(§ Olhando a próxima carta de fazenda: uma vez por rodada)",
        )
    if not isinstance(action, Draw) or type(action.square) is not int or not 0 <= action.square < SQUARES:
        return IllegalActionError("not an Avenue action", "não é uma ação de Avenue")
    where = square_name(action.square)
    return IllegalActionError(
        f"square {where} already has a road; draw on an empty square "
        "(§ Observações: only one segment per square)",
        f"a casa {where} já tem uma estrada; desenhe numa casa vaga "
        "(§ Observações: só um trecho em cada quadrado)",
    )


def apply_unchecked(state: AvenueState, seat: int, action: AvenueAction) -> AvenueState:
    """Seal `seat`'s choice; the last choice of the step carries all of them out."""
    pending = list(state.pending)
    pending[seat] = action
    waiting = state.waiting - SEATS[seat]
    if not waiting:
        return _resolve(state, tuple(pending))
    # Most choices only seal: `_fields` and `_state_of` written out, without their calls.
    fields = state.__dict__.copy()
    fields["pending"] = tuple(pending)
    fields["waiting"] = waiting
    sealed: AvenueState = _new(AvenueState)
    _set(sealed, "__dict__", fields)
    return sealed


def _resolve(state: AvenueState, choices: tuple[AvenueAction | None, ...]) -> AvenueState:
    """Carry out every seat's choice for the current card, then score or reveal the next."""
    segment = SEGMENT_BYTES[state.table[-1]]
    roads = list(state.roads)
    moves = list(state.moves)
    peeked = state.peeked
    for seat, choice in enumerate(choices):
        row = moves[seat]
        if isinstance(choice, Draw):
            square = choice.square
            sheet = roads[seat]
            # `moves` lists the empty squares in order: this one's place is the number of
            # empty squares before it (a count in C, not a search through the Draw objects).
            index = sheet.count(0, 0, square)
            roads[seat] = sheet[:square] + segment + sheet[square + 1 :]
            moves[seat] = row[:index] + row[index + 1 :]
        else:
            # The peek is the last choice in `moves`; it comes back with the next round.
            moves[seat] = row[:-1]
            peeked = (*peeked[:seat], True, *peeked[seat + 1 :])
    fields = _fields(state)
    fields["roads"] = tuple(roads)
    fields["moves"] = tuple(moves)
    fields["peeked"] = peeked
    fields["last"] = choices
    if state.yellow < YELLOWS_PER_ROUND:
        _reveal_road_card(fields, state.table, state.yellow, state.road_discard)
    else:
        _score_round(state, fields)
    return _state_of(fields)


def _score_round(state: AvenueState, fields: dict[str, Any]) -> None:
    """§ Pontuação, then § Antes da próxima rodada (or the end after the fifth round).

    `fields` holds what the last road card's choices made of `state` (the sheets drawn on):
    the scoring is written into it too.
    """
    board = components().maps[state.options.map]
    farm = state.farms[-1]
    rows = []
    for sheet, written in zip(fields["roads"], state.rows, strict=True):
        grapes = farm_grapes(board, sheet, farm)
        previous = written[-1].score if written else 0
        rows.append((*written, Row(grapes, row_score(grapes, previous))))
    fields["rows"] = tuple(rows)
    discard = state.road_discard + state.table
    if len(state.farms) == ROUNDS:
        fields["road_discard"] = discard
        fields["table"] = ()
        fields["yellow"] = 0
        fields["pending"] = (None,) * state.players
        fields["waiting"] = frozenset()
        return
    # § Olhando a próxima carta de fazenda: once per round, so every seat may peek again.
    fields["moves"] = tuple(
        (*row, PEEK) if looked else row for row, looked in zip(fields["moves"], fields["peeked"], strict=True)
    )
    fields["peeked"] = (False,) * state.players
    fields["farm_deck"] = state.farm_deck[1:]
    fields["farms"] = (*state.farms, state.farm_deck[0])
    _reveal_road_card(fields, (), 0, discard)


def peeked_farm(state: AvenueState, seat: int) -> str | None:
    """The farm card `seat` saw by peeking this round (it stays on top until revealed)."""
    knows = state.peeked[seat] or isinstance(state.pending[seat], Peek)
    return state.farm_deck[0] if knows and state.farm_deck else None


def sample_consistent(state: AvenueState, seat: int | None, rng: Rng) -> AvenueState:
    """Re-draw what `seat` cannot know: both decks' order, others' sealed choices, the RNG."""
    road_deck, rng = rng.shuffle(sorted(state.road_deck))
    known = peeked_farm(state, seat) if seat is not None else None
    if known is None:
        farm_deck, rng = rng.shuffle(sorted(state.farm_deck))
    else:
        rest, rng = rng.shuffle(sorted(state.farm_deck[1:]))
        farm_deck = (known, *rest)
    pending = list(state.pending)
    for other, choice in enumerate(state.pending):
        if other != seat and choice is not None:
            pending[other], rng = rng.choice(state.moves[other])
    fresh, _ = rng.next64()
    return evolve(
        state, rng=Rng.from_seed(fresh), road_deck=road_deck, farm_deck=farm_deck, pending=tuple(pending)
    )


def check_invariants(state: AvenueState) -> None:
    """Conservation of cards and consistency of each sheet (tests only)."""
    comp = components()
    cards = (*state.road_deck, *state.road_discard, *state.table)
    assert sorted(cards) == list(range(len(comp.road_cards))), "road cards not conserved"
    assert sorted((*state.farms, *state.farm_deck)) == sorted(comp.farm_cards), "farm cards not conserved"
    assert len(state.farms) <= ROUNDS
    yellow_on_table = sum(comp.road_cards[c].yellow for c in state.table)
    assert state.yellow == yellow_on_table, "yellow count differs from the table"
    for seat in range(state.players):
        roads, moves = state.roads[seat], state.moves[seat]
        draws = [i for i, segment in enumerate(roads) if not segment]
        assert list(moves) == [DRAWS[i] for i in draws] + ([] if state.peeked[seat] else [PEEK])
        assert len(state.rows[seat]) == (len(state.farms) if state.finished else len(state.farms) - 1), (
            "one row per scored farm"
        )
        assert (seat in state.waiting) == (state.pending[seat] is None) or state.finished
