"""Replays: a game is its seed, its rulings, its content hash and its choices.

A replay file also stores, for every choice, a fingerprint of the decision it
answered, so re-running it finds the first step where the game went another way.
"""

from __future__ import annotations

import json

from ..dsl.errors import BlackAngelError
from .engine import Engine, options_digest
from .program import Program

FORMAT = "blackangel-replay"
VERSION = 1


class ReplayError(BlackAngelError, ValueError):
    """A replay that cannot be read, or that does not reproduce its game."""


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
    try:
        replay = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(f"not a replay file: invalid JSON at line {exc.lineno}") from exc
    if not isinstance(replay, dict) or replay.get("format") != FORMAT:
        raise ReplayError("not a Black Angel replay (missing format marker)")
    if replay.get("version") != VERSION:
        raise ReplayError(
            f"replay version {replay.get('version')} is not supported (need {VERSION})"
        )
    needed = {
        "content_hash": str,
        "players": int,
        "seed": int,
        "rulings": dict,
        "choices": list,
        "decisions": list,
    }
    for key, kind in needed.items():
        if not isinstance(replay.get(key), kind):
            raise ReplayError(f"replay field '{key}' is missing or not a {kind.__name__}")
    variants = replay.setdefault("variants", [])  # replays made before variants had none
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise ReplayError("replay field 'variants' is not a list of names")
    if len(replay["choices"]) != len(replay["decisions"]):
        raise ReplayError("replay has a different number of choices and decision fingerprints")
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
        raise ReplayError(f"the replay uses rulings these rules do not have: {', '.join(unknown)}")
    try:
        engine = Engine.new_game(
            data, replay["players"], replay["seed"], replay["rulings"], replay["variants"]
        )
    except ValueError as exc:
        raise ReplayError(str(exc)) from exc
    for step, (choice, digest) in enumerate(zip(replay["choices"], replay["decisions"]), 1):
        pending = engine.state["pending"]
        if pending is None:
            raise ReplayError(f"step {step}: the game is already over, but the replay goes on")
        if options_digest(pending) != digest:
            raise ReplayError(
                f"step {step}: the game diverges here: player {pending['player'] + 1} faces "
                f"'{pending['prompt']}' with other options than when the replay was recorded"
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
