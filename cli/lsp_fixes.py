"""Quick fixes for `ba lsp`: what a diagnostic's hint proposes, as an edit.

A diagnostic whose hint is "did you mean X?" offers to write X in place of the
misspelt name; one about a missing field (E111) offers to add the field's line with a
value to complete. The server puts the proposal in the LSP diagnostic's `data`, and
the code action turns it back into an edit, so the two always agree.
"""

from __future__ import annotations

from ..dsl.checker import ADD_A_LINE
from ..dsl.compiler import RuleSet
from ..dsl.diagnostics import DID_YOU_MEAN, Diagnostic
from ..dsl.i18n import Names
from ..dsl.meta import Field, Param


def fix_data(diag: Diagnostic, ruleset: RuleSet | None) -> dict | None:
    """The fixes a diagnostic's hint proposes: {"replace": [names]} or {"add": line}."""
    hint = diag.hint_msg
    if hint is None:
        return None
    if hint.template == DID_YOU_MEAN and isinstance(hint.values.get("names"), Names):
        return {"replace": [str(name) for name in hint.values["names"].names]}
    if hint.template == ADD_A_LINE and diag.msg is not None and ruleset is not None:
        kind = str(diag.msg.values.get("what", "")).split(" ")[0]
        spec = ruleset.vocabulary.kinds.get(kind)
        key = str(diag.msg.values.get("key", ""))
        if spec is not None and key in spec.fields:
            return {"add": field_line(spec.fields[key], ruleset)}
    return None


def field_line(spec: Field, ruleset: RuleSet) -> str:
    """A line giving the field, with a value for each parameter to check or complete: the
    first allowed word or declaration, the lowest number, an empty text."""
    required = [param for param in spec.params if not param.optional]
    parts = [spec.key, *(_placeholder(param, ruleset) for param in required)]
    return " ".join(parts) + (": " if spec.effect else "")


def _placeholder(param: Param, ruleset: RuleSet) -> str:
    form = param.type.form
    if form == "ref":
        declared = [d.id for kind in param.type.refs for d in ruleset.of_kind(kind) if d.id]
        if declared:
            return declared[0]
    if form in ("words", "flag", "texts", "ref") and param.type.words:
        return str(param.type.words[0])
    if form in ("int", "count"):
        return str(param.low if param.low is not None else 0)
    if form == "string":
        return '""'
    if form == "range":
        return "1..2"
    return param.name
