"""The effect graph of a rule set: what each effect uses, raises, runs and activates.

It is built as plain data (`EffectGraph`), which the compiler's analyses and the
export read; `to_networkx` turns it into a networkx MultiDiGraph for `ba graph`
and the Python API (`RuleSet.graph`), so that commands that only play games never
import networkx.

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

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import ast
from .checker import Decl
from .diagnostics import Diagnostic
from .i18n import N_
from .meta import Vocabulary

if TYPE_CHECKING:  # networkx is imported only when asked for (it is slow to import)
    import networkx as nx

Edge = tuple[str, str, str]  # source, target, relation (at most one edge per triple)


@dataclass
class EffectGraph:
    """Nodes with their attributes and edges with theirs, in the order they were added."""

    nodes: dict[str, dict[str, Any]] = field(default_factory=dict)
    edges: dict[Edge, dict[str, Any]] = field(default_factory=dict)
    _out: dict[str, list[Edge]] = field(default_factory=dict)
    _in: dict[str, list[Edge]] = field(default_factory=dict)

    def add_node(self, node: str, **attrs: Any) -> None:
        self.nodes.setdefault(node, {}).update(attrs)

    def add_edge(self, source: str, target: str, rel: str, **attrs: Any) -> None:
        self.add_node(source)
        self.add_node(target)
        edge = (source, target, rel)
        if edge not in self.edges:
            self._out.setdefault(source, []).append(edge)
            self._in.setdefault(target, []).append(edge)
        self.edges.setdefault(edge, {"rel": rel}).update(attrs)

    def out_edges(self, node: str) -> list[Edge]:
        return self._out.get(node, [])

    def in_edges(self, node: str) -> list[Edge]:
        return self._in.get(node, [])

    def subgraph(self, keep: set[str]) -> EffectGraph:
        sub = EffectGraph()
        for node, attrs in self.nodes.items():
            if node in keep:
                sub.add_node(node, **attrs)
        for (u, v, _), attrs in self.edges.items():
            if u in keep and v in keep:
                sub.add_edge(u, v, **attrs)
        return sub

    def to_networkx(self) -> nx.MultiDiGraph:
        """The same graph as a networkx MultiDiGraph (edge keys are the relations)."""
        import networkx as nx

        graph: nx.MultiDiGraph[str] = nx.MultiDiGraph()
        graph.add_nodes_from(self.nodes.items())
        for (u, v, rel), attrs in self.edges.items():
            graph.add_edge(u, v, key=rel, **attrs)
        return graph


def effect_node(decl_id: str, key: str, index: int) -> str:
    return f"effect.{decl_id}.{key}.{index}"


def _activating(effect: ast.Effect | None, vocabulary: Vocabulary) -> bool:
    primitives = vocabulary.primitives
    return any(
        c.name in primitives and primitives[c.name].activates for c in ast.walk_calls(effect)
    )


def build_graph(decls: list[Decl], vocabulary: Vocabulary) -> EffectGraph:
    primitives = vocabulary.primitives
    graph = EffectGraph()
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
                graph.add_edge(dnode, enode, "has")
                event = decl.value("on") if decl.kind == "trigger" else fspec.event
                if event:
                    graph.add_node(f"event.{event}", kind="event", label=event)
                    graph.add_edge(f"event.{event}", enode, "triggers")
                for call in ast.walk_calls(use.effect):
                    prim = primitives.get(call.name)
                    if prim is None:
                        continue
                    graph.add_node(f"prim.{call.name}", kind="primitive", label=call.name)
                    graph.add_edge(enode, f"prim.{call.name}", "uses")
                    emitted = list(prim.emits)
                    if call.name == "emit" and call.args:
                        emitted.append(str(call.args[0].value))
                    for name in emitted:
                        graph.add_node(f"event.{name}", kind="event", label=name)
                        graph.add_edge(enode, f"event.{name}", "emits", span=call.span)
                    if call.name == "run" and call.args:
                        graph.add_edge(enode, f"decl.{call.args[0].value}", "runs")
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
            graph.add_edge(enode, target, "activates", span=call.span)
    return graph


def activation_chain_problems(graph: EffectGraph) -> list[Diagnostic]:
    """A tile that activates another may not reach a tile that itself activates.

    One diagnostic per activating call, naming the first offending target.
    """
    diags, reported = [], set()
    for (source, target, rel), data in graph.edges.items():
        if rel != "activates" or (source, data.get("span")) in reported:
            continue
        if any(r == "activates" for _, _, r in graph.out_edges(target)):
            reported.add((source, data.get("span")))
            diags.append(
                Diagnostic.of(
                    "E302",
                    data.get("span"),
                    N_("{source} can activate {target}, which itself activates tiles"),
                    N_(
                        "use 'non_activating' so that only tiles without an activation effect "
                        "are targets"
                    ),
                    source=graph.nodes[source]["label"],
                    target=graph.nodes[target]["label"],
                )
            )
    return diags


def cycle_problems(graph: EffectGraph) -> list[Diagnostic]:
    """Trigger chains that can run forever (strongly connected components)."""
    diags = []
    for component in sorted(strongly_connected(graph), key=min):
        if len(component) == 1:
            node = next(iter(component))
            if not any(v == node for _, v, _ in graph.out_edges(node)):
                continue
        sub = graph.subgraph(component)
        if {rel for _, _, rel in sub.edges} <= {"activates"}:
            continue  # reported by the activation-chain rule
        cycle = find_cycle(sub, min(component))
        labels = [graph.nodes[u].get("label", u) for u, _, _ in cycle]
        labels.append(labels[0])
        first_effect = next(
            (u for u, _, _ in cycle if graph.nodes[u].get("kind") == "effect"), cycle[0][0]
        )
        diags.append(
            Diagnostic.of(
                "E301",
                graph.nodes[first_effect].get("span"),
                N_("cycle in the effect graph: {cycle}"),
                N_("break the chain: one of these effects must not raise the event that starts it"),
                cycle=" -> ".join(labels),
            )
        )
    return diags


def strongly_connected(graph: EffectGraph) -> list[set[str]]:
    """The strongly connected components (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[set[str]] = []
    for root in graph.nodes:
        if root in index:
            continue
        work = [(root, iter(graph.out_edges(root)))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for _, nxt, _ in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(graph.out_edges(nxt))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    found.append(component)
    return found


def _edge_dfs(graph: EffectGraph, source: str) -> Iterator[Edge]:
    """Every edge reachable from `source`, depth first, each once."""
    seen_edges: set[Edge] = set()
    pending: dict[str, Iterator[Edge]] = {}
    stack = [source]
    while stack:
        node = stack[-1]
        if node not in pending:
            pending[node] = iter(graph.out_edges(node))
        edge = next(pending[node], None)
        if edge is None:
            stack.pop()
        elif edge not in seen_edges:
            seen_edges.add(edge)
            stack.append(edge[1])
            yield edge


def find_cycle(graph: EffectGraph, source: str) -> list[Edge]:
    """The first cycle met by a depth-first walk from `source` (in a component with one)."""
    path: list[Edge] = []
    active = {source}
    for edge in _edge_dfs(graph, source):
        tail, head, _ = edge
        while path and path[-1][1] != tail:  # the walk backed up: leave the dead end
            active.discard(path.pop()[1])
        path.append(edge)
        if head in active:
            start = next(i for i, (u, _, _) in enumerate(path) if u == head)
            return path[start:]
        active.add(head)
    raise ValueError(f"no cycle through {source}")


def subgraph_for(graph: EffectGraph, decl_id: str) -> EffectGraph:
    """A declaration, its effects, and what they touch directly."""
    root = f"decl.{decl_id}"
    nodes = {root}
    for _, effect, _ in graph.out_edges(root):
        nodes.add(effect)
        nodes.update(v for _, v, _ in graph.out_edges(effect))
        nodes.update(u for u, _, _ in graph.in_edges(effect))
    return graph.subgraph(nodes)


def to_dot(graph: EffectGraph, name: str = "rules") -> str:
    """DOT text, written by hand so no Graphviz or pydot is needed."""
    shapes = {"decl": "box", "effect": "ellipse", "event": "diamond", "primitive": "note"}

    def q(text: str) -> str:
        return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'

    lines = [f"digraph {q(name)} {{", "  rankdir=LR;"]
    for node, data in sorted(graph.nodes.items()):
        shape = shapes.get(data.get("kind", ""), "ellipse")
        lines.append(f"  {q(node)} [label={q(data.get('label', node))}, shape={shape}];")
    for u, v, rel in sorted(graph.edges):
        lines.append(f"  {q(u)} -> {q(v)} [label={q(rel)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"
