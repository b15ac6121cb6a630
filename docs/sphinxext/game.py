"""The game's structure, rendered from the rules for the prose pages:

    {ba:value}`game.hand_limit`     a number of the rules in running text: `ID.keyword`
                                    (a declaration by id) or `kind.keyword` (the only
                                    declaration of that kind)
    ```{ba:setup}
    ```                             what changes with the number of players
    ```{ba:phase} sequence_a
    ```                             a phase's steps, each with its generated text

A page that says "at most {ba:value}`game.hand_limit` cards" says what the rule set
says, mod or not.
"""

from __future__ import annotations

from docutils import nodes
from docutils.nodes import Node, system_message
from sphinx.util.docutils import SphinxRole

from ...dsl.checker import Decl
from ...dsl.meta import N_
from .reference import Reference, RulesDirective, reference
from .tables import Cell, table

PLAYERS = N_("players")
SETUP_ROWS = {
    "dice_per_color": N_("dice of each colour"),
    "strips": N_("space strips"),
    "ravagers_removed": N_("ravager cards removed"),
    "start_ravagers": N_("ravagers attacking at the start"),
}
NEUTRAL = N_("neutral player")
OPPONENT = N_("opponent")
YES = N_("yes")
NO = N_("—")


def value_of(ref: Reference, target: str) -> str | None:
    """The value `ID.keyword` or `kind.keyword` names, as text; None if there is none."""
    owner, _, keyword = target.partition(".")
    decl: Decl | None = ref.ruleset.by_id.get(owner) or ref.ruleset.single(owner)
    if decl is None or keyword not in decl.fields:
        return None
    value = decl.value(keyword)
    if isinstance(value, tuple):
        return f"{value[0]}–{value[1]}"
    return str(value)


class ValueRole(SphinxRole):
    def run(self) -> tuple[list[Node], list[system_message]]:
        ref = reference(self.env)
        shown = value_of(ref, self.text)
        if shown is None:
            message = self.inliner.reporter.warning(
                f"ba:value: the rules have no value '{self.text}' "
                "(write ID.keyword or kind.keyword)",
                line=self.lineno,
            )
            return [nodes.problematic(self.rawtext, self.rawtext)], [message]
        return [nodes.inline(shown, shown, classes=["ba-value"])], []


class Setup(RulesDirective):
    """A table: one column per player count, one row per value that changes."""

    def render(self, ref: Reference) -> list[Node]:
        setups = sorted(ref.decls("setup"), key=lambda d: d.value("players"))
        rows: list[list[Cell]] = [
            [ref.say(label), *(str(d.value(keyword, default=0)) for d in setups)]
            for keyword, label in SETUP_ROWS.items()
        ]
        rows.append(
            [ref.say(NEUTRAL), *(ref.say(YES if d.value("neutral_player") else NO) for d in setups)]
        )
        rows.append([ref.say(OPPONENT), *(str(d.value("opponent") or ref.say(NO)) for d in setups)])
        head: list[Cell] = [ref.say(PLAYERS), *(str(d.value("players")) for d in setups)]
        return [table([16] + [6] * len(setups), head, rows, "setup")]


class Phase(RulesDirective):
    """The steps of a phase in order, each with its text generated from its effect."""

    required_arguments = 1

    def render(self, ref: Reference) -> list[Node]:
        decl = ref.ruleset.by_id.get(self.arguments[0])
        if decl is None or decl.kind != "phase":
            raise self.error(f"ba:phase: no phase '{self.arguments[0]}'")
        steps = nodes.enumerated_list(classes=["ba-phase"])
        for use in decl.fields.get("step", []):
            assert use.effect is not None
            para = nodes.paragraph()
            para += nodes.literal(use.args["name"], use.args["name"])
            para += nodes.Text(": " + ref.text.sentence(use.effect))
            steps += nodes.list_item("", para)
        return [steps]
