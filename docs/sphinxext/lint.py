"""`ba:lint-codes`: every diagnostic of ba-lint, with a bad and a fixed example.

The examples are functional lint cases (dsl/lint_cases/, read by dsl/cases.py): a
case and its `.fixed.ba` twin. The diagnostics under the bad example are the ones
ba-lint reports for it when the reference is built, so the page cannot drift from
the linter; the fixed example lints clean (tests/test_lint_cases.py).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from docutils import nodes

from ...dsl.cases import Case, examples, lint, without_expectations
from ...dsl.diagnostics import CATALOG_CODES, CODES, render_text
from ...dsl.i18n import ENGLISH, Translator
from ...dsl.meta import N_
from .reference import Reference, RulesDirective

SEVERITY = {"error": N_("error"), "warning": N_("warning")}
BAD = N_("Reported:")
FIXED = N_("Fixed:")
IN_CATALOGS = N_(
    "Reported for a language's catalog (a .po file of the game or of a mod), not for "
    "rules text: the problem is in a translation, at the catalog's line."
)


class LintCodes(RulesDirective):
    def render(self, ref: Reference) -> list[nodes.Node]:
        domain = self.env.get_domain("ba")
        shown = examples()
        out: list[nodes.Node] = []
        for code, (severity, meaning) in CODES.items():
            target = domain.note_object("code", code, self.env.docname)  # type: ignore[attr-defined]
            box = nodes.container(classes=["ba-entry", "ba-code", f"ba-{severity}"], ids=[target])
            head = nodes.paragraph(classes=["ba-signature"])
            head += nodes.literal(code, code)
            head += nodes.Text(f"  {ref.say(SEVERITY[severity])}")
            box += head
            box += nodes.paragraph(ref.say(meaning), ref.say(meaning))
            if code in CATALOG_CODES:
                box += nodes.paragraph(ref.say(IN_CATALOGS), ref.say(IN_CATALOGS))
                out.append(box)
                continue
            case = shown.get(code)
            if case is None or case.fixed is None:
                self.state.document.reporter.warning(f"ba:lint-codes: no example for {code}")
                out.append(box)
                continue
            bad = without_expectations(case.path.read_text(encoding="utf-8"))
            box += nodes.literal_block(bad, bad, language="ba")
            report = reported(case, bad, code, ref.text.tr)
            box += nodes.paragraph(ref.say(BAD), ref.say(BAD))
            box += nodes.literal_block(report, report, language="text")
            fixed = without_expectations(case.fixed.read_text(encoding="utf-8"))
            box += nodes.paragraph(ref.say(FIXED), ref.say(FIXED))
            box += nodes.literal_block(fixed, fixed, language="ba")
            out.append(box)
        return out


def reported(case: Case, text: str, code: str, tr: Translator = ENGLISH) -> str:
    """What ba-lint says of the example as shown (a file named `mod.ba`), in the page's
    language as `ba-lint --lang` says it."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mod.ba"
        path.write_text(text, encoding="utf-8")
        result = lint(path, case.mode)
        shown = [render_text(d, result.lines, tr) for d in result.diagnostics if d.code == code]
    return "\n".join(shown).replace(str(path), path.name)
