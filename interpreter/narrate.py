"""A game as readable text: the turn log of `ba play`, from the game module's own lines,
in the language of the program's texts."""

from __future__ import annotations

from ..dsl.i18n import N_, NC_, NN_
from .engine import Engine

HEADER = N_("{title}, {players} players{variants}, seed {seed}, rules {rules}")
HEADER_RIVAL = NN_(
    "{title}, {players} player against {rival}{variants}, seed {seed}, rules {rules}",
    "{title}, {players} players against {rival}{variants}, seed {seed}, rules {rules}",
)  # TRANSLATORS: a game against an automated opponent (the solo game's Hal)
VARIANT = N_(", {variant} rules")  # TRANSLATORS: added to the header per variant played
WINNER = NN_(
    "winner: {winners} with {score} {points} after {turns} turns",
    "winners: {winners} with {score} {points} after {turns} turns",
)
POINTS = N_("points")  # what a game without a score track counts
SEAT = N_("P{number}")
SEAT_WITH_AGENT = N_("{seat} ({agent})")  # TRANSLATORS: a seat and who plays it: P1 (greedy)
AGENT_NAMES = {
    "random": NC_("agent", "random"),
    "greedy": NC_("agent", "greedy"),
    # TRANSLATORS: the bot that plans whole turns, after a seat's name
    "expert": NC_("agent", "expert"),
    "human": NC_("agent", "human"),
}


def seat_names(engine: Engine, agents: list[str] | None = None) -> list[str]:
    """How the log names the seats: P1, P2... or, with the agents, P1 (greedy)..."""
    text = engine.data.text
    names = [text.fill(SEAT, {"number": seat + 1}) for seat in range(engine.players)]
    if agents is None:
        return names
    return [
        text.fill(SEAT_WITH_AGENT, {"seat": name, "agent": text.tr.pgettext("agent", agent)})
        for name, agent in zip(names, agents)
    ]


def log_lines(engine: Engine, names: list[str], events: list[dict] | None = None) -> list[str]:
    """The narrated lines of the log (or of some events); bookkeeping events are skipped."""
    narrate = engine.data.game.narrate
    text = engine.data.text
    chosen = engine.state["log"] if events is None else events
    return [line for event in chosen if (line := narrate(event, names, text)) is not None]


def seen_events(engine: Engine, viewer: int | None, events: list[dict] | None = None) -> list[dict]:
    """The log's events (or some of them) as `viewer` (a seat; None: a spectator) may
    read them: the game module shows what that viewer cannot see in its public form."""
    seen = engine.data.game.seen_event
    chosen = engine.state["log"] if events is None else events
    return [seen(engine, event, viewer) for event in chosen]


def transcript(engine: Engine, names: list[str], events: list[dict] | None = None) -> str:
    """The whole game as text: header, turn log (or the events given, such as a seat's
    `seen_events`), final scores and the winners."""
    state = engine.state
    text = engine.data.text
    variants = "".join(text.fill(VARIANT, {"variant": v}) for v in state["variants"])
    rival = engine.data.game.rival(state)
    values = {
        "title": text.tr.pgettext("title", engine.data.title),
        "players": len(state["players"]),
        "variants": variants,
        "seed": state["seed"],
        "rules": state["content_hash"],
    }
    if rival is None:
        header = text.fill(HEADER, values)
    else:
        header = text.fill(HEADER_RIVAL, {**values, "rival": rival[0]}, n=len(state["players"]))
    lines = [header]
    lines += log_lines(engine, names, events)
    scores = state["scores"]
    winners = [names[s] for s, won in enumerate(engine.returns()) if won]
    best = max(scores)
    if not winners and rival is not None:  # nobody beat the automated opponent
        winners, best = [rival[0]], rival[1]
    track = engine.data.score_track
    points = text.noun(track, best) if track else text._(POINTS)
    lines.append(
        "\n"
        + text.fill(
            WINNER,
            {
                "winners": text.join(winners),
                "score": best,
                "points": points,
                "turns": engine.data.game.clock(state),
            },
            n=len(winners),
        )
    )
    return "\n".join(lines) + "\n"
