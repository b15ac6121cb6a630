"""Lowering: a compiled RuleSet becomes a `Program`, the runtime form the engine runs.

Every effect of the rule set is numbered once: frames in the game state refer to
effects by number (plain data), and the program keeps, per number, the effect
node, the numbers of its parts and its label. No networkx and no checking at run
time: the compiler has done that.

A game module's `build` returns a subclass of `Program` that adds the game's own
tables (a game module's own kinds of components).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..dsl import ast
from ..dsl.compiler import RuleSet
from ..dsl.i18n import SOURCE_LANGUAGE
from ..dsl.text import TextRenderer
from ..dsl.values import table as values_table
from .card_sides import tables as side_tables
from .companions import tables as companion_tables
from .core_primitives import CORE_IMPLEMENTATIONS
from .decks import looks, uses_places
from .decks import tables as deck_tables
from .effects import EFFECT_OPS, FEASIBLE
from .limits import raised
from .milestones import tables as milestone_tables
from .queues import tables as queue_tables
from .zones import tables as zone_tables

if TYPE_CHECKING:
    from .effects import Check
    from .game import Game, Handler, Implementation


@dataclass(frozen=True)
class Ruling:
    help: str
    default: str
    options: dict[str, str]  # option -> what it means
    editions: dict[str, str]  # edition -> option
    sources: dict[str, str]  # edition -> where its rulebook says so (page, section)


@dataclass(frozen=True)
class Track:
    """A track's bounds and threshold (dsl/core.py `track`); a rule is a word of
    PAST_LIMIT or END_WHEN, or the name of a ruling whose option is one. A `shared` track
    has one value for the table; `win_at` and `lose_at` end a cooperative game
    (dsl/outcomes.py)."""

    start: int
    min: int | None
    limit: int | None
    past_limit: str
    end_at: int | None
    end_when: str | None
    shared: bool = False
    win_at: int | None = None
    lose_at: int | None = None


class Program:
    """The effects, phases and rulings of a rule set, and the game module that runs them."""

    def __init__(self, ruleset: RuleSet):
        self.game: Game = ruleset.game
        self.content_hash = ruleset.content_hash
        self.vocabulary = ruleset.vocabulary
        game_decl = ruleset.single("game")
        self.title: str = game_decl.value("title", default=self.game.name) if game_decl else ""
        lo, hi = game_decl.value("players", default=(1, 1)) if game_decl else (1, 1)
        self.player_range = range(lo, hi + 1)
        self.text = TextRenderer(ruleset.decls, self.vocabulary, SOURCE_LANGUAGE, ruleset.locales)
        self.tracks: dict[str, Track] = {  # in declaration order
            t.id: Track(
                t.value("start", default=0),
                t.value("min"),
                t.value("limit"),
                t.value("past_limit", default="overshoot"),
                t.value("end_at"),
                t.value("end_at", "when"),
                t.first("shared") is not None,
                t.value("win_at"),
                t.value("lose_at"),
            )
            for t in ruleset.of_kind("track")
            if t.id is not None
        }
        first = next((name for name, t in self.tracks.items() if not t.shared), None)
        # the final scores count this track; seats with the same score compare `tie_break`
        self.score_track: str | None = (
            game_decl.value("score", default=first) if game_decl else first
        )
        self.tie_break: str | None = game_decl.value("tie_break") if game_decl else None
        self.turn_phase: str | None = game_decl.value("turn") if game_decl else None
        # a phase carried out once, before the first round (the game's own set-up steps)
        self.setup_phase: str | None = game_decl.value("setup") if game_decl else None
        # a number, or the name of a value that depends on the player count (`count`)
        self.rounds: int | str | None = game_decl.value("rounds") if game_decl else None
        self.values: dict[str, dict[int, int]] = {
            v.id: values_table(v) for v in ruleset.of_kind("value") if v.id is not None
        }
        # a cooperative game: what running out of rounds does ("lose", "survive"); None:
        # a competitive game (dsl/outcomes.py)
        self.cooperative: str | None = None
        # the phases of a round and who carries each out ("captain", "each"); () for a
        # game of turns; and who leads the first round ("first", "random")
        self.round_phases: tuple[tuple[str, str], ...] = ()
        self.first_captain = "first"
        if game_decl is not None and game_decl.first("cooperative") is not None:
            self.cooperative = game_decl.value("cooperative", "rounds_end", default="lose")
        if game_decl is not None:
            self.round_phases = tuple(
                (use.args["phase"], use.args["by"]) for use in game_decl.fields.get("round", [])
            )
            self.first_captain = game_decl.value("first_captain", default="first")
        self.nodes: list[ast.Effect] = []
        self.parts: list[tuple[int, ...]] = []
        # by effect number: (primitive, arguments) for a call run once (no `per`), which
        # the engine runs as the primitive's own frame; None for the other effects
        self.direct_calls: list[tuple[str, tuple] | None] = []
        # filled as effects are first labelled and checked (`label`, `check`); the engine
        # reads them directly, and calls those methods only for an effect not seen yet
        self.labels: dict[int, str] = {}
        self.checks: dict[int, Check] = {}
        self._option_ids: dict[int, tuple[str, ...]] = {}
        self.ops: dict[str, Handler] = {**EFFECT_OPS, **self.game.ops}
        self.primitives: dict[str, Implementation] = {
            **CORE_IMPLEMENTATIONS,
            **self.game.primitives,
        }
        self.counters = self.game.counters
        self.phases: dict[str, tuple[tuple[str, int], ...]] = {
            p.id: tuple((u.args["name"], self.lower_required(u.effect)) for u in p.fields["step"])
            for p in ruleset.of_kind("phase")
            if p.id is not None
        }
        self.triggers, self.trigger_names = self._triggers(ruleset)
        # the decks and kinds of card of a game written in the language (interpreter/decks.py)
        self.decks, self.cards = deck_tables(ruleset, self)
        # each card that goes with another (interpreter/companions.py)
        self.companions = companion_tables(ruleset)
        # the other side of each two-sided card, and the front of each back
        # (interpreter/card_sides.py)
        self.sides, self.fronts = side_tables(ruleset)
        # the tracks with milestones (interpreter/milestones.py) and those whose limit
        # the rules raise in play (interpreter/limits.py)
        self.milestones = milestone_tables(ruleset, self)
        self.raised: tuple[str, ...] = raised(ruleset)
        # the grid, tokens, selectors and pieces (interpreter/zones.py)
        self.zones = zone_tables(ruleset, self)
        # whether cards can lie beyond decks and hands (on the table, in front of a seat,
        # face down, out of the game): what observations show of cards then grows
        self.card_places = uses_places(ruleset)
        # the decks whose top a seat may look at, and the most cards one look sees
        self.looks = looks(ruleset)
        # its resolution queues, their layers and the slots cards print (interpreter/queues.py)
        self.queues, self.layers, self.printed_slots = queue_tables(ruleset, self)
        self.variants: dict[str, str] = {
            v.id: v.value("help") for v in ruleset.of_kind("variant") if v.id is not None
        }
        self.rulings: dict[str, Ruling] = {
            r.id: Ruling(
                r.value("help"),
                r.value("default"),
                {u.args["name"]: u.args["text"] for u in r.fields["option"]},
                {u.args["edition"]: u.args["option"] for u in r.fields.get("edition", [])},
                {u.args["edition"]: u.args["source"] for u in r.fields.get("edition", [])},
            )
            for r in ruleset.of_kind("ruling")
            if r.id is not None
        }

    def _triggers(self, ruleset: RuleSet) -> tuple[dict[str, tuple[int, ...]], dict[int, str]]:
        """The effects that listen to each event, read off the effect graph's `triggers`
        edges (in declaration order), and the trigger each of them belongs to."""
        by_event: dict[str, list[int]] = {}
        names: dict[int, str] = {}
        graph = ruleset.effects
        for (source, target, rel), _ in graph.edges.items():
            decl = ruleset.by_id.get(graph.nodes[target].get("decl", ""))
            if rel != "triggers" or decl is None or decl.kind != "trigger":
                continue
            use = decl.first("effect")
            if use is None or use.effect is None:
                continue
            effect = self.lower(use.effect)
            names[effect] = decl.id or ""
            by_event.setdefault(graph.nodes[source]["label"], []).append(effect)
        return {event: tuple(effects) for event, effects in by_event.items()}, names

    def count(self, amount: int | str, players: int) -> int:
        """A count of the rules for a player count: a number, or a value's number for it."""
        return amount if isinstance(amount, int) else self.values[amount][players]

    def lower(self, effect: ast.Effect) -> int:
        """Number an effect and its parts (depth first); returns the effect's number."""
        number = len(self.nodes)
        self.nodes.append(effect)
        self.parts.append(())
        if isinstance(effect, ast.Call) and effect.per is None and _plain(effect):
            self.direct_calls.append((effect.name, effect.values))
        else:
            self.direct_calls.append(None)
        self.parts[number] = tuple(self.lower(child) for child in effect.children())
        return number

    def lower_optional(self, effect: ast.Effect | None) -> int | None:
        return None if effect is None else self.lower(effect)

    def lower_required(self, effect: ast.Effect | None) -> int:
        """Number the effect of a keyword that must have one (the checker reports a
        missing effect as an error, and only rule sets without errors are built)."""
        assert effect is not None, "a required effect is missing"
        return self.lower(effect)

    def label(self, effect: int) -> str:
        """The effect in words, rendered once (option labels)."""
        text = self.labels.get(effect)
        if text is None:
            node = self.nodes[effect]
            implementation = self.primitives.get(node.name) if isinstance(node, ast.Call) else None
            if implementation is not None and implementation.label is not None:
                assert isinstance(node, ast.Call)  # only calls have an implementation
                text = implementation.label(node.values, self.text)
            else:
                text = self.text.effect(node)
            self.labels[effect] = text
        return text

    def check(self, effect: int) -> Check:
        """Whether an effect can be carried out now, as a function of (engine, seat, ctx),
        compiled from the effect once (`Feasibility` in effects.py)."""
        check = self.checks.get(effect)
        if check is None:
            check = self.checks[effect] = FEASIBLE.visit(self.nodes[effect], self.primitives)
        return check

    def option_ids(self, choice: int) -> tuple[str, ...]:
        """The ids of a choice's options, computed once: each option's own id
        (`Implementation.option_id`: "sequence_a", "pass") when every option has one and
        no two are the same, else "option:0", "option:1", ... by position."""
        ids = self._option_ids.get(choice)
        if ids is None:
            own = []
            for part in self.parts[choice]:
                node = self.nodes[part]
                if not isinstance(node, ast.Call):
                    break
                implementation = self.primitives.get(node.name)
                if implementation is None or implementation.option_id is None:
                    break
                own.append(implementation.option_id(node.values))
            else:
                if len(set(own)) == len(own):
                    ids = tuple(own)
            if ids is None:
                ids = tuple(f"option:{i}" for i in range(len(self.parts[choice])))
            self._option_ids[choice] = ids
        return ids

    @property
    def lang(self) -> str:
        """The language of the program's texts: labels, prompts, the log."""
        return self.text.lang

    def set_language(self, lang: str) -> None:
        """Render the texts of games played with this program in another language."""
        if lang != self.text.lang:
            self.text = self.text.in_language(lang)
            self.labels.clear()

    def items(self) -> dict[str, list[str]]:
        """The game's cards and tiles by kind, each of which lies in exactly one pile of the
        state layout (Game.piles); games without such things have none."""
        return {}

    def player_counts(self) -> list[int]:
        """The player counts this game can be set up for."""
        return list(self.player_range)

    def difficulty_ruling(self, players: int) -> str | None:
        """The ruling that sets how strong the automated opponent of a game for this many
        players is (`ba play --difficulty`), if the game has one."""
        return None


def _plain(call: ast.Call) -> bool:
    """A call with no modifier but its arguments: the engine runs it as its primitive."""
    return not call.conditions and not call.unless and call.times is None


def build(ruleset: RuleSet, lang: str = SOURCE_LANGUAGE) -> Program:
    """The runtime program of a compiled rule set, built by its game module, with its
    texts (option labels, prompts, the log) in a language."""
    program = ruleset.game.build(ruleset)
    program.set_language(lang)
    return program
