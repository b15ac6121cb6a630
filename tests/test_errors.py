"""One family of exceptions: every error the project raises on purpose derives from
EngineError, and keeps the built-in base it had (a bad ruling is still a ValueError)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import blackangel.adapters
import blackangel.cli
import blackangel.dsl
import blackangel.interpreter
import blackangel.web
from blackangel.dsl.errors import ArgumentError, EngineError, RulesError, StateError
from blackangel.dsl.games import UnknownGame
from blackangel.dsl.loader import UsageError
from blackangel.interpreter.arguments import VariantError
from blackangel.interpreter.engine import IllegalOption
from blackangel.interpreter.replay import ReplayError
from blackangel.interpreter.rulings import RulingError
from blackangel.interpreter.scenario import ScenarioError

# exceptions that never leave the module that raises them
# (ChanceNeeded: a draw in chance mode asks its adapter for an outcome, interpreter/chance.py)
INTERNAL = {"PathMissing", "_NumberTooLong", "Timeout", "ChanceNeeded"}


def _modules():
    packages = (blackangel.dsl, blackangel.interpreter, blackangel.cli)
    for package in (*packages, blackangel.web, blackangel.adapters):
        yield package
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            yield importlib.import_module(info.name)


def test_every_exception_class_of_the_project_is_a_black_angel_error():
    outside = []
    for module in _modules():
        for name, value in vars(module).items():
            if (
                inspect.isclass(value)
                and issubclass(value, BaseException)
                and value.__module__ == module.__name__
                and name not in INTERNAL
                and not issubclass(value, EngineError)
            ):
                outside.append(f"{module.__name__}.{name}")
    assert outside == []


@pytest.mark.parametrize(
    "error, builtin",
    [
        (UsageError, Exception),
        (UnknownGame, LookupError),
        (ArgumentError, ValueError),
        (RulingError, ValueError),
        (VariantError, ValueError),
        (StateError, ValueError),
        (ReplayError, ValueError),
        (ScenarioError, ValueError),
        (IllegalOption, Exception),
        (RulesError, RuntimeError),
    ],
)
def test_each_error_keeps_its_builtin_base(error, builtin):
    assert issubclass(error, EngineError) and issubclass(error, builtin)


def test_ruling_and_variant_errors_are_argument_errors():
    assert issubclass(RulingError, ArgumentError) and issubclass(VariantError, ArgumentError)
