"""The board's geometry and the flick simulation (pymunk, deterministic).

Top-down 2D: discs slide on the recessed board under Coulomb friction (a constant
deceleration μg, Chipmunk's pivot-and-gear pattern), bounce off each other and off the
rails, and come to rest. Every flick builds a fresh space from the state's disc positions in
a fixed order and steps it with a fixed time step, so the same record replays to the same
positions bit for bit (same platform, same pymunk). ``shared/research/sonora.md`` §4.2-4.3
gives the model; the constants live in ``data/board.v1.json``.

Rules in geometry (§ Posições dos discos, § Na mosca!, § Mais regras para piparotar):

- a disc touches a multiplier circle when any part of it is over the circle, border included;
- otherwise it is in the zone holding most of it: with straight borders along the axes, the
  quadrant of its centre; a centre exactly on a border splits it in two exact halves;
- it falls in the hole when it is slow (under 300 mm/s) with its centre inside the hole;
- it leaves the board when it hits a rail faster than the escape speed (the low rim);
- a flicked disc ignores its own launch pad's edge until it is wholly off the pad, then the
  pad edges are walls; a disc at rest still touching its pad did not leave the corner.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import pymunk

from tabuleiro.games.sonora.components import board, corner_frame

ON_BOARD, IN_HOLE, OFF_BOARD = range(3)
DISC_TYPE, RAIL_TYPE, PAD_TYPE, HOLE_TYPE = 1, 2, 3, 4
EPS = 1e-6  # mm: the printed border of a circle, and an exact border between zones


def _pad_bit(corner: int) -> int:
    # Launch pad edges have a category of their own: the disc being launched ignores its pad's.
    return 1 << corner


# -- geometry --------------------------------------------------------------------------------


@cache
def launch_limit() -> int:
    """The largest lateral offset (whole mm) keeping the disc wholly on its pad."""
    b = board()
    front = b.pad_leg / math.sqrt(2.0) - b.disc_radius
    inner = b.half - b.disc_radius
    offset = (inner - (b.half - front / math.sqrt(2.0))) * math.sqrt(2.0)
    return math.floor(offset + EPS)


def launch_point(corner: int, offset: float) -> tuple[float, float]:
    """Centre of a disc at the front of `corner`'s pad, `offset` mm to the thrower's right."""
    (px, py), (ux, uy), (rx, ry) = corner_frame(corner)
    front = board().pad_leg / math.sqrt(2.0) - board().disc_radius
    return px + front * ux + offset * rx, py + front * uy + offset * ry


def launch_velocity(corner: int, angle_deg: float, distance: float) -> tuple[float, float]:
    """Velocity for a flick `angle_deg` to the right of the corner's diagonal, travelling
    `distance` mm on a clear board: v0 = sqrt(2 μ g d)."""
    _, (ux, uy), (rx, ry) = corner_frame(corner)
    p = board().physics
    speed = math.sqrt(2.0 * p.mu_board * p.g * max(distance, 0.0))
    a = math.radians(angle_deg)
    ca, sa = math.cos(a), math.sin(a)
    return speed * (ca * ux + sa * rx), speed * (ca * uy + sa * ry)


def pad_depth(corner: int, x: float, y: float) -> float:
    """Signed distance of a centre beyond `corner`'s pad edge, towards the board centre."""
    (px, py), (ux, uy), _ = corner_frame(corner)
    edge = board().pad_leg / math.sqrt(2.0)
    return (x - px) * ux + (y - py) * uy - edge


def on_pad(corner: int, x: float, y: float) -> bool:
    """True when a disc centred at (x, y) still touches `corner`'s pad."""
    return pad_depth(corner, x, y) < board().disc_radius - EPS


def zones_of(x: float, y: float) -> tuple[int, ...]:
    """The zone (or, on an exact border, the two zones) holding most of a disc at (x, y).

    With the straight quadrant borders, the quadrant of the centre holds most of the disc;
    a centre on an axis splits it in two exact halves (§ Zonas do tabuleiro).
    """
    from tabuleiro.games.sonora.components import CORNER_AREA

    signs = board().corner_signs
    xs = (-1, 1) if abs(x) <= EPS else ((1,) if x > 0 else (-1,))
    ys = (-1, 1) if abs(y) <= EPS else ((1,) if y > 0 else (-1,))
    return tuple(sorted({CORNER_AREA[signs.index((sx, sy))] for sx in xs for sy in ys}))


def multiplier_at(x: float, y: float) -> int:
    """Index of the multiplier circle a disc at (x, y) touches, or -1 (at most one can)."""
    b = board()
    reach = b.disc_radius
    for i, m in enumerate(b.multipliers):
        if math.hypot(x - m.x, y - m.y) <= reach + m.radius + EPS:
            return i
    return -1


