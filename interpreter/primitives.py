"""Generic primitives: taking, spending, scoring, discarding, drawing, counting.

Each primitive is a frame operation (see engine.py): it reads `frame["args"]`
(the values written in the rules, in the registry's parameter order) and
`frame["ctx"]` (what the effect is about), may ask a decision, then finishes
with success or failure. `CAN` entries say whether it could be carried out.
"""

from __future__ import annotations

from .engine import Engine, can, counter, primitive


def _player(engine: Engine, seat: int) -> dict:
    return engine.state["players"][seat]


def _stock(player: dict, item: str) -> int:
    return player["break_room"] if item == "robot" else player["storage"][item]


# ---- scores ------------------------------------------------------------------
@primitive("gain")
def gain(engine: Engine, frame: dict) -> None:
    amount = frame["args"][0]
    _player(engine, frame["seat"])["vp"] += amount
    engine.log("gain_vp", seat=frame["seat"], amount=amount)
    engine.finish(frame)


def lose_vp(engine: Engine, seat: int, amount: int) -> None:
    """Lose VP; the score never goes below 0 unless the ruling allows it."""
    player = _player(engine, seat)
    floor = None if engine.ruling("negative_vp") == "allow" else 0
    player["vp"] -= amount
    if floor is not None and player["vp"] < floor:
        player["vp"] = floor
    engine.log("lose_vp", seat=seat, amount=amount)


@primitive("lose")
def lose(engine: Engine, frame: dict) -> None:
    lose_vp(engine, frame["seat"], frame["args"][0])
    engine.finish(frame)


# ---- items ---------------------------------------------------------------------
@can("take")
def can_take(engine: Engine, seat: int, args, ctx) -> bool:
    amount, item = args
    return item != "robot" or _player(engine, seat)["supply_robots"] >= amount


@primitive("take")
def take(engine: Engine, frame: dict) -> None:
    amount, item = frame["args"]
    player = _player(engine, frame["seat"])
    if item == "robot":
        if player["supply_robots"] < amount:
            engine.finish(frame, False)
            return
        player["supply_robots"] -= amount
        player["break_room"] += amount
    else:
        player["storage"][item] += amount
    engine.log("take", seat=frame["seat"], item=item, amount=amount)
    engine.finish(frame)


@can("spend")
def can_spend(engine: Engine, seat: int, args, ctx) -> bool:
    amount, item = args
    return _stock(_player(engine, seat), item) >= amount


@primitive("spend")
def spend(engine: Engine, frame: dict) -> None:
    amount, item = frame["args"]
    player = _player(engine, frame["seat"])
    if _stock(player, item) < amount:
        engine.finish(frame, False)
        return
    if item == "robot":
        player["break_room"] -= amount
        player["supply_robots"] += amount
    else:
        player["storage"][item] -= amount
    engine.log("spend", seat=frame["seat"], item=item, amount=amount)
    engine.finish(frame)


# ---- technology tiles given up as a cost ------------------------------------------
def spendable_tiles(engine: Engine, seat: int) -> list[tuple[str, object]]:
    """(label, where) of tiles that can be spent: non-advanced, in the grid or ejected."""
    player = _player(engine, seat)
    tiles = engine.data.tiles
    allowed = ("tech", "start_tile") if engine.ruling("spend_start_tiles") == "yes" else ("tech",)
    out = []
    for cell, tile in enumerate(player["grid"]):
        if tile is not None and tiles[tile].kind in allowed:
            out.append((f"grid:{cell}", ("grid", cell)))
    for index, tile in enumerate(player["ejected"]):
        if tiles[tile].kind in allowed:
            out.append((f"ejected:{index}", ("ejected", index)))
    return out


@can("spend_tech")
def can_spend_tech(engine: Engine, seat: int, args, ctx) -> bool:
    return len(spendable_tiles(engine, seat)) >= args[0]


