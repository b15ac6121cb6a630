"""Dice Race as a game module: what the engine needs to know about the game, in one file.

The rules are dice_race.ba; this module adds the words they use beyond the core
language, builds the runtime tables, sets up and runs a game, and says how its log
reads and how a bot values a position. `GAME` at the bottom hands it all to the
engine; pyproject.toml registers it in the entry-point group `blackangel.games`.

State (beyond the engine's own keys): `players[seat]` holds one number per track
(`position`, `boost`); `race` holds the seat to play, the round, the turns played and,
once the race is over, how it ended (`finish` or `time`).
"""

from __future__ import annotations

from blackangel.dsl.compiler import RuleSet
from blackangel.dsl.core import CORE, PHASE, TRACK
from blackangel.dsl.errors import ArgumentError
from blackangel.dsl.i18n import NN_
from blackangel.dsl.meta import COUNT, N_, Primitive, keyword, param
from blackangel.dsl.text import TextRenderer
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.game import Frame, Game, Implementation
from blackangel.interpreter.needs import consulted_rulings
from blackangel.interpreter.program import Program

# ---- the language: the game's numbers and primitives --------------------------------
AMOUNT = param("amount", COUNT)

VOCABULARY = CORE.extend(
    "dice_race",
    primitives=(
        Primitive(
            "roll_move",
            "Roll dice and move forward by the highest.",
            (param("dice", COUNT, lo=1, hi=3),),
            N_("roll {dice} {dice:die} and move forward by the highest"),
            can_fail=False,
        ),
        Primitive(
            "advance",
            "Move forward a number of spaces.",
            (AMOUNT,),
            N_("move forward {amount} {amount:space}"),
        ),
        Primitive(
            "spend",
            "Pay from a track (only if the player has that much).",
            (AMOUNT, param("track", TRACK)),
            N_("spend {amount} {track}"),
        ),
    ),
    nouns={"die": (N_("die"), N_("dice")), "space": (N_("space"), N_("spaces"))},
    fields={
        "game": (
            keyword(
                "turn", "The phase a runner carries out.", param("phase", PHASE), required=True
            ),
            keyword("finish", "Spaces from the start to the finish.", AMOUNT, required=True),
            keyword("die", "Faces of each die.", param("faces", COUNT, lo=2), required=True),
            keyword("start_boosts", "Boost tokens each runner starts with.", AMOUNT),
            keyword("rounds", "Rounds before the furthest runner wins.", AMOUNT, required=True),
        )
    },
)


# ---- the runtime tables and the set-up ---------------------------------------------
class DiceRaceProgram(Program):
    def __init__(self, ruleset: RuleSet):
        super().__init__(ruleset)
        game = ruleset.single("game")
        self.turn_phase: str = game.value("turn")
        self.finish: int = game.value("finish")
        self.faces: int = game.value("die")
        self.start_boosts: int = game.value("start_boosts", default=0)
        self.rounds: int = game.value("rounds")


def setup(program: DiceRaceProgram, state: dict, players: int) -> None:
    if players not in program.player_range:
        raise ArgumentError(
            f"Dice Race is for {program.player_range.start}-"
            f"{program.player_range.stop - 1} players, not {players}"
        )
    state["players"] = [{"position": 0, "boost": program.start_boosts} for _ in range(players)]
    state["race"] = {"seat": 0, "round": 1, "turns": 0, "ending": None}


# ---- the game loop (a frame operation) ---------------------------------------------
def race(engine: Engine[DiceRaceProgram], frame: Frame) -> None:
    """Turns in order until a runner reaches the finish or the rounds run out."""
    state, data = engine.state, engine.data
    race = state["race"]
    if frame.pop("in_turn", False):
        seat = race["seat"]
        race["turns"] += 1
        last = seat == len(state["players"]) - 1
        arrived = any(p["position"] == data.finish for p in state["players"])
        if arrived and (last or engine.ruling("race_end") == "at_once"):
            race["ending"] = "finish"
        elif last and race["round"] == data.rounds:
            race["ending"] = "time"
        race["seat"] = (seat + 1) % len(state["players"])
        race["round"] += race["seat"] == 0
    if race["ending"] is not None:
        state["scores"] = [p["position"] for p in state["players"]]
        engine.log("race_over", ending=race["ending"], scores=state["scores"])
        engine.finish(frame)
        return
    seat = race["seat"]
    runner = state["players"][seat]
    frame["in_turn"] = True
    engine.log("turn", seat=seat, round=race["round"], at=runner["position"], boost=runner["boost"])
    engine.push({"op": "phase", "seat": seat, "phase": data.turn_phase, "pc": 0})


# ---- the primitives ----------------------------------------------------------------
def move(engine: Engine[DiceRaceProgram], seat: int, steps: int) -> None:
    """Move a runner forward; the ruling `finish_line` says what passing the finish does."""
    runner, finish = engine.state["players"][seat], engine.data.finish
    start = runner["position"]
    target = start + steps
    if target > finish:
        rule = engine.ruling("finish_line")
        if rule == "overshoot":
            target = finish
        elif rule == "exact":
            target = start
        else:  # bounce
            target = max(0, 2 * finish - target)
    runner["position"] = target
    engine.log("move", seat=seat, steps=steps, start=start, to=target)


