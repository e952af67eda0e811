"""Sonora's bots: the aiming bot beats random flicks, and plays every kind of decision."""

from tabuleiro.core import derive_seed
from tabuleiro.games.sonora import GAME, physics
from tabuleiro.games.sonora.actions import Flick
from tabuleiro.games.sonora.bots import CORNER_NAMES, AimBot
from tabuleiro.play import Session


def test_aiming_bot_beats_random_clearly() -> None:
    wins, margin = 0.0, 0
    for i in range(6):
        session = Session(GAME, 2, derive_seed(11, i), {"rounds": 5}, ["aim", "random"])
        session.run_bots()
        outcome = GAME.outcome(session.state)
        assert outcome is not None
        wins += (0 in outcome.winners) / len(outcome.winners)
        margin += outcome.scores[0] - outcome.scores[1]
    assert wins >= 5
    assert margin / 6 > 40


def test_aiming_bot_plays_a_solo_round_with_a_shaky_hand() -> None:
    state = GAME.new_state(1, 5, {"hand_noise": "shaky", "advanced": True})
    bot = AimBot(0, 7)
    while state.round == 0:
        legal = GAME.legal_actions(state, 0)
        state = GAME.apply(state, 0, bot.act(GAME.view(state, 0), legal))
    assert state.desks[0].sheet != GAME.new_state(1, 5).desks[0].sheet, "it scored something"


def test_aimed_flick_lands_where_the_bot_predicted() -> None:
    # No noise: the bot runs the engine's own physics, so the disc rests where the simulator said.
    state = GAME.new_state(2, 3)
    view = GAME.view(state, 0)
    action = AimBot(0, 1).act(view, GAME.legal_actions(state, 0))
    assert isinstance(action, Flick)
    corner = CORNER_NAMES.index(view["corners"][0])
    velocity = physics.launch_velocity(corner, action.angle / 10, action.distance)
    predicted = physics.simulate([], corner, physics.launch_point(corner, action.offset), velocity)
    assert predicted.fates == (physics.ON_BOARD,)
    after = GAME.apply(state, 0, action)
    d = action.disc.number - 1
    assert after.where[d] == 1, "on the board"
    assert after.pos[d] == predicted.positions[0]


def test_aiming_bot_never_aims_for_a_flick_that_stays_on_the_corner() -> None:
    # § Mais regras para piparotar: a flick that does not leave the corner is repeated as often
    # as it takes; the bot must not loop on repeats. After a person's failed flick, and in the
    # solo round where the bot used to aim a blocked flick that stayed on the corner (its 14th),
    # every flick it chooses leaves the corner.
    state = GAME.apply(GAME.new_state(2, 3), 0, GAME.parse_action("flick 1 0 0 5"))
    assert GAME.view(state, 0)["decision"]["repeats"] == 1
    action = AimBot(0, 1).act(GAME.view(state, 0), GAME.legal_actions(state, 0))
    state = GAME.apply(state, 0, action)
    assert state.flight is not None and state.flight.left_pad
    session = Session(GAME, 1, 2, {"rounds": 5}, ["aim"])
    flicks = 0
    while session.state.round == 0:
        legal = GAME.legal_actions(session.state, 0)
        action = session.bots[0].act(GAME.view(session.state, 0), legal)
        session.act(0, action)
        if isinstance(action, Flick):
            flicks += 1
            flight = session.state.flight
            assert flight is not None and flight.left_pad, f"flick {flicks} stayed on the corner"
    assert flicks == 15
