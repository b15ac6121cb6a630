"""Names, types and arity: checks parsed files against the registry.

The checker turns items into `Decl`s whose field values are typed Python values,
and reports every problem it finds as a diagnostic. It never stops at the first
problem: a bad value is reported and skipped, the rest is still checked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import ast
from .diagnostics import Diagnostic, did_you_mean
from .registry import (
    ANNOTATIONS,
    EVENTS,
    KINDS,
    PRIMITIVES,
    TERRAINS_BESIDES_COLORS,
    FieldSpec,
    Param,
)

# value type -> the literal shape it needs
SHAPES = {
    "int": "int",
    "count": "int",
    "action": "int",
    "string": "string",
    "range": "range",
}


@dataclass
class FieldUse:
    """One occurrence of a keyword in a declaration, with typed values."""

    key: str
    args: dict[str, Any]
    effect: ast.Effect | None
    item: ast.Item
    children: list[Decl] = field(default_factory=list)
    reconstructed: str | None = None  # the reason, when marked @reconstructed


@dataclass
class Decl:
    """A checked declaration: `kind id { fields }`."""

    kind: str
    id: str | None
    item: ast.Item
    fields: dict[str, list[FieldUse]] = field(default_factory=dict)
    reconstructed: str | None = None

    def first(self, key: str) -> FieldUse | None:
        uses = self.fields.get(key)
        return uses[0] if uses else None

    def value(self, key: str, param: str | None = None, default: Any = None) -> Any:
        """The value of a keyword's parameter (the first one by default).

        A keyword without parameters (a switch like `unlimited`) gives True when
        present; a parameter that is missing or failed to check gives `default`.
        """
        use = self.first(key)
        if use is None:
            return default
        if param is None:
            if not KINDS[self.kind].fields[key].params:
                return True
            if not use.args:
                return default
            param = next(iter(use.args))
        return use.args.get(param, default)

    @property
    def copies(self) -> int:
        return self.value("copies", default=1)


@dataclass
class Symbols:
    """Names declared anywhere in the rule set, gathered before checking."""

    by_kind: dict[str, dict[str, ast.Item]] = field(default_factory=dict)
    action_numbers: set[int] = field(default_factory=set)
    stock_items: set[str] = field(default_factory=set)

    def ids(self, kind: str) -> dict[str, ast.Item]:
        return self.by_kind.get(kind, {})


def gather_symbols(files: list[ast.SourceFile]) -> Symbols:
    symbols = Symbols()
    for source in files:
        for item in source.items:
            if item.key not in KINDS or not KINDS[item.key].has_id or not item.values:
                continue
            ident = item.values[0]
            if ident.kind == "name":
                symbols.by_kind.setdefault(item.key, {}).setdefault(ident.value, item)
            if item.key == "action":
                for child in item.children or ():
                    if child.key == "number" and child.values and child.values[0].kind == "int":
                        symbols.action_numbers.add(child.values[0].value)
            if item.key == "component" and any(c.key == "stock" for c in item.children or ()):
                symbols.stock_items.add(ident.value)
    return symbols


class Checker:
    def __init__(self, symbols: Symbols):
        self.symbols = symbols
        self.diags: list[Diagnostic] = []
        self.used_names: dict[str, set[str]] = {}  # kind -> names referenced
        self.used_events: set[str] = set()

    # ---- reporting --------------------------------------------------------
    def report(self, code: str, message: str, span: ast.Span | None, hint: str | None = None):
        self.diags.append(Diagnostic(code, message, span, hint))

    def _use(self, kind: str, name: str) -> None:
        self.used_names.setdefault(kind, set()).add(name)

    # ---- values -----------------------------------------------------------
    def _names_of(self, type_: str) -> tuple[set[str], str] | None:
        """Allowed words and the diagnostic code for a name-typed parameter."""
        if type_ == "color":
            return set(self.symbols.ids("color")), "E104"
        if type_ == "player_color":
            return set(self.symbols.ids("player_color")), "E104"
        if type_ == "item":
            return set(self.symbols.stock_items), "E106"
        if type_ == "track":
            return set(self.symbols.ids("track")), "E106"
        if type_ == "phase":
            return set(self.symbols.ids("phase")), "E106"
        if type_ == "reward":
            return set(self.symbols.stock_items) | set(self.symbols.ids("track")), "E106"
        if type_ == "terrain":
            return set(self.symbols.ids("color")) | set(TERRAINS_BESIDES_COLORS), "E108"
        if type_ == "event":
            return set(EVENTS) | set(self.symbols.ids("event")), "E106"
        if type_.startswith("enum:") or type_.startswith("flag:"):
            return set(type_[5:].split("|")), "E108"
        return None

    def shape_fits(self, value: ast.Value, param: Param) -> bool:
        want = SHAPES.get(param.type, "name")
        if param.type.startswith("flag:"):
            return value.kind == "name" and value.value == param.type[5:]
        return value.kind == want

    def check_value(self, value: ast.Value, param: Param, what: str) -> Any:
        """Validate a value whose shape fits; report problems; return the Python value."""
        v = value.value
        if param.type in ("int", "count"):
            lo = 0 if param.type == "count" and param.lo is None else param.lo
            if lo is not None and v < lo or param.hi is not None and v > param.hi:
                bounds = f"at least {lo}" if param.hi is None else f"between {lo} and {param.hi}"
                self.report(
                    "E110",
                    f"{what}: {v} is out of range",
                    value.span,
                    f"'{param.name}' must be {bounds}",
                )
            return v
        if param.type == "action":
            if v not in self.symbols.action_numbers:
                known = ", ".join(str(n) for n in sorted(self.symbols.action_numbers)) or "none"
                self.report(
                    "E105",
                    f"{what}: there is no action {v}",
                    value.span,
                    f"declared actions: {known}",
                )
            else:
                self._use("action_number", str(v))
            return v
        if param.type == "range":
            lo, hi = v
            if lo > hi:
                self.report("E110", f"{what}: range {lo}..{hi} is empty", value.span)
            return v
        allowed = self._names_of(param.type)
        if allowed is not None:
            names, code = allowed
            if v not in names:
                kind = param.type.split(":")[0]
                label = {"enum": "word", "flag": "word"}.get(kind, kind)
                hint = did_you_mean(v, names) or (
                    "expected one of: " + ", ".join(sorted(names)) if names else None
                )
                self.report(code, f"{what}: unknown {label} '{v}'", value.span, hint)
            else:
                if param.type == "terrain" and v in self.symbols.ids("color"):
                    self._use("color", v)
                elif param.type == "event":
                    self.used_events.add(v)
                elif param.type == "reward":
                    self._use("track" if v in self.symbols.ids("track") else "item", v)
                elif ":" not in param.type:
                    self._use(param.type, v)
        return v

    def match_params(
        self, values: tuple[ast.Value, ...], params: tuple[Param, ...], what: str, span: ast.Span
    ) -> dict[str, Any]:
        """Bind values to parameters in order (optional ones may be skipped)."""
        args: dict[str, Any] = {}
        i = 0
        for param in params:
            if param.repeat:
                got = []
                while i < len(values) and self.shape_fits(values[i], param):
                    got.append(self.check_value(values[i], param, what))
                    i += 1
                if not got and not param.optional:
                    self._missing(values, i, param, what, span)
                args[param.name] = got
                continue
            if i < len(values) and self.shape_fits(values[i], param):
                args[self._arg_name(args, param)] = self.check_value(values[i], param, what)
                i += 1
            elif param.optional:
                continue
            else:
                self._missing(values, i, param, what, span)
                if i < len(values):
                    i += 1
        if i < len(values):
            extra = values[i]
            expected = " ".join(f"<{p.name}>" for p in params) or "no values"
            hint = f"expected: {expected}"
            flags = [p.type[5:] for p in params if p.type.startswith("flag:")]
            if extra.kind == "name" and flags:
                hint = did_you_mean(extra.value, flags) or hint
            self.report(
                "E107", f"{what}: too many values ('{_show(extra)}' is extra)", extra.span, hint
            )
        return args

    @staticmethod
    def _arg_name(args: dict, param: Param) -> str:
        name = param.name
        n = 2
        while name in args:
            name = f"{param.name}{n}"
            n += 1
        return name

    def _missing(self, values, i, param: Param, what: str, span: ast.Span) -> None:
        if i < len(values):
            got = values[i]
            self.report(
                "E108",
                f"{what}: '{_show(got)}' is not a valid {param.name} (expected {_describe(param)})",
                got.span,
                self._type_hint(got, param),
            )
        else:
            self.report(
                "E107",
                f"{what}: missing <{param.name}> ({_describe(param)})",
                span,
                f"add a value ({_describe(param)})",
            )

    def _type_hint(self, got: ast.Value, param: Param) -> str | None:
        allowed = self._names_of(param.type)
        if allowed and got.kind == "name":
            return did_you_mean(got.value, allowed[0])
        return None

    # ---- effects ----------------------------------------------------------
    def check_effect(self, effect: ast.Effect, where: str) -> None:
        stack: list[tuple[ast.Effect, bool]] = [(effect, False)]
        while stack:
            node, as_counter = stack.pop()
            if isinstance(node, ast.Call):
                self.check_call(node, as_counter, where)
            elif isinstance(node, ast.Seq):
                stack.extend((s, False) for s in node.steps)
            elif isinstance(node, ast.Choice):
                stack.extend((s, False) for s in node.options)
            elif isinstance(node, ast.Trade):
                stack.extend([(node.cost, False), (node.benefit, False)])
            elif isinstance(node, ast.Optional):
                stack.append((node.step, False))
            elif isinstance(node, ast.Otherwise):
                if not can_fail(node.first):
                    self.report(
                        "W401",
                        "the 'otherwise' part can never run: what comes before it always succeeds",
                        node.fallback.span,
                        "remove the 'otherwise' part",
                    )
                stack.extend([(node.first, False), (node.fallback, False)])

    def check_call(self, call: ast.Call, as_counter: bool, where: str) -> None:
        prim = PRIMITIVES.get(call.name)
        if prim is None:
            names = [p for p, spec in PRIMITIVES.items() if spec.counter == as_counter]
            self.report(
                "E103",
                f"unknown {'counter' if as_counter else 'primitive'} '{call.name}'",
                _name_span(call),
                did_you_mean(call.name, names),
            )
            return
        if prim.counter and not as_counter:
            self.report(
                "E108",
                f"'{call.name}' counts things and cannot be an effect on its own",
                _name_span(call),
                f"use it after 'per', e.g. 'gain 1 vp per {call.name} ...'",
            )
        if as_counter and not prim.counter:
            self.report(
                "E108",
                f"'{call.name}' is an effect, not something to count",
                _name_span(call),
                did_you_mean(call.name, [n for n, p in PRIMITIVES.items() if p.counter]),
            )
        self.match_params(call.args, prim.params, f"'{call.name}'", call.span)
        if call.name == "draw_keep" and len(call.args) == 2:
            draw, keep = (a.value for a in call.args)
            if isinstance(draw, int) and isinstance(keep, int) and keep > draw:
                self.report("E110", f"'draw_keep': cannot keep {keep} of {draw} cards", call.span)
        if call.cap is not None and call.cap.value < 0:
            self.report("E110", "'max' must be at least 0", call.cap.span)
        if call.per is not None:
            self.check_call(call.per, True, where)

    # ---- declarations -----------------------------------------------------
    def check_item(
        self, item: ast.Item, kind_key: str, ident: str | None, parent_reason: str | None
    ) -> Decl:
        spec = KINDS[kind_key]
        reason = self._annotations(item) or parent_reason
        decl = Decl(kind_key, ident, item, reconstructed=reason)
        if item.effect is not None:
            self.report(
                "E112", f"'{kind_key}' takes a {{ block }}, not ': effect'", item.effect.span
            )
        children = item.children
        if children is None:
            if any(f.required for f in spec.fields.values()):
                self.report(
                    "E112", f"'{kind_key}' needs a {{ block }} with its keywords", item.key_span
                )
            children = ()
        for child in children:
            fspec = spec.fields.get(child.key)
            if fspec is None:
                self._unknown_keyword(child, kind_key, spec)
                continue
            use = self.check_field(child, fspec, kind_key, reason)
            uses = decl.fields.setdefault(child.key, [])
            if uses and not fspec.repeat:
                self.report(
                    "E109",
                    f"'{child.key}' is given twice in this {kind_key}",
                    child.key_span,
                    f"first given at line {uses[0].item.span.line}",
                )
            uses.append(use)
        for fspec in spec.fields.values():
            if fspec.required and fspec.key not in decl.fields:
                self.report(
                    "E111",
                    f"{(kind_key + ' ' + (ident or '')).strip()}: missing '{fspec.key}'",
                    item.key_span,
                    f"add a line: {fspec.key} ... ({fspec.help})",
                )
        return decl

    def _unknown_keyword(self, child: ast.Item, kind_key: str, spec) -> None:
        hint = did_you_mean(child.key, spec.fields)
        if hint is None:
            hint = "keywords of " + kind_key + ": " + ", ".join(spec.fields)
        self.report("E102", f"unknown keyword '{child.key}' in {kind_key}", child.key_span, hint)

    def check_field(
        self, item: ast.Item, fspec: FieldSpec, kind_key: str, reason: str | None
    ) -> FieldUse:
        what = f"{kind_key}.{item.key}"
        args = self.match_params(item.values, fspec.params, what, item.key_span)
        own_reason = self._annotations(item)
        use = FieldUse(item.key, args, item.effect, item, reconstructed=own_reason or reason)
        if fspec.effect and item.effect is None:
            self.report(
                "E112",
                f"'{item.key}' needs ': effect'",
                item.key_span,
                f"e.g. {item.key}: gain 1 vp",
            )
        elif not fspec.effect and item.effect is not None:
            self.report("E112", f"'{item.key}' takes no effect", item.effect.span)
        elif item.effect is not None:
            self.check_effect(item.effect, what)
        if fspec.block is None and item.children is not None:
            self.report("E112", f"'{item.key}' takes no {{ block }}", item.key_span)
        elif fspec.block is not None:
            if item.children is None:
                self.report("E112", f"'{item.key}' needs a {{ block }}", item.key_span)
            else:
                use.children.append(self.check_item(item, fspec.block, None, use.reconstructed))
        return use

    def _annotations(self, item: ast.Item) -> str | None:
        reason = None
        for ann in item.annotations:
            if ann.name not in ANNOTATIONS:
                self.report(
                    "W403",
                    f"unknown annotation '@{ann.name}'",
                    ann.span,
                    did_you_mean(ann.name, ANNOTATIONS) or "known: @reconstructed, @rulebook",
                )
            elif ann.name == "reconstructed":
                if not ann.text:
                    self.report(
                        "E107",
                        "'@reconstructed' needs a reason",
                        ann.span,
                        '@reconstructed "one line on why this value was chosen"',
                    )
                reason = ann.text or ""
        return reason

    def check_top(self, item: ast.Item, seen: dict[str, ast.Item]) -> Decl | None:
        spec = KINDS.get(item.key)
        if spec is None or spec.nested_only:
            tops = [k for k, s in KINDS.items() if not s.nested_only]
            self.report(
                "E101",
                f"unknown declaration '{item.key}'",
                item.key_span,
                did_you_mean(item.key, tops) or "declarations: " + ", ".join(tops),
            )
            return None
        ident = None
        values = item.values
        if spec.has_id:
            if not values or values[0].kind != "name":
                self.report(
                    "E107",
                    f"'{item.key}' needs an id",
                    item.key_span,
                    f"e.g. {item.key} my_{item.key} {{ ... }}",
                )
            else:
                ident = values[0].value
                if ident in seen:
                    first = seen[ident]
                    self.report(
                        "E109",
                        f"duplicate id '{ident}'",
                        values[0].span,
                        f"already declared at {first.span}",
                    )
                else:
                    seen[ident] = item
            values = values[1:]
        if values:
            self.report(
                "E107",
                f"'{item.key}' takes {'only an id' if spec.has_id else 'no values'}",
                values[0].span,
            )
        if spec.singleton:
            key = f"<{item.key}>"
            if key in seen:
                self.report(
                    "E109",
                    f"'{item.key}' is declared twice",
                    item.key_span,
                    f"already declared at {seen[key].span}",
                )
            else:
                seen[key] = item
        return self.check_item(item, item.key, ident, None)


def can_fail(effect: ast.Effect) -> bool:
    """Whether an effect may be impossible to carry out (so `otherwise` makes sense).

    A sequence or trade fails if any part can; a choice only if every option can;
    an optional step never fails; `a otherwise b` fails only if b can.
    """
    if isinstance(effect, ast.Call):
        prim = PRIMITIVES.get(effect.name)
        return prim is None or (prim.can_fail and not prim.counter)
    if isinstance(effect, ast.Seq):
        return any(can_fail(s) for s in effect.steps)
    if isinstance(effect, ast.Trade):
        return can_fail(effect.cost) or can_fail(effect.benefit)
    if isinstance(effect, ast.Choice):
        return all(can_fail(o) for o in effect.options)
    if isinstance(effect, ast.Optional):
        return False
    if isinstance(effect, ast.Otherwise):
        return can_fail(effect.fallback)
    return True


def _name_span(call: ast.Call) -> ast.Span:
    s = call.span
    return ast.Span(s.file, s.line, s.column, s.line, s.column + len(call.name))


def _show(value: ast.Value) -> str:
    if value.kind == "range":
        return f"{value.value[0]}..{value.value[1]}"
    return str(value.value)


def _describe(param: Param) -> str:
    if param.type.startswith("enum:"):
        return "one of " + ", ".join(param.type[5:].split("|"))
    if param.type.startswith("flag:"):
        return f"the word '{param.type[5:]}'"
    return {"count": "a number >= 0", "int": "a number", "action": "an action number"}.get(
        param.type, f"a {param.type}"
    )


def check_files(files: list[ast.SourceFile]) -> tuple[list[Decl], Checker]:
    """Check every top-level item of every file; returns the declarations and the checker."""
    checker = Checker(gather_symbols(files))
    seen: dict[str, ast.Item] = {}
    decls = []
    for source in files:
        for item in source.items:
            decl = checker.check_top(item, seen)
            if decl is not None:
                decls.append(decl)
    return decls, checker
