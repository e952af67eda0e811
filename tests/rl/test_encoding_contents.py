"""What the encodings of DOGS, Volta ao mundo, Sonora and Metro hold, from the rulebooks."""

from dataclasses import replace
from typing import Any

from tabuleiro.core import RngStream, get_game
from tabuleiro.games.metro.actions import Place
from tabuleiro.games.metro.encoding import PLACEMENT_FEATURES
from tabuleiro.rl.spec import EnvSpec


def _slices(game_id: str, players: int, seat: int, seed: int = 1) -> tuple[Any, dict[str, list[float]]]:
    game = get_game(game_id)
    state = game.new_state(players, seed)
    encoding = game.encoding()
    assert encoding is not None
    options = game.options_of(state)
    obs = encoding.observe(game.view(state, seat), players, options)
    return state, {s.name: obs[s.start : s.stop] for s in encoding.layout(players, options)}


def test_dogs_kennels_start_with_the_preparation_resources_and_two_pens_seen_from_each_chair() -> None:
    for seat in (0, 1, 2):
        _, obs = _slices("dogs", 3, seat)
        for k in range(3):  # § Preparação 3: 3 coins, 6 gas, 2 food, 2 medicine; two pens built
            assert obs[f"kennel_{k}_resources"] == [3, 6, 2, 2]
            assert obs[f"kennel_{k}_built"] == [2]
            assert sum(obs[f"kennel_{k}_pens"]) == 0
        assert obs["round"][:1] == [1]


def test_dogs_board_holds_one_token_on_each_of_the_16_spaces() -> None:
    _, obs = _slices("dogs", 2, 0)
    board = obs["board"]
    per_space = [board[16 * s : 16 * (s + 1)] for s in range(16)]
    for space in per_space:  # a dog (breed + kind) or a blocking token (2 players)
        assert sum(space) in (1, 2)
        assert space[15] == 1 or (sum(space[:12]) == 1 and sum(space[12:15]) == 1)
    assert sum(space[15] for space in per_space) <= 6  # 6 blocking tokens in all


def test_volta_draft_shows_the_seat_its_six_cities_and_nobody_elses() -> None:
    _, mine = _slices("volta_ao_mundo", 2, 0)
    _, theirs = _slices("volta_ao_mundo", 2, 1)
    assert mine["phase"] == [1, 0, 0, 0]
    assert sum(mine["hand"]) == 6 and sum(theirs["hand"]) == 6  # § Início do jogo: seis cartas
    assert mine["hand"] != theirs["hand"]
    assert sum(mine["traveller_1_drafted"]) == 0  # the other's draft is not revealed
    assert mine["traveller_0_tableau"][0] == 1  # the starting telegraph card, face A
    assert mine["traveller_0_purse"][2] == 2  # two open places at 0 fame (board.v1.json, designed)


def test_sonora_starts_with_every_disc_in_hand_and_the_deciders_five_flickable() -> None:
    _, obs = _slices("sonora", 2, 0)
    where = [obs["discs_where"][4 * i : 4 * i + 4] for i in range(20)]
    assert sum(w[0] for w in where) == 10  # "recebe os 5 discos dessa cor" (§ Preparação), all in hand
    assert sum(obs["flickable"]) == 5
    assert obs["phase"][0] == 1


def test_metro_heads_start_with_sixteen_lines_each_on_the_edge_squares_and_no_passages() -> None:
    for seat in (0, 1):  # § Preparação 4: with 2 players one takes the odd stations, the other the even
        _, obs = _slices("metro", 2, seat)
        heads = obs["heads"]
        own, own_passages = heads[0::4], heads[1::4]
        others, others_passages = heads[2::4], heads[3::4]
        assert sum(own) == 16 and sum(others) == 16
        assert sum(own_passages) == 0 and sum(others_passages) == 0
        for square in range(64):  # every departure waits on the square beside its edge station
            row, col = divmod(square, 8)
            if 0 < row < 7 and 0 < col < 7:
                assert own[square] == 0 and others[square] == 0


