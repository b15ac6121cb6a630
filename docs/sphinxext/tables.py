"""Docutils tables for the directives: a header row and body rows of cells, where a
cell is text, an inline node, or a paragraph built by the caller."""

from __future__ import annotations

from docutils import nodes

Cell = str | nodes.Node


def table(widths: list[int], head: list[Cell], rows: list[list[Cell]], kind: str) -> nodes.table:
    """A table with the class `ba-<kind>`; `widths` are relative column widths."""
    out = nodes.table(classes=[f"ba-{kind}"])
    group = nodes.tgroup(cols=len(widths))
    out += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    thead = nodes.thead()
    thead += _row(head)
    group += thead
    body = nodes.tbody()
    for cells in rows:
        body += _row(cells)
    group += body
    return out


def _row(cells: list[Cell]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        if isinstance(cell, str):
            entry += nodes.paragraph(cell, cell)
        elif isinstance(cell, nodes.paragraph):
            entry += cell
        else:
            entry += nodes.paragraph("", "", cell)
        row += entry
    return row
