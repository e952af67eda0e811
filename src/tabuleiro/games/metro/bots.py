"""Metro bots that act on a seat's view.

`GreedyBot` looks one tile ahead. It rebuilds the board from the view and values every open
line as its passages so far plus a fixed growth allowance, changed by what would happen if
the next tile on its square were a random one of those still unseen: ending the line early
forfeits the allowance, ending it at the central station doubles it. Its own lines count
for it, the others' against it (with expansion 1, each company by the shares held). It
places the tile whose change of that value is best and draws instead when a tile from the
pile is expected to do better than any in hand, which it keeps. A central wagon (expansion
2) goes on the central line worth most once that beats a placement; a share (expansion 1)
is swapped only for the face-up share of a company clearly in the lead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabuleiro.core import JsonDict, RngStream
from tabuleiro.games.metro.actions import PERCENTS, Central, Draw, MetroAction, Place, Swap
from tabuleiro.games.metro.components import CENTRE, FACING, SQUARES, components, parse_square
from tabuleiro.games.metro.rules import (
    CLOSES,
    DEPARTURES,
    EMPTY,
    FACE_AT,
    INTO,
    IS_CENTRE,
    OFF,
    PAIRS,
    PLAYABLE,
    STATION,
    centre_is_station,
    walk,
)
from tabuleiro.games.metro.scoring import company_values
from tabuleiro.games.metro.state import Line, MetroOptions, MetroState

_ODD = (1, 3, 5, 7)
_EVEN = (0, 2, 4, 6)


@dataclass(frozen=True, slots=True)
class Weights:
    """The knobs of `GreedyBot`'s evaluation, tuned by simulated matches between variants."""

    growth: float = 15.0
    """Passages an open line is still expected to gain."""
    exposure: float = 1.0
    """Share of the expected change from a random next tile on a line's square that counts."""
    rivals: float = 1.0
    """Weight of an opponent's lines against the bot's own in a two-player game."""
    crowd: float = 2.0
    """Beyond two players each opponent weighs `rivals` / (players - 1) ** crowd: with more
    opponents, any one of them matters less and they also hinder each other."""
    draw_margin: float = 0.0
    """Draw when an unseen tile's best placement is expected to gain this much more than the
    best tile in hand (which stays in hand)."""
    central_margin: float = 10.0
    """Extra value a central wagon's line must promise over a placement on an empty board."""
    swap_gain: int = 3
    """Least rise in share points (value rank × tenths) that makes a swap worth a turn."""
    swap_lead: int = 8
    """Least lead over the runner-up of the company a swap buys into."""


