"""Where each value comes from.

    printed        the rulebooks print it (no annotation; `@rulebook "where"` may cite it)
    inferred       the rulebooks imply it without printing it: read off the appendix's
                   layout or an example (`@inferred "why"`)
    reconstructed  the rulebooks do not give it: it was chosen (`@reconstructed "why"`)
    decision       a ruling: the project's reading of an ambiguity or an edition difference
    mod            a mod's own value, not the rulebooks' (a file that is not shipped, where
                   the line has no annotation; `@rulebook` there claims printed)

An annotation on a declaration or a block holds for every line inside it.
`ba-lint --provenance` lists the inferred and reconstructed values with their
reasons and counts all five, in total and by kind of declaration.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .checker import Decl, FieldUse
from .i18n import NC_

KINDS = ("printed", "inferred", "reconstructed", "decision", "mod")
# how ba-lint --provenance names them
SHOWN_KINDS = (
    NC_("provenance", "printed"),
    NC_("provenance", "inferred"),
    NC_("provenance", "reconstructed"),
    NC_("provenance", "decision"),
    NC_("provenance", "mod"),
)


@dataclass(frozen=True)
class ValueOrigin:
    where: str  # file:line:col
    declaration: str  # e.g. "mission m001"
    category: str  # the kind of declaration, e.g. "mission"
    keyword: str
    shown: str  # the line as written, trimmed
    kind: str  # one of KINDS
    reason: str | None  # why, for inferred and reconstructed values


def _walk(decl: Decl, label: str) -> Iterator[tuple[str, FieldUse]]:
    for key, uses in decl.fields.items():
        for use in uses:
            yield label, use
            for child in use.children:
                yield from _walk(
                    child, f"{label} {key} {' '.join(str(v) for v in use.args.values())}".strip()
                )


def origins(decls: list[Decl], lines) -> list[ValueOrigin]:
    """Every keyword line of every declaration, with its origin."""
    out = []
    for decl in decls:
        label = f"{decl.kind} {decl.id}" if decl.id else decl.kind
        for owner, use in _walk(decl, label):
            span = use.item.span
            text = lines.line(span.file, span.line) or use.key
            shown = text.split("@")[0].strip()
            if decl.spec.decision:
                kind, reason = "decision", None
            elif use.origin is not None:
                kind, reason = use.origin.kind, use.origin.reason or None
            else:
                kind, reason = "printed", None
            out.append(ValueOrigin(str(span), owner, decl.kind, use.key, shown, kind, reason))
    return out


def counts(found: list[ValueOrigin]) -> dict[str, int]:
    out = {"values": len(found)}
    out.update({kind: sum(1 for o in found if o.kind == kind) for kind in KINDS})
    return out


def summary(found: list[ValueOrigin]) -> dict:
    """The counts of each origin, in total and by kind of declaration."""
    categories = sorted({o.category for o in found})
    return {
        **counts(found),
        "by_category": {c: counts([o for o in found if o.category == c]) for c in categories},
    }
