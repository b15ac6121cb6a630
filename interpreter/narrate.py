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
    rival = engine.data.game.rival(state)
    seats = len(state["players"])
    who = f"{seats} players"
    if rival is not None:
        who = f"{seats} player{'s' * (seats > 1)} against {rival[0]}"
    lines = [
        f"{engine.data.title}, {who}{variants}, seed {state['seed']}, rules {state['content_hash']}"
    ]
    lines += log_lines(engine, names)
    scores = state["scores"]
    winners = [names[s] for s, won in enumerate(engine.returns()) if won]
    best = max(scores)
    if not winners and rival is not None:  # nobody beat the automated opponent
        winners, best = [rival[0]], rival[1]
    track = engine.data.score_track
    points = engine.data.text.noun(track, best) if track else "points"
    lines.append(
        f"\nwinner{'s' if len(winners) > 1 else ''}: {', '.join(winners)} with {best} {points} "
        f"after {engine.data.game.clock(state)} turns"
    )
    return "\n".join(lines) + "\n"
