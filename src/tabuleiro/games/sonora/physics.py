"""The board's geometry and the flick simulation (pymunk, deterministic).

Top-down 2D: discs slide on the recessed board under Coulomb friction (a constant
deceleration μg, Chipmunk's pivot-and-gear pattern), bounce off each other and off the
rails, and come to rest. Every flick builds a fresh space from the state's disc positions in
a fixed order and steps it with a fixed time step, so the same record replays to the same
positions bit for bit (same platform, same pymunk). ``shared/research/sonora.md`` §4.2-4.3
gives the model; the constants live in ``data/board.v1.json``.

A space is never reused: Chipmunk numbers shapes with a per-space counter that orders its
broad phase, and sleeping bodies keep their contacts and joints their accumulated impulses,
so a reused space would not replay a record identically. A fresh one is cheap instead: `Table`
builds it through pymunk's cffi binding, without pymunk's Python objects.

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
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from pymunk._chipmunk_cffi import ffi, lib

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
    px, py, ux, uy, edge = _pad_line(corner)
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
            rounded to 0.1 mm) up to its rest or its removal; empty when not recorded.
        steps: physics steps taken (a whole number of frames: the run stops on the first
            frame where no disc can move again).
    """

    positions: tuple[tuple[float, float], ...]
    fates: tuple[int, ...]
    left_pad: bool
    touched: bool
    frames: tuple[tuple[int, int, tuple[float, ...]], ...]
    steps: int


_ALL = 0xFFFFFFFF  # pymunk's ShapeFilter.ALL_CATEGORIES() and ALL_MASKS()
_ZERO_HOLDER = ffi.new("cpVect *")  # (0, 0), passed by value without converting a tuple
_ZERO = _ZERO_HOLDER[0]


@dataclass(frozen=True, slots=True)
class _Constants:
    """Material values, computed as the pymunk build computes them."""

    e_disc: float  # the disc's elasticity: Chipmunk multiplies the two shapes' values
    f_disc: float
    e_rail: float  # rails and pad edges, so that disc x rail gives the board's value
    f_rail: float
    friction_force: float  # the pivot joint's cap: Coulomb friction μ m g


@cache
def _constants() -> _Constants:
    b = board()
    p = b.physics
    e_disc, f_disc = math.sqrt(p.restitution_disc), math.sqrt(p.friction_disc)
    return _Constants(
        e_disc, f_disc, p.restitution_rail / e_disc, p.friction_rail / f_disc, p.mu_board * b.disc_mass * p.g
    )


@cache
def _edges() -> tuple[tuple[tuple[float, float], tuple[float, float], int, tuple[int, int, int] | None], ...]:
    """(end, end, collision type, filter) of the four rails, then the four pads' edges: each
    pad edge is in its corner's category, which the disc launched from it ignores."""
    b = board()
    h, rr = b.half + b.physics.rail_radius, b.physics.rail_radius
    corners = ((-h, -h), (h, -h), (h, h), (-h, h))
    out: list[tuple[tuple[float, float], tuple[float, float], int, tuple[int, int, int] | None]] = [
        (corners[i], corners[(i + 1) % 4], RAIL_TYPE, None) for i in range(4)
    ]
    for c, (sx, sy) in enumerate(b.corner_signs):
        (cx, cy), (ux, uy), _ = corner_frame(c)
        a = (cx - sx * b.pad_leg - rr * ux, cy - rr * uy)
        z = (cx - rr * ux, cy - sy * b.pad_leg - rr * uy)
        out.append((a, z, PAD_TYPE, _filter(categories=_pad_bit(c))))
    return tuple(out)


def _filter(categories: int = _ALL, mask: int = _ALL) -> tuple[int, int, int]:
    """A Chipmunk shape filter (group, categories, mask), as `pymunk.ShapeFilter` makes it."""
    return (0, categories, mask)


