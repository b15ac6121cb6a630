"""The engine's own game procedure, for a game written entirely in the language
(`game { module rules_only ... }`): seats take turns in order, a round is every seat's turn,
and the game ends when a track reaches its `end_at` value or after the last of its
`rounds`; the best score wins, `tie_break` deciding between equal scores. Or a round is
made of phases (`round PHASE captain|each`), led by a captain who moves on each round;
and in a `cooperative` game the seats win or lose together (interpreter/outcomes.py).

Everything it reads comes from the rules (the compiled Program: `turn`, `rounds`,
`score`, `tie_break`, each track's `start`, `min`, `limit` and `end_at`); it names no game.

State beyond the engine's keys: `players[seat]` holds one number per track (`shared` one
per shared track, when there are any), `rounds` the seat to play, the round, the turns
played and, once over, how the game ended (`threshold`: a track reached its end;
`rounds`: the last round was played; in a cooperative game `win_at`, `lose_at` or
`rounds`, and `outcome`, see outcomes.py); in a game of rounds of phases also the
`captain`, the phase of the round (`step`) and the seats that carried it out (`done`); and
`roll` the faces of the last roll of dice; `cards` the decks, discard piles and hands
when the rules declare decks (interpreter/decks.py); `grid` the grid, its pieces and
tokens when the rules declare one (interpreter/zones.py); `queues` the resolution
queues when the rules declare them (interpreter/queues.py); `milestones` the markers left
on tracks with milestones (interpreter/milestones.py) and `limits` the limits raised in
play (interpreter/limits.py).
"""

from __future__ import annotations

from ..dsl import card_sides as side_words
from ..dsl import companions as companion_words
from ..dsl import decks as deck_words
from ..dsl import limits as limit_words
from ..dsl import milestones as milestone_words
from ..dsl import outcomes as outcome_words
from ..dsl import queues as queue_words
from ..dsl import values as value_words
from ..dsl import zones as zone_words
from ..dsl.checker import Decl
from ..dsl.diagnostics import Diagnostic
from ..dsl.errors import ArgumentError
from ..dsl.i18n import N_, NC_
from ..dsl.procedure import END_WHEN, VOCABULARY
from ..dsl.text import TextRenderer
from . import card_sides, decks, limits, milestones, outcomes, queues, zones
from . import core_primitives as core
from .core_primitives import limit, rule
from .engine import Engine, Seat
from .game import Frame, Game, Implementation
from .procedure_scenarios import SCENARIO_FORMS
from .program import Program
from .rng import Rng

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
ROUND_START = N_("-- round {round}: {who} is the captain; table: {tracks} --")
PHASE_START = N_("- {phase}: {who} ({tracks})")
PHASE_START_SHARED_ONLY = N_("- {phase}: {who}")  # when every track is the table's
TEAM_WINS = N_("** the team wins: the {track} track has reached {value} **")
TEAM_LOSES = N_("** the team loses: the {track} track has reached {value} **")
TEAM_SURVIVES = N_("** the team wins: it has lasted the last round **")
TEAM_OUT_OF_TIME = N_("** the team loses: the last round is over **")
SHARED_UP = N_("  {who} adds {amount} to the table: now {now}")
SHARED_DOWN = N_("  {who} takes {amount} from the table: now {now}")
CAPTAIN = N_("captain: {who}")
# how a game ended, in a word (summaries): a competitive game's, then a cooperative one's
ENDINGS = (
    NC_("ending", "threshold"),
    NC_("ending", "rounds"),
    NC_("ending", "win_at"),
    NC_("ending", "lose_at"),
)
TABLE = N_("table: {tracks}")


def setup(program: Program, state: dict, players: int) -> None:
    if players not in program.player_range:
        raise ArgumentError(
            f"{program.title} is for {program.player_range.start}-"
            f"{program.player_range.stop - 1} players, not {players}"
        )
    starts = {name: t.start for name, t in program.tracks.items() if not t.shared}
    state["players"] = [dict(starts) for _ in range(players)]
    shared = {name: t.start for name, t in program.tracks.items() if t.shared}
    if shared:
        state["shared"] = shared
    state["rounds"] = {"seat": 0, "round": 1, "turns": 0, "ending": None}
    if program.cooperative is not None:
        state["rounds"].update(outcome=None, won=None)
    state["roll"] = []
    milestones.setup(program, state, players)
    limits.setup(program, state, players)
    decks.setup(program, state, players)
    zones.setup(program, state, players)
    queues.setup(program, state)
    if program.round_phases:
        first = 0 if program.first_captain == "first" else Rng(state).below(players)
        state["rounds"].update(seat=first, captain=first, step=0, done=0)


