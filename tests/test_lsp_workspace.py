"""The language server's workspace (cli/lsp_workspace.py) in process: a re-check after an
edit parses only the edited file and finds what a full compile finds."""

from __future__ import annotations

from blackangel.cli.lsp_workspace import Workspace
from blackangel.dsl.compiler import compile_paths
from blackangel.dsl.loader import CONTENT_DIR


def test_a_recheck_parses_only_the_edited_file_and_finds_the_same():
    missions = CONTENT_DIR / "missions.ba"
    edited = missions.read_bytes().replace(b"take ", b"tak ", 1)
    texts = {missions.resolve(): edited}
    workspace = Workspace()
    assert workspace.compile({}).errors == []
    parsed = workspace.cache.parses
    result = workspace.compile(texts)
    assert workspace.cache.parses == parsed + 1
    expected = compile_paths(texts=texts).diagnostics
    assert [d.code for d in expected] and result.diagnostics == expected
    # and back: the first text's tree was replaced, so it is parsed again, with no error
    assert workspace.compile({}).errors == []
    assert workspace.cache.parses == parsed + 2
