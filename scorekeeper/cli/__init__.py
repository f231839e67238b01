"""The ``scorekeeper`` command: thin commands over the library, joined here.

Typer builds every registered command's options at each start, so the console script builds
only the command it was asked for (all of them for help or an unknown word); ``app`` is the
whole command tree, for tests and for embedding.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Annotated, Any

import typer

from scorekeeper._version import __version__

# name -> (module, attribute, is a group of subcommands), in the order help lists them
COMMANDS: dict[str, tuple[str, str, bool]] = {
    "score": ("scorekeeper.cli.score", "score", False),
    "primiera": ("scorekeeper.cli.score", "primiera", False),
    "rules": ("scorekeeper.cli.rules", "app", True),
    "match": ("scorekeeper.cli.match", "app", True),
    "export": ("scorekeeper.cli.history", "export", False),
    "import": ("scorekeeper.cli.history", "import_", False),
    "stats": ("scorekeeper.cli.history", "stats", False),
    "capture": ("scorekeeper.cli.play", "capture", False),
    "replay": ("scorekeeper.cli.play", "replay", False),
    "simulate": ("scorekeeper.cli.play", "simulate", False),
    "verify": ("scorekeeper.cli.play", "verify", False),
}


def _version(value: bool) -> None:
    if value:
        print(f"scorekeeper {__version__}")
        raise typer.Exit()


def _root(
    version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, help="Print the version and exit.")] = False,
    debug: Annotated[bool, typer.Option(
        "--debug", help="Show the full traceback of an internal error (for a bug report).")] = False,
) -> None:
    """Keep the score of Scopa-family and Cassino-family games."""


def build_app(only: str | None = None) -> typer.Typer:
    """The command tree: every command, or only the one named."""
    root = typer.Typer(
        name="scorekeeper",
        help="Keep the score of Scopa, Scopone, Cassino, Escoba, Cirulla and their kin: "
             "check the piles, count every category, run the match.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    root.callback()(_root)
    for name, (module, attribute, group) in COMMANDS.items():
        if only is not None and name != only:
            continue
        target = getattr(importlib.import_module(module), attribute)
        if group:
            root.add_typer(target, name=name)
        else:
            root.command(name)(target)
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

    print(f"error: {visible(message)}", file=sys.stderr)


def _unreadable_argument(argv: list[str]) -> str | None:
    """Why an argument cannot be used as text (bytes that are not UTF-8), or None."""
    for number, word in enumerate(argv, start=1):
        try:
            word.encode("utf-8")
        except UnicodeEncodeError:
            return f"argument {number} ({word.encode('utf-8', 'surrogateescape')!r}) is not UTF-8 text"
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
    debug = "--debug" in argv or bool(os.environ.get("SCOREKEEPER_DEBUG"))
    word = next((w for w in argv if not w.startswith("-")), None)
    try:
        build_app(only=word if word in COMMANDS else None)()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    except (SystemExit, typer.Exit):
        raise
    except MemoryError:
        _say("the input is too large to work on; nothing was changed")
        raise SystemExit(2) from None
    except RecursionError:
        _say("the input is nested too deeply to work on; nothing was changed")
        raise SystemExit(2) from None
    except OSError as exc:
        if debug:
            raise
        _say(f"the system refused: {exc.strerror or exc}{f' ({exc.filename})' if exc.filename else ''}")
        raise SystemExit(2) from None
    except Exception as exc:
        if debug:
            raise
        _say(f"internal error: {type(exc).__name__}: {exc}")
        print(f"This is a bug in scorekeeper {__version__}, not a mistake of yours. Please report it to the "
              "scorekeeper maintainers with the command and what it prints when run with --debug.", file=sys.stderr)
        raise SystemExit(INTERNAL_ERROR) from None
