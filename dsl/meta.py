"""The language's meta-model: what a parameter type, a field, a declaration kind, a
primitive and a vocabulary are.

Nothing here names a game. The words every game shares are in `dsl/core.py`; a
game module adds its own (its `Game.vocabulary`),
and the checker, the text renderer, the JSON Schema and `ba language` all read
the resulting `Vocabulary`.

Templates and other texts are English msgids marked with `N_` so that Babel
extracts them; `dsl/text.py` translates and fills them. The words that stand in a
template's placeholders are translated under the placeholder's slot (`dsl/words.py`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from .i18n import N_ as N_  # the extraction marker, where the vocabularies import it
from .i18n import NC_, Msg, Names

TYPE = "type"  # the context of a type's name in messages ("unknown color 'x'")

MAX_NUMBER = 999  # the largest number a rule may use: nothing in a board game counts higher


@dataclass(frozen=True)
class ParamType:
    """What a value must be.

    `form` is one of:
        int      a whole number (bounds come from the parameter)
        count    a whole number >= 0
        string   a quoted text
        range    lo..hi
        name     any word
        words    one of `words` (an enumeration)
        texts    one of the texts `words`, in a slot of the game's texts (`texts`)
        flag     exactly the word `words[0]` (an optional switch)
        ref      the id of a declaration of a kind in `refs` (only those with the
                 switch `having`, when given), or one of `words`, or, with
                 `events`, an event that the game raises
        number   the `field` number of a declaration of kind `refs[0]`
        amount   a whole number >= 0, or the id of a declaration of a kind in `refs`
                 that stands for one (a value that depends on the player count)
        kind     the name of a declaration kind
    `name` is how messages and `ba language` call the type ("color", "item");
    `unknown_code` is the diagnostic for a name that is not known.
    """

    form: str
    name: str
    words: tuple[str, ...] = ()
    refs: tuple[str, ...] = ()
    having: str | None = None
    events: bool = False
    field: str | None = None
    unknown_code: str = "E108"

    @property
    def shape(self) -> str:
        """The literal a value of this type is written as: int, string, range or name."""
        if self.form in ("int", "count", "number"):
            return "int"
        if self.form in ("string", "range"):
            return self.form
        return "name"

    @property
    def title(self) -> Msg:
        """How messages name the type, in the reader's language ("kolor" for color)."""
        return Msg(self.name, context=TYPE)

    def describe(self) -> Msg:
        """What a value must be, in a few words (for messages)."""
        if self.form == "words":
            return Msg(N_("one of {names}"), {"names": Names(self.words, quoted=False)})
        if self.form == "flag":
            return Msg(N_("the word '{word}'"), {"word": self.words[0]})
        if self.form == "count":
            return Msg(N_("a number >= 0"))
        if self.form == "amount":
            return Msg(N_("a number >= 0 or a {type}"), {"type": self.title})
        if self.form == "int":
            return Msg(N_("a number"))
        if self.form == "number":
            template = (
                N_("an {type} number") if _article(self.name) == "an" else N_("a {type} number")
            )
            return Msg(template, {"type": self.title})
        return Msg(N_("a {type}"), {"type": self.title})

    def __str__(self) -> str:
        if self.form in ("words", "flag"):
            return "|".join(self.words)
        return self.name


def _article(noun: str) -> str:
    return "an" if noun[:1] in "aeiou" else "a"


INT = ParamType("int", NC_("type", "int"))
COUNT = ParamType("count", NC_("type", "count"))
STRING = ParamType("string", NC_("type", "string"))
RANGE = ParamType("range", NC_("type", "range"))
NAME = ParamType("name", NC_("type", "name"))
KIND = ParamType("kind", NC_("type", "kind"))


def words(*choices: str) -> ParamType:
    return ParamType("words", NC_("type", "word"), words=choices)


def texts(*names: str) -> ParamType:
    """A slot of the game's own texts that shows a name the game makes (a seat's: "P{number}",
    "the neutral player"), itself a text: each is translated under the slot's context, so
    that a language gives the name the case its sentence needs ("od Hala")."""
    return ParamType("texts", NC_("type", "name"), words=names)


def flag(word: str) -> ParamType:
    return ParamType("flag", NC_("type", "word"), words=(word,))


def ref(
    name: str,
    *kinds: str,
    having: str | None = None,
    also: tuple[str, ...] = (),
    events: bool = False,
    code: str = "E106",
) -> ParamType:
    """A reference to declarations of `kinds` (ids), to the words `also`, or to events."""
    return ParamType(
        "ref", name, words=also, refs=kinds, having=having, events=events, unknown_code=code
    )


