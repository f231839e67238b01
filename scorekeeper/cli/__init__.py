"""The ``scorekeeper`` command: thin commands over the library, joined here.

Typer builds a command's options from its function at each start, and each command module
imports what its command needs; so the console script knows every command by name and one-line
help only, and builds just the command that runs (``--help`` builds none). ``app`` is the whole
command tree, for tests and for embedding.

Help is click's plain text, not typer's rich panels: rendering it with rich took longer than
everything else a command does, and said nothing more.

The modules that define commands (this one, score, play, match, history, rules, info, serve, ratings,
players, season) do not use ``from __future__ import annotations``: typer reads every parameter's
annotation when it builds a command, and annotations kept as text were each compiled again by ``eval``
at every start (building ``score`` took twice as long so). A name imported only for type
checking is quoted.
"""

import gc
import importlib
import inspect
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from scorekeeper._version import __version__
from scorekeeper.cli._help import Command, Group
from scorekeeper.i18n import N_, _


def _command(module: str, attribute: str, group: bool = False, *, short_help: str) -> tuple[str, str, bool, str]:
    """A row of ``COMMANDS``: the command's module under ``scorekeeper.cli`` and its one-line help."""
    return f"scorekeeper.cli.{module}", attribute, group, short_help  # not for players: a module's name


# name -> (module, attribute, is a group of subcommands, its one-line help), in the order help lists
# them. The help is the first sentence of the command's help, written here so that listing the
# commands imports none of them (tests/test_startup.py checks the two agree), and translated when shown.
COMMANDS: dict[str, tuple[str, str, bool, str]] = {
    "score": _command("score", "score", short_help=(
        N_("Count one hand: every category for every side, the totals, and every problem found."))),
    "primiera": _command("score", "primiera", short_help=(
        N_("Settle a primiera: each side's best card per suit, its total or the suits it lacks, and who wins."))),
    "rules": _command("rules", "app", True, short_help=N_("List, show and check rule sets; print their JSON Schema.")),
    "match": _command("match", "app", True, short_help=(
        N_("Run a match: start it, enter each hand, see the standings and the winner."))),
    "tournament": _command("tournament", "app", True, short_help=(
        N_("Run a club tournament: pair the rounds, start each table's match, keep the standings."))),
    "export": _command("history", "export", short_help=(
        N_("Export matches: CSV (a row per hand per side), JSON, a Markdown score sheet, or printable HTML."))),
    "import": _command("history", "import_", short_help=(
        N_("Read matches from a JSON export into the history; a bad file changes nothing."))),
    "stats": _command("history", "stats", short_help=(
        N_("Per player and per team: matches played and won, win rate, points and sweeps per hand, categories won."))),
    "capture": _command("play", "capture", short_help=(
        N_("Every legal capture of a card on a table (or that it is laid down); --take checks one."))),
    "replay": _command("play", "replay", short_help=(
        N_("Check a hand play by play: the first illegal play and why, or the piles, sweeps and count."))),
    "simulate": _command("play", "simulate", short_help=(
        N_("Play whole hands with random legal plays, written as JSON Lines of replayable records."))),
    "verify": _command("play", "verify", short_help=(
        N_("Check every hand of JSON Lines files (piles, or play records), streaming, with a summary."))),
    "ratings": _command("ratings", "ratings", short_help=(
        N_("Ratings per game family and team shape (openskill, Plackett-Luce), best first; '?' marks a provisional "
           "one."))),
    "player": _command("ratings", "player", short_help=(
        N_("One player's page: matches and win rate by game, the rating over time, head to head, best partners."))),
    "players": _command("players", "app", True, short_help=(
        N_("Players: list them, give one more names, merge a name typed two ways, rename."))),
    "season": _command("season", "app", True, short_help=(
        N_("Seasons: a date range or a list of tournaments, with a league table of season points."))),
    "serve": _command("serve", "serve", short_help=(
        N_("Serve the score sheet to the players' phones: matches, hands entered by tapping cards, live totals."))),
    "info": _command("info", "info", short_help=(
        N_("Where scorekeeper keeps the history, the rule-set cache and the settings, and its version."))),
}


class _Commands(Group):
    """The root command: lists every command from ``COMMANDS`` and builds one when it is run."""

    def list_commands(self, ctx: Any) -> list[str]:
        return [name for name in COMMANDS if name in self.commands]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        found = self.commands.get(cmd_name)
        if isinstance(found, _NotBuilt):
            found = self.commands[cmd_name] = _build(cmd_name)
        return found


