"""The language server behind `ba lsp` (pygls): ba-lint's diagnostics, hover, completion
and go to definition for the `.ba` files of a workspace.

The workspace is a complete rule set when one of its files declares `game`, else a mod
layered on the shipped content, or with `ba lsp --game NAME` on that game's rules (as
`ba-lint --base` lints it); the initialization option
`base` (true or false) overrides that guess, `language` chooses the texts' language.
Every check recompiles the whole rule set, with the editor's unsaved buffers in place of
the files on disk: the same checker as ba-lint, so the same diagnostics.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from ..dsl.ast import Span
from ..dsl.compiler import CompileResult, compile_paths
from ..dsl.diagnostics import ERROR
from ..dsl.extract import HELP
from ..dsl.i18n import SOURCE_LANGUAGE, Translator, mod_locale_dirs, translator
from ..dsl.loader import CONTENT_DIR, UsageError, display_name, find_files, load
from ..dsl.text import TextRenderer

WORD = re.compile(r"[A-Za-z0-9_\-]+")


@dataclass
class Workspace:
    """The rules being edited: where they are, how they are compiled, the last result."""

    paths: list[str] = field(default_factory=list)  # empty: the game's own rules
    base: bool | None = None  # None: guessed from a `game` declaration
    game_rules: list[str] = field(default_factory=list)  # `ba lsp --game`; none: shipped
    language: str = SOURCE_LANGUAGE
    result: CompileResult | None = None
    files: dict[str, Path] = field(default_factory=dict)  # display name -> file
    published: set[str] = field(default_factory=set)  # uris with diagnostics shown

    def compile(self, texts: dict[Path, bytes]) -> CompileResult:
        """Compile the folder: a complete rule set, or a mod layered on the game's rules
        (the shipped content, or those of `ba lsp --game NAME`); with no `.ba` files in it,
        the game's rules themselves."""
        paths, base = list(self.paths), self.base
        if not paths:
            paths, base = list(self.game_rules), False
        if base is None:
            base = not _declares_game(paths, texts)
        roots: list[str | Path] = list(self.game_rules) if self.game_rules else [CONTENT_DIR]
        found = find_files([*roots, *paths])
        self.files = {display_name(path): path for path in found}
        self.result = compile_paths(
            list(paths), on_base=base, texts=texts, base_paths=list(self.game_rules) or None
        )
        return self.result

    def translator(self) -> Translator:
        return translator(self.language, mod_locale_dirs(self.paths))


def _declares_game(paths: list[str], texts: dict[Path, bytes]) -> bool:
    loaded = load(list(paths), texts=texts)
    return any(item.key == "game" for source in loaded.files for item in source.items)


server = LanguageServer("ba-lsp", "1")
workspace = Workspace()


@server.feature(lsp.INITIALIZED)
def initialized(ls: LanguageServer, params: lsp.InitializedParams) -> None:
    root = ls.workspace.root_path
    if root and Path(root).resolve() != CONTENT_DIR and find_files_quietly(root):
        workspace.paths = [root]
    _check(ls)


def find_files_quietly(root: str) -> bool:
    try:
        return bool(find_files([root]))
    except UsageError:
        return False


@server.feature(lsp.INITIALIZE)
def initialize(ls: LanguageServer, params: lsp.InitializeParams) -> None:
    options = params.initialization_options or {}
    if isinstance(options, dict):
        if isinstance(options.get("base"), bool):
            workspace.base = options["base"]
        if isinstance(options.get("language"), str):
            workspace.language = options["language"]


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
@server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
def changed(ls: LanguageServer, params) -> None:
    _check(ls)


def _check(ls: LanguageServer) -> None:
    texts = {
        Path(to_fs_path(doc.uri) or "").resolve(): doc.source.encode("utf-8")
        for doc in ls.workspace.text_documents.values()
        if doc.uri.endswith(".ba")
    }
    try:
        result = workspace.compile(texts)
    except UsageError as exc:
        ls.window_show_message(lsp.ShowMessageParams(lsp.MessageType.Error, str(exc)))
        return
    tr = workspace.translator()
    by_uri: dict[str, list[lsp.Diagnostic]] = {}
    for diag in result.diagnostics:
        if diag.span is None or diag.span.file not in workspace.files:
            continue  # a problem of the whole rule set: ba-lint shows it, an editor cannot
        uri = from_fs_path(str(workspace.files[diag.span.file])) or ""
        hint = diag.hint_text(tr)
        by_uri.setdefault(uri, []).append(
            lsp.Diagnostic(
                range=_range(diag.span),
                message=diag.text(tr) + (f"\n{hint}" if hint else ""),
                severity=(
                    lsp.DiagnosticSeverity.Error
                    if diag.severity == ERROR
                    else lsp.DiagnosticSeverity.Warning
                ),
                code=diag.code,
                source="ba-lint",
            )
        )
    for uri in workspace.published - set(by_uri):
        by_uri[uri] = []  # fixed since the last check: clear
    for uri, diags in by_uri.items():
        ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri, diags))
    workspace.published = {uri for uri, diags in by_uri.items() if diags}


