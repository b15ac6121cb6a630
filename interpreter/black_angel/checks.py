"""Black Angel's own lint rules: what the language checker cannot know about the game.

Each rule takes the declarations by kind and returns diagnostics; the compiler runs
them after the language's own consistency rules (`Game.checks`).
"""

from __future__ import annotations

from ...dsl.checker import Decl, FieldUse
from ...dsl.diagnostics import Diagnostic, suggestion
from ...dsl.i18n import N_, NN_, Msg, Names
from . import needs
from .vocabulary import HAL_GAIN, VOCABULARY

ONE_OF = N_("one of: {names}")

# what an automated opponent may gain, each with a weight in VP
HAL_GAINS = HAL_GAIN.words


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
                Diagnostic.of(
                    "E111",
                    automa.item.key_span,
                    N_("automa {id}: no weight for {missing}"),
                    N_("add a line: weight {first} 1"),
                    id=automa.id,
                    missing=Names(tuple(missing), quoted=False),
                    first=missing[0],
                )
            )
        moments: dict[str, FieldUse] = {}
        for use in automa.fields.get("first_half", []):
            after = use.args.get("after")
            if after in moments:
                out.append(
                    Diagnostic.of(
                        "E109",
                        use.item.key_span,
                        N_("automa {id}: 'first_half {after}' given twice"),
                        id=automa.id,
                        after=after,
                    )
                )
            moments[str(after)] = use
        for after in ("a", "b"):
            if moments and after not in moments:
                out.append(
                    Diagnostic.of(
                        "E111",
                        automa.item.key_span,
                        N_("automa {id}: which half does he read first after sequence {sequence}?"),
                        N_("add a line: first_half {after} top"),
                        id=automa.id,
                        sequence=after.upper(),
                        after=after,
                    )
                )
        for use in automa.fields.get("resolves", []):
            for name, value in zip(use.args.get("primitive", []), use.item.values):
                if name not in vocabulary_primitives:
                    out.append(
                        Diagnostic.of(
                            "E103",
                            value.span,
                            N_("automa {id}: unknown primitive '{name}' in 'resolves'"),
                            suggestion(name, vocabulary_primitives),
                            id=automa.id,
                            name=name,
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
                    Diagnostic.of(
                        "E110",
                        use.item.values[0].span,
                        N_("automa {id}: level '{level}' is no option of ruling {ruling}"),
                        suggestion(str(level), options)
                        or Msg(ONE_OF, {"names": Names(tuple(sorted(map(str, options))))}),
                        id=automa.id,
                        level=level,
                        ruling=ruling.id,
                    )
                )
        for option in sorted(map(str, options - set(levels))):
            out.append(
                Diagnostic.of(
                    "E111",
                    automa.item.key_span,
                    N_("automa {id}: no starting VP for level '{level}' of ruling {ruling}"),
                    N_("add a line: difficulty {level} 0"),
                    id=automa.id,
                    level=option,
                    ruling=ruling.id,
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


def automata(by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
    return _automata(by_kind.get("automa", []), by_kind.get("ruling", []), VOCABULARY.primitives)


def setups(by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
    return _setups(by_kind.get("setup", []), by_kind.get("game", []))


def strips(by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
    return _strips(by_kind.get("strip", []), by_kind.get("space", []))


CHECKS = (missions, automata, setups, strips, *needs.CHECKS)