def test_metro_heads_move_with_a_line_that_a_tile_extends() -> None:
    game = get_game("metro")
    state = game.new_state(2, 4)
    encoding = game.encoding()
    assert encoding is not None
    options = game.options_of(state)
    layout = {s.name: s for s in encoding.layout(2, options)}
    heads = layout["heads"]
    while game.outcome(state) is None:
        seat = min(game.to_act(state))
        state = game.apply(state, seat, game.legal_actions(state, seat)[0])
        view = game.view(state, 0)
        obs = encoding.observe(view, 2, options)[heads.start : heads.stop]
        waiting = [line for line in view["lines"] if line["end"] is None and line["owner"] is not None]
        # each open line is counted once, with its passages, on the square its head waits at
        assert sum(obs[0::4]) + sum(obs[2::4]) == len(waiting)
        passages = sum(line["tiles"] + line["central_tiles"] for line in waiting)
        assert sum(obs[1::4]) + sum(obs[3::4]) == passages
        if passages:
            break
    assert passages > 0


def test_metro_placements_foretell_each_legal_placement() -> None:
    """Each legal placement's features match what applying it does: the points each side scores
    (§ Pontuação), the lines it extends and closes, and the change of the seat's shaping
    potential."""
    game = get_game("metro")
    encoding = EnvSpec.make("metro", 2, {"placements": True}, "score").encoding
    choose = RngStream(3)
    checked = 0
    for players, seed in ((2, 3), (3, 5)):
        spec = EnvSpec.make("metro", players, {}, "score")
        state = game.new_state(players, seed)
        options = game.options_of(state)
        placements = {s.name: s for s in encoding.layout(players, options)}["placements"]
        while game.outcome(state) is None:
            seat = min(game.to_act(state))
            view = game.view(state, seat)
            obs = encoding.observe(view, players, options)[placements.start : placements.stop]
            before = spec.shaping_potential(state, seat)
            legal = encoding.legal_indices(view, game.legal_actions(state, seat))
            for index, action in legal.items():
                if not isinstance(action, Place):
                    continue
                after_state = game.apply(state, seat, action)
                after = game.view(after_state, seat)
                got = dict(zip(PLACEMENT_FEATURES, obs[7 * index : 7 * index + 7], strict=True))
                own = view["scores"][seat]
                assert got["own_points"] == after["scores"][seat] - own
                assert got["others_points"] == sum(after["scores"]) - sum(view["scores"]) - got["own_points"]
                closed = [
                    b["owner"]
                    for a, b in zip(view["lines"], after["lines"], strict=True)
                    if a["end"] is None and b["end"]
                ]
                assert got["own_closed"] == sum(1 for o in closed if o == seat)
                assert got["others_closed"] == sum(1 for o in closed if o is not None and o != seat)
                moved = [
                    b["owner"]
                    for a, b in zip(view["lines"], after["lines"], strict=True)
                    if a["end"] is None
                    and b["owner"] is not None
                    and b["tiles"] + b["central_tiles"] > a["tiles"] + a["central_tiles"]
                ]
                assert got["own_extended"] + got["own_closed"] == sum(1 for o in moved if o == seat)
                assert got["others_extended"] + got["others_closed"] == sum(1 for o in moved if o != seat)
                potential = spec.shaping_potential(after_state, seat)
                assert before is not None and potential is not None
                assert abs(got["potential_change"] - (potential - before)) < 1e-9
                checked += 1
            state = game.apply(state, seat, choose.choice(list(legal.values())))
    assert checked > 100


def test_metro_central_wagons_are_shown_per_seat_from_the_observer() -> None:
    """§ Expansão 2: each player has one central wagon; the slice keeps the layout's length
    (it once took one number per seat, shortening the observation) and counts seats from the
    observer, as every other per-seat slice does."""
    game = get_game("metro")
    encoding = game.encoding()
    assert encoding is not None
    state = replace(game.new_state(3, 1, {"central_stations": True}), central_wagons=(True, False, True))
    options = game.options_of(state)
    wagons = {s.name: s for s in encoding.layout(3, options)}["central_wagons"]
    obs = encoding.observe(game.view(state, 1), 3, options)
    assert len(obs) == encoding.size(3, options)
    assert list(obs[wagons.start : wagons.stop]) == [0, 1, 1, 0, 0, 0, 0, 0]
