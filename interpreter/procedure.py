"""The engine's own game procedure, for a game written entirely in the language
(`game { module rules_only ... }`): seats take turns in order, a round is every seat's turn,
and the game ends when a track reaches its `end_at` value or after the last of its
`rounds`; the best score wins, `tie_break` deciding between equal scores.

Everything it reads comes from the rules (the compiled Program: `turn`, `rounds`,
`score`, `tie_break`, each track's `start`, `min`, `limit` and `end_at`); it names no game.

State beyond the engine's keys: `players[seat]` holds one number per track, `rounds`
the seat to play, the round, the turns played and, once over, how the game ended
(`threshold`: a track reached its end; `rounds`: the last round was played), and
`roll` the faces of the last roll of dice; `cards` the decks, discard piles and hands
when the rules declare decks (interpreter/decks.py); `queues` the resolution queues
when the rules declare them (interpreter/queues.py).
"""

from __future__ import annotations

from ..dsl import decks as deck_words
from ..dsl import queues as queue_words
from ..dsl.diagnostics import Diagnostic
from ..dsl.errors import ArgumentError
from ..dsl.i18n import N_
from ..dsl.procedure import END_WHEN, VOCABULARY
from ..dsl.text import TextRenderer
from . import decks, queues
from .core_primitives import rule
from .engine import Engine
from .game import Frame, Game
from .program import Program

TURN = N_("-- round {round}, {who}: {tracks} --")
ROLLS = N_("  {who} rolls {faces}")
GAINS = N_("  {who} gains {amount}: now {to}")
GAINS_PAST_LIMIT = N_("  {who} gains {amount}, past the limit: now {to}")
PLAIN_GAIN = N_("  {who} gains {amount}")
LOSES = N_("  {who} loses {amount}")
PAYS = N_("  {who} pays {amount}")
CHOOSES = N_("  {who}: {label}")
OVER_THRESHOLD = N_("** the game is over: a track has reached its end **")
OVER_ROUNDS = N_("** the game is over: the last round has been played **")


def setup(program: Program, state: dict, players: int) -> None:
    if players not in program.player_range:
        raise ArgumentError(
            f"{program.title} is for {program.player_range.start}-"
            f"{program.player_range.stop - 1} players, not {players}"
        )
    starts = {name: track.start for name, track in program.tracks.items()}
    state["players"] = [dict(starts) for _ in range(players)]
    state["rounds"] = {"seat": 0, "round": 1, "turns": 0, "ending": None}
    state["roll"] = []
    decks.setup(program, state, players)
    queues.setup(program, state)


def _reached(engine: Engine) -> set[str]:
    """When the game ends for the thresholds reached now (at_once, round), if any."""
    out = set()
    for name, track in engine.data.tracks.items():
        if track.end_at is None or track.end_when is None:
            continue
        if any(player[name] >= track.end_at for player in engine.state["players"]):
            out.add(rule(engine, track.end_when, END_WHEN))
    return out


def rounds(engine: Engine, frame: Frame) -> None:
    """Turns in seat order until a threshold is reached or the last round is over."""
    state, data = engine.state, engine.data
    play = state["rounds"]
    if frame.pop("in_turn", False):
        seat = play["seat"]
        play["turns"] += 1
        last = seat == len(state["players"]) - 1
        reached = _reached(engine)
        if "at_once" in reached or (reached and last):
            play["ending"] = "threshold"
        elif last and play["round"] == data.rounds:
            play["ending"] = "rounds"
        play["seat"] = (seat + 1) % len(state["players"])
        play["round"] += play["seat"] == 0
    if play["ending"] is not None:
        state["scores"] = [player[data.score_track] for player in state["players"]]
        engine.log("game_end", ending=play["ending"], scores=state["scores"])
        engine.finish(frame)
        return
    seat = play["seat"]
    frame["in_turn"] = True
    engine.log("turn", seat=seat, round=play["round"], tracks=dict(state["players"][seat]))
    engine.push({"op": "phase", "seat": seat, "phase": data.turn_phase, "pc": 0})


def break_ties(engine: Engine, winners: list[int]) -> list[int]:
    """Of seats with the same best score, those best on the `tie_break` track."""
    track = engine.data.tie_break
    if track is None or len(winners) < 2:
        return winners
    best = max(engine.state["players"][seat][track] for seat in winners)
    return [seat for seat in winners if engine.state["players"][seat][track] == best]


