"""Lowering: a compiled RuleSet becomes plain, immutable runtime tables.

Effects become nested tuples so the engine never touches the AST or networkx:
    ("call", name, args, per, cap)   args: tuple of values; per: a call tuple or None
    ("seq", (effect, ...))  ("choice", (effect, ...))  ("trade", cost, benefit)
    ("optional", effect)    ("otherwise", first, fallback)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..dsl import ast
from ..dsl.compiler import RuleSet
from ..dsl.text import TextRenderer

_NOWHERE = ast.Span("<runtime>", 0, 0, 0, 0)


def lower(effect: ast.Effect | None):
    if effect is None:
        return None
    if isinstance(effect, ast.Call):
        per = lower(effect.per) if effect.per is not None else None
        cap = effect.cap.value if effect.cap is not None else None
        return ("call", effect.name, tuple(a.value for a in effect.args), per, cap)
    if isinstance(effect, ast.Seq):
        return ("seq", tuple(lower(s) for s in effect.steps))
    if isinstance(effect, ast.Choice):
        return ("choice", tuple(lower(s) for s in effect.options))
    if isinstance(effect, ast.Trade):
        return ("trade", lower(effect.cost), lower(effect.benefit))
    if isinstance(effect, ast.Optional):
        return ("optional", lower(effect.step))
    if isinstance(effect, ast.Otherwise):
        return ("otherwise", lower(effect.first), lower(effect.fallback))
    raise TypeError(effect)


def to_ast(effect) -> ast.Effect:
    """The inverse of `lower`, without source positions (to render text for labels)."""
    kind = effect[0]
    if kind == "call":
        _, name, args, per, cap = effect
        values = tuple(
            ast.Value("int" if isinstance(a, int) else "name", a, _NOWHERE) for a in args
        )
        cap_value = ast.Value("int", cap, _NOWHERE) if cap is not None else None
        return ast.Call(name, values, to_ast(per) if per else None, cap_value, _NOWHERE)
    if kind == "seq":
        return ast.Seq(tuple(to_ast(e) for e in effect[1]), _NOWHERE)
    if kind == "choice":
        return ast.Choice(tuple(to_ast(e) for e in effect[1]), _NOWHERE)
    if kind == "trade":
        return ast.Trade(to_ast(effect[1]), to_ast(effect[2]), _NOWHERE)
    if kind == "optional":
        return ast.Optional(to_ast(effect[1]), _NOWHERE)
    return ast.Otherwise(to_ast(effect[1]), to_ast(effect[2]), _NOWHERE)


@dataclass(frozen=True)
class Mission:
    id: str
    color: str
    reward: tuple[int, str]
    reveals: tuple[str, ...]
    activation: tuple | None
    ejection: dict  # who -> effect


@dataclass(frozen=True)
class Tile:
    id: str  # the declaration id (instances add "#n" for copies)
    kind: str  # tech | start_tile | advanced
    color: str | None
    standard: tuple | None
    boost: tuple | None
    score: tuple | None


@dataclass(frozen=True)
class Hex:
    terrain: str
    icons: int
    comet: bool


@dataclass(frozen=True)
class Ruling:
    help: str
    default: str
    options: dict[str, str]  # option -> what it means
    editions: dict[str, str]  # edition -> option


@dataclass
class GameData:
    content_hash: str
    colors: tuple[str, ...]
    actions: dict[int, tuple[str, str]]  # number -> (colour, kind)
    missions: dict[str, Mission]
    ravagers: dict[str, tuple[int, tuple]]  # id -> (target, permanent effect)
    tiles: dict[str, Tile]  # instance id -> tile
    tile_copies: dict[str, list[str]]  # kind -> instance ids
    strips: dict[str, dict[str, tuple[Hex, ...]]]  # strip id -> face -> hexes
    setups: dict[int, dict]
    numbers: dict[str, int]  # board, game and player-start numbers
    arrows: tuple[tuple[str, int, str], ...]
    start_cells: tuple[tuple[int, int], ...]
    start_storage: tuple[tuple[int, str], ...]
    aids: dict[int, tuple | None]
    phases: dict[str, tuple[tuple[str, tuple], ...]]
    die_faces: tuple[int, ...]
    flip_offset: int
    turn_phase: str
    final_turn_phase: str
    rulings: dict[str, Ruling]
    text: TextRenderer  # renders effects as words, for option labels


def _instances(decl_id: str, copies: int) -> list[str]:
    return [decl_id] if copies == 1 else [f"{decl_id}#{n}" for n in range(1, copies + 1)]


def build(ruleset: RuleSet) -> GameData:
    missions, ravagers, tiles = {}, {}, {}
    copies: dict[str, list[str]] = {"tech": [], "start_tile": [], "advanced": []}
    for m in ruleset.of_kind("mission"):
        reveals = tuple(v for k, v in m.first("reveals").args.items())
        ejection = {u.args["who"]: lower(u.effect) for u in m.fields.get("ejection", [])}
        activation = m.first("activation")
        reward = m.first("reward").args
        missions[m.id] = Mission(
            m.id,
            m.value("color"),
            (reward["amount"], reward["item"]),
            reveals,
            lower(activation.effect) if activation else None,
            ejection,
        )
    for r in ruleset.of_kind("ravager"):
        ravagers[r.id] = (r.value("target"), lower(r.first("permanent").effect))
    for kind in ("tech", "start_tile", "advanced"):
        for t in ruleset.of_kind(kind):
            standard, boost, score = (t.first(k) for k in ("standard", "boost", "score"))
            tile = Tile(
                t.id,
                kind,
                t.value("color"),
                lower(standard.effect) if standard else None,
                lower(boost.effect) if boost else None,
                lower(score.effect) if score else None,
            )
            for instance in _instances(t.id, t.copies):
                tiles[instance] = tile
                copies[kind].append(instance)
    strips = {}
    for s in ruleset.of_kind("strip"):
        faces = {}
        for side in s.fields["side"]:
            hexes = sorted(side.children[0].fields["hex"], key=lambda h: h.args["position"])
            faces[side.args["face"]] = tuple(
                Hex(h.args["terrain"], h.args.get("icons", 0), "comet" in h.args) for h in hexes
            )
        strips[s.id] = faces
    setups = {}
    for s in ruleset.of_kind("setup"):
        setups[s.value("players")] = {
            "dice_per_color": s.value("dice_per_color"),
            "strips": s.value("strips"),
            "ravagers_removed": s.value("ravagers_removed"),
            "start_ravagers": s.value("start_ravagers", default=2),
            "neutral_player": bool(s.value("neutral_player", default=False)),
            "opponent": s.value("opponent"),
        }
    numbers: dict[str, int] = {}
    for kind in ("board", "game", "player_start", "space"):
        decl = ruleset.single(kind)
        for key, uses in decl.fields.items() if decl else ():
            if len(uses) == 1 and len(uses[0].args) == 1:
                value = next(iter(uses[0].args.values()))
                if isinstance(value, int):
                    numbers[f"{kind}.{key}"] = value
    board = ruleset.single("board")
    arrows = tuple(
        (u.args["line"], u.args["index"], u.args["enters"]) for u in board.fields.get("arrow", [])
    )
    start_cells = tuple(
        (u.args["row"], u.args["column"]) for u in board.fields.get("start_cell", [])
    )
    start = ruleset.single("player_start")
    hand = start.first("hand").args
    numbers["player_start.hand_missions"] = hand["missions_per_color"]
    numbers["player_start.hand_ravagers"] = hand["ravagers"]
    storage = tuple((u.args["amount"], u.args["item"]) for u in start.fields.get("storage", []))
    aids = {
        a.value("position"): lower(a.first("advantage").effect) if a.first("advantage") else None
        for a in ruleset.of_kind("aid")
    }
    phases = {
        p.id: tuple((u.args["name"], lower(u.effect)) for u in p.fields["step"])
        for p in ruleset.of_kind("phase")
    }
    die = ruleset.of_kind("die")[0]
    game = ruleset.single("game")
    return GameData(
        content_hash=ruleset.content_hash,
        colors=tuple(c.id for c in ruleset.of_kind("color")),
        actions={
            a.value("number"): (a.value("color"), a.value("kind"))
            for a in ruleset.of_kind("action")
        },
        missions=missions,
        ravagers=ravagers,
        tiles=tiles,
        tile_copies=copies,
        strips=strips,
        setups=setups,
        numbers=numbers,
        arrows=arrows,
        start_cells=start_cells,
        start_storage=storage,
        aids=aids,
        phases=phases,
        die_faces=tuple(die.value("faces")),
        flip_offset=die.value("flip_offset"),
        turn_phase=game.value("turn"),
        final_turn_phase=game.value("final_turn"),
        rulings={
            r.id: Ruling(
                r.value("help"),
                r.value("default"),
                {u.args["name"]: u.args["text"] for u in r.fields["option"]},
                {u.args["edition"]: u.args["option"] for u in r.fields.get("edition", [])},
            )
            for r in ruleset.of_kind("ruling")
        },
        text=TextRenderer(ruleset.decls, "en"),
    )
