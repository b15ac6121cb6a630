"""The project's own exceptions: one family, so a program that uses the API can catch
`EngineError` and know that anything else is a bug.

Each error keeps the built-in class it has always had as a second base (a bad ruling is
still a ValueError), so code that caught those goes on working. The errors live where
they are raised; this module holds the root and the errors that several parts share:

    EngineError
    ├── UsageError       a bad path, option or file given to a command (dsl/loader.py)
    ├── UnknownGame      no game module of that name (dsl/games.py)
    ├── ArgumentError    a bad argument to the Python API: seed, player count, rulings
    │   ├── RulingError      an unknown ruling or option (interpreter/rulings.py)
    │   └── VariantError     a variant the rules do not declare (interpreter/arguments.py)
    ├── StateError       a saved state that does not fit the game (interpreter/state_check.py)
    ├── ReplayError      a replay that does not reproduce its game (interpreter/replay.py)
    │   └── UnusableReplay   a file that is not a replay these rules can play
    ├── ScenarioError    a scenario file that cannot be used (interpreter/scenario.py)
    ├── IllegalOption    an answer that is not among the legal options (interpreter/engine.py)
    └── RulesError       rules that cannot be played as written: a rule set with errors,
                         or a game that loops without a decision (interpreter/engine.py)
"""

from __future__ import annotations


class EngineError(Exception):
    """The root of every exception the project raises on purpose."""


class ArgumentError(EngineError, ValueError):
    """A bad argument to the Python API (the seed, the player count, a ruling, a variant)."""


class StateError(EngineError, ValueError):
    """A saved game state that is not a state of this game: wrong shape, wrong values, or
    cards and tiles that are missing, unknown or in two places."""


class RulesError(EngineError, RuntimeError):
    """Rules that cannot be played as written: the rule set has errors, or the game ran
    too long without a decision (the linter refuses such rules; see ba-lint)."""
