"""``season new | list | show | export``: named seasons and their league tables."""

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from scorekeeper.cli._help import helps
from scorekeeper.cli.common import NOT_OK, JsonOption, reporting, say
from scorekeeper.cli.match import DbOption, open_store
from scorekeeper.cli.ratings import open_keeping
from scorekeeper.i18n import N_, _

app = typer.Typer(help=N_("Seasons: a date range or a list of tournaments, with a league table of season points."),
                  no_args_is_help=True)

SeasonArg = Annotated[str, typer.Argument(metavar="SEASON", help=N_("The season's name (any letter case)."))]


@app.command()
@helps(N_("Start a season: its days (--from, --to) or its tournaments, and the points it gives."))
def new(
    name: SeasonArg,
    starts: Annotated[str | None, typer.Option("--from", metavar="YYYY-MM-DD", help=N_("Its first day."))] = None,
    ends: Annotated[str | None, typer.Option("--to", metavar="YYYY-MM-DD", help=N_("Its last day."))] = None,
    tournament: Annotated[list[str] | None, typer.Option(
        "--tournament", metavar="NAME", help=N_("A tournament of the season (repeat for each)."))] = None,
    win: Annotated[int, typer.Option("--win", metavar="N", help=N_("Points for a match won."))] = 3,
    draw: Annotated[int, typer.Option("--draw", metavar="N", help=N_("Points for a match drawn."))] = 1,
    played: Annotated[int, typer.Option("--played", metavar="N", help=N_("Points for a match lost."))] = 0,
    places: Annotated[str, typer.Option(
        "--places", metavar="N,N,...", help=N_("Points for a tournament's 1st, 2nd... place."))] = "10,6,4,2",
    db: DbOption = None,
) -> None:
    from scorekeeper.history.seasons import SeasonConflict, new_season
    from scorekeeper.output.season import describe
    from scorekeeper.ratings.seasons import SeasonPoints, read_places

    with reporting(), open_store(db) as store:
        points = SeasonPoints(win, draw, played, read_places(places))
        try:
            season = new_season(store, name, starts=starts, ends=ends, tournaments=tuple(tournament or ()),
                                points=points)
        except SeasonConflict as exc:
            say(_("error: {message}").format(message=exc))
            raise typer.Exit(NOT_OK) from None
    print(describe(season))


@app.command("list")
@helps(N_("Every season, with its days or tournaments and its points."))
def list_(json: JsonOption = False, db: DbOption = None) -> None:
    from scorekeeper.history.seasons import list_seasons
    from scorekeeper.output.season import describe
    from scorekeeper.output.text import to_json

    with reporting(), open_store(db, readonly=True) as store:
        seasons = list_seasons(store)
    if json:
        print(to_json([{"name": s.name, "from": s.starts, "to": s.ends, "tournaments": list(s.tournaments),
                        "points": s.points.as_dict()} for s in seasons]))  # not for players: JSON keys
        return
    print("\n".join(describe(s) for s in seasons) if seasons else _("No seasons yet."))


@app.command()
@helps(N_("A season's league table: season points, matches, won and drawn, per player."))
def show(name: SeasonArg, json: JsonOption = False, db: DbOption = None) -> None:
    from scorekeeper.history.seasons import SeasonConflict, season_table
    from scorekeeper.output.season import season_dict, season_text
    from scorekeeper.output.text import to_json

    with reporting(), open_keeping(db) as store:
        try:
            found = season_table(store, name)
        except SeasonConflict as exc:
            say(_("error: {message}").format(message=exc))
            raise typer.Exit(NOT_OK) from None
    print(to_json(season_dict(found)) if json else season_text(found))


@app.command()
@helps(N_("Export a season's league table as CSV, an Excel workbook or a printable HTML page."))
def export(
    name: SeasonArg,
    format: Annotated[str, typer.Option("--format", "-F", metavar="csv|xlsx|html",
                                        help=N_("csv, xlsx or html."))] = "csv",
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", metavar="FILE", help=N_("Write to FILE (atomically) instead of standard output."))] = None,
    db: DbOption = None,
) -> None:
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.history.seasons import SeasonConflict, SeasonTable, season_table
    from scorekeeper.output._atomic import write_atomically
    from scorekeeper.output.season import season_csv, season_html, season_xlsx

    with reporting():
        makers: dict[str, Callable[[SeasonTable], str | bytes]] = {  # not for players: format names
            "csv": season_csv, "html": season_html, "xlsx": season_xlsx}
        if format not in makers:
            raise ScorekeeperError(_("--format {name}: a season exports as csv, xlsx or html").format(
                name=repr(format)))
        if format == "xlsx" and output is None:  # not for players: a format name
            raise ScorekeeperError(_("--format xlsx: a workbook is written to a file; give -o FILE"))
        with open_keeping(db) as store:
            try:
                found = season_table(store, name)
            except SeasonConflict as exc:
                say(_("error: {message}").format(message=exc))
                raise typer.Exit(NOT_OK) from None
        made = makers[format](found)
        if output is None:
            print(made, end="")
            return
        write_atomically(output, made)
    say(_("wrote {path}").format(path=output))
