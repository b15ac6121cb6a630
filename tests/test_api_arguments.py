"""The Python API checks its arguments: Engine.new_game refuses a bad seed, a player count
the rules do not support, an unknown ruling or option and an unknown variant with an
exception of the project's own family, before anything is set up."""

from __future__ import annotations

import pytest

from blackangel.dsl.compiler import load_shipped
from blackangel.dsl.errors import ArgumentError, EngineError
from blackangel.interpreter.arguments import VariantError
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.program import build
from blackangel.interpreter.rulings import RulingError


@pytest.fixture(scope="module")
def data():
    return build(load_shipped())


@pytest.mark.parametrize("seed", ["1", 1.5, None, True, [1], 2.0])
def test_a_seed_must_be_a_whole_number(data, seed):
    with pytest.raises(ArgumentError, match="seed must be a whole number"):
        Engine.new_game(data, 3, seed)


@pytest.mark.parametrize("players", [0, -1, 5, 99, "3", 3.0, "1", None, True])
def test_a_player_count_the_rules_do_not_support(data, players):
    with pytest.raises(ArgumentError, match="can be played by 1, 2, 3, 4 players"):
        Engine.new_game(data, players, 1)


def test_one_player_is_the_solo_game_against_hal(data):
    # players=1 once set up a solo game without the solo opponent; the rules allow it
    # now, with Hal (content/hal.ba)
    assert 1 in data.player_counts()
    engine = Engine.new_game(data, 1, 1)
    assert engine.state["hal"] is not None and len(engine.state["players"]) == 1


@pytest.mark.parametrize(
    "rulings, message",
    [
        ({"no_such_ruling": "x"}, "unknown ruling 'no_such_ruling'"),
        ({"negative_vp": "no_such_option"}, "ruling negative_vp has no option"),
        ({"negative_vp": 1}, "ruling negative_vp has no option 1"),
        ({"negative_vp": None}, "has no option None"),
        ({"negative_vp": ["allow"]}, "has no option"),
        (["negative_vp=allow"], "rulings must map ruling names to options"),
        ("negative_vp=allow", "rulings must map ruling names to options"),
    ],
)
def test_unknown_rulings_and_options(data, rulings, message):
    with pytest.raises(RulingError, match=message):
        Engine.new_game(data, 3, 1, rulings)


@pytest.mark.parametrize(
    "variants, message",
    [
        (["basic"], "no variant 'basic'"),
        ("advanced", "variants must be a list of names"),
        (5, "variants must be a list of names"),
        ([None], "variants must be names"),
        ([["advanced"]], "variants must be names"),
    ],
)
def test_unknown_variants(data, variants, message):
    with pytest.raises(VariantError, match=message):
        Engine.new_game(data, 3, 1, variants=variants)


def test_the_rules_must_be_built(data):
    with pytest.raises(ArgumentError, match="built Program"):
        Engine.new_game(load_shipped(), 3, 1)


def test_every_refusal_is_a_black_angel_error_and_a_value_error(data):
    for call in (
        lambda: Engine.new_game(data, 0, 1),
        lambda: Engine.new_game(data, 3, "x"),
        lambda: Engine.new_game(data, 3, 1, {"x": "y"}),
        lambda: Engine.new_game(data, 3, 1, variants=["x"]),
    ):
        with pytest.raises(EngineError) as err:
            call()
        assert isinstance(err.value, ValueError)


def test_good_arguments_still_work(data):
    a = Engine.new_game(data, 2, 10**30, {"negative_vp": data.rulings["negative_vp"].default})
    b = Engine.new_game(data, 4, -3, variants=("advanced", "advanced"))
    assert a.state["seed"] == 10**30 and b.state["variants"] == ["advanced"]
