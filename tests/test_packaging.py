"""The package configuration in pyproject.toml matches the source tree.

setuptools installs the top-level folders as `blackangel.<folder>` through an
explicit package-dir mapping and an explicit package list; a sub-package or a data
file that is not listed would be missing from `pip install .` while every test run
from the source tree still passed.
"""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = CONFIG["tool"]["setuptools"]
CODE_DIRS = ("dsl", "interpreter", "cli", "adapters", "examples", "games", "docs/sphinxext", "web")
DATA_DIRS = (
    *CODE_DIRS,
    "content",
    "locales",
    "docs/reference",
)  # docs/*.md are for the repository only


def _package_name(directory: Path) -> str:
    """The import name a source directory is installed as, through package-dir."""
    rel = directory.relative_to(ROOT).as_posix()
    for package, folder in SETUPTOOLS["package-dir"].items():
        if rel == folder or rel.startswith(folder + "/"):
            return package + rel[len(folder) :].replace("/", ".")
    raise AssertionError(f"{rel} is not under any package-dir folder")


def _source_packages() -> set[str]:
    found = set()
    for top in CODE_DIRS:
        for init in (ROOT / top).rglob("__init__.py"):
            if "__pycache__" not in init.parts:
                found.add(_package_name(init.parent))
    return found


def test_every_package_in_the_tree_is_listed():
    listed = set(SETUPTOOLS["packages"])
    missing = _source_packages() - listed
    assert not missing, f"add these to [tool.setuptools] packages in pyproject.toml: {missing}"


def _folder_of(package: str) -> Path:
    top = ".".join(package.split(".")[:2])
    return ROOT.joinpath(SETUPTOOLS["package-dir"][top], *package.split(".")[2:])


def test_every_listed_package_exists():
    for package in SETUPTOOLS["packages"]:
        assert _folder_of(package).is_dir(), f"{package} is listed but has no folder"


def test_every_data_file_is_package_data():
    """Non-Python files in the installed folders must match a package-data pattern."""
    data = SETUPTOOLS["package-data"]
    unlisted = []
    for top in DATA_DIRS:
        for path in (ROOT / top).rglob("*"):
            if not path.is_file() or path.suffix in (".py", ".pyc", ".mo"):
                continue
            if "__pycache__" in path.parts or "_build" in path.parts:
                continue
            # patterns are relative to the nearest listed package that holds the file
            package = _package_name(path.parent)
            while package not in SETUPTOOLS["packages"]:
                package = package.rsplit(".", 1)[0]
            rel = path.relative_to(_folder_of(package)).as_posix()
            if not any(fnmatch.fnmatch(rel, pattern) for pattern in data.get(package, [])):
                unlisted.append(path.relative_to(ROOT).as_posix())
    assert not unlisted, f"add to [tool.setuptools.package-data]: {unlisted}"


def test_the_data_the_code_needs_is_shipped():
    """The grammar, the schema and the content are found through the package."""
    from blackangel.dsl import loader

    assert (Path(loader.__file__).parent / "grammar.lark").is_file()
    assert (Path(loader.__file__).parent / "schemas" / "ruleset.schema.json").is_file()
    assert sorted(p.name for p in loader.CONTENT_DIR.glob("*.ba")) == sorted(
        p.name for p in (ROOT / "content").glob("*.ba")
    )


def test_the_catalogs_are_shipped_as_package_data():
    """locales/ is the package blackangel.locales: the template and every language's .po,
    read as they are at run time (no .mo is built)."""
    from blackangel.dsl import i18n

    assert SETUPTOOLS["package-dir"]["blackangel.locales"] == "locales"
    assert "blackangel.locales" in SETUPTOOLS["packages"]
    shipped = sorted(
        p.relative_to(ROOT / "locales").as_posix() for p in (ROOT / "locales").rglob("*.po")
    )
    assert shipped == [f"{lang}/LC_MESSAGES/blackangel.po" for lang in ("de", "en", "pl")]
    assert (
        i18n.LOCALE_DIR.resolve() == (ROOT / "locales").resolve()
        or (i18n.LOCALE_DIR / "pl" / "LC_MESSAGES" / "blackangel.po").is_file()
    )
    assert i18n.TEMPLATE.is_file()


def test_the_babel_extractors_are_entry_points():
    extractors = CONFIG["project"]["entry-points"]["babel.extractors"]
    assert extractors == CONFIG["tool"]["babel"]["extractors"]


def test_console_scripts_point_at_functions():
    import importlib

    assert set(CONFIG["project"]["scripts"]) == {"ba", "ba-lint"}
    for target in CONFIG["project"]["scripts"].values():
        module, function = target.split(":")
        assert callable(getattr(importlib.import_module(module), function)), target


AI_LIBRARIES = re.compile(
    r"^\s*(?:import|from)\s+(pyspiel|open_spiel|pettingzoo|gymnasium|numpy)\b", re.M
)


def test_core_does_not_import_the_ai_extra():
    """OpenSpiel, PettingZoo, Gymnasium, NumPy: the `ai` extra, imported by adapters/ alone."""
    found = []
    for top in ("dsl", "interpreter", "cli"):
        for path in (ROOT / top).rglob("*.py"):
            if AI_LIBRARIES.search(path.read_text(encoding="utf-8")):
                found.append(path.relative_to(ROOT).as_posix())
    assert not found, f"the core imports the ai extra: {found}"
