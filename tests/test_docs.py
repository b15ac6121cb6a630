"""The documentation says what the code does: the tables generated from code are current."""

import re
from pathlib import Path

from blackangel.dsl.compiler import load_shipped
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


# ---- docs/rulings.md: every ruling, every entry of the reference's §9 and §10 ------------
RULINGS_PAGE = DOCS / "rulings.md"
EDITIONS = ("en", "pl", "de")
NO_PRESET = "—"
CATEGORIES = ("ruling", "content", "code", "no effect", "solo", "advanced")
RULING_MENTION = re.compile(r"\bruling `([^`]+)`", re.IGNORECASE)
RULING_CHOICE = re.compile(r"`(?:--ruling )?([a-z][a-z0-9_]*)=([a-z][a-z0-9_]*)`")


def shipped_rulings() -> dict[str, tuple[str, set[str], dict[str, str]]]:
    """Each ruling of the shipped content: (default, options, edition presets)."""
    rulings = {}
    for decl in load_shipped().of_kind("ruling"):
        options = {use.args["name"] for use in decl.fields["option"]}
        presets = {
            use.args["edition"]: use.args["option"] for use in decl.fields.get("edition", [])
        }
        rulings[decl.id] = (decl.value("default"), options, presets)
    return rulings


def between(text: str, start: str, end: str) -> list[list[str]]:
    """The cells of the table rows between two markers (header and rule rows left out)."""
    part = text[text.index(start) : text.index(end)]
    rows = [line for line in part.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row.strip().strip("|").split("|")] for row in rows[2:]]


def entry_rows(text: str, heading: str, pattern: str) -> dict[str, str]:
    """Entry -> the `decided by` cell, for the rows of the section under `heading` whose
    first cell matches `pattern`."""
    section = text[text.index(heading) :]
    section = section[: section.find("\n## ", len(heading))]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and re.fullmatch(pattern, cells[0]):
            assert cells[0] not in rows, f"docs/rulings.md: {cells[0]} has two rows"
            rows[cells[0]] = cells[-1]
    return rows


def test_rulings_page_lists_every_ruling_with_its_default_and_presets():
    text = RULINGS_PAGE.read_text(encoding="utf-8")
    listed = {}
    for cells in between(text, "<!-- rulings:", "<!-- end of rulings -->"):
        name, default, *presets = (cell.strip("`") for cell in cells[:5])
        listed[name] = (default, {e: o for e, o in zip(EDITIONS, presets) if o != NO_PRESET})
    expected = {name: (d, presets) for name, (d, _, presets) in shipped_rulings().items()}
    assert listed == expected, "docs/rulings.md: the table of rulings is out of date"


def test_rulings_page_cites_the_print_of_every_preset():
    """The last column of the table of rulings quotes each preset's citation of the print
    (its page and section), after the edition's name."""
    text = RULINGS_PAGE.read_text(encoding="utf-8")
    cited = {cells[0].strip("`"): cells[-1] for cells in between(text, "<!-- rulings:", "<!-- end")}
    for decl in load_shipped().of_kind("ruling"):
        for use in decl.fields.get("edition", []):
            citation = f"{use.args['edition'].upper()} {use.args['source']}"
            assert citation in cited[decl.id], f"docs/rulings.md: {decl.id} lacks {citation}"


def test_rulings_page_names_only_rulings_and_options_that_exist():
    text = RULINGS_PAGE.read_text(encoding="utf-8")
    rulings = shipped_rulings()
    mentioned = set(RULING_MENTION.findall(text))
    assert mentioned, "docs/rulings.md names no ruling as ruling `NAME`"
    assert mentioned <= set(rulings), f"unknown rulings: {sorted(mentioned - set(rulings))}"
    for name, option in RULING_CHOICE.findall(text):
        assert name in rulings, f"docs/rulings.md: unknown ruling in `{name}={option}`"
        assert option in rulings[name][1], f"docs/rulings.md: ruling {name} has no {option}"


def test_rulings_page_maps_every_entry_and_counts_them():
    text = RULINGS_PAGE.read_text(encoding="utf-8")
    differences = entry_rows(text, "## Differences between the editions", r"\d+")
    ambiguities = entry_rows(text, "## Ambiguities", r"A\d+")
    assert sorted(differences, key=int) == [str(n) for n in range(1, 34)]
    assert sorted(ambiguities, key=lambda a: int(a[1:])) == [f"A{n}" for n in range(1, 43)]
    for entry, category in {**differences, **ambiguities}.items():
        assert category in CATEGORIES, f"docs/rulings.md, {entry}: '{category}' is no category"
    counts = {
        cells[0]: (int(cells[1]), int(cells[2]))
        for cells in between(text, "<!-- counts:", "<!-- end of counts -->")
    }
    expected = {
        c: (list(differences.values()).count(c), list(ambiguities.values()).count(c))
        for c in CATEGORIES
    }
    assert counts == expected, "docs/rulings.md: the counts do not match the tables"