def number_of(name: str, kind: str, field: str, code: str) -> ParamType:
    """A number that must be the `field` of some declaration of `kind`."""
    return ParamType("number", name, refs=(kind,), field=field, unknown_code=code)


@dataclass(frozen=True)
class Param:
    name: str
    type: ParamType
    optional: bool = False
    repeat: bool = False
    lo: int | None = None
    hi: int | None = None
    at_most: str | None = None  # the name of a parameter this one may not exceed

    @property
    def low(self) -> int | None:
        """The smallest allowed number (a count is never negative)."""
        if self.lo is None and self.type.form in ("count", "amount"):
            return 0
        if self.lo is None and self.type.form == "int":
            return -MAX_NUMBER
        return self.lo

    @property
    def high(self) -> int | None:
        """The largest allowed number (MAX_NUMBER unless the parameter says less)."""
        if self.hi is None and self.type.form in ("int", "count", "amount"):
            return MAX_NUMBER
        return self.hi


@dataclass(frozen=True)
class Field:
    """One keyword inside a declaration block.

    `frames` are the sentences that frame the field's effect in card text, keyed
    by the value of the field's first parameter (None: any value).
    """

    key: str
    help: str
    params: tuple[Param, ...] = ()
    effect: bool = False  # takes `: effect`
    event: str | None = None  # the event on which that effect runs
    required: bool = False
    repeat: bool = False
    block: str | None = None  # kind of the nested block, if any
    unique: str | None = None  # what the value numbers, if no two declarations may share it
    frames: Mapping[str | None, str] = field(default_factory=dict)
    example: str | None = None  # a line that uses it, for a field no shipped rule uses

    def frame(self, first_value: object) -> str | None:
        if isinstance(first_value, str) and first_value in self.frames:
            return self.frames[first_value]
        return self.frames.get(None)


@dataclass(frozen=True)
class Kind:
    """A declaration kind, e.g. `mission m001 { ... }`."""

    key: str
    help: str
    fields: Mapping[str, Field]
    has_id: bool = True
    singleton: bool = False  # at most one in a rule set
    required: bool = False  # a complete rule set declares one (the engine reads it)
    card: bool = False  # content that `ba cards` shows and the component count covers
    listed: bool = False  # not a card, but a rule that `ba cards` and the reference show too
    is_event: bool = False  # its id names an event, which effects raise and triggers hear
    nested_only: bool = False  # only inside another declaration's block
    referenced: bool = False  # exists to be named by others: unused ones are reported
    decision: bool = False  # its values are the project's decisions (rulings), not printed
    example: str | None = None  # a declaration, for a kind no shipped rule declares


@dataclass(frozen=True)
class Primitive:
    """A verb of the effect language (or, with `counter`, a thing to count after `per`).

    It describes itself: its parameters, a help line, and the template that renders
    it in words. What it does is the game's implementation (`interpreter/game.py`).
    """

    name: str
    help: str
    params: tuple[Param, ...]
    template: str
    counter: bool = False  # used after `per`, yields a number
    # a test: used after `if` (the call runs only when it holds) or before `->` (a guard:
    # what follows can be done only when it holds); as an effect it does nothing
    condition: bool = False
    can_fail: bool = True  # False: `otherwise` after it is unreachable
    emits: tuple[str, ...] = ()
    activates: str | None = None  # runs the effects that listen to this event (a tile's)
    example: str | None = None  # an effect that uses it, for one no shipped rule uses
    # before `->`, it gives what follows uses (Hal takes a die to act with it) rather
    # than paying for it: text joins the two with TRADE_FOR_USE (dsl/text.py)
    provides: bool = False
    # the template of a call that writes its optional flag or value (`hit 2 front overflow`,
    # `fill_layer hazards 1`)
    flagged: str | None = None
    # templates for a call whose parameter has a given value, as (parameter, value,
    # template): a value that reads better in words of its own ("at most 0" is "no")
    worded: tuple[tuple[str, object, str], ...] = ()

    @property
    def templates(self) -> tuple[str, ...]:
        """Every template the primitive may render with (their placeholders are slots)."""
        extra = () if self.flagged is None else (self.flagged,)
        return (self.template, *extra, *(template for _, _, template in self.worded))

    def template_for(self, values: tuple) -> str:
        """The template that renders a call with these values: a `worded` one when a value
        is its value, `flagged` when the call writes an optional flag or value, else
        `template`."""
        names = [p.name for p in self.params]
        for name, value, template in self.worded:
            index = names.index(name)
            if index < len(values) and values[index] == value:
                return template
        written = any(
            p.optional
            and i < len(values)
            and values[i] is not None
            and (p.type.form != "flag" or values[i] == p.type.words[0])
            for i, p in enumerate(self.params)
        )
        return self.flagged if written and self.flagged is not None else self.template

    @property
    def amount(self) -> bool:
        """Whether the first parameter is an amount, which `per` multiplies and `max` caps
        (the engine reads it as the call's first value)."""
        return bool(self.params) and self.params[0].type.form == "count"


