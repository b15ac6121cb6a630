"""`ba:rulings`: every ruling of the rule set, with its options, the default and the
option each edition's text implies, with the page and section that says so (`ba play
--ruling NAME=OPTION`, `--edition`)."""

from __future__ import annotations

from docutils import nodes

from ...dsl.meta import N_
from .reference import Reference, RulesDirective

DEFAULT = N_("default")
EDITIONS = N_("Editions:")
NO_EDITION = N_("No edition's text decides it.")
EDITION_NAMES = {"en": N_("English"), "pl": N_("Polish"), "de": N_("German")}


class Rulings(RulesDirective):
    def render(self, ref: Reference) -> list[nodes.Node]:
        domain = self.env.get_domain("ba")
        out: list[nodes.Node] = []
        for decl in ref.decls("ruling"):
            assert decl.id is not None
            target = domain.note_object("ruling", decl.id, self.env.docname)  # type: ignore[attr-defined]
            box = nodes.container(classes=["ba-entry", "ba-ruling"], ids=[target])
            head = nodes.paragraph(classes=["ba-signature"])
            head += nodes.literal(decl.id, decl.id)
            box += head
            help_text = ref.text.ruling(decl.id, decl.value("help", default=""))
            box += nodes.paragraph(help_text, help_text)
            default = decl.value("default")
            options = nodes.bullet_list(classes=["ba-options"])
            for use in decl.fields.get("option", []):
                name = use.args["name"]
                text = ref.text.ruling(decl.id, use.args["text"], name)
                para = nodes.paragraph()
                para += nodes.literal(name, name)
                if name == default:
                    para += nodes.Text(" (")
                    para += nodes.strong(ref.say(DEFAULT), ref.say(DEFAULT))
                    para += nodes.Text(")")
                para += nodes.Text(f": {text}")
                options += nodes.list_item("", para)
            box += options
            presets = [
                (use.args["edition"], use.args["option"], use.args["source"])
                for use in decl.fields.get("edition", [])
            ]
            para = nodes.paragraph(classes=["ba-editions"])
            if presets:
                para += nodes.Text(ref.say(EDITIONS) + " ")
                for index, (edition, option, source) in enumerate(presets):
                    if index:
                        para += nodes.Text(", ")
                    para += nodes.Text(f"{ref.say(EDITION_NAMES[edition])} ")
                    para += nodes.literal(option, option)
                    para += nodes.Text(f" ({source})")
            else:
                para += nodes.Text(ref.say(NO_EDITION))
            box += para
            out.append(box)
        return out
