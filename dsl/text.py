"""Rules text generated from effects: each primitive describes itself through its template.

All words come from msgids (the registry's templates, the connectors and framings
below, and the nouns declared in content), translated through gettext catalogs
with plural forms. English needs no catalog: the msgids are English.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

from . import ast
from .checker import Decl
from .registry import KINDS, N_, PRIMITIVES

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locales"
LANGUAGES = ("en", "pl", "de")

# Fixed nouns a template may use as {param:noun}; (singular, plural) msgids.
NOUNS = {
    "technology tile": (N_("technology tile"), N_("technology tiles")),
    "mission card": (N_("mission card"), N_("mission cards")),
    "hex": (N_("hex"), N_("hexes")),
    "mission": (N_("mission card"), N_("mission cards")),
    "ravager": (N_("Ravager card"), N_("Ravager cards")),
}

# Words a template shows for enum values.
WORDS = {
    "vertical": N_("above or below"),
    "horizontal": N_("left or right"),
    "non_activating": N_("not one that activates tiles"),
    "any": N_("any tile"),
    "break_room": N_("the break room"),
    "workstation": N_("a workstation"),
}

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

FRAMES = {
    ("mission", "activation", None): N_("Each time it is activated: {effect}"),
    ("mission", "ejection", "owner"): N_("On ejection, the owner: {effect}"),
    ("mission", "ejection", "passengers"): N_(
        "On ejection, each player with a ship on it: {effect}"
    ),
    ("mission", "ejection", "everyone"): N_(
        "On ejection, the owner and each player with a ship on it, once each: {effect}"
    ),
    ("ravager", "permanent", None): N_("While on top, before the attacked action: {effect}"),
    ("start_tile", "standard", None): N_("When activated: {effect}"),
    ("tech", "standard", None): N_("Standard side, when activated: {effect}"),
    ("tech", "boost", None): N_("Boost side, once: {effect}"),
    ("advanced", "score", None): N_("Final scoring: {effect}"),
    ("aid", "advantage", None): N_("Advantage: {effect}"),
    ("trigger", "effect", None): N_("Effect: {effect}"),
}

PLACEHOLDER = re.compile(r"\{(\w+)(?::([^}]+))?\}")


def translations(lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation("blackangel", LOCALE_DIR, languages=[lang], fallback=True)


class TextRenderer:
    """Renders effects and cards of one rule set in one language."""

    def __init__(self, decls: list[Decl], lang: str = "en"):
        self.tr = translations(lang)
        self.nouns: dict[str, tuple[str, str]] = {}
        for decl in decls:
            if decl.kind in ("component", "track") and decl.first("noun"):
                use = decl.first("noun")
                one = use.args.get("one", decl.id)
                self.nouns[decl.id] = (one, use.args.get("many", one))
            elif decl.kind in ("color", "player_color") and decl.first("noun"):
                noun = decl.value("noun")
                self.nouns[decl.id] = (noun, noun)

    def _(self, msgid: str) -> str:
        return self.tr.gettext(msgid)

    def noun(self, key: str, amount: int) -> str:
        singular, plural = self.nouns.get(key) or NOUNS.get(key) or (key, key)
        return self.tr.ngettext(singular, plural, amount)

    def call(self, call: ast.Call) -> str:
        prim = PRIMITIVES.get(call.name)
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
            if param is not None and param.type == "count":
                last_count["n"] = value
                return str(value)
            if param is not None and param.type in (
                "item",
                "reward",
                "track",
                "color",
                "player_color",
            ):
                return self.noun(str(value), last_count["n"])
            if param is not None and param.type.startswith("enum:") and value in NOUNS:
                return self.noun(value, last_count["n"])
            if isinstance(value, str) and value in WORDS:
                return self._(WORDS[value])
            return str(value)

        text = PLACEHOLDER.sub(fill, self._(prim.template))
        if call.per is not None:
            counter = PLACEHOLDER.sub(
                lambda m: self._fill_counter(call.per, m),
                self._(
                    PRIMITIVES[call.per.name].template
                    if call.per.name in PRIMITIVES
                    else call.per.name
                ),
            )
            text = self._(CONNECT["per"]).format(effect=text, counter=counter)
        if call.cap is not None:
            text = self._(CONNECT["cap"]).format(effect=text, max=call.cap.value)
        return text

    def _fill_counter(self, counter: ast.Call, match: re.Match) -> str:
        prim = PRIMITIVES.get(counter.name)
        values = {p.name: a.value for p, a in zip(prim.params, counter.args)} if prim else {}
        value = values.get(match.group(1), match.group(1))
        return self.noun(str(value), 1) if isinstance(value, str) else str(value)

    def effect(self, node: ast.Effect) -> str:
        if isinstance(node, ast.Call):
            return self.call(node)
        if isinstance(node, ast.Seq):
            parts = [self.effect(s) for s in node.steps]
            text = parts[-1]
            if len(parts) > 1:
                text = self._(CONNECT["last"]).format(first=parts[-2], last=parts[-1])
                for part in reversed(parts[:-2]):
                    text = self._(CONNECT["list"]).format(first=part, rest=text)
            return text
        if isinstance(node, ast.Trade):
            return self._(CONNECT["trade"]).format(
                cost=self.effect(node.cost), benefit=self.effect(node.benefit)
            )
        if isinstance(node, ast.Choice):
            text = self.effect(node.options[-1])
            for option in reversed(node.options[:-1]):
                text = self._(CONNECT["choice"]).format(first=self.effect(option), second=text)
            return text
        if isinstance(node, ast.Optional):
            return self._(CONNECT["optional"]).format(step=self.effect(node.step))
        if isinstance(node, ast.Otherwise):
            return self._(CONNECT["otherwise"]).format(
                first=self.effect(node.first), fallback=self.effect(node.fallback)
            )
        raise TypeError(f"not an effect: {node!r}")

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
                who = use.args.get("who")
                frame = FRAMES.get((decl.kind, key, who)) or FRAMES.get((decl.kind, key, None))
                body = self.sentence(use.effect)
                lines.append(self._(frame).format(effect=body) if frame else f"{key}: {body}")
        return lines

    def facts(self, decl: Decl) -> list[tuple[str, str]]:
        """The declaration's values that are not effects, as (keyword, shown value)."""
        spec = KINDS[decl.kind]
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