@dataclass(frozen=True)
class Event:
    """An event that a game raises by itself, for triggers to listen to: what happens (a
    clause: a trigger's card text reads "When {help}: ..."), the moments that raise it and
    for whom its triggers run. `ba language` and the reference show all three, translated
    under the context `help`; tests check that every event a game raises is declared."""

    help: str
    raised: tuple[str, ...]  # each moment that raises it, in a few words
    runs_for: str  # whose effect a trigger on it runs: a player, or each player in turn


# The words written after a call that change when and how often it is carried out (the
# grammar's modifiers, dsl/grammar.lark): each with its form and help (`ba language`,
# the language server's completion and hover).
MODIFIERS = (
    (
        "per",
        "CALL per COUNTER",
        NC_(
            "help",
            "Carry the call out once for each thing the counter counts (its amount multiplied).",
        ),
    ),
    ("max", "CALL per COUNTER max N", NC_("help", "Never more than N in all, with 'per'.")),
    (
        "if",
        "CALL if CONDITION",
        NC_(
            "help",
            "The call is carried out only when the condition holds; otherwise it does "
            "nothing. Several conditions must all hold.",
        ),
    ),
    (
        "unless",
        "CALL unless CONDITION",
        NC_(
            "help",
            "The call is carried out only when the condition does not hold; beside "
            "'if', every condition must be as written.",
        ),
    ),
    (
        "times",
        "CALL times N",
        NC_(
            "help",
            "Carry the call out N times (a number, or a value by the player count); 0: not at all.",
        ),
    ),
)


def param(name: str, type_: ParamType, **options) -> Param:
    return Param(name, type_, **options)


def keyword(key: str, help_: str, *params: Param, **options) -> Field:
    return Field(key, help_, tuple(params), **options)


def kind(key: str, help_: str, *fields: Field, **options) -> Kind:
    return Kind(key, help_, {f.key: f for f in fields}, **options)


@dataclass(frozen=True)
class Vocabulary:
    """Everything a rule set may say: kinds, primitives, events, and the words of its text.

    `nouns` are fixed nouns a template may use as `{param:noun}` (singular and
    plural, in English); `shown` gives the words that text shows for enumeration
    values. `slots` are the placeholders of the game's own texts (decisions, log)
    that show a word, with the type of the words that can stand there: each word is
    translated under its slot (`dsl/words.py`), so a language can give it the form
    that the sentence around it needs.
    """

    name: str
    kinds: Mapping[str, Kind]
    primitives: Mapping[str, Primitive]
    events: Mapping[str, Event] = field(default_factory=dict)
    nouns: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    shown: Mapping[str, str] = field(default_factory=dict)
    slots: Mapping[str, ParamType] = field(default_factory=dict)

    def extend(
        self,
        name: str,
        kinds: tuple[Kind, ...] = (),
        primitives: tuple[Primitive, ...] = (),
        events: Mapping[str, Event] | None = None,
        nouns: Mapping[str, tuple[str, str]] | None = None,
        shown: Mapping[str, str] | None = None,
        fields: Mapping[str, tuple[Field, ...]] | None = None,
        slots: Mapping[str, ParamType] | None = None,
    ) -> Vocabulary:
        """A vocabulary with more words: new kinds and primitives, and more fields for
        existing kinds (a game adds its numbers to `game`, for example)."""
        all_kinds = dict(self.kinds)
        for new in kinds:
            if new.key in all_kinds:
                raise ValueError(f"kind '{new.key}' is declared twice")
            all_kinds[new.key] = new
        for key, extra in (fields or {}).items():
            base = all_kinds[key]
            all_kinds[key] = replace(base, fields={**base.fields, **{f.key: f for f in extra}})
        all_primitives = dict(self.primitives)
        for prim in primitives:
            if prim.name in all_primitives:
                raise ValueError(f"primitive '{prim.name}' is declared twice")
            all_primitives[prim.name] = prim
        return Vocabulary(
            name,
            all_kinds,
            all_primitives,
            {**self.events, **(events or {})},
            {**self.nouns, **(nouns or {})},
            {**self.shown, **(shown or {})},
            {**self.slots, **(slots or {})},
        )

    def top_kinds(self) -> list[str]:
        return [k for k, spec in self.kinds.items() if not spec.nested_only]

    def counters(self) -> list[str]:
        return [n for n, p in self.primitives.items() if p.counter]

    def conditions(self) -> list[str]:
        return [n for n, p in self.primitives.items() if p.condition]
