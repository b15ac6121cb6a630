"""Black Angel's own lint rules: what the language checker cannot know about the game.

Each rule takes the declarations by kind and returns diagnostics; the compiler runs
them after the language's own consistency rules (`Game.checks`).
"""

from __future__ import annotations

from ...dsl.checker import Decl
from ...dsl.diagnostics import Diagnostic, did_you_mean
from . import needs

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
                Diagnostic(
                    "E112",
                    f"mission {m.id} needs exactly one of 'activation' or 'ejection' (has "
                    f"{' and '.join(kinds) or 'neither'})",
                    m.item.key_span,
                )
            )
        whos = [u.args.get("who") for u in m.fields.get("ejection", [])]
        if "everyone" in whos and len(whos) > 1:
            out.append(
                Diagnostic(
                    "E112",
                    f"mission {m.id}: 'ejection everyone' cannot be combined with other parts",
                    m.fields["ejection"][1].item.key_span,
                    "use either 'everyone', or 'owner' and 'passengers'",
                )
            )
        seen = set()
        for use in m.fields.get("ejection", []):
            who = use.args.get("who")
            if who in seen:
                out.append(
                    Diagnostic(
                        "E109", f"mission {m.id}: 'ejection {who}' given twice", use.item.key_span
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
                    Diagnostic(
                        "E107",
                        f"hal card {card.id}: '{action}' needs a mode",
                        use.item.key_span,
                        "one of: " + ", ".join(sorted(allowed)),
                    )
                )
            elif mode is not None and mode not in allowed:
                hint = (
                    "this action takes no mode"
                    if not allowed
                    else did_you_mean(mode, allowed) or "one of: " + ", ".join(sorted(allowed))
                )
                out.append(
                    Diagnostic(
                        "E108",
                        f"hal card {card.id}: mode '{mode}' does not fit '{action}'",
                        use.item.values[-1].span,
                        hint,
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
            out.append(
                Diagnostic(
                    "E110",
                    f"setup {setup.id} is for {n} player{'s' * (n != 1)}; "
                    f"the game allows {lo}..{hi}",
                    players.item.span,
                )
            )
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
                    Diagnostic(
                        "E109", f"strip {strip.id}: side {face} given twice", use.item.key_span
                    )
                )
            faces[face] = use
            for side in use.children:
                positions = {}
                for hex_use in side.fields.get("hex", []):
                    pos = hex_use.args.get("position")
                    if pos in positions:
                        out.append(
                            Diagnostic(
                                "E109",
                                f"strip {strip.id} side {face}: hex {pos} given twice",
                                hex_use.item.span,
                            )
                        )
                    positions[pos] = hex_use
                    if size and isinstance(pos, int) and pos > size:
                        out.append(
                            Diagnostic(
                                "E110",
                                f"strip {strip.id} side {face}: hex {pos} is beyond "
                                f"the {size} hexes of a strip",
                                hex_use.item.values[0].span,
                            )
                        )
                if size and len(positions) < size:
                    missing = sorted(set(range(1, size + 1)) - set(positions))
                    out.append(
                        Diagnostic(
                            "E111",
                            f"strip {strip.id} side {face}: hexes {missing} missing",
                            use.item.key_span,
                        )
                    )
        for face in ("a", "b"):
            if faces and face not in faces:
                out.append(
                    Diagnostic(
                        "E111", f"strip {strip.id}: missing side {face}", strip.item.key_span
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


CHECKS = (missions, hal_cards, setups, strips, *needs.CHECKS)