class GreedyBot:
    """One-tile look-ahead over the value of every open line, from the view alone."""

    def __init__(self, seat: int, seed: int, weights: Weights | None = None) -> None:
        self.seat = seat
        self.rng = RngStream(seed)
        self.weights = weights or Weights()

    def act(self, view: JsonDict, legal: Sequence[MetroAction]) -> MetroAction:
        """The best placement, or a draw, swap or central wagon when it promises more."""
        places = [a for a in legal if isinstance(a, Place)]
        if not places:
            return self._without_tile(view, legal)
        board = _Board(view, self.seat, self.weights)
        scored = [(board.gain(a.face * 4 + a.rotation, a.square), a) for a in places]
        best_gain = max(g for g, _ in scored)
        best = [a for g, a in scored if g >= best_gain - 1e-9]
        choice: MetroAction = self.rng.choice(best)
        other = self._instead(view, legal, board, best_gain)
        return other if other is not None else choice

    def _instead(
        self, view: JsonDict, legal: Sequence[MetroAction], board: _Board, best_gain: float
    ) -> MetroAction | None:
        """A swap, a central wagon or a draw when one beats the best placement."""
        swap = self._swap(view, legal)
        if swap is not None:
            return swap
        central = self._central(legal, board, best_gain)
        if central is not None:
            return central
        draw = next((a for a in legal if isinstance(a, Draw)), None)
        if draw is not None and board.draw_gain(view) > best_gain + self.weights.draw_margin:
            return draw
        return None

    def _without_tile(self, view: JsonDict, legal: Sequence[MetroAction]) -> MetroAction:
        """No tile to place (an empty hand): a wagon or swap if one helps, else pass."""
        board = _Board(view, self.seat, self.weights)
        other = self._swap(view, legal) or self._central(legal, board, 0.0)
        if other is not None:
            return other
        passes = [a for a in legal if not isinstance(a, Swap | Central)]
        return passes[0] if passes else legal[0]

    def _central(self, legal: Sequence[MetroAction], board: _Board, best_gain: float) -> Central | None:
        """Expansion 2: the wagon on the central line worth most, when it beats placing."""
        options = [a for a in legal if isinstance(a, Central)]
        if not options:
            return None
        margin = self.weights.central_margin * board.empty_share
        best: Central | None = None
        best_value = max(best_gain, 0.0) + margin
        for action in options:
            value = board.wagon_value(action)
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best

    def _swap(self, view: JsonDict, legal: Sequence[MetroAction]) -> Swap | None:
        """Expansion 1: trade the only share of a trailing company for the face-up share of
        the company clearly leading; never for the unseen top of a pile.

        Company profits follow the bot's own placements, so a share it still backs with
        others is kept, and a swap, which costs a placement, needs a lead that is hard to
        catch."""
        shares = view.get("shares")
        if not shares or not shares.get("swaps_allowed"):
            return None
        colours: list[str] = view["colours"]
        profits: list[int] = view["scores"]
        values = company_values(profits)
        mine = {s["percent"]: colours.index(s["company"]) for s in view["private"]["shares"]}
        leader = max(range(len(profits)), key=profits.__getitem__)
        runner_up = max((p for c, p in enumerate(profits) if c != leader), default=0)
        if profits[leader] < runner_up + self.weights.swap_lead:
            return None
        best: Swap | None = None
        best_gain = self.weights.swap_gain - 1e-9
        for action in legal:
            if not isinstance(action, Swap) or not action.take_face_up:
                continue
            had = mine[action.percent]
            taken = colours.index(shares["face_up"][str(action.percent)])
            if taken != leader or sum(1 for c in mine.values() if c == had) > 1:
                continue
            gain = action.percent // 10 * (values[taken] - values[had])
            if gain > best_gain:
                best, best_gain = action, gain
        return best


@dataclass(frozen=True, slots=True)
class _Rules:
    """The rule options that change what a line is worth."""

    centre_station: bool
    central_tracks_score: bool
    numbers_on_every_line: bool
    protect_every_line: bool
    free_orientation: bool


def _rules_of(options: MetroOptions) -> _Rules:
    return _Rules(
        centre_station=centre_is_station(options),
        central_tracks_score=options.central_tracks_score,
        numbers_on_every_line=options.number_lines == "all",
        protect_every_line=options.one_tile_rule == "all",
        free_orientation=options.free_orientation,
    )