class _NotBuilt(Command):
    """A command known by name and one-line help only, until it is run or its help is asked for."""


def _version(value: bool) -> None:
    if value:
        print(f"scorekeeper {__version__}")
        raise typer.Exit()


def _root(
    ctx: typer.Context,
    version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, help=N_("Print the version and exit."))] = False,
    debug: Annotated[bool, typer.Option(
        "--debug", help=N_("Show the full traceback of an internal error (for a bug report)."))] = False,
    lang: Annotated[str | None, typer.Option(
        "--lang", metavar="LANG",
        help=N_("Language of what scorekeeper says: en, it or es (default: $SCOREKEEPER_LANG, the settings "
             "file, the locale)."))] = None,
    rules_dir: Annotated[list[Path] | None, typer.Option(
        "--rules-dir", metavar="FOLDER",  # not for players: an option's name
        help=N_("A folder whose rule sets the files you read may name (besides the built-ins and the files in "
             "their own folder); repeatable."))] = None,
) -> None:
    """Keep the score of Scopa-family and Cassino-family games."""
    from scorekeeper.cli.common import allow_rules_dirs, start_speaking

    start_speaking(lang, ctx.invoked_subcommand)
    if rules_dir:
        allow_rules_dirs(rules_dir)


def _register(into: typer.Typer, names: list[str], group_class: type[Group] = Group) -> typer.Typer:
    """``into`` with the commands named registered (their modules imported)."""
    for name in names:
        module, attribute, group, _help = COMMANDS[name]
        target = getattr(importlib.import_module(module), attribute)
        if group:
            target.rich_markup_mode = None  # its commands take their help's form from it
            for info in target.registered_commands:  # their help pages speak the language chosen
                info.cls = Command
            into.add_typer(target, name=name, cls=group_class)
        else:
            into.command(name, cls=Command)(target)
    return into


def _root_typer() -> typer.Typer:
    root = typer.Typer(
        name="scorekeeper",
        help=N_("Keep the score of Scopa, Scopone, Cassino, Escoba, Cirulla and their kin: "
             "check the piles, count every category, run the match."),
        cls=_Commands,
        no_args_is_help=True,
        add_completion=True,  # --install-completion, --show-completion (names from the history: cli/_complete.py)
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        # Help fills the terminal up to 100 columns (click stops at 80; typer's rich panels took it all).
        context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},  # not for players: click's
    )
    root.callback()(_root)
    return root


def _build(name: str) -> Any:
    """One command, built from its module on a holder of its own (building the root's options
    again would cost as much as the command's). A group is built with its commands known by name
    and help only, each built when it runs: building all of ``match``'s commands for every ``match
    add`` cost more than building one."""
    holder = typer.Typer(rich_markup_mode=None, add_completion=False)
    group = COMMANDS[name][2]
    _register(holder, [name], _Deferring if group else Group)
    if not group:
        return typer.main.get_group(holder).commands[name]
    target = holder.registered_groups[0].typer_instance
    assert target is not None  # not for players: an internal check
    infos, target.registered_commands = target.registered_commands, []  # built below, each when it runs
    try:
        built = typer.main.get_group(holder).commands[name]
        assert isinstance(built, _Deferring)  # not for players: an internal check
    finally:
        target.registered_commands = infos
    for info in infos:
        assert info.callback is not None  # not for players: typer's own check, made when it builds
        command_name = info.name or typer.main.get_command_name(info.callback.__name__)
        built.commands[command_name] = _Deferred(command_name, info, holder.pretty_exceptions_short)
    return built


class _Deferred(Command):
    """A command of a group known by its name and help, until it is run or its help is asked for."""

    def __init__(self, name: str, info: Any, short: bool) -> None:
        self.info, self.short = info, short
        super().__init__(name, help=info.help or inspect.getdoc(info.callback), short_help=info.short_help,
                         hidden=info.hidden, rich_markup_mode=None)

    def build(self) -> Any:
        return typer.main.get_command_from_info(self.info, pretty_exceptions_short=self.short,
                                                rich_markup_mode=None)


class _Deferring(Group):
    """A group that builds each of its commands when it is asked for (see ``_build``)."""

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        found = self.commands.get(cmd_name)
        if isinstance(found, _Deferred):
            found = self.commands[cmd_name] = found.build()
        return found


def build_app(only: str | None = None) -> typer.Typer:
    """The command tree: every command, or only the one named."""
    return _register(_root_typer(), [name for name in COMMANDS if only is None or name == only])


