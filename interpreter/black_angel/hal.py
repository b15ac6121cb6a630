"""Hal, the automated opponent of the solo game: his part of the state, the primitives
of his turn, the die he takes, his items turned into VP, and the places where the
ordinary rules meet him.

What Hal does is written in content/hal.ba: his turn as phases (hal_turn), the half of
his card he reads first (`first_half`), his cards, his weights and starting VP, and
what he gets besides (`ejected`, `paid`, `comet`). This module implements the
primitives those rules call, one documented thing each; his four actions are in
hal_actions.py. docs/solo.md explains the design.

Hal is no seat. The engine's players are the seats that decide; Hal only follows his
rules. His record is `state["hal"]` (layout.py), his dice and cards have the owner
"hal" (HAL), and effects run for him under the seat HAL:

- the core primitives gain and lose write to his record (`holder`, in __init__.py);
- the game's ordinary primitives do for him what `for_hal` says: `take` turns the items
  into VP by his weights, a cost is assumed paid or refused (the ruling hal_costs), a
  few that do not depend on who carries them out run as they are (damage, the advance
  of the Black Angel), and the rest are beyond him (he has no hand, grid or ships);
- a question an effect asks him is answered by `decide`: the option worth the most VP
  to him by his weights (the rulebook's "what suits him best"), the first on a tie.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...dsl import ast
from ..core_primitives import lose_points
from ..game import Frame, Implementation
from ..rng import Rng
from .dice import dice_of, return_die, roll, supply_dice, take_from_supply
from .layout import HAL
from .tables import Automa, BlackAngelProgram, Engine, Text

# Hal's position at the table: he plays after the player (the ruling hal_player_aid).
HAL_POSITION = 2


# ---- his record ----------------------------------------------------------------------
def automa(engine: Engine) -> Automa:
    """Hal's declaration (content/hal.ba)."""
    return engine.data.automata[engine.state["hal"]["automa"]]


def playing(state: dict) -> bool:
    return state.get("hal") is not None


def set_up(data: BlackAngelProgram, state: dict, automa_id: str) -> None:
    """The solo set-up of Hal: no board, tiles, cards or storage; a robot in each
    workstation and the others in the break room; his cards shuffled; his starting VP
    by the difficulty level (a ruling)."""
    spec = data.automata[automa_id]
    workstations = {c: data.numbers["player_start.workstation"] for c in data.colors}
    deck = list(spec.deck)
    Rng(state).shuffle(deck)
    level = state["rulings"].get(spec.difficulty_ruling)
    if level not in spec.levels:
        raise ValueError(f"Hal has no starting VP for difficulty '{level}'")
    state["hal"] = {
        "automa": automa_id,
        "vp": spec.levels[level],
        "break_room": data.robot_limit - sum(workstations.values()),
        "workstations": workstations,
        "deck": deck,
        "revealed": [],
        "discard": [],
        "taken": [],
        "die": None,
        "half": None,
        "after": "a",
    }
    state["hal_cards_in_box"] = sorted(set(data.hal_cards) - set(deck))


def roll_at_setup(engine: Engine) -> None:
    """Set-up, last step: Hal rolls a die per robot in a workstation, as every player
    does (his dice may be damaged, like theirs)."""
    state = engine.state
    for colour, robots in state["hal"]["workstations"].items():
        for index in supply_dice(engine, colour)[:robots]:
            state["dice"][index]["owner"] = HAL
            roll(engine, state["dice"][index])
    engine.log("hal_rolls", dice=_dice_shown(engine), damaged=0)


def score_items(engine: Engine, amount: int, item: str) -> None:
    """Hal keeps nothing: items he gains become VP at once, by his weights."""
    vp = amount * automa(engine).weights.get(item, 0)
    engine.state["hal"]["vp"] += vp
    engine.log("hal_gains", amount=amount, item=item, vp=vp)


# ---- his turn --------------------------------------------------------------------------
def start_turn(engine: Engine) -> str:
    """Before Hal's turn: remember the sequence the player carried out (it says which half
    he reads first); returns the phase of his turn."""
    state = engine.state
    state["hal"]["after"] = state["context"].get("sequence", "pass")
    state["context"] = {"seat": HAL}
    engine.log("hal_turn", round=state["turn"]["round"], final=state["turn"]["final_round"])
    return automa(engine).turn


