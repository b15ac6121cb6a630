"""Black Angel for AI research: an OpenSpiel game (`blackangel.adapters.openspiel`) and a
PettingZoo environment (`blackangel.adapters.pettingzoo`), both over the engine's chance
mode (interpreter/chance.py) and the game's observations
(interpreter/black_angel/observation.py). They need the `ai` extra
(`pip install 'black-angel-rules[ai]'`); nothing else in the package imports them.
docs/ai.md describes both.

An action of both is an index into the options of the current decision, in the order
the engine lists them (`Engine.decision().options`): action 0 is the first option.
"""

from __future__ import annotations

from ..dsl.compiler import load_shipped
from ..interpreter.black_angel.tables import BlackAngelProgram
from ..interpreter.program import build

_PROGRAMS: dict[str, BlackAngelProgram] = {}


def shipped_program(lang: str = "en") -> BlackAngelProgram:
    """The shipped rules, compiled once per process and language."""
    program = _PROGRAMS.get(lang)
    if program is None:
        built = build(load_shipped(), lang)
        assert isinstance(built, BlackAngelProgram)
        program = _PROGRAMS[lang] = built
    return program
