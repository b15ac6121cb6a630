"""Where each value comes from: printed in a rulebook, or reconstructed (with a reason)."""

from __future__ import annotations

from dataclasses import dataclass

from .checker import Decl, FieldUse


@dataclass(frozen=True)
class ValueOrigin:
    where: str  # file:line:col
    declaration: str  # e.g. "mission m001"
    keyword: str
    shown: str  # the line as written, trimmed
    reason: str | None  # None when the value is from the rulebooks


def _walk(decl: Decl, label: str):
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
            out.append(_origin(owner, use, lines))
    return out


def _origin(label: str, use: FieldUse, lines) -> ValueOrigin:
    span = use.item.span
    text = lines.line(span.file, span.line) or use.key
    shown = text.split("@")[0].strip()
    return ValueOrigin(str(span), label, use.key, shown, use.reconstructed)


def summary(found: list[ValueOrigin]) -> dict:
    reconstructed = sum(1 for o in found if o.reason is not None)
    return {
        "values": len(found),
        "rulebook": len(found) - reconstructed,
        "reconstructed": reconstructed,
    }