@cache
def _set_down_offsets() -> tuple[tuple[float, float], ...]:
    """Candidate (forward, right) offsets from the launch point for `set_down_point`, nearest
    first: a 2 mm grid ahead of the point where the disc is wholly off its pad."""
    r = board().disc_radius
    reach = int(2 * board().half)
    out = [
        (2 * r + EPS * 10 + f, float(s))
        for f in range(0, reach, 2)
        for s in range(-reach, reach + 1, 2)
        if f * f + s * s <= reach * reach
    ]
    out.sort(key=lambda fs: (fs[0] - 2 * r) ** 2 + fs[1] ** 2)
    return tuple(out)


def set_down_point(corner: int, resting: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """Where the engine's safeguard sets a disc down (RULES.md, interpretations 3 and 5): the
    free spot nearest to straight ahead of `corner`'s launch point with the disc wholly off
    every pad, inside the rails, touching no resting disc and not over the hole."""
    b = board()
    r, half = b.disc_radius, b.half
    (px, py), (ux, uy), (rx, ry) = corner_frame(corner)
    front = b.pad_leg / math.sqrt(2.0) - r
    sx, sy = px + front * ux, py + front * uy
    for forward, side in _set_down_offsets():
        x, y = sx + forward * ux + side * rx, sy + forward * uy + side * ry
        if abs(x) > half - r or abs(y) > half - r or math.hypot(x, y) <= b.hole_radius:
            continue
        if any(on_pad(c, x, y) for c in range(4)):
            continue
        if all(math.hypot(x - ox, y - oy) >= 2 * r + EPS for ox, oy in resting):
            return x, y
    raise AssertionError("no free spot on the board")  # 20 discs never fill it


# -- simulation ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Result:
    """What one flick did.

    Attributes:
        positions: per disc (the resting ones in input order, the flicked one last), its
            final centre; meaningful where `fates` is ON_BOARD.
        fates: per disc, ON_BOARD, IN_HOLE or OFF_BOARD.
        left_pad: the flicked disc came wholly off its pad.
        touched: the flicked disc hit a rail, a pad edge or another disc.
        frames: per disc that moved, (index, first frame, flat x, y pairs at the frame rate,
            rounded to 0.1 mm) up to its rest or its removal.
        steps: physics steps taken.
    """

    positions: tuple[tuple[float, float], ...]
    fates: tuple[int, ...]
    left_pad: bool
    touched: bool
    frames: tuple[tuple[int, int, tuple[float, ...]], ...]
    steps: int


class Table:
    """One flick's pymunk space, built fresh so that a flick depends only on its inputs:
    the resting discs in order, then the flicked one (`bodies`)."""

    def __init__(
        self, resting: Sequence[tuple[float, float]], corner: int, start: tuple[float, float]
    ) -> None:
        b = board()
        p = b.physics
        self.corner = corner
        space = pymunk.Space()
        space.iterations = p.iterations
        space.sleep_time_threshold = p.sleep_time
        space.idle_speed_threshold = p.rest_speed
        self.space = space
        e_disc = math.sqrt(p.restitution_disc)
        f_disc = math.sqrt(p.friction_disc)
        static = space.static_body
        h, rr = b.half + p.rail_radius, p.rail_radius
        corners = ((-h, -h), (h, -h), (h, h), (-h, h))
        for i in range(4):
            rail = pymunk.Segment(static, corners[i], corners[(i + 1) % 4], rr)
            rail.elasticity = p.restitution_rail / e_disc
            rail.friction = p.friction_rail / f_disc
            rail.collision_type = RAIL_TYPE
            space.add(rail)
        for c, (sx, sy) in enumerate(b.corner_signs):
            (cx, cy), (ux, uy), _ = corner_frame(c)
            a = (cx - sx * b.pad_leg - rr * ux, cy - rr * uy)
            z = (cx - rr * ux, cy - sy * b.pad_leg - rr * uy)
            edge = pymunk.Segment(static, a, z, rr)
            edge.elasticity = p.restitution_rail / e_disc
            edge.friction = p.friction_rail / f_disc
            edge.collision_type = PAD_TYPE
            edge.filter = pymunk.ShapeFilter(categories=_pad_bit(c))
            space.add(edge)
        hole = pymunk.Circle(static, b.hole_radius - b.disc_radius)
        hole.sensor = True
        hole.collision_type = HOLE_TYPE
        space.add(hole)
        self.bodies: list[pymunk.Body] = []
        self.shapes: list[pymunk.Circle] = []
        moment = math.inf
        force = p.mu_board * b.disc_mass * p.g
        for x, y in (*resting, start):
            body = pymunk.Body(b.disc_mass, moment)
            body.position = (x, y)
            shape = pymunk.Circle(body, b.disc_radius)
            shape.elasticity = e_disc
            shape.friction = f_disc
            shape.collision_type = DISC_TYPE
            pivot = pymunk.PivotJoint(static, body, (0, 0), (0, 0))
            pivot.max_bias = 0
            pivot.max_force = force
            space.add(body, shape, pivot)
            self.bodies.append(body)
            self.shapes.append(shape)
        self.index = {body: i for i, body in enumerate(self.bodies)}
        self.fates = [ON_BOARD] * len(self.bodies)
        self.remove: list[int] = []
        self.touched = False
        self.escape = p.escape_speed
        self.capture = b.capture_speed
        space.on_collision(DISC_TYPE, RAIL_TYPE, begin=self._rail)
        space.on_collision(DISC_TYPE, PAD_TYPE, begin=self._rail)
        space.on_collision(DISC_TYPE, DISC_TYPE, begin=self._touch)
        space.on_collision(DISC_TYPE, HOLE_TYPE, pre_solve=self._hole)

    def _flicked(self, arbiter: pymunk.Arbiter) -> bool:
        flicked = self.bodies[-1]
        return any(s.body is flicked for s in arbiter.shapes)

    def _touch(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        if not self.touched and self._flicked(arbiter):
            self.touched = True

    def _rail(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        self._touch(arbiter, space, data)
        body = arbiter.shapes[0].body
        assert body is not None
        n = arbiter.normal
        if abs(body.velocity.x * n.x + body.velocity.y * n.y) > self.escape:
            i = self.index[body]
            if self.fates[i] == ON_BOARD:
                self.fates[i] = OFF_BOARD
                self.remove.append(i)
            arbiter.process_collision = False

    def _hole(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        body = arbiter.shapes[0].body
        assert body is not None
        if body.velocity.length < self.capture:
            i = self.index[body]
            if self.fates[i] == ON_BOARD:
                self.fates[i] = IN_HOLE
                self.remove.append(i)

    def run(self, velocity: tuple[float, float]) -> Result:
        p = board().physics
        space, bodies = self.space, self.bodies
        flicked = bodies[-1]
        own_pad = _pad_bit(self.corner)
        self.shapes[-1].filter = pymunk.ShapeFilter(mask=pymunk.ShapeFilter.ALL_MASKS() ^ own_pad)
        start = flicked.position.x, flicked.position.y
        for body in bodies[:-1]:
            body.sleep()
        flicked.velocity = velocity
        every = max(1, round(1.0 / (p.frame_rate * p.dt)))
        limit = round(p.max_time / p.dt)
        dt = p.dt
        launching = True
        initial = [*resting_positions(bodies[:-1]), start]
        frames: dict[int, tuple[int, list[float]]] = {len(bodies) - 1: (0, [*start])}
        gone: set[int] = set()
        step = 0
        while step < limit:
            space.step(dt)
            step += 1
            if self.remove:
                for i in self.remove:
                    body = bodies[i]
                    space.remove(body, self.shapes[i], *body.constraints)
                    gone.add(i)
                self.remove.clear()
            if launching and (len(bodies) - 1 in gone or not on_pad(self.corner, *flicked.position)):
                launching = False
                self.shapes[-1].filter = pymunk.ShapeFilter()
            if step % every == 0:
                frame = step // every
                moving = False
                for i, body in enumerate(bodies):
                    if i in gone:
                        continue
                    if not body.is_sleeping:
                        moving = True
                        if i not in frames:
                            frames[i] = (frame - 1, [*initial[i]])
                    if i in frames:
                        frames[i][1].extend(body.position)
                if not moving:
                    break
        positions = tuple((body.position.x, body.position.y) for body in bodies)
        return Result(
            positions=positions,
            fates=tuple(self.fates),
            left_pad=not launching,
            touched=self.touched,
            frames=tuple((i, first, _track(xy)) for i, (first, xy) in sorted(frames.items())),
            steps=step,
        )


def _track(xy: list[float]) -> tuple[float, ...]:
    """Positions rounded to 0.1 mm, without the frames spent waiting at rest at the end."""
    out = [round(v, 1) for v in xy]
    while len(out) > 2 and out[-2:] == out[-4:-2]:
        del out[-2:]
    return tuple(out)


def resting_positions(bodies: Sequence[pymunk.Body]) -> list[tuple[float, float]]:
    """The centres of `bodies` as plain pairs."""
    return [(b.position.x, b.position.y) for b in bodies]


def simulate(
    resting: Sequence[tuple[float, float]],
    corner: int,
    start: tuple[float, float],
    velocity: tuple[float, float],
) -> Result:
    """Flick a disc from `start` on `corner`'s pad with `velocity` (mm/s) among the discs
    resting at `resting`, and run the board until every disc is at rest."""
    return Table(resting, corner, start).run(velocity)
