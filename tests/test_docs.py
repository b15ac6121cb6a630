"""The documentation says what the code does: the tables generated from code are current."""

from pathlib import Path

from blackangel.interpreter.black_angel.layout import PILES
from blackangel.interpreter.piles import table_rows

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_architecture_lists_every_pile():
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    start = text.index("<!-- piles:")
    end = text.index("<!-- end of piles -->")
    rows = [line for line in text[start:end].splitlines() if line.startswith("| `")]
    expected = table_rows(PILES)
    assert rows == expected, "\n".join(["update docs/architecture.md:", *expected])