def console_command() -> Any:
    """The root command of the console script: every command listed, none built until it runs."""
    root = typer.main.get_group(_root_typer())
    # get_group leaves out the completion options that get_command adds; adding them costs under a
    # millisecond (typer has imported their modules already) and readies the shell's completion.
    root.params += typer.main.get_install_completion_arguments()
    for name, (*_built_from, short) in COMMANDS.items():
        root.commands[name] = _NotBuilt(name, help=short, short_help=short, rich_markup_mode=None)
    return root


def __getattr__(name: str) -> Any:
    if name == "app":
        globals()["app"] = built = build_app()
        return built
    raise AttributeError(name)


#: Exit codes: the input checked out (0), was understood but does not check out (1), could not be
#: understood or the machine refused (2), or scorekeeper itself failed (70, EX_SOFTWARE).
INTERNAL_ERROR = 70


def _say(message: str) -> None:
    from scorekeeper._words import visible

    print(_("error: {message}").format(message=visible(message)), file=sys.stderr)


def _early_language(argv: list[str]) -> None:
    """Speak the language asked for (--lang before the command, $SCOREKEEPER_LANG, the settings file,
    the locale) before the command line is read: for the help pages, which click draws while reading
    it, and the messages that come before it. The root chooses again, and reports a bad choice."""
    from contextlib import suppress

    from scorekeeper.cli.common import settings
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.i18n import choose_language, use

    flag, words = None, iter(argv)
    for word in words:  # the root's options come before the command's name
        if word == "--lang":
            flag = next(words, None)
        elif word.startswith("--lang="):
            flag = word.partition("=")[2]
        elif not word.startswith("-"):
            break
    with suppress(ScorekeeperError):  # a language scorekeeper does not speak: English until the root says so
        configured = None
        with suppress(ScorekeeperError):  # settings that cannot be used: the command says why (not ``info``)
            configured = settings().language
        use(choose_language(flag, configured))


def _unreadable_argument(argv: list[str]) -> str | None:
    """Why an argument cannot be used as text (bytes that are not UTF-8), or None."""
    for number, word in enumerate(argv, start=1):
        try:
            word.encode("utf-8")
        except UnicodeEncodeError:
            _early_language(argv)
            return _("argument {number} ({bytes}) is not UTF-8 text").format(
                number=number, bytes=repr(word.encode("utf-8", "surrogateescape")))
    return None


def main() -> None:
    """Entry point of the console script: every failure ends as one line and an exit code."""
    for stream in (sys.stdout, sys.stderr):  # a name that the terminal cannot show is escaped, not fatal
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    argv = sys.argv[1:]
    bad = _unreadable_argument(argv)
    if bad is not None:
        _say(bad)
        raise SystemExit(2)
    debug = "--debug" in argv or bool(os.environ.get("SCOREKEEPER_DEBUG"))  # not for players: a variable
    _early_language(argv)
    try:
        _run(debug)
    finally:
        # The process ends here: what it made is left to the end of the process instead of being
        # walked once more by the garbage collector as Python shuts down, a noticeable part of every
        # command. Objects are still released as usual; files and databases are closed by the
        # commands before this.
        gc.freeze()


def _run(debug: bool) -> None:
    """The command line's command, every failure worded as one line and an exit code."""
    try:
        console_command()(prog_name="scorekeeper")
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    except (SystemExit, typer.Exit):
        raise
    # The command chose the language (in this context) before it failed: these lines speak it.
    except MemoryError:
        _say(_("the input is too large to work on; nothing was changed"))
        raise SystemExit(2) from None
    except RecursionError:
        _say(_("the input is nested too deeply to work on; nothing was changed"))
        raise SystemExit(2) from None
    except OSError as exc:
        if debug:
            raise
        reason = exc.strerror or str(exc)
        _say(_("the system refused: {reason} ({file})").format(reason=reason, file=exc.filename) if exc.filename
             else _("the system refused: {reason}").format(reason=reason))
        raise SystemExit(2) from None
    except Exception as exc:
        if debug:
            raise
        _say(_("internal error: {kind}: {message}").format(kind=type(exc).__name__, message=exc))
        print(_("This is a bug in scorekeeper {version}, not a mistake of yours. Please report it to the "
                "scorekeeper maintainers with the command and what it prints when run with --debug.").format(
                    version=__version__), file=sys.stderr)
        raise SystemExit(INTERNAL_ERROR) from None
