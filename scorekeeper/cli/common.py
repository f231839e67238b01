"""What every command shares: turning library errors into one-line messages and exit codes,
and the hand options of ``score`` (also used by ``match add``)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper.errors import InputErrors, ScorekeeperError

if TYPE_CHECKING:
    from scorekeeper.scoring.hand import HandSpec

#: The hand checked out / it was understood but does not check out / it was not understood.
OK, NOT_OK, NOT_UNDERSTOOD = 0, 1, 2


def say(message: str) -> None:
    """A message for the person at the keyboard: standard error, never mixed into results."""
    print(message, file=sys.stderr)


@contextmanager
def reporting(code: int = NOT_UNDERSTOOD) -> Iterator[None]:
    """Run library code; its errors become one line each on standard error and an exit code."""
    try:
        yield
    except InputErrors as exc:
        for message in exc.messages:
            say(f"error: {message}")
        raise typer.Exit(code) from None
    except ScorekeeperError as exc:
        say(f"error: {exc}")
        raise typer.Exit(code) from None


def typed_hand(hand_file: Path | None, pile: list[str] | None, sweeps: list[str] | None,
               declare: list[str] | None, claim: list[str] | None, with_: list[str] | None,
               italian_suits: bool, rules: str | None = None) -> HandSpec:
    """The hand a command was given: its hand file, with the hand options laid over it."""
    from scorekeeper.scoring.hand import HandSpec, read_hand_file, with_options

    spec = read_hand_file(hand_file) if hand_file is not None else HandSpec()
    return with_options(spec, piles=pile or (), sweeps=sweeps or (), declare=declare or (), claims=claim or (),
                        enabled=with_ or (), rules=rules, italian_suits=italian_suits or None)


RulesOption = Annotated[str | None, typer.Option(
    "--rules", "-r", metavar="ID|PATH", help="Rule set: a built-in id (see 'rules list') or a YAML file.")]
PileOption = Annotated[list[str] | None, typer.Option(
    "--pile", "-p", metavar="SIDE=CARDS", help="What a side captured, e.g. Anna='7d Ad 6h' or Bruno=rest.")]
SweepsOption = Annotated[list[str] | None, typer.Option(
    "--sweeps", "-s", metavar="SIDE=N", help="Sweeps a side made.")]
DeclareOption = Annotated[list[str] | None, typer.Option(
    "--declare", metavar="SIDE:CATEGORY=N", help="Declared points, e.g. Anna:bussata=1.")]
ClaimOption = Annotated[list[str] | None, typer.Option(
    "--claim", metavar="SIDE=POINTS", help="Points the players counted, to be checked.")]
WithOption = Annotated[list[str] | None, typer.Option(
    "--with", "-w", metavar="CATEGORY", help="Turn on an optional category (e.g. napola, re-bello).")]
ItalianOption = Annotated[bool, typer.Option(
    "--italian-suits", help="Read suit letters as Italian: D denari, C coppe, S spade, B bastoni.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")]
