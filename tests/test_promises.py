"""The language promises only what the engine runs: every primitive and counter a game's
vocabulary offers has an implementation, a feasibility check where it can fail, and a
text; every variant the rules declare is one the game module plays."""

import pytest

from blackangel.dsl import games
from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter.program import build

# each registered game, with rules it runs (the engine's own procedure, `rules_only`, runs
# Dice Race, Sky Regatta and Bossin' Space, games registered as folders of rules)
GAMES = {
    "black_angel": [],
    "rules_only": ["examples/dice_race"],
    "dice_race": ["examples/dice_race"],
    "sky_regatta": ["examples/sky_regatta"],
    "bossin_space": ["games/bossin_space"],
}


@pytest.fixture(scope="module", params=sorted(GAMES))
def program(request):
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    paths = [root / p for p in GAMES[request.param]]
    result = compile_paths(paths or None)
    assert result.ruleset is not None and not result.errors
    assert result.ruleset.game is games.load(request.param)
    return build(result.ruleset)


def test_every_game_in_the_registry_is_checked_here():
    assert set(games.available()) == set(GAMES)


def test_every_primitive_has_an_implementation_a_check_and_a_text(program):
    missing = []
    for name, prim in program.vocabulary.primitives.items():
        if not prim.template:
            missing.append(f"{name}: no template")
        if prim.counter:
            if name not in program.counters:
                missing.append(f"{name}: a counter nothing counts")
            continue
        implementation = program.primitives.get(name)
        if implementation is None:
            missing.append(f"{name}: no implementation")
        elif prim.can_fail and implementation.can is None:
            missing.append(f"{name}: can fail, but has no feasibility check")
    assert missing == []


def test_nothing_is_implemented_that_the_language_cannot_say(program):
    """An implementation without a word in the vocabulary would be dead code."""
    words = set(program.vocabulary.primitives)
    assert set(program.primitives) <= words
    assert set(program.counters) <= words


def test_every_declared_variant_is_played(program):
    """A game module plays its own variants; the engine's own procedure plays a variant
    through the cards that belong to it (ba-lint warns of one that none does)."""
    if program.game.name == "rules_only":
        played = {card.variant for card in program.cards.values()} - {None}
    else:
        played = set(program.game.variants)
    assert set(program.variants) == played
