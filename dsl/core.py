"""The core vocabulary: the declarations and primitives every game shares.

A game's vocabulary extends this one (`Vocabulary.extend`). The interpreter
implements the core primitives in `interpreter/core_primitives.py`.
"""

from __future__ import annotations

from .i18n import NC_
from .meta import (
    COUNT,
    INT,
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
RULING = ref("ruling", "ruling")
# What a gain beyond a track's `limit` does: one of these words, or a ruling whose options
# are these words (the players pick one with --ruling); core_primitives.py reads it.
PAST_LIMIT = ("overshoot", "exact", "bounce")
PAST_LIMIT_RULE = ref("past_limit", "ruling", also=PAST_LIMIT)
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
        keyword("min", "The lowest the track goes: a loss stops there.", param("value", INT)),
        keyword(
            "limit",
            "The highest the track goes; 'past_limit' says what a gain beyond it does.",
            param("value", INT),
        ),
        keyword(
            "past_limit",
            "What a gain beyond 'limit' does: overshoot (stop on the limit), exact (the gain "
            "is lost), bounce (come back down by the excess), or a ruling whose options are "
            "these.",
            param("rule", PAST_LIMIT_RULE),
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
        # TRANSLATORS: a gain of 0 (a card that does nothing, as some threat cards)
        worded=(("amount", 0, N_("nothing happens")),),
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
    # dice and conditions (interpreter/core_primitives.py)
    Primitive(
        "pay",
        "Move down a track as a cost: possible only when the seat has that much.",
        (AMOUNT, param("track", TRACK)),
        N_("pay {amount} {track}"),
        example="pay 1 boost -> gain 3 position",
    ),
    Primitive(
        "roll",
        "Roll dice with a number of faces (each shows 1 to faces); 'gain_highest' and "
        "'doubles' read the roll.",
        (param("dice", COUNT, lo=1, hi=9), param("faces", COUNT, lo=2, hi=100)),
        N_("roll {dice} {dice:die} of {faces} faces"),
        can_fail=False,
        example="roll 2 6, gain_highest position",
    ),
    Primitive(
        "gain_highest",
        "Move up a track by the highest die of the last roll (keep the highest).",
        (param("track", TRACK),),
        N_("move up {track} by the highest die"),
        can_fail=False,
        example="gain_highest position",
    ),
    Primitive(
        "doubles",
        "A condition: two dice of the last roll show the same face.",
        (),
        N_("two dice show the same face"),
        condition=True,
        example="gain 1 boost if doubles",
    ),
    Primitive(
        "at_least",
        "A condition: the seat has at least this much on a track.",
        (AMOUNT, param("track", TRACK)),
        N_("you have at least {amount} {track}"),
        condition=True,
        example="at_least 3 boost -> gain 1 position",
    ),
    Primitive(
        "at_most",
        "A condition: the seat has at most this much on a track.",
        (AMOUNT, param("track", TRACK)),
        N_("you have at most {amount} {track}"),
        worded=(("amount", 0, N_("you have no {track}")),),
        condition=True,
        example="at_most 2 missiles, gain 1 missiles",
    ),
    Primitive(
        "ruled",
        "A condition: the game is played with this option of a ruling.",
        (param("ruling", RULING), param("option", NAME)),
        N_("the ruling {ruling} is {option}"),
        condition=True,
        example="gain 1 boost if ruled doubles boost",
    ),
)


CORE = Vocabulary(
    "core",
    {k.key: k for k in CORE_KINDS},
    {p.name: p for p in CORE_PRIMITIVES},
    nouns={"die": (N_("die"), N_("dice"))},
)


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
