"""The VS Code extension (editors/vscode/): its TextMate grammar is the one generated
from the Pygments lexer's patterns, and its manifest points at files that exist."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from blackangel.dsl.tokens import CONNECTOR_WORDS

EXTENSION = Path(__file__).resolve().parent.parent / "editors" / "vscode"


def build_grammar():
    spec = importlib.util.spec_from_file_location("build_grammar", EXTENSION / "build_grammar.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_grammar_is_the_generated_one():
    committed = (EXTENSION / "syntaxes" / "ba.tmLanguage.json").read_text(encoding="utf-8")
    assert committed == build_grammar().render(), "run python editors/vscode/build_grammar.py"


def test_the_grammar_knows_every_connector_of_the_lexer():
    text = build_grammar().render()
    assert all(word in text for word in CONNECTOR_WORDS)
    assert build_grammar().main(["--check"]) == 0
    assert build_grammar().main(["--wrong"]) == 2


def test_the_manifest_names_existing_files_and_the_ba_language():
    manifest = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    contributes = manifest["contributes"]
    [language] = contributes["languages"]
    assert language["id"] == "ba" and language["extensions"] == [".ba"]
    [grammar] = contributes["grammars"]
    assert grammar["scopeName"] == json.loads(build_grammar().render())["scopeName"]
    for path in (manifest["main"], language["configuration"], grammar["path"]):
        assert (EXTENSION / path).is_file(), path
    settings = contributes["configuration"]["properties"]
    assert settings["blackAngel.server.command"]["default"] == "ba"
    configuration = json.loads((EXTENSION / "language-configuration.json").read_text("utf-8"))
    assert configuration["comments"]["lineComment"] == "#"
