"""The simulated board: friction, collisions, the hole, the rim, the launch pads, geometry."""

import dataclasses
import math
import random

import pytest

from tabuleiro.games.sonora import physics
from tabuleiro.games.sonora.components import CANYON, MUD, RIVER, RUINS, board

from . import pymunk_reference

MU_G = board().physics.mu_board * board().physics.g


def travel_speed(distance: float) -> float:
    """The speed that slides `distance` mm under Coulomb friction: v = sqrt(2 mu g d)."""
    return math.sqrt(2 * MU_G * distance)


def test_stopping_distance_matches_v_squared_over_2_mu_g() -> None:
    for v in (300.0, 600.0, 1000.0):
        result = physics.simulate([], 3, (-100.0, -40.0), (v, 0.0))
        travelled = result.positions[-1][0] + 100.0
        assert travelled == pytest.approx(v * v / (2 * MU_G), rel=0.03)
        assert result.positions[-1][1] == pytest.approx(-40.0)
        assert result.fates == (physics.ON_BOARD,)


def test_head_on_hit_with_restitution_0_8_leaves_about_100_and_900() -> None:
    # Equal discs 0.5 mm apart, 1000 mm/s: after the hit (1 - e)/2 and (1 + e)/2 of the speed.
    table = physics.Table([(-74.5, -60.0)], 3, (-100.0, -60.0))
    table.set_velocity(1, (1000.0, 0.0))
    table.step()  # the discs meet during this step
    (struck_x, struck_y), (striker_x, striker_y) = table.velocity(0), table.velocity(1)
    table.close()
    assert struck_x == pytest.approx(900, rel=0.02)
    assert striker_x == pytest.approx(100, rel=0.1)
    assert abs(struck_y) < 1e-9 and abs(striker_y) < 1e-9
    result = physics.simulate([(-74.5, -60.0)], 3, (-100.0, -60.0), (1000.0, 0.0))
    assert result.touched
    assert result.positions[0][0] + 74.5 == pytest.approx(900**2 / (2 * MU_G), rel=0.05)


def test_a_slow_disc_stopping_over_the_hole_falls_in() -> None:
    result = physics.simulate([], 3, (-50.0, 0.0), (travel_speed(50.0), 0.0))
    assert result.fates == (physics.IN_HOLE,)


def test_a_fast_disc_crosses_the_hole() -> None:
    result = physics.simulate([], 3, (-80.0, 0.0), (1000.0, 0.0))
    assert result.fates == (physics.ON_BOARD,)
    assert result.positions[-1][0] > 60


def test_a_disc_hanging_on_the_rim_stays_in_play() -> None:
    # § Na mosca!, nota: a disc hanging over the edge of the hole is still on the board.
    result = physics.simulate([], 3, (-66.0, 0.0), (travel_speed(49.0), 0.0))
    x, _ = result.positions[-1]
    assert result.fates == (physics.ON_BOARD,)
    assert board().hole_radius < abs(x) < board().hole_radius + board().disc_radius


def test_a_hard_hit_on_the_rail_leaves_the_board_and_a_soft_one_bounces() -> None:
    hard = physics.simulate([], 3, (0.0, -60.0), (2000.0, 0.0))
    assert hard.fates == (physics.OFF_BOARD,)
    soft = physics.simulate([], 3, (0.0, -60.0), (1200.0, 0.0))
    assert soft.fates == (physics.ON_BOARD,)
    assert soft.positions[-1][0] < 127.5


def test_a_struck_disc_can_be_knocked_off_the_board() -> None:
    # The Ruins corner fires along its diagonal at full strength into a disc near the far pad.
    start = physics.launch_point(0, 0)
    result = physics.simulate([(85.0, -85.0)], 0, start, physics.launch_velocity(0, 0.0, 900))
    assert result.fates[0] == physics.OFF_BOARD
    assert result.fates[1] == physics.ON_BOARD


def test_a_weak_flick_does_not_leave_the_corner() -> None:
    weak = physics.simulate([], 0, physics.launch_point(0, 0), physics.launch_velocity(0, 0.0, 10))
    assert not weak.left_pad and physics.on_pad(0, *weak.positions[-1])
    strong = physics.simulate([], 0, physics.launch_point(0, 0), physics.launch_velocity(0, 0.0, 100))
    assert strong.left_pad and not physics.on_pad(0, *strong.positions[-1])


def test_pad_edges_are_walls_for_discs_on_the_board() -> None:
    # A disc sent into another corner's pad edge bounces back into the recess.
    result = physics.simulate([], 0, physics.launch_point(0, 0), physics.launch_velocity(0, 0.0, 600))
    x, y = result.positions[-1]
    assert result.fates == (physics.ON_BOARD,)
    assert not physics.on_pad(2, x, y)
    assert result.touched


def test_launch_points_keep_the_disc_wholly_on_its_pad() -> None:
    r = board().disc_radius
    limit = physics.launch_limit()
    assert limit == 19
    for corner in range(4):
        for offset in (-limit, 0, limit):
            x, y = physics.launch_point(corner, offset)
            assert abs(x) <= board().half - r + 1e-9 and abs(y) <= board().half - r + 1e-9
            assert physics.pad_depth(corner, x, y) == pytest.approx(-r)


