"""The balance lab's study: configurations, seeds, and figures that follow from the
per-game results the report holds."""

import socket

import pytest
from scipy.stats import binomtest
from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint

from tabuleiro.core import OptionError, SetupError, derive_seed, get_game
from tabuleiro.play import Session
from tabuleiro.sim import lab
from tabuleiro.sim.parallel import BackendError, check_ray_address, run_local, turns_of
from tabuleiro.sim.simulate import SimConfig, simulate

VOLTA = get_game("volta_ao_mundo")


def volta_study(games: int = 6) -> lab.Study:
    return lab.Study(
        game=VOLTA,
        players=(2, 3),
        games=games,
        seed=5,
        bots=("greedy",),
        compare=lab.parse_compare(VOLTA, ["opening=none,reverse"]),
    )


@pytest.fixture(scope="module")
def report() -> dict:
    study = volta_study()
    configs = lab.configurations(study)
    return lab.report(study, configs, run_local(lab.tasks(study, configs), 1))


def test_configurations_cross_player_counts_with_compared_values(report: dict) -> None:
    assert [c["id"] for c in report["configurations"]] == [
        "2p opening=none",
        "2p opening=reverse",
        "3p opening=none",
        "3p opening=reverse",
    ]
    assert [c["options"]["opening"] for c in report["configurations"]] == ["none", "reverse"] * 2
    assert report["command"] == (
        "tabuleiro lab volta_ao_mundo --players 2,3 --games 6 --seed 5 --bots greedy "
        "--compare opening=none,reverse"
    )
    assert [(c["base"], c["other"]) for c in report["comparisons"]] == [
        ("2p opening=none", "2p opening=reverse"),
        ("3p opening=none", "3p opening=reverse"),
    ]


def test_every_configuration_plays_the_same_seeds_as_simulate(report: dict) -> None:
    seeds = [derive_seed(5, i) for i in range(6)]
    for config in report["configurations"]:
        assert [r["seed"] for r in config["results"]] == seeds
    first = report["configurations"][0]
    sim = simulate(SimConfig(VOLTA, 2, 6, 5, first["options"], ("greedy", "greedy")))
    for mine, theirs in zip(first["results"], sim["results"], strict=True):
        assert (mine["scores"], mine["winners"], mine["decisions"]) == (
            theirs["scores"],
            theirs["winners"],
            theirs["decisions"],
        )


def test_intervals_and_tests_follow_from_the_per_game_results(report: dict) -> None:
    for config in report["configurations"]:
        results, summary, players = config["results"], config["summary"], config["players"]
        n = len(results)
        for frame in ("by_seat", "by_position"):
            # turn position 0 is the first player: seat (first_player + position) mod players
            def winners(r: dict, frame: str = frame, players: int = players) -> list[int]:
                shift = r["first_player"] if frame == "by_position" else 0
                return sorted((w - shift) % players for w in r["winners"])

            standing = summary[frame]
            for i, rate in enumerate(standing["win_rate"]):
                wins = sum(i in winners(r) for r in results)
                low, high = proportion_confint(wins, n, alpha=0.05, method="wilson")
                assert (rate["k"], rate["low"], rate["high"]) == (wins, round(low, 6), round(high, 6))
            sole = [sum(winners(r) == [i] for r in results) for i in range(players)]
            assert standing["sole_wins"] == sole
            if players == 2 and sum(sole):
                expected = round(binomtest(sole[0], sum(sole)).pvalue, 6)
                assert standing["no_advantage"]["p_value"] == expected
        ties = sum(len(r["winners"]) > 1 for r in results)
        assert summary["ties"]["k"] == ties
        assert summary["by_seat"]["score"][0]["mean"] == round(sum(r["scores"][0] for r in results) / n, 6)
        first_scores = [r["scores"][r["first_player"]] for r in results]
        assert summary["by_position"]["score"][0]["mean"] == round(sum(first_scores) / n, 6)
    for comparison in report["comparisons"]:
        base = next(c for c in report["configurations"] if c["id"] == comparison["base"])
        other = next(c for c in report["configurations"] if c["id"] == comparison["other"])
        for seat, diff in enumerate(comparison["by_seat"]["win_rate"]):
            k1 = sum(seat in r["winners"] for r in base["results"])
            k2 = sum(seat in r["winners"] for r in other["results"])
            low, high = confint_proportions_2indep(k2, 6, k1, 6, method="newcomb")
            assert (diff["low"], diff["high"]) == (round(low, 6), round(high, 6))


