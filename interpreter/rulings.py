"""Choosing rulings: defaults, an edition's preset, then the user's NAME=OPTION overrides."""

from __future__ import annotations

from collections.abc import Sequence

from ..dsl.diagnostics import did_you_mean
from ..dsl.errors import ArgumentError
from .program import Program


class RulingError(ArgumentError):
    """An unknown ruling or option, with a hint."""


def resolve(
    data: Program, edition: str | None = None, overrides: Sequence[str] = ()
) -> dict[str, str]:
    """The option of every ruling for a game; `edition`: one of the game's editions."""
    editions = data.game.editions
    if edition is not None and edition not in editions:
        known = ", ".join(editions) or "none"
        raise RulingError(f"unknown edition '{edition}'; editions: {known}")
    chosen = {}
    for name, ruling in data.rulings.items():
        chosen[name] = ruling.editions.get(edition, ruling.default) if edition else ruling.default
    for text in overrides:
        name, sep, option = text.partition("=")
        name, option = name.strip(), option.strip()
        if not sep or not name or not option:
            raise RulingError(f"'{text}' is not NAME=OPTION (e.g. negative_vp=allow)")
        if name not in data.rulings:
            hint = did_you_mean(name, data.rulings) or "see `ba rulings`"
            raise RulingError(f"unknown ruling '{name}'; {hint}")
        options = data.rulings[name].options
        if option not in options:
            hint = did_you_mean(option, options) or "options: " + ", ".join(options)
            raise RulingError(f"ruling {name} has no option '{option}'; {hint}")
        chosen[name] = option
    return chosen
