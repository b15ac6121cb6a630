"""The words of the engine's own procedure (interpreter/procedure.py), which plays a game
written only in the language (`module rules_only`): the core vocabulary (dsl/core.py),
plus what that procedure reads and no game module need read: the game's round limit,
score track and tie-break, each track's start value and threshold; cards, decks
and hands (dsl/decks.py); a grid of pieces with its selectors (dsl/zones.py); resolution
queues (dsl/queues.py); the cooperative outcome, rounds made of phases and the rotating
captain (dsl/outcomes.py); numbers that depend on the player count (dsl/values.py);
milestones on a track (dsl/milestones.py) and limits raised in play (dsl/limits.py);
companion cards (dsl/companions.py) and two-sided cards (dsl/card_sides.py)."""

from __future__ import annotations

from . import card_sides, companions, decks, limits, milestones, outcomes, queues, values, zones
from .core import CORE, PHASE, TRACK
from .i18n import N_
from .meta import INT, keyword, param, ref
from .values import COUNT_OR_VALUE

# When reaching a track's `end_at` ends the game: one of these words, or a ruling whose
# options are these words (checked by dsl/consistency.py, E116)
END_WHEN = ("at_once", "round")
END_RULE = ref("end_when", "ruling", also=END_WHEN)

VOCABULARY = CORE.extend(
    "procedure",
    kinds=decks.KINDS + zones.KINDS + queues.KINDS + values.KINDS,
    primitives=decks.PRIMITIVES
    + zones.PRIMITIVES
    + queues.PRIMITIVES
    + outcomes.PRIMITIVES
    + values.PRIMITIVES
    + limits.PRIMITIVES
    + card_sides.PRIMITIVES,
    nouns={"card": (N_("card"), N_("cards")), "player": (N_("player"), N_("players"))},
    fields={
        # a card that can be a piece of the grid (dsl/zones.py), print its slot in a
        # queue (dsl/queues.py), go with another card (dsl/companions.py) and have
        # another side (dsl/card_sides.py)
        "card": zones.CARD_FIELDS
        + queues.CARD_FIELDS
        + companions.CARD_FIELDS
        + card_sides.CARD_FIELDS,
        "game": (
            keyword(
                "rounds",
                "The most rounds a game lasts (a round: each seat in turn takes its turn); "
                "after the last one the best score wins.",
                param("rounds", COUNT_OR_VALUE, lo=1),
            ),
            keyword(
                "setup",
                "A phase carried out once before the first round, by the first captain (or "
                "the first seat): what the set-up does beyond dealing and building decks.",
                param("phase", PHASE),
                example="setup deal_out",
            ),
            keyword(
                "score",
                "The track whose values are the final scores (without it, the first track).",
                param("track", TRACK),
            ),
            keyword(
                "tie_break",
                "The track that decides between seats with the same score (without it they "
                "share the win).",
                param("track", TRACK),
            ),
            *outcomes.GAME_FIELDS,
        ),
        "track": (
            keyword(
                "start", "Where each seat starts on the track (0 without it).", param("value", INT)
            ),
            keyword(
                "end_at",
                "Reaching this value ends the game: at_once (after that turn) or round (at the "
                "end of that round), or a ruling whose options are these.",
                param("value", INT),
                param("when", END_RULE),
            ),
            *outcomes.TRACK_FIELDS,
            *milestones.TRACK_FIELDS,
        ),
    },
)
