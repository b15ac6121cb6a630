"""The effect graph: one networkx MultiDiGraph for the whole rule set.

Nodes (ids never contain ':' so DOT output stays intact):
    decl.<id>                 a card, tile or other declaration
    effect.<id>.<keyword>.<n> one effect of a declaration (or of a trigger)
    event.<name>              something that happens in a game
    prim.<name>               a primitive of the language

Edges carry `rel`:
    has        decl -> effect
    triggers   event -> effect     (the effect runs when the event happens)
    uses       effect -> prim
    emits      effect -> event
    runs       effect -> decl      (the effect runs a phase)
    activates  effect -> effect    (an effect activates another declaration's effect: a tile
                                    activating its neighbour; targets are the effects that run on
                                    the event named by the primitive's `activates`)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast
from .checker import Decl
from .diagnostics import Diagnostic
from .meta import Vocabulary

if TYPE_CHECKING:  # networkx is imported only when a graph is built (it is slow to import)
    import networkx as nx


def effect_node(decl_id: str, key: str, index: int) -> str:
    return f"effect.{decl_id}.{key}.{index}"


def _activating(effect: ast.Effect | None, vocabulary: Vocabulary) -> bool:
    primitives = vocabulary.primitives
    return any(
        c.name in primitives and primitives[c.name].activates for c in ast.walk_calls(effect)
    )


def build_graph(decls: list[Decl], vocabulary: Vocabulary) -> nx.MultiDiGraph[str]:
    import networkx as nx

    primitives = vocabulary.primitives
    graph: nx.MultiDiGraph[str] = nx.MultiDiGraph()
    # effects that an activating primitive can run: (effect node, activates others, event)
    targets: list[tuple[str, bool, str]] = []
    activators: list[tuple[str, ast.Call, ast.Effect]] = []
    seen: set[str] = set()
    for decl in decls:
        if decl.id is None or decl.id in seen:
            continue  # a duplicate id is an error (E109); its nodes would merge with the first
        seen.add(decl.id)
        dnode = f"decl.{decl.id}"
        graph.add_node(dnode, kind="decl", decl_kind=decl.kind, label=decl.id, span=decl.item.span)
        for key, uses in decl.fields.items():
            fspec = decl.spec.fields[key]
            for index, use in enumerate(uses):
                if use.effect is None:
                    continue
                enode = effect_node(decl.id, key, index)
                graph.add_node(
                    enode,
                    kind="effect",
                    decl=decl.id,
                    keyword=key,
                    label=f"{decl.id} {key}",
                    span=use.item.span,
                )
                graph.add_edge(dnode, enode, key="has", rel="has")
                event = decl.value("on") if decl.kind == "trigger" else fspec.event
                if event:
                    graph.add_node(f"event.{event}", kind="event", label=event)
                    graph.add_edge(f"event.{event}", enode, key="triggers", rel="triggers")
                for call in ast.walk_calls(use.effect):
                    prim = primitives.get(call.name)
                    if prim is None:
                        continue
                    graph.add_node(f"prim.{call.name}", kind="primitive", label=call.name)
                    graph.add_edge(enode, f"prim.{call.name}", key="uses", rel="uses")
                    emitted = list(prim.emits)
                    if call.name == "emit" and call.args:
                        emitted.append(str(call.args[0].value))
                    for name in emitted:
                        graph.add_node(f"event.{name}", kind="event", label=name)
                        graph.add_edge(
                            enode, f"event.{name}", key="emits", rel="emits", span=call.span
                        )
                    if call.name == "run" and call.args:
                        graph.add_edge(enode, f"decl.{call.args[0].value}", key="runs", rel="runs")
                    if prim.activates:
                        activators.append((enode, call, use.effect))
                if fspec.event:
                    targets.append((enode, _activating(use.effect, vocabulary), fspec.event))
    for enode, call, _effect in activators:
        event = primitives[call.name].activates
        only_plain = any(a.value == "non_activating" for a in call.args)
        for target, target_activates, target_event in targets:
            if target_event != event or (only_plain and target_activates):
                continue
            graph.add_edge(enode, target, key="activates", rel="activates", span=call.span)
    return graph


def activation_chain_problems(graph: nx.MultiDiGraph[str]) -> list[Diagnostic]:
    """A tile that activates another may not reach a tile that itself activates.

    One diagnostic per activating call, naming the first offending target.
    """
    diags, reported = [], set()
    for source, target, data in graph.edges(data=True):
        if data.get("rel") != "activates" or (source, data.get("span")) in reported:
            continue
        if any(d.get("rel") == "activates" for _, _, d in graph.out_edges(target, data=True)):
            reported.add((source, data.get("span")))
            diags.append(
                Diagnostic(
                    "E302",
                    f"{graph.nodes[source]['label']} can activate {graph.nodes[target]['label']}, "
                    "which itself activates tiles",
                    data.get("span"),
                    "use 'non_activating' so that only tiles without an activation effect "
                    "are targets",
                )
            )
    return diags


def cycle_problems(graph: nx.MultiDiGraph[str]) -> list[Diagnostic]:
    """Trigger chains that can run forever (strongly connected components)."""
    import networkx as nx

    diags = []
    components = sorted(nx.strongly_connected_components(graph), key=min)
    for component in components:
        nodes = set(component)
        if len(nodes) == 1:
            node = next(iter(nodes))
            if not graph.has_edge(node, node):
                continue
        sub = graph.subgraph(nodes)
        rels = {d.get("rel") for _, _, d in sub.edges(data=True)}
        if rels <= {"activates"}:
            continue  # reported by the activation-chain rule
        cycle = nx.find_cycle(sub, source=min(nodes))
        labels = [graph.nodes[u].get("label", u) for u, *_ in cycle]
        labels.append(labels[0])
        first_effect = next(
            (u for u, *_ in cycle if graph.nodes[u].get("kind") == "effect"), cycle[0][0]
        )
        diags.append(
            Diagnostic(
                "E301",
                "cycle in the effect graph: " + " -> ".join(labels),
                graph.nodes[first_effect].get("span"),
                "break the chain: one of these effects must not raise the event that starts it",
            )
        )
    return diags


def subgraph_for(graph: nx.MultiDiGraph[str], decl_id: str) -> nx.MultiDiGraph[str]:
    """A declaration, its effects, and what they touch directly."""
    root = f"decl.{decl_id}"
    nodes = {root}
    for _, effect in graph.out_edges(root):
        nodes.add(effect)
        nodes.update(graph.successors(effect))
        nodes.update(graph.predecessors(effect))
    return graph.subgraph(nodes).copy()


def to_dot(graph: nx.MultiDiGraph[str], name: str = "rules") -> str:
    """DOT text, written by hand so no Graphviz or pydot is needed."""
    shapes = {"decl": "box", "effect": "ellipse", "event": "diamond", "primitive": "note"}

    def q(text: str) -> str:
        return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'

    lines = [f"digraph {q(name)} {{", "  rankdir=LR;"]
    for node, data in sorted(graph.nodes.items()):
        shape = shapes.get(data.get("kind", ""), "ellipse")
        lines.append(f"  {q(node)} [label={q(data.get('label', node))}, shape={shape}];")
    for u, v, data in sorted(
        graph.edges(data=True), key=lambda e: (e[0], e[1], e[2].get("rel", ""))
    ):
        lines.append(f"  {q(u)} -> {q(v)} [label={q(data.get('rel', ''))}];")
    lines.append("}")
    return "\n".join(lines) + "\n"
