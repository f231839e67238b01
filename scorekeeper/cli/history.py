"""``export``, ``import`` and ``stats``: the history as files, and what it says about the players."""

import sys
from pathlib import Path
from typing import Annotated

import typer

from scorekeeper.cli._help import helps
from scorekeeper.cli.common import JsonOption, reporting, say
from scorekeeper.cli.match import DbOption, open_store
from scorekeeper.i18n import N_, _


@helps(N_("Export matches: CSV (a row per hand per side), JSON, a Markdown score sheet, or printable HTML."))
def export(
    match: Annotated[list[str] | None, typer.Argument(
        metavar="[MATCH]...", help=N_("Match ids or names to export (default: the latest match)."),
        show_default=False)] = None,
    all_: Annotated[bool, typer.Option("--all", help=N_("Export every match in the history."))] = False,
    format: Annotated[str, typer.Option(
        "--format", "-F", metavar="csv|json|md|html",
        help=N_("csv, json (everything, for import), md or html."))] = "csv",
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", metavar="FILE", help=N_("Write to FILE (atomically) instead of standard output."))] = None,
    club: Annotated[str, typer.Option(
        "--club", metavar="NAME", help=N_("The club whose evening the HTML sheet is: its title names it."))] = "",
    db: DbOption = None,
) -> None:
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.history.matches import load_match
    from scorekeeper.output.export import export_matches

    with reporting():
        if match and all_:
            raise ScorekeeperError(_("say which matches to export: give MATCH ids or names, or --all"))
        with open_store(db, readonly=True) as store:
            refs = None if all_ else match
            if not all_ and not match:  # as git takes the current branch: the latest match
                latest = load_match(store, None, latest=True)
                if latest.chosen:
                    say(latest.chosen)
                refs = [str(latest.id)]
            export_matches(store, refs, format, output, stream=sys.stdout, club=club)
    if output is not None:
        say(_("wrote {path}").format(path=output))


@helps(N_("Read matches from a JSON export into the history; a bad file changes nothing."))
def import_(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_("A JSON file written by 'export --format json'."))],
    json: JsonOption = False,
    db: DbOption = None,
) -> None:
    from scorekeeper.history.archive import import_history
    from scorekeeper.output.text import to_json

    with reporting(), open_store(db) as store:
        report = import_history(store, file)
    if json:
        print(to_json([{"id": r.id, "result": r.result, "file_id": r.old} for r in report]))  # not for players: keys
        return
    for imported in report:
        print(_("match {id}: {what}").format(id=imported.id, what=imported.what))


@helps(N_("Per player and per team: matches played and won, win rate, points and sweeps per hand, categories "
           "won."))
def stats(
    side: Annotated[str | None, typer.Option("--side", metavar="NAME", help=N_("Only this player or team."))] = None,
    rules: Annotated[str | None, typer.Option(
        "--rules", "-r", metavar="ID", help=N_("Only matches under this rule set."))] = None,
    json: JsonOption = False,
    db: DbOption = None,
) -> None:
    from scorekeeper.history.stats import player_stats
    from scorekeeper.output.text import stats_text, to_json

    with reporting(), open_store(db, readonly=True) as store:
        figures = player_stats(store, side=side, rules=rules)
    print(to_json(figures) if json else stats_text(figures))
