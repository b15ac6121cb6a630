"""The language reference, generated from the game's vocabulary (the registry):

    ```{ba:kinds}
    ```              every declaration kind with its keywords
    ```{ba:primitives}
    ```              every primitive of the effect language
    ```{ba:counters}
    ```              every counter (what `per` can count)

Each entry shows how it is written, what it is for, an example (the first place
the rules use it, or the vocabulary's own example where they do not) and, for a
primitive, the cards that use it, from the effect graph.
"""

from __future__ import annotations

from docutils import nodes

from ...dsl.meta import N_, Field, Kind, Param, Primitive
from .domain import xref
from .reference import Example, Reference, RulesDirective
from .tables import Cell, table

EXAMPLE = N_("Example")
READS = N_("Reads:")
USED_BY = N_("Used by:")
NOT_USED = N_("No card of these rules uses it.")
KEYWORD = N_("keyword")
MEANING = N_("meaning")


def param_signature(param: Param) -> str:
    return (
        f"<{param.name}:{param.type}>"
        + ("..." if param.repeat else "")
        + ("?" if param.optional else "")
    )


def field_signature(spec: Field) -> str:
    params = " ".join(param_signature(p) for p in spec.params)
    tail = ": EFFECT" if spec.effect else (" { ... }" if spec.block else "")
    return f"{spec.key} {params}".rstrip() + tail


def kind_signature(spec: Kind) -> str:
    return f"{spec.key} ID {{ ... }}" if spec.has_id else f"{spec.key} {{ ... }}"


def primitive_signature(prim: Primitive) -> str:
    params = " ".join(param_signature(p) for p in prim.params)
    return ("per " if prim.counter else "") + f"{prim.name} {params}".rstrip()


class _Entries(RulesDirective):
    """Shared by the three directives: an entry is a titled box with an anchor."""

    objtype = ""

    def entry(self, name: str, signature: str, help_text: str) -> nodes.container:
        domain = self.env.get_domain("ba")
        target = domain.note_object(self.objtype, name, self.env.docname)  # type: ignore[attr-defined]
        box = nodes.container(classes=["ba-entry", f"ba-{self.objtype}"], ids=[target])
        head = nodes.paragraph(classes=["ba-signature"])
        head += nodes.literal(signature, signature)
        box += head
        box += nodes.paragraph(help_text, help_text)
        return box

    def example(self, ref: Reference, found: Example | None, fallback: str | None) -> list:
        source = found.source if found is not None else fallback
        if source is None:
            return []
        out: list[nodes.Node] = [nodes.rubric(ref.say(EXAMPLE), ref.say(EXAMPLE))]
        out.append(nodes.literal_block(source, source, language="ba"))
        if found is not None and found.effect is not None:
            words = ref.text.sentence(found.effect)
            para = nodes.paragraph(classes=["ba-reads"])
            para += nodes.Text(f"{ref.say(READS)} ")
            para += nodes.emphasis(words, words)
            out.append(para)
        return out


class Kinds(_Entries):
    """Every declaration kind, with a table of its keywords."""

    objtype = "kind"

    def render(self, ref: Reference) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        for key, spec in ref.ruleset.vocabulary.kinds.items():
            box = self.entry(key, kind_signature(spec), ref.text.help(spec.help))
            if spec.fields:
                box += self.fields_table(ref, spec)
            box += self.example(ref, ref.examples.get(("kind", key)), spec.example)
            out.append(box)
        return out

    def fields_table(self, ref: Reference, spec: Kind) -> nodes.table:
        rows: list[list[Cell]] = []
        for fkey, fspec in spec.fields.items():
            found = ref.examples.get(("field", f"{spec.key}.{fkey}"))
            example = found.source if found is not None else fspec.example
            meaning = nodes.paragraph(ref.text.help(fspec.help), ref.text.help(fspec.help))
            if example:
                meaning += nodes.Text(" ")
                meaning += nodes.literal(example, example, classes=["ba-field-example"])
            rows.append([nodes.literal(text=field_signature(fspec)), meaning])
        return table([45, 55], [ref.say(KEYWORD), ref.say(MEANING)], rows, "fields")


class Primitives(_Entries):
    """Every primitive (or, with `counters`, every counter) of the effect language."""

    objtype = "primitive"
    counters = False

    def render(self, ref: Reference) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        for name, prim in ref.ruleset.vocabulary.primitives.items():
            if prim.counter != self.counters:
                continue
            box = self.entry(name, primitive_signature(prim), ref.text.help(prim.help))
            box += self.example(ref, ref.examples.get(("primitive", name)), prim.example)
            box += self.users(ref, name)
            out.append(box)
        return out

    def users(self, ref: Reference, name: str) -> nodes.paragraph:
        users = [u for u in ref.users_of(name) if u in ref.ruleset.by_id]
        para = nodes.paragraph(classes=["ba-used-by"])
        if not users:
            para += nodes.Text(ref.say(NOT_USED))
            return para
        para += nodes.Text(f"{ref.say(USED_BY)} ")
        for index, user in enumerate(users):
            if index:
                para += nodes.Text(", ")
            spec = ref.ruleset.by_id[user].spec
            shown = spec.card or (spec.listed and not spec.is_event)  # ba:cards, ba:events
            para += xref("card", user) if shown else nodes.literal(user, user)
        return para


class Counters(Primitives):
    counters = True