def _reached(engine: Engine) -> set[str]:
    """When the game ends for the thresholds reached now (at_once, round), if any."""
    out = set()
    for name, track in engine.data.tracks.items():
        if track.end_at is None or track.end_when is None:
            continue
        if any(value >= track.end_at for value in outcomes.values(engine, name)):
            out.add(rule(engine, track.end_when, END_WHEN))
    return out


def rounds(engine: Engine, frame: Frame) -> None:
    """Turns in seat order, or the phases of each round from its captain, until the game
    is decided, a threshold is reached or the last round is over."""
    state, data = engine.state, engine.data
    play = state["rounds"]
    if data.setup_phase is not None and not frame.get("set_up"):
        frame["set_up"] = True  # the game's own set-up steps, before the first round
        engine.push({"op": "phase", "seat": play["seat"], "phase": data.setup_phase, "pc": 0})
        return
    if frame.pop("in_turn", False):
        play["turns"] += 1
        round_over = _advance(engine)
        limit = None if data.rounds is None else data.count(data.rounds, engine.players)
        last = round_over and play["round"] == limit
        if data.cooperative is None:
            reached = _reached(engine)
            if "at_once" in reached or (reached and round_over):
                play["ending"] = "threshold"
            elif last:
                play["ending"] = "rounds"
        elif play["outcome"] is None and last:
            outcomes.rounds_out(engine)
        if round_over:
            _next_round(engine)
    if data.cooperative is not None and play["outcome"] is not None:
        play["ending"] = _cooperative_ending(play["outcome"])
    if play["ending"] is not None:
        _end(engine, frame)
        return
    frame["in_turn"] = True
    seat = play["seat"]
    op = "phase" if data.cooperative is None else "step"
    if not data.round_phases:
        engine.log("turn", seat=seat, round=play["round"], tracks=dict(state["players"][seat]))
        engine.push({"op": op, "seat": seat, "phase": data.turn_phase, "pc": 0})
        return
    phase = data.round_phases[play["step"]][0]
    if play["step"] == 0 and play["done"] == 0:
        engine.log("round", seat=seat, round=play["round"], shared=dict(state.get("shared", {})))
    engine.log("phase_turn", seat=seat, phase=phase, tracks=dict(state["players"][seat]))
    engine.push({"op": op, "seat": seat, "phase": phase, "pc": 0})


def _advance(engine: Engine) -> bool:
    """After a seat's turn or phase: the next seat to play; whether the round is over."""
    play, players = engine.state["rounds"], len(engine.state["players"])
    phases = engine.data.round_phases
    if not phases:
        play["seat"] = (play["seat"] + 1) % players
        return play["seat"] == 0
    play["done"] += 1
    if phases[play["step"]][1] == "captain" or play["done"] == players:
        play["step"] += 1
        play["done"] = 0
    play["seat"] = (play["captain"] + play["done"]) % players
    return play["step"] == len(phases)


def _next_round(engine: Engine) -> None:
    """A new round: with rounds of phases, led by the next captain, from its first phase."""
    play = engine.state["rounds"]
    play["round"] += 1
    if engine.data.round_phases:
        play["captain"] = (play["captain"] + 1) % len(engine.state["players"])
        play["seat"] = play["captain"]
        play["step"] = 0


def _cooperative_ending(outcome: dict) -> str:
    """How a cooperative game ended, in a word: a threshold's keyword, or `rounds`."""
    if outcome["track"] is None:
        return "rounds"
    return "win_at" if outcome["result"] == "win" else "lose_at"


