"""The flick simulation built from pymunk's Python objects, as it was before the fast table.

`physics.Table` builds the same Chipmunk space through pymunk's cffi binding and must give the
same result bit for bit; this straightforward build is the reference it is tested against.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pymunk

from tabuleiro.games.sonora.components import board, corner_frame
from tabuleiro.games.sonora.physics import (
    DISC_TYPE,
    HOLE_TYPE,
    IN_HOLE,
    OFF_BOARD,
    ON_BOARD,
    PAD_TYPE,
    RAIL_TYPE,
    Result,
    _pad_bit,
    _track,
    on_pad,
)


def resting_positions(bodies: Sequence[pymunk.Body]) -> list[tuple[float, float]]:
    """The centres of `bodies` as plain pairs."""
    return [(b.position.x, b.position.y) for b in bodies]


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


def simulate(
    resting: Sequence[tuple[float, float]],
    corner: int,
    start: tuple[float, float],
    velocity: tuple[float, float],
) -> Result:
    """The reference flick: a fresh space of pymunk objects, frames recorded."""
    return Table(resting, corner, start).run(velocity)