def _range(span: Span) -> lsp.Range:
    """The span (lines and columns from 1, end excluded) as LSP counts (from 0)."""
    start = lsp.Position(span.line - 1, max(span.column - 1, 0))
    end = lsp.Position(span.end_line - 1, max(span.end_column - 1, start.character))
    return lsp.Range(start, end)


def _word_at(
    ls: LanguageServer, where: lsp.TextDocumentIdentifier, position: lsp.Position
) -> str | None:
    document = ls.workspace.get_text_document(where.uri)
    lines = document.lines
    if position.line >= len(lines):
        return None
    line = lines[position.line]
    for match in WORD.finditer(line):
        if match.start() <= position.character <= match.end():
            return match.group()
    return None


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
def hover(ls: LanguageServer, params: lsp.HoverParams) -> lsp.Hover | None:
    word = _word_at(ls, params.text_document, params.position)
    result = workspace.result
    if word is None or result is None or result.ruleset is None:
        return None
    ruleset = result.ruleset
    tr = workspace.translator()
    decl = ruleset.by_id.get(word)
    if decl is not None:
        text = TextRenderer(ruleset.decls, ruleset.vocabulary, workspace.language, ruleset.locales)
        lines = [f"**{decl.id}** [{text.kind(decl.kind)}] {text.fact_line(decl)}".rstrip(), ""]
        lines += [f"    {line}" for line in text.card_lines(decl)]
        lines += ["", f"{decl.item.span}"]
        if decl.origin is not None:
            lines.append(f"{tr.pgettext('provenance', decl.origin.kind)}: {decl.origin.reason}")
        return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, "\n".join(lines)))
    help_text = _help(ruleset.vocabulary, word)
    if help_text is None:
        return None
    return lsp.Hover(
        lsp.MarkupContent(lsp.MarkupKind.Markdown, f"**{word}**: {tr.pgettext(HELP, help_text)}")
    )


def _help(vocabulary, word: str) -> str | None:
    """The help of a declaration kind, keyword, primitive or event called `word`."""
    if word in vocabulary.kinds:
        return vocabulary.kinds[word].help
    if word in vocabulary.primitives:
        return vocabulary.primitives[word].help
    if word in vocabulary.events:
        return vocabulary.events[word].help
    for spec in vocabulary.kinds.values():
        if word in spec.fields:
            return spec.fields[word].help
    return None


@server.feature(lsp.TEXT_DOCUMENT_COMPLETION)
def completion(ls: LanguageServer, params: lsp.CompletionParams) -> lsp.CompletionList:
    result = workspace.result
    items: dict[str, lsp.CompletionItem] = {}
    if result is not None and result.ruleset is not None:
        vocabulary = result.ruleset.vocabulary
        tr = workspace.translator()
        for key, spec in vocabulary.kinds.items():
            items[key] = _item(key, lsp.CompletionItemKind.Class, tr.pgettext(HELP, spec.help))
            for fkey, fspec in spec.fields.items():
                help_text = tr.pgettext(HELP, fspec.help)
                items.setdefault(fkey, _item(fkey, lsp.CompletionItemKind.Keyword, help_text))
        for name, prim in vocabulary.primitives.items():
            items[name] = _item(name, lsp.CompletionItemKind.Function, tr.pgettext(HELP, prim.help))
        for name, event in vocabulary.events.items():
            items[name] = _item(name, lsp.CompletionItemKind.Event, tr.pgettext(HELP, event.help))
        for decl in result.ruleset.decls:
            if decl.id is not None:
                items.setdefault(decl.id, _item(decl.id, lsp.CompletionItemKind.Value, decl.kind))
    return lsp.CompletionList(is_incomplete=False, items=list(items.values()))


def _item(label: str, kind: lsp.CompletionItemKind, detail: str) -> lsp.CompletionItem:
    return lsp.CompletionItem(label=label, kind=kind, detail=detail)


@server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
def definition(ls: LanguageServer, params: lsp.DefinitionParams) -> lsp.Location | None:
    word = _word_at(ls, params.text_document, params.position)
    result = workspace.result
    if word is None or result is None or result.ruleset is None:
        return None
    decl = result.ruleset.by_id.get(word)
    if decl is None or decl.item.span.file not in workspace.files:
        return None
    span = decl.item.values[0].span if decl.item.values else decl.item.span
    uri = from_fs_path(str(workspace.files[span.file])) or ""
    return lsp.Location(uri, _range(span))
