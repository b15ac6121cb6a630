"""Black Angel's own lint rules: what the language checker cannot know about the game.

Each rule takes the declarations by kind and returns diagnostics; the compiler runs
them after the language's own consistency rules (`Game.checks`).
"""

from __future__ import annotations

from ...dsl.checker import Decl
from ...dsl.diagnostics import Diagnostic, suggestion
from ...dsl.i18n import N_, NN_, Msg, Names

ONE_OF = N_("one of: {names}")

HAL_MODES = {
    "discover": {"advanced_first", "tech_only"},
    "repair": {"clockwise", "counterclockwise"},
    "destroy": {"clockwise", "counterclockwise"},
    "command": set(),
}


def _missions(missions: list[Decl]) -> list[Diagnostic]:
    out = []
    for m in missions:
        kinds = [k for k in ("activation", "ejection") if k in m.fields]
        if len(kinds) != 1:
            out.append(
                Diagnostic.of(
                    "E112",
                    m.item.key_span,
                    N_("mission {id} needs exactly one of 'activation' or 'ejection' (has {has})"),
                    id=m.id,
                    has=Names(tuple(kinds), quoted=False) if kinds else Msg(N_("neither")),
                )
            )
        whos = [u.args.get("who") for u in m.fields.get("ejection", [])]
        if "everyone" in whos and len(whos) > 1:
            out.append(
                Diagnostic.of(
                    "E112",
                    m.fields["ejection"][1].item.key_span,
                    N_("mission {id}: 'ejection everyone' cannot be combined with other parts"),
                    N_("use either 'everyone', or 'owner' and 'passengers'"),
                    id=m.id,
                )
            )
        seen = set()
        for use in m.fields.get("ejection", []):
            who = use.args.get("who")
            if who in seen:
                out.append(
                    Diagnostic.of(
                        "E109",
                        use.item.key_span,
                        N_("mission {id}: 'ejection {who}' given twice"),
                        id=m.id,
                        who=who,
                    )
                )
            seen.add(who)
    return out


def _hal_cards(cards: list[Decl]) -> list[Diagnostic]:
    out = []
    for card in cards:
        for half in ("top", "bottom"):
            use = card.first(half)
            if use is None:
                continue
            action, mode = use.args.get("action"), use.args.get("mode")
            allowed = HAL_MODES.get(action, set()) if action is not None else set()
            if mode is None and allowed:
                out.append(
                    Diagnostic.of(
                        "E107",
                        use.item.key_span,
                        N_("hal card {id}: '{action}' needs a mode"),
                        Msg(ONE_OF, {"names": Names(tuple(sorted(allowed)), quoted=False)}),
                        id=card.id,
                        action=action,
                    )
                )
            elif mode is not None and mode not in allowed:
                hint = (
                    Msg(N_("this action takes no mode"))
                    if not allowed
                    else suggestion(mode, allowed)
                    or Msg(ONE_OF, {"names": Names(tuple(sorted(allowed)), quoted=False)})
                )
                out.append(
                    Diagnostic.of(
                        "E108",
                        use.item.values[-1].span,
                        N_("hal card {id}: mode '{mode}' does not fit '{action}'"),
                        hint,
                        id=card.id,
                        mode=mode,
                        action=action,
                    )
                )
    return out


def _setups(setups: list[Decl], games: list[Decl]) -> list[Diagnostic]:
    if not games:
        return []
    allowed = games[0].value("players")
    if not isinstance(allowed, tuple):
        return []
    lo, hi = allowed
    out = []
    for setup in setups:
        n = setup.value("players")
        if isinstance(n, int) and not lo <= n <= hi:
            players = setup.first("players")
            assert players is not None  # n has a value, so the keyword is there
            message = Msg(
                NN_(
                    "setup {id} is for {n} player; the game allows {lo}..{hi}",
                    "setup {id} is for {n} players; the game allows {lo}..{hi}",
                ),
                {"id": setup.id, "n": n, "lo": lo, "hi": hi},
                n=n,
            )
            out.append(Diagnostic.of("E110", players.item.span, message))
    return out


def _strips(strips: list[Decl], spaces: list[Decl]) -> list[Diagnostic]:
    out = []
    size = spaces[0].value("hexes_per_strip") if spaces else None
    for strip in strips:
        faces = {}
        for use in strip.fields.get("side", []):
            face = use.args.get("face")
            if face in faces:
                out.append(
                    Diagnostic.of(
                        "E109",
                        use.item.key_span,
                        N_("strip {id}: side {face} given twice"),
                        id=strip.id,
                        face=face,
                    )
                )
            faces[face] = use
            for side in use.children:
                positions = {}
                for hex_use in side.fields.get("hex", []):
                    pos = hex_use.args.get("position")
                    if pos in positions:
                        out.append(
                            Diagnostic.of(
                                "E109",
                                hex_use.item.span,
                                N_("strip {id} side {face}: hex {position} given twice"),
                                id=strip.id,
                                face=face,
                                position=pos,
                            )
                        )
                    positions[pos] = hex_use
                    if size and isinstance(pos, int) and pos > size:
                        out.append(
                            Diagnostic.of(
                                "E110",
                                hex_use.item.values[0].span,
                                N_(
                                    "strip {id} side {face}: hex {position} is beyond "
                                    "the {size} hexes of a strip"
                                ),
                                id=strip.id,
                                face=face,
                                position=pos,
                                size=size,
                            )
                        )
                if size and len(positions) < size:
                    missing = sorted(set(range(1, size + 1)) - set(positions))
                    out.append(
                        Diagnostic.of(
                            "E111",
                            use.item.key_span,
                            N_("strip {id} side {face}: hexes {missing} missing"),
                            id=strip.id,
                            face=face,
                            missing=missing,
                        )
                    )
        for face in ("a", "b"):
            if faces and face not in faces:
                out.append(
                    Diagnostic.of(
                        "E111",
                        strip.item.key_span,
                        N_("strip {id}: missing side {face}"),
                        id=strip.id,
                        face=face,
                    )
                )
    return out


def missions(by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
    return _missions(by_kind.get("mission", []))


def hal_cards(by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
    return _hal_cards(by_kind.get("hal_card", []))


def setups(by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
    return _setups(by_kind.get("setup", []), by_kind.get("game", []))


def strips(by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
    return _strips(by_kind.get("strip", []), by_kind.get("space", []))


CHECKS = (missions, hal_cards, setups, strips)
