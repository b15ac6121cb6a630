"""The language server behind `ba lsp` (pygls): ba-lint's diagnostics with quick fixes,
hover, completion, go to definition, references, rename, symbols and semantic tokens
for the `.ba` files of a workspace.

What the workspace is (a complete rule set, a mod on the shipped content, a project
file's rules), its language and how it is recompiled: cli/lsp_workspace.py. The
features answer from the last compiled result and its syntax trees.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from ..dsl.ast import Span
from ..dsl.compiler import RuleSet
from ..dsl.diagnostics import ERROR
from ..dsl.extract import HELP
from ..dsl.i18n import N_, Msg
from ..dsl.loader import UsageError
from ..dsl.meta import MODIFIERS
from ..dsl.text import TextRenderer
from .lsp_fixes import fix_data
from .lsp_format import formatted
from .lsp_navigate import id_span, occurrences, rename_refusal, symbol_kind
from .lsp_tokens import TOKEN_TYPES, semantic_tokens
from .lsp_workspace import Workspace

WORD = re.compile(r"[A-Za-z0-9_\-]+")
REQUEST_FAILED = -32803  # LSP's code for a valid request that could not be carried out
NOT_COMPILED = N_("the rules do not compile: fix their errors first")
NOT_OURS = N_("'{old}' is written in {file}, which is not the workspace's to change")
REPLACE = N_("Replace with '{name}'")  # a quick fix's title
ADD_LINE = N_("Add the line '{line}'")  # a quick fix's title


class QuietRefusals(logging.Filter):
    """A request refused on purpose (a rename to a taken name) is answered with its reason;
    pygls would also log it with a traceback, which the editor's server log need not show."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not (isinstance(error, JsonRpcException) and error.code == REQUEST_FAILED)


logging.getLogger("pygls.protocol.json_rpc").addFilter(QuietRefusals())
server = LanguageServer("ba-lsp", "1")
workspace = Workspace()
_options: dict = {}  # the initialization options and the editor's locale, until initialized


@server.feature(lsp.INITIALIZED)
def initialized(ls: LanguageServer, params: lsp.InitializedParams) -> None:
    try:
        workspace.open(ls.workspace.root_path)
    except UsageError as exc:
        ls.window_show_message(lsp.ShowMessageParams(lsp.MessageType.Error, str(exc)))
    workspace.choose_language(_options.get("language"), _options.get("locale"))
    _check(ls)


@server.feature(lsp.INITIALIZE)
def initialize(ls: LanguageServer, params: lsp.InitializeParams) -> None:
    options = params.initialization_options or {}
    if isinstance(options, dict):
        if isinstance(options.get("base"), bool):
            workspace.base = options["base"]
        _options["language"] = options.get("language")
    _options["locale"] = params.locale


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
                data=fix_data(diag, result.ruleset),
            )
        )
    for uri in workspace.published | set(ls.workspace.text_documents):
        by_uri.setdefault(uri, [])  # fixed since the last check, or open and clean
    for uri, diags in by_uri.items():
        opened = ls.workspace.text_documents.get(uri)
        version = opened.version if opened is not None else None  # the text checked
        ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri, diags, version))
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
    """The help of a declaration kind, keyword, primitive, event or modifier (`times`)
    called `word`."""
    if word in vocabulary.kinds:
        return vocabulary.kinds[word].help
    if word in vocabulary.primitives:
        return vocabulary.primitives[word].help
    if word in vocabulary.events:
        return vocabulary.events[word].help
    modifier = next((help_text for w, _, help_text in MODIFIERS if w == word), None)
    if modifier is not None:
        return modifier
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
        for word, _, help_text in MODIFIERS:
            items[word] = _item(word, lsp.CompletionItemKind.Keyword, tr.pgettext(HELP, help_text))
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


@server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
def references(ls: LanguageServer, params: lsp.ReferenceParams) -> list[lsp.Location]:
    word = _word_at(ls, params.text_document, params.position)
    if word is None:
        return []
    ruleset = _ruleset()
    decl = ruleset.by_id.get(word) if ruleset is not None else None
    spans = occurrences(workspace.trees, word)
    if decl is not None and not params.context.include_declaration:
        spans = [span for span in spans if span != id_span(decl.item)]
    return [_location(span) for span in spans if span.file in workspace.files]


@server.feature(lsp.TEXT_DOCUMENT_RENAME)
def rename(ls: LanguageServer, params: lsp.RenameParams) -> lsp.WorkspaceEdit:
    word = _word_at(ls, params.text_document, params.position) or ""
    ruleset = _ruleset()
    tr = workspace.translator()
    if ruleset is None:
        raise JsonRpcException(tr.gettext(NOT_COMPILED), REQUEST_FAILED)
    taken = set(ruleset.by_id)
    decl = ruleset.by_id.get(word)
    refusal = rename_refusal(
        word, params.new_name, decl, ruleset.vocabulary, taken, workspace.base_ids
    )
    spans = occurrences(workspace.trees, word)
    fixed = [span.file for span in spans if not workspace.editable(span.file)]
    if refusal is None and fixed:
        refusal = Msg(NOT_OURS, {"old": word, "file": fixed[0]})
    if refusal is not None:
        raise JsonRpcException(refusal.render(tr), REQUEST_FAILED)
    changes: dict[str, list[lsp.TextEdit]] = {}
    for span in spans:
        location = _location(span)
        changes.setdefault(location.uri, []).append(lsp.TextEdit(location.range, params.new_name))
    return lsp.WorkspaceEdit(changes=changes)


