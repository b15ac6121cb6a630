"""Sphinx configuration of the rules reference (built by `ba docs`)."""

project = "Black Angel"
author = "the Black Angel rules engine contributors"
copyright = "2026, " + author
extensions = ["myst_parser", "blackangel.docs.sphinxext"]
myst_enable_extensions = ["colon_fence", "deflist"]
root_doc = "index"
exclude_patterns = ["_build"]
language = "en"
locale_dirs = ["locale/"]
gettext_compact = "reference"  # one catalog per language: locale/<lang>/LC_MESSAGES/reference.po
gettext_uuid = False
translation_progress_classes = True
highlight_language = "ba"
smartquotes = False  # option names stay as typed: `--format`, never an en dash
html_theme = "furo"
html_title = "Black Angel"
html_static_path: list[str] = []
html_sidebars = {  # furo's, with the language switcher (docs/sphinxext/languages.py)
    "**": [
        "sidebar/brand.html",
        "sidebar/ba-languages.html",
        "sidebar/search.html",
        "sidebar/scroll-start.html",
        "sidebar/navigation.html",
        "sidebar/scroll-end.html",
    ]
}
# the rule set: none means the shipped content (ba docs --rules/--base sets these)
ba_rules: list[str] = []
ba_base = False
ba_languages: list[str] = []  # the languages built side by side (ba docs sets them)
