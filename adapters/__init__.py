"""The games for AI research: an OpenSpiel game (`blackangel.adapters.openspiel`) and a
PettingZoo environment (`blackangel.adapters.pettingzoo`) for every registered game
with rules of its own (the default game's shipped content, or a game registered as a
folder of rules: dsl/games.py), both over the engine's chance mode
(interpreter/chance.py) and the game's observation (`Game.observation`: the game's own,
or the generic one of interpreter/observation.py). They need the `ai` extra
(`pip install 'black-angel-rules[ai]'`); nothing else in the package imports them.
docs/ai.md describes both.

An action of both is an index into the options of the current decision, in the order
the engine lists them (`Engine.decision().options`): action 0 is the first option.
"""

from __future__ import annotations

from ..dsl import games
from ..dsl.compiler import compile_paths, load_shipped
from ..dsl.errors import ArgumentError, RulesError
from ..interpreter.program import Program, build

DEFAULT = games.default()  # the game an adapter plays when none is named: the registry's
_PROGRAMS: dict[tuple[str, str], Program] = {}


def playable() -> list[str]:
    """The registered games that have rules of their own (a game module that only runs
    rules others give, as the engine's own procedure, has none)."""
    return [
        name
        for name in games.available()
        if games.rules_folder(name) is not None or name == games.default()
    ]


def program(game: str = DEFAULT, lang: str = "en") -> Program:
    """A game's rules, compiled once per process and language."""
    key = (game, lang)
    found = _PROGRAMS.get(key)
    if found is None:
        if game not in playable():
            known = ", ".join(playable())
            raise ArgumentError(f"no game '{game}' with rules of its own; games: {known}")
        folder = games.rules_folder(game)
        if folder is None:
            ruleset = load_shipped()
        else:
            result = compile_paths([folder])
            if result.ruleset is None or result.errors:
                raise RulesError(f"the rules of {game} do not compile: {result.errors[:1]}")
            ruleset = result.ruleset
        found = _PROGRAMS[key] = build(ruleset, lang)
    return found


def name_of(data: Program) -> str:
    """The registered name of a game's compiled rules (those `program` returned)."""
    for (name, _lang), built in _PROGRAMS.items():
        if built is data:
            return name
    raise LookupError("these rules were not compiled by the adapters")
