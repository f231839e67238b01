"""The ``scorekeeper`` command: thin commands over the library, joined here.

Typer builds every registered command's options at each start, so the console script builds
only the command it was asked for (all of them for help or an unknown word); ``app`` is the
whole command tree, for tests and for embedding.
"""

from __future__ import annotations

import importlib
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


def _root(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, help="Print the version and exit.")] = False) -> None:
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


def main() -> None:
    """Entry point of the console script."""
    word = sys.argv[1] if len(sys.argv) > 1 else None
    try:
        build_app(only=word if word in COMMANDS else None)()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
