"""The advanced rules' boost sides: technology tiles come into play boost side up, and a
tile's one-time ("1x") effect improves one action, after which the tile is flipped to
its standard side for good.

A tile's boost effect is an effect of the rules (content/technology.ba, `boost:`); it is
offered at the moment it fits, as the feasibility check of its primitive says:

    die      a die has been chosen for A.2 (set_die_value, set_die_color)
    action   a board action is being performed (gain_on_action)
    reserve  sequence B, after the paid reservation (free_reserve)

Only standard-side tiles can be activated (by a card beside the grid, by debris, by a
neighbouring tile); a player may flip a boost tile early to activate it, giving up its
1x effect. `state["sides"]` holds the side of every technology tile in view (display,
grids, taken by Discover, ejected), in games with the variant "advanced" only.
"""

from __future__ import annotations

from ..game import NO_ANSWER, Frame, take_answer
from . import labels
from .labels import later
from .tables import Engine, Text

ADVANCED = "advanced"


def advanced(engine: Engine) -> bool:
    return engine.variant(ADVANCED)


def boost_up(engine: Engine, tile: str | None) -> bool:
    """Whether a tile lies boost side up (never, in the basic game)."""
    return tile is not None and engine.state["sides"].get(tile) == "boost"


def comes_into_view(engine: Engine, tile: str) -> None:
    """A technology tile enters the display (or the set-up's display): boost side up."""
    if advanced(engine) and engine.data.tiles[tile].kind == "tech":
        engine.state["sides"][tile] = "boost"


def leaves_play(engine: Engine, tile: str) -> None:
    """A tile leaves the game (spent, or pushed out of the display): it has no side now."""
    engine.state["sides"].pop(tile, None)


def flip(engine: Engine, seat: int, tile: str, why: str) -> None:
    """Turn a tile to its standard side, for good."""
    engine.state["sides"][tile] = "standard"
    engine.log("flip_tile", seat=seat, tile=tile, why=why)


def offers(engine: Engine, seat: int, ctx: dict) -> list[tuple[str, Text, str]]:
    """The boost tiles in the player's grid whose 1x effect can be used now."""
    out: list[tuple[str, Text, str]] = []
    if not engine.state["sides"]:  # no tile lies boost side up (the basic game)
        return out
    for tile in engine.state["players"][seat]["grid"]:
        if not boost_up(engine, tile):
            continue
        effect = engine.data.tiles[tile].boost
        if effect is not None and engine.can(seat, effect, ctx):
            label = later(labels.USE_BOOST, ("tile", tile), ("effect", engine.describe(effect)))
            out.append((f"boost:{tile}", label, tile))
    return out


def used(engine: Engine) -> int:
    """How many 1x effects have improved the current action (or this sequence B)."""
    return int(engine.state["context"].get("boosts", 0))


def allowed(engine: Engine) -> bool:
    """Whether one more 1x effect may improve this action (the ruling combine_boosts)."""
    return used(engine) == 0 or engine.ruling("combine_boosts") == "several"


def use_boosts(engine: Engine, frame: Frame) -> None:
    """Offer the 1x effects that fit a moment (the primitive's argument), one at a time;
    each one used flips its tile and runs its effect. With `frame["required"]` the moment
    needs one (a die that only a 1x effect makes usable): "none" is not offered."""
    seat = frame["seat"]
    ctx = {**frame["ctx"], "moment": frame["args"][0]}
    answer = take_answer(frame)
    if answer is not NO_ANSWER:
        if answer is None:
            engine.finish(frame)
            return
        flip(engine, seat, answer, "boost")
        engine.state["context"]["boosts"] = used(engine) + 1
        engine.log("boost", seat=seat, tile=answer, moment=ctx["moment"])
        frame["required"] = False
        effect = engine.data.tiles[answer].boost
        assert effect is not None  # offers() only lists tiles with a boost side
        engine.run_effect(seat, effect, ctx)
        return
    options: list[tuple[str, Text, str | None]] = []
    if advanced(engine) and allowed(engine):
        options += offers(engine, seat, ctx)
    if not options:
        engine.finish(frame)
        return
    if not frame.get("required"):
        options.append(("none", later(labels.NO_BOOST), None))
    engine.ask(seat, "boost", later(labels.WHICH_BOOST), options)


def offer(engine: Engine, seat: int, moment: str, required: bool = False, **ctx: object) -> None:
    """Push the offer of the 1x effects that fit a moment (nothing in the basic game)."""
    if advanced(engine):
        engine.push(
            {
                "op": "prim",
                "name": "use_boosts",
                "seat": seat,
                "args": (moment,),
                "ctx": dict(ctx),
                "required": required,
            }
        )


def can_gain_on_action(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    return ctx.get("moment") == "action" and ctx.get("action") == args[0]


def gain_on_action(engine: Engine, frame: Frame) -> None:
    """B1: points for performing the action the tile names."""
    amount = frame["args"][1]
    engine.state["players"][frame["seat"]][engine.data.score_track] += amount
    engine.log("gain_vp", seat=frame["seat"], amount=amount, track=engine.data.score_track)
    engine.finish(frame)


def tally(engine: Engine) -> dict[str, int]:
    """How often each kind of 1x effect was used in a finished game, and the early flips."""
    out: dict[str, int] = {}
    for event in engine.state["log"]:
        effect = engine.data.tiles[event["tile"]].boost if event["event"] == "boost" else None
        if effect is not None:
            node = engine.data.nodes[effect]
            name = f"1x {getattr(node, 'name', 'effect')}"
            out[name] = out.get(name, 0) + 1
        elif event["event"] == "flip_tile" and event["why"] != "boost":
            name = f"tiles flipped early ({event['why']})"
            out[name] = out.get(name, 0) + 1
    return out


# ---- activating tiles: the standard side only -----------------------------------------
def early_flips(engine: Engine, seat: int, cells: list[int]) -> list[int]:
    """Boost tiles among `cells` that a card would activate if they were standard side up."""
    grid = engine.state["players"][seat]["grid"]
    return [cell for cell in cells if boost_up(engine, grid[cell])]