class _Board:
    """The board and lines rebuilt from a view (or a search's sampled state), valued from
    one seat's side."""

    def __init__(self, view: JsonDict, seat: int, weights: Weights) -> None:
        comp = components()
        index = {code: i for i, code in enumerate(comp.faces)}
        board = [EMPTY] * SQUARES
        placed = [0] * len(comp.faces)
        for square, cell in enumerate(view["board"]):
            if cell == "station":
                board[square] = STATION
            elif cell is not None:
                face = index[cell["tile"]]
                board[square] = face * 4 + cell["rotation"]
                if not cell["central"]:
                    placed[face] += 1
        private = view["private"]
        known = [*private["hand"], *([private["drawn"]] if private["drawn"] else [])]
        for code in known:
            placed[index[code]] += 1
        rules: JsonDict = view["scoring"]
        colours: list[str] = view["colours"]
        lines: list[JsonDict] = view["lines"]
        self._build(
            board,
            placed,
            _Rules(
                centre_station=view["centre_is_station"],
                central_tracks_score=rules["central_tracks_score"],
                numbers_on_every_line=rules["number_lines"] == "all",
                protect_every_line=rules["one_tile_rule"] == "all",
                free_orientation=view["free_orientation"],
            ),
            weights,
            frozenset(private.get("numbers") or ()),
            _owner_weights(view, seat, weights.rivals, weights.crowd),
            {s["percent"]: colours.index(s["company"]) for s in private.get("shares") or ()},
            [-1 if entry["owner"] is None else entry["owner"] for entry in lines],
        )

    @classmethod
    def of_state(cls, state: MetroState, seat: int, weights: Weights) -> _Board:
        """The board as `seat` sees it in `state`: the same as from its view, except that
        with expansion 1 the others' shares are read from the state (a search's sample).
        Seat -1: the public side (no hand known, no seat's weights)."""
        board = cls.__new__(cls)
        placed = [0] * len(components().faces)
        codes = state.board
        for square in PLAYABLE:
            if state.filled >> square & 1:
                placed[codes[square] >> 2] += 1
        if seat >= 0:
            for face in state.hands[seat]:
                placed[face] += 1
            if state.drawn >= 0 and state.turn == seat:
                placed[state.drawn] += 1
        options = state.options
        board._build(
            list(codes),
            placed,
            _rules_of(options),
            weights,
            frozenset(state.numbers[seat]) if seat >= 0 else frozenset(),
            _state_owner_weights(state, seat, weights.rivals, weights.crowd),
            dict(zip(PERCENTS, state.shares[seat], strict=False)) if seat >= 0 else {},
            list(state.owners),
        )
        return board

    @staticmethod
    def seat_side(
        state: MetroState, seat: int, weights: Weights
    ) -> tuple[list[float], frozenset[int], dict[int, int]]:
        """What makes a board `seat`'s: its owner weights, station numbers and shares."""
        return (
            _state_owner_weights(state, seat, weights.rivals, weights.crowd),
            frozenset(state.numbers[seat]),
            dict(zip(PERCENTS, state.shares[seat], strict=False)),
        )

    def _build(
        self,
        board: list[int],
        placed: list[int],
        rules: _Rules,
        weights: Weights,
        numbers: frozenset[int],
        owner_weight: list[float],
        companies: dict[int, int],
        owners: list[int],
    ) -> None:
        comp = components()
        self.centre_station = rules.centre_station
        self.closes = CLOSES[self.centre_station]
        self.central_tracks_score = rules.central_tracks_score
        self.numbers_on_every_line = rules.numbers_on_every_line
        self.protect_every_line = rules.protect_every_line
        self.board = board
        pool = [max(n - p, 0) for n, p in zip(comp.face_counts, placed, strict=True)]
        self.pool = pool
        self.rotations = range(4) if rules.free_orientation else range(1)
        self.outs = _out_odds(pool, rules.free_orientation)
        empty = sum(1 for sq in range(SQUARES) if board[sq] == EMPTY and sq not in CENTRE)
        self.empty_share = empty / (SQUARES - len(CENTRE))
        self.growth = weights.growth
        self.exposure = weights.exposure
        self.numbers = numbers
        self.owner_weight = owner_weight
        self.companies = companies
        self.owners = owners
        self.lines: list[Line] = []
        self.values: list[float] = []
        self.waiting: list[list[int]] = [[] for _ in range(SQUARES)]
        # Per square, the open lines that the next tile on their own square would lead to
        # this one: (departure, odds of that tile, the line stopped here).
        self.watching: list[list[tuple[int, float, Line]]] = [[] for _ in range(SQUARES)]
        for d in range(len(owners)):
            square, exit_ = DEPARTURES[d]
            line = walk(board, (square, exit_, 0, 0, 0), self.centre_station)
            self.lines.append(line)
            if line[4]:
                self.values.append(0.0)
                continue
            self.waiting[line[0]].append(d)
            stops: list[tuple[float, Line]] = []
            self.values.append(self._value(d, line, stops))
            if self.weight(d):
                for odds, stop in stops:
                    self.watching[stop[0]].append((d, odds, stop))

    def weight(self, d: int) -> float:
        """What one point of line `d` is worth to the bot."""
        owner = self.owners[d]
        return self.owner_weight[owner] if owner >= 0 else 0.0

    def gain(self, code: int, square: int) -> float:
        """The change of the bot's value if a tile of `code` went on `square`."""
        board = self.board
        board[square] = code
        total = 0.0
        for d in self.waiting[square]:
            owned = self.owners[d] >= 0
            if not owned and not (self.numbers and self.numbers_on_every_line):
                continue
            line = walk(board, self.lines[d], self.centre_station)
            if line[4]:
                total += self._number_bonus(d, line)
                if owned:
                    total += self.weight(d) * (self._points(d, line) - self.values[d])
            elif owned:
                total += self.weight(d) * (self._value(d, line, None) - self.values[d])
        for d, odds, stop in self.watching[square]:
            after = walk(board, stop, self.centre_station)
            if after[4]:
                total += self.weight(d) * odds * self._term(d, after, self._base(d))
        board[square] = EMPTY
        return total

    def draw_gain(self, view: JsonDict) -> float:
        """The expected gain of the best placement of a tile drawn from those unseen.

        Tiles that send every line arriving at a square out of the same exits are valued
        once there (a line coming back to the same tile is the rare exception)."""
        squares = [sq for name in view["open_squares"] if (sq := parse_square(name)) is not None]
        total = sum(self.pool)
        if not total or not squares:
            return float("-inf")
        busy = [sq for sq in squares if self.waiting[sq] or self.watching[sq]]
        floor = 0.0 if len(busy) < len(squares) else float("-inf")
        entries = {
            sq: sorted({self.lines[d][1] for d in self.waiting[sq]} | {s[1] for _, _, s in self.watching[sq]})
            for sq in busy
        }
        seen: dict[tuple[int, ...], float] = {}
        expected = 0.0
        for face, count in enumerate(self.pool):
            if not count:
                continue
            best = floor
            for r in self.rotations:
                code = face * 4 + r
                pairs = PAIRS[code]
                for sq in busy:
                    if self._shuts_wagon(code, sq):
                        continue
                    key = (sq, *(pairs[e] for e in entries[sq]))
                    gain = seen.get(key)
                    if gain is None:
                        gain = seen[key] = self.gain(code, sq)
                    best = max(best, gain)
            expected += count * best
        return expected / total

    def _shuts_wagon(self, code: int, square: int) -> bool:
        """Would the tile join a departure with a wagon to an arrival through itself alone
        (§ Regras para colocação: not allowed while the tile fits elsewhere)?"""
        return any(
            d < len(self.owners) and (self.protect_every_line or self.owners[d] >= 0)
            for d in self.closes[code][square]
        )

    def wagon_value(self, action: Central) -> float:
        """Expansion 2: what owning the central line of `action` is worth to the bot."""
        d = 32 + action.face
        if d >= len(self.lines):
            return 0.0
        line = self.lines[d]
        points = self._points(d, line) if line[4] else self.values[d]
        owner = self._wagon_owner(action)
        return points * (self.owner_weight[owner] if owner is not None else 1.0)

    def _wagon_owner(self, action: Central) -> int | None:
        """The owner a wagon would go to: the seat, or the company of the shown share."""
        return self.companies[action.percent] if action.percent is not None else None

    def _passages(self, line: Line) -> int:
        """The passages that score: central track tiles only under ``central_tracks_score``."""
        return line[2] + (line[3] if self.central_tracks_score else 0)

    def _points(self, d: int, line: Line) -> float:
        """A finished line's points (§ Pontuação: doubled at the central station)."""
        passages = self._passages(line)
        return float(passages * 2 if d < 32 and line[4] > 32 else passages)

    def _number_bonus(self, d: int, line: Line) -> float:
        """Expansion 4: a line ending at one of the bot's station numbers, with a wagon or
        (``number_lines=all``, the rulebook) without; doubled when it started at the centre."""
        if line[4] in self.numbers and (self.owners[d] >= 0 or self.numbers_on_every_line):
            return self._points(d, line) * (2 if d >= 32 else 1)
        return 0.0

    def _base(self, d: int) -> float:
        """An open line's passages and growth allowance."""
        return self._passages(self.lines[d]) + self.growth

    def _value(self, d: int, line: Line, stops: list[tuple[float, Line]] | None) -> float:
        """An open line's worth to its owner: passages, growth, and the expected loss (or
        doubling) should the next tile on its square be a random unseen one. `stops` gathers
        where the line would wait after such a tile, with that tile's odds."""
        square, entry, passages, central, _ = line
        base = self._passages(line) + self.growth
        fresh = passages + central == 0 and self.owners[d] >= 0
        risk = 0.0
        board, centre_station = self.board, self.centre_station
        for out, odds in self.outs[entry]:
            k = square * 8 + out
            if OFF[k]:
                if not fresh:
                    risk += odds * self._term(d, (-1, out, passages + 1, central, OFF[k]), base)
                continue
            nxt = INTO[k]
            if centre_station and IS_CENTRE[nxt]:
                if not fresh:
                    risk += odds * self._term(d, (-1, out, passages + 1, central, 32 + FACE_AT[k]), base)
                continue
            after = walk(board, (nxt, FACING[out], passages + 1, central, 0), centre_station)
            risk += odds * self._term(d, after, base)
            if not after[4] and stops is not None and after[0] != square:
                stops.append((odds, after))
        return base + risk

    def _term(self, d: int, after: Line, base: float) -> float:
        """What closing a line as `after` does to its worth: early, it loses its growth;
        at the central station, doubling may gain instead."""
        return self.exposure * (self._points(d, after) - base) if after[4] else 0.0


