"""Black Angel's runtime tables: the generic program plus what the game reads at run time.

Everything here comes from the compiled content: cards, tiles, strips, set-ups,
and the numbers of the board, the dice and the game (`numbers["board.tile_cost"]`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...dsl import ast
from ...dsl.checker import Decl
from ...dsl.compiler import RuleSet
from ..engine import Engine as GenericEngine
from ..engine import Text  # noqa: F401  (re-exported for the game modules)
from ..program import Program


@dataclass(frozen=True)
class Mission:
    id: str
    color: str
    reward: tuple[int, str]
    reward_effect: int  # taking the reward, as an effect (gain or take)
    reveals: tuple[str, ...]
    activation: int | None
    ejection: dict[str, int]  # who -> effect


@dataclass(frozen=True)
class Tile:
    id: str  # the declaration id (instances add "#n" for copies)
    kind: str  # tech | start_tile | advanced
    color: str | None
    standard: int | None
    boost: int | None
    score: int | None


@dataclass(frozen=True)
class Hex:
    terrain: str
    icons: int
    comet: bool


@dataclass(frozen=True)
class Setup:
    dice_per_color: int
    strips: int
    ravagers_removed: int
    start_ravagers: int
    neutral_player: bool
    opponent: str | None


@dataclass(frozen=True)
class Automa:
    """An automated opponent as its `automa` declaration describes it (content/hal.ba)."""

    id: str
    turn: str  # the phase it carries out after each turn of the player
    deck: tuple[str, ...]  # its cards
    first_half: dict[str, str]  # the player's sequence (a, b, pass) -> the half read first
    difficulty_ruling: str
    levels: dict[str, int]  # difficulty level -> starting VP
    weights: dict[str, int]  # item -> VP
    resolves: frozenset[str]  # the primitives of a Ravager's effect it resolves
    ejected: int | None  # effects: one of its cards ejected, the player buys its die,
    paid: int | None  # a card placed on a comet hex
    comet: int | None


TILE_KINDS = ("tech", "start_tile", "advanced")


def instances(decl_id: str, copies: int) -> list[str]:
    """The ids of a declaration's copies: "t1" for one copy, "s1#1".."s1#4" for four."""
    return [decl_id] if copies == 1 else [f"{decl_id}#{n}" for n in range(1, copies + 1)]


@dataclass(frozen=True)
class Unshuffled:
    """The piles of the set-up before they are shuffled: ids, sorted."""

    strips: tuple[str, ...]
    tech: dict[str, tuple[str, ...]]  # per colour
    advanced: tuple[str, ...]
    missions: dict[str, tuple[str, ...]]  # per colour
    ravagers: tuple[str, ...]


