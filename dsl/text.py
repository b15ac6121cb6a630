"""Rules text generated from effects: each primitive describes itself through its template.

All words come from msgids (the primitives' templates, the fields' frames and the
nouns of the game's vocabulary, the connectors below, and the nouns declared in
content), translated through gettext catalogs with plural forms. English needs no
catalog: the msgids are English.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

from . import ast
from .checker import Decl
from .meta import N_, Vocabulary
from .visitor import NodeVisitor

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locales"
LANGUAGES = ("en", "pl", "de")

# How effects combine into sentences: the connectors of the language itself.
CONNECT = {
    "list": N_("{first}, {rest}"),
    "last": N_("{first} and {last}"),
    "trade": N_("{cost} to {benefit}"),
    "choice": N_("{first} or {second}"),
    "optional": N_("you may {step}"),
    "otherwise": N_("{first}; if you cannot, {fallback}"),
    "per": N_("{effect} per {counter}"),
    "cap": N_("{effect} (at most {max})"),
}

PLACEHOLDER = re.compile(r"\{(\w+)(?::([^}]+))?\}")


def translations(lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation("blackangel", LOCALE_DIR, languages=[lang], fallback=True)


class TextRenderer(NodeVisitor):
    """Renders effects and cards of one rule set in one language."""

    def __init__(self, decls: list[Decl], vocabulary: Vocabulary, lang: str = "en"):
        self.tr = translations(lang)
        self.vocabulary = vocabulary
        self.primitives = vocabulary.primitives
        self.nouns: dict[str, tuple[str, str]] = {}
        for decl in decls:
            use = decl.first("noun")
            # a declaration without its id has an error reported: nothing to look up by
            if use is None or decl.id is None:
                continue
            if decl.kind in ("component", "track"):
                one = use.args.get("one", decl.id)
                self.nouns[decl.id] = (one, use.args.get("many", one))
            elif decl.kind in ("color", "player_color"):
                noun = decl.value("noun")
                self.nouns[decl.id] = (noun, noun)

    def _(self, msgid: str) -> str:
        return self.tr.gettext(msgid)

    def noun(self, key: str, amount: int) -> str:
        singular, plural = self.nouns.get(key) or self.vocabulary.nouns.get(key) or (key, key)
        return self.tr.ngettext(singular, plural, amount)

    def visit_Call(self, call: ast.Call) -> str:
        prim = self.primitives.get(call.name)
        if prim is None:
            return " ".join([call.name, *(str(a.value) for a in call.args)])
        values = {p.name: a.value for p, a in zip(prim.params, call.args)}
        last_count = {"n": 1}

        def fill(match: re.Match) -> str:
            name, noun = match.group(1), match.group(2)
            value = values.get(name, name)
            if noun:
                return self.noun(noun, value if isinstance(value, int) else 1)
            param = next((p for p in prim.params if p.name == name), None)
            form = param.type.form if param is not None else None
            if form == "count":
                last_count["n"] = value
                return str(value)
            if form == "ref" or (form == "words" and value in self.vocabulary.nouns):
                return self.noun(str(value), last_count["n"])
            if isinstance(value, str) and value in self.vocabulary.shown:
                return self._(self.vocabulary.shown[value])
            return str(value)

        text = PLACEHOLDER.sub(fill, self._(prim.template))
        per = call.per
        if per is not None:
            counter = PLACEHOLDER.sub(
                lambda m: self._fill_counter(per, m),
                self._(
                    self.primitives[per.name].template if per.name in self.primitives else per.name
                ),
            )
            text = self._(CONNECT["per"]).format(effect=text, counter=counter)
        if call.cap is not None:
            text = self._(CONNECT["cap"]).format(effect=text, max=call.cap.value)
        return text

    def _fill_counter(self, counter: ast.Call, match: re.Match) -> str:
        prim = self.primitives.get(counter.name)
        values = {p.name: a.value for p, a in zip(prim.params, counter.args)} if prim else {}
        value = values.get(match.group(1), match.group(1))
        return self.noun(str(value), 1) if isinstance(value, str) else str(value)

    def visit_Seq(self, node: ast.Seq) -> str:
        parts = [self.visit(s) for s in node.steps]
        text = parts[-1]
        if len(parts) > 1:
            text = self._(CONNECT["last"]).format(first=parts[-2], last=parts[-1])
            for part in reversed(parts[:-2]):
                text = self._(CONNECT["list"]).format(first=part, rest=text)
        return text

    def visit_Trade(self, node: ast.Trade) -> str:
        return self._(CONNECT["trade"]).format(
            cost=self.visit(node.cost), benefit=self.visit(node.benefit)
        )

    def visit_Choice(self, node: ast.Choice) -> str:
        text = self.visit(node.options[-1])
        for option in reversed(node.options[:-1]):
            text = self._(CONNECT["choice"]).format(first=self.visit(option), second=text)
        return text

    def visit_Optional(self, node: ast.Optional) -> str:
        return self._(CONNECT["optional"]).format(step=self.visit(node.step))

    def visit_Otherwise(self, node: ast.Otherwise) -> str:
        return self._(CONNECT["otherwise"]).format(
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
                lines.append(self._(frame).format(effect=body) if frame else f"{key}: {body}")
        return lines

    def facts(self, decl: Decl) -> list[tuple[str, str]]:
        """The declaration's values that are not effects, as (keyword, shown value)."""
        spec = decl.spec
        out = []
        for key, uses in decl.fields.items():
            if spec.fields[key].effect:
                continue
            for use in uses:
                out.append((key, self._show_args(use.args)))
        return out

    def _show_args(self, args: dict) -> str:
        parts = []
        amount = 1
        for value in args.values():
            if isinstance(value, list):
                parts.append(" ".join(str(v) for v in value))
            elif isinstance(value, tuple):
                parts.append(f"{value[0]}..{value[1]}")
            elif isinstance(value, int):
                amount = value
                parts.append(str(value))
            elif isinstance(value, str) and value in self.nouns:
                parts.append(self.noun(value, amount))
            else:
                parts.append(str(value))
        return " ".join(parts) or "yes"
