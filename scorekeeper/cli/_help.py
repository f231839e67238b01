"""Help pages in the language chosen for the command (issue 10).

Every help text of the command line is marked with ``N_`` where it is written (the command modules
are imported before the language is chosen, and once per process for the tests' whole tree); the
commands and groups here translate them when the page is drawn, after the root has chosen the
language, and put them back after, so that one process can draw the same page in two languages.
Click's own words on the page (the headings, the help of ``--help``) are translated here too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from typer import _click as click  # typer's own copy of click, which its commands are made of
from typer._click.exceptions import UsageError
from typer.core import TyperCommand, TyperGroup

from scorekeeper.i18n import N_, translated

USAGE, ARGUMENTS, OPTIONS, COMMANDS = N_("Usage: "), N_("Arguments"), N_("Options"), N_("Commands")
#: The help of the options click and typer add to every command: translated when shown, as ours are.
THEIRS = (N_("Show this message and exit."), N_("Install completion for the current shell."),
          N_("Show completion for the current shell, to copy it or customize the installation."))


@contextmanager
def _spoken(command: click.Command, ctx: click.Context) -> Iterator[None]:
    """The command's help and its parameters' in the language in use, for the time of the block."""
    texts: list[Any] = [thing for thing in (command, *command.get_params(ctx)) if getattr(thing, "help", None)]
    kept = [thing.help for thing in texts]
    for thing in texts:
        thing.help = translated(thing.help)
    try:
        yield
    finally:
        for thing, text in zip(texts, kept, strict=True):
            thing.help = text


def _usage(command: click.Command, ctx: click.Context, formatter: click.HelpFormatter) -> None:
    formatter.write_usage(ctx.command_path, " ".join(command.collect_usage_pieces(ctx)), prefix=translated(USAGE))


def _options(command: click.Command, ctx: click.Context, formatter: click.HelpFormatter) -> None:
    """The arguments and the options, as typer lists them, under translated headings."""
    records: dict[str, list[tuple[str, str]]] = {"argument": [], "option": []}  # not for players: click's kinds
    for param in command.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is not None and param.param_type_name in records:
            records[param.param_type_name].append(record)
    for heading, rows in ((ARGUMENTS, records["argument"]), (OPTIONS, records["option"])):  # not for players: kinds
        if rows:
            with formatter.section(translated(heading)):
                formatter.write_dl(rows)


class _Spoken:
    """What a command and a group share: the help page drawn in the language chosen."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _spoken(self, ctx):  # type: ignore[arg-type]  # mixed into click commands only
            super().format_help(ctx, formatter)  # type: ignore[misc]

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _usage(self, ctx, formatter)  # type: ignore[arg-type]

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _options(self, ctx, formatter)  # type: ignore[arg-type]

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """The command line read; click quotes a word it cannot use as it was typed, so the
        characters a terminal acts on (ESC, bidi controls) are written as escapes in its message."""
        from scorekeeper._words import visible

        try:
            return super().parse_args(ctx, args)  # type: ignore[misc,no-any-return]
        except UsageError as exc:
            exc.message = visible(exc.message)
            raise


class Command(_Spoken, TyperCommand):
    """A command whose help page speaks the language chosen."""


class Group(_Spoken, TyperGroup):
    """A group whose help page speaks the language chosen and lists each command with the whole
    first sentence of its help, wrapped (click cuts it at the width with "...", where typer's rich
    panels wrapped it)."""

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_options(ctx, formatter)
        self.format_commands(ctx, formatter)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, short_help(self.commands[name])) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section(translated(COMMANDS)):
                formatter.write_dl(rows)


def short_help(command: Any) -> str:
    """The first sentence of a command's help, in the language in use."""
    if command.short_help:
        return str(translated(command.short_help))
    return click.utils.make_default_short_help(translated(command.help or ""), 1000)


F = TypeVar("F", bound=Callable[..., Any])


def helps(text: str) -> Callable[[F], F]:
    """Give a command its help page's text (marked ``N_`` where it is written), as its docstring:
    typer reads a command's help there, and Babel finds it for the translators only in ``N_``."""

    def give(command: F) -> F:
        command.__doc__ = text
        return command

    return give