@primitive("spend_tech")
def spend_tech(engine: Engine, frame: dict) -> None:
    seat = frame["seat"]
    player = _player(engine, seat)
    frame.setdefault("left", frame["args"][0])
    if "answer" in frame:
        where, index = frame.pop("answer")
        if where == "grid":
            tile = player["grid"][index]
            player["grid"][index] = None
            if player["debris_on"][index]:
                player["debris_on"][index] = False
                player["storage"]["debris"] += 1
        else:
            tile = player["ejected"].pop(index)
        engine.state["spent_tiles"].append(tile)
        engine.log("spend_tile", seat=seat, tile=tile)
        frame["left"] -= 1
    if frame["left"] == 0:
        engine.finish(frame)
        return
    options = spendable_tiles(engine, seat)
    if not options:
        engine.finish(frame, False)
        return
    engine.ask(
        seat,
        "spend_tile",
        "Spend which technology tile?",
        [(oid, _tile_label(engine, player, where), where) for oid, where in options],
    )


def _tile_label(engine: Engine, player: dict, where) -> str:
    kind, index = where
    tile = player["grid"][index] if kind == "grid" else player["ejected"][index]
    return f"{tile} ({'grid cell ' + str(index + 1) if kind == 'grid' else 'ejected'})"


# ---- cards in hand -------------------------------------------------------------
def _hand(player: dict, card: str) -> list[str]:
    return player["hand"] if card == "mission" else player["ravagers"]


def discard_card(engine: Engine, card_kind: str, card: str) -> None:
    if card_kind == "mission":
        engine.state["mission_discard"][engine.data.missions[card].color].append(card)
    else:
        engine.state["ravager_discard"].append(card)


@can("spend_card")
@can("discard")
def can_discard(engine: Engine, seat: int, args, ctx) -> bool:
    amount, card = args
    return len(_hand(_player(engine, seat), card)) >= amount


@primitive("spend_card")
@primitive("discard")
def discard(engine: Engine, frame: dict) -> None:
    amount, card_kind = frame["args"]
    seat = frame["seat"]
    hand = _hand(_player(engine, seat), card_kind)
    frame.setdefault("left", amount)
    if "answer" in frame:
        card = frame.pop("answer")
        hand.remove(card)
        discard_card(engine, card_kind, card)
        engine.log("discard", seat=seat, card=card)
        frame["left"] -= 1
    if frame["left"] == 0:
        engine.finish(frame)
        return
    if not hand:
        engine.finish(frame, False)
        return
    choices = sorted(set(hand))
    if len(choices) == 1:
        frame["answer"] = choices[0]
        return
    engine.ask(
        seat,
        "discard",
        f"Discard which {card_kind} card?",
        [(f"card:{c}", _card_label(engine, c), c) for c in choices],
    )


def _card_label(engine: Engine, card: str) -> str:
    mission = engine.data.missions.get(card)
    return f"{card} ({mission.color})" if mission else card


# ---- drawing ---------------------------------------------------------------------
def draw_mission(engine: Engine, colour: str) -> str | None:
    """Top card of a colour's deck; the discards are reshuffled when it runs out."""
    deck = engine.state["mission_deck"][colour]
    if not deck:
        discards = engine.state["mission_discard"][colour]
        if not discards:
            return None
        deck.extend(discards)
        discards.clear()
        engine.rng.shuffle(deck)
        engine.log("reshuffle", deck=colour)
    return deck.pop()


def _drawable(engine: Engine, colour: str) -> bool:
    return bool(engine.state["mission_deck"][colour] or engine.state["mission_discard"][colour])


@can("draw_keep")
def can_draw_keep(engine: Engine, seat: int, args, ctx) -> bool:
    return any(_drawable(engine, c) for c in engine.data.colors)