def _out_odds(pool: list[int], free: bool) -> tuple[tuple[tuple[int, float], ...], ...]:
    """Per entry exit, the chance that a random unseen tile sends a line out of each odd exit."""
    rotations = range(4) if free else range(1)
    total = sum(pool) * len(rotations)
    table: list[tuple[tuple[int, float], ...]] = []
    for entry in range(8):
        counts = dict.fromkeys(_ODD, 0)
        if entry in _EVEN and total:
            for face, n in enumerate(pool):
                if n:
                    for r in rotations:
                        counts[PAIRS[face * 4 + r][entry]] += n
        table.append(tuple((out, c / total) for out, c in counts.items() if c))
    return tuple(table)


def _owner_weights(view: JsonDict, seat: int, rivals: float, crowd: float) -> list[float]:
    """Per owner, what one of its points is worth to the bot: seats, or companies by shares."""
    players: int = view["players"]
    if view["owners"] != "companies":
        rival = -rivals / max(players - 1, 1) ** crowd
        return [1.0 if owner == seat else rival for owner in range(players)]
    colours: list[str] = view["colours"]
    held = [0.0] * len(colours)
    others = [0.0] * len(colours)
    mine = {s["percent"]: colours.index(s["company"]) for s in view["private"]["shares"]}
    shown: list[list[JsonDict]] = view["shares"]["shown"]
    face_up = view["shares"]["face_up"]
    for percent in PERCENTS:
        held[mine[percent]] += percent
        pool = set(range(len(colours))) - {mine[percent], colours.index(face_up[str(percent)])}
        hidden = players - 1
        for s, items in enumerate(shown):
            for item in items:
                if s != seat and item["percent"] == percent:
                    company = colours.index(item["company"])
                    others[company] += percent
                    pool.discard(company)
                    hidden -= 1
        for company in pool:
            others[company] += percent * hidden / len(pool)
    rival = rivals / max(players - 1, 1)
    return [(h - rival * o) / 40 for h, o in zip(held, others, strict=True)]


def _state_owner_weights(state: MetroState, seat: int, rivals: float, crowd: float) -> list[float]:
    """`_owner_weights` from a (sampled) state: with expansion 1 the others' shares as drawn."""
    players = state.players
    if seat < 0:
        return [1.0] * len(state.scores)
    if not state.options.companies:
        rival = -rivals / max(players - 1, 1) ** crowd
        return [1.0 if owner == seat else rival for owner in range(players)]
    held = [0.0] * len(state.scores)
    others = [0.0] * len(state.scores)
    for s, shares in enumerate(state.shares):
        for percent, company in zip(PERCENTS, shares, strict=True):
            (held if s == seat else others)[company] += percent
    rival = rivals / max(players - 1, 1)
    return [(h - rival * o) / 40 for h, o in zip(held, others, strict=True)]
