"""Sonora bots.

`AimBot` ("aim"): for a flick it samples candidate flicks aimed at the multiplier circles,
the zones and a few random spots, runs each through the same physics the engine uses (twice
with the hand's noise when the match has it), and keeps the flick whose resulting board is
worth most to it: its own discs by the area and multiplier they would score in, less a part
of what the others' discs are worth; a flick the simulation leaves on the corner is never
preferred to one that leaves it. On the sheet it is a greedy scorer: each choice is the
one with the best immediate value (cacti, numbers, rewards, bonuses), ahead of what keeps
options open. It sees only its view, like every bot.

Flicks are continuous, so the aiming bot may answer with a flick outside the listed grid;
every flick within the bounds is legal (RULES.md, "Flicks").
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from tabuleiro.core import JsonDict, RngStream, SearchHints
from tabuleiro.games.sonora import physics, rules
from tabuleiro.games.sonora import scoresheet as ss
from tabuleiro.games.sonora.actions import (
    AiCanyon,
    AiPath,
    Box,
    Cell,
    Colours,
    Discover,
    Done,
    End,
    Flick,
    Hole,
    Keep,
    Node,
    Path,
    Reflick,
    Ruins,
    SonoraAction,
    Swap,
    Use,
    Zone,
)
from tabuleiro.games.sonora.components import AREAS, CORNER_AREA, board, corner_frame, printed
from tabuleiro.games.sonora.rules import owner, placement
from tabuleiro.games.sonora.scoring import breakdown
from tabuleiro.games.sonora.state import BOARD, SonoraState

CORNER_NAMES = ("ruins", "riverbed", "mudcracks", "canyon")
# Rough points a pip is worth in each area (Ruins, Riverbed, Canyon, Mud cracks).
PIP_VALUE = (1.0, 1.3, 1.3, 0.9)
RIVAL_SHARE = 0.35
STAYS_ON_CORNER = 100.0
BONUS_VALUE = {"reflick": 2.0, "swap": 2.5, "fox": 4.0, "owl": 4.0, "rabbit": 3.5, "discovery": 4.5}


def disc_value(area: int, number: int, doubled: bool) -> float:
    """What a disc is roughly worth where it lies."""
    return PIP_VALUE[area] * number * (2.0 if doubled else 1.0)


class AimBot:
    """Aims flicks through the simulator; scores the sheet greedily."""

    def __init__(self, seat: int, seed: int, candidates: int = 12) -> None:
        self.seat = seat
        self.rng = RngStream(seed)
        self.candidates = candidates

    def act(self, view: JsonDict, legal: Sequence[Any]) -> Any:
        """The chosen action (a flick may be off the listed grid)."""
        first = legal[0]
        if isinstance(first, Flick):
            return self._flick(view, legal)
        if isinstance(first, Reflick | Keep):
            return self._reflick(view, legal)
        if view["options"]["mud_order"] == "nodes_first" and any(
            isinstance(a, Node) and not a.ai for a in legal
        ):
            # § Rachas na lama: the first column box ends the nodes; the greedy scorer marks
            # the nodes it can afford first and spends what is left in the columns.
            legal = [a for a in legal if not isinstance(a, Box)]
        best: Any = max(legal, key=lambda a: (self._value(view, a), -legal.index(a)))
        return best

    # -- flicks --------------------------------------------------------------------------

    def _board_value(
        self, view: JsonDict, discs: list[JsonDict], fates: dict[int, tuple[float, float] | None]
    ) -> float:
        total = 0.0
        for i, d in enumerate(discs):
            if i not in fates:
                continue
            spot = fates[i]
            if spot is None:
                value = max(disc_value(a, d["number"], False) for a in range(4)) if d.get("hole") else 0.0
            else:
                area, mult, zones = placement(*spot)
                area = area if area >= 0 else zones[0]
                value = disc_value(area, d["number"], mult >= 0)
            total += value if d["seat"] == self.seat or view["players"] == 1 else -RIVAL_SHARE * value
        return total

    def _flick(self, view: JsonDict, legal: Sequence[Flick]) -> Flick:
        corner = CORNER_NAMES.index(view["corners"][self.seat])
        discs = view["discs"]
        resting = [i for i, d in enumerate(discs) if d["where"] == "board"]
        spots = [(discs[i]["x"], discs[i]["y"]) for i in resting]
        by_number = {a.disc.number: a.disc for a in legal}
        numbers = sorted(by_number)
        considered = sorted({numbers[0], numbers[len(numbers) // 2], numbers[-1]})
        noise = board().physics.noise.get(view["options"]["hand_noise"])
        advanced = bool(view["options"]["advanced"])
        best: tuple[float, Flick] | None = None
        for number in considered:
            disc = by_number[number]
            for offset, angle, distance in self._targets(corner):
                shot = Flick(disc, offset, angle, distance)
                tries = 2 if noise else 1
                score = 0.0
                for _ in range(tries):
                    a = angle / 10 + (noise[0] * self._normal() if noise else 0.0)
                    factor = 1.0 + (noise[1] * self._normal() if noise else 0.0)
                    vx, vy = physics.launch_velocity(corner, a, distance)
                    result = physics.simulate(
                        spots,
                        corner,
                        physics.launch_point(corner, offset),
                        (vx * factor, vy * factor),
                        record=False,  # the bot looks at where discs end, not their tracks
                    )
                    fates: dict[int, tuple[float, float] | None] = {}
                    rows = [*(discs[i] for i in resting), {"number": number, "seat": self.seat}]
                    for k, fate in enumerate(result.fates):
                        if fate == physics.ON_BOARD:
                            fates[k] = result.positions[k]
                        elif fate == physics.IN_HOLE:
                            rows[k] = {**rows[k], "hole": True}
                            fates[k] = None
                    mine = fates.get(len(rows) - 1)
                    lost = not result.left_pad
                    if lost:
                        # A flick that stays on the corner is repeated: never aim for one, so
                        # the bot does not loop on repeats (§ Mais regras para piparotar).
                        score -= STAYS_ON_CORNER
                    if mine is not None and advanced and not result.touched:
                        # § Variante avançada: straight into the own corner's zone is lost.
                        lost = lost or CORNER_AREA[corner] in physics.zones_of(*mine)
                    if lost:
                        fates.pop(len(rows) - 1, None)
                    score += self._board_value(view, rows, fates)
                score /= tries
                if best is None or score > best[0]:
                    best = (score, shot)
        assert best is not None
        return best[1]

    def _normal(self) -> float:
        return (sum(self.rng.random() for _ in range(4)) - 2.0) * math.sqrt(3.0)

    def _targets(self, corner: int) -> list[tuple[int, int, int]]:
        b = board()
        points = [(m.x, m.y) for m in b.multipliers]
        points += [(sx * 70.0, sy * 70.0) for sx, sy in b.corner_signs]
        while len(points) < self.candidates:
            points.append((self.rng.random() * 240 - 120, self.rng.random() * 240 - 120))
        start = physics.launch_point(corner, 0)
        _, (ux, uy), (rx, ry) = corner_frame(corner)
        out = []
        for tx, ty in points[: max(self.candidates, 12)]:
            dx, dy = tx - start[0], ty - start[1]
            forward, side = dx * ux + dy * uy, dx * rx + dy * ry
            angle = math.degrees(math.atan2(side, forward))
            if abs(angle) >= 85:
                continue
            distance = math.hypot(dx, dy) + self.rng.random() * 6 - 3
            out.append((0, round(angle * 10), max(30, min(900, round(distance)))))
        return out

    def _reflick(self, view: JsonDict, legal: Sequence[Any]) -> Any:
        flight = view.get("flick") or {}
        mine = [d for d in view["discs"] if d["disc"] == flight.get("disc") and d["seat"] == self.seat]
        if mine and mine[0]["where"] == "out" and any(isinstance(a, Reflick) for a in legal):
            return next(a for a in legal if isinstance(a, Reflick))
        return next(a for a in legal if isinstance(a, Keep))

    # -- the sheet -----------------------------------------------------------------------

    def _sheet(self, view: JsonDict) -> JsonDict:
        desk: JsonDict = view["mine"] or view["sheets"][self.seat]
        sheet: JsonDict = desk["sheet"]
        return sheet

    def _value(self, view: JsonDict, action: SonoraAction) -> float:
        p = printed()
        sheet = self._sheet(view)
        match action:
            case Hole(area):
                return (4 - area) * 0.01 + PIP_VALUE[area]
            case Colours(mine, ai):
                return self._colour_value(view, mine) - 0.5 * self._colour_value(view, ai)
            case Swap(a, b):
                return self._swap_value(view, a.number, b.number, a.colour)
            case Zone(_, area):
                return PIP_VALUE[area]
            case Ruins(building, hexes):
                house = p.buildings[building]
                left = house.hexes - int(sheet["ruins"][house.id])
                taken = house.id in view["upper_taken"]
                if hexes == left:
                    return 100.0 + (house.lower_points if taken else house.upper_points + 3)
                return hexes / left * (3 if not taken else 1) - 0.01 * left
            case Discover(animal):
                return (3.0, 3.5, 2.5)[animal]
            case Cell(cell, ai=False):
                gain = 0.0
                if p.canyon_cactus[cell] >= 0:
                    gain += 3.0 + sheet["canyon"]["cacti"][p.canyon_cactus[cell]] * 0.5
                if p.canyon_bonus[cell]:
                    gain += BONUS_VALUE[p.canyon_bonus[cell]]
                return 1.0 + gain
            case Cell(cell, ai=True):
                return -3.0 * (p.canyon_cactus[cell] >= 0) - (p.canyon_bonus[cell] != "")
            case End():
                return 0.5
            case Path(end):
                if p.river_bonus[end]:
                    return BONUS_VALUE[p.river_bonus[end]]
                return p.river_points[end] + 0.1 * end
            case AiPath(start, end):
                return -sum(
                    p.river_points[s] + BONUS_VALUE.get(p.river_bonus[s], 0.0)
                    for s in ss.tree_path(start, end)
                )
            case AiCanyon(size):
                return -size
            case Node(node, ai=False):
                return self._node_value(sheet, node)
            case Node(node, ai=True):
                return p.mud_value[node] * 0.1
            case Box(column):
                boxes, bonus = p.columns[column]
                marked = int(sheet["mudcracks"]["columns"][column])
                return 0.2 + BONUS_VALUE[bonus] * (marked + 1) / boxes * 0.5
            case Use(animal):
                return 1.5 - animal * 0.1
            case Done():
                return 0.0
        return 0.0

    def _node_value(self, sheet: JsonDict, node: int) -> float:
        p = printed()
        marked = {p.mud_ids.index(n) for n in sheet["mudcracks"]["marked"]} | {node}
        value = 0.5 - 0.05 * p.mud_value[node]
        for f in p.node_faces[node]:
            if all(n in marked for n in p.face_nodes[f]):
                symbol = p.face_symbol[f]
                value += p.cactus_points.get(symbol, 0) + BONUS_VALUE.get(symbol, 0.0)
        return value

    def _colour_value(self, view: JsonDict, colour: int) -> float:
        total = 0.0
        for d in view["discs"]:
            if d.get("colour") != "abc"[colour]:
                continue
            if d["where"] == "board":
                area = AREAS.index(d["area"]) if d["area"] else 0
                total += disc_value(area, d["number"], d["multiplier"] is not None)
            elif d["where"] == "hole":
                total += disc_value(AREAS.index(d["area"]), d["number"], False)
        return total

    def _swap_value(self, view: JsonDict, a: int, b: int, colour: int) -> float:
        discs = {
            d["number"]: d
            for d in view["discs"]
            if d["seat"] == self.seat
            and d["where"] == "board"
            and (colour < 0 or d.get("colour") == "abc"[colour])
        }
        da, db = discs.get(a), discs.get(b)
        if da is None or db is None:
            return -1.0

        def worth(d: JsonDict, n: int) -> float:
            area = AREAS.index(d["area"]) if d["area"] else 0
            return disc_value(area, n, d["multiplier"] is not None)

        before = worth(da, a) + worth(db, b)
        after = worth(da, b) + worth(db, a)
        return after - before - 0.5


def estimate(state: SonoraState) -> list[float]:
    """Search evaluation: each sheet's score so far (§ Pontuação), plus a little for the
    seat's discs resting on the board, which its sheet will score later."""
    totals = [float(sum(breakdown(desk.sheet).values())) for desk in state.desks]
    for d, where in enumerate(state.where):
        if where == BOARD:
            totals[owner(state, d)] += 0.5
    return totals


