"""The registry of games: which game module a rule set is written for.

A rule set names its game module in its `game` declaration (`module NAME`;
without it, the default game: the one whose game object says `default`). Game modules
are found through the entry-point group `blackangel.games`, so an installed package
adds a game without touching this one:

    [project.entry-points."blackangel.games"]
    my_game = "my_package.game:GAME"

An entry point may also name a package with no game object, whose folder holds the
`.ba` files of a game written only in the language: the game is then the game module
those rules name (`module rules_only`: the engine's own procedure), and `rules_folder` gives
the folder, so that a command or an adapter can load the game by its name:

    my_rules = "my_package.my_rules"

`register` adds a game object directly (for tests and notebooks).

The language side needs only three things of a game module, listed in
`GameModule`; the interpreter's `Game` (interpreter/game.py) has them and more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from . import ast
from .diagnostics import Diagnostic, did_you_mean, suggestion
from .errors import EngineError
from .i18n import N_, Msg, Names
from .loader import load as read_rules
from .meta import Vocabulary

if TYPE_CHECKING:
    from .checker import Decl

GROUP = "blackangel.games"


class GameModule(Protocol):
    name: str
    vocabulary: Vocabulary
    default: bool  # the game of rules that name no game module
    # lint rules of the game: declarations by kind -> diagnostics
    checks: tuple[Callable[[dict[str, list[Decl]]], list[Diagnostic]], ...]


class UnknownGame(EngineError, LookupError):
    def __init__(self, name: str, known: Iterable[str]):
        self.name = name
        self.known = sorted(known)
        hint = did_you_mean(name, self.known) or "known games: " + ", ".join(self.known)
        super().__init__(f"unknown game module '{name}'; {hint}")
        self.hint = hint


_registered: dict[str, Any] = {}
_loaded: dict[str, Any] = {}
_folders: dict[str, Path] = {}  # games written only in the language: their rules


def register(game: Any) -> None:
    """Make a game object available by its name (replaces an earlier one of that name)."""
    _registered[game.name] = game
    _loaded.pop(game.name, None)


def available() -> list[str]:
    """Names of every game that can be loaded."""
    return sorted({ep.name for ep in entry_points(group=GROUP)} | set(_registered))


def load(name: str) -> Any:
    """The game module of that name; UnknownGame if none is installed or registered."""
    if name in _registered:
        return _registered[name]
    if name not in _loaded:
        found = [ep for ep in entry_points(group=GROUP) if ep.name == name]
        if not found:
            raise UnknownGame(name, available())
        loaded = found[0].load()
        if isinstance(loaded, ModuleType):  # a package of rules: its folder holds them
            _folders[name] = Path(str(loaded.__file__)).parent
            loaded = load(_named_module(_folders[name]))
        _loaded[name] = loaded
    return _loaded[name]


def rules_folder(name: str) -> Path | None:
    """The folder of rules of a game registered as a package of `.ba` files (None: a
    game module, whose rules are given or shipped apart)."""
    load(name)
    return _folders.get(name)


def _named_module(folder: Path) -> str:
    """The game module that the rules in a folder name."""
    return module_name(read_rules([folder]).files)[0]


def default() -> str:
    """The name of the default game: the first that says it is (`default`), of those
    registered, then of those installed; UnknownGame if none does. Games are loaded in
    that order until one says so."""
    for game in _registered.values():
        if game.default:
            return game.name
    for name in sorted({ep.name for ep in entry_points(group=GROUP)}):
        if load(name).default:
            return name
    raise UnknownGame("(default)", available())


def module_name(files: list[ast.SourceFile]) -> tuple[str, ast.Span | None]:
    """The game module a rule set names, and where it names it (None: the default)."""
    for source in files:
        for item in source.items:
            if item.key != "game":
                continue
            for child in item.children or ():
                if child.key == "module" and child.values and child.values[0].kind == "name":
                    return str(child.values[0].value), child.values[0].span
    return default(), None


def for_files(files: list[ast.SourceFile]) -> tuple[Any | None, list[Diagnostic]]:
    """The game module of a rule set, or None with a diagnostic saying why."""
    name, span = module_name(files)
    try:
        return load(name), []
    except UnknownGame as exc:
        hint = suggestion(name, exc.known) or Msg(
            N_("known games: {names}"), {"names": Names(tuple(exc.known), quoted=False)}
        )
        return None, [
            Diagnostic.of("E106", span, N_("unknown game module '{name}'"), hint, name=name)
        ]