def _end(engine: Engine, frame: Frame) -> None:
    """The final scores (a cooperative game: 1 for every seat on a win, 0 on a loss)."""
    state, data = engine.state, engine.data
    play = state["rounds"]
    if data.cooperative is None:
        state["scores"] = [player[data.score_track] for player in state["players"]]
        engine.log("game_end", ending=play["ending"], scores=state["scores"])
    else:
        outcome = play["outcome"]
        state["scores"] = [int(outcome["result"] == "win")] * len(state["players"])
        engine.log("game_end", ending=play["ending"], scores=state["scores"], **outcome)
    engine.finish(frame)


def break_ties(engine: Engine, winners: list[int]) -> list[int]:
    """Of seats with the same best score, those best on the `tie_break` track; in a
    cooperative game, every seat when the team won, none when it lost."""
    if engine.data.cooperative is not None:
        return winners if engine.state["rounds"]["outcome"]["result"] == "win" else []
    track = engine.data.tie_break
    if track is None or len(winners) < 2:
        return winners
    best = max(engine.state["players"][seat][track] for seat in winners)
    return [seat for seat in winners if engine.state["players"][seat][track] == best]


def invariants(engine: Engine) -> list[str]:
    state, data, out = engine.state, engine.data, []
    holders = [(f"P{seat + 1}", player) for seat, player in enumerate(state["players"])]
    holders.append(("the table", state.get("shared", {})))
    for seat, (who, held) in enumerate(holders):
        for name, track in data.tracks.items():
            if track.shared != (who == "the table"):
                continue
            value, top = held[name], limit(engine, seat, name)
            if track.min is not None and value < track.min:
                out.append(f"{who} has {value} {name}, below its min {track.min}")
            if top is not None and value > top:
                out.append(f"{who} has {value} {name}, above its limit {top}")
    play = state["rounds"]
    if (state["scores"] is None) != (play["ending"] is None):
        out.append("scores are set exactly when the game has ended")
    if data.cooperative is not None and (play["outcome"] is None) != (play["ending"] is None):
        out.append("a cooperative game is decided exactly when it has ended")
    if data.round_phases:
        players = len(state["players"])
        if not 0 <= play["captain"] < players:
            out.append(f"the captain {play['captain']} is not a seat")
        if play["ending"] is None and not (
            0 <= play["step"] < len(data.round_phases) and 0 <= play["done"] < players
        ):
            out.append(f"phase {play['step']} of the round, {play['done']} seats done: no such")
    elsewhere = zones.on_board(engine) + queues.cards_in(state)
    return (
        out
        + milestones.invariants(engine)
        + limits.invariants(engine)
        + decks.invariants(engine, elsewhere)
        + zones.invariants(engine)
        + queues.invariants(engine)
    )


def _amount(text: TextRenderer, amount: int, track: str) -> str:
    return f"{text.tr.number(amount)} {text.word(track, None, amount)}"


def narrate(event: dict, names: list[str], text: TextRenderer) -> str | None:
    """One line of the log, from the rules' own words (track nouns)."""
    kind = event["event"]
    who = names[event["seat"]] if isinstance(event.get("seat"), int) else ""
    cards = decks.narrate(event, who, text)
    if cards is not None:
        return cards
    grid = zones.narrate(event, text)
    if grid is not None:
        return grid
    queued = queues.narrate(event, who, text)
    if queued is not None:
        return queued
    other = (
        milestones.narrate(event, text)
        or limits.narrate(event, text)
        or card_sides.narrate(event, text)
    )
    if other is not None:
        return other
    if kind == "turn":
        tracks = _tracks(text, event["tracks"])
        return "\n" + text.fill(TURN, {"round": event["round"], "who": who, "tracks": tracks})
    if kind == "round":
        values = {"round": event["round"], "who": who, "tracks": _tracks(text, event["shared"])}
        return "\n" + text.fill(ROUND_START, values)
    if kind == "phase_turn":
        values = {"phase": text.word(event["phase"]), "who": who}
        if not event["tracks"]:
            return text.fill(PHASE_START_SHARED_ONLY, values)
        return text.fill(PHASE_START, {**values, "tracks": _tracks(text, event["tracks"])})
    if kind == "choice" and event["label"] is None:  # a choice the viewer may not see
        return None
    if kind == "choice":
        return text.fill(CHOOSES, {"who": who, "label": event["label"]})
    if kind == "roll":
        faces = " ".join(text.tr.number(f) for f in event["faces"])
        return text.fill(ROLLS, {"who": who, "faces": faces})
    if kind in ("gain_vp", "lose_vp", "pay"):
        amount = _amount(text, event["amount"], event["track"])
        if "shared" in event:
            if event["amount"] == 0:  # the table's count is what it was: nothing to tell
                return None
            template = SHARED_UP if kind == "gain_vp" else SHARED_DOWN
            return text.fill(template, {"who": who, "amount": amount, "now": event["shared"]})
        if kind == "gain_vp" and "to" in event:
            beyond = event["to"] != event["start"] + event["amount"]
            values = {"who": who, "amount": amount, "to": event["to"]}
            return text.fill(GAINS_PAST_LIMIT if beyond else GAINS, values)
        template = {"gain_vp": PLAIN_GAIN, "lose_vp": LOSES, "pay": PAYS}[kind]
        return text.fill(template, {"who": who, "amount": amount})
    if kind == "game_end":
        return "\n" + _why(event, text)
    return None