@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbols(
    ls: LanguageServer, params: lsp.DocumentSymbolParams
) -> list[lsp.DocumentSymbol]:
    name = _name_of(params.text_document.uri)
    ruleset = _ruleset()
    kinds = ruleset.vocabulary.kinds if ruleset else {}
    return [
        _symbol(item, kinds.get(item.key))
        for source in workspace.trees
        if source.path == name
        for item in source.items
    ]


def _symbol(item, spec) -> lsp.DocumentSymbol:
    children = [_symbol(child, None) for child in item.children or () if child.values]
    return lsp.DocumentSymbol(
        name=str(item.values[0].value) if item.values else item.key,
        detail=item.key,
        kind=getattr(lsp.SymbolKind, symbol_kind(spec)),
        range=_range(item.span),
        selection_range=_range(id_span(item)),
        children=children or None,
    )


@server.feature(lsp.WORKSPACE_SYMBOL)
def workspace_symbols(
    ls: LanguageServer, params: lsp.WorkspaceSymbolParams
) -> list[lsp.SymbolInformation]:
    ruleset = _ruleset()
    if ruleset is None:
        return []
    query = params.query.lower()
    return [
        lsp.SymbolInformation(
            name=decl.id,
            kind=getattr(lsp.SymbolKind, symbol_kind(decl.spec)),
            location=_location(id_span(decl.item)),
            container_name=decl.kind,
        )
        for decl in ruleset.decls
        if decl.id is not None
        and query in decl.id.lower()
        and decl.item.span.file in workspace.files
    ]


@server.feature(
    lsp.TEXT_DOCUMENT_CODE_ACTION,
    lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]),
)
def code_actions(ls: LanguageServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
    uri = params.text_document.uri
    tr = workspace.translator()
    actions = []
    for diag in params.context.diagnostics:
        data = diag.data if isinstance(diag.data, dict) else {}
        for name in data.get("replace", []):
            edit = lsp.TextEdit(diag.range, str(name))
            actions.append(_fix(tr.gettext(REPLACE).format(name=name), diag, uri, edit))
        if isinstance(data.get("add"), str):
            line = diag.range.start.line + 1
            indent = " " * (diag.range.start.character + 2)
            where = lsp.Range(lsp.Position(line, 0), lsp.Position(line, 0))
            edit = lsp.TextEdit(where, f"{indent}{data['add']}\n")
            title = tr.gettext(ADD_LINE).format(line=data["add"].strip())
            actions.append(_fix(title, diag, uri, edit))
    return actions


def _fix(title: str, diag: lsp.Diagnostic, uri: str, edit: lsp.TextEdit) -> lsp.CodeAction:
    return lsp.CodeAction(
        title=title,
        kind=lsp.CodeActionKind.QuickFix,
        diagnostics=[diag],
        edit=lsp.WorkspaceEdit(changes={uri: [edit]}),
    )


@server.feature(
    lsp.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
    lsp.SemanticTokensLegend(token_types=TOKEN_TYPES, token_modifiers=[]),
)
def tokens(ls: LanguageServer, params: lsp.SemanticTokensParams) -> lsp.SemanticTokens:
    document = ls.workspace.get_text_document(params.text_document.uri)
    return lsp.SemanticTokens(data=semantic_tokens(document.source))


@server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: LanguageServer, params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit]:
    """The whole document laid out (cli/lsp_format.py); nothing when it does not parse."""
    document = ls.workspace.get_text_document(params.text_document.uri)
    text = document.source
    result = formatted(text, _name_of(params.text_document.uri) or document.uri)
    if result is None or result == text:
        return []
    lines = document.lines
    end = (
        lsp.Position(len(lines), 0)
        if text.endswith("\n")
        else lsp.Position(len(lines) - 1, len(lines[-1]))
    )
    return [lsp.TextEdit(lsp.Range(lsp.Position(0, 0), end), result)]


def _ruleset() -> RuleSet | None:
    result = workspace.result
    return None if result is None else result.ruleset


def _name_of(uri: str) -> str | None:
    """The display name of the file at the uri, as the trees and spans name it."""
    path = Path(to_fs_path(uri) or "").resolve()
    for name, file in workspace.files.items():
        if file.resolve() == path:
            return name
    return None


def _location(span: Span) -> lsp.Location:
    return lsp.Location(from_fs_path(str(workspace.files[span.file])) or "", _range(span))
