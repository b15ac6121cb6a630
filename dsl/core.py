"""The core vocabulary: the declarations and primitives every game shares.

A game's vocabulary extends this one (`Vocabulary.extend`). The interpreter
implements the core primitives in `interpreter/core_primitives.py`.
"""

from __future__ import annotations

from .i18n import NC_
from .meta import (
    COUNT,
    KIND,
    N_,
    NAME,
    RANGE,
    STRING,
    Field,
    Primitive,
    Vocabulary,
    flag,
    keyword,
    kind,
    param,
    ref,
    words,
)

PHASE = ref("phase", "phase")
TRACK = ref("track", "track")
EVENT = ref("event", "event", events=True)
MAX_PLAYERS = 12  # the most players a game may declare

# Annotations after an item: what each says about where a value comes from (see
# dsl/provenance.py). A value with neither @inferred nor @reconstructed is printed.
ANNOTATIONS = {
    "reconstructed": "the rulebooks do not print this value: it was chosen; the reason follows",
    "inferred": "the rulebooks imply this value (a layout, an example) without printing it; "
    "the reason follows",
    "rulebook": "where the rulebooks print this value",
}

CORE_KINDS = (
    kind(
        "game",
        "The game as a whole: which game module runs it, its name, player counts, turns.",
        keyword(
            "module",
            "The game module that implements the game's primitives (without it, the default game).",
            param("module", NAME),
        ),
        keyword("title", "Printed name of the game.", param("title", STRING), required=True),
        keyword(
            "players",
            "Supported player counts.",
            param("players", RANGE, lo=1, hi=MAX_PLAYERS),
            required=True,
        ),
        keyword("turn", "The phase a player carries out on a turn.", param("phase", PHASE)),
        keyword("final_turn", "The phase for turns of the final round.", param("phase", PHASE)),
        singleton=True,
        required=True,
    ),
    kind(
        "track",
        "A score track; each player has a position on it.",
        keyword(
            "noun",
            "Singular and plural name in text.",
            param("one", STRING),
            param("many", STRING),
            required=True,
        ),
        referenced=True,
    ),
    kind(
        "component",
        "A physical component and how many the box holds.",
        keyword("noun", "Singular and plural name.", param("one", STRING), param("many", STRING)),
        keyword(
            "count",
            "Copies in the box (checked against the declarations of cards).",
            param("amount", COUNT),
        ),
        keyword(
            "limit",
            "Copies per player colour.",
            param("amount", COUNT),
            param("per", flag("per_player_color")),
        ),
        keyword("unlimited", "The supply never runs out (use substitutes)."),
        keyword(
            "stock",
            "Players keep these in storage or the break room; effects take and spend them.",
        ),
        keyword(
            "declared_by",
            "The declaration kind whose entries are these components.",
            param("kind", KIND),
        ),
    ),
    kind(
        "ruling",
        "A named choice where the rulebooks are ambiguous or the editions differ.",
        keyword(
            "help", "What is being decided, in one line.", param("text", STRING), required=True
        ),
        keyword(
            "default",
            "The option used unless the user picks another.",
            param("option", NAME),
            required=True,
        ),
        keyword(
            "option",
            "One possible reading and what it means.",
            param("name", NAME),
            param("text", STRING),
            required=True,
            repeat=True,
        ),
        decision=True,
    ),
    kind(
        "variant",
        "A way to play the game that its rulebook offers beside the basic rules; chosen "
        "when a game is set up (ba play --variant NAME).",
        keyword("help", "What changes, in one line.", param("text", STRING), required=True),
    ),
    kind(
        "phase",
        "A part of a turn: its steps run in order (the turn structure).",
        keyword(
            "step",
            "One step: a name, then what happens.",
            param("name", NAME),
            effect=True,
            required=True,
            repeat=True,
        ),
    ),
    kind(
        "event",
        "An event that triggers can listen to, beyond the ones the game raises.",
        keyword("help", "What the event means.", param("text", STRING)),
        example='event alarm {\n  help "a mission of the mod raises the alarm"\n}',
        listed=True,
        is_event=True,
    ),
    kind(
        "trigger",
        "A rule that runs an effect whenever an event happens.",
        keyword("on", "The event.", param("event", EVENT), required=True),
        keyword(
            "effect",
            "What happens.",
            effect=True,
            required=True,
            frames={None: N_("When {event}: {effect}")},
        ),
        example="trigger bonus {\n  on setup_done\n  effect: gain 1 vp\n}",
        listed=True,
    ),
)

AMOUNT = param("amount", COUNT)

CORE_PRIMITIVES = (
    Primitive(
        "gain",
        "Move up a track.",
        (AMOUNT, param("track", TRACK)),
        N_("gain {amount} {track}"),
        can_fail=False,
    ),
    Primitive(
        "lose",
        "Move down a track.",
        (AMOUNT, param("track", TRACK)),
        N_("lose {amount} {track}"),
        can_fail=False,
        example="lose 2 vp",
    ),
    Primitive(
        "run",
        "Run the steps of a phase.",
        (param("phase", PHASE),),
        N_("carry out {phase}"),
    ),
    Primitive(
        "emit",
        "Raise a content event.",
        (param("event", EVENT),),
        N_("raise the event {event}"),
        can_fail=False,
        example="emit alarm",
    ),
)

CORE = Vocabulary("core", {k.key: k for k in CORE_KINDS}, {p.name: p for p in CORE_PRIMITIVES})


def edition_presets(*editions: str) -> Field:
    """The `edition` keyword of rulings, which a game whose rulebook has several editions
    adds to `ruling` (`Vocabulary.extend(fields=...)`): which option each edition's text
    implies, chosen with `ba play --edition`. The game names its editions (Game.editions)."""
    return keyword(
        "edition",
        # TRANSLATORS: help of keyword edition in ruling (a game's vocabulary adds it)
        NC_(
            "help",
            "The option an edition's text implies, and where that edition prints it: its "
            "page and section (a citation, shown as written, not translated). An edition "
            "whose text is silent gets no preset: it plays the default.",
        ),
        param("edition", words(*editions)),
        param("option", NAME),
        param("source", STRING),
        repeat=True,
    )