def can_reveal(engine: Engine, seat: Any, args: tuple, ctx: dict) -> bool:
    """Hal plays a card only with a die in his compartment."""
    return bool(dice_of(engine, HAL))


def reveal(engine: Engine, frame: Frame) -> None:
    """Reveal his top card; an empty deck is his discards, reshuffled. Like a player's
    sequence A, his card turn may trigger the end by emptying the Ravager deck."""
    hal = engine.state["hal"]
    engine.state["context"]["sequence"] = "a"
    if not hal["deck"]:
        hal["deck"], hal["discard"] = hal["discard"], []
        engine.rng.shuffle(hal["deck"])
        engine.log("hal_reshuffle", cards=len(hal["deck"]))
    if not hal["deck"]:
        engine.finish(frame, False)
        return
    card = hal["deck"].pop()
    hal["revealed"] = [card]
    engine.log("hal_reveals", card=card, after=hal["after"])
    engine.finish(frame)


def revealed(engine: Engine) -> str | None:
    cards = engine.state["hal"]["revealed"]
    return cards[0] if cards else None


def half_name(engine: Engine, which: str) -> str:
    """The half (top, bottom) Hal reads first or second after the player's sequence."""
    first = automa(engine).first_half.get(engine.state["hal"]["after"], "top")
    if which == "first":
        return first
    return "bottom" if first == "top" else "top"


def half_effect(engine: Engine, which: str) -> int | None:
    card = revealed(engine)
    return None if card is None else engine.data.hal_cards[card][half_name(engine, which)]


def colours_named(engine: Engine, effect: int) -> list[str]:
    """The colours of the dice a half takes (its hal_take_die)."""
    return [
        str(c.values[0])
        for c in ast.walk_calls(engine.data.nodes[effect])
        if c.name == "hal_take_die"
    ]


def doing(engine: Engine, effect: int) -> list:
    """What a half does with its die, for the log: [primitive, argument...]."""
    for call in ast.walk_calls(engine.data.nodes[effect]):
        if call.name not in ("hal_take_die", "hal_fallback"):
            return [call.name, *call.values]
    return []


def can_half(engine: Engine, seat: Any, args: tuple, ctx: dict) -> bool:
    """A half can be read when its die can be taken (its action has its own fallback).
    Before a card is revealed nothing is known yet, and a half counts as possible: so
    `run hal_card_turn` is possible exactly when Hal has a die."""
    effect = half_effect(engine, args[0])
    return effect is None or engine.can(HAL, effect, ctx)


def half(engine: Engine, frame: Frame) -> None:
    """Carry out the half of the revealed card that Hal reads first, or second."""
    if frame.get("started"):
        engine.finish(frame, engine.state["result"])
        return
    which = frame["args"][0]
    effect = half_effect(engine, which)
    if effect is None:
        engine.finish(frame, False)
        return
    frame["started"] = True
    engine.state["hal"]["half"] = half_name(engine, which)
    passed = []
    if which == "second":  # the first half's colour was not available
        first = half_effect(engine, "first")
        passed = colours_named(engine, first) if first is not None else []
    engine.log(
        "hal_reads",
        card=revealed(engine),
        half=half_name(engine, which),
        which=which,
        after=engine.state["hal"]["after"],
        colors=colours_named(engine, effect),
        does=doing(engine, effect),
        passed=passed,
    )
    engine.run_effect(HAL, effect, frame["ctx"])


# ---- the die he takes ----------------------------------------------------------------------
def die_for(engine: Engine, colour: str) -> tuple[int, bool] | None:
    """(die, bought) that Hal takes for a colour (`best_die`); None if the colour is not
    available (the ruling hal_die_availability: with hal_only, only his own dice make it
    available)."""
    own = [i for i in dice_of(engine, HAL) if engine.state["dice"][i]["color"] == colour]
    if not own and engine.ruling("hal_die_availability") == "hal_only":
        return None
    return best_die(engine, {colour})


def best_die(engine: Engine, colours: set[str]) -> tuple[int, bool] | None:
    """(die, bought): Hal's die selection (solo rules, p. 15) among the dice of these
    colours, his own and the player's unreserved ones: the highest, his own on a tie;
    bought when it is the player's. None when there is no such die."""
    dice = engine.state["dice"]
    own = [i for i in dice_of(engine, HAL) if dice[i]["color"] in colours]
    theirs = [
        i
        for i, d in enumerate(dice)
        if isinstance(d["owner"], int) and not d["reserved"] and d["color"] in colours
    ]
    if not own and not theirs:
        return None
    ranked = [(dice[i]["value"], 1, -i) for i in own] + [(dice[i]["value"], 0, -i) for i in theirs]
    value, mine, index = max(ranked)
    return -index, not mine


