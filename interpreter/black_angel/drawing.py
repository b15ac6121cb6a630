"""The table drawn from the state, as SVG: the Black Angel board (its six actions with
damage and ravagers), space (the strips with their hexes, mission cards, ships and the
Black Angel), the technology display and the advanced slots, the dice, each player's
board (grid, storage, robots, cards) and, in the solo game, Hal.

Every picture is drawn from `engine.state` and the program's tables; every word is a
message of the catalogs in the game's language. Every card or tile shows its face as the
game describes it (its `faces` hook: kind, colour, cost, rules text): its id and, where
there is room, the short form of its effects, the whole text as a tooltip, and a
`data-card` naming it, so that the page opens its full face on a tap. Hexes, grid cells
and display spaces are labelled as the options name them. What a viewer may not see is not drawn:
another player's hand is a count of cards by colour, and a card they played face down
beside their board shows only its kind and colour (face_down.py). An element that an option of the
pending decision names (a hex, a grid cell, a die, an action...) has a `data-target`
(`targets` gives the option ids that name each one), so the page makes it clickable.
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape

from ...dsl.i18n import N_, NN_
from ...web.changes import piece
from ...web.svg import COLOURS, INK, arrow, attributes, hexagon_points, svg, terrain_fill, text, tip
from ..engine import Decision, Engine
from .face_down import seen_card
from .layout import HAL, NEUTRAL
from .space import hex_at

# the players' colours (not the game's three colours, nor the Black Angel's black)
SEAT_COLOURS = ("#c0392b", "#2471a3", "#7d3c98", "#d63384")
NEUTRAL_COLOUR = "#9e9e9e"
HAL_COLOUR = "#111"
LIGHT = {"orange": "#fbe3c4", "gray": "#e2e2e2", "green": "#cfe8d3"}
RAVAGER_COLOUR = "#8b1e1e"
DICE_IN_A_ROW = 7  # 40 px dice: the row fits a phone's width unscaled

BOARD = N_("The Black Angel board")
ACTION = N_("action {number}: {kind}")
DAMAGE = NN_("{count} damage", "{count} damage")
RAVAGER_DECK = NN_("ravager deck: {count} card", "ravager deck: {count} cards")
ROUND = N_("round {round}")
FINAL_ROUND = N_("round {round}, the final round")
SPACE = N_("Space")
BLACK_ANGEL = N_("the Black Angel")
SHIP_OF = N_("a ship of {player}")
MISSION_AT = N_("{card} of {player}, at {hex}")
ROBOT_ON = N_("with a robot of {player}")
HEX_TIP = N_("{hex}: {terrain}")
SPES = N_("Spes")
DISPLAY = N_("Technology display")
DISPLAY_SPACE = N_("display space {number}")
ADVANCED = N_("Advanced tiles")
STACK = NN_("{color}: {count} tile", "{color}: {count} tiles")
ADVANCED_DECK = NN_("advanced deck: {count} tile", "advanced deck: {count} tiles")
DICE = N_("Dice")
SUPPLY = N_("supply")
DIE_TIP = N_("{color} die, value {value}")
DAMAGED = N_("damaged")
RESERVED = N_("reserved")
NEUTRAL_NAME = N_("neutral player")
VP = N_("{vp} VP")
GRID_CELL = N_("cell {number}")
EMPTY = N_("empty")
DEBRIS_ON = N_("debris on it")
BOOST_SIDE = N_("boost side up")
STORAGE = N_("storage")
BREAK_ROOM = N_("break room: {count}")
SUPPLY_ROBOTS = N_("robot supply: {count}")
WORKSTATIONS = N_("workstations")
HAND = N_("hand")
HIDDEN_HAND = NN_("{count} mission card", "{count} mission cards")
RAVAGERS_IN_HAND = NN_("{count} ravager card", "{count} ravager cards")
TUCKED = N_("tucked")
ADVANCED_SPACES = N_("advanced spaces")
EJECTED = N_("ejected")
SLOT = N_("beside {line}")
ROW = N_("row {number}")
COLUMN = N_("column {number}")
ENTER_ROW = N_("enter row {number}")
ENTER_COLUMN = N_("enter column {number}")
HAL_BOARD = N_("Hal")
HAL_DECK = NN_("deck: {count} card", "deck: {count} cards")
HAL_DISCARD = NN_("discard: {count} card", "discard: {count} cards")
HAL_PLAYS = N_("plays")
HAL_PLAYED = N_("played last")
HAL_TOOK = N_("took")
DISCARDS = N_("discard piles: {piles}")  # TRANSLATORS: {piles}: "orange 2, gray 1, ..."
RAVAGER_DISCARD = NN_("ravager discard: {count} card", "ravager discard: {count} cards")
TILE_DISCARD = NN_("{count} tile pushed out", "{count} tiles pushed out")


def colour_of(owner: object) -> str:
    if isinstance(owner, int):
        return SEAT_COLOURS[owner % len(SEAT_COLOURS)]
    return HAL_COLOUR if owner == HAL else NEUTRAL_COLOUR


class Drawing:
    """The table of one game as one viewer sees it (None: a spectator)."""

    def __init__(self, engine: Engine, viewer: int | None, names: list[str]):
        self.engine = engine
        self.state = engine.state
        self.data = engine.data
        self.text = engine.data.text
        self.viewer = viewer
        self.names = names
        self.faces: dict[str, dict] = {}  # the faces of the cards drawn, by shown id

    # ---- words -------------------------------------------------------------------------
    def say(self, template, n: int = 1, **values) -> str:
        return self.text.fill(template, values, None, n)

    def colour_word(self, colour: str) -> str:
        return self.text.word(colour)

    def owner_name(self, owner: object) -> str:
        if isinstance(owner, int):
            return self.names[owner]
        return "Hal" if owner == HAL else self.say(NEUTRAL_NAME)

    def face(self, card: str) -> dict:
        """The face of a card or tile drawn (kept: the page receives every one drawn)."""
        if card not in self.faces:
            found = self.data.game.faces(self.engine, [card]).get(card)
            self.faces[card] = found or {"id": card, "lines": [], "short": []}
        return self.faces[card]

    def card_tip(self, card: str) -> str:
        face = self.face(card)
        head = " · ".join(
            str(part)
            for part in (face["id"], face.get("kind"), face.get("colour"), face.get("cost"))
            if part
        )
        return "\n".join([head, *face["lines"]])

    def card(
        self,
        x: float,
        y: float,
        card: str,
        fill: str,
        w: float = 46,
        h: float = 22,
        attrs: dict | None = None,
        edge: str = INK,
    ) -> str:
        """A card or tile: a rectangle with its id and, when it is tall enough, the
        short form of its effects; its whole text as a tooltip; a tap opens its face."""
        ink = "#fff" if fill in (RAVAGER_COLOUR, HAL_COLOUR, *COLOURS.values()) else INK
        face = self.face(card)
        shown = face["id"] or "?"  # a face-down card: its fill shows its kind and colour
        size = max(7, min(10, int(1.7 * (w - 4) / max(len(shown), 1))))  # the id fits
        out = [
            f'<g class="card" data-card="{escape(card)}"{attributes(attrs or {})}>',
            tip(self.card_tip(card)),
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" rx="3" fill="{fill}" '
            f'stroke="{edge}" stroke-width="{1 if edge == INK else 3}"/>',
        ]
        lines = max(0, int((h - 20) // 8.5))  # the bottom corner stays free for a label
        if not lines or not face["short"]:
            out.append(text(x + w / 2, y + h / 2 + 4, shown, size, fill=ink))
            return "".join(out) + "</g>"
        out.append(text(x + 3, y + 10, shown, min(size, 9), "start", fill=ink, font_weight="bold"))
        width = max(8, int((w - 6) / 3.5))  # characters of 7-pixel text in a line
        words = _card_words(tuple(face["lines"]), tuple(face["short"]), width, lines)
        for i, line in enumerate(words):
            out.append(text(x + 3, y + 19 + i * 8.5, line, 7, "start", fill=ink))
        return "".join(out) + "</g>"

    def hand_card(self, x: float, y: float, card: str) -> str:
        """A card in the viewer's hand: a light face edged in its colour, so that the
        short form of its effects reads."""
        mission = self.data.missions.get(card)
        fill = LIGHT.get(mission.color, "#fff") if mission else "#f3d6d6"
        edge = COLOURS.get(mission.color, INK) if mission else RAVAGER_COLOUR
        return self.card(x, y, card, fill, 97, 48, edge=edge)

    def mission_fill(self, card: str) -> str:
        mission = self.data.missions.get(card)
        return COLOURS.get(mission.color, "#888") if mission else RAVAGER_COLOUR

    # ---- the pictures ------------------------------------------------------------------
    def figures(self) -> list[str]:
        out = [self.board(), self.space(), self.display(), self.dice()]
        if self.state.get("hal"):
            out.append(self.hal())
        order = list(range(len(self.state["players"])))
        if self.viewer is not None:  # the viewer's own board first
            order.remove(self.viewer)
            order.insert(0, self.viewer)
        out += [self.player(seat) for seat in order]
        return out

    def board(self) -> str:
        damage_spaces = self.data.numbers["board.damage_spaces"]
        body = []
        w, h = 128, 100
        for number, (colour, kind) in sorted(self.data.actions.items()):
            x = 8 + ((number - 1) % 3) * (w + 8)
            y = 8 + ((number - 1) // 3) * (h + 8)
            at = self.state["actions"][number - 1]
            name = self.say(ACTION, number=number, kind=self.text.word(kind, "USE_ON_ACTION.kind"))
            box = []
            box.append(
                f'<g data-target="action:{number}">{tip(name)}<rect x="{x}" y="{y}" width="{w}" '
                f'height="{h}" rx="8" fill="{LIGHT.get(colour, "#fff")}" '
                f'stroke="{COLOURS.get(colour, INK)}" stroke-width="4"/>'
            )
            box.append(text(x + 14, y + 22, str(number), 18, anchor="start", font_weight="bold"))
            label = self.text.word(kind, "USE_ON_ACTION.kind")
            for i, part in enumerate(_wrap(label, 15, 2)):
                box.append(text(x + 36, y + 17 + i * 13, part, 11, "start"))
            for space in range(damage_spaces):
                filled = space < at["damage"]
                box.append(
                    f'<rect x="{x + 10 + space * 22}" y="{y + 36}" width="18" height="18" '
                    f'fill="{"#b00020" if filled else "#fff"}" stroke="{INK}">'
                    f"{tip(self.say(DAMAGE, n=at['damage'], count=at['damage']))}</rect>"
                )
            held = [seat for seats in at["held"].values() for seat in seats]
            for i, seat in enumerate(held):
                box.append(
                    f'<circle cx="{x + w - 14 - i * 14}" cy="{y + 45}" r="6" '
                    f'fill="{colour_of(seat)}" stroke="#fff">{tip(self.owner_name(seat))}</circle>'
                )
            for i, ravager in enumerate(at["ravagers"]):
                box.append(self.card(x + 10 + i * 8, y + 56 + i * 14, ravager, RAVAGER_COLOUR))
            box.append("</g>")
            body.append(piece(f"action:{number}", "".join(box)))
        turn = self.state["turn"]
        rnd = self.say(FINAL_ROUND if turn["final_round"] else ROUND, round=turn["round"])
        deck = len(self.state["ravager_deck"])
        y = 2 * (h + 8) + 24
        body.append(piece("round", text(8, y, rnd, 13, anchor="start", font_weight="bold")))
        said = self.say(RAVAGER_DECK, n=deck, count=deck)
        body.append(piece("ravager-deck", text(8, y + 20, said, 12, "start")))
        return svg(3 * (w + 8) + 8, y + 30, self.say(BOARD), body, "table board")

    def space(self) -> str:
        space = self.state["space"]
        size = self.data.numbers["space.hexes_per_strip"]
        r = 30
        dx, dy = 1.5 * r, 3**0.5 * r
        left, top = 12 + r, 40
        body = []
        angel = space["black_angel"]
        for column, strip in enumerate(space["order"]):
            cx = left + column * dx
            shift = space["offset"][strip] * dy / 2
            head = [text(cx, 18, f"{strip}{space['face'][strip]}", 11)]
            if space.get("spes_token") == strip:
                head.append(text(cx, 32, "★ " + self.say(SPES), 10, fill="#8a6d00"))
            # a strip that moves has changed (its hexes, the same, are drawn elsewhere)
            where = f"{column}:{space['offset'][strip]}"
            body.append(piece(f"strip:{strip}", "".join(head), where))
            for pos in range(1, size + 1):
                cy = top + shift + (pos - 0.5) * dy
                at_angel = list(angel or []) == [strip, pos]
                body.append(self.hex(strip, pos, cx, cy, r, at_angel))
        width = left + (len(space["order"]) - 1) * dx + r + 12
        return svg(width, top + (size + 0.5) * dy + 8, self.say(SPACE), body, "table space")

    def hex(self, strip: str, pos: int, cx: float, cy: float, r: float, angel: bool) -> str:
        """One hex of space with what is on it: a mission card (and its robot), ships,
        the Black Angel."""
        space = self.state["space"]
        key = f"{strip}/{pos}"
        terrain = hex_at(self.engine, strip, pos)
        words = (
            self.say(SPES)
            if terrain.terrain == "spes"
            else self.text.word(terrain.terrain, "BLACK_ANGEL_MOVES.terrain")
        )
        fill = "#fff3b0" if terrain.terrain == "spes" else terrain_fill(terrain.terrain)
        out = [
            f'<g data-target="hex:{key}">{tip(self.say(HEX_TIP, hex=key, terrain=words))}'
            f'<polygon points="{hexagon_points(cx, cy, r - 1, flat=True)}" fill="{fill}" '
            f'stroke="{INK}" stroke-width="1.2"/>',
            # the hex's name as the options say it ("st5/3"), at its top edge
            text(cx, cy - 16, key, 8, fill=_ink_on(fill), class_="label"),
        ]
        if terrain.icons:
            out.append(text(cx + 17, cy - 3, "✶" * terrain.icons, 9, fill="#fff"))
        if terrain.comet:
            out.append(text(cx - 18, cy + 4, "☄", 12))
        out.append("</g>")
        card = space["cards"].get(key)
        if card is not None:
            owner = card["owner"]
            said = self.say(
                MISSION_AT, card=card["mission"], player=self.owner_name(owner), hex=key
            )
            if card["robot"] is not None:
                said += "; " + self.say(ROBOT_ON, player=self.owner_name(card["robot"]))
            mission = card["mission"]
            out.append(
                f'<g class="card" data-card="{escape(mission)}">'
                f"{tip(said + chr(10) + self.card_tip(mission))}"
                f'<rect x="{cx - 20:.1f}" y="{cy - 6:.1f}" width="40" height="16" rx="2" '
                f'fill="{LIGHT.get(self.data.missions[mission].color, "#fff")}" '
                f'stroke="{colour_of(owner)}" stroke-width="2.5"/>'
                f"{text(cx, cy + 6, card['mission'], 10)}</g>"
            )
            if card["robot"] is not None:
                out.append(
                    f'<circle cx="{cx + 18:.1f}" cy="{cy - 10:.1f}" r="5" '
                    f'fill="{colour_of(card["robot"])}" stroke="#fff"/>'
                )
        for i, seat in enumerate(space["ships"].get(key, [])):
            sx, sy = cx - 10 + i * 20, cy + 18
            out.append(
                f'<polygon points="{sx - 7:.1f},{sy + 5:.1f} {sx:.1f},{sy - 7:.1f} '
                f'{sx + 7:.1f},{sy + 5:.1f}" fill="{colour_of(seat)}" stroke="#fff">'
                f"{tip(self.say(SHIP_OF, player=self.owner_name(seat)))}</polygon>"
            )
        if angel:
            out.append(
                f'<g class="angel">{tip(self.say(BLACK_ANGEL))}<circle cx="{cx + 17:.1f}" '
                f'cy="{cy + 2:.1f}" r="9" fill="#000" stroke="#fff" stroke-width="2"/>'
                f"{text(cx + 17, cy + 6, '✦', 11, fill='#fff')}</g>"
            )
        return piece(f"hex:{key}", "".join(out))

    def display(self) -> str:
        body = []
        sides = self.state.get("sides", {})
        display = self.state["display"]
        body.append(text(8, 16, self.say(DISPLAY), 12, "start", font_weight="bold"))
        w, h, step = 70, 48, 76  # a tile, and the room it takes with its cost below
        for i, tile in enumerate(display):
            x, y = 8 + (i % 4) * step, 24 + (i // 4) * (h + 18)
            attrs = {"data-target": f"display:{i}"}
            if tile is None:
                empty = (
                    f"<g{attributes(attrs)}>{tip(self.say(DISPLAY_SPACE, number=i + 1))}"
                    f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="3" fill="#fafafa" '
                    f'stroke="#999" stroke-dasharray="3 3"/></g>'
                )
                body.append(piece(f"display:{i}", empty))
                continue
            colour = self.data.tiles[tile].color
            here = [self.card(x, y, tile, LIGHT.get(colour or "", "#fff"), w, h, attrs=attrs)]
            cost = self.face(tile).get("cost", "")
            here.append(text(x + w / 2, y + h + 11, cost, 9, fill="#555"))
            if sides.get(tile) == "boost":
                boost = text(x + w - 7, y + 11, "⚡", 10)
                here.append(f"<g>{tip(self.say(BOOST_SIDE))}{boost}</g>")
            body.append(piece(f"display:{i}", "".join(here)))
        y = 24 + 2 * (h + 18) + 14
        body.append(text(8, y, self.say(ADVANCED), 12, "start", font_weight="bold"))
        costs = [self.face(t).get("cost") for t in self.state["advanced_slots"] if t]
        if costs and costs[0]:
            body.append(text(8 + 4 * step, y, costs[0], 9, "end", fill="#555"))
        for i, tile in enumerate(self.state["advanced_slots"]):
            x = 8 + i * step
            attrs = {"data-target": f"advanced:{i}"}
            if tile is None:
                slot = (
                    f'<rect x="{x}" y="{y + 8}" width="{w}" height="{h}" fill="#fafafa" '
                    'stroke="#999" stroke-dasharray="3 3"/>'
                )
            else:
                slot = self.card(x, y + 8, tile, "#e8e0f5", w, h, attrs=attrs)
            body.append(piece(f"advanced:{i}", slot))
        y += h + 26
        for colour, tiles in self.state["stacks"].items():  # a line each: they fit a phone
            said = self.say(STACK, n=len(tiles), color=self.colour_word(colour), count=len(tiles))
            body.append(piece(f"stack:{colour}", text(8, y, said, 11, "start")))
            y += 15
        count = len(self.state["advanced_deck"])
        said = self.say(ADVANCED_DECK, n=count, count=count)
        body.append(piece("advanced-deck", text(8, y, said, 11, "start")))
        for pile, words in self.discards():
            y += 15
            body.append(piece(f"discard:{pile}", text(8, y, words, 11, "start", fill="#555")))
        return svg(8 + 4 * step, y + 10, self.say(DISPLAY), body, "table display")

    def discards(self) -> list[tuple[str, str]]:
        """The discard piles as counts: no rulebook (EN, PL, DE) says they may be looked
        through, and the cards played face down beside a board go to them at a reset, so
        the table shows how many cards of each kind and colour, not which. Each with
        the kind of its pile."""
        state = self.state
        piles = [
            f"{self.colour_word(colour)} {len(cards)}"
            for colour, cards in state["mission_discard"].items()
            if cards
        ]
        out = []
        if piles:
            out.append(("missions", self.say(DISCARDS, piles=self.text.tr.plain_list(piles))))
        ravagers = len(state["ravager_discard"])
        if ravagers:
            out.append(("ravagers", self.say(RAVAGER_DISCARD, n=ravagers, count=ravagers)))
        tiles = len(state["tile_discard"])
        if tiles:
            out.append(("tiles", self.say(TILE_DISCARD, n=tiles, count=tiles)))
        return out

    def dice(self) -> str:
        groups: dict[object, list[int]] = {}
        for i, die in enumerate(self.state["dice"]):
            groups.setdefault(die["owner"], []).append(i)
        owners = [None, *range(len(self.state["players"])), NEUTRAL, HAL]
        body = []
        y = 4
        for owner in owners:  # a line naming the owner, then its dice: 40 px, a finger's tap
            if owner not in groups:
                continue
            label = self.say(SUPPLY) if owner is None else self.owner_name(owner)
            ink = colour_of(owner) if owner is not None else INK
            body.append(text(8, y + 12, label, 11, "start", fill=ink, font_weight="bold"))
            y += 18
            for k, i in enumerate(groups[owner]):
                body.append(
                    self.die(8 + (k % DICE_IN_A_ROW) * 46, y + (k // DICE_IN_A_ROW) * 46, i)
                )
            y += 46 * ((len(groups[owner]) - 1) // DICE_IN_A_ROW + 1) + 2
        return svg(8 + DICE_IN_A_ROW * 46, y + 4, self.say(DICE), body, "table dice")

    def die(self, x: float, y: float, index: int) -> str:
        die = self.state["dice"][index]
        colour = die["color"]
        words = [self.say(DIE_TIP, color=self.colour_word(colour), value=die["value"])]
        if die["damaged"]:
            words.append(self.say(DAMAGED))
        if die["reserved"]:
            words.append(self.say(RESERVED))
        edge = {"stroke": INK, "stroke_width": 1}
        if die["damaged"]:
            edge = {"stroke": "#b00020", "stroke_width": 3, "stroke_dasharray": "4 2"}
        out = [
            f'<g data-target="die:{index}">{tip(", ".join(words))}'
            f'<rect x="{x}" y="{y}" width="40" height="40" rx="6" '
            f'fill="{COLOURS.get(colour, "#888")}"{attributes(edge)}/>',
            text(x + 20, y + 27, str(die["value"]), 20, fill="#fff", font_weight="bold"),
        ]
        if die["reserved"]:
            out.append(text(x + 34, y + 12, "🔒", 9))
        out.append("</g>")
        return piece(f"die:{index}", "".join(out), str(die["owner"]))

    def cell_number(self, x: float, y: float, index: int) -> str:
        """A grid cell's number, as options name it ("cell 5"), in its bottom corner."""
        said = self.say(GRID_CELL, number=index + 1)
        return f"<g>{tip(said)}{text(x, y, str(index + 1), 8, 'end', fill='#555')}</g>"

    def player(self, seat: int) -> str:
        p = self.state["players"][seat]
        own = seat == self.viewer
        size = self.data.grid_size
        cell = 56
        gx, gy = 40, 40
        body = [
            f'<rect x="0" y="0" width="100%" height="28" fill="{colour_of(seat)}"/>',
            text(8, 19, self.names[seat], 14, "start", fill="#fff", font_weight="bold"),
        ]
        vp = text(412, 19, self.say(VP, vp=p["vp"]), 14, "end", fill="#fff", font_weight="bold")
        body.append(piece(f"p{seat}:vp", vp))
        sides = self.state.get("sides", {})
        prefix = f"p{seat}-" if not own else ""
        for index, tile in enumerate(p["grid"]):
            row, column = divmod(index, size)
            x, y = gx + column * cell, gy + row * cell
            words = [self.say(GRID_CELL, number=index + 1)]
            attrs = {"data-target": f"{prefix}cell:{index}"}
            if tile is None:
                words.append(self.say(EMPTY))
                empty = (
                    f'<g{attributes(attrs)}>{tip(", ".join(words))}<rect x="{x}" y="{y}" '
                    f'width="{cell - 4}" height="{cell - 4}" fill="#fafafa" stroke="#999"/>'
                    f"{self.cell_number(x + cell - 7, y + cell - 7, index)}</g>"
                )
                body.append(piece(f"p{seat}:cell:{index}", empty))
                continue
            colour = self.data.tiles[tile].color
            fill = LIGHT.get(colour or "", "#f3e9c6")
            here = [self.card(x, y, tile, fill, cell - 4, cell - 4, attrs=attrs)]
            here.append(self.cell_number(x + cell - 7, y + cell - 7, index))
            if p["debris_on"][index]:
                here.append(
                    f'<circle cx="{x + 9}" cy="{y + cell - 13}" r="5" fill="#6d4c41">'
                    f"{tip(self.say(DEBRIS_ON))}</circle>"
                )
            if sides.get(tile) == "boost":
                here.append(
                    f"<g>{tip(self.say(BOOST_SIDE))}{text(x + cell - 12, y + 14, '⚡', 11)}</g>"
                )
            body.append(piece(f"p{seat}:cell:{index}", "".join(here)))
        # where tiles enter: rows from the left, columns from the bottom; a line's arrows
        # (technology, advanced) are one place to tap, with room around them for a finger
        entries: dict[tuple[str, int], list[str]] = {}
        bottom = gy + size * cell
        for line, number, kind in self.data.arrows:
            colour = INK if kind == "advanced" else "#2b6cb0"
            shift = 6 if kind == "advanced" else -6
            if line == "row":
                yy = gy + (number - 0.5) * cell - 2 + shift
                drawn = arrow(gx - 34, yy, gx - 6, yy, colour)
            else:
                xx = gx + (number - 0.5) * cell - 2 + shift
                drawn = arrow(xx, bottom + 40, xx, bottom + 2, colour)
            entries.setdefault((line, number), []).append(drawn)
        for (line, number), arrows in entries.items():
            if line == "row":
                said = self.say(ENTER_ROW, number=number)
                x, y, w, h = gx - 38, gy + (number - 1) * cell, 36, cell - 4
            else:
                said = self.say(ENTER_COLUMN, number=number)
                x, y, w, h = gx + (number - 1) * cell, bottom, cell - 4, 48
            body.append(
                f'<g data-target="{prefix}{line}:{number}">{tip(said)}'
                f'<rect class="hit" x="{x}" y="{y}" width="{w}" height="{h}" fill="transparent"/>'
                f"{''.join(arrows)}</g>"
            )
        # the slots beside the grid: one per row (right), then one per column (below)
        for slot, played in enumerate(p["slots"]):
            if slot < size:
                x, y = gx + size * cell + 6, gy + slot * cell + 14
                line = self.say(ROW, number=slot + 1)
            else:
                x, y = gx + (slot - size) * cell + 3, gy + size * cell + 50
                line = self.say(COLUMN, number=slot - size + 1)
            attrs = {"data-target": f"{prefix}slot:{slot}"}
            if played is None:  # labelled as the options name it: "row 1", "column 2"
                drawn = (
                    f'<g{attributes(attrs)}>{tip(self.say(SLOT, line=line))}<rect x="{x}" '
                    f'y="{y}" width="46" height="22" fill="none" stroke="#bbb" '
                    f'stroke-dasharray="3 3"/>{text(x + 23, y + 14, line, 7, fill="#777")}</g>'
                )
            else:
                # its fill shows the kind and colour, public; the id only to its owner
                shown = seen_card(self.data, played[0], played[1], seat, self.viewer)
                drawn = self.card(x, y, shown, self.mission_fill(played[1]), attrs=attrs)
            body.append(piece(f"p{seat}:slot:{slot}", drawn))
        # storage and robots, to the right
        x0, y0 = 208, 48
        stored = [
            (f"store:{item}", f"{self.text.word(item, None, count)}: {count}", INK)
            for item, count in p["storage"].items()
        ]
        # (the key of a line, or None for a heading; its words; its colour)
        rows = [
            (None, self.say(STORAGE), INK),
            *stored,
            ("break-room", self.say(BREAK_ROOM, count=p["break_room"]), INK),
            ("robots", self.say(SUPPLY_ROBOTS, count=p["supply_robots"]), INK),
            (None, self.say(WORKSTATIONS), INK),
        ]
        rows += [
            (f"ws:{colour}", f"{self.colour_word(colour)}: {count}", COLOURS.get(colour, INK))
            for colour, count in p["workstations"].items()
        ]
        for i, (key, said, ink) in enumerate(rows):
            at = y0 + i * 16
            if key is None:
                body.append(text(x0 + 60, at, said, 10, "start", fill=ink, font_weight="bold"))
            else:
                line = text(x0 + 60, at, _short(said, 28), 10, "start", fill=ink)
                body.append(piece(f"p{seat}:{key}", line))
        # cards: the hand (own) or its count by colour (others), tucked, advanced spaces
        y = gy + size * cell + 88
        body.append(text(8, y, self.say(HAND), 12, "start", font_weight="bold"))
        if own:  # the cards with the short form of their effects: 4 to a row
            cards = [*p["hand"], *p["ravagers"]]
            for i, card in enumerate(cards):
                drawn = self.hand_card(8 + (i % 4) * 101, y + 8 + (i // 4) * 52, card)
                body.append(piece(f"p{seat}:hand:{card}", drawn))
            y += 8 + 52 * ((len(cards) + 3) // 4 or 1)
        else:
            counts: dict[str, int] = {}
            for card in p["hand"]:
                colour = self.data.missions[card].color
                counts[colour] = counts.get(colour, 0) + 1
            x = 8
            hidden = []
            for colour, count in counts.items():
                said = self.say(HIDDEN_HAND, n=count, count=count)
                hidden.append(
                    f'<g>{tip(self.colour_word(colour) + ": " + said)}<rect x="{x}" y="{y + 8}" '
                    f'width="30" height="22" rx="3" fill="{COLOURS.get(colour)}" stroke="{INK}"/>'
                    f"{text(x + 15, y + 24, f'×{count}', 11, fill='#fff')}</g>"
                )
                x += 36
            ravagers = len(p["ravagers"])
            said = self.say(RAVAGERS_IN_HAND, n=ravagers, count=ravagers)
            hidden.append(text(x + 4, y + 24, said, 11, "start", fill=RAVAGER_COLOUR))
            body.append(piece(f"p{seat}:hand", "".join(hidden)))
            y += 34
        extra = []
        tucked = [f"{self.colour_word(c)} {len(v)}" for c, v in p["tucked"].items() if v]
        if tucked:
            extra.append(self.say(TUCKED) + ": " + self.text.tr.plain_list(tucked))
        spaces = [t for t in p["advanced_spaces"] if t]
        y += 14
        for line_words in extra:
            body.append(piece(f"p{seat}:tucked", text(8, y, line_words, 11, "start")))
            y += 16
        if spaces or p["ejected"] or p["advanced_aside"]:
            body.append(text(8, y, self.say(ADVANCED_SPACES), 11, "start", font_weight="bold"))
            x = 8 + 130
            for tile in spaces + p["advanced_aside"]:
                drawn = self.card(x, y - 15, tile, "#e8e0f5", 56, 20)
                body.append(piece(f"p{seat}:advanced:{tile}", drawn))
                x += 60
            y += 22
            if p["ejected"]:
                body.append(text(8, y, self.say(EJECTED), 11, "start", font_weight="bold"))
                x = 8 + 130
                for tile in p["ejected"]:
                    drawn = self.card(x, y - 15, tile, "#eee", 56, 20)
                    body.append(piece(f"p{seat}:ejected:{tile}", drawn))
                    x += 60
                y += 22
        return svg(420, y + 4, self.names[seat], body, "table player")

    def hal(self) -> str:
        hal = self.state["hal"]
        body = [
            f'<rect x="0" y="0" width="100%" height="28" fill="{HAL_COLOUR}"/>',
            text(8, 19, self.say(HAL_BOARD), 14, "start", fill="#fff", font_weight="bold"),
        ]
        vp = text(412, 19, self.say(VP, vp=hal["vp"]), 14, "end", fill="#fff", font_weight="bold")
        deck, discard = len(hal["deck"]), len(hal["discard"])
        ws = [f"{self.colour_word(c)}: {n}" for c, n in hal["workstations"].items()]
        lines = [
            ("vp", vp),
            ("deck", text(8, 48, self.say(HAL_DECK, n=deck, count=deck), 11, "start")),
            ("discard", text(8, 64, self.say(HAL_DISCARD, n=discard, count=discard), 11, "start")),
            ("break-room", text(8, 80, self.say(BREAK_ROOM, count=hal["break_room"]), 11, "start")),
            (
                "ws",
                text(
                    8, 96, self.say(WORKSTATIONS) + ": " + self.text.tr.plain_list(ws), 11, "start"
                ),
            ),
        ]
        body += [piece(f"hal:{key}", line) for key, line in lines]
        y = 112
        # the card he plays, else the one he played last (revealed, so seen by all):
        # both halves in short, the whole card on a tap
        shown = hal["revealed"] or hal["discard"][-1:]
        if shown:
            said = self.say(HAL_PLAYS if hal["revealed"] else HAL_PLAYED)
            body.append(text(8, y + 14, said, 11, "start", font_weight="bold"))
            body.append(piece("hal:card", self.card(100, y, shown[0], HAL_COLOUR, 312, 104)))
            y += 110
        if hal["taken"]:
            body.append(text(8, y + 14, self.say(HAL_TOOK), 11, "start", font_weight="bold"))
            for i, tile in enumerate(hal["taken"]):
                drawn = self.card(130 + (i % 5) * 54, y + (i // 5) * 26, tile, "#eee", 50, 22)
                body.append(piece(f"hal:took:{tile}", drawn))
            y += 26 * ((len(hal["taken"]) + 4) // 5)
        return svg(420, y + 8, self.say(HAL_BOARD), body, "table player")


@lru_cache(maxsize=4096)
def _card_words(full: tuple[str, ...], short: tuple[str, ...], width: int, lines: int) -> list[str]:
    """A card's text in `lines` lines of `width` characters: the whole text when it
    fits; on a large card (a Hal card) each effect in the lines that fall to it; else
    the short form of the effects. (Kept: the same cards are drawn at every look.)"""
    wrapped = [line for said in full for line in _wrap(said, width, len(said))]
    share = lines // max(len(full), 1)
    if len(wrapped) <= lines:
        return wrapped
    if share >= 4:
        return [line for said in full for line in _wrap(said, width, share)]
    return _wrap(" / ".join(short), width, lines)


def _wrap(words: str, width: int, lines: int) -> list[str]:
    """Words broken into at most `lines` lines of about `width` characters."""
    out: list[str] = []
    for word in words.split():
        if out and len(out[-1]) + 1 + len(word) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    if len(out) > lines:
        out = out[: lines - 1] + [_short(" ".join(out[lines - 1 :]), width)]
    return out


def _ink_on(fill: str) -> str:
    """Text that reads on a fill: white on the game's dark colours, else ink."""
    return "#fff" if fill in COLOURS.values() else INK


def _short(words: str, limit: int) -> str:
    return words if len(words) <= limit else words[: limit - 1] + "…"


def draw(engine: Engine, viewer: int | None, names: list[str]) -> tuple[str, dict[str, dict]]:
    """The whole table as HTML (one <figure> per part, each an SVG that scales) and the
    faces of the cards and tiles drawn on it, by the ids their `data-card` names."""
    drawing = Drawing(engine, viewer, names)
    html = "".join(f'<figure class="part">{picture}</figure>' for picture in drawing.figures())
    return html, drawing.faces


# ---- which element an option names -------------------------------------------------------
_CELL_KINDS = {"debris", "repair", "activate_target", "activate_order"}
_NAMED = re.compile(r"^(hex|mission|action|die|buy|flip|cell|tile|advanced|row|column|play):(.+)$")


def target(decision: Decision, option_id: str) -> str | None:
    """The data-target of the element on the table that an option names, if any: a hex,
    an action, a die, a cell or a line of the deciding player's grid, a space of the
    display or an advanced slot, a slot beside the grid."""
    found = _NAMED.match(option_id)
    if found is None:
        return None
    what, rest = found.groups()
    if what in ("hex", "mission"):
        return f"hex:{rest}"
    if what in ("action", "row", "column", "advanced"):
        return f"{what}:{rest}"
    if what in ("die", "buy", "flip"):
        return f"die:{rest}"
    if what == "cell":
        return f"cell:{rest}"
    if what == "tile":
        return f"cell:{rest}" if decision.kind in _CELL_KINDS else f"display:{rest}"
    if what == "play":
        return f"slot:{rest.rsplit(':', 1)[1]}"
    return None


def targets(decision: Decision) -> dict[str, str]:
    """Option id -> the element it names, for the elements that exactly one option names
    (a click on them is unambiguous)."""
    named: dict[str, list[str]] = {}
    for option in decision.options:
        found = target(decision, option.id)
        if found is not None:
            named.setdefault(found, []).append(option.id)
    return {ids[0]: element for element, ids in named.items() if len(ids) == 1}