def _tracks(text: TextRenderer, tracks: dict[str, int]) -> str:
    return text.join([_amount(text, v, t) for t, v in tracks.items()])


def _why(event: dict, text: TextRenderer) -> str:
    """Why the game is over: for a cooperative game, the team's fate and what sealed it."""
    if "result" not in event:
        return text.fill(OVER_THRESHOLD if event["ending"] == "threshold" else OVER_ROUNDS, {})
    won = event["result"] == "win"
    if event["track"] is None:
        return text.fill(TEAM_SURVIVES if won else TEAM_OUT_OF_TIME, {})
    values = {"track": text.word(event["track"], None, 2), "value": event["value"]}
    return text.fill(TEAM_WINS if won else TEAM_LOSES, values)


OPPOSITION = 0.5  # what each point of life left to the grid's pieces costs the team
FINISHED = 1000.0  # a won cooperative game's worth to the bots; a lost one's is its opposite


def heuristic(engine: Engine, seat: int) -> float:
    """The seat's score against the best other score (a won game counts above all); in a
    cooperative game, how far the team is from its thresholds (outcomes.progress), less
    the life left to the pieces of the grid, the team's opposition. A finished cooperative
    game is worth more than any position if won and less than any if lost (an estimate
    is negative: a lost game worth 0 would be sought)."""
    if engine.state["scores"] is not None and engine.data.cooperative is not None:
        return FINISHED if engine.returns()[seat] > 0 else -FINISHED
    if engine.data.cooperative is not None:
        return outcomes.progress(engine) - OPPOSITION * zones.opposition(engine)
    score = engine.data.score_track
    players = engine.state["players"]
    mine = players[seat][score]
    if engine.state["scores"] is not None:
        return 1000.0 * engine.returns()[seat] + mine
    leader = max((p[score] for s, p in enumerate(players) if s != seat), default=0)
    return mine - 0.5 * leader


def position(engine: Engine, seat: int) -> str:
    """The seat's tracks and hand; the others' scores, or the table's tracks and captain."""
    text, state = engine.data.text, engine.state
    players = state["players"]
    own = _tracks(text, players[seat])
    if "cards" in state:
        own += f" | {decks.hand_text(engine, seat)}"
    parts = [own]
    if engine.data.cooperative is None:
        score = engine.data.score_track
        parts.append(
            ", ".join(
                f"P{s + 1}: {_amount(text, p[score], score)}"
                for s, p in enumerate(players)
                if s != seat
            )
        )
    if "shared" in state:
        parts.append(text.fill(TABLE, {"tracks": _tracks(text, state["shared"])}))
    if engine.data.round_phases:
        parts.append(text.fill(CAPTAIN, {"who": f"P{state['rounds']['captain'] + 1}"}))
    parts += [shown for _, shown in milestones.lines(engine, seat) + limits.lines(engine, seat)]
    line = "  " + " | ".join(parts)
    if "cards" in state and engine.data.card_places:
        names = [f"P{s + 1}" for s in range(len(players))]
        line += "".join(f"\n  {shown}" for _, shown in decks.places_lines(engine, names))
    line += "".join(f"\n  {row}" for _, row in queues.rows(engine))
    return line + (zones.grid_text(engine) if "grid" in state else "")


