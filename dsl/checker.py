"""Names, types and arity: checks parsed files against the game's vocabulary.

The checker turns items into `Decl`s whose field values are typed Python values,
and reports every problem it finds as a diagnostic. It never stops at the first
problem: a bad value is reported and skipped, the rest is still checked.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field, replace
from typing import Any

from . import ast
from .core import ANNOTATIONS
from .diagnostics import Diagnostic, suggestion
from .i18n import N_, Msg, Names
from .meta import COUNT, MAX_NUMBER, Field, Kind, Param, ParamType, Vocabulary, ref
from .values import COUNT_OR_VALUE
from .visitor import NodeVisitor

TIMES = Param("times", COUNT_OR_VALUE)  # after `times`: a count, or a value's name

INFERRED, RECONSTRUCTED = "inferred", "reconstructed"
MOD = "mod"  # a value a mod writes, with no annotation of its own: not the rulebooks'
RULEBOOK = "rulebook"  # the annotation that cites where the rulebooks print a value
ADD_A_LINE = N_("add a line: {key} ... ({help})")  # the hint of a missing field (E111)


@dataclass(frozen=True)
class Origin:
    """Where a value comes from when it is not printed: inferred or reconstructed."""

    kind: str
    reason: str


@dataclass
class FieldUse:
    """One occurrence of a keyword in a declaration, with typed values."""

    key: str
    args: dict[str, Any]
    effect: ast.Effect | None
    item: ast.Item
    children: list[Decl] = field(default_factory=list)
    # inferred, reconstructed or mod, with the reason (None: printed)
    origin: Origin | None = None


@dataclass
class Decl:
    """A checked declaration: `kind id { fields }`."""

    kind: str
    id: str | None
    item: ast.Item
    spec: Kind
    fields: dict[str, list[FieldUse]] = field(default_factory=dict)
    origin: Origin | None = None

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
            if not self.spec.fields[key].params:
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
    """Declarations anywhere in the rule set by kind and id, gathered before checking."""

    by_kind: dict[str, dict[str, ast.Item]] = field(default_factory=dict)

    def ids(self, kind: str) -> dict[str, ast.Item]:
        return self.by_kind.get(kind, {})

    def numbers(self, kind: str, key: str) -> set[int]:
        """The whole numbers written after `key` in the declarations of `kind`."""
        found = set()
        for item in self.ids(kind).values():
            for child in item.children or ():
                if child.key == key and child.values and child.values[0].kind == "int":
                    found.add(child.values[0].value)
        return found


def gather_symbols(files: list[ast.SourceFile], vocabulary: Vocabulary) -> Symbols:
    symbols = Symbols()
    for source in files:
        for item in source.items:
            spec = vocabulary.kinds.get(item.key)
            if spec is None or not spec.has_id or not item.values:
                continue
            ident = item.values[0]
            if ident.kind == "name":
                symbols.by_kind.setdefault(item.key, {}).setdefault(ident.value, item)
    return symbols


class Checker:
    def __init__(self, symbols: Symbols, vocabulary: Vocabulary, mod_files: Collection[str] = ()):
        self.symbols = symbols
        self.vocabulary = vocabulary
        self.mod_files = mod_files  # the files whose unannotated values are the mod's
        self.diags: list[Diagnostic] = []
        self.used_names: dict[str, set[str]] = {}  # declaration kind -> ids referenced
        self.used_events: set[str] = set()
        self._names: dict[ParamType, dict[str, str | None] | None] = {}

    # ---- reporting --------------------------------------------------------
    def report(
        self,
        code: str,
        message: str,
        span: ast.Span | None,
        hint: str | Msg | None = None,
        **values: Any,
    ) -> None:
        """A diagnostic: a message template (N_) and a hint (a template or a Msg), filled
        with the values when shown, in the reader's language."""
        self.diags.append(Diagnostic.of(code, span, message, hint, **values))

    def _use(self, kind: str, name: str) -> None:
        self.used_names.setdefault(kind, set()).add(name)

    # ---- values -----------------------------------------------------------
    def names_of(self, type_: ParamType) -> dict[str, str | None] | None:
        """The words a name-typed parameter accepts, each with the kind it names
        (None for a plain word); None for types that are not names."""
        if type_ in self._names:
            return self._names[type_]
        names: dict[str, str | None] | None
        if type_.form in ("words", "flag"):
            names = dict.fromkeys(type_.words)
        elif type_.form == "kind":
            names = dict.fromkeys(self.vocabulary.kinds)
        elif type_.form == "ref":
            names = dict.fromkeys(type_.words)
            if type_.events:
                names.update(dict.fromkeys(self.vocabulary.events))
            for ref_kind in type_.refs:
                for ident, item in self.symbols.ids(ref_kind).items():
                    if self._has_switch(ref_kind, item, type_.having):
                        names[ident] = ref_kind
        else:
            names = None
        self._names[type_] = names
        return names

    def _has_switch(self, kind_key: str, item: ast.Item, switch: str | None) -> bool:
        """`having` filters only kinds that know the switch (a stock component, any track)."""
        if switch is None or switch not in self.vocabulary.kinds[kind_key].fields:
            return True
        return any(child.key == switch for child in item.children or ())

    @staticmethod
    def shape_fits(value: ast.Value, param: Param) -> bool:
        if param.type.form == "flag":
            return value.kind == "name" and value.value == param.type.words[0]
        if param.type.form == "amount":
            return value.kind in ("int", "name")
        return value.kind == param.type.shape

    def check_value(self, value: ast.Value, param: Param, what: str) -> Any:
        """Validate a value whose shape fits; report problems; return the Python value."""
        v = value.value
        form = param.type.form
        if form == "amount":  # a count, or the name of a declaration that gives one
            plain = ref(param.type.name, *param.type.refs) if isinstance(v, str) else COUNT
            return self.check_value(value, replace(param, type=plain), what)
        if form in ("int", "count"):
            lo, hi = param.low, param.high
            if lo is not None and v < lo or hi is not None and v > hi:
                if hi is None:
                    bounds = Msg(N_("at least {lo}"), {"lo": lo})
                else:
                    bounds = Msg(N_("between {lo} and {hi}"), {"lo": lo, "hi": hi})
                self.report(
                    "E110",
                    N_("{what}: {value} is out of range"),
                    value.span,
                    N_("'{name}' must be {bounds}"),
                    what=what,
                    value=v,
                    name=param.name,
                    bounds=bounds,
                )
            return v
        if form == "number":
            kind_key, key = param.type.refs[0], param.type.field or "number"
            known = self.symbols.numbers(kind_key, key)
            if v not in known:
                listed: Msg | Names = (
                    Names(tuple(str(n) for n in sorted(known)), quoted=False)
                    if known
                    else Msg(N_("none"))
                )
                self.report(
                    param.type.unknown_code,
                    N_("{what}: there is no {type} {value}"),
                    value.span,
                    N_("declared {type}s: {listed}"),
                    what=what,
                    type=param.type.title,
                    value=v,
                    listed=listed,
                )
            else:
                self._use(f"{kind_key}_{key}", str(v))
            return v
        if form == "range":
            lo, hi = v
            if lo > hi:
                self.report(
                    "E110",
                    N_("{what}: range {lo}..{hi} is empty"),
                    value.span,
                    what=what,
                    lo=lo,
                    hi=hi,
                )
            elif param.lo is not None and lo < param.lo or param.hi is not None and hi > param.hi:
                self.report(
                    "E110",
                    N_("{what}: range {lo}..{hi} is out of range"),
                    value.span,
                    N_("'{name}' must lie within {low}..{high}"),
                    what=what,
                    lo=lo,
                    hi=hi,
                    name=param.name,
                    low=param.lo,
                    high=param.hi,
                )
            return v
        names = self.names_of(param.type)
        if names is None:
            return v
        if v not in names:
            hint = suggestion(v, names) or (
                Msg(
                    N_("expected one of: {names}"),
                    {"names": Names(tuple(sorted(names)), quoted=False)},
                )
                if names
                else None
            )
            self.report(
                param.type.unknown_code,
                N_("{what}: unknown {type} '{value}'"),
                value.span,
                hint,
                what=what,
                type=param.type.title,
                value=v,
            )
        elif form == "ref":
            named = names[v]
            if named == "event" or (named is None and param.type.events):
                self.used_events.add(v)
            elif named is not None:
                self._use(named, v)
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
            expected: str | Msg = " ".join(f"<{p.name}>" for p in params) or Msg(N_("no values"))
            hint = Msg(N_("expected: {expected}"), {"expected": expected})
            flags = [p.type.words[0] for p in params if p.type.form == "flag"]
            if extra.kind == "name" and flags:
                hint = suggestion(extra.value, flags) or hint
            self.report(
                "E107",
                N_("{what}: too many values ('{extra}' is extra)"),
                extra.span,
                hint,
                what=what,
                extra=_show(extra),
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
                N_("{what}: '{got}' is not a valid {name} (expected {expected})"),
                got.span,
                self._type_hint(got, param),
                what=what,
                got=_show(got),
                name=param.name,
                expected=param.type.describe(),
            )
        else:
            self.report(
                "E107",
                N_("{what}: missing <{name}> ({expected})"),
                span,
                N_("add a value ({expected})"),
                what=what,
                name=param.name,
                expected=param.type.describe(),
            )

    def _type_hint(self, got: ast.Value, param: Param) -> Msg | None:
        allowed = self.names_of(param.type)
        if allowed and got.kind == "name":
            return suggestion(got.value, allowed)
        return None

    # ---- effects ----------------------------------------------------------
    def check_effect(self, effect: ast.Effect, where: str) -> None:
        EffectChecker(self, where).visit(effect)

    def check_call(
        self, call: ast.Call, as_counter: bool, where: str, as_condition: str | None = None
    ) -> None:
        """A call's primitive and arguments, and its modifiers; `as_condition` is the word
        (`if`, `unless`) a condition follows."""
        primitives = self.vocabulary.primitives
        prim = primitives.get(call.name)
        if prim is None:
            if as_condition:
                names, message = self.vocabulary.conditions(), N_("unknown condition '{name}'")
            elif as_counter:
                names, message = self.vocabulary.counters(), N_("unknown counter '{name}'")
            else:
                names = [p for p, spec in primitives.items() if not spec.counter]
                message = N_("unknown primitive '{name}'")
            self.report(
                "E103", message, _name_span(call), suggestion(call.name, names), name=call.name
            )
            return
        if as_condition and not prim.condition:
            self.report(
                "E108",
                N_("'{name}' is not a condition: only a condition may follow '{word}'"),
                _name_span(call),
                suggestion(call.name, self.vocabulary.conditions()),
                name=call.name,
                word=as_condition,
            )
        if prim.counter and not as_counter and not as_condition:
            self.report(
                "E108",
                N_("'{name}' counts things and cannot be an effect on its own"),
                _name_span(call),
                N_("use it after 'per', e.g. 'gain 1 vp per {name} ...'"),
                name=call.name,
            )
        if as_counter and not prim.counter:
            self.report(
                "E108",
                N_("'{name}' is an effect, not something to count"),
                _name_span(call),
                suggestion(call.name, self.vocabulary.counters()),
                name=call.name,
            )
        args = self.match_params(call.args, prim.params, f"'{call.name}'", call.span)
        for param in prim.params:
            value, limit = args.get(param.name), args.get(param.at_most or "")
            if isinstance(value, int) and isinstance(limit, int) and value > limit:
                self.report(
                    "E110",
                    N_("'{name}': <{param}> {value} is more than <{other}> {limit}"),
                    call.span,
                    name=call.name,
                    param=param.name,
                    value=value,
                    other=param.at_most,
                    limit=limit,
                )
        if call.cap is not None and call.per is None:
            self.report(
                "E115",
                N_("'{name} ... max {cap}' has no 'per': there is nothing to cap"),
                call.cap.span,
                N_("write 'per COUNTER max {cap}', or leave 'max' out"),
                name=call.name,
                cap=call.cap.value,
            )
        elif call.cap is not None and not 0 <= call.cap.value <= MAX_NUMBER:
            self.report(
                "E110", N_("'max' must be between 0 and {limit}"), call.cap.span, limit=MAX_NUMBER
            )
        if call.per is not None and not as_counter and not prim.counter and not prim.amount:
            self.report(
                "E115",
                N_("'{name}' has no amount: 'per' has nothing to multiply"),
                call.per.span,
                N_("use 'per' after a primitive whose first value is an amount, e.g. 'gain 1 vp'"),
                name=call.name,
            )
        if call.per is not None:
            self.check_call(call.per, True, where)
        for condition in call.conditions:
            self.check_call(condition, False, where, as_condition="if")
        for condition in call.unless:
            self.check_call(condition, False, where, as_condition="unless")
        if call.times is not None:
            self._check_times(call, call.times)

    def _check_times(self, call: ast.Call, times: ast.Value) -> None:
        """`times N`: a count or a value by the player count, never beside `per` (two
        ways of repeating the same call)."""
        self.match_params((times,), (TIMES,), f"'{call.name} ... times'", times.span)
        if call.per is not None:
            self.report(
                "E115",
                N_("'{name}' has both 'per' and 'times': say how often it is done only once"),
                times.span,
                N_("keep 'per COUNTER' or 'times N', not both"),
                name=call.name,
            )

    # ---- declarations -----------------------------------------------------
    def check_item(
        self, item: ast.Item, kind_key: str, ident: str | None, parent_origin: Origin | None
    ) -> Decl:
        spec = self.vocabulary.kinds[kind_key]
        origin = self._origin(item, parent_origin)
        decl = Decl(kind_key, ident, item, spec, origin=origin)
        if item.effect is not None:
            self.report(
                "E112",
                N_("'{kind}' takes a {{ block }}, not ': effect'"),
                item.effect.span,
                kind=kind_key,
            )
        children = item.children
        if children is None:
            if any(f.required for f in spec.fields.values()):
                self.report(
                    "E112",
                    N_("'{kind}' needs a {{ block }} with its keywords"),
                    item.key_span,
                    kind=kind_key,
                )
            children = ()
        for child in children:
            fspec = spec.fields.get(child.key)
            if fspec is None:
                self._unknown_keyword(child, kind_key, spec)
                continue
            use = self.check_field(child, fspec, kind_key, origin)
            uses = decl.fields.setdefault(child.key, [])
            if uses and not fspec.repeat:
                self.report(
                    "E109",
                    N_("'{key}' is given twice in this {kind}"),
                    child.key_span,
                    N_("first given at line {line}"),
                    key=child.key,
                    kind=kind_key,
                    line=uses[0].item.span.line,
                )
            uses.append(use)
        for fspec in spec.fields.values():
            if fspec.required and fspec.key not in decl.fields:
                self.report(
                    "E111",
                    N_("{what}: missing '{key}'"),
                    item.key_span,
                    ADD_A_LINE,
                    what=(kind_key + " " + (ident or "")).strip(),
                    key=fspec.key,
                    help=Msg(fspec.help, context="help"),
                )
        return decl

    def _unknown_keyword(self, child: ast.Item, kind_key: str, spec) -> None:
        hint = suggestion(child.key, spec.fields) or Msg(
            N_("keywords of {kind}: {names}"),
            {"kind": kind_key, "names": Names(tuple(spec.fields), quoted=False)},
        )
        self.report(
            "E102",
            N_("unknown keyword '{key}' in {kind}"),
            child.key_span,
            hint,
            key=child.key,
            kind=kind_key,
        )

    def check_field(
        self, item: ast.Item, fspec: Field, kind_key: str, origin: Origin | None
    ) -> FieldUse:
        what = f"{kind_key}.{item.key}"
        args = self.match_params(item.values, fspec.params, what, item.key_span)
        use = FieldUse(item.key, args, item.effect, item, origin=self._origin(item, origin))
        if fspec.effect and item.effect is None:
            self.report(
                "E112",
                N_("'{key}' needs ': effect'"),
                item.key_span,
                N_("e.g. {key}: gain 1 vp"),
                key=item.key,
            )
        elif not fspec.effect and item.effect is not None:
            self.report("E112", N_("'{key}' takes no effect"), item.effect.span, key=item.key)
        elif item.effect is not None:
            self.check_effect(item.effect, what)
        if fspec.block is None and item.children is not None:
            self.report("E112", N_("'{key}' takes no {{ block }}"), item.key_span, key=item.key)
        elif fspec.block is not None:
            if item.children is None:
                self.report("E112", N_("'{key}' needs a {{ block }}"), item.key_span, key=item.key)
            else:
                use.children.append(self.check_item(item, fspec.block, None, use.origin))
        return use

    def _origin(self, item: ast.Item, parent: Origin | None) -> Origin | None:
        """Where an item's values come from: its own annotation, else printed where it
        cites the rulebooks (a mod may say so), else what its parent's come from."""
        own = self._annotations(item)
        if own is not None:
            return own
        if any(ann.name == RULEBOOK for ann in item.annotations):
            return None
        return parent

    def _annotations(self, item: ast.Item) -> Origin | None:
        """An @inferred or @reconstructed annotation (with its reason), if the item has one."""
        origin = None
        for ann in item.annotations:
            if ann.name not in ANNOTATIONS:
                self.report(
                    "W403",
                    N_("unknown annotation '@{name}'"),
                    ann.span,
                    suggestion(ann.name, ANNOTATIONS)
                    or Msg(
                        N_("known: {names}"),
                        {"names": Names(tuple(f"@{a}" for a in ANNOTATIONS), quoted=False)},
                    ),
                    name=ann.name,
                )
            elif ann.name in (INFERRED, RECONSTRUCTED):
                if not ann.text:
                    self.report(
                        "E107",
                        N_("'@{name}' needs a reason"),
                        ann.span,
                        N_('@{name} "one line on why this value was chosen"')
                        if ann.name == RECONSTRUCTED
                        else N_('@{name} "one line on why this value was read this way"'),
                        name=ann.name,
                    )
                origin = Origin(ann.name, ann.text or "")
        return origin

    def check_top(self, item: ast.Item, seen: dict[str, ast.Item]) -> Decl | None:
        spec = self.vocabulary.kinds.get(item.key)
        if spec is None or spec.nested_only:
            tops = self.vocabulary.top_kinds()
            self.report(
                "E101",
                N_("unknown declaration '{key}'"),
                item.key_span,
                suggestion(item.key, tops)
                or Msg(N_("declarations: {names}"), {"names": Names(tuple(tops), quoted=False)}),
                key=item.key,
            )
            return None
        ident = None
        values = item.values
        if spec.has_id:
            if not values or values[0].kind != "name":
                self.report(
                    "E107",
                    N_("'{key}' needs an id"),
                    item.key_span,
                    N_("e.g. {key} my_{key} {{ ... }}"),
                    key=item.key,
                )
            else:
                ident = values[0].value
                if ident in seen:
                    first = seen[ident]
                    self.report(
                        "E109",
                        N_("duplicate id '{ident}'"),
                        values[0].span,
                        N_("already declared at {where}"),
                        ident=ident,
                        where=first.span,
                    )
                else:
                    seen[ident] = item
            values = values[1:]
        if values:
            self.report(
                "E107",
                N_("'{key}' takes only an id") if spec.has_id else N_("'{key}' takes no values"),
                values[0].span,
                key=item.key,
            )
        if spec.singleton:
            key = f"<{item.key}>"
            if key in seen:
                self.report(
                    "E109",
                    N_("'{key}' is declared twice"),
                    item.key_span,
                    N_("already declared at {where}"),
                    key=item.key,
                    where=seen[key].span,
                )
            else:
                seen[key] = item
        in_mod = item.span.file in self.mod_files
        return self.check_item(item, item.key, ident, Origin(MOD, "") if in_mod else None)


