"""`ba:commands`: the command line, read from the click commands themselves.

    ```{ba:commands} ba
    ```

Each command shows its usage, its help and a table of its options, so the
reference says what `--help` says.
"""

from __future__ import annotations

import click
from docutils import nodes

from ...cli.help_messages import COMMAND, help_paragraphs, source_help
from ...cli.lint import lint_command
from ...cli.main import ba
from ...dsl.meta import N_
from .reference import Reference, RulesDirective
from .tables import Cell, table

PROGRAMS: dict[str, click.Command] = {"ba": ba, "ba-lint": lint_command}
OPTION = N_("option")
MEANING = N_("meaning")
DEFAULT_IS = N_("Default: {value}.")


class Commands(RulesDirective):
    required_arguments = 1  # the program: ba or ba-lint

    def render(self, ref: Reference) -> list[nodes.Node]:
        program = self.arguments[0]
        if program not in PROGRAMS:
            raise self.error(f"ba:commands: no program '{program}' ({', '.join(PROGRAMS)})")
        root = PROGRAMS[program]
        out: list[nodes.Node] = [
            self.command(ref, program, root, click.Context(root, info_name=program))
        ]
        if isinstance(root, click.Group):
            parent = click.Context(root, info_name=program)
            for name in sorted(root.commands):
                command = root.commands[name]
                if command.hidden:
                    continue
                ctx = click.Context(command, info_name=name, parent=parent)
                out.append(self.command(ref, f"{program} {name}", command, ctx))
        return out

    def command(
        self, ref: Reference, path: str, command: click.Command, ctx: click.Context
    ) -> nodes.Element:
        domain = self.env.get_domain("ba")
        target = domain.note_object("command", path, self.env.docname)  # type: ignore[attr-defined]
        box = nodes.container(classes=["ba-entry", "ba-command"], ids=[target])
        usage = " ".join(command.collect_usage_pieces(ctx))
        head = nodes.paragraph(classes=["ba-signature"])
        head += nodes.literal(f"{path} {usage}", f"{path} {usage}")
        box += head
        for text, example in help_paragraphs(command):
            if example:
                box += nodes.literal_block(text, text, language="text")
            else:
                shown = ref.text.tr.pgettext(COMMAND, text)
                box += nodes.paragraph(shown, shown)
        rows = [
            param
            for param in command.get_params(ctx)
            if isinstance(param, click.Option) and not param.hidden
        ]
        if rows:
            box += self.options_table(ref, rows, ctx)
        return box

    def options_table(
        self, ref: Reference, options: list[click.Option], ctx: click.Context
    ) -> nodes.table:
        rows: list[list[Cell]] = []
        for option in options:
            record = option.get_help_record(ctx)
            if record is None:
                continue
            names, _ = record
            meaning = nodes.paragraph()
            written = source_help(option)
            meaning += nodes.Text(ref.text.tr.pgettext(COMMAND, written) if written else "")
            if option.show_default and option.default not in (None, False, ()):
                meaning += nodes.Text(" " + ref.say(DEFAULT_IS).format(value=option.default))
            rows.append([nodes.literal(names, names), meaning])
        return table([35, 65], [ref.say(OPTION), ref.say(MEANING)], rows, "options")
