"""One bot-spec syntax everywhere a bot name is accepted."""

from __future__ import annotations

import pytest

from tabuleiro.bots import MctsBot, bot_spec, ladder, make_bot
from tabuleiro.cli.app import main
from tabuleiro.core import SetupError, get_game
from tabuleiro.play import Session, parse_seats


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("mcts", "mcts"),
        ("MCTS:Seconds=5", "mcts:seconds=5"),
        ("bot:mcts:iterations=400", "mcts:iterations=400"),
        ("mcts:c=1.5:iterations=20", "mcts:c=1.5:iterations=20"),
        ("greedy", "greedy"),
    ],
)
def test_specs_are_read_into_one_canonical_form(text: str, canonical: str) -> None:
    assert bot_spec(get_game("avenue"), text).text == canonical


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("mcts:seconds=-1", "bad_bot_spec"),
        ("mcts:seconds=0", "bad_bot_spec"),
        ("mcts:foo=1", "bad_bot_spec"),
        ("mcts:iterations=2.5", "bad_bot_spec"),
        ("mcts:iterations=0", "bad_bot_spec"),
        ("mcts:iterations", "bad_bot_spec"),
        ("mcts:iterations=5:iterations=6", "bad_bot_spec"),
        ("mcts:seconds=nan", "bad_bot_spec"),
        ("greedy:depth=2", "bad_bot_spec"),
        ("genius", "unknown_bot"),
        ("aim", "unknown_bot"),
    ],
)
def test_bad_specs_raise_one_typed_error(text: str, code: str) -> None:
    with pytest.raises(SetupError) as info:
        bot_spec(get_game("avenue"), text)
    assert info.value.code == code
    assert "\n" not in str(info.value)


def test_parameters_reach_the_bot() -> None:
    game = get_game("metro")
    bot = make_bot(game, "mcts:iterations=7:c=1.25", 1, 3)
    assert isinstance(bot, MctsBot)
    assert (bot.budget.iterations, bot.budget.seconds, bot.searcher.exploration) == (7, None, 1.25)
    timed = make_bot(game, "mcts:seconds=5", 0, 3)
    assert isinstance(timed, MctsBot) and timed.budget.seconds == 5


def test_seats_keep_the_canonical_spec_in_the_record() -> None:
    game = get_game("avenue")
    assert parse_seats(game, 2, ["human", "bot:MCTS:Iterations=9"]) == ("human", "mcts:iterations=9")
    session = Session(game, 2, 1, None, ["mcts:iterations=3", "greedy"])
    session.run_bots()
    assert session.finished
    assert session.record.seats == ("bot:mcts:iterations=3", "bot:greedy")


def test_the_ladder_of_every_game_climbs_from_random_to_the_long_search() -> None:
    assert ladder(get_game("avenue")) == ["random", "greedy", "mcts", "mcts:seconds=5"]
    assert ladder(get_game("sonora")) == ["random", "aim", "mcts", "mcts:seconds=5"]


@pytest.mark.parametrize("spec", ["mcts:seconds=-1", "mcts:foo=1"])
@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "avenue", "--games", "1", "--bots"],
        ["play", "avenue", "--seat"],
    ],
)
def test_cli_refuses_a_bad_spec_in_one_line_with_exit_2(
    argv: list[str], spec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main([*argv, spec])
    assert done.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("tabuleiro: ") and "mcts" in err[0]
