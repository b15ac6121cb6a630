"""A game as readable text: the turn log of `ba play`, from the game module's own lines,
in the language of the program's texts."""

from __future__ import annotations

from ..dsl.i18n import N_, NC_, NN_
from ..dsl.text import TextRenderer
from .engine import Engine
from .trigger_results import DONE

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
TEAM_WON = N_("the team wins: {seats}, after {turns} turns")  # TRANSLATORS: a cooperative game
TEAM_LOST = N_("the team loses: {seats}, after {turns} turns")  # TRANSLATORS: a cooperative game
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


# the engine's own lines: a trigger of the rules fires, and what it did
TRIGGER_FIRES = N_("{player}: trigger {name} ({event})")
TRIGGER_CHANGES = N_("{player}, trigger {name}: {changes}")
TRIGGER_CHANGES_NOTHING = N_("{player}, trigger {name}: no change")
GAINED = N_("+{amount} {track}")  # TRANSLATORS: what a trigger gave: "+3 VP"
LOST = N_("-{amount} {track}")  # TRANSLATORS: what a trigger took: "-1 VP"


def engine_line(event: dict, names: list[str], text: TextRenderer) -> str | None:
    """A line for an event that the engine logs in every game (a trigger), or None."""
    kind = event["event"]
    if kind not in ("trigger", DONE) or not isinstance(event.get("seat"), int):
        return None
    who = names[event["seat"]]
    if kind == "trigger":
        values = {"player": who, "name": event["name"], "event": text.event(event["on"])}
        return "  " + text.fill(TRIGGER_FIRES, values)
    changes = [
        text.fill(
            GAINED if amount > 0 else LOST,
            {"amount": abs(amount), "track": text.noun(track, abs(amount))},
        )
        for track, amount in event["changes"].items()
    ]
    if not changes:
        return "  " + text.fill(TRIGGER_CHANGES_NOTHING, {"player": who, "name": event["name"]})
    values = {"player": who, "name": event["name"], "changes": text.tr.plain_list(changes)}
    return "  " + text.fill(TRIGGER_CHANGES, values)


def line(engine: Engine, event: dict, names: list[str]) -> str | None:
    """One narrated line of the log, or None for a bookkeeping event: the engine's own
    lines, then the game's (the text log of `ba play` and the web table's log)."""
    text = engine.data.text
    own = engine_line(event, names, text)
    return own if own is not None else engine.data.game.narrate(event, names, text)


def log_lines(engine: Engine, names: list[str], events: list[dict] | None = None) -> list[str]:
    """The narrated lines of the log (or of some events); bookkeeping events are skipped."""
    chosen = engine.state["log"] if events is None else events
    return [said for event in chosen if (said := line(engine, event, names)) is not None]


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
    if engine.data.cooperative is not None:  # the seats win or lose together
        won = any(engine.returns())
        values = {"seats": text.join(names), "turns": engine.data.game.clock(state)}
        lines.append("\n" + text.fill(TEAM_WON if won else TEAM_LOST, values))
        return "\n".join(lines) + "\n"
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