def test_launch_direction_is_relative_to_the_corner() -> None:
    # Angle 0 aims at the centre; a positive angle turns to the thrower's right.
    for corner in range(4):
        vx, vy = physics.launch_velocity(corner, 0.0, 100)
        x, y = physics.launch_point(corner, 0)
        assert vx * -x + vy * -y == pytest.approx(math.hypot(vx, vy) * math.hypot(x, y))
    vx, vy = physics.launch_velocity(0, 45.0, 100)
    assert abs(vx) < 1e-9 and vy < 0, "45 degrees right from the Ruins corner runs towards the Canyon"
    assert math.hypot(*physics.launch_velocity(1, 30.0, 100)) == pytest.approx(travel_speed(100))


def test_majority_zone_is_the_quadrant_of_the_centre() -> None:
    assert physics.zones_of(-5.0, 50.0) == (RUINS,)
    assert physics.zones_of(5.0, 50.0) == (RIVER,)
    assert physics.zones_of(5.0, -50.0) == (MUD,)
    assert physics.zones_of(-5.0, -50.0) == (CANYON,)
    assert physics.zones_of(0.0, 50.0) == (RUINS, RIVER), "exact halves: both zones"


def test_a_disc_touching_a_multiplier_circle_even_by_its_edge() -> None:
    lizard = next(i for i, m in enumerate(board().multipliers) if m.animal == "lizard")
    m = board().multipliers[lizard]
    reach = m.radius + board().disc_radius
    assert physics.multiplier_at(m.x + reach, m.y) == lizard, "touching the printed border counts"
    assert physics.multiplier_at(m.x + reach + 0.01, m.y) == -1


def test_circles_are_far_enough_apart_that_a_disc_touches_at_most_one() -> None:
    circles = board().multipliers
    reach = 2 * (board().disc_radius + circles[0].radius)
    for i, a in enumerate(circles):
        for b in circles[i + 1 :]:
            assert math.hypot(a.x - b.x, a.y - b.y) > reach
        assert a.area not in physics.zones_of(a.x, a.y), "a circle never scores in its host zone"


def test_the_same_flick_gives_the_same_result_bit_for_bit() -> None:
    resting = [(-20.0, -30.0), (35.0, -10.0), (0.0, 60.0), (-70.0, 10.0)]
    start = physics.launch_point(2, 5)
    velocity = physics.launch_velocity(2, 7.5, 420)
    first = physics.simulate(resting, 2, start, velocity)
    second = physics.simulate(list(resting), 2, start, velocity)
    assert first == second
    assert any(track[0] < len(resting) for track in first.frames), "the flick moved a resting disc"


def test_tracks_are_sampled_at_the_frame_rate_until_rest() -> None:
    result = physics.simulate([], 3, (-100.0, -40.0), (1000.0, 0.0))
    ((index, first, xy),) = result.frames
    assert index == 0 and first == 0
    frames = len(xy) // 2
    fps = board().physics.frame_rate
    seconds = 1000.0 / MU_G
    assert abs(frames - seconds * fps) <= 3
    assert (xy[0], xy[1]) == (-100.0, -40.0)
    assert xy[-2] == pytest.approx(result.positions[-1][0], abs=0.1)


def _random_board(rng: random.Random, discs: int) -> list[tuple[float, float]]:
    """`discs` non-overlapping resting centres off the pads, some of them near the hole."""
    b = board()
    out: list[tuple[float, float]] = []
    while len(out) < discs:
        limit = 40.0 if rng.random() < 0.3 else b.half - b.disc_radius - 1.0
        x, y = rng.uniform(-limit, limit), rng.uniform(-limit, limit)
        if (
            all(math.hypot(x - u, y - v) > 2 * b.disc_radius + 0.1 for u, v in out)
            and math.hypot(x, y) > b.hole_radius
            and all(physics.pad_depth(c, x, y) > b.disc_radius for c in range(4))
        ):
            out.append((x, y))
    return out


def test_the_fast_table_matches_pymunk_objects_bit_for_bit() -> None:
    # physics.Table makes pymunk's Chipmunk calls without pymunk's Python objects: every
    # flick, with or without frames, must equal the build from pymunk's objects exactly.
    rng = random.Random(2026)
    fates: set[int] = set()
    knocked = shorter = 0
    for _ in range(120):
        resting = _random_board(rng, rng.randint(0, 19))
        corner = rng.randrange(4)
        start = physics.launch_point(corner, rng.randint(-physics.launch_limit(), physics.launch_limit()))
        velocity = physics.launch_velocity(corner, rng.uniform(-60.0, 60.0), rng.uniform(1.0, 2500.0))
        expected = pymunk_reference.simulate(resting, corner, start, velocity)
        fast = physics.simulate(resting, corner, start, velocity)
        # The reference steps until every disc sleeps; the table stops as soon as none can
        # move again (`physics._at_rest`): the same outcome, in as many steps or fewer.
        assert repr(dataclasses.replace(fast, steps=0)) == repr(dataclasses.replace(expected, steps=0))
        assert fast.steps <= expected.steps
        shorter += fast.steps < expected.steps
        bare = physics.simulate(resting, corner, start, velocity, record=False)
        assert repr(bare) == repr(dataclasses.replace(fast, frames=()))
        fates.update(expected.fates)
        knocked += sum(1 for i, _, _ in expected.frames if i < len(resting))
    assert fates == {physics.ON_BOARD, physics.IN_HOLE, physics.OFF_BOARD}, "every fate was exercised"
    assert knocked > 50, "many flicks moved resting discs"
    assert shorter > 50, "most flicks stopped before every disc slept"