@primitive("draw_keep")
def draw_keep(engine: Engine, frame: dict) -> None:
    draw, keep = frame["args"]
    seat = frame["seat"]
    player = _player(engine, seat)
    if "colour" not in frame:
        if "answer" not in frame:
            colours = [c for c in engine.data.colors if _drawable(engine, c)]
            if not colours:
                engine.finish(frame, False)
                return
            engine.ask(
                seat,
                "draw_colour",
                "Draw cards of which colour?",
                [(f"color:{c}", c, c) for c in colours],
            )
            return
        frame["colour"] = frame.pop("answer")
        drawn = [draw_mission(engine, frame["colour"]) for _ in range(draw)]
        frame["drawn"] = [c for c in drawn if c is not None]
        frame["keep"] = min(keep, len(frame["drawn"]))
    if "answer" in frame:
        card = frame.pop("answer")
        frame["drawn"].remove(card)
        player["hand"].append(card)
        frame["keep"] -= 1
    if frame["keep"] > 0 and frame["drawn"]:
        engine.ask(
            seat,
            "keep",
            "Keep which card?",
            [(f"card:{c}", _card_label(engine, c), c) for c in frame["drawn"]],
        )
        return
    for card in frame["drawn"]:
        discard_card(engine, "mission", card)
    engine.finish(frame)


# ---- counters --------------------------------------------------------------------
def owned_cards_in_space(engine: Engine, seat: int, colour: str | None, skip_first: bool) -> int:
    space = engine.state["space"]
    first = space["order"][0]
    total = 0
    for key, card in space["cards"].items():
        if card["owner"] != seat or (skip_first and key.split("/")[0] == first):
            continue
        if colour is None or engine.data.missions[card["mission"]].color == colour:
            total += 1
    return total


@counter("missions_in_space")
def count_missions_in_space(engine: Engine, seat: int, args, ctx) -> int:
    return owned_cards_in_space(engine, seat, args[0], skip_first=True)


@counter("cards_in_space")
def count_cards_in_space(engine: Engine, seat: int, args, ctx) -> int:
    return owned_cards_in_space(engine, seat, None, skip_first=not ctx.get("final"))


@counter("missions_ejected")
def count_missions_ejected(engine: Engine, seat: int, args, ctx) -> int:
    tucked = len(_player(engine, seat)["tucked"][args[0]])
    if ctx.get("ejecting") and engine.ruling("freshly_ejected") == "counted":
        tucked += owned_cards_in_space(engine, seat, args[0], skip_first=False) - (
            owned_cards_in_space(engine, seat, args[0], skip_first=True)
        )
    return tucked


@counter("tiles_in_grid")
def count_tiles_in_grid(engine: Engine, seat: int, args, ctx) -> int:
    tiles = engine.data.tiles
    return sum(
        1
        for t in _player(engine, seat)["grid"]
        if t is not None and tiles[t].kind == "tech" and tiles[t].color == args[0]
    )


@counter("ejected_tiles")
def count_ejected_tiles(engine: Engine, seat: int, args, ctx) -> int:
    kinds = ("tech", "start_tile") if engine.ruling("ejected_start_tiles") == "count" else ("tech",)
    return sum(1 for t in _player(engine, seat)["ejected"] if engine.data.tiles[t].kind in kinds)


@counter("debris_in_storage")
def count_debris(engine: Engine, seat: int, args, ctx) -> int:
    return _player(engine, seat)["storage"]["debris"]


@counter("ravagers_in_hand")
def count_ravagers(engine: Engine, seat: int, args, ctx) -> int:
    return len(_player(engine, seat)["ravagers"])


@counter("advanced_tiles")
def count_advanced(engine: Engine, seat: int, args, ctx) -> int:
    player = _player(engine, seat)
    tiles = engine.data.tiles
    in_grid = sum(1 for t in player["grid"] if t is not None and tiles[t].kind == "advanced")
    placed = sum(1 for t in player["advanced_spaces"] if t is not None)
    return in_grid + placed + len(player["advanced_aside"])


# ---- structure -------------------------------------------------------------------
@primitive("run")
def run_phase(engine: Engine, frame: dict) -> None:
    if frame.get("started"):
        engine.finish(frame, engine.state["result"])
        return
    frame["started"] = True
    engine.push({"op": "phase", "seat": frame["seat"], "phase": frame["args"][0], "pc": 0})


@primitive("emit")
def emit(engine: Engine, frame: dict) -> None:
    engine.log("event", name=frame["args"][0], seat=frame["seat"])
    engine.finish(frame)
