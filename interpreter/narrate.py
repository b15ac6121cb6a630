"""A game as readable text: the turn log of `ba play`, from the game module's own lines."""

from __future__ import annotations

from .engine import Engine


def log_lines(engine: Engine, names: list[str], events: list[dict] | None = None) -> list[str]:
    """The narrated lines of the log (or of some events); bookkeeping events are skipped."""
    narrate = engine.data.game.narrate
    chosen = engine.state["log"] if events is None else events
    return [text for event in chosen if (text := narrate(event, names)) is not None]


def transcript(engine: Engine, names: list[str]) -> str:
    """The whole game as text: header, turn log, final scores and the winners."""
    state = engine.state
    variants = "".join(f", {v} rules" for v in state["variants"])
    lines = [
        f"{engine.data.title}, {len(state['players'])} players{variants}, seed {state['seed']}, "
        f"rules {state['content_hash']}"
    ]
    lines += log_lines(engine, names)
    scores = state["scores"]
    best = max(scores)
    winners = [names[s] for s, v in enumerate(scores) if v == best]
    track = engine.data.score_track
    points = engine.data.text.noun(track, best) if track else "points"
    lines.append(
        f"\nwinner{'s' if len(winners) > 1 else ''}: {', '.join(winners)} with {best} {points} "
        f"after {engine.data.game.clock(state)} turns"
    )
    return "\n".join(lines) + "\n"
