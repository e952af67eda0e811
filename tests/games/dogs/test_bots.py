"""The DOGS greedy bot plays only legal moves, decides sensibly and clearly beats random play."""

from collections.abc import Sequence
from dataclasses import replace

import pytest

from tabuleiro.bots import make_bot
from tabuleiro.core import JsonDict, get_game
from tabuleiro.games.dogs import GAME
from tabuleiro.games.dogs.actions import Lift, Put, Starve
from tabuleiro.games.dogs.components import components
from tabuleiro.games.dogs.state import PHASE_NAMES, DogsOptions, DogsState, Frame
from tabuleiro.sim.simulate import SimConfig, simulate

ARRANGE = PHASE_NAMES.index("arrange")
FEEDING = PHASE_NAMES.index("feed")


def breed(name: str) -> int:
    return components().breed_ids.index(name)


def pen(**dogs: int) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((breed(name), n) for name, n in dogs.items()))


def with_kennel(state: DogsState, seat: int, **changes: object) -> DogsState:
    kennels = list(state.kennels)
    kennels[seat] = replace(kennels[seat], **changes)  # type: ignore[arg-type]
    return replace(state, kennels=tuple(kennels))


def arrange(state: DogsState, seat: int, seed: int = 1) -> DogsState:
    """Let the greedy bot of `seat` place its dogs until it says done."""
    bot = make_bot(GAME, "greedy", seat, seed)
    for _ in range(50):
        decision = GAME.view(state, seat)["decision"]
        if decision is None or decision["kind"] != "arrange" or decision["seat"] != seat:
            return state
        legal = GAME.legal_actions(state, seat)
        action = bot.act(GAME.view(state, seat), legal)
        assert action in legal
        state = GAME.apply(state, seat, action)
    raise AssertionError("the bot did not finish its decision")


def test_greedy_beats_random_from_the_first_seat() -> None:
    summary = simulate(SimConfig(get_game("dogs"), 2, 40, 7, {}, ("greedy", "random")))["summary"]
    assert summary["win_rate"][0] >= 0.8
    assert summary["mean_score"][0] > summary["mean_score"][1] + 20


def test_greedy_beats_random_from_the_second_seat() -> None:
    summary = simulate(SimConfig(get_game("dogs"), 2, 40, 8, {}, ("random", "greedy")))["summary"]
    assert summary["win_rate"][1] >= 0.8
    assert summary["mean_score"][1] > summary["mean_score"][0] + 20


def test_greedy_beats_three_random_players() -> None:
    bots = ("random", "random", "greedy", "random")
    summary = simulate(SimConfig(get_game("dogs"), 4, 15, 9, {}, bots))["summary"]
    assert summary["win_rate"][2] >= 0.7
    assert summary["mean_score"][2] > max(summary["mean_score"][s] for s in (0, 1, 3)) + 20


# Every option value other than the default, one at a time (new options join by themselves).
NON_DEFAULT = [
    {spec.name: value}
    for spec in DogsOptions.specs()
    for value in spec.to_json()["choices"]
    if value != spec.default
]
OPTION_IDS = [",".join(f"{k}={v}" for k, v in o.items()) for o in NON_DEFAULT]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, *NON_DEFAULT], ids=["defaults", *OPTION_IDS])
def test_greedy_plays_only_legal_moves(players: int, options: dict[str, object]) -> None:
    state = GAME.setup(players, 11 * players, GAME.make_options(options))
    names = ["greedy", "random", "greedy", "greedy"][:players]
    bots = [make_bot(GAME, name, seat, 5 + seat) for seat, name in enumerate(names)]
    for _ in range(GAME.max_decisions(players, GAME.make_options(options))):
        if state.finished:
            break
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        action = bots[seat].act(GAME.view(state, seat), legal)
        assert action in legal, (seat, GAME.format_action(action))
        state = GAME.apply(state, seat, action)
        GAME.check_invariants(state)
    assert state.finished
    outcome = GAME.outcome(state)
    assert outcome is not None
    _check_breeds_and_sick(outcome.breakdown, outcome.details, players)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", NON_DEFAULT, ids=OPTION_IDS)
def test_random_and_greedy_play_every_option_value_to_the_end(
    players: int, options: dict[str, object]
) -> None:
    bots = ("greedy", "random", "random", "greedy")[:players]
    result = simulate(SimConfig(get_game("dogs"), players, 3, 20 + players, options, bots))
    assert {k: result["options"][k] for k in options} == options
    assert len(result["results"]) == 3  # `simulate` raises when a game does not finish


def _check_breeds_and_sick(breakdown: Sequence[JsonDict], details: Sequence[JsonDict], players: int) -> None:
    """§ Pontuação final, recounted from each kennel's listed dogs: 2 points per breed with a
    healthy dog (4 with two players), −2 per sick dog in the infirmary."""
    for lines, kennel_ in zip(breakdown, details, strict=True):
        breeds = {name for pen_ in kennel_["pens"] for name in pen_}
        assert lines["breeds"] == len(breeds) * (4 if players == 2 else 2)
        assert lines["sick"] == -2 * len(kennel_["infirmary"])
        assert kennel_["healthy_dogs"] == sum(n for pen_ in kennel_["pens"] for n in pen_.values())