class BlackAngelProgram(Program):
    def __init__(self, ruleset: RuleSet):
        super().__init__(ruleset)
        self.colors = tuple(c.id for c in ruleset.of_kind("color") if c.id is not None)
        self.actions: dict[int, tuple[str, str]] = {
            a.value("number"): (a.value("color"), a.value("kind"))
            for a in ruleset.of_kind("action")
        }  # number -> (colour, kind)
        self.actions_of_color: dict[str, tuple[tuple[int, str], ...]] = {
            colour: tuple((n, kind) for n, (c, kind) in sorted(self.actions.items()) if c == colour)
            for colour in self.colors
        }  # colour -> (number, kind), in the board's order
        # declarations without an id are errors, and only rule sets without errors are built
        self.missions = {
            m.id: self._mission(m) for m in ruleset.of_kind("mission") if m.id is not None
        }
        self.ravagers: dict[str, tuple[int, int]] = {
            r.id: (r.value("target"), self._required_effect(r, "permanent"))
            for r in ruleset.of_kind("ravager")
            if r.id is not None
        }  # id -> (target action, permanent effect)
        self.tiles: dict[str, Tile] = {}  # instance id -> tile
        # what the bots' estimate (outlook.py) finds each effect (by number) and each
        # mission (by id) worth: the rules alone decide it; filled as it is needed
        self.worths: dict[int | str, float] = {}
        self.tile_copies: dict[str, list[str]] = {kind: [] for kind in TILE_KINDS}
        for kind in TILE_KINDS:
            for decl in ruleset.of_kind(kind):
                if decl.id is None:
                    continue
                tile = Tile(
                    decl.id,
                    kind,
                    decl.value("color"),
                    *(self._effect(decl, key) for key in ("standard", "boost", "score")),
                )
                for instance in instances(decl.id, decl.copies):
                    self.tiles[instance] = tile
                    self.tile_copies[kind].append(instance)
        self.strips: dict[str, dict[str, tuple[Hex, ...]]] = {}  # strip -> face -> hexes
        for strip in ruleset.of_kind("strip"):
            if strip.id is None:
                continue
            faces = {}
            for side in strip.fields["side"]:
                hexes = sorted(side.children[0].fields["hex"], key=lambda h: h.args["position"])
                faces[side.args["face"]] = tuple(
                    Hex(h.args["terrain"], h.args.get("icons", 0), "comet" in h.args) for h in hexes
                )
            self.strips[strip.id] = faces
        self.setups = {
            s.value("players"): Setup(
                s.value("dice_per_color"),
                s.value("strips"),
                s.value("ravagers_removed"),
                s.value("start_ravagers", default=2),
                bool(s.value("neutral_player", default=False)),
                s.value("opponent"),
            )
            for s in ruleset.of_kind("setup")
        }
        self.hal_cards: dict[str, dict[str, int]] = {
            c.id: {half: self._required_effect(c, half) for half in ("top", "bottom")}
            for c in ruleset.of_kind("hal_card")
            if c.id is not None
        }  # id -> half -> effect
        self.automata = {a.id: self._automa(a) for a in ruleset.of_kind("automa") if a.id}
        self.numbers = _numbers(ruleset)
        board = ruleset.single("board")
        board_fields = board.fields if board else {}
        self.arrows = tuple(
            (u.args["line"], u.args["index"], u.args["enters"])
            for u in board_fields.get("arrow", [])
        )
        self.start_cells = tuple(
            (u.args["row"], u.args["column"]) for u in board_fields.get("start_cell", [])
        )
        start = _single(ruleset, "player_start")
        self.start_storage = tuple(
            (u.args["amount"], u.args["item"]) for u in start.fields.get("storage", [])
        )
        self.aids = {
            a.value("position"): self._effect(a, "advantage") for a in ruleset.of_kind("aid")
        }
        die = ruleset.of_kind("die")[0]
        self.die_faces: tuple[int, ...] = tuple(die.value("faces"))
        self.flip_offset: int = die.value("flip_offset")
        self.flip_cost: tuple[int, str] = _priced(die, "flip_cost")
        self.die_price: tuple[int, str] = _priced(die, "price")
        self.robot_limit = next(
            c.value("limit") for c in ruleset.of_kind("component") if c.id == "robot"
        )
        game = _single(ruleset, "game")
        self.turn_phase: str = game.value("turn")
        self.final_turn_phase: str = game.value("final_turn")
        self.grid_size: int = self.numbers["board.grid_size"]
        # what the set-up shuffles, in a fixed order before that (setup.py copies them)
        self.unshuffled = Unshuffled(
            tuple(sorted(self.strips)),
            {
                c: tuple(sorted(t for t in self.tile_copies["tech"] if self.tiles[t].color == c))
                for c in self.colors
            },
            tuple(sorted(self.tile_copies["advanced"])),
            {
                c: tuple(sorted(m for m, ms in self.missions.items() if ms.color == c))
                for c in self.colors
            },
            tuple(sorted(self.ravagers)),
        )

    def _effect(self, decl, key: str) -> int | None:
        use = decl.first(key)
        return self.lower(use.effect) if use is not None and use.effect is not None else None

    def _required_effect(self, decl: Decl, key: str) -> int:
        effect = self._effect(decl, key)
        assert effect is not None, f"{decl.kind} {decl.id}: '{key}' is required"
        return effect

    def _mission(self, m) -> Mission:
        reward = m.first("reward")
        amount, item = reward.args["amount"], reward.args["item"]
        # the reward is taken like an effect: a track is gained, an item taken
        verb = "gain" if item in self.tracks else "take"
        span = reward.item.span
        taking = ast.Call(
            verb, (ast.Value("int", amount, span), ast.Value("name", item, span)), None, None, span
        )
        return Mission(
            m.id,
            m.value("color"),
            (amount, item),
            self.lower(taking),
            tuple(m.first("reveals").args.values()),
            self._effect(m, "activation"),
            {u.args["who"]: self.lower(u.effect) for u in m.fields.get("ejection", [])},
        )

    def _automa(self, decl: Decl) -> Automa:
        fields = decl.fields
        return Automa(
            str(decl.id),
            decl.value("turn"),
            tuple(decl.value("deck")),
            {u.args["after"]: u.args["half"] for u in fields["first_half"]},
            decl.value("difficulty_ruling"),
            {u.args["level"]: u.args["amount"] for u in fields["difficulty"]},
            {u.args["gain"]: u.args["amount"] for u in fields["weight"]},
            frozenset(name for u in fields.get("resolves", []) for name in u.args["primitive"]),
            self._effect(decl, "ejected"),
            self._effect(decl, "paid"),
            self._effect(decl, "comet"),
        )

    def items(self) -> dict[str, list[str]]:
        """Every card and tile of the game, by kind (each lies in exactly one pile)."""
        return {
            "mission": list(self.missions),
            "ravager": list(self.ravagers),
            "tile": list(self.tiles),
            "hal_card": list(self.hal_cards),
        }

    def player_counts(self) -> list[int]:
        """Player counts with a set-up (solo: one whose automated opponent is declared)."""
        return sorted(
            n for n, s in self.setups.items() if s.opponent is None or s.opponent in self.automata
        )

    def difficulty_ruling(self, players: int) -> str | None:
        """The solo game: the ruling that chooses the automa's difficulty level."""
        setup = self.setups.get(players)
        if setup is None or setup.opponent not in self.automata:
            return None
        return self.automata[setup.opponent].difficulty_ruling