def test_the_first_player_is_the_one_volta_draws() -> None:
    study = lab.Study(game=VOLTA, players=(3,), games=6, seed=2, bots=("greedy",))
    results = run_local(lab.tasks(study, lab.configurations(study)), 1)
    drawn = []
    for r in results:
        session = Session(VOLTA, 3, r["seed"], {}, ("greedy",) * 3)
        session.run_bots()
        drawn.append(VOLTA.view(session.state, None)["first_player"])
    assert [r["first_player"] for r in results] == drawn
    assert len(set(drawn)) > 1


def test_games_where_seat_one_starts_have_positions_equal_to_seats() -> None:
    study = lab.Study(game=get_game("dogs"), players=(3,), games=2, seed=1, bots=("greedy",))
    configs = lab.configurations(study)
    doc = lab.report(study, configs, run_local(lab.tasks(study, configs), 1))
    summary = doc["configurations"][0]["summary"]
    assert all(r["first_player"] == 0 for r in doc["configurations"][0]["results"])
    assert summary["by_position"] == summary["by_seat"]


def test_category_shares_add_up_to_the_scores(report: dict) -> None:
    for config in report["configurations"]:
        shares = config["summary"]["category_share"]
        assert sum(shares.values()) == pytest.approx(1, abs=1e-5)
        for r in config["results"]:
            assert [sum(b.values()) for b in r["breakdown"]] == r["scores"]


def test_a_turn_is_a_run_of_one_seats_decisions() -> None:
    assert turns_of([0, 0, 1, 0, 1, 1]) == 4
    assert turns_of([]) == 0


@pytest.mark.parametrize(
    ("items", "message"),
    [
        (["openings=none,reverse"], "has no option 'openings'"),
        (["opening=none,sideways"], "'sideways' is not allowed"),
        (["opening=reverse"], "two or more different values"),
        (["opening"], "NAME=V1,V2"),
        (["opening=none,reverse", "opening=reverse,none"], "given twice"),
    ],
)
def test_bad_compare(items: list[str], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        lab.parse_compare(VOLTA, items)


def test_a_per_seat_bot_list_must_fit_every_player_count() -> None:
    study = lab.Study(game=VOLTA, players=(2, 3), games=1, seed=0, bots=("greedy", "random"))
    with pytest.raises(SetupError, match="one per seat"):
        lab.configurations(study)


def test_an_unreachable_ray_address_fails_fast() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(BackendError, match=f"no Ray cluster reachable at 127.0.0.1:{port}"):
        check_ray_address(f"127.0.0.1:{port}", timeout=1)
    with pytest.raises(BackendError, match="HOST:PORT"):
        check_ray_address("volta_ao_mundo")


def test_a_search_bot_plays_lab_games_as_simulate_plays_them() -> None:
    avenue = get_game("avenue")
    study = lab.Study(
        game=avenue, players=(2,), games=1, seed=3, bots=("mcts:iterations=3", "greedy"), compare=()
    )
    configs = lab.configurations(study)
    [result] = run_local(lab.tasks(study, configs), 1)
    sim = simulate(SimConfig(avenue, 2, 1, 3, {}, ("mcts:iterations=3", "greedy")))
    assert (result["scores"], result["decisions"]) == (
        sim["results"][0]["scores"],
        sim["results"][0]["decisions"],
    )