def roll_move(engine: Engine[DiceRaceProgram], frame: Frame) -> None:
    (dice,) = frame["args"]
    seat = frame["seat"]
    faces = [engine.rng.below(engine.data.faces) + 1 for _ in range(dice)]
    engine.log("roll", seat=seat, faces=faces)
    move(engine, seat, max(faces))
    if len(set(faces)) < len(faces) and engine.ruling("doubles") == "boost":
        engine.state["players"][seat]["boost"] += 1
        engine.log("double", seat=seat)
    engine.finish(frame)


def advance(engine: Engine[DiceRaceProgram], frame: Frame) -> None:
    move(engine, frame["seat"], frame["args"][0])
    engine.finish(frame)


def can_advance(engine: Engine[DiceRaceProgram], seat: int, args: tuple, ctx: dict) -> bool:
    """Not once at the finish; with exact finishing, not past it."""
    position, finish = engine.state["players"][seat]["position"], engine.data.finish
    if engine.ruling("finish_line") == "exact":
        return position + args[0] <= finish
    return position < finish


def spend(engine: Engine[DiceRaceProgram], frame: Frame) -> None:
    amount, track = frame["args"]
    engine.state["players"][frame["seat"]][track] -= amount
    engine.log("spend", seat=frame["seat"], amount=amount, track=track)
    engine.finish(frame)


def can_spend(engine: Engine[DiceRaceProgram], seat: int, args: tuple, ctx: dict) -> bool:
    amount, track = args
    return engine.state["players"][seat][track] >= amount


# ---- checks, text and bots ---------------------------------------------------------
def invariants(engine: Engine[DiceRaceProgram]) -> list[str]:
    state, finish = engine.state, engine.data.finish
    out = []
    for seat, runner in enumerate(state["players"]):
        if not 0 <= runner["position"] <= finish:
            out.append(f"P{seat + 1} is at {runner['position']}, outside 0..{finish}")
        if runner["boost"] < 0:
            out.append(f"P{seat + 1} has {runner['boost']} boost tokens")
    at_finish = [s for s, r in enumerate(state["players"]) if r["position"] == finish]
    if len(at_finish) > 1 and engine.ruling("race_end") == "at_once":
        out.append(f"more than one runner at the finish: {at_finish}")
    if (state["scores"] is None) != (state["race"]["ending"] is None):
        out.append("scores are set exactly when the race has ended")
    return out


BOOST_TOKENS = NN_("{count} boost token", "{count} boost tokens")


def narrate(event: dict, names: list[str], text: TextRenderer) -> str | None:
    """One line of the log (in English: this example ships no catalogs of its own, so
    only the plural forms come from the text renderer)."""
    kind = event["event"]
    who = names[event["seat"]] if isinstance(event.get("seat"), int) else None
    if kind == "turn":
        boost = text.fill(BOOST_TOKENS, {"count": event["boost"]}, n=event["boost"])
        return f"\n-- round {event['round']}, {who}: on space {event['at']}, {boost} --"
    if kind == "choice":
        return f"  {who}: {event['label']}"
    if kind == "roll":
        return f"  {who} rolls {' '.join(map(str, event['faces']))}"
    if kind == "move":
        steps, start, to = event["steps"], event["start"], event["to"]
        if to == start + steps:
            return f"  {who} moves {steps} to space {to}"
        if to == start:
            return f"  {who} would pass the finish with {steps} and stays on space {to}"
        return f"  {who} moves {steps}, past the finish, and ends on space {to}"
    if kind == "lose_vp" and event["track"] == "position":
        return f"  {who} takes a run-up of {event['amount']} back"
    if kind == "double":
        return f"  a double: {who} takes a boost token"
    if kind == "race_over":
        why = "a runner has reached the finish" if event["ending"] == "finish" else "time is up"
        return f"\n** the race is over: {why} **"
    return None  # boost tokens gained and spent show in the choices and the next header


def position(engine: Engine[DiceRaceProgram], seat: int) -> str:
    players = engine.state["players"]
    others = ", ".join(f"P{s + 1} on {p['position']}" for s, p in enumerate(players) if s != seat)
    me = players[seat]
    return f"  space {me['position']} of {engine.data.finish}, {me['boost']} boost | {others}"


def heuristic(engine: Engine[DiceRaceProgram], seat: int) -> float:
    """Own progress against the leader's. A boost token moves 3 spaces, but only one
    can be spent a turn, so tokens beyond two are worth little."""
    players = engine.state["players"]
    boost = players[seat]["boost"]
    mine = players[seat]["position"] + 2.5 * min(boost, 2) + 0.5 * max(boost - 2, 0)
    if engine.state["scores"] is not None:
        return 1000.0 * engine.returns()[seat] + mine
    leader = max(p["position"] for s, p in enumerate(players) if s != seat)
    return mine - 0.5 * leader


GAME = Game(
    name="dice_race",
    vocabulary=VOCABULARY,
    build=DiceRaceProgram,
    setup=setup,
    start="race",
    primitives={
        "roll_move": Implementation(roll_move),
        "advance": Implementation(advance, can_advance),
        "spend": Implementation(spend, can_spend),
    },
    counters={},
    ops={"race": race},
    piles=(),
    invariants=invariants,
    narrate=narrate,
    heuristic=heuristic,
    position=position,
    clock=lambda state: state["race"]["turns"],
    ending=lambda state: state["race"]["ending"] or "none",
    track_floor=lambda engine, track: 0,
    # the rulings the code reads, with the options it plays: the linter checks them
    checks=(
        consulted_rulings(
            {
                "finish_line": ("overshoot", "exact", "bounce"),
                "doubles": ("boost", "nothing"),
                "race_end": ("round", "at_once"),
            }
        ),
    ),
)