def _numbers(ruleset: RuleSet) -> dict[str, int]:
    """Every single-number keyword of the board, game, player start, space and die."""
    numbers: dict[str, int] = {}
    for kind in ("board", "game", "player_start", "space"):
        decl = ruleset.single(kind)
        for key, uses in decl.fields.items() if decl else ():
            if len(uses) == 1 and len(uses[0].args) == 1:
                value = next(iter(uses[0].args.values()))
                if isinstance(value, int):
                    numbers[f"{kind}.{key}"] = value
    start = ruleset.single("player_start")
    hand = start.first("hand") if start is not None else None
    if hand is not None:
        numbers["player_start.hand_missions"] = hand.args["missions_per_color"]
        numbers["player_start.hand_ravagers"] = hand.args["ravagers"]
    die = ruleset.of_kind("die")[0]
    numbers["die.damaged_roll_penalty"] = die.value("damaged_roll_penalty")
    return numbers


def _single(ruleset: RuleSet, kind: str) -> Decl:
    """The declaration of a kind the game cannot be built without."""
    decl = ruleset.single(kind)
    # not checked yet: a rule set without it lints clean, then fails here
    assert decl is not None, f"the rule set has no '{kind}' declaration"
    return decl


def _priced(decl, key: str) -> tuple[int, str]:
    use = decl.first(key)
    return use.args["amount"], use.args["item"]


Engine = GenericEngine[BlackAngelProgram]  # an engine running Black Angel (for annotations)
