"""`ba lsp` end to end: a real LSP client (pygls) talks to the server over stdio, on a mod
folder layered on the shipped rules (it has no `game` declaration)."""

from __future__ import annotations

import asyncio
import sys

import pytest
from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

from blackangel.cli.main import ba

BROKEN = """\
mission m001 {
  color orange
  reward 1 vp
  reveals orange
  activation: tak 3 ship
}
"""
FIXED = BROKEN.replace("tak 3", "take 3")
WAIT = 60.0  # seconds before a missing answer fails the test (a hang, not a timing check)


class Session:
    """A client connected to one server process, with the diagnostics it has received."""

    def __init__(self, folder):
        self.loop = asyncio.new_event_loop()
        self.client = LanguageClient("test", "1")
        self.diagnostics: dict[str, list[lsp.Diagnostic]] = {}
        self.version = 0

        @self.client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: lsp.PublishDiagnosticsParams) -> None:
            self.diagnostics[params.uri] = list(params.diagnostics)

        code = "from blackangel.cli.main import main; main()"
        self.run(self.client.start_io(sys.executable, "-c", code, "lsp"))
        self.run(
            self.client.initialize_async(
                lsp.InitializeParams(
                    capabilities=lsp.ClientCapabilities(),
                    root_uri=from_fs_path(str(folder)),
                    initialization_options={"language": "en"},
                )
            )
        )
        self.client.initialized(lsp.InitializedParams())

    def run(self, awaitable):
        return self.loop.run_until_complete(asyncio.wait_for(awaitable, WAIT))

    def wait_until(self, condition) -> None:
        """Let the client receive messages until the condition holds (fails after WAIT)."""

        async def until():
            while not condition():
                await asyncio.sleep(0.02)

        self.run(until())

    def show(self, uri: str, text: str) -> list[lsp.Diagnostic]:
        """Make `text` the editor's text of the document, then wait for its diagnostics."""
        self.version += 1
        if self.version == 1:
            item = lsp.TextDocumentItem(uri=uri, language_id="ba", version=1, text=text)
            self.client.text_document_did_open(lsp.DidOpenTextDocumentParams(item))
        else:
            self.client.text_document_did_change(
                lsp.DidChangeTextDocumentParams(
                    lsp.VersionedTextDocumentIdentifier(uri=uri, version=self.version),
                    [lsp.TextDocumentContentChangeWholeDocument(text=text)],
                )
            )
        expected_errors = text == BROKEN
        self.wait_until(
            lambda: uri in self.diagnostics and bool(self.diagnostics[uri]) == expected_errors
        )
        return self.diagnostics[uri]

    def close(self) -> None:
        self.run(self.client.shutdown_async(None))
        self.client.exit(None)
        self.run(self.client.stop())
        self.loop.close()


@pytest.fixture(scope="module")
def mod(tmp_path_factory):
    folder = tmp_path_factory.mktemp("mod")
    path = folder / "mod.ba"
    path.write_text(BROKEN, encoding="utf-8")
    session = Session(folder)
    yield session, from_fs_path(str(path))
    session.close()


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
