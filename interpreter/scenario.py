"""Scenarios: a set-up position, a few choices, and what must be true afterwards.

A scenario is a TOML file (format in docs/scenarios.md): `players`, `seed`,
optional `auto` and `[rulings]`, `[[set]]` overrides applied to the freshly set-up
state, `[[step]]` choices (a step may also apply overrides, `[[step.set]]`, or play
on to a turn, `until_turn`) and `[[expect]]` assertions. `load` reads and checks a file
(raising ScenarioError for anything unusable); `run` plays it and returns a
ScenarioResult whose `failures` say, readably, what differed.

Overrides keep every card and tile in exactly one place: a card or tile named
in a value is taken out of the pile where it lay (the game's state layout,
interpreter/piles.py, or the piles its scenario forms list), the first pile of that
layout that holds one; and one that a value replaces goes back home (the bottom of
its deck or stack), to its discard pile or out of play. So a game whose cards come in
alike copies keeps its count of each. A game adds its own convenient forms
(`[[set]] player = 1` with a `dice` list, `at` a hex for Black Angel) through
`Game.scenarios`.
"""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..dsl.diagnostics import did_you_mean
from ..dsl.errors import ArgumentError, EngineError, StateError
from .agents import RandomAgent
from .engine import Engine
from .files import MAX_DEPTH, read_text
from .files import depth as nesting
from .piles import Pile, pile_of, places
from .program import Program
from .rulings import RulingError, resolve
from .state_check import check_references, check_shape


class ScenarioError(EngineError, ValueError):
    """A scenario file that cannot be used (syntax, structure, unknown names)."""


@dataclass
class ScenarioResult:
    name: str
    file: str
    status: str = "pass"  # pass | fail | error
    failures: list[str] = field(default_factory=list)
    steps_run: int = 0
    engine: Engine | None = field(default=None, repr=False)  # the game as the scenario left it

    @property
    def passed(self) -> bool:
        return self.status == "pass"

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "file": self.file,
            "status": self.status,
            "steps_run": self.steps_run,
            "failures": self.failures,
        }


TOP_KEYS = {
    "name",
    "description",
    "players",
    "seed",
    "auto",
    "variants",
    "rulings",
    "set",
    "step",
    "expect",
}
STEP_KEYS = {
    "choose",
    "choose_label",
    "player",
    "legal",
    "not_legal",
    "expect",
    "note",
    "set",
    "until_turn",
    "agent",
    "agent_seed",
}
ACTIONS = ("choose", "choose_label", "legal", "not_legal", "set", "until_turn")  # what a step does
AGENTS = ("first", "random")  # how `until_turn` answers: the first option, or at random
MAX_DECISIONS = 100_000  # `until_turn` gives up after so many answers
EXPECT_KEYS = {
    "path",
    "player",
    "equals",
    "contains",
    "count",
    "where",
    "note",
    "legal",
    "not_legal",
}
EVENT_RESERVED = {"event", "count", "note"}
FROZEN = {
    "version",
    "content_hash",
    "seed",
    "rng",
    "rulings",
    "stack",
    "pending",
    "log",
    "auto_answer",
    "winners",
}
NONE = "none"  # TOML has no null: the string "none" stands for an empty space
PUSHED_OUT = ("home", "discarded", "removed")  # where a card or tile a value replaces goes
MAX_SCENARIO_BYTES = 1024 * 1024  # the largest scenario shipped is under 4 KB


# ---- reading ---------------------------------------------------------------------
def load(path: str | Path) -> dict:
    """Read a scenario file; ScenarioError if it is missing, not TOML, or malformed."""
    path = Path(path)
    text = read_text(path, "a scenario file", ScenarioError, MAX_SCENARIO_BYTES)
    if nesting(text) > MAX_DEPTH:  # tomllib recurses into nested arrays and inline tables
        raise ScenarioError(f"'{path}' is not a scenario file: nested deeper than {MAX_DEPTH}")
    try:
        scenario = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"'{path}' is not valid TOML: {exc}") from exc
    except (ValueError, RecursionError) as exc:  # an integer of 4,300 digits or more
        raise ScenarioError(f"'{path}' is not a scenario file: a number far too large") from exc
    scenario.setdefault("name", path.stem)
    check_structure(scenario)
    return scenario


def unknown_keys(table: dict, allowed: set, where: str) -> None:
    for key in table:
        if key not in allowed:
            hint = did_you_mean(key, sorted(allowed))
            raise ScenarioError(f"{where}: unknown key '{key}'" + (f"; {hint}" if hint else ""))


def _is_table_list(value) -> bool:
    return isinstance(value, list) and all(isinstance(v, dict) for v in value)