def candidates(state: SonoraState, seat: int, legal: Sequence[Any]) -> Sequence[Any]:
    """The flicks the search considers: for the lowest and the highest disc in hand, the
    listed grid plus flicks aimed at every multiplier circle and at the middle of each zone
    (as the aiming bot aims, without its random spots and jitter). Every
    flick within the bounds is legal (RULES.md, "Flicks"). Other decisions: the legal list."""
    if not legal or not isinstance(legal[0], Flick):
        return legal
    by_number: dict[int, Any] = {}
    for action in legal:
        by_number.setdefault(action.disc.number, action.disc)
    numbers = sorted(by_number)
    chosen = sorted({numbers[0], numbers[-1]})
    c = rules.corner(state, seat)
    b = board()
    points = [(m.x, m.y) for m in b.multipliers] + [(sx * 70.0, sy * 70.0) for sx, sy in b.corner_signs]
    start = physics.launch_point(c, 0)
    _, (ux, uy), (rx, ry) = corner_frame(c)
    aims: list[tuple[int, int]] = []
    for tx, ty in points:
        dx, dy = tx - start[0], ty - start[1]
        angle = math.degrees(math.atan2(dx * rx + dy * ry, dx * ux + dy * uy))
        if abs(angle) < 85:
            aims.append((round(angle * 10), max(30, min(900, round(math.hypot(dx, dy))))))
    out = [a for a in legal if a.disc.number in chosen]
    seen = set(out)
    for number in chosen:
        for angle, distance in aims:
            shot = Flick(by_number[number], 0, angle, distance)
            if shot not in seen:
                seen.add(shot)
                out.append(shot)
    return out


SEARCH_HINTS = SearchHints(
    iterations=200, evaluate=estimate, playout_depth=6, margin_scale=15.0, candidates=candidates
)
"""Advice to the generic search: a few random decisions, then `estimate`. Flicks are searched
over the listed grid of flicks; the physics is deterministic and the hand's noise (when the
match has it) is drawn from the match's generator, which every determinization re-draws, so
the search averages each flick over fresh noise."""