def can_take_die(engine: Engine, seat: Any, args: tuple, ctx: dict) -> bool:
    return die_for(engine, args[0]) is not None


def take_die(engine: Engine, frame: Frame) -> None:
    """Hal takes his die; a die of the player's is bought: the player takes the price from
    the supply (Hal has nothing to pay with)."""
    chosen = die_for(engine, frame["args"][0])
    if chosen is None:
        engine.finish(frame, False)
        return
    index, bought = chosen
    state = engine.state
    die = state["dice"][index]
    seller = buy(engine, index) if bought else None
    die["owner"], die["reserved"] = HAL, False
    state["hal"]["die"] = index
    state["context"]["die"] = index
    engine.log(
        "hal_takes_die",
        die=index,
        color=die["color"],
        value=die["value"],
        bought_from=seller,
    )
    engine.finish(frame)


def buy(engine: Engine, index: int) -> int:
    """Hal buys a die of the player's: its owner takes the price from the supply (Hal has
    nothing to pay with). Returns the seller."""
    seller: int = engine.state["dice"][index]["owner"]
    amount, item = engine.data.die_price
    engine.state["players"][seller]["storage"][item] += amount
    return seller


def can_drop_die(engine: Engine, seat: Any, args: tuple, ctx: dict) -> bool:
    return fallback_die(engine) is not None


def third_colours(engine: Engine) -> set[str]:
    """The colours neither half of the revealed card names (before a card is revealed:
    every colour). With neither colour available Hal holds only dice of these (A32)."""
    named: set[str] = set()
    card = revealed(engine)
    if card is not None:
        for effect in engine.data.hal_cards[card].values():
            named.update(colours_named(engine, effect))
    return set(engine.data.colors) - named


def fallback_die(engine: Engine) -> tuple[int, bool] | None:
    """(die, bought) that Hal returns when neither half's colour is available. The solo
    rules (EN, PL, DE p. 15, Hal's turn) say only "an unreserved die of the third colour",
    so the ruling hal_fallback_die: by default his die selection (`best_die`: his dice and
    the player's unreserved ones, the highest); own_lowest: his own die, the lowest."""
    colours = third_colours(engine)
    if engine.ruling("hal_fallback_die") == "die_selection":
        return best_die(engine, colours)
    dice = engine.state["dice"]
    own = [i for i in dice_of(engine, HAL) if dice[i]["color"] in colours]
    return (min(own, key=lambda i: (dice[i]["value"], i)), False) if own else None


def drop_die(engine: Engine, frame: Frame) -> None:
    """Neither half's colour is available: a die of the third colour goes back to its
    supply (a die of the player's is bought first); then the fallback VP."""
    chosen = fallback_die(engine)
    if chosen is None:
        engine.finish(frame, False)
        return
    index, bought = chosen
    die = engine.state["dice"][index]
    seller = buy(engine, index) if bought else None
    engine.log(
        "hal_drops_die", die=index, color=die["color"], value=die["value"], bought_from=seller
    )
    return_die(engine, index)
    engine.finish(frame)


def return_used_die(engine: Engine, frame: Frame) -> None:
    """The die Hal used goes back to its supply (PL says so; the others imply it)."""
    hal = engine.state["hal"]
    index = hal["die"]
    if index is not None and engine.state["dice"][index]["owner"] == HAL:
        return_die(engine, index)
    hal["die"] = None
    engine.finish(frame)


def discard_card(engine: Engine, frame: Frame) -> None:
    hal = engine.state["hal"]
    hal["discard"].extend(hal["revealed"])
    hal["revealed"] = []
    hal["half"] = None
    engine.finish(frame)


