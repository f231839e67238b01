"""The ``scorekeeper`` command: thin commands over the library, joined here."""

from __future__ import annotations

from typing import Annotated

import typer

from scorekeeper import __version__
from scorekeeper.cli import rules as rules_cli
from scorekeeper.cli import score as score_cli

app = typer.Typer(
    name="scorekeeper",
    help="Keep the score of Scopa, Scopone, Cassino, Escoba, Cirulla and their kin: "
         "check the piles, count every category, run the match.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        print(f"scorekeeper {__version__}")
        raise typer.Exit()


@app.callback()
def _root(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, help="Print the version and exit.")] = False) -> None:
    """Keep the score of Scopa-family and Cassino-family games."""


app.command()(score_cli.score)
app.command()(score_cli.primiera)
app.add_typer(rules_cli.app, name="rules")

from scorekeeper.cli import match as match_cli  # noqa: E402

app.add_typer(match_cli.app, name="match")

from scorekeeper.cli import history as history_cli  # noqa: E402

app.command()(history_cli.export)
app.command("import")(history_cli.import_)
app.command()(history_cli.stats)

from scorekeeper.cli import play as play_cli  # noqa: E402

app.command()(play_cli.capture)
app.command()(play_cli.replay)
app.command()(play_cli.simulate)
app.command()(play_cli.verify)


def main() -> None:
    """Entry point of the console script."""
    try:
        app()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
