"""`ba:cards`: every card of a kind, rendered from the compiled rules.

    ```{ba:cards} mission
    ```

Each card shows its values, its rules text generated from its effects in the page's
language, where its values come from (printed, inferred or reconstructed, with the
reason, or a mod's own), the primitives it uses (linked to the language reference) and its source.
"""

from __future__ import annotations

from docutils import nodes

from ...dsl.checker import Decl
from ...dsl.extract import ORIGIN as ORIGIN_CONTEXT
from ...dsl.meta import N_
from .diagrams import strip
from .domain import anchor, xref
from .reference import Reference, RulesDirective, primitives_in

USES = N_("Uses:")
ON_THIS_PAGE = N_("Cards on this page:")
PERMALINK = N_("Link to this card")
INDEXED = 12  # a page with more cards starts with a link to each
SOURCE = N_("Source")
ALL_PRINTED = N_("Every value is printed in the rulebooks.")
ALL_MOD = N_("Every value comes from the mod, not from the rulebooks.")
ORIGIN = {
    "inferred": N_("inferred"),
    "reconstructed": N_("reconstructed"),
    "mod": N_("from the mod"),
}


class Cards(RulesDirective):
    """Every declaration of one card kind."""

    required_arguments = 1  # the kind

    def render(self, ref: Reference) -> list[nodes.Node]:
        kind = self.arguments[0]
        if kind not in ref.card_kinds():
            known = ", ".join(ref.card_kinds())
            raise self.error(f"ba:cards: no kind of card '{kind}' (kinds: {known})")
        decls = ref.decls(kind)
        out: list[nodes.Node] = [self.contents(ref, decls)] if len(decls) > INDEXED else []
        for decl in decls:
            out.append(self.card(ref, decl))
        return out

    def contents(self, ref: Reference, decls: list[Decl]) -> nodes.Element:
        """The cards of a long page, each a link to its entry."""
        para = nodes.paragraph(classes=["ba-card-index"])
        para += nodes.strong(ref.say(ON_THIS_PAGE), ref.say(ON_THIS_PAGE))
        for decl in decls:
            assert decl.id is not None
            para += nodes.Text(" ")
            para += nodes.reference(decl.id, decl.id, refid=anchor("card", decl.id))
        return para

    def card(self, ref: Reference, decl: Decl) -> nodes.Element:
        assert decl.id is not None
        domain = self.env.get_domain("ba")
        target = domain.note_object("card", decl.id, self.env.docname)  # type: ignore[attr-defined]
        box = nodes.container(classes=["ba-card", f"ba-kind-{decl.kind}"], ids=[target])
        colour = decl.value("color")
        if isinstance(colour, str):
            box["classes"].append(f"ba-color-{colour}")

        title = nodes.paragraph(classes=["ba-card-title"])
        title += nodes.strong(decl.id, decl.id)
        link = nodes.reference(
            "", "¶", refid=target, classes=["headerlink"], reftitle=ref.say(PERMALINK)
        )
        title += link
        facts = ref.text.fact_line(decl)  # in the page's language, as ba cards prints it
        if facts:
            title += nodes.Text("  ")
            title += nodes.inline("", facts, classes=["ba-facts"])
        box += title

        for line in ref.text.card_lines(decl):
            box += nodes.paragraph(line, line, classes=["ba-card-text"])
        if decl.kind == "strip":
            box += nodes.raw("", strip(ref, decl), format="html")

        box += self.provenance(ref, decl)

        used = [name for use in _effects(decl) for name in primitives_in(use)]
        if used:
            para = nodes.paragraph(classes=["ba-uses"])
            para += nodes.Text(ref.say(USES) + " ")
            for index, name in enumerate(dict.fromkeys(used)):
                if index:
                    para += nodes.Text(", ")
                para += xref("prim", name)
            box += para

        source = ref.source(decl)
        details = nodes.container(classes=["ba-source"])
        details += nodes.rubric(ref.say(SOURCE), ref.say(SOURCE))
        block = nodes.literal_block(source, source, language="ba")
        details += block
        box += details
        return box

    def provenance(self, ref: Reference, decl: Decl) -> nodes.Element:
        """What is not printed on the card, and why; or that everything is."""
        notes = []
        for uses in decl.fields.values():
            for use in uses:
                origin = ref.origin_of(use.item.span)
                if origin is not None and origin.kind in ORIGIN:
                    notes.append(origin)
        values = sum(len(uses) for uses in decl.fields.values())
        all_mod = decl.origin is not None and decl.origin.kind == "mod"
        if all_mod and all(o.kind == "mod" for o in notes) and len(notes) == values:
            text = ref.say(ALL_MOD)
            return nodes.paragraph(text, text, classes=["ba-provenance", "ba-mod"])
        if not notes:
            text = ref.say(ALL_PRINTED)
            return nodes.paragraph(text, text, classes=["ba-provenance", "ba-printed"])
        items = nodes.bullet_list(classes=["ba-provenance"])
        for origin in notes:
            item = nodes.list_item()
            para = nodes.paragraph()
            para += nodes.literal(origin.shown, origin.shown)
            para += nodes.Text(" — ")
            para += nodes.emphasis(ref.say(ORIGIN[origin.kind]), ref.say(ORIGIN[origin.kind]))
            if origin.reason:
                para += nodes.Text(": " + ref.text.origin(origin.reason))
                ref.mark_untranslated(para, ORIGIN_CONTEXT, origin.reason)
            item += para
            items += item
        return items


def _effects(decl: Decl):
    for uses in decl.fields.values():
        for use in uses:
            if use.effect is not None:
                yield use.effect
