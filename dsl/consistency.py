"""Rules that span several keywords or declarations (after names and types are checked)."""

from __future__ import annotations

from .ast import walk_calls
from .checker import Checker, Decl
from .diagnostics import Diagnostic, did_you_mean

HAL_MODES = {
    "discover": {"advanced_first", "tech_only"},
    "repair": {"clockwise", "counterclockwise"},
    "destroy": {"clockwise", "counterclockwise"},
    "command": set(),
}


def check_consistency(decls: list[Decl], checker: Checker, strict_counts: bool) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    by_kind: dict[str, list[Decl]] = {}
    for decl in decls:
        by_kind.setdefault(decl.kind, []).append(decl)
    out += _missions(by_kind.get("mission", []))
    out += _hal_cards(by_kind.get("hal_card", []))
    out += _unique_numbers(by_kind.get("action", []), "number", "action number")
    out += _unique_numbers(by_kind.get("setup", []), "players", "setup for this player count")
    out += _unique_numbers(by_kind.get("aid", []), "position", "player aid for this position")
    out += _unique_numbers(by_kind.get("strip", []), "number", "strip number")
    out += _setups(by_kind.get("setup", []), by_kind.get("game", []))
    out += _strips(by_kind.get("strip", []), by_kind.get("space", []))
    out += _rulings(by_kind.get("ruling", []))
    out += _component_counts(by_kind, strict_counts)
    out += _unused(decls, checker)
    return out


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
            allowed = HAL_MODES.get(action, set())
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


def _unique_numbers(decls: list[Decl], key: str, what: str) -> list[Diagnostic]:
    out, seen = [], {}
    for decl in decls:
        use = decl.first(key)
        if use is None or not use.args:
            continue
        number = next(iter(use.args.values()))
        if number in seen:
            out.append(
                Diagnostic(
                    "E109",
                    f"duplicate {what} {number}",
                    use.item.span,
                    f"already used by {seen[number]}",
                )
            )
        else:
            seen[number] = decl.id or decl.kind
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
            out.append(
                Diagnostic(
                    "E110",
                    f"setup {setup.id} is for {n} player{'s' * (n != 1)}; "
                    f"the game allows {lo}..{hi}",
                    setup.first("players").item.span,
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


def _rulings(rulings: list[Decl]) -> list[Diagnostic]:
    out = []
    for ruling in rulings:
        options: list[str] = []
        for use in ruling.fields.get("option", []):
            name = use.args.get("name")
            if name is None:
                continue  # reported as a missing value (E107)
            if name in options:
                out.append(
                    Diagnostic(
                        "E109",
                        f"ruling {ruling.id}: option '{name}' given twice",
                        use.item.values[0].span,
                    )
                )
            else:
                options.append(name)
        uses = ruling.fields.get("default", []) + ruling.fields.get("edition", [])
        for use in uses:
            chosen = use.args.get("option")
            if chosen is not None and chosen not in options:
                out.append(
                    Diagnostic(
                        "E106",
                        f"ruling {ruling.id}: '{chosen}' is not one of its options",
                        use.item.values[-1].span,
                        did_you_mean(chosen, options)
                        or ("options: " + ", ".join(options) if options else "declare its options"),
                    )
                )
    return out


def _component_counts(by_kind: dict[str, list[Decl]], strict: bool) -> list[Diagnostic]:
    out = []
    for comp in by_kind.get("component", []):
        kind, count = comp.value("declared_by"), comp.value("count")
        if kind is None or count is None:
            continue
        have = sum(d.copies for d in by_kind.get(kind, []))
        if have != count:
            out.append(
                Diagnostic(
                    "E201" if strict else "W201",
                    f"component {comp.id}: the box holds {count}, "
                    f"the rule set declares {have} {kind}"
                    f"{'' if have == 1 else 's'}",
                    comp.first("count").item.span,
                    f"add or remove '{kind}' declarations (or 'copies'), or change the count",
                )
            )
    return out


def _unused(decls: list[Decl], checker: Checker) -> list[Diagnostic]:
    out = []
    for decl in decls:
        if decl.id is None:
            continue  # reported as a missing id (E107)
        if decl.kind in (
            "color",
            "player_color",
            "track",
        ) and decl.id not in checker.used_names.get(decl.kind, ()):
            if decl.kind == "player_color":
                continue  # player colours are chosen by the players, not referenced by content
            out.append(
                Diagnostic(
                    "W401",
                    f"{decl.kind} '{decl.id}' is declared but never used",
                    decl.item.key_span,
                    "remove it, or use it in a card",
                )
            )
        if decl.kind == "event" and decl.id not in checker.used_events:
            out.append(
                Diagnostic(
                    "W401",
                    f"event '{decl.id}' is declared but nothing listens to it or raises it",
                    decl.item.key_span,
                )
            )
    emitted = {
        str(c.args[0].value)
        for d in decls
        for uses in d.fields.values()
        for u in uses
        for c in walk_calls(u.effect)
        if c.name == "emit" and c.args
    }
    declared_events = {d.id for d in decls if d.kind == "event" and d.id is not None}
    for decl in decls:
        if decl.kind == "trigger":
            event = decl.value("on")
            if event in declared_events and event not in emitted:
                out.append(
                    Diagnostic(
                        "W402",
                        f"trigger {decl.id} listens to '{event}', which nothing raises",
                        decl.first("on").item.span,
                        "add 'emit " + event + "' to some effect",
                    )
                )
    return out
