"""`ba lsp` end to end: a real LSP client (pygls) talks to the server over stdio, on a mod
folder layered on the shipped rules (it has no `game` declaration), on the shipped
content itself and on a mod named by a project file (ba.toml)."""

from __future__ import annotations

import asyncio
import sys

import pytest
from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

from blackangel.cli.main import ba
from blackangel.dsl.loader import CONTENT_DIR

BROKEN = """\
mission m001 {
  color orange
  reward 1 vp
  reveals orange
  activation: tak 3 ship
}
"""
FIXED = BROKEN.replace("tak 3", "take 3")
EMITTING = FIXED.replace("take 3 ship", "take 3 ship, emit beacon_lit")
EVENTS = """\
event beacon_lit {
  help "the beacon is lit"
}

trigger beacon_bonus {
  on beacon_lit
  effect: gain 1 vp
}
"""
WAIT = 60.0  # seconds before a missing answer fails the test (a hang, not a timing check)


class Session:
    """A client connected to one server process, with the diagnostics it has received."""

    def __init__(self, folder, options=None, locale=None):
        self.loop = asyncio.new_event_loop()
        self.client = LanguageClient("test", "1")
        self.diagnostics: dict[str, list[lsp.Diagnostic]] = {}
        self.messages: list[str] = []
        self.version = 0
        self.opened: set[str] = set()
        self.checked: dict[str, int | None] = {}  # the version of each uri's last diagnostics

        @self.client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: lsp.PublishDiagnosticsParams) -> None:
            self.diagnostics[params.uri] = list(params.diagnostics)
            self.checked[params.uri] = params.version

        @self.client.feature(lsp.WINDOW_SHOW_MESSAGE)
        def shown(params: lsp.ShowMessageParams) -> None:
            self.messages.append(params.message)

        code = "from blackangel.cli.main import main; main()"
        self.run(self.client.start_io(sys.executable, "-c", code, "lsp"))
        self.capabilities = self.run(
            self.client.initialize_async(
                lsp.InitializeParams(
                    capabilities=lsp.ClientCapabilities(),
                    root_uri=from_fs_path(str(folder)),
                    initialization_options={"language": "en"} if options is None else options,
                    locale=locale,
                )
            )
        ).capabilities
        self.client.initialized(lsp.InitializedParams())

    def run(self, awaitable):
        return self.loop.run_until_complete(asyncio.wait_for(awaitable, WAIT))

    def wait_until(self, condition) -> None:
        """Let the client receive messages until the condition holds (fails after WAIT)."""

        async def until():
            while not condition():
                await asyncio.sleep(0.02)

        self.run(until())

    def show(self, uri: str, text: str, errors: bool | None = None) -> list[lsp.Diagnostic]:
        """Make `text` the editor's text of the document, then wait for the diagnostics
        of that version (some when `errors`; by default, when the text is BROKEN)."""
        self.version += 1
        if uri not in self.opened:
            self.opened.add(uri)
            item = lsp.TextDocumentItem(uri=uri, language_id="ba", version=self.version, text=text)
            self.client.text_document_did_open(lsp.DidOpenTextDocumentParams(item))
        else:
            self.client.text_document_did_change(
                lsp.DidChangeTextDocumentParams(
                    lsp.VersionedTextDocumentIdentifier(uri=uri, version=self.version),
                    [lsp.TextDocumentContentChangeWholeDocument(text=text)],
                )
            )
        expected_errors = text == BROKEN if errors is None else errors
        self.wait_until(lambda: self.checked.get(uri) == self.version)
        assert bool(self.diagnostics[uri]) == expected_errors, self.diagnostics[uri]
        return self.diagnostics[uri]

    def close(self) -> str:
        """Stop the server; returns what it wrote on its standard error."""
        self.run(self.client.shutdown_async(None))
        self.client.exit(None)
        process = self.client._server  # pygls keeps the process it started here
        errors = self.run(process.stderr.read()) if process and process.stderr else b""
        self.run(self.client.stop())
        self.loop.close()
        return errors.decode("utf-8", "replace")

    def ask(self, method, params):
        """The server's answer to a request (`method`: a client method, like
        `text_document_hover_async`)."""
        return self.run(getattr(self.client, method)(params))


