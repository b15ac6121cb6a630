"""The game loop: the last set-up steps, turns in order, the end trigger, the final round.

On a turn a player carries out the phase `turn` of content/turn.ba (sequence A or
B); in the final round the phase `final_turn`, which adds passing. In the solo game
the automated opponent takes its turn after the player's (hal.opponent_turn), and
the round ends after it.
"""

from __future__ import annotations

from ...dsl.i18n import NC_
from ..game import Frame
from . import hal
from .dice import roll, supply_dice
from .needs import CONSULTED_PHASES
from .neutral import reroll_neutral
from .ravagers import place_ravager
from .scoring import final_scoring
from .tables import Engine


def game(engine: Engine, frame: Frame) -> None:
    """The `game` operation: plays a whole game."""
    state = engine.state
    turn = state["turn"]
    pc = frame.setdefault("pc", 0)
    if pc == 0:
        setup_players = len(state["players"])
        for _ in range(engine.data.setups[setup_players].start_ravagers):
            place_ravager(engine)
        for seat in range(setup_players):
            for colour in engine.data.colors:
                index = supply_dice(engine, colour)[0]
                state["dice"][index]["owner"] = seat
                roll(engine, state["dice"][index])
        if state["neutral"] is not None:
            reroll_neutral(engine)
        if hal.playing(state):
            hal.roll_at_setup(engine)
        frame["pc"] = 1
        frame["aid_seat"] = 1
        return
    if pc == 1:
        seat = frame["aid_seat"]
        if seat < len(state["players"]):
            frame["aid_seat"] += 1
            advantage = engine.data.aids.get(seat + 1)
            if advantage is not None:
                engine.run_effect(seat, advantage, {"setup": True})
            return
        frame["pc"] = 2
        hal.aid(engine)  # in the solo game, if a ruling gives Hal the second aid
        return
    if pc == 2:
        frame["pc"] = 3
        engine.log("setup_done")
        engine.raise_event("setup_done")
        return
    if frame.get("in_turn"):
        frame["in_turn"] = False
        if not hal.opponent_turn(engine, frame):
            end_of_turn(engine)
        return
    if frame.pop("opponent_turn", False):
        end_of_turn(engine)
        return
    if turn["game_over"]:
        if not frame.get("scoring"):
            frame["scoring"] = True  # the triggers on final_scoring run before the scores
            engine.raise_event("final_scoring")
            return
        final_scoring(engine)
        engine.finish(frame)
        return
    seat = turn["seat"]
    phase = engine.data.final_turn_phase if turn["final_round"] else engine.data.turn_phase
    state["context"] = {"seat": seat}
    frame["in_turn"] = True
    engine.log("turn", seat=seat, round=turn["round"], final=turn["final_round"])
    engine.push({"op": "phase", "seat": seat, "phase": phase, "pc": 0})


def end_of_turn(engine: Engine) -> None:
    turn = engine.state["turn"]
    turn["turns"] += 1
    seat = turn["seat"]
    if seat == turn["last_seat_of_round"]:
        if turn["final_round"]:
            turn["game_over"] = True
            return
        if turn["end_trigger"] is not None:
            turn["final_round"] = True
            engine.log("final_round")
        turn["round"] += 1
    turn["seat"] = (seat + 1) % len(engine.state["players"])


def clock(state: dict) -> int:
    """Turns played so far (stamped on every log event)."""
    return state["turn"]["turns"]


# how a game ended, as ba simulate shows it
ENDINGS = (NC_("ending", "spes"), NC_("ending", "ravagers"), NC_("ending", "none"))


def ending(state: dict) -> str:
    """What ended a finished game: spes or ravagers."""
    return state["turn"]["end_trigger"] or "none"


def can_pass_turn(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    """Only in the final round, and only when sequence A is impossible."""
    if not engine.state["turn"]["final_round"]:
        return False
    sequence_a = engine.data.primitives["run"].can
    phase = CONSULTED_PHASES["pass_turn"]
    return sequence_a is not None and not sequence_a(engine, seat, (phase,), ctx)


def pass_turn(engine: Engine, frame: Frame) -> None:
    engine.log("pass", seat=frame["seat"])
    engine.finish(frame)


def pass_id(args: tuple) -> str:
    """Passing is the option `pass` of the final turn's choice."""
    return "pass"