def checks(by_kind: dict) -> list[Diagnostic]:
    """A game of the core procedure needs a turn phase (or a round of phases) and an end:
    rounds or a threshold."""
    game = next(iter(by_kind.get("game", [])), None)
    if game is None:
        return []
    out = []
    if game.value("turn") is None and game.first("round") is None:
        out.append(
            Diagnostic.of(
                "E111",
                game.item.span,
                N_(
                    "the core procedure needs 'turn' (the phase each seat carries out) or "
                    "'round' lines (the phases of a round)"
                ),
            )
        )
    ends = any(
        t.value(key) is not None
        for t in by_kind.get("track", [])
        for key in ("end_at", "win_at", "lose_at")
    )
    if game.value("rounds") is None and not ends:
        out.append(
            Diagnostic.of(
                "E303",
                game.item.span,
                N_("the game can never end: give the game 'rounds' or a track 'end_at'"),
            )
        )
    out += [d for t in by_kind.get("track", []) for d in _start_within_bounds(t)]
    return out + _variants_used(by_kind)


def _variants_used(by_kind: dict) -> list[Diagnostic]:
    """A variant of a game of this procedure plays only through the cards that belong to
    it (`card { variant NAME }`): one that no card names would change nothing."""
    named = {card.value("variant") for card in by_kind.get("card", [])}
    return [
        Diagnostic.of(
            "W401",
            variant.item.span,
            N_("the variant '{variant}' changes nothing: no card belongs to it"),
            variant=variant.id,
        )
        for variant in by_kind.get("variant", [])
        if variant.id is not None and variant.id not in named
    ]


def _start_within_bounds(track: Decl) -> list[Diagnostic]:
    """A track starts between its min and its limit (else set-up breaks its own bounds)."""
    start, low, high = track.value("start", default=0), track.value("min"), track.value("limit")
    if low is not None and high is not None and low > high:
        return [
            Diagnostic.of(
                "E110",
                track.item.span,
                N_("the track '{track}' has its min {low} above its limit {high}"),
                track=track.id,
                low=low,
                high=high,
            )
        ]
    if (low is not None and start < low) or (high is not None and start > high):
        return [
            Diagnostic.of(
                "E110",
                track.item.span,
                N_("the track '{track}' starts at {start}, outside its min and limit"),
                track=track.id,
                start=start,
            )
        ]
    return []


def _player_count(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    """The condition `player_count N` (dsl/values.py): the game has exactly N players."""
    return engine.players == args[0]


def _state_shape(data: Program, players: int) -> dict[str, dict]:
    """The schemas of the state's places that a state set up may leave empty or hold of
    more than one shape: the cards' (interpreter/decks.py), the grid's cells and the
    queues' places."""
    return {
        **decks.state_shape(data, players),
        **zones.state_shape(data, players),
        **queues.state_shape(data, players),
    }


GAME: Game[Program] = Game(
    name="rules_only",
    vocabulary=VOCABULARY,
    build=Program,
    setup=setup,
    start="rounds",
    primitives={
        **decks.IMPLEMENTATIONS,
        **zones.IMPLEMENTATIONS,
        **queues.IMPLEMENTATIONS,
        **outcomes.IMPLEMENTATIONS,
        **milestones.IMPLEMENTATIONS,
        **limits.IMPLEMENTATIONS,
        **card_sides.IMPLEMENTATIONS,
        "player_count": Implementation(core.nothing, _player_count),
    },
    counters=zones.COUNTERS,
    ops={"rounds": rounds, "step": outcomes.step},
    piles=(),
    invariants=invariants,
    narrate=narrate,
    heuristic=heuristic,
    position=position,
    clock=lambda state: state["rounds"]["turns"],
    ending=lambda state: state["rounds"]["ending"] or "none",
    checks=(
        checks,
        deck_words.checks,
        zone_words.checks,
        queue_words.checks,
        outcome_words.checks,
        value_words.checks,
        milestone_words.checks,
        limit_words.checks,
        companion_words.checks,
        side_words.checks,
    ),
    seen_event=queues.seen_event,
    state_shape=_state_shape,
    determinize=decks.determinize,
    break_ties=break_ties,
    scenarios=SCENARIO_FORMS,
)