def invariants(engine: Engine) -> list[str]:
    state, out = engine.state, []
    for seat, player in enumerate(state["players"]):
        for name, track in engine.data.tracks.items():
            value = player[name]
            if track.min is not None and value < track.min:
                out.append(f"P{seat + 1} has {value} {name}, below its min {track.min}")
            if track.limit is not None and value > track.limit:
                out.append(f"P{seat + 1} has {value} {name}, above its limit {track.limit}")
    if (state["scores"] is None) != (state["rounds"]["ending"] is None):
        out.append("scores are set exactly when the game has ended")
    return out + decks.invariants(engine, queues.cards_in(state)) + queues.invariants(engine)


def _amount(text: TextRenderer, amount: int, track: str) -> str:
    return f"{text.tr.number(amount)} {text.word(track, None, amount)}"


def narrate(event: dict, names: list[str], text: TextRenderer) -> str | None:
    """One line of the log, from the rules' own words (track nouns)."""
    kind = event["event"]
    who = names[event["seat"]] if isinstance(event.get("seat"), int) else ""
    cards = decks.narrate(event, who, text)
    if cards is not None:
        return cards
    queued = queues.narrate(event, who, text)
    if queued is not None:
        return queued
    if kind == "turn":
        tracks = text.join([_amount(text, v, t) for t, v in event["tracks"].items()])
        return "\n" + text.fill(TURN, {"round": event["round"], "who": who, "tracks": tracks})
    if kind == "choice":
        return text.fill(CHOOSES, {"who": who, "label": event["label"]})
    if kind == "roll":
        faces = " ".join(text.tr.number(f) for f in event["faces"])
        return text.fill(ROLLS, {"who": who, "faces": faces})
    if kind in ("gain_vp", "lose_vp", "pay"):
        amount = _amount(text, event["amount"], event["track"])
        if kind == "gain_vp" and "to" in event:
            beyond = event["to"] != event["start"] + event["amount"]
            values = {"who": who, "amount": amount, "to": event["to"]}
            return text.fill(GAINS_PAST_LIMIT if beyond else GAINS, values)
        template = {"gain_vp": PLAIN_GAIN, "lose_vp": LOSES, "pay": PAYS}[kind]
        return text.fill(template, {"who": who, "amount": amount})
    if kind == "game_end":
        why = OVER_THRESHOLD if event["ending"] == "threshold" else OVER_ROUNDS
        return "\n" + text.fill(why, {})
    return None


def heuristic(engine: Engine, seat: int) -> float:
    """The seat's score against the best other score (a won game counts above all)."""
    score = engine.data.score_track
    players = engine.state["players"]
    mine = players[seat][score]
    if engine.state["scores"] is not None:
        return 1000.0 * engine.returns()[seat] + mine
    leader = max((p[score] for s, p in enumerate(players) if s != seat), default=0)
    return mine - 0.5 * leader


def position(engine: Engine, seat: int) -> str:
    text = engine.data.text
    players = engine.state["players"]
    own = text.join([_amount(text, v, t) for t, v in players[seat].items()])
    score = engine.data.score_track
    others = ", ".join(
        f"P{s + 1}: {_amount(text, p[score], score)}" for s, p in enumerate(players) if s != seat
    )
    if "cards" in engine.state:
        own += f" | {decks.hand_text(engine, seat)}"
    rows = "".join(f"\n  {line}" for _, line in queues.rows(engine))
    return f"  {own} | {others}{rows}"


def checks(by_kind: dict) -> list[Diagnostic]:
    """A game of the core procedure needs a turn phase and an end: rounds or a threshold."""
    game = next(iter(by_kind.get("game", [])), None)
    if game is None:
        return []
    out = []
    if game.value("turn") is None:
        out.append(
            Diagnostic.of(
                "E111",
                game.item.span,
                N_("the core procedure needs 'turn': the phase each seat carries out"),
            )
        )
    ends = any(t.value("end_at") is not None for t in by_kind.get("track", []))
    if game.value("rounds") is None and not ends:
        out.append(
            Diagnostic.of(
                "E303",
                game.item.span,
                N_("the game can never end: give the game 'rounds' or a track 'end_at'"),
            )
        )
    return out


GAME: Game[Program] = Game(
    name="rules_only",
    vocabulary=VOCABULARY,
    build=Program,
    setup=setup,
    start="rounds",
    primitives={**decks.IMPLEMENTATIONS, **queues.IMPLEMENTATIONS},
    counters={},
    ops={"rounds": rounds},
    piles=(),
    invariants=invariants,
    narrate=narrate,
    heuristic=heuristic,
    position=position,
    clock=lambda state: state["rounds"]["turns"],
    ending=lambda state: state["rounds"]["ending"] or "none",
    checks=(checks, deck_words.checks, queue_words.checks),
    seen_event=queues.seen_event,
    determinize=decks.determinize,
    break_ties=break_ties,
)