def check_structure(scenario: dict) -> None:
    """The shape of the file, before any game exists (a table it does not know may be the
    game's own: `start` checks those)."""
    unknown_keys(
        {k: v for k, v in scenario.items() if not isinstance(v, dict)}, TOP_KEYS, "scenario"
    )
    for key in ("players", "seed"):
        if key not in scenario:
            raise ScenarioError(f"scenario: '{key}' is missing (e.g. {key} = 3)")
        if not isinstance(scenario[key], int) or isinstance(scenario[key], bool):
            raise ScenarioError(f"scenario: '{key}' must be a whole number")
    variants = scenario.get("variants", [])
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise ScenarioError('scenario: variants must be a list of names, e.g. ["advanced"]')
    if not isinstance(scenario.get("auto", True), bool):
        raise ScenarioError("scenario: 'auto' must be true or false")
    if not isinstance(scenario.get("rulings", {}), dict):
        raise ScenarioError('scenario: [rulings] must be a table of NAME = "OPTION"')
    for key in ("set", "step", "expect"):
        if not _is_table_list(scenario.get(key, [])):
            raise ScenarioError(f"scenario: '{key}' must be written as [[{key}]] tables")
    for i, entry in enumerate(scenario.get("set", []), 1):
        _check_set(entry, f"set {i}")
    for i, step in enumerate(scenario.get("step", []), 1):
        unknown_keys(step, STEP_KEYS, f"step {i}")
        if "choose" in step and "choose_label" in step:
            raise ScenarioError(f"step {i}: use either 'choose' or 'choose_label', not both")
        if not any(k in step for k in ACTIONS):
            raise ScenarioError(
                f"step {i}: needs 'choose', 'choose_label', 'legal', 'not_legal', 'set' "
                "or 'until_turn'"
            )
        _check_types(step, f"step {i}")
        _check_until(step, f"step {i}")
        if not _is_table_list(step.get("set", [])):
            raise ScenarioError(f"step {i}: 'set' must be written as [[step.set]] tables")
        for j, entry in enumerate(step.get("set", []), 1):
            _check_set(entry, f"step {i} set {j}")
        if not _is_table_list(step.get("expect", [])):
            raise ScenarioError(f"step {i}: 'expect' must be written as [[step.expect]] tables")
        for j, expect in enumerate(step.get("expect", []), 1):
            _check_expect(expect, f"step {i} expect {j}")
    for i, expect in enumerate(scenario.get("expect", []), 1):
        _check_expect(expect, f"expect {i}")