def roll_dice(engine: Engine, frame: Frame) -> None:
    """Hal has no die: one die per robot of his in a workstation, undamaged dice first; a
    damaged die is repaired as it is rolled and, with the ruling hal_damaged_dice =
    lose_vp, costs him the penalty a player pays in B.1."""
    state = engine.state
    state["context"]["sequence"] = "b"
    damaged = 0
    for colour, robots in state["hal"]["workstations"].items():
        for _ in range(robots):
            die = take_from_supply(engine, colour, HAL)
            if die is None:
                break
            if die["damaged"]:
                die["damaged"] = False
                damaged += 1
                if engine.ruling("hal_damaged_dice") == "lose_vp":
                    penalty = engine.data.numbers["die.damaged_roll_penalty"]
                    lose_points(engine, HAL, penalty, "vp")
            roll(engine, die)
    engine.log("hal_rolls", dice=_dice_shown(engine), damaged=damaged)
    engine.finish(frame)


def _dice_shown(engine: Engine) -> list[str]:
    dice = engine.state["dice"]
    return [f"{dice[i]['color']} {dice[i]['value']}" for i in dice_of(engine, HAL)]


# ---- where the ordinary rules meet him -------------------------------------------------
def opponent_turn(engine: Engine, frame: Frame) -> bool:
    """After the player's turn, Hal's (turn.py asks): pushes his phase. True if it did."""
    if not playing(engine.state) or frame.get("opponent_turn"):
        return False
    frame["opponent_turn"] = True
    engine.push({"op": "phase", "seat": HAL, "phase": start_turn(engine), "pc": 0})
    return True


def aid(engine: Engine) -> bool:
    """Set-up: Hal's player aid, if the ruling hal_player_aid gives him one (the advantage
    of the position after the player's, turned into VP like everything he gains)."""
    if not playing(engine.state) or engine.ruling("hal_player_aid") != "second_position":
        return False
    advantage = engine.data.aids.get(HAL_POSITION)
    if advantage is None:
        return False
    engine.run_effect(HAL, advantage, {"setup": True})
    return True


def ejection_effects(engine: Engine, key: str) -> list[list]:
    """[seat, effect, hex] for one of Hal's cards leaving space: his `ejected` reward (and
    none of the card's own effects); the players with a ship on it still get their part
    unless the ruling hal_card_ejection says nothing else happens."""
    spec = automa(engine)
    out: list[list] = []
    engine.log("hal_card_ejected", card=engine.state["space"]["cards"][key]["mission"])
    if spec.ejected is not None:
        out.append([HAL, spec.ejected, key])
    if engine.ruling("hal_card_ejection") == "nothing_else":
        return out
    sp = engine.state["space"]
    mission = engine.data.missions[sp["cards"][key]["mission"]]
    ships = sp["ships"].get(key, [])
    for who, effect in sorted(mission.ejection.items()):
        if who in ("passengers", "everyone"):
            out.extend([seat, effect, key] for seat in ships)
    return out


def card_ejected(engine: Engine, card: dict) -> None:
    """One of Hal's cards leaves space: to its colour's discards, his robot back to his
    break room."""
    mission = card["mission"]
    engine.state["mission_discard"][engine.data.missions[mission].color].append(mission)
    if card["robot"] == HAL:
        engine.state["hal"]["break_room"] += 1
    engine.log("hal_card_discarded", card=mission)


def final_score(engine: Engine) -> None:
    """Hal scores nothing at the end: his score is his VP."""
    engine.log("hal_final", total=engine.state["hal"]["vp"])


def rival(state: dict) -> tuple[str, int] | None:
    """Hal's name and score, which the player must beat, strictly, to win."""
    return ("Hal", state["hal"]["vp"]) if playing(state) else None


def holder(state: dict, seat: Any) -> dict:
    """Whose record holds a seat's VP: Hal's own, or the player's."""
    return state["hal"] if seat == HAL else state["players"][seat]


# ---- the ordinary primitives, for Hal --------------------------------------------------
def _take(engine: Engine, frame: Frame) -> None:
    amount, item = frame["args"]
    score_items(engine, amount, item)
    engine.finish(frame)


def _can_pay_items(engine: Engine, seat: Any, args: tuple, ctx: dict) -> bool:
    """`spend`: with hal_costs = free he has whatever it asks; otherwise only robots."""
    return engine.ruling("hal_costs") == "free" or args[1] == "robot"


def _can_pay_other(engine: Engine, seat: Any, args: tuple, ctx: dict) -> bool:
    """Tiles and cards as a cost: only if he is assumed to have them (hal_costs = free)."""
    return engine.ruling("hal_costs") == "free"


