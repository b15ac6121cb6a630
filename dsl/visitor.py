"""One way to go through effects: a visitor with `visit_<Node>` methods, as Jinja2 has.

`visit(node)` calls the method named after the node's class (`visit_Call`,
`visit_Seq`, ...) or, when there is none, `generic_visit`, which visits the
node's children in source order. The checker, the text renderer, the JSON
export, the lowering to the runtime program and the engine's feasibility check
are all visitors.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar


class NodeVisitor:
    """Dispatch on the node's class name; extra arguments are passed along."""

    _methods: ClassVar[dict[type, Callable[..., Any]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._methods = {}  # each visitor class remembers its own dispatch

    def visit(self, node: Any, *args: Any) -> Any:
        method = self._methods.get(type(node))
        if method is None:
            method = getattr(type(self), "visit_" + type(node).__name__, None)
            if method is None:
                method = type(self).generic_visit
            self._methods[type(node)] = method
        return method(self, node, *args)

    def generic_visit(self, node: Any, *args: Any) -> Any:
        for child in node.children():
            self.visit(child, *args)
        return None
