"""Linting a mod on the shipped rules (`ba-lint --base`): a problem the mod causes in the
shipped content is reported at the mod's line, where the user can change something.

The shipped content lints clean, so a diagnostic located in a shipped file when a mod
is layered on it is the mod's doing: a mission added beyond the box's count, a phase
replaced so that a turn can do nothing. It moves to the mod declaration it most likely
comes from: one whose id the message names, else one of a kind the message names,
else the mod's first declaration; the message keeps the shipped place it refers to.
"""

from __future__ import annotations

import re
from dataclasses import replace

from . import ast
from .diagnostics import Diagnostic
from .i18n import N_, Msg

IN_THE_SHIPPED_RULES = N_("{message} (in the shipped rules, {where})")


def _words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))


def _key(item: ast.Item) -> tuple[str, object]:
    return (item.key, item.values[0].value if item.values else None)


def _culprit(diag: Diagnostic, items: list[ast.Item], added: set) -> ast.Item:
    words = _words(diag.message)
    for item in items:
        if item.values and item.values[0].kind == "name" and item.values[0].value in words:
            return item
    of_kind = [item for item in items if item.key in words or item.key + "s" in words]
    new = [item for item in of_kind if _key(item) in added]  # a count grew: an added one
    return (new or of_kind or items)[0]


def attribute(
    diags: list[Diagnostic], mod_files: list[ast.SourceFile], base_files: list[ast.SourceFile]
) -> list[Diagnostic]:
    """Diagnostics in files that are not the mod's, moved to the mod's declarations."""
    names = {source.path for source in mod_files}
    items = [item for source in mod_files for item in source.items]
    if not items:
        return diags
    shipped = {_key(item) for source in base_files for item in source.items}
    added = {_key(item) for item in items} - shipped
    out = []
    for diag in diags:
        if diag.span is None or diag.span.file in names:
            out.append(diag)
            continue
        item = _culprit(diag, items, added)
        where = f"{diag.span.file}:{diag.span.line}"
        msg = Msg(IN_THE_SHIPPED_RULES, {"message": diag.msg or diag.message, "where": where})
        out.append(replace(diag, span=item.key_span, message=str(msg), msg=msg))
    return out