class EffectChecker(NodeVisitor):
    """Checks every call of an effect, and `otherwise` parts that can never run."""

    def __init__(self, checker: Checker, where: str):
        self.checker = checker
        self.where = where

    def visit_Call(self, node: ast.Call) -> None:
        self.checker.check_call(node, False, self.where)

    def visit_Otherwise(self, node: ast.Otherwise) -> None:
        if not can_fail(node.first, self.checker.vocabulary):
            self.checker.report(
                "W401",
                N_("the 'otherwise' part can never run: what comes before it always succeeds"),
                node.fallback.span,
                N_("remove the 'otherwise' part"),
            )
        self.generic_visit(node)


class CanFail(NodeVisitor):
    """Whether an effect may be impossible to carry out (so `otherwise` makes sense).

    A sequence or trade fails if any part can; a choice only if every option can;
    an optional step never fails; `a otherwise b` fails only if b can.
    """

    def __init__(self, vocabulary: Vocabulary):
        self.primitives = vocabulary.primitives

    def visit_Call(self, node: ast.Call) -> bool:
        prim = self.primitives.get(node.name)
        return prim is None or (prim.can_fail and not prim.counter)

    def visit_Seq(self, node: ast.Seq) -> bool:
        return any(self.visit(s) for s in node.steps)

    def visit_Trade(self, node: ast.Trade) -> bool:
        return self.visit(node.cost) or self.visit(node.benefit)

    def visit_Choice(self, node: ast.Choice) -> bool:
        return all(self.visit(o) for o in node.options)

    def visit_Optional(self, node: ast.Optional) -> bool:
        return False

    def visit_Otherwise(self, node: ast.Otherwise) -> bool:
        return self.visit(node.fallback)


def can_fail(effect: ast.Effect, vocabulary: Vocabulary) -> bool:
    return bool(CanFail(vocabulary).visit(effect))


def _name_span(call: ast.Call) -> ast.Span:
    s = call.span
    return ast.Span(s.file, s.line, s.column, s.line, s.column + len(call.name))


def _show(value: ast.Value) -> str:
    if value.kind == "range":
        return f"{value.value[0]}..{value.value[1]}"
    return str(value.value)


def check_files(
    files: list[ast.SourceFile], vocabulary: Vocabulary, mod_files: Collection[str] = ()
) -> tuple[list[Decl], Checker]:
    """Check every top-level item of every file (`mod_files`: those that are not shipped);
    returns the declarations and the checker."""
    checker = Checker(gather_symbols(files, vocabulary), vocabulary, mod_files)
    seen: dict[str, ast.Item] = {}
    decls = []
    for source in files:
        for item in source.items:
            decl = checker.check_top(item, seen)
            if decl is not None:
                decls.append(decl)
    return decls, checker