@cache
def _pad_line(corner: int) -> tuple[float, float, float, float, float]:
    """(point x, y, towards-centre x, y, pad edge distance) of `corner`: `pad_depth`, and the
    flick's launch check, which inlines it."""
    (px, py), (ux, uy), _ = corner_frame(corner)
    return px, py, ux, uy, board().pad_leg / math.sqrt(2.0)


@dataclass(frozen=True, slots=True)
class _Build:
    """What a table's construction passes to Chipmunk, computed once, vectors and filters as
    cffi structs (a tuple argument is converted again on every call)."""

    holder: Any  # owns the structs below
    edges: tuple[tuple[Any, Any, int, Any], ...]  # `_edges`: ends, collision type, filter or None
    rail_radius: float
    e_rail: float
    f_rail: float
    hole_radius: float  # the sensor's: the hole less a disc's radius
    disc_mass: float
    disc_radius: float
    e_disc: float
    f_disc: float
    friction_force: float
    iterations: int
    sleep_time: float
    rest_speed: float
    escape_speed: float
    capture_speed: float


@cache
def _build() -> _Build:
    b = board()
    p = b.physics
    k = _constants()
    edges = _edges()
    ends = ffi.new("cpVect[]", [v for a, z, _, _ in edges for v in (a, z)])
    filters = ffi.new("cpShapeFilter[]", [f if f is not None else _filter() for _, _, _, f in edges])
    return _Build(
        holder=(ends, filters),
        edges=tuple(
            (ends[2 * i], ends[2 * i + 1], kind, filters[i] if f is not None else None)
            for i, (_, _, kind, f) in enumerate(edges)
        ),
        rail_radius=p.rail_radius,
        e_rail=k.e_rail,
        f_rail=k.f_rail,
        hole_radius=b.hole_radius - b.disc_radius,
        disc_mass=b.disc_mass,
        disc_radius=b.disc_radius,
        e_disc=k.e_disc,
        f_disc=k.f_disc,
        friction_force=k.friction_force,
        iterations=p.iterations,
        sleep_time=p.sleep_time,
        rest_speed=p.rest_speed,
        escape_speed=p.escape_speed,
        capture_speed=b.capture_speed,
    )


