"""The end trigger: Spes reached or the ravager deck run out; then the round and one more."""

from __future__ import annotations

from .tables import Engine


def trigger_end(engine: Engine, why: str) -> None:
    turn = engine.state["turn"]
    if turn["end_trigger"] is None:
        turn["end_trigger"] = why
        engine.log("end_triggered", reason=why)
