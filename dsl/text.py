"""Rules text generated from effects: each primitive describes itself through its template.

All words come from msgids: the primitives' templates, the fields' frames, the
connectors below, the words of the game module and the words declared in content
(nouns, colours, phases). They are translated through the catalogs (`dsl/i18n.py`);
a word in a placeholder is translated under the placeholder's slot (`dsl/words.py`),
so each language gives it the form its sentence needs. Lists ("a, b and c", "a or b")
and numbers are written as each language writes them (Babel). English needs no
catalog: the msgids are English.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from . import ast, words
from .checker import Decl
from .extract import HELP, ITS_VALUE, ORIGIN
from .i18n import N_, NC_, NN_, SOURCE_LANGUAGE, translator
from .meta import Field, ParamType, Vocabulary
from .visitor import NodeVisitor
from .words import PLACEHOLDER as PLACEHOLDER

# How effects combine into sentences: the connectors of the language itself. A sequence
# is a list ("a, b and c") and a choice a list with "or", as the language writes lists.
TRADE = N_("{cost} to {benefit}")  # TRANSLATORS: a payment and what it buys
# TRANSLATORS: no payment: {cost} takes something (Hal's die) that {benefit} is then
# done with ("take the highest orange die to discover technology")
TRADE_FOR_USE = NC_("use", "{cost} to {benefit}")
USE = "use"  # the context of TRADE_FOR_USE
OPTIONAL = N_("you may {step}")
OTHERWISE = N_("{first}; if you cannot, {fallback}")
PER = N_("{effect} per {counter}")  # TRANSLATORS: {counter} is a counter's text, below
CAP = N_("{effect} (at most {max})")
# TRANSLATORS: one number of a value that depends on the player count: "4 (4-5 players)"
BY_PLAYERS = N_("{number} ({players} players)")
BY_PLAYERS_OR = N_("{numbers} or {last}")  # TRANSLATORS: the numbers of such a value
# TRANSLATORS: {condition} is a condition's text ("two dice show the same face")
IF = N_("{effect} if {condition}")
UNLESS = N_("{effect} unless {condition}")  # TRANSLATORS: the same, when it does not hold
# TRANSLATORS: a call carried out several times; {times} a number or a value's numbers
TIMES = NN_("{effect}, {times} time", "{effect}, {times} times")
GUARD = N_("if {cost}: {benefit}")  # a condition before '->': what follows needs it
# TRANSLATORS: steps that begin with conditions: the rest is done only when they hold
# ("if you hold the Pilot card, move the ship one column left")
CONDITIONAL = N_("if {condition}, {effect}")
# TRANSLATORS: a choice with an option done only under conditions ("{then}" begins with
# the conditions): "move the ship one column right; or, if you hold the Pilot card, ..."
OR_CONDITIONAL = N_("{first}; or, {then}")
# TRANSLATORS: the same choice, before an option done with no condition: "...; or {then}"
OR_APART = N_("{first}; or {then}")
# TRANSLATORS: steps before or after such a choice: "...; or gain 1 degree of heat; then
# {rest}"
THEN = N_("{first}; then {rest}")
# TRANSLATORS: the same, before steps that begin with conditions: "...; then, if ..."
THEN_CONDITIONAL = N_("{first}; then, {rest}")
FIELD_WITHOUT_FRAME = N_("{keyword}: {effect}")
FACT = N_("{keyword} {value}")  # a card's fact in ba cards: "reward 1 VP"
COUNTED = N_("{count} {word}")  # a number and what it counts, in a fact: "1 VP"
SWITCH_ON = N_("yes")
# an event that content declares without a help text, in "When {event}: ..."
EVENT_WITHOUT_HELP = N_("the event {name} is raised")
RAISED_BY = N_("Raised by: {names}.")  # TRANSLATORS: the declarations that emit an event
LISTENED_BY = N_("Triggers on it: {names}.")  # TRANSLATORS: the triggers on an event
KEYWORD = "keyword"  # the context of a keyword's name (a card's facts)
KIND = "kind"  # the context of a declaration kind's name


@dataclass(frozen=True)
class Word:
    """A word in English: its singular, its plural (None: it has none) and the context
    under which it is translated when shown on its own."""

    one: str
    many: str | None
    context: str


def content_words(decls: list[Decl]) -> dict[str, Word]:
    """The words that content declares, by id: nouns, colours, phases."""
    found: dict[str, Word] = {}
    for decl in decls:
        # a declaration without its id has an error reported: nothing to look up by
        if decl.id is None or decl.kind not in words.CONTENT_WORDS:
            continue
        if decl.kind == "phase":
            found[decl.id] = Word(words.phase_name(decl.id), None, "phase")
            continue
        use = decl.first("noun")
        if use is None:
            continue
        if words.CONTENT_WORDS[decl.kind]:
            one = use.args.get("one", decl.id)
            found[decl.id] = Word(one, use.args.get("many", one), decl.kind)
        else:
            found[decl.id] = Word(decl.value("noun"), None, decl.kind)
    return found


def event_uses(decls: list[Decl], vocabulary: Vocabulary, name: str) -> tuple[list, list]:
    """The ids of the declarations whose effects raise an event (`emit`), and of those that
    listen to it (a trigger's `on`)."""
    raisers, listeners = [], []
    for decl in decls:
        for key, uses in decl.fields.items():
            params = decl.spec.fields[key].params
            for use in uses:
                named = any(
                    p.type.events and value == name for p, value in zip(params, use.args.values())
                )
                if named and decl.id not in listeners:
                    listeners.append(decl.id)
                if use.effect is not None and decl.id not in raisers:
                    if any(_raises(vocabulary, call, name) for call in ast.walk_calls(use.effect)):
                        raisers.append(decl.id)
    return raisers, listeners


def _raises(vocabulary: Vocabulary, call: ast.Call, name: str) -> bool:
    prim = vocabulary.primitives.get(call.name)
    if prim is None:
        return False
    return any(p.type.events and value == name for p, value in zip(prim.params, call.values))


RENDERED_KEPT = 20_000  # texts TextRenderer.render keeps once rendered


class TextRenderer(NodeVisitor):
    """Renders effects, cards and the game's texts of one rule set in one language."""

    def __init__(
        self,
        decls: list[Decl],
        vocabulary: Vocabulary,
        lang: str = SOURCE_LANGUAGE,
        catalogs: tuple[str, ...] = (),
    ):
        self.lang = lang
        self.catalogs = tuple(catalogs)
        self.tr = translator(lang, self.catalogs)
        self.decls = decls
        self.vocabulary = vocabulary
        self.primitives = vocabulary.primitives
        self.words = content_words(decls)
        # texts of the game are filled at every decision: what they need is kept
        self._prepared: dict[tuple, tuple[str | None, dict[str, tuple[str, ParamType]]]] = {}
        self._rendered: dict[tuple, str] = {}  # texts rendered so far (see render)
        self._typed: dict[tuple, str] = {}

    def in_language(self, lang: str) -> TextRenderer:
        """The same rules rendered in another language."""
        return TextRenderer(self.decls, self.vocabulary, lang, self.catalogs)

    # ---- messages and words -----------------------------------------------------------
    def _(self, msgid: str) -> str:
        return self.tr.gettext(msgid)

    def word(self, key: str, slot: str | None = None, n: int = 1, game: bool = False) -> str:
        """A word in the form a slot needs (None: shown on its own), agreeing with the
        number n: a word declared in content, or (`game`, or when content declares no
        such word) a word of the game module."""
        found = None if game else self.words.get(key)
        if found is None:
            one, many = words.english(self.vocabulary, key)
            found = Word(one, many, words.WORD)
        context = slot or found.context
        if found.many is None:
            return self.tr.pgettext(context, found.one)
        return self.tr.npgettext(context, found.one, found.many, n)

    def noun(self, key: str, amount: int) -> str:
        """A noun on its own, agreeing with an amount ("1 ship", "2 ships")."""
        return self.word(key, None, amount)

    def typed_word(self, type_: ParamType, value: str, slot: str | None, n: int = 1) -> str:
        """A value of a parameter type in words: an enumeration value is a word of the
        game module, a reference a word of content (or one of the words it also allows)."""
        key = (type_.form != "ref", value, slot, n)
        found = self._typed.get(key)
        if found is None:
            found = self._typed[key] = self.word(value, slot, n, game=key[0])
        return found

    def keyword(self, key: str) -> str:
        return self.tr.pgettext(KEYWORD, key)

    def help(self, text: str) -> str:
        """A help text of the vocabulary: of a kind, a keyword or a primitive."""
        return self.tr.pgettext(HELP, text)

    def ruling(self, name: str, text: str, option: str | None = None) -> str:
        """What a ruling decides or, with `option`, what that option means."""
        context = f"ruling {name}" if option is None else f"ruling {name} {option}"
        return self.tr.pgettext(context, text)

    def origin(self, reason: str) -> str:
        """Why a value of the rules is inferred or reconstructed (not printed)."""
        return self.tr.pgettext(ORIGIN, reason)

    def kind(self, key: str) -> str:
        return self.tr.pgettext(KIND, key)

    def event(self, name: str) -> str:
        """What happens when an event is raised, as a clause: the game's own help, or the
        help text of the `event` that content declares."""
        raised = self.vocabulary.events.get(name)
        if raised is not None:
            return self.help(raised.help)
        for decl in self.decls:
            if decl.kind == "event" and decl.id == name:
                text = decl.value("help")
                if isinstance(text, str):
                    context = f"event {name}"  # as dsl/extract.py extracts it
                    return self.tr.pgettext(context, text)
        return self.fill(EVENT_WITHOUT_HELP, {"name": name})

    def fill(
        self,
        template: str | tuple[str, str],
        values: dict[str, Any],
        name: str | None = None,
        n: int = 1,
    ) -> str:
        """A text of the game (a prompt, an option, a log line) in words: the template
        translated (a plural one by n), then filled. With the text's `name`, a value in
        a placeholder that is one of the vocabulary's slots is translated as a word."""
        prepared = self._prepared.get((template, name))
        if prepared is None:
            prefix = f"{name}."
            slots = {
                slot[len(prefix) :]: (slot, type_)
                for slot, type_ in self.vocabulary.slots.items()
                if name is not None and slot.startswith(prefix)
            }
            single = None if isinstance(template, tuple) else self.tr.gettext(template)
            prepared = self._prepared[(template, name)] = (single, slots)
        text, slots = prepared
        if text is None:
            text = self.tr.plural(template, n)
        for key, (slot, type_) in slots.items():
            value = values.get(key)
            if isinstance(value, str) and not words.shows_text(type_):
                values[key] = self.typed_word(type_, value, slot, n)
        return text.format(**values)

    def render(self, text: str | tuple) -> str:
        """A text that may not be rendered yet: a str is one already; a tuple (template,
        name, n, values) is filled now, its values ((key, value) pairs) first, any of which
        may be such a tuple too. A decision's labels are kept as tuples (plain data, cheap
        to build and to copy) and rendered only when someone reads them: a bot choosing by
        id never does. The same texts come back again and again (the log of a game names
        the same options every turn): one rendered is kept, up to RENDERED_KEPT of them."""
        if isinstance(text, str):
            return text
        try:
            rendered = self._rendered.get(text)
        except TypeError:  # a value that cannot be a key (a list): rendered each time
            return self._render(text)
        if rendered is None:
            if len(self._rendered) >= RENDERED_KEPT:
                self._rendered.clear()
            rendered = self._rendered[text] = self._render(text)
        return rendered

    def _render(self, text: tuple) -> str:
        template, name, n, values = text
        filled = {k: self._value(name, k, v) if type(v) is tuple else v for k, v in values}
        return self.fill(template, filled, name, n)

    def _value(self, name: str | None, key: str, value: tuple) -> str:
        """A text in a placeholder: in the slot's form when the placeholder is a slot of
        names (meta.texts: "od Hala", "vom neutralen Spieler"), else as it is."""
        slot = f"{name}.{key}"
        type_ = self.vocabulary.slots.get(slot) if name is not None else None
        if type_ is None or not words.shows_text(type_):
            return self.render(value)
        template, _name, n, values = value
        if isinstance(template, tuple):
            shown = self.tr.npgettext(slot, template[0], template[1], n)
        else:
            shown = self.tr.pgettext(slot, template)
        return shown.format(**{k: self.render(v) if type(v) is tuple else v for k, v in values})

    def by_players(self, name: str) -> str:
        """A value that depends on the player count, as its numbers: "5 (2-3 players) or 4
        (4-5 players)"."""
        decl = next((d for d in self.decls if d.kind == "value" and d.id == name), None)
        if decl is None:
            return name
        parts = []
        for use in decl.fields.get("players", []):
            lo, hi = use.args["players"]
            players = (
                self.tr.number(lo) if lo == hi else f"{self.tr.number(lo)}-{self.tr.number(hi)}"
            )
            values = {"number": self.tr.number(use.args["number"]), "players": players}
            parts.append(self._(BY_PLAYERS).format(**values))
        if len(parts) < 2:
            return "".join(parts)
        return self._(BY_PLAYERS_OR).format(numbers=", ".join(parts[:-1]), last=parts[-1])

    def join(self, items: list[str], style: str = "standard") -> str:
        return self.tr.join(items, style)

    # ---- effects ------------------------------------------------------------------------
    def visit_Call(self, call: ast.Call) -> str:
        text = self._call_text(call)
        per = call.per
        if per is not None:
            text = self._(PER).format(effect=text, counter=self._counter(per))
        if call.cap is not None:
            text = self._(CAP).format(effect=text, max=self.tr.number(call.cap.value))
        # several conditions read as one: "if a and b", not "if a if b"
        if call.conditions:
            condition = self.join([self._call_text(c) for c in call.conditions])
            text = self._(IF).format(effect=text, condition=condition)
        if call.unless:
            condition = self.join([self._call_text(c) for c in call.unless], "or")
            text = self._(UNLESS).format(effect=text, condition=condition)
        if call.times is not None:
            times = call.times.value
            n, shown = (
                (times, self.tr.number(times))
                if isinstance(times, int)
                else (2, self.by_players(times))
            )
            text = self.tr.ngettext(TIMES[0], TIMES[1], n).format(effect=text, times=shown)
        return text

    def _call_text(self, call: ast.Call) -> str:
        """A call's own template, filled with its arguments (no `per`, `max` or `if`)."""
        prim = self.primitives.get(call.name)
        if prim is None:
            return " ".join([call.name, *(str(a.value) for a in call.args)])
        values = {p.name: a.value for p, a in zip(prim.params, call.args)}
        params = {p.name: p for p in prim.params}
        template = self._(prim.template_for(call.values))
        # a count the template leaves out before its first placeholder ("you have no
        # {track}") still says how many of the word that follows
        shown = {match.group(1) for match in PLACEHOLDER.finditer(template)}
        last_count = {"n": 1}
        for param in prim.params:
            if param.name in shown:
                break
            value = values.get(param.name)
            if param.type.form in ("count", "amount") and isinstance(value, int):
                last_count["n"] = value

        def fill(match: re.Match) -> str:
            name, noun = match.group(1), match.group(2)
            slot = f"{call.name}.{name}"
            value = values.get(name, name)
            if noun:
                return self.word(noun, slot, value if isinstance(value, int) else 1, True)
            param = params.get(name)
            if param is not None and param.type.form == "amount" and isinstance(value, str):
                last_count["n"] = 2
                return self.by_players(value)
            if param is not None and param.type.form in ("count", "amount"):
                last_count["n"] = value
            if isinstance(value, int):
                return self.tr.number(value)
            if param is not None and words.shows_words(param.type) and isinstance(value, str):
                return self.typed_word(param.type, value, slot, last_count["n"])
            return str(value)

        return PLACEHOLDER.sub(fill, template)

    def _counter(self, counter: ast.Call) -> str:
        prim = self.primitives.get(counter.name)
        if prim is None:
            return counter.name
        values = {p.name: a.value for p, a in zip(prim.params, counter.args)}
        params = {p.name: p for p in prim.params}

        def fill(match: re.Match) -> str:
            name = match.group(1)
            value = values.get(name, name)
            param = params.get(name)
            if isinstance(value, int):
                return self.tr.number(value)
            if param is not None and words.shows_words(param.type):
                return self.typed_word(param.type, str(value), f"{counter.name}.{name}")
            if f"{counter.name}.{name}" == ITS_VALUE:  # a card's number, named in content
                return self.tr.pgettext(ITS_VALUE, str(value))
            return str(value)

        return PLACEHOLDER.sub(fill, self._(prim.template))

    def visit_Seq(self, node: ast.Seq) -> str:
        """Steps in a list; steps that begin with conditions read as a condition on the
        rest ("if a and b, c and d")."""
        tests = self._leading_conditions(node)
        steps = [self.visit(s) for s in node.steps]
        if 0 < tests < len(steps):
            return self._(CONDITIONAL).format(
                condition=self.join(steps[:tests]),
                effect=self._steps(node.steps[tests:], steps[tests:]),
            )
        return self._steps(node.steps, steps)

    def _steps(self, nodes: tuple[ast.Effect, ...], texts: list[str]) -> str:
        """Steps in a list; a choice whose options stand apart (`visit_Choice`) stands
        apart too: "a and b; then c; or d; then e"."""
        groups: list[tuple[str, bool]] = []  # (text, whether it begins with conditions)
        current: list[str] = []
        for step, text in zip(nodes, texts):
            if self._apart(step):
                if current:
                    groups.append((self.join(current), False))
                    current = []
                assert isinstance(step, ast.Choice)
                groups.append((text, self._leading_conditions(step.options[0]) > 0))
            else:
                current.append(text)
        if current:
            groups.append((self.join(current), False))
        shown = groups[0][0]
        for group, conditional in groups[1:]:
            then = THEN_CONDITIONAL if conditional else THEN
            shown = self._(then).format(first=shown, rest=group)
        return shown

    def _apart(self, node: ast.Effect) -> bool:
        """Whether a choice's options stand apart: one of them begins with conditions."""
        return isinstance(node, ast.Choice) and any(
            self._leading_conditions(o) for o in node.options
        )

    def _leading_conditions(self, node: ast.Effect) -> int:
        """How many steps of a sequence are conditions before its first effect."""
        if not isinstance(node, ast.Seq):
            return 0
        count = 0
        for step in node.steps:
            prim = self.primitives.get(step.name) if isinstance(step, ast.Call) else None
            if prim is None or not prim.condition:
                break
            count += 1
        return count

    def visit_Trade(self, node: ast.Trade) -> str:
        cost = node.cost
        prim = self.primitives.get(cost.name) if isinstance(cost, ast.Call) else None
        if prim and prim.condition:
            template = self._(GUARD)
        elif prim and prim.provides:
            template = self.tr.pgettext(USE, TRADE_FOR_USE)
        else:
            template = self._(TRADE)
        return template.format(cost=self.visit(cost), benefit=self.visit(node.benefit))

    def visit_Choice(self, node: ast.Choice) -> str:
        """Options listed with "or"; when an option is done only under conditions, each
        option stands apart ("a; or, if b, c"), so that its conditions govern it alone."""
        options = [self.visit(o) for o in node.options]
        if not self._apart(node):
            return self.join(options, "or")
        text = options[0]
        for node_option, option in zip(node.options[1:], options[1:]):
            apart = OR_CONDITIONAL if self._leading_conditions(node_option) else OR_APART
            text = self._(apart).format(first=text, then=option)
        return text

    def visit_Optional(self, node: ast.Optional) -> str:
        return self._(OPTIONAL).format(step=self.visit(node.step))

    def visit_Otherwise(self, node: ast.Otherwise) -> str:
        return self._(OTHERWISE).format(
            first=self.visit(node.first), fallback=self.visit(node.fallback)
        )

    def generic_visit(self, node, *args):
        raise TypeError(f"not an effect: {node!r}")

    def effect(self, node: ast.Effect) -> str:
        """An effect in words (lower case, no full stop)."""
        return self.visit(node)

    def sentence(self, node: ast.Effect) -> str:
        text = self.effect(node)
        return text[:1].upper() + text[1:] + "."

    # ---- cards --------------------------------------------------------------------------
    def card_lines(self, decl: Decl) -> list[str]:
        """The card's rules text: one line per effect, framed by its keyword."""
        lines = []
        for key, uses in decl.fields.items():
            for use in uses:
                if use.effect is None:
                    continue
                first = next(iter(use.args.values()), None)
                frame = decl.spec.fields[key].frame(first)
                body = self.sentence(use.effect)
                if frame:
                    lines.append(self._(frame).format(effect=body, event=self._event_of(decl)))
                else:
                    lines.append(
                        self._(FIELD_WITHOUT_FRAME).format(keyword=self.keyword(key), effect=body)
                    )
        if decl.spec.is_event and decl.id is not None:
            raisers, listeners = event_uses(self.decls, self.vocabulary, decl.id)
            if raisers:
                lines.append(self.fill(RAISED_BY, {"names": self.tr.plain_list(raisers)}))
            if listeners:
                lines.append(self.fill(LISTENED_BY, {"names": self.tr.plain_list(listeners)}))
        return lines

    def _event_of(self, decl: Decl) -> str:
        """The clause of the event a declaration listens to ("" if none): a trigger's text
        reads "When {event}: ..."."""
        for key, uses in decl.fields.items():
            for use in uses:
                for param, value in zip(decl.spec.fields[key].params, use.args.values()):
                    if param.type.events and isinstance(value, str):
                        return self.event(value)
        return ""

    def facts(self, decl: Decl) -> list[tuple[str, str]]:
        """The declaration's values that are not effects, as (keyword, shown value)."""
        spec = decl.spec
        out = []
        for key, uses in decl.fields.items():
            if spec.fields[key].effect:
                continue
            for use in uses:
                if spec.is_event and key == "help" and decl.id is not None:
                    out.append((key, self.event(decl.id)))  # in the reader's language
                    continue
                if key == "noun" and decl.id in self.words:  # the noun in the reader's language
                    forms = [self.word(decl.id), self.word(decl.id, None, 2)]
                    out.append((key, self.tr.plain_list(list(dict.fromkeys(forms)))))
                    continue
                out.append((key, self._show_args(spec.fields[key], use.args)))
        return out

    def fact_line(self, decl: Decl) -> str:
        """The declaration's facts on one line: "color orange  reward 1 VP"."""
        return "  ".join(
            self._(FACT).format(keyword=self.keyword(key), value=value)
            for key, value in self.facts(decl)
        )

    def _show_args(self, field_spec: Field, args: dict) -> str:
        """A keyword's values in words; a number and the word it counts stay together
        ("1 VP"), other values are separated by commas."""
        # values follow the parameters in order (a repeated name is numbered: color2)
        types: list[ParamType | None] = [p.type for p in field_spec.params]
        parts: list[str] = []
        amount: int | None = None
        for index, value in enumerate(args.values()):
            type_ = types[index] if index < len(types) else None
            if isinstance(value, str) and type_ is not None and words.shows_words(type_):
                shown = self.typed_word(type_, value, None, 1 if amount is None else amount)
                if amount is not None:
                    parts[-1] = self._(COUNTED).format(count=parts[-1], word=shown)
                    amount = None
                    continue
                parts.append(shown)
            elif isinstance(value, list):
                parts.append(" ".join(self.tr.number(v) for v in value))
            elif isinstance(value, tuple):
                parts.append(f"{self.tr.number(value[0])}..{self.tr.number(value[1])}")
            elif isinstance(value, int):
                parts.append(self.tr.number(value))
            else:
                parts.append(str(value))
            amount = value if isinstance(value, int) and not isinstance(value, bool) else None
        return self.tr.plain_list(parts) if parts else self._(SWITCH_ON)
