"""Replays: a game is its seed, its rulings, its content hash and its choices.

A replay file also stores, for every choice, a fingerprint of the decision it
answered, so re-running it finds the first step where the game went another way.
"""

from __future__ import annotations

from typing import Any

from ..dsl.errors import ArgumentError, EngineError
from .engine import Engine, options_digest
from .files import parse_json
from .program import Program

FORMAT = "blackangel-replay"
VERSION = 1


class ReplayError(EngineError, ValueError):
    """A replay that cannot be read, or that does not reproduce its game."""


class UnusableReplay(ReplayError):
    """A file that is not a replay these rules can play: not JSON, a field missing or of
    the wrong type, a player count, ruling, option or variant the rules do not have
    (`ba replay` exits 2, where a replay that diverges exits 1)."""


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _names(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def record(engine: Engine) -> dict:
    state = engine.state
    choices = [e for e in state["log"] if e["event"] == "choice"]
    return {
        "format": FORMAT,
        "version": VERSION,
        "content_hash": state["content_hash"],
        "players": len(state["players"]),
        "seed": state["seed"],
        "rulings": state["rulings"],
        "variants": state["variants"],
        "choices": [c["option"] for c in choices],
        "decisions": [c["options"] for c in choices],
        "scores": state["scores"],
    }


def load(text: str) -> dict:
    """A replay file's content, its fields checked; UnusableReplay for anything else."""
    replay = parse_json(text, "a replay file", UnusableReplay)
    if not isinstance(replay, dict) or replay.get("format") != FORMAT:
        raise UnusableReplay("not a replay of this engine (missing format marker)")
    if replay.get("version") != VERSION:
        raise UnusableReplay(
            f"replay version {str(replay.get('version'))[:20]} is not supported (need {VERSION})"
        )
    needed = {
        "content_hash": (lambda v: isinstance(v, str), "a string"),
        "players": (_whole, "a whole number"),
        "seed": (_whole, "a whole number"),
        "rulings": (
            lambda v: isinstance(v, dict) and all(isinstance(o, str) for o in v.values()),
            "a table of ruling names and options",
        ),
        "choices": (_names, "a list of option ids"),
        "decisions": (_names, "a list of decision fingerprints"),
    }
    for key, (fits, kind) in needed.items():
        if not fits(replay.get(key)):
            raise UnusableReplay(f"replay field '{key}' is missing or not {kind}")
    variants = replay.setdefault("variants", [])  # replays made before variants had none
    if not _names(variants):
        raise UnusableReplay("replay field 'variants' is not a list of names")
    scores = replay.get("scores")
    if scores is not None and not (isinstance(scores, list) and all(map(_whole, scores))):
        raise UnusableReplay("replay field 'scores' is not a list of whole numbers")
    if len(replay["choices"]) != len(replay["decisions"]):
        raise UnusableReplay("replay has a different number of choices and decision fingerprints")
    return replay


def rerun(data: Program, replay: dict) -> Engine:
    """Play the replay's choices again; raise ReplayError at the first difference."""
    if replay["content_hash"] != data.content_hash:
        raise ReplayError(
            f"the replay was made with rules {replay['content_hash']}, these rules are "
            f"{data.content_hash}"
        )
    unknown = sorted(set(replay["rulings"]) - set(data.rulings))
    if unknown:
        raise UnusableReplay(
            f"the replay uses rulings these rules do not have: {', '.join(unknown)}"
        )
    try:
        engine = Engine.new_game(
            data, replay["players"], replay["seed"], replay["rulings"], replay["variants"]
        )
    except ArgumentError as exc:  # a player count, option or variant the rules do not have
        raise UnusableReplay(f"the replay cannot be played with these rules: {exc}") from exc
    for step, (choice, digest) in enumerate(zip(replay["choices"], replay["decisions"]), 1):
        pending = engine.state["pending"]
        if pending is None:
            raise ReplayError(f"step {step}: the game is already over, but the replay goes on")
        if options_digest(pending) != digest:
            raise ReplayError(
                f"step {step}: the game diverges here: player {pending['player'] + 1} faces "
                f"'{engine.data.text.render(pending['prompt'])}' with other options than "
                "when the replay was recorded"
            )
        if choice not in engine.legal_options():
            raise ReplayError(f"step {step}: '{choice}' is not a legal option here")
        engine.apply(choice)
    if not engine.is_terminal():
        raise ReplayError(
            f"the replay ends after {len(replay['choices'])} choices, before the game does"
        )
    if replay.get("scores") is not None and engine.state["scores"] != replay["scores"]:
        raise ReplayError(
            f"final scores differ: recorded {replay['scores']}, replayed {engine.state['scores']}"
        )
    return engine
