"""Black Angel's own lint rules: what the language checker cannot know about the game.

Each rule takes the declarations by kind and returns diagnostics; the compiler runs
them after the language's own consistency rules (`Game.checks`).
"""

from __future__ import annotations

from ...dsl.checker import Decl, FieldUse
from ...dsl.diagnostics import Diagnostic, did_you_mean
from .vocabulary import HAL_GAIN, VOCABULARY

# what an automated opponent may gain, each with a weight in VP
HAL_GAINS = HAL_GAIN.words


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


def _automata(automata: list[Decl], rulings: list[Decl], vocabulary_primitives) -> list[Diagnostic]:
    """An automated opponent's declaration must fit what the engine reads: a weight for
    each kind of gain, its levels the options of its difficulty ruling, known primitives
    in `resolves`, and each of `first_half`'s moments once."""
    out = []
    by_id = {r.id: r for r in rulings}
    for automa in automata:
        weighted = {u.args.get("gain") for u in automa.fields.get("weight", [])}
        missing = [g for g in HAL_GAINS if g not in weighted]
        if missing and "weight" in automa.fields:
            out.append(
                Diagnostic(
                    "E111",
                    f"automa {automa.id}: no weight for {', '.join(missing)}",
                    automa.item.key_span,
                    "add a line: weight " + missing[0] + " 1",
                )
            )
        moments: dict[str, FieldUse] = {}
        for use in automa.fields.get("first_half", []):
            after = use.args.get("after")
            if after in moments:
                out.append(
                    Diagnostic(
                        "E109",
                        f"automa {automa.id}: 'first_half {after}' given twice",
                        use.item.key_span,
                    )
                )
            moments[str(after)] = use
        for after in ("a", "b"):
            if moments and after not in moments:
                out.append(
                    Diagnostic(
                        "E111",
                        f"automa {automa.id}: which half does he read first after sequence "
                        f"{after.upper()}?",
                        automa.item.key_span,
                        f"add a line: first_half {after} top",
                    )
                )
        for use in automa.fields.get("resolves", []):
            for name, value in zip(use.args.get("primitive", []), use.item.values):
                if name not in vocabulary_primitives:
                    out.append(
                        Diagnostic(
                            "E103",
                            f"automa {automa.id}: unknown primitive '{name}' in 'resolves'",
                            value.span,
                            did_you_mean(name, vocabulary_primitives),
                        )
                    )
        ruling = by_id.get(automa.value("difficulty_ruling"))
        if ruling is None:
            continue
        options = {u.args.get("name") for u in ruling.fields.get("option", [])}
        levels = {u.args.get("level"): u for u in automa.fields.get("difficulty", [])}
        for level, use in levels.items():
            if level not in options:
                out.append(
                    Diagnostic(
                        "E110",
                        f"automa {automa.id}: level '{level}' is no option of ruling {ruling.id}",
                        use.item.values[0].span,
                        did_you_mean(str(level), options)
                        or "options: " + ", ".join(sorted(map(str, options))),
                    )
                )
        for option in sorted(map(str, options - set(levels))):
            out.append(
                Diagnostic(
                    "E111",
                    f"automa {automa.id}: no starting VP for level '{option}' of ruling "
                    f"{ruling.id}",
                    automa.item.key_span,
                    f"add a line: difficulty {option} 0",
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


def automata(by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
    return _automata(by_kind.get("automa", []), by_kind.get("ruling", []), VOCABULARY.primitives)


def setups(by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
    return _setups(by_kind.get("setup", []), by_kind.get("game", []))


def strips(by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
    return _strips(by_kind.get("strip", []), by_kind.get("space", []))


CHECKS = (missions, automata, setups, strips)
