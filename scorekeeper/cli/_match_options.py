"""The options and arguments the ``match`` commands share, and the history they open."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper.cli._complete import completing, match_refs, pile_sides
from scorekeeper.cli.common import PileOption
from scorekeeper.i18n import N_

if TYPE_CHECKING:
    from scorekeeper.history.store import Store

DbOption = Annotated[Path | None, typer.Option(
    "--db", metavar="PATH", help=N_("History database (default: $SCOREKEEPER_DB, or the user's data folder)."))]
MatchArg = Annotated[str | None, typer.Argument(
    metavar="[MATCH]", help=N_("Match id or name; default: the one match being played."), show_default=False,
    autocompletion=match_refs)]
LatestArg = Annotated[str | None, typer.Argument(
    metavar="[MATCH]", help=N_("Match id or name; default: the latest match (playing, or just finished)."),
    show_default=False, autocompletion=match_refs)]
FileOption = Annotated[Path | None, typer.Option(
    "--file", "-f", metavar="HAND_FILE", help=N_("A hand file (YAML or JSON); options add to it."))]
ForceOption = Annotated[bool, typer.Option(
    "--force", help=N_("Record a hand that does not check out, with its problems noted."))]
#: --pile, completing the match's side names (``SIDE=``).
SidePileOption = Annotated[list[str] | None, completing(PileOption, pile_sides)]
AskOption = Annotated[bool | None, typer.Option(
    "--ask/--no-ask",  # not for players: the option's names
    help=N_("Ask for each side's pile (default: when no --pile is given and a terminal is attached)."))]


def open_store(db: Path | None, *, readonly: bool = False) -> "Store":
    """The history database named by --db, $SCOREKEEPER_DB or the default (``readonly`` for the
    commands that only read it: they work on a copy on read-only media too)."""
    from scorekeeper.history.store import Store

    return Store(db, readonly=readonly)


def match_and(first: str, second: str | None) -> tuple[str | None, str]:
    """``[MATCH] THING``: with one argument it is the thing, and the match is the latest."""
    return (None, first) if second is None else (first, second)
