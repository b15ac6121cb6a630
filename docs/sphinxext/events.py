"""`ba:events`: every event of the rules, with the triggers that listen to it.

    ```{ba:events}
    ```

The events the game raises come with what happens, the moments that raise them and
for whom their triggers run (the game's vocabulary); the events the rules declare come
with the declarations that raise them (`emit`). Under each event, its triggers (a
mod's among them) are shown as cards are: their text in the page's language, where
their values come from, their source.
"""

from __future__ import annotations

from docutils import nodes

from ...dsl.meta import N_
from ...dsl.text import event_uses
from .components import Cards
from .domain import xref
from .reference import Reference

EVENTS = N_("Events")
EVENTS_INTRO = N_(
    "A trigger runs its effect whenever its event happens (`on EVENT`): the events the "
    "game raises, and the ones the rules declare and raise with `emit`."
)
RAISED_WHEN = N_("Raised when:")
RUNS_FOR = N_("Its triggers run for:")
RAISED_BY = N_("Raised by:")
LISTENED_BY = N_("Triggers on this event:")
NO_TRIGGER = N_("No trigger of these rules listens to it.")


class Events(Cards):
    """Every event, the game's then the declared ones, each with its triggers."""

    required_arguments = 0

    def render(self, ref: Reference) -> list[nodes.Node]:
        vocabulary = ref.ruleset.vocabulary
        declared = [d.id for d in ref.ruleset.decls if d.spec.is_event and d.id is not None]
        out: list[nodes.Node] = [nodes.rubric(ref.say(EVENTS), ref.say(EVENTS))]
        out.append(nodes.paragraph(ref.say(EVENTS_INTRO), ref.say(EVENTS_INTRO)))
        for name in [*vocabulary.events, *declared]:
            out.append(self.event(ref, name))
        return out

    def event(self, ref: Reference, name: str) -> nodes.Element:
        domain = self.env.get_domain("ba")
        target = domain.note_object("event", name, self.env.docname)  # type: ignore[attr-defined]
        box = nodes.container(classes=["ba-entry", "ba-event"], ids=[target])
        head = nodes.paragraph(classes=["ba-signature"])
        head += nodes.literal(f"on {name}", f"on {name}")
        box += head
        what = ref.text.event(name)
        box += nodes.paragraph(what, what)
        raisers, listeners = event_uses(ref.ruleset.decls, ref.ruleset.vocabulary, name)
        event = ref.ruleset.vocabulary.events.get(name)
        if event is not None:
            box += nodes.paragraph(ref.say(RAISED_WHEN), ref.say(RAISED_WHEN))
            moments = nodes.bullet_list(classes=["ba-raised"])
            for moment in event.raised:
                item = nodes.list_item()
                item += nodes.paragraph(ref.text.help(moment), ref.text.help(moment))
                moments += item
            box += moments
            runs_for = f"{ref.say(RUNS_FOR)} {ref.text.help(event.runs_for)}"
            box += nodes.paragraph(runs_for, runs_for)
        elif raisers:
            para = nodes.paragraph(classes=["ba-raised"])
            para += nodes.Text(f"{ref.say(RAISED_BY)} ")
            for index, raiser in enumerate(raisers):
                if index:
                    para += nodes.Text(", ")
                spec = ref.ruleset.by_id[raiser].spec
                shown = spec.card or (spec.listed and not spec.is_event)
                para += xref("card", raiser) if shown else nodes.literal(raiser, raiser)
            box += para
        triggers = [ref.ruleset.by_id[t] for t in listeners if not ref.ruleset.by_id[t].spec.card]
        if not triggers:
            box += nodes.paragraph(ref.say(NO_TRIGGER), ref.say(NO_TRIGGER))
            return box
        box += nodes.rubric(ref.say(LISTENED_BY), ref.say(LISTENED_BY))
        for trigger in triggers:
            box += self.card(ref, trigger)
        return box