@pytest.fixture(scope="module")
def mod_folder(tmp_path_factory):
    """A mod of two files: a mission, and an event with a trigger that hears it."""
    folder = tmp_path_factory.mktemp("mod")
    (folder / "mod.ba").write_text(BROKEN, encoding="utf-8")
    (folder / "events.ba").write_text(EVENTS, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def mod(mod_folder):
    session = Session(mod_folder)
    yield session, from_fs_path(str(mod_folder / "mod.ba"))
    session.close()


@pytest.fixture(scope="module")
def shipped():
    """A session on the shipped content itself (the folder opened is content/)."""
    session = Session(CONTENT_DIR)
    yield session
    session.close()


def doc(uri: str) -> lsp.TextDocumentIdentifier:
    return lsp.TextDocumentIdentifier(uri)


def test_lsp_help_teaches_the_setup():
    from click.testing import CliRunner

    out = CliRunner().invoke(ba, ["lsp", "--help"])
    assert out.exit_code == 0
    assert "stdio" in out.output and '"base": true' in out.output


def test_diagnostics_on_open_then_cleared_when_fixed(mod):
    session, uri = mod
    [diag] = session.show(uri, BROKEN)
    assert diag.code == "E103"
    assert diag.severity == lsp.DiagnosticSeverity.Error
    assert diag.range == lsp.Range(lsp.Position(4, 14), lsp.Position(4, 17))  # 'tak'
    assert "did you mean 'take'?" in diag.message

    assert session.show(uri, FIXED) == []


def test_hover_on_a_mission_id_shows_its_text(mod):
    session, uri = mod
    session.show(uri, FIXED)
    hover = session.run(
        session.client.text_document_hover_async(
            lsp.HoverParams(lsp.TextDocumentIdentifier(uri), lsp.Position(0, 10))
        )
    )
    assert hover is not None
    assert "m001" in hover.contents.value
    assert "Take 3 ships from the general supply." in hover.contents.value  # the mod's text


def test_hover_on_a_primitive_shows_its_help(mod):
    session, uri = mod
    session.show(uri, FIXED)
    hover = session.run(
        session.client.text_document_hover_async(
            lsp.HoverParams(lsp.TextDocumentIdentifier(uri), lsp.Position(4, 15))
        )
    )
    assert hover is not None and hover.contents.value.startswith("**take**: ")


def test_definition_of_an_id_is_its_declaration(mod):
    session, uri = mod
    session.show(uri, FIXED)
    location = session.run(
        session.client.text_document_definition_async(
            lsp.DefinitionParams(lsp.TextDocumentIdentifier(uri), lsp.Position(0, 9))
        )
    )
    assert isinstance(location, lsp.Location)
    assert location.uri == uri
    assert location.range.start == lsp.Position(0, 8)


def test_completion_offers_primitives_and_ids(mod):
    session, uri = mod
    session.show(uri, FIXED)
    found = session.run(
        session.client.text_document_completion_async(
            lsp.CompletionParams(lsp.TextDocumentIdentifier(uri), lsp.Position(4, 14))
        )
    )
    labels = {item.label for item in found.items}
    assert {"take", "mission", "reward", "m001", "m002"} <= labels


def test_without_the_extra_it_says_how_to_install(monkeypatch):
    from click.testing import CliRunner

    monkeypatch.delitem(sys.modules, "blackangel.cli.lsp_server", raising=False)
    monkeypatch.setitem(sys.modules, "pygls.lsp.server", None)  # as if pygls were missing
    out = CliRunner().invoke(ba, ["lsp"])
    assert out.exit_code == 2
    assert "pip install 'black-angel-rules[lsp]'" in out.output


def where(location: lsp.Location) -> tuple[str, int, int]:
    """A location as (file name, line, character), counted from 0."""
    return (
        location.uri.rsplit("/", 1)[-1],
        location.range.start.line,
        location.range.start.character,
    )


def test_references_of_an_event_across_the_mods_files(mod, mod_folder):
    session, uri = mod
    session.show(uri, EMITTING)
    found = session.ask(
        "text_document_references_async",
        lsp.ReferenceParams(
            context=lsp.ReferenceContext(include_declaration=True),
            text_document=doc(uri),
            position=lsp.Position(4, 36),
        ),
    )
    assert sorted(map(where, found)) == [
        ("events.ba", 0, 6),  # event beacon_lit
        ("events.ba", 5, 5),  # on beacon_lit
        ("mod.ba", 4, 32),  # emit beacon_lit
    ]
    without = session.ask(
        "text_document_references_async",
        lsp.ReferenceParams(
            context=lsp.ReferenceContext(include_declaration=False),
            text_document=doc(uri),
            position=lsp.Position(4, 36),
        ),
    )
    assert ("events.ba", 0, 6) not in set(map(where, without)) and len(without) == 2


def test_references_of_a_phase_in_the_shipped_content(shipped):
    uri = from_fs_path(str(CONTENT_DIR / "turn.ba"))
    text = (CONTENT_DIR / "turn.ba").read_text(encoding="utf-8")
    session = shipped
    session.show(uri, text, errors=False)
    line = text.splitlines().index("phase sequence_a {")
    found = session.ask(
        "text_document_references_async",
        lsp.ReferenceParams(
            context=lsp.ReferenceContext(include_declaration=True),
            text_document=doc(uri),
            position=lsp.Position(line, 8),
        ),
    )
    places = set(map(where, found))
    assert places == {
        ("turn.ba", line, 6),  # the declaration
        ("turn.ba", 7, 19),  # phase turn: step choose: run sequence_a or ...
        ("turn.ba", 11, 19),  # phase final_turn: the same
    }


def rename(session, uri, position, new_name):
    return session.ask(
        "text_document_rename_async",
        lsp.RenameParams(text_document=doc(uri), position=position, new_name=new_name),
    )


def test_rename_an_event_edits_every_file_of_the_mod(mod, mod_folder):
    session, uri = mod
    session.show(uri, EMITTING)
    edit = rename(session, uri, lsp.Position(4, 36), "beacon_on")
    events = from_fs_path(str(mod_folder / "events.ba"))
    assert set(edit.changes) == {uri, events}
    assert {e.new_text for edits in edit.changes.values() for e in edits} == {"beacon_on"}
    assert [e.range.start for e in edit.changes[uri]] == [lsp.Position(4, 32)]
    assert sorted(e.range.start.line for e in edit.changes[events]) == [0, 5]
    # applied, the mod checks clean under the new name
    renamed = EMITTING.replace("beacon_lit", "beacon_on")
    assert session.show(uri, renamed, errors=True)  # events.ba still says beacon_lit
    session.show(events, EVENTS.replace("beacon_lit", "beacon_on"), errors=False)
    assert session.show(uri, renamed, errors=False) == []
    # back as on disk: until both files say beacon_lit again, nothing raises it
    session.show(events, EVENTS, errors=True)
    assert session.show(uri, EMITTING, errors=False) == []


@pytest.mark.parametrize(
    ("position", "new_name", "why"),
    [
        (lsp.Position(4, 36), "m002", "already the id of another declaration"),
        (lsp.Position(4, 36), "2beacons", "is not a name"),
        (lsp.Position(4, 36), "take", "a word of the language"),
        (lsp.Position(4, 15), "grab", "not the id of a declaration"),
        (lsp.Position(0, 10), "m999", "replaces a declaration of the shipped rules"),
    ],
)
def test_rename_is_refused_with_a_reason(mod, position, new_name, why):
    session, uri = mod
    session.show(uri, EMITTING)
    with pytest.raises(Exception, match=why):
        rename(session, uri, position, new_name)


def test_document_symbols_outline_each_declaration_with_its_kind(mod, mod_folder):
    session, uri = mod
    session.show(uri, EMITTING)
    events = from_fs_path(str(mod_folder / "events.ba"))
    session.show(events, EVENTS, errors=False)
    symbols = session.ask(
        "text_document_document_symbol_async", lsp.DocumentSymbolParams(doc(events))
    )
    assert [(s.name, s.detail, s.kind) for s in symbols] == [
        ("beacon_lit", "event", lsp.SymbolKind.Event),
        ("beacon_bonus", "trigger", lsp.SymbolKind.Object),
    ]
    assert symbols[1].range.start.line == 4 and symbols[1].selection_range.start.character == 8
    [mission] = session.ask(
        "text_document_document_symbol_async", lsp.DocumentSymbolParams(doc(uri))
    )
    assert (mission.name, mission.detail) == ("m001", "mission")


def test_document_symbols_of_a_shipped_file_nest_the_steps(shipped):
    uri = from_fs_path(str(CONTENT_DIR / "turn.ba"))
    shipped.show(uri, (CONTENT_DIR / "turn.ba").read_text(encoding="utf-8"), errors=False)
    symbols = shipped.ask("text_document_document_symbol_async", lsp.DocumentSymbolParams(doc(uri)))
    turn = symbols[0]
    assert (turn.name, turn.detail) == ("turn", "phase")
    assert [child.name for child in turn.children] == ["choose"]


def test_workspace_symbols_find_the_mods_and_the_shipped_ids(mod):
    session, uri = mod
    session.show(uri, EMITTING)
    found = session.ask("workspace_symbol_async", lsp.WorkspaceSymbolParams(query="beacon"))
    assert sorted((s.name, s.container_name) for s in found) == [
        ("beacon_bonus", "trigger"),
        ("beacon_lit", "event"),
    ]
    found = session.ask("workspace_symbol_async", lsp.WorkspaceSymbolParams(query="m00"))
    by_name = {s.name: s.location.uri for s in found}
    assert by_name["m001"] == uri  # the mod's mission replaces the shipped one
    assert by_name["m002"].endswith("/content/missions.ba")


def actions(session, uri, diagnostics):
    return session.ask(
        "text_document_code_action_async",
        lsp.CodeActionParams(
            text_document=doc(uri),
            range=diagnostics[0].range,
            context=lsp.CodeActionContext(diagnostics=diagnostics),
        ),
    )


def test_quick_fix_replaces_a_misspelt_primitive(mod):
    session, uri = mod
    diagnostics = session.show(uri, BROKEN)
    [fix] = actions(session, uri, diagnostics)
    assert fix.kind == lsp.CodeActionKind.QuickFix and fix.title == "Replace with 'take'"
    [edit] = fix.edit.changes[uri]
    assert (edit.range, edit.new_text) == (diagnostics[0].range, "take")


def test_quick_fix_adds_a_missing_field(mod):
    session, uri = mod
    text = FIXED.replace("  color orange\n", "")
    [missing] = session.show(uri, text, errors=True)
    assert missing.code == "E111"
    [fix] = actions(session, uri, [missing])
    [edit] = fix.edit.changes[uri]
    assert edit.range.start == lsp.Position(1, 0) and edit.new_text.startswith("  color ")
    fixed = "\n".join([*text.splitlines()[:1], edit.new_text.rstrip("\n"), *text.splitlines()[1:]])
    assert session.show(uri, fixed + "\n", errors=False) == []


def test_semantic_tokens_are_the_lexers_categories(mod):
    session, uri = mod
    session.show(uri, FIXED)
    legend = session.capabilities.semantic_tokens_provider.legend.token_types
    data = session.ask(
        "text_document_semantic_tokens_full_async", lsp.SemanticTokensParams(doc(uri))
    ).data
    tokens, line, start = [], 0, 0
    for i in range(0, len(data), 5):
        delta_line, delta_start, length, kind, _ = data[i : i + 5]
        line, start = line + delta_line, (start + delta_start if delta_line == 0 else delta_start)
        tokens.append((FIXED.splitlines()[line][start : start + length], legend[kind]))
    assert tokens[:2] == [("mission", "keyword"), ("m001", "variable")]
    assert ("take", "function") in tokens and ("3", "number") in tokens
    assert ("activation", "keyword") in tokens


@pytest.mark.parametrize(
    ("options", "locale", "expected"),
    [
        ({"language": "pl"}, None, "Weź 3 statki z puli zasobów"),
        ({"language": "de"}, None, "Nimm 3 Schiffe aus dem Vorrat"),
        ({}, "de-DE", "Nimm 3 Schiffe aus dem Vorrat"),  # no option: the editor's locale
    ],
)
def test_hover_in_the_chosen_language(mod_folder, options, locale, expected):
    session = Session(mod_folder, options, locale)
    try:
        uri = from_fs_path(str(mod_folder / "mod.ba"))
        session.show(uri, FIXED)
        hover = session.ask(
            "text_document_hover_async", lsp.HoverParams(doc(uri), lsp.Position(0, 10))
        )
        assert expected in hover.contents.value
        prim = session.ask(
            "text_document_hover_async", lsp.HoverParams(doc(uri), lsp.Position(4, 15))
        )
        assert (
            prim.contents.value.startswith("**take**: ")
            and "general supply" not in prim.contents.value
        )
    finally:
        session.close()


def test_quick_fixes_and_a_refused_rename_speak_the_chosen_language(mod_folder):
    session = Session(mod_folder, {"language": "pl"})
    try:
        uri = from_fs_path(str(mod_folder / "mod.ba"))
        diagnostics = session.show(uri, BROKEN)
        assert [fix.title for fix in actions(session, uri, diagnostics)] == ["Zastąp przez 'take'"]
        session.show(uri, EMITTING)
        with pytest.raises(Exception, match="jest już id innej deklaracji"):
            rename(session, uri, lsp.Position(4, 36), "m002")
    finally:
        log = session.close()
    assert "Traceback" not in log  # a refusal is an answer, not a server error


def test_a_project_file_names_the_rules_and_the_base(tmp_path):
    (tmp_path / "ba.toml").write_text('rules = ["cards"]\nbase = true\n', encoding="utf-8")
    (tmp_path / "cards").mkdir()
    card = tmp_path / "cards" / "m001.ba"
    card.write_text(FIXED, encoding="utf-8")
    (tmp_path / "notes.ba").write_text("not rules at all {", encoding="utf-8")  # not named
    session = Session(tmp_path)
    try:
        uri = from_fs_path(str(card))
        [diag] = session.show(uri, BROKEN)
        assert diag.code == "E103"
        assert session.show(uri, FIXED) == []
        assert session.messages == []
        assert from_fs_path(str(tmp_path / "notes.ba")) not in session.diagnostics
    finally:
        session.close()


@pytest.mark.parametrize(
    ("project", "message"),
    [
        ("rules = [", "not a readable TOML file"),
        ('rules = "cards"', "'rules' must be a list of paths"),
        ("base = 1", "'base' must be true or false"),
        ("bas = true", "unknown setting 'bas'"),
        ('rules = ["missing"]', "no such file or directory"),
    ],
)
def test_a_bad_project_file_is_one_message(tmp_path, project, message):
    (tmp_path / "ba.toml").write_text(project + "\n", encoding="utf-8")
    (tmp_path / "mod.ba").write_text(FIXED, encoding="utf-8")
    session = Session(tmp_path)
    try:
        session.wait_until(lambda: bool(session.messages))
        assert message in session.messages[0] and "\n" not in session.messages[0]
        # the folder is still checked, as without a project file
        uri = from_fs_path(str(tmp_path / "mod.ba"))
        assert session.show(uri, BROKEN)[0].code == "E103"
    finally:
        session.close()


def test_the_base_option_still_decides_without_a_project_file(tmp_path):
    (tmp_path / "mod.ba").write_text(FIXED, encoding="utf-8")
    session = Session(tmp_path, {"base": False})
    try:
        uri = from_fs_path(str(tmp_path / "mod.ba"))
        # alone, not layered on the shipped rules, the mission's colour is unknown
        codes = {diag.code for diag in session.show(uri, FIXED, errors=True)}
        assert "E104" in codes
    finally:
        session.close()


def test_formatting_lays_out_the_document_and_leaves_a_laid_out_one(mod, shipped):
    session, uri = mod
    messy = "mission m001 {\ncolor orange\n\n\n   reward 1 vp  \n reveals orange\n" + (
        "activation: take 3 ship   # three\n}\n\n"
    )
    session.show(uri, messy, errors=False)
    options = lsp.FormattingOptions(tab_size=2, insert_spaces=True)
    [edit] = session.ask(
        "text_document_formatting_async", lsp.DocumentFormattingParams(doc(uri), options)
    )
    assert edit.range.start == lsp.Position(0, 0) and edit.range.end == lsp.Position(9, 0)
    assert edit.new_text == FIXED.replace("take 3 ship", "take 3 ship   # three").replace(
        "color orange\n", "color orange\n\n"
    )
    turn = from_fs_path(str(CONTENT_DIR / "turn.ba"))
    shipped.show(turn, (CONTENT_DIR / "turn.ba").read_text(encoding="utf-8"), errors=False)
    edits = shipped.ask(
        "text_document_formatting_async", lsp.DocumentFormattingParams(doc(turn), options)
    )
    assert len(edits) == 0  # laid out already: nothing to change
