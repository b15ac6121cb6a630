"""The layout `ba lsp` formats to (cli/lsp_format.py): the shipped files already have it,
it is reached in one step, and it keeps every comment and what the rules say."""

from __future__ import annotations

import pytest

from blackangel.cli.lsp_format import formatted, layout
from blackangel.dsl.loader import CONTENT_DIR

MESSY = """\


mission m009 {   \n\
 color orange   # the colour { not a brace "nor a string


    reward 1 vp
  activation: take 1 ship ->
gain 2 vp
      reveals orange
}



"""
LAID_OUT = """\
mission m009 {
  color orange   # the colour { not a brace "nor a string

  reward 1 vp
  activation: take 1 ship ->
      gain 2 vp
  reveals orange
}
"""


@pytest.mark.parametrize("path", sorted(CONTENT_DIR.glob("*.ba")), ids=lambda p: p.name)
def test_the_shipped_files_are_laid_out_already(path):
    text = path.read_text(encoding="utf-8")
    assert layout(text) == text


def test_a_messy_file_is_laid_out_in_one_step_keeping_its_comment():
    assert formatted(MESSY, "messy.ba") == LAID_OUT
    assert layout(LAID_OUT) == LAID_OUT


def test_a_file_that_does_not_parse_is_left_alone():
    assert formatted("mission m009 {\n  color orange\n", "open.ba") is None
    assert layout("") == "" and layout("\n\n") == ""