def _check_until(step: dict, where: str) -> None:
    """`until_turn = N` (a turn, from 1), with `agent` and `agent_seed` only beside it."""
    if "until_turn" not in step:
        for key in ("agent", "agent_seed"):
            if key in step:
                raise ScenarioError(f"{where}: '{key}' only goes with 'until_turn'")
        return
    turn = step["until_turn"]
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
        raise ScenarioError(f"{where}: 'until_turn' must be a turn number (1, 2, ...)")
    if step.get("agent", AGENTS[0]) not in AGENTS:
        raise ScenarioError(f'{where}: \'agent\' must be "first" or "random"')
    seed = step.get("agent_seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScenarioError(f"{where}: 'agent_seed' must be a whole number")
    if "agent_seed" in step and step.get("agent") != "random":
        raise ScenarioError(f"{where}: 'agent_seed' only goes with agent = \"random\"")


def _check_set(entry: dict, where: str) -> None:
    """One override table: which form it is, and the keys that form allows."""
    forms = [f for f in ("path", "at", "remove") if f in entry]
    if len(forms) > 1:
        raise ScenarioError(f"{where}: use only one of 'path', 'at' or 'remove'")
    if entry.get("pushed_out", "home") not in PUSHED_OUT:
        raise ScenarioError(f'{where}: \'pushed_out\' must be "home", "discarded" or "removed"')
    if "path" in entry:
        unknown_keys(entry, {"path", "value", "top", "pushed_out", "note"}, where)
        if ("value" in entry) == ("top" in entry):
            raise ScenarioError(f"{where}: 'path' needs a 'value' or a 'top', one of them")
        top = entry.get("top", [])
        if not isinstance(top, list) or not all(isinstance(i, str) for i in top):
            raise ScenarioError(f'{where}: top must be a list of cards, e.g. ["shot", "laser"]')
        if "top" in entry and "pushed_out" in entry:
            raise ScenarioError(f"{where}: 'top' pushes nothing out; drop 'pushed_out'")
    elif "at" in entry:
        pass  # the game's own form (ScenarioForms.place_at) checks its keys
    elif "remove" in entry:
        unknown_keys(entry, {"remove", "note"}, where)
        items = entry["remove"]
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise ScenarioError(f'{where}: remove must be a list of cards or tiles, e.g. ["m005"]')
    elif "player" not in entry:
        raise ScenarioError(
            f"{where}: needs 'path' + 'value', 'player' + fields, 'at' (a hex) or 'remove'"
        )


def _check_types(table: dict, where: str) -> None:
    for key in ("choose", "choose_label", "path", "event", "note"):
        if key in table and not isinstance(table[key], str):
            raise ScenarioError(f"{where}: '{key}' must be a string")
    for key in ("legal", "not_legal"):
        value = table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ScenarioError(f"{where}: '{key}' must be a list of option ids")
    if "player" in table and (not isinstance(table["player"], int) or table["player"] is True):
        raise ScenarioError(f"{where}: 'player' must be a player number (1, 2, ...)")


def _check_expect(expect: dict, where: str) -> None:
    _check_types(expect, where)
    count = expect.get("count")
    if count is not None and (not isinstance(count, int) or isinstance(count, bool) or count < 0):
        raise ScenarioError(f"{where}: 'count' must be a whole number (0 or more)")
    if "event" in expect:
        return
    unknown_keys(expect, EXPECT_KEYS, where)
    if "path" in expect:
        if sum(k in expect for k in ("equals", "contains", "count")) != 1:
            raise ScenarioError(
                f"{where}: 'path' needs exactly one of 'equals', 'contains' or 'count'"
            )
        if "where" in expect and "count" not in expect:
            raise ScenarioError(f"{where}: 'where' only goes with 'count'")
        if "where" in expect and (not isinstance(expect["where"], dict) or not expect["where"]):
            raise ScenarioError(f"{where}: 'where' must be a table of fields, e.g. {{ owner = 0 }}")
    elif not any(k in expect for k in ("legal", "not_legal")):
        raise ScenarioError(f"{where}: needs 'path', 'event', 'legal' or 'not_legal'")
    elif any(k in expect for k in ("equals", "contains", "count", "where")):
        raise ScenarioError(f"{where}: 'equals', 'contains', 'count' and 'where' need a 'path'")


# ---- paths ---------------------------------------------------------------------
def split_path(text: object) -> list:
    if not isinstance(text, str) or not text or any(not p for p in text.split(".")):
        raise ScenarioError(f"'{text}' is not a path (e.g. players.0.storage.debris)")
    return [int(p) if p.isdigit() else p for p in text.split(".")]


def _fmt(path) -> str:
    return ".".join(str(p) for p in path)


def _matches(pattern: str, path) -> bool:
    parts = pattern.split(".")
    return len(parts) == len(path) and all(p == "*" or p == str(q) for p, q in zip(parts, path))


class PathMissing(LookupError):
    pass


def get_path(state, path):
    node = state
    for depth, key in enumerate(path):
        where = _fmt(path[: depth + 1])
        if isinstance(node, list):
            if not isinstance(key, int) or not 0 <= key < len(node):
                raise PathMissing(f"{where}: no index {key} (the list has {len(node)} items)")
            node = node[key]
        elif isinstance(node, dict):
            if str(key) not in node:
                known = ", ".join(sorted(map(str, node))[:12]) or "nothing"
                raise PathMissing(f"{where}: no key '{key}' (there: {known})")
            node = node[str(key)]
        else:
            raise PathMissing(f"{where}: {_fmt(path[:depth]) or 'state'} is not a list or table")
    return node


# ---- card and tile bookkeeping ---------------------------------------------------
def layout(data: Program) -> tuple[Pile, ...]:
    """The piles where a scenario finds cards and tiles, in the order it takes them from:
    the game's state layout, or its scenario forms' when that layout lists none."""
    return data.game.piles or data.game.scenarios.piles


def _ids(data: Program) -> dict[str, list[str]]:
    """The ids of the cards and tiles, by kind, that the piles of `layout` hold."""
    items = data.game.scenarios.items
    return data.items() if items is None else items(data)


def kind_of(data: Program, value: str) -> str | None:
    """The kind of card or tile an id names, or None."""
    for kind, ids in _ids(data).items():
        if value in ids:
            return kind
    return None


def _holds(pile: Pile, kind: str) -> bool:
    return kind in pile.holds.split("|")


def known_ids_hint(data: Program, value: str) -> str:
    everything = [i for ids in _ids(data).values() for i in ids]
    instances = sorted(i for i in everything if i.split("#")[0] == value and i != value)
    if instances:
        return f"; name one copy: {', '.join(instances)}"
    hint = did_you_mean(value, everything)
    return f"; {hint}" if hint else ""


def _check_ids(data: Program, path, value, where: str) -> None:
    """Every string that lands in a card or tile pile must name a card or tile of that kind."""
    if isinstance(value, list):
        for i, v in enumerate(value):
            _check_ids(data, [*path, i], v, where)
        return
    if isinstance(value, dict):
        for k, v in value.items():
            _check_ids(data, [*path, k], v, where)
        return
    if not isinstance(value, str) or value == NONE:
        return
    pile = pile_of(layout(data), path)
    if pile is None or pile.kind_at is not None:
        return
    kind = kind_of(data, value)
    if kind is None:
        raise ScenarioError(
            f"{where}: no card or tile '{value}' (at {_fmt(path)}){known_ids_hint(data, value)}"
        )
    if not _holds(pile, kind):
        holder = _fmt(path[:-1])
        raise ScenarioError(f"{where}: '{value}' is a {kind}, but {holder} holds {pile.holds}s")


def ids_in(value) -> list[str]:
    if isinstance(value, list):
        return [i for v in value for i in ids_in(v)]
    if isinstance(value, dict):
        return [i for v in value.values() for i in ids_in(v)]
    return [value] if isinstance(value, str) else []


def counts(data: Program, state: dict) -> Counter:
    """How many copies of each card and tile lie in the piles of the state."""
    return Counter(item for _, _, item, _ in places(state, layout(data)))


def take_out(data: Program, state: dict, item: str, target, where: str) -> None:
    """Remove one copy of a card or tile from the first pile of the layout that holds one
    (not from under `target`; with `target` None, from wherever it is; only from the
    piles the game's scenario forms say a value takes from, when they say)."""
    sources = data.game.scenarios.takes_from
    for path, _, value, pile in places(state, layout(data)):
        if value != item or (target is not None and path[: len(target)] == target):
            continue
        if sources and pile.path not in sources:
            continue
        if pile.field is not None:
            why = "it cannot also be here" if target is not None else "it cannot leave play"
            raise ScenarioError(f"{where}: '{item}' is at {_fmt(path[:-1])}; {why}")
        container = get_path(state, path[:-1])
        if pile.fixed:
            container[path[-1]] = None
        else:
            container.pop(path[-1])
        return
    if sources:
        raise ScenarioError(
            f"{where}: no copy of '{item}' left in {', '.join(sources)}: the others are "
            "held or placed (set those places first, so that their cards go back)"
        )
    raise ScenarioError(f"{where}: there is only one '{item}', and it is already placed")


def send_back(
    data: Program, state: dict, item: str, pushed_out: str = "home", where: str = ""
) -> None:
    """A card or tile that a value pushed out goes home (the bottom of its deck or stack),
    to its discard pile ("discarded") or out of play ("removed")."""
    if pushed_out == "removed":
        _out_of_play(data, state, item, where)
    elif pushed_out == "discarded":
        discard = data.game.scenarios.discard
        if discard is None:
            raise ScenarioError(f"{where}: {data.title} has no discard pile for '{item}'")
        discard(data, state, item)
    else:
        home = data.game.scenarios.home
        if home is None:
            raise ScenarioError(
                f"{where}: '{item}' would leave play, and game '{data.game.name}' "
                "does not say where it goes back"
            )
        home(data, state, item)


def _out_of_play(data: Program, state: dict, item: str, where: str) -> None:
    remove = data.game.scenarios.remove
    if remove is None:
        raise ScenarioError(f"{where}: {data.title} has no pile for things out of play")
    remove(data, state, item)


def remove_items(data: Program, state: dict, items: list[str], where: str) -> None:
    """`[[set]] remove = [...]`: each card or tile leaves play, from wherever it was (a
    card with alike copies: as many copies as it is named, from the piles a value takes
    from)."""
    present = counts(data, state)
    for item in items:
        if items.count(item) > 1 and present[item] <= 1:
            raise ScenarioError(f"{where}: '{item}' is named twice; each card or tile is one")
        if kind_of(data, item) is None:
            raise ScenarioError(f"{where}: no card or tile '{item}'{known_ids_hint(data, item)}")
        take_out(data, state, item, None, where)
        _out_of_play(data, state, item, where)


def _convert(value):
    """TOML to state values: "none" becomes None."""
    if isinstance(value, list):
        return [_convert(v) for v in value]
    if isinstance(value, dict):
        return {k: _convert(v) for k, v in value.items()}
    return None if value == NONE else value


def _type_name(value) -> str:
    if isinstance(value, bool):
        return "true/false"
    return {int: "a number", str: "a string", list: "a list", dict: "a table"}.get(
        type(value), type(value).__name__
    )


def _assign(data: Program, state: dict, path, value, where: str) -> None:
    """Set a value: tables merge key by key (except open maps), other values replace."""
    open_maps = data.game.scenarios.open_maps
    if path[0] in FROZEN:
        raise ScenarioError(f"{where}: '{path[0]}' cannot be overridden")
    parent_path, last = path[:-1], path[-1]
    try:
        parent = get_path(state, parent_path)
    except PathMissing as exc:
        raise ScenarioError(f"{where}: unknown path {_fmt(path)} ({exc})") from None
    open_map = any(_matches(p, parent_path) for p in open_maps)
    if isinstance(parent, dict) and str(last) not in parent:
        if not open_map:
            hint = did_you_mean(str(last), list(parent)) or "keys: " + ", ".join(
                sorted(map(str, parent))[:15]
            )
            raise ScenarioError(f"{where}: unknown path {_fmt(path)}; {hint}")
        parent[str(last)] = value
        return
    if isinstance(parent, list) and (not isinstance(last, int) or not 0 <= last < len(parent)):
        raise ScenarioError(
            f"{where}: unknown path {_fmt(path)} ({_fmt(parent_path)} has {len(parent)} items)"
        )
    if not isinstance(parent, (list, dict)):
        raise ScenarioError(f"{where}: unknown path {_fmt(path)}")
    key: Any = str(last) if isinstance(parent, dict) else last  # an int for a list (checked)
    old = parent[key]
    this_open = any(_matches(p, path) for p in open_maps)
    if isinstance(old, dict) and isinstance(value, dict) and not this_open:
        for k, v in value.items():
            _assign(data, state, [*path, k], v, where)
        return
    if old is not None and value is not None and _type_name(old) != _type_name(value):
        raise ScenarioError(
            f"{where}: {_fmt(path)} holds {_type_name(old)} ({json.dumps(old)}), "
            f"not {_type_name(value)}"
        )
    pile = pile_of(layout(data), [*path, 0])
    if isinstance(old, list) and isinstance(value, list) and pile and pile.fixed:
        if len(value) != len(old):
            raise ScenarioError(f"{where}: {_fmt(path)} has exactly {len(old)} spaces")
    parent[key] = value


def apply_set(data: Program, state: dict, path, raw, where: str, pushed_out: str = "home") -> None:
    """Set a value; the cards and tiles it names are taken from their piles, and as many
    copies as the state then holds too many of go back (`pushed_out`)."""
    value = _convert(raw)
    _check_ids(data, path, value, where)
    try:
        old = get_path(state, path)
    except PathMissing:
        old = None
    before, replaced = counts(data, state), ids_in(old)
    added = Counter(ids_in(value)) - Counter(replaced)
    _assign(data, state, path, value, where)
    for item, number in added.items():
        if kind_of(data, item) is not None:
            for _ in range(number):
                take_out(data, state, item, path, where)
    after = counts(data, state)
    for item in dict.fromkeys([*replaced, *before]):  # the replaced value's order first
        for _ in range(before[item] - after[item]):
            send_back(data, state, item, pushed_out, where)


def put_on_top(data: Program, state: dict, path, cards, where: str) -> None:
    """`top = [...]`: these cards, the first the topmost, on top of the list at `path` (a
    deck: its top is the end of the list), each taken from the first pile holding one."""
    try:
        pile = get_path(state, path)
    except PathMissing as exc:
        raise ScenarioError(f"{where}: unknown path {_fmt(path)} ({exc})") from None
    if not isinstance(pile, list) or pile_of(layout(data), [*path, 0]) is None:
        raise ScenarioError(f"{where}: {_fmt(path)} is not a pile of cards; 'top' needs one")
    for card in cards:
        _check_ids(data, [*path, len(pile)], card, where)
        take_out(data, state, card, None, where)
    get_path(state, path).extend(reversed(cards))


# ---- overrides ---------------------------------------------------------------------
def seat(scenario_players: int, value, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= scenario_players:
        raise ScenarioError(f"{where}: player must be 1 to {scenario_players}, not {value!r}")
    return value - 1


def _who(names: tuple[str, ...], players: int, value, where: str) -> int | str:
    """A seat (from `player = N`) or one of the game's named players (`"neutral"`)."""
    if isinstance(value, str) and names:
        if value in names:
            return value
        others = " or ".join(f'"{n}"' for n in names)
        raise ScenarioError(f"{where}: player must be 1 to {players} or {others}, not {value!r}")
    return seat(players, value, where)


def apply_overrides(data: Program, state: dict, scenario: dict) -> None:
    for i, entry in enumerate(scenario.get("set", []), 1):
        apply_entry(data, state, entry, scenario["players"], f"set {i}")


def apply_entry(data: Program, state: dict, entry: dict, players: int, where: str) -> None:
    """One override table (checked by _check_set)."""
    forms = data.game.scenarios
    pushed_out = entry.get("pushed_out", "home")
    if "top" in entry:
        put_on_top(data, state, split_path(entry["path"]), entry["top"], where)
    elif "path" in entry:
        apply_set(data, state, split_path(entry["path"]), entry["value"], where, pushed_out)
    elif "at" in entry:
        if forms.place_at is None:
            raise ScenarioError(
                f"{where}: game '{data.game.name}' has no 'at' form; use 'path' and 'value'"
            )
        forms.place_at(data, state, entry, players, where)
    elif "remove" in entry:
        remove_items(data, state, entry["remove"], where)
    else:
        who = _who(forms.player_names, players, entry["player"], where)
        for key, value in entry.items():
            if key in ("player", "note", "pushed_out"):
                continue
            if key in forms.player_keys:
                forms.player_keys[key](data, state, who, value, where, pushed_out=pushed_out)
                continue
            if isinstance(who, str):
                raise ScenarioError(
                    f"{where}: the {who} player has no '{key}'; it takes only "
                    + ", ".join(f"'{k}'" for k in forms.player_keys)
                )
            if key not in state["players"][who]:
                hint = did_you_mean(key, [*state["players"][who], *forms.player_keys])
                raise ScenarioError(
                    f"{where}: a player has no '{key}'" + (f"; {hint}" if hint else "")
                )
            apply_set(data, state, ["players", who, key], value, where, pushed_out)


def apply_game_tables(data: Program, state: dict, scenario: dict) -> None:
    """The top-level tables that are the game's own (ScenarioForms.tables)."""
    tables = data.game.scenarios.tables
    for key, table in scenario.items():
        if key in TOP_KEYS:
            continue
        if key not in tables:
            hint = did_you_mean(key, sorted(TOP_KEYS | set(tables)))
            raise ScenarioError(f"scenario: unknown key '{key}'" + (f"; {hint}" if hint else ""))
        tables[key](data, state, table, f"[{key}]")


# ---- running -----------------------------------------------------------------------
def _options_text(engine: Engine) -> str:
    decision = engine.decision()
    if decision is None:
        return "    (no decision: the game is over)"
    lines = [f"    decision of player {decision.player + 1}: {decision.prompt}"]
    lines += [f"      {o.id:<24} {o.label}" for o in decision.options]
    return "\n".join(lines)


def _show(value) -> str:
    return json.dumps(value, sort_keys=True)


def _diff(expected, found) -> str:
    text = f"expected {_show(expected)}, found {_show(found)}"
    if isinstance(expected, list) and isinstance(found, list):
        missing = [v for v in expected if v not in found]
        extra = [v for v in found if v not in expected]
        parts = [f"missing {_show(missing)}"] if missing else []
        parts += [f"unexpected {_show(extra)}"] if extra else []
        if not parts and len(expected) == len(found):
            parts = ["same items, other order"]
        if parts:
            text += " (" + ", ".join(parts) + ")"
    elif isinstance(expected, dict) and isinstance(found, dict):
        keys = [k for k in sorted(set(expected) | set(found)) if expected.get(k) != found.get(k)]
        text += " (differs at " + ", ".join(keys) + ")"
    return text


def check_expect(engine: Engine, expect: dict, log_start: int, players: int, where: str):
    """None when the expectation holds, else a readable failure."""
    note = f" [{expect['note']}]" if "note" in expect else ""
    if "event" in expect:
        fields = {k: _convert(v) for k, v in expect.items() if k not in EVENT_RESERVED}
        events = [e for e in engine.state["log"][log_start:] if e["event"] == expect["event"]]
        hits = [e for e in events if all(e.get(k) == v for k, v in fields.items())]
        want = expect.get("count")
        if (want is None and hits) or (want is not None and len(hits) == want):
            return None
        wanted = f"event {expect['event']}" + (f" with {_show(fields)}" if fields else "")
        seen = "\n".join(f"      {_show(e)}" for e in events[-8:]) or "      none"
        times = "at least once" if want is None else f"{want} time(s)"
        return (
            f"{where}{note}: expected {wanted} {times}, found {len(hits)}; "
            f"{expect['event']} events since the scenario began:\n{seen}"
        )
    if "path" in expect:
        try:
            path = split_path(expect["path"])
        except ScenarioError as exc:
            return f"{where}{note}: {exc}"
        if "player" in expect:
            try:
                path = ["players", seat(players, expect["player"], where), *path]
            except ScenarioError as exc:
                return f"{where}{note}: {exc}"
        try:
            found = get_path(engine.state, path)
        except PathMissing as exc:
            return f"{where}{note}: path {_fmt(path)} not found ({exc})"
        if "equals" in expect:
            expected = _convert(expect["equals"])
            if found != expected:
                return f"{where}{note}: {_fmt(path)}: {_diff(expected, found)}"
            return None
        if "count" in expect:
            return _check_count(found, expect, _fmt(path), f"{where}{note}")
        wanted = _convert(expect["contains"])
        if isinstance(wanted, dict) and isinstance(found, dict):  # these fields, these values
            differ = {k: v for k, v in wanted.items() if k not in found or found[k] != v}
            if differ:
                return (
                    f"{where}{note}: {_fmt(path)}: expected it to hold {_show(differ)}, "
                    f"found {_show(found)}"
                )
            return None
        items = wanted if isinstance(wanted, list) else [wanted]
        if not isinstance(found, (list, str, dict)):
            return f"{where}{note}: {_fmt(path)} is {_show(found)}, not a list"
        missing = [w for w in items if w not in found]
        if missing:
            return (
                f"{where}{note}: {_fmt(path)}: expected it to contain {_show(missing)}, "
                f"found {_show(found)}"
            )
        return None
    return _check_legal(engine, expect, where + note)


def _check_count(found, expect: dict, path: str, where: str):
    """How many items a list (or entries a table) holds, counting only those whose
    fields match `where` when it is given."""
    if not isinstance(found, (list, dict)):
        return f"{where}: {path} is {_show(found)}, not a list or table to count"
    items = list(found.values()) if isinstance(found, dict) else found
    wanted = {k: _convert(v) for k, v in expect.get("where", {}).items()}
    shown = path
    if wanted:
        shown += f" where {_show(wanted)}"
        if not all(isinstance(item, dict) for item in items):
            return f"{where}: {path} holds items that are not tables; 'where' cannot filter it"
        known = {key for item in items for key in item}
        for key in wanted:
            if items and key not in known:
                hint = did_you_mean(key, sorted(known)) or "fields: " + ", ".join(sorted(known))
                return f"{where}: the items of {path} have no field '{key}'; {hint}"
        items = [item for item in items if all(item.get(k) == v for k, v in wanted.items())]
    if len(items) == expect["count"]:
        return None
    more = f" and {len(items) - 8} more" if len(items) > 8 else ""
    return (
        f"{where}: {shown}: expected {expect['count']} item(s), found {len(items)}: "
        f"{_show(items[:8])}{more}"
    )


def _check_legal(engine: Engine, table: dict, where: str):
    legal = engine.legal_options()
    missing = [o for o in table.get("legal", []) if o not in legal]
    forbidden = [o for o in table.get("not_legal", []) if o in legal]
    if not missing and not forbidden:
        return None
    parts = []
    if missing:
        parts.append(f"expected legal but not offered: {_show(missing)}")
    if forbidden:
        parts.append(f"expected not legal but offered: {_show(forbidden)}")
    return f"{where}: " + "; ".join(parts) + "\n" + _options_text(engine)


def _pick(engine: Engine, step: dict, where: str):
    """(option id, None) for a step, or (None, failure)."""
    decision = engine.decision()
    if decision is None:
        return None, f"{where}: no decision left to answer (the game is over)"
    if "choose" in step:
        wanted = step["choose"]
        if wanted in engine.legal_options():
            return wanted, None
        return None, (
            f"{where}: option '{wanted}' is not available here; legal options:\n"
            + _options_text(engine)
        )
    text = step["choose_label"]
    hits = [o for o in decision.options if text.lower() in o.label.lower()]
    if len(hits) == 1:
        return hits[0].id, None
    what = "no option label contains" if not hits else f"{len(hits)} option labels contain"
    return None, f"{where}: {what} '{text}'; legal options:\n" + _options_text(engine)


def _play_until(engine: Engine, step: dict, seed: int, where: str) -> str | None:
    """`until_turn = N`: answer every decision (the first option, or a seeded random
    agent's) until turn N begins, that is until N - 1 turns have been played (the game's
    clock, stamped on log events). None when it has begun, else a failure."""
    turn = step["until_turn"]
    clock = engine.data.game.clock
    if clock(engine.state) > turn - 1:
        return f"{where}: turn {turn} is over already ({clock(engine.state)} turns played)"
    agent = RandomAgent(step.get("agent_seed", seed)) if step.get("agent") == "random" else None
    for _ in range(MAX_DECISIONS):
        decision = engine.decision()
        if decision is None:
            return (
                f"{where}: the game ended after {clock(engine.state)} turns, "
                f"before turn {turn} began"
            )
        if clock(engine.state) >= turn - 1:
            return None
        option = decision.options[0].id if agent is None else agent.choose(engine, decision)
        _guard(lambda option=option: engine.apply(option), where)
    return f"{where}: turn {turn} did not begin within {MAX_DECISIONS:,} decisions"


def _guard(action, where: str) -> None:
    """Run the engine; a crash on an overridden position makes the scenario unusable."""
    try:
        action()
    except Exception as exc:  # the position may be one the engine cannot handle
        raise ScenarioError(
            f"{where}: the engine stopped with {type(exc).__name__}: {exc} "
            "(an override may have built an impossible position)"
        ) from None


def start(data: Program, scenario: dict) -> tuple[Engine, int]:
    """A new game set up as the scenario says, its rulings and overrides applied; and
    where in its log the scenario begins."""
    players = scenario["players"]
    if players not in data.player_counts():
        raise ScenarioError(
            f"scenario: {players} players is not supported; choose {data.player_counts()}"
        )
    rulings = scenario.get("rulings", {})
    try:
        chosen = resolve(data, None, [f"{k}={v}" for k, v in rulings.items()])
    except RulingError as exc:
        raise ScenarioError(f"[rulings]: {exc}") from None
    try:
        engine = Engine.new_game(
            data,
            players,
            scenario["seed"],
            chosen,
            variants=scenario.get("variants", []),
            auto_answer=scenario.get("auto", True),
        )
    except ArgumentError as exc:  # a variant (or anything else) the rules do not have
        raise ScenarioError(f"scenario: {exc}") from None
    apply_game_tables(data, engine.state, scenario)
    apply_overrides(data, engine.state, scenario)
    try:  # the position must be a state of the game, as a saved game must
        check_shape(Engine, data, json.loads(engine.to_json()))  # as a saved game reads
        check_references(engine)  # (not the invariants: a scenario may skip bookkeeping)
    except StateError as exc:
        raise ScenarioError(f"after the overrides: {exc}") from None
    log_start = len(engine.state["log"])
    if engine.state["pending"] is not None:
        # the overrides may change what is legal: ask the pending decision again
        engine.state["pending"] = None
        _guard(engine.run, "after the overrides")
    return engine, log_start


def run(data: Program, scenario: dict, file: str = "") -> ScenarioResult:
    """Play a loaded scenario. ScenarioError for an unusable one; failures in the result."""
    result = ScenarioResult(str(scenario.get("name", Path(file).stem)), file)
    players = scenario["players"]
    engine, log_start = start(data, scenario)
    result.engine = engine
    for number, step in enumerate(scenario.get("step", []), 1):
        label = step.get("choose", step.get("choose_label"))
        if label is None:
            label = f"until turn {step['until_turn']}" if "until_turn" in step else "check"
        where = f"step {number} ({label})"
        if "note" in step:
            where += f" [{step['note']}]"
        for j, entry in enumerate(step.get("set", []), 1):
            apply_entry(data, engine.state, entry, players, f"{where} set {j}")
        if step.get("set") and engine.state["pending"] is not None:
            # as after the first overrides: the pending decision is asked again
            engine.state["pending"] = None
            _guard(engine.run, f"{where}, after its overrides")
        failure = None
        if "until_turn" in step:
            failure = _play_until(engine, step, scenario["seed"], where)
        pending = engine.state["pending"]
        if failure is None and "player" in step:
            expected = seat(players, step["player"], where)
            if pending is None or pending["player"] != expected:
                who = "nobody (game over)" if pending is None else f"player {pending['player'] + 1}"
                failure = (
                    f"{where}: expected player {expected + 1} to decide, but it is {who}\n"
                    + _options_text(engine)
                )
        if failure is None and ("legal" in step or "not_legal" in step):
            failure = _check_legal(engine, step, where)
        choice = None
        if failure is None and ("choose" in step or "choose_label" in step):
            choice, failure = _pick(engine, step, where)
        if failure is not None:
            result.failures.append(failure)
            left = len(scenario.get("step", [])) - number
            result.failures.append(
                f"stopped at step {number}; {left} later step(s) and the expectations not checked"
            )
            result.status = "fail"
            return result
        if choice is not None:
            _guard(lambda option=choice: engine.apply(option), where)
        result.steps_run = number
        for j, expect in enumerate(step.get("expect", []), 1):
            failure = check_expect(engine, expect, log_start, players, f"{where} expect {j}")
            if failure:
                result.failures.append(failure)
    for i, expect in enumerate(scenario.get("expect", []), 1):
        failure = check_expect(engine, expect, log_start, players, f"expect {i}")
        if failure:
            result.failures.append(failure)
    if result.failures:
        result.status = "fail"
    return result


def run_file(data: Program, path: str | Path) -> ScenarioResult:
    """Load and play one file; an unusable file gives status "error" with the reason."""
    try:
        scenario = load(path)
        return run(data, scenario, str(path))
    except ScenarioError as exc:
        return ScenarioResult(Path(path).stem, str(path), "error", [str(exc)])


def render(result: ScenarioResult) -> str:
    if result.status == "pass":
        lines = [f"PASS {result.name}"]
    elif result.status == "fail":
        lines = [f"FAIL {result.name}  ({result.file})"]
    else:
        lines = [f"FAIL {result.name}  ({result.file}: unusable file)"]
    for failure in result.failures:
        lines.extend("  " + line for line in failure.splitlines())
    return "\n".join(lines)