def _pay(engine: Engine, frame: Frame) -> None:
    """He keeps nothing, so a cost he is assumed to pay takes nothing from him."""
    engine.log("hal_pays", primitive=frame["name"], args=list(frame["args"]))
    engine.finish(frame)


def _cannot(engine: Engine, frame: Frame) -> None:
    engine.log("hal_cannot", primitive=frame["name"])
    engine.finish(frame, False)


FOR_HAL = {
    "take": Implementation(_take),
    "spend": Implementation(_pay, _can_pay_items),
    "spend_tech": Implementation(_pay, _can_pay_other),
    "spend_card": Implementation(_pay, _can_pay_other),
    "discard": Implementation(_pay, _can_pay_other),
}
# what these do does not depend on who carries them out
AS_THEY_ARE = {"damage_next_action", "damage_die", "advance_black_angel"}
# counters that mean something for Hal (his cards in space); the others count 0 for him
COUNTED_FOR_HAL = {"missions_in_space", "cards_in_space"}


def for_hal(primitives: dict[str, Implementation]) -> dict[str, Implementation]:
    """The game's primitives, each doing for Hal what FOR_HAL says (or running as it is,
    or refusing: he has no hand, grid, ships or storage)."""
    out = {}
    for name, implementation in primitives.items():
        if name in AS_THEY_ARE:
            out[name] = implementation
        else:
            out[name] = _seat_aware(implementation, FOR_HAL.get(name))
    return out


def _seat_aware(player: Implementation, hal: Implementation | None) -> Implementation:
    player_run, player_can = player.run, player.can  # every primitive call goes through here

    def run(engine: Engine, frame: Frame) -> None:
        if frame["seat"] == HAL:
            (hal.run if hal is not None else _cannot)(engine, frame)
        else:
            player_run(engine, frame)

    def can(engine: Engine, seat: Any, args: tuple, ctx: dict) -> bool:
        if seat == HAL:
            return hal is not None and (hal.can is None or hal.can(engine, seat, args, ctx))
        return player_can is None or player_can(engine, seat, args, ctx)

    return replace(player, run=run, can=can)  # the label and option id stay the player's


def counters_for_hal(counters: dict) -> dict:
    """The game's counters; for Hal, those of COUNTED_FOR_HAL, the others 0."""

    def zero_for_hal(counter):
        def count(engine: Engine, seat: Any, args: tuple, ctx: dict) -> int:
            return 0 if seat == HAL else counter(engine, seat, args, ctx)

        return count

    return {
        name: counter if name in COUNTED_FOR_HAL else zero_for_hal(counter)
        for name, counter in counters.items()
    }


# ---- questions an effect asks him ----------------------------------------------------------
def decide(engine: Engine, seat: Any, kind: str, options: Sequence[tuple[str, Text, Any]]) -> tuple:
    """What suits Hal best: the option worth the most VP to him (by his weights, counting
    what an effect gains, takes and loses), the first on a tie; an optional effect he
    takes unless it would cost him VP."""
    frame = engine.state["stack"][-1]
    parts = engine.data.parts[frame["effect"]] if "effect" in frame else ()
    if kind == "optional" and parts:
        worth = vp_worth(engine, engine.data.nodes[parts[0]])
        return next(o for o in options if o[2] is (worth >= 0))
    if kind == "choose_effect" and parts:
        return max(options, key=lambda o: vp_worth(engine, engine.data.nodes[parts[o[2]]]))
    return options[0]


def vp_worth(engine: Engine, node: ast.Effect) -> float:
    """An effect's VP for Hal, read off its calls (a counted effect counts once)."""
    weights = automa(engine).weights
    if isinstance(node, ast.Call):
        values = node.values
        if node.name == "gain" and len(values) == 2:
            return float(values[0])
        if node.name == "lose" and len(values) == 2:
            return -float(values[0])
        if node.name == "take" and len(values) == 2:
            return float(values[0]) * weights.get(str(values[1]), 0)
        if node.name == "hal_fallback":
            return float(values[0])
        return 0.0
    if isinstance(node, ast.Choice):
        return max(vp_worth(engine, o) for o in node.options)
    if isinstance(node, ast.Optional):
        return max(0.0, vp_worth(engine, node.step))
    if isinstance(node, ast.Otherwise):
        return vp_worth(engine, node.first)
    return sum(vp_worth(engine, child) for child in node.children())
