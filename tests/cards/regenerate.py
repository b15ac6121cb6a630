"""Regenerate the reference texts of every shipped card, one file per language.

    python tests/cards/regenerate.py

tests/test_languages.py compares `ba cards --lang LANG` with these files, so a change
of the rules or of a catalog that changes a card's sentence shows up as a diff to
read and review. Regenerate when such a change is intended.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from blackangel.cli.main import ba
from blackangel.dsl.i18n import available_languages

HERE = Path(__file__).resolve().parent


def cards_text(lang: str) -> str:
    result = CliRunner().invoke(ba, ["--color", "never", "cards", "--lang", lang], env={})
    assert result.exit_code == 0, result.output
    return result.output


def path_for(lang: str) -> Path:
    return HERE / f"{lang}.txt"


def main() -> None:
    for lang in available_languages():
        path = path_for(lang)
        path.write_text(cards_text(lang), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
