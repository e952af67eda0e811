"""Optional observation slices (`Encoding.features`): off by default, on when asked by name
through every environment, a strict addition to the default layout, never a rules option."""

from typing import Any

import gymnasium
import pytest

from tabuleiro.core import OptionError, RngStream, get_game
from tabuleiro.rl import env, parallel_env

from .conftest import ENCODED, VARIANTS, variant

WITH_FEATURES = [name for name in VARIANTS if "+" in name]


def test_metro_offers_placements_and_nothing_else_offers_features() -> None:
    assert WITH_FEATURES == ["metro+placements"]


@pytest.mark.parametrize("game_id", ENCODED)
def test_features_are_not_rules_options(game_id: str) -> None:
    game = get_game(game_id)
    encoding = game.encoding()
    assert encoding is not None
    rules = {s.name for s in game.make_options({}).specs()}
    assert not rules & set(encoding.features)
    assert encoding.features_on == frozenset()


@pytest.mark.parametrize("name", WITH_FEATURES)
def test_a_feature_adds_its_slices_after_the_default_layout_and_changes_nothing_before(name: str) -> None:
    game_id, full = variant(name)
    game = get_game(game_id)
    default = game.encoding()
    assert default is not None
    assert full.features_on == frozenset(name.split("+")[1:])
    choose = RngStream(4)
    state = game.new_state(2, 4)
    options = game.options_of(state)
    short, long = default.layout(2, options), full.layout(2, options)
    assert list(long[: len(short)]) == list(short)
    assert [s.name for s in long[len(short) :]] == sorted(full.features_on)
    size = default.size(2, options)
    assert size < full.size(2, options)
    for _ in range(20):
        seat = min(game.to_act(state))
        view = game.view(state, seat)
        assert list(default.observe(view, 2, options)) == list(full.observe(view, 2, options)[:size])
        state = game.apply(state, seat, choose.choice(game.legal_actions(state, seat)))


@pytest.mark.parametrize("game_id", ENCODED)
def test_with_features_refuses_unknown_names_and_non_boolean_values(game_id: str) -> None:
    encoding = get_game(game_id).encoding()
    assert encoding is not None
    with pytest.raises(OptionError, match="unknown encoding feature 'no_such_slice'") as unknown:
        encoding.with_features({"no_such_slice": True})
    assert unknown.value.code == "unknown_option"
    for feature in encoding.features:
        with pytest.raises(OptionError, match="must be True or False"):
            encoding.with_features({feature: 1})
        assert encoding.with_features({feature: False}).features_on == frozenset()
        assert encoding.with_features({feature: True}).features_on == {feature}


def _observation_size(kind: str, **kwargs: Any) -> int:
    """The observation length an environment of `kind` gives for Metro with `kwargs`."""
    if kind == "aec":
        aec = env("metro", 2, **kwargs)
        aec.reset(seed=1)
        return len(aec.observe(aec.agent_selection)["observation"])
    if kind == "parallel":
        par = parallel_env("metro", 2, **kwargs)
        observations, _ = par.reset(seed=1)
        return len(next(iter(observations.values()))["observation"])
    gym = gymnasium.make("tabuleiro/Metro-v0", **kwargs)
    obs, _ = gym.reset(seed=1)
    assert gym.observation_space.shape == (len(obs),)
    return len(obs)


@pytest.mark.parametrize("kind", ["aec", "parallel", "gymnasium"])
def test_environments_take_metro_placements_by_keyword(kind: str) -> None:
    full, default = _observation_size(kind, placements=True), _observation_size(kind)
    assert full - default == 7 * 1024
    assert _observation_size(kind, placements=False) == default
    assert _observation_size(kind, placements=True, companies=True) == full


@pytest.mark.parametrize("kind", ["aec", "parallel", "gymnasium"])
def test_environments_refuse_an_unknown_keyword_naming_options_and_features(kind: str) -> None:
    with pytest.raises(OptionError, match=r"unknown option 'placement'.*placements") as error:
        _observation_size(kind, placement=True)
    assert error.value.code == "unknown_option"
    with pytest.raises(OptionError, match="must be True or False"):
        _observation_size(kind, placements="yes")


def test_openspiel_takes_metro_placements_as_a_parameter() -> None:
    pyspiel = pytest.importorskip(
        "pyspiel", reason="OpenSpiel has no wheel for this platform (the rl extra skips it)"
    )
    from tabuleiro.rl import openspiel

    name = openspiel.short_name("metro")
    assert pyspiel.load_game(name).get_parameters()["placements"] is False
    default = pyspiel.load_game(name, {"players": 2}).new_initial_state()
    full = pyspiel.load_game(name, {"players": 2, "placements": True}).new_initial_state()
    assert len(full.observation_tensor(0)) - len(default.observation_tensor(0)) == 7 * 1024
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game(name, {"placement": True})
