"""The `ba` domain: the things a rules reference describes, and roles to cite them.

Objects are registered by the directives that render them (`ba:cards` registers
each card, `ba:primitives` each primitive, ...). Prose cites them by id:

    {ba:card}`m002`      a card, tile, ravager, Hal card or player aid
    {ba:prim}`gain`      a primitive or counter of the effect language
    {ba:kind}`mission`   a declaration kind
    {ba:ruling}`flip_timing`
    {ba:code}`E104`      a ba-lint diagnostic code
    {ba:command}`play`   a command of `ba`
    {ba:event}`final_scoring`  an event that triggers listen to

A citation of something the rule set does not have is a warning (an error in
`ba docs`, which builds with warnings as errors).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

from docutils import nodes
from docutils.nodes import Element
from sphinx.addnodes import pending_xref
from sphinx.builders import Builder
from sphinx.domains import Domain, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

logger = logging.getLogger(__name__)

# role name -> object type
ROLES = {
    "card": "card",
    "prim": "primitive",
    "kind": "kind",
    "ruling": "ruling",
    "code": "code",
    "command": "command",
    "event": "event",
}


def anchor(objtype: str, name: str) -> str:
    """The HTML id of an object: `card-m001`, `primitive-gain`, ..."""
    return nodes.make_id(f"{objtype}-{name}")


class BlackAngelDomain(Domain):
    name = "ba"
    label = "Black Angel rules"
    object_types = {objtype: ObjType(objtype, role) for role, objtype in ROLES.items()}
    roles = {role: XRefRole() for role in ROLES}
    initial_data: ClassVar[dict[str, Any]] = {"objects": {}}  # (objtype, name) -> (docname, anchor)
    reference: Any = None  # the build's rule set (reference.Reference), set at builder-inited

    def _objects(self) -> dict[tuple[str, str], tuple[str, str]]:
        return self.data.setdefault("objects", {})

    def note_object(self, objtype: str, name: str, docname: str) -> str:
        """Record an object described on a page; returns its anchor."""
        key = (objtype, name)
        if key in self._objects() and self._objects()[key][0] != docname:
            logger.warning(
                "%s '%s' is described twice (also in %s)", objtype, name, self._objects()[key][0]
            )
        self._objects()[key] = (docname, anchor(objtype, name))
        return self._objects()[key][1]

    def clear_doc(self, docname: str) -> None:
        for key, (doc, _) in list(self._objects().items()):
            if doc == docname:
                del self._objects()[key]

    def merge_domaindata(self, docnames: Iterable[str], otherdata: dict[str, Any]) -> None:
        wanted = set(docnames)
        for key, (doc, target) in otherdata["objects"].items():
            if doc in wanted:
                self._objects()[key] = (doc, target)

    def resolve_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        typ: str,
        target: str,
        node: pending_xref,
        contnode: Element,
    ) -> nodes.reference | None:
        found = self._objects().get((ROLES.get(typ, typ), target))
        if found is None:
            return None
        docname, target_id = found
        return make_refnode(builder, fromdocname, docname, target_id, contnode, target)

    def resolve_any_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        target: str,
        node: pending_xref,
        contnode: Element,
    ) -> list[tuple[str, nodes.reference]]:
        results = []
        for role, objtype in ROLES.items():
            ref = self.resolve_xref(env, fromdocname, builder, role, target, node, contnode)
            if ref is not None:
                results.append((f"ba:{objtype}", ref))
        return results

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        for (objtype, name), (docname, target) in self._objects().items():
            yield name, name, objtype, docname, target, 1


def xref(role: str, target: str, text: str | None = None) -> pending_xref:
    """A citation made by a directive, resolved like one written in prose."""
    ref = pending_xref(
        "", refdomain="ba", reftype=role, reftarget=target, refexplicit=text is not None
    )
    ref += nodes.literal(text or target, text or target, classes=["xref", "ba", f"ba-{role}"])
    return ref