class Table:
    """One flick's Chipmunk space, built fresh so that a flick depends only on its inputs:
    the resting discs in order, then the flicked one.

    It is built through pymunk's own cffi binding (`pymunk._chipmunk_cffi`) with the very
    Chipmunk calls, in the same order, that pymunk's `Space`, `Body`, `Circle`, `Segment` and
    `PivotJoint` make, but without their Python wrappers: those cost about 13 µs an object,
    more than the whole simulation of a short flick. The Chipmunk objects are freed by `close`
    (`run` calls it). `tests/games/sonora/pymunk_reference.py` keeps the build from pymunk's
    objects, and the tests check the two give the same results bit for bit.
    """

    def __init__(
        self, resting: Sequence[tuple[float, float]], corner: int, start: tuple[float, float]
    ) -> None:
        k = _build()
        self.space: Any = None
        self.corner = corner
        self._handle: Any = ffi.new_handle(self)
        self._statics: list[Any] = []
        self.bodies: list[Any] = []
        self.shapes: list[Any] = []
        self.pivots: list[Any] = []
        self.space = space = lib.cpSpaceNew()
        lib.cpSpaceSetIterations(space, k.iterations)
        lib.cpSpaceSetSleepTimeThreshold(space, k.sleep_time)
        lib.cpSpaceSetIdleSpeedThreshold(space, k.rest_speed)
        self.static = static = lib.cpBodyNewStatic()
        lib.cpSpaceAddBody(space, static)
        self._add_statics(k)
        self._add_discs(k, (*resting, start))
        bodies, pivots = self.bodies, self.pivots
        self.fates = [ON_BOARD] * len(bodies)
        self.live = list(range(len(bodies)))
        # (body, friction pivot) of the discs in play, the flicked disc first: see `_at_rest`.
        self.awake = [(bodies[-1], pivots[-1]), *zip(bodies[:-1], pivots[:-1], strict=True)]
        self._pending: list[int] = []
        self.touched = False
        self.escape = k.escape_speed
        self.capture = k.capture_speed
        self._handler(DISC_TYPE, RAIL_TYPE, begin=_RAIL)
        self._handler(DISC_TYPE, PAD_TYPE, begin=_RAIL)
        self._handler(DISC_TYPE, DISC_TYPE, begin=_TOUCH)
        self._handler(DISC_TYPE, HOLE_TYPE, pre_solve=_HOLE)

    def _add_statics(self, k: _Build) -> None:
        """The rails and pad edges, then the hole's sensor, on the static body."""
        space, static, statics = self.space, self.static, self._statics
        segment_new, add_shape = lib.cpSegmentShapeNew, lib.cpSpaceAddShape
        set_elasticity, set_friction = lib.cpShapeSetElasticity, lib.cpShapeSetFriction
        set_type, set_filter = lib.cpShapeSetCollisionType, lib.cpShapeSetFilter
        rail_radius, e_rail, f_rail = k.rail_radius, k.e_rail, k.f_rail
        for a, z, kind, shape_filter in k.edges:
            edge = segment_new(static, a, z, rail_radius)
            set_elasticity(edge, e_rail)
            set_friction(edge, f_rail)
            set_type(edge, kind)
            if shape_filter is not None:
                set_filter(edge, shape_filter)
            add_shape(space, edge)
            statics.append(edge)
        hole = lib.cpCircleShapeNew(static, k.hole_radius, _ZERO)
        lib.cpShapeSetSensor(hole, True)
        lib.cpShapeSetCollisionType(hole, HOLE_TYPE)
        add_shape(space, hole)
        statics.append(hole)

    def _add_discs(self, k: _Build, centres: Sequence[tuple[float, float]]) -> None:
        """A body, circle and friction pivot per disc, in order (the calls are bound once:
        this loop is most of a table's construction)."""
        mass, radius, force = k.disc_mass, k.disc_radius, k.friction_force
        e_disc, f_disc = k.e_disc, k.f_disc
        space, static = self.space, self.static
        body_new, set_position = lib.cpBodyNew, lib.cpBodySetPosition
        circle_new, pivot_new = lib.cpCircleShapeNew, lib.cpPivotJointNew2
        set_elasticity, set_friction = lib.cpShapeSetElasticity, lib.cpShapeSetFriction
        set_type = lib.cpShapeSetCollisionType
        set_max_bias, set_max_force = lib.cpConstraintSetMaxBias, lib.cpConstraintSetMaxForce
        add_body, add_shape = lib.cpSpaceAddBody, lib.cpSpaceAddShape
        add_constraint = lib.cpSpaceAddConstraint
        bodies, shapes, pivots = self.bodies, self.shapes, self.pivots
        inf, zero = math.inf, _ZERO
        for centre in centres:
            body = body_new(mass, inf)
            set_position(body, centre)
            shape = circle_new(body, radius, zero)
            set_elasticity(shape, e_disc)
            set_friction(shape, f_disc)
            set_type(shape, DISC_TYPE)
            pivot = pivot_new(static, body, zero, zero)
            set_max_bias(pivot, 0.0)
            set_max_force(pivot, force)
            add_body(space, body)
            add_shape(space, shape)
            add_constraint(space, pivot)
            bodies.append(body)
            shapes.append(shape)
            pivots.append(pivot)

    def _handler(self, a: int, b: int, begin: Any = None, pre_solve: Any = None) -> None:
        handler = lib.cpSpaceAddCollisionHandler(self.space, a, b)
        if begin is not None:
            handler.beginFunc = begin
        if pre_solve is not None:
            handler.preSolveFunc = pre_solve
        handler.userData = self._handle

    def close(self) -> None:
        """Free the space and everything built for it (idempotent)."""
        if self.space is None:
            return
        lib.cpSpaceFree(self.space)
        self.space = None
        _consume(map(lib.cpConstraintFree, self.pivots))
        _consume(map(lib.cpShapeFree, self.shapes))
        _consume(map(lib.cpShapeFree, self._statics))
        _consume(map(lib.cpBodyFree, self.bodies))
        lib.cpBodyFree(self.static)
        self._handle = None  # the handle keeps the table alive: without it, no cycle is left

    def __del__(self) -> None:
        # A table built and never run (tests step one by hand) still frees its C memory.
        self.close()

    def step(self) -> None:
        """One physics step (tests drive single steps)."""
        lib.cpSpaceStep(self.space, board().physics.dt)

    def velocity(self, i: int) -> tuple[float, float]:
        """Disc `i`'s velocity (mm/s)."""
        v = lib.cpBodyGetVelocity(self.bodies[i])
        return v.x, v.y

    def set_velocity(self, i: int, velocity: tuple[float, float]) -> None:
        """Give disc `i` a velocity (mm/s)."""
        lib.cpBodySetVelocity(self.bodies[i], velocity)

    def _bodies_of(self, arbiter: Any) -> tuple[Any, Any]:
        """The arbiter's two bodies, in its handler's collision-type order (the disc first),
        read from the arbiter's fields as `cpArbiterGetBodies` reads them (without the call:
        the hole's check runs on every step a disc is over it)."""
        if arbiter.swapped:
            return arbiter.body_b, arbiter.body_a
        return arbiter.body_a, arbiter.body_b

    def _touch(self, arbiter: Any) -> None:
        if not self.touched:
            a, b = self._bodies_of(arbiter)
            flicked = self.bodies[-1]
            self.touched = bool(a == flicked or b == flicked)

    def _rail(self, arbiter: Any) -> None:
        self._touch(arbiter)
        body, _ = self._bodies_of(arbiter)
        n = lib.cpArbiterGetNormal(arbiter)
        v = lib.cpBodyGetVelocity(body)
        if abs(v.x * n.x + v.y * n.y) > self.escape:
            self._take_out(self.bodies.index(body), OFF_BOARD)
            lib.cpArbiterSetProcessCollision(arbiter, False)

    def _hole(self, arbiter: Any) -> None:
        body, _ = self._bodies_of(arbiter)
        v = lib.cpBodyGetVelocity(body)
        if math.sqrt(v.x**2 + v.y**2) < self.capture:
            self._take_out(self.bodies.index(body), IN_HOLE)

    def _take_out(self, i: int, fate: int) -> None:
        """Disc `i` leaves play with `fate`: it is removed from the space as this step ends.

        Chipmunk runs post-step callbacks at the very end of `cpSpaceStep`, with the space
        unlocked, so the removal happens exactly where a check after each step would make it
        (one callback per step, keyed by the table: the discs go in the order they left).
        """
        if self.fates[i] == ON_BOARD:
            self.fates[i] = fate
            self._pending.append(i)
            lib.cpSpaceAddPostStepCallback(self.space, _REMOVE, self._handle, self._handle)

    def _remove_pending(self) -> None:
        space = self.space
        for i in self._pending:
            body = self.bodies[i]
            lib.cpSpaceRemoveBody(space, body)
            lib.cpSpaceRemoveShape(space, self.shapes[i])
            lib.cpSpaceRemoveConstraint(space, self.pivots[i])
            self.live.remove(i)
            self.awake.remove((body, self.pivots[i]))
        self._pending.clear()

    def run(self, velocity: tuple[float, float], record: bool = True) -> Result:
        """Flick the last disc with `velocity` and step until every disc rests; then `close`.

        Recording the frames (`record`) costs time that bots and playouts need not spend;
        it never changes the outcome.
        """
        try:
            return self._run(velocity, record)
        finally:
            self.close()

    def _run(self, velocity: tuple[float, float], record: bool) -> Result:
        p = board().physics
        space, bodies, shapes = self.space, self.bodies, self.shapes
        last = len(bodies) - 1
        flicked = bodies[last]
        lib.cpShapeSetFilter(shapes[last], _launch_filter(self.corner))
        initial = [_position(body) for body in bodies] if record else []
        _consume(map(lib.cpBodySleep, bodies[:last]))
        lib.cpBodySetVelocity(flicked, velocity)
        every, limit = _frame_steps()
        dt = p.dt
        px, py, ux, uy, edge = _pad_line(self.corner)
        reach = board().disc_radius - EPS  # on_pad, inlined: it runs on launch steps
        launching = True
        frames: dict[int, tuple[int, list[float]]] = {last: (0, [*initial[last]])} if record else {}
        fates, live, awake = self.fates, self.live, self.awake
        cp_step, position = lib.cpSpaceStep, lib.cpBodyGetPosition
        spaces, dts = [space] * every, [dt] * every  # one frame's cpSpaceStep arguments
        # The flicked disc ignores its pad's edges until it is wholly off the pad, checked after
        # every step; the first steps, too few for it to get off at any speed it can have, run
        # unchecked (`_launch_steps`).
        checked = _launch_steps(px, py, ux, uy, edge, reach, velocity, dt, *_position(flicked))
        _consume(map(cp_step, spaces[:checked], dts[:checked]))
        step = 0
        while step < limit:
            # One frame's worth of steps; the frame check below is the only place the loop stops.
            if launching:
                for taken in range(checked + 1, every + 1):
                    cp_step(space, dt)
                    q = position(flicked)
                    if fates[last] != ON_BOARD or not (q.x - px) * ux + (q.y - py) * uy - edge < reach:
                        launching = False
                        lib.cpShapeSetFilter(shapes[last], _filter())
                        _consume(map(cp_step, spaces[taken:], dts[taken:]))
                        break
                checked = 0
            else:
                # Nothing to check between these steps: removals run as post-step callbacks.
                _consume(map(cp_step, spaces, dts))
            step += every
            if record and not _record(bodies, live, frames, initial, step // every):
                break
            if _at_rest(awake):
                break
        return Result(
            positions=tuple([(q.x, q.y) for q in map(position, bodies)]),
            fates=tuple(fates),
            left_pad=not launching,
            touched=self.touched,
            frames=tuple((i, first, _track(xy)) for i, (first, xy) in sorted(frames.items())),
            steps=step,
        )


_BIAS_SPEED = 200.0  # mm/s: more than Chipmunk's overlap correction moves a disc in a step
_LAUNCH_MARGIN = 0.5  # mm: room for rounding in the unchecked launch steps


def _launch_steps(
    px: float,
    py: float,
    ux: float,
    uy: float,
    edge: float,
    reach: float,
    velocity: tuple[float, float],
    dt: float,
    x: float,
    y: float,
) -> int:
    """Steps (at most a frame's) after which the flicked disc, starting at (x, y), cannot
    yet be wholly off its pad (`pad_depth` below `reach`).

    No collision gives it more speed than the flick (restitution at most 1; the pad edges it
    could bounce on are ignored): the bound allows half as much again, and Chipmunk's overlap
    correction, and keeps a margin for rounding.
    """
    stride = (1.5 * math.hypot(*velocity) + _BIAS_SPEED) * dt
    depth = (x - px) * ux + (y - py) * uy - edge
    return min(_frame_steps()[0], max(0, int((reach - _LAUNCH_MARGIN - depth) / stride)))


def _at_rest(awake: list[tuple[Any, Any]]) -> bool:
    """True when no disc can move again, so that more steps would change nothing.

    Each disc in play is asleep, or awake but still: its velocity exactly zero, its friction
    pivot holding no impulse (Chipmunk starts each step with the last one's) and no contact
    on it. Such a disc's next step adds zero to its position and leaves its velocity zero;
    nothing moving can touch a sleeping disc, so none wakes. Stopping here instead of
    waiting for Chipmunk to put the still discs to sleep gives the same positions and fates
    bit for bit (the tests compare with running until every disc sleeps).
    """
    for body, pivot in awake:
        if lib.cpBodyIsSleeping(body):
            continue
        v = lib.cpBodyGetVelocity(body)
        if v.x or v.y or lib.cpConstraintGetImpulse(pivot) or _touching(body):
            return False
    return True


def _touching(body: Any) -> bool:
    """Whether `body` has a contact this step (Chipmunk lists contacts with any body, static or
    asleep, on both bodies)."""
    count = ffi.new("int *")
    lib.cpBodyEachArbiter(body, _COUNT_CONTACT, count)
    return bool(count[0])


def _count_contact(_body: Any, _arbiter: Any, data: Any) -> None:
    ffi.cast("int *", data)[0] += 1


_COUNT_CONTACT = ffi.callback("cpBodyArbiterIteratorFunc", _count_contact)


# Runs an iterator to its end without a Python loop.
_consume: Callable[[Iterable[Any]], None] = deque(maxlen=0).extend


@cache
def _frame_steps() -> tuple[int, int]:
    """(steps a frame, the step limit): the loop stops only on a frame."""
    p = board().physics
    every = max(1, round(1.0 / (p.frame_rate * p.dt)))
    limit = round(p.max_time / p.dt)
    assert limit % every == 0, "the step limit falls on a frame"
    return every, limit


@cache
def _launch_filter(corner: int) -> tuple[int, int, int]:
    """The flicked disc's filter while it is on its pad: it ignores that pad's edges."""
    return _filter(mask=_ALL ^ _pad_bit(corner))


def _record(
    bodies: list[Any],
    live: list[int],
    frames: dict[int, tuple[int, list[float]]],
    initial: list[tuple[float, float]],
    frame: int,
) -> bool:
    """Append this frame's position of every disc that moved so far; True if one is awake."""
    moving = False
    for i in live:
        body = bodies[i]
        if not lib.cpBodyIsSleeping(body):
            moving = True
            if i not in frames:
                frames[i] = (frame - 1, [*initial[i]])
        if i in frames:
            q = lib.cpBodyGetPosition(body)
            frames[i][1].extend((q.x, q.y))
    return moving


def _position(body: Any) -> tuple[float, float]:
    q = lib.cpBodyGetPosition(body)
    return q.x, q.y


# C callbacks calling the table in the handler's data.


def _on_rail(arbiter: Any, _space: Any, data: Any) -> None:
    ffi.from_handle(data)._rail(arbiter)


def _on_touch(arbiter: Any, _space: Any, data: Any) -> None:
    ffi.from_handle(data)._touch(arbiter)


def _on_hole(arbiter: Any, _space: Any, data: Any) -> None:
    ffi.from_handle(data)._hole(arbiter)


def _after_step(_space: Any, _key: Any, data: Any) -> None:
    ffi.from_handle(data)._remove_pending()


_RAIL = ffi.callback("cpCollisionBeginFunc", _on_rail)
_TOUCH = ffi.callback("cpCollisionBeginFunc", _on_touch)
_HOLE = ffi.callback("cpCollisionPreSolveFunc", _on_hole)
_REMOVE = ffi.callback("cpPostStepFunc", _after_step)


def _track(xy: list[float]) -> tuple[float, ...]:
    """Positions rounded to 0.1 mm, without the frames spent waiting at rest at the end."""
    out = [round(v, 1) for v in xy]
    while len(out) > 2 and out[-2:] == out[-4:-2]:
        del out[-2:]
    return tuple(out)


def simulate(
    resting: Sequence[tuple[float, float]],
    corner: int,
    start: tuple[float, float],
    velocity: tuple[float, float],
    record: bool = True,
) -> Result:
    """Flick a disc from `start` on `corner`'s pad with `velocity` (mm/s) among the discs
    resting at `resting`, and run the board until every disc is at rest. With `record`
    false the result has no frames (same positions, fates and steps)."""
    return Table(resting, corner, start).run(velocity, record)
