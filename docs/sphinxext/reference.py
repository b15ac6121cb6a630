"""The rule set a reference is built for: compiled once per build and shared by every
directive, with its text rendered in the build's language.

The rules come from the configuration values `ba_rules` (paths of `.ba` files or
folders; none: the shipped content), `ba_base` (layer them on the shipped content, or on
`ba_base_rules`: a game's own rules), which `ba docs` sets. A rule set with errors stops
the build before any page is read.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

from ...dsl import ast
from ...dsl.checker import Decl
from ...dsl.compiler import RuleSet, compile_paths
from ...dsl.diagnostics import SourceLines, render_text
from ...dsl.i18n import N_, Key, mod_locale_dirs
from ...dsl.mod_catalogs import untranslated
from ...dsl.provenance import ValueOrigin, origins
from ...dsl.text import TextRenderer

NOT_TRANSLATED = N_("(a text of the mod, not yet translated: shown in English)")


class RulesError(ExtensionError):
    """The rule set the reference is built for does not compile."""


@dataclass
class Reference:
    """One compiled rule set and the language its pages are written in."""

    ruleset: RuleSet
    lines: SourceLines
    lang: str
    paths: list[str] = field(default_factory=list)

    @cached_property
    def text(self) -> TextRenderer:
        catalogs = mod_locale_dirs(self.paths)  # a mod's own catalogs, next to its rules
        return TextRenderer(self.ruleset.decls, self.ruleset.vocabulary, self.lang, catalogs)

    @cached_property
    def origins(self) -> dict[tuple[str, int], ValueOrigin]:
        """Where each value comes from, by (file, line) of its keyword."""
        found = {}
        for origin in origins(self.ruleset.decls, self.lines):
            path, line = origin.where.rsplit(":", 2)[:2]
            found[(path, int(line))] = origin
        return found

    @cached_property
    def untranslated(self) -> set[Key]:
        """The mod's messages shown in English on this language's pages."""
        return set(untranslated(self.paths, self.lang))

    def mark_untranslated(self, node: nodes.Element, context: str | None, msgid: str) -> None:
        """Say after a text that it is a mod's text shown in English, not translated."""
        if (context, msgid) in self.untranslated:
            note = self.say(NOT_TRANSLATED)
            node += nodes.Text(" ")
            node += nodes.emphasis(note, note, classes=["ba-untranslated"])

    def say(self, msgid: str) -> str:
        """A message of the extension (marked `N_`) in the page's language."""
        return self.text._(msgid)

    @cached_property
    def examples(self) -> dict[tuple[str, str], Example]:
        """The first place the rule set uses each kind, keyword and primitive:
        ("kind", kind), ("field", "kind.key") and ("primitive", name). A mod layered on
        the shipped rules gives none: the language's examples stay its own."""
        found: dict[tuple[str, str], Example] = {}
        mod = self.ruleset.mod_files
        decls = [d for d in self.ruleset.decls if d.item.span.file not in mod]
        for decl in all_decls(decls or self.ruleset.decls):
            found.setdefault(("kind", decl.kind), Example(self.source(decl)))
            for key, uses in decl.fields.items():
                for use in uses:
                    line = self.line_of(use.item.span)
                    found.setdefault(("field", f"{decl.kind}.{key}"), Example(line))
                    for name in primitives_in(use.effect):
                        assert use.effect is not None
                        found.setdefault(("primitive", name), Example(line, use.effect))
        return found

    def line_of(self, span: ast.Span) -> str:
        """The line as written, without its comment and annotations."""
        text = self.lines.line(span.file, span.line) or ""
        return text.split("#")[0].split(" @")[0].strip()

    def origin_of(self, span: ast.Span) -> ValueOrigin | None:
        return self.origins.get((span.file, span.line))

    def decls(self, kind: str) -> list[Decl]:
        return self.ruleset.of_kind(kind)

    def card_kinds(self) -> list[str]:
        return [k for k, spec in self.ruleset.vocabulary.kinds.items() if spec.card]

    def users_of(self, primitive: str) -> list[str]:
        """The ids of the declarations whose effects use a primitive (from the effect graph)."""
        graph = self.ruleset.effects
        users = []
        for effect, _, _ in graph.in_edges(f"prim.{primitive}"):
            decl = graph.nodes[effect].get("decl")
            if decl is not None and decl not in users:
                users.append(decl)
        return users

    def source(self, decl: Decl) -> str:
        """The declaration as written, from its first line to its closing brace."""
        span = decl.item.span
        lines = []
        for number in range(span.line, (span.end_line or span.line) + 1):
            text = self.lines.line(span.file, number)
            if text is not None:
                lines.append(text)
        return "\n".join(lines)


@dataclass(frozen=True)
class Example:
    """Rules text that shows something in use, and the effect in it (for its words)."""

    source: str
    effect: ast.Effect | None = None


def all_decls(decls: list[Decl]) -> Iterator[Decl]:
    """Every declaration, and the ones nested in their blocks (a strip's sides)."""
    for decl in decls:
        yield decl
        for uses in decl.fields.values():
            for use in uses:
                yield from all_decls(use.children)


def primitives_in(effect: ast.Effect | None) -> Iterator[str]:
    """The primitives an effect calls, counters included, each once, in order."""
    return iter(dict.fromkeys(call.name for call in ast.walk_calls(effect)))


def load_rules(app: Sphinx) -> None:
    """Compile the configured rule set (at `builder-inited`); errors stop the build."""
    paths: list[str | Path] = [str(p) for p in app.config.ba_rules]
    for path in paths:
        if not Path(path).exists():
            raise RulesError(f"ba_rules: no such file or folder: {path}")
    base_paths: list[str | Path] = [str(p) for p in app.config.ba_base_rules]
    result = compile_paths(
        paths or None, on_base=bool(app.config.ba_base), base_paths=base_paths or None
    )
    if result.ruleset is None or result.errors:
        shown = "\n".join(render_text(d, result.lines) for d in result.errors[:20])
        raise RulesError(f"the rule set has {len(result.errors)} errors:\n{shown}")
    domain = app.env.get_domain("ba")
    domain.reference = Reference(  # type: ignore[attr-defined]
        result.ruleset, result.lines, app.config.language or "en", [str(p) for p in paths]
    )


def reference(env: BuildEnvironment) -> Reference:
    """The build's rule set, kept on the `ba` domain (which is never pickled)."""
    return env.get_domain("ba").reference  # type: ignore[attr-defined]


class RulesDirective(SphinxDirective):
    """A directive that renders the rules. Its text comes in the page's language from
    the game's catalogs, so Sphinx must not offer it for the prose catalogs as well."""

    def render(self, ref: Reference) -> list[nodes.Node]:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        out = self.render(reference(self.env))
        for node in out:
            for element in node.findall(nodes.TextElement):
                element["translatable"] = False
        return out