def test_greedy_puts_a_dog_beside_its_pair() -> None:
    state = GAME.setup(2, 3, GAME.make_options({}))
    state = with_kennel(state, 0, pens=(pen(poodle=1), ()), truck=(), infirmary=())
    state = replace(
        state, phase=ARRANGE, queue=(), stack=(Frame("arrange", 0, pool=(breed("poodle"),), lifts=1),)
    )
    legal = GAME.legal_actions(state, 0)
    assert Put(breed("poodle"), 0) in legal and Put(breed("poodle"), 1) in legal
    action = make_bot(GAME, "greedy", 0, 1).act(GAME.view(state, 0), legal)
    assert action == Put(breed("poodle"), 0)


def test_greedy_lifts_dogs_to_regroup_pairs() -> None:
    # Two split pairs: lifting the lone Labrador lets one pen hold both pairs (two pairs, 5
    # points, one pen to feed).
    state = GAME.setup(2, 3, GAME.make_options({}))
    state = with_kennel(state, 0, pens=(pen(poodle=1, labrador=1), pen(labrador=1)), truck=(), infirmary=())
    state = replace(
        state, phase=ARRANGE, queue=(), stack=(Frame("arrange", 0, pool=(breed("poodle"),), lifts=3),)
    )
    first = make_bot(GAME, "greedy", 0, 1).act(GAME.view(state, 0), GAME.legal_actions(state, 0))
    assert first == Lift(breed("labrador"), 1)
    after = arrange(state, 0)
    assert after.kennels[0].pens == (pen(poodle=2, labrador=2), ())


def test_greedy_starves_the_dog_that_costs_least() -> None:
    # One food for two pens: a Pastor Alemão from the pair-and-single pen costs 3 points,
    # a Poodle from the four costs 4, the only Labrador 1 point and its breed.
    state = GAME.setup(2, 3, GAME.make_options({}))
    pens = (pen(poodle=4), pen(labrador=1, pastor_alemao=2))
    state = with_kennel(state, 0, pens=pens, food=1, cards=(), truck=(), infirmary=())
    state = replace(state, phase=FEEDING, queue=(), stack=(Frame("feed", 0),))
    legal = GAME.legal_actions(state, 0)
    assert all(isinstance(a, Starve) for a in legal)
    action = make_bot(GAME, "greedy", 0, 1).act(GAME.view(state, 0), legal)
    assert action == Starve(1, breed("pastor_alemao"))


def test_the_search_candidates_are_the_greedy_bots_choice_and_its_next_best() -> None:
    # Along a greedy match: the search's candidates are legal, start with the move a greedy
    # bot (seed 0) makes, hold up to `SEARCH_WIDTH` of its best at the kinds of decision the
    # search weighs (those it values within `CLOSE` of its choice) and that move alone at the
    # others, and the playout plays that move.
    from random import Random

    from tabuleiro.games.dogs.bots import CLOSE, SEARCH_HINTS, SEARCH_WIDTH, GreedyBot

    assert SEARCH_HINTS.candidates is not None and SEARCH_HINTS.playout is not None
    state = GAME.new_state(2, 5)
    players = {s: make_bot(GAME, "greedy", s, 9 + s) for s in range(2)}
    checked = 0
    widened = 0
    while GAME.to_act(state) and checked < 120:
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        if len(legal) > 1:
            found = SEARCH_HINTS.candidates(state, seat, legal)
            width = SEARCH_WIDTH.get(state.stack[-1].kind, 1)
            assert 1 <= len(found) <= min(width, len(legal)) and len(set(found)) == len(found)
            assert all(a in legal for a in found)
            assert found[0] == GreedyBot(seat, 0).act(GAME.view(state, seat), legal)
            greedy = GreedyBot(seat, 0)
            order = greedy.ranked(GAME.view(state, seat), legal)
            values = {a: v for v, a in greedy.scored}
            assert list(found) == order[: len(found)]
            for action in found[1:]:
                assert values[action] >= values[found[0]] - CLOSE
            if len(found) < min(width, len(legal)):
                assert values.get(order[len(found)], -1e9) < values[found[0]] - CLOSE
            assert SEARCH_HINTS.playout(state, seat, legal, Random(1)) == found[0]
            widened += len(found) > 1
            checked += 1
        state = GAME.apply(state, seat, players[seat].act(GAME.view(state, seat), legal))
    assert checked == 120
    assert widened > 5


def test_ranked_lists_every_legal_action_once() -> None:
    from tabuleiro.games.dogs.bots import GreedyBot

    state = GAME.new_state(2, 6)
    for _ in range(60):
        if not GAME.to_act(state):
            break
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        order = GreedyBot(seat, 0).ranked(GAME.view(state, seat), legal)
        assert sorted(map(GAME.format_action, order)) == sorted(map(GAME.format_action, legal))
        state = GAME.apply(state, seat, order[len(order) // 2])
