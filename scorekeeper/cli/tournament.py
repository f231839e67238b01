"""``tournament new|pair|standings|list|show|enter|drop|forfeit|time|repair|undo``: run a club tournament.

Each command opens the history, calls one library function and prints; a refused request is one
line on standard error, exit 2, and nothing stored. The tables' matches are ordinary matches:
their hands are entered with ``scorekeeper match add`` (or a phone).
"""

import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper.cli._help import helps
from scorekeeper.cli.common import JsonOption, reporting
from scorekeeper.cli.match import DbOption, open_store, read_target
from scorekeeper.i18n import N_, _

if TYPE_CHECKING:
    from scorekeeper.history.tournaments import Loaded

app = typer.Typer(help=N_("Run a club tournament: pair the rounds, start each table's match, keep the standings."),
                  no_args_is_help=True)

TournamentArg = Annotated[str | None, typer.Argument(
    metavar="[TOURNAMENT]", help=N_("Tournament id or name; default: the latest one."), show_default=False)]
TournamentOption = Annotated[str | None, typer.Option(
    "--tournament", "-t", metavar="NAME", help=N_("Tournament id or name; default: the latest one."))]


def _read_entrants(entrant: list[str] | None, entrants_file: Path | None) -> list[str]:
    """The entrants from --entrant options and an --entrants file (a name a line; blank lines and
    lines starting with # left out)."""
    from scorekeeper.errors import unreadable
    from scorekeeper.tournament.settings import TournamentError

    names = [e.strip() for e in entrant or []]
    if entrants_file is not None:
        try:
            text = entrants_file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise TournamentError(_("--entrants {path}: {why}").format(
                path=entrants_file, why=unreadable(exc))) from None
        names += [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    return names


def _count(option: str, text: str | None) -> int:
    from scorekeeper.tournament.settings import TournamentError

    if text is None:
        return 0
    word = text.strip()
    if not (word.isascii() and word.isdigit() and len(word) <= 4):
        raise TournamentError(_("{option} {text}: not a whole number").format(option=option, text=repr(text)))
    return int(word)


@helps(N_("Start a tournament: its format, rule set, entrants and match points, checked before anything is stored."))
def new(
    name: Annotated[str, typer.Argument(metavar="NAME", help=N_("The tournament's name."))],
    rules: Annotated[str, typer.Option("--rules", "-r", metavar="ID|PATH", help=N_("The rule set every table plays."))],
    format_: Annotated[str, typer.Option(
        "--format", metavar="FORMAT", help=N_("round-robin, swiss, groups-knockout or rotating."))],
    rounds: Annotated[str | None, typer.Option(
        "--rounds", metavar="N", help=N_("How many rounds (Swiss and rotating partners)."))] = None,
    double: Annotated[bool, typer.Option("--double", help=N_("Round robin: each pair meets twice."))] = False,
    entrant: Annotated[list[str] | None, typer.Option(
        "--entrant", "-e", metavar="NAME", help=N_("An entrant: a player, or a pair as 'Anna+Bruno'. Repeat, "
                                                   "strongest first (the seeding)."))] = None,
    entrants: Annotated[Path | None, typer.Option(
        "--entrants", metavar="FILE", help=N_("A file of entrants, one a line, strongest first."))] = None,
    target: Annotated[str | None, typer.Option(
        "--target", metavar="N",
        help=N_("Each table's match is played to N points (default: the rule set's)."))] = None,
    hands: Annotated[str | None, typer.Option(
        "--hands", metavar="N", help=N_("Or each table plays N hands; equal totals are a draw."))] = None,
    points: Annotated[str, typer.Option(
        "--points", metavar="W/D/L", help=N_("Match points for a win, draw and loss (3/1/0), 2/0, or sum."))] = "3/1/0",
    tiebreaks: Annotated[list[str] | None, typer.Option(
        "--tiebreaks", metavar="LIST", help=N_("Tie-breaks in order, comma-separated: head-to-head, difference, "
                                               "points-for, buchholz (the seeded draw comes last)."))] = None,
    groups: Annotated[str | None, typer.Option(
        "--groups", metavar="N", help=N_("Groups then knockout: how many groups (default: one per four)."))] = None,
    advance: Annotated[str | None, typer.Option(
        "--advance", metavar="N", help=N_("Groups then knockout: how many of each group go through (2)."))] = None,
    final_best_of: Annotated[str | None, typer.Option(
        "--final-best-of",  # not for players: the option's name
        metavar="N", help=N_("The knockout final: best of 3 or 5 (3)."))] = None,
    seed: Annotated[str | None, typer.Option(
        "--seed", metavar="N",
        help=N_("The seed of the draw that ends ties and orders round 1 (default: drawn, and kept)."))] = None,
    json: JsonOption = False,
    db: DbOption = None,
) -> None:
    from scorekeeper.history.tournaments import create_tournament
    from scorekeeper.output.text import to_json
    from scorekeeper.output.tournament import show_dict, show_text
    from scorekeeper.rules.catalog import load_rules
    from scorekeeper.tournament.settings import TIEBREAKS, Settings, TournamentError, parse_points, parse_tiebreaks

    with reporting():
        if target is not None and hands is not None:
            raise TournamentError(_("give --target or --hands, not both"))
        ruleset = load_rules(rules)
        settings = Settings(format_.strip().lower(), ruleset.id, rounds=_count("--rounds", rounds), double=double,
                            points=parse_points(points),
                            tiebreaks=parse_tiebreaks(tiebreaks) if tiebreaks else TIEBREAKS,
                            target=read_target(target), hands=_count("--hands", hands) or None,
                            groups=_count("--groups", groups), advance=_count("--advance", advance) or 2,
                            final_best_of=_count("--final-best-of", final_best_of) or 3,  # not for players: option
                            seed=_count("--seed", seed) if seed is not None else secrets.randbelow(10**6))
        with open_store(db) as store:
            loaded = create_tournament(store, name, ruleset, settings, _read_entrants(entrant, entrants))
    print(to_json(show_dict(loaded)) if json else show_text(loaded))


@helps(N_("Pair the next round: each table gets an open match, named after the tournament, round and table."))
def pair(tournament: TournamentArg = None, json: JsonOption = False, db: DbOption = None) -> None:
    from scorekeeper.history.tournament_rounds import pair_next
    from scorekeeper.output.text import to_json
    from scorekeeper.output.tournament import pairing_dict, pairing_text

    with reporting(), open_store(db) as store:
        loaded, rnd = pair_next(store, tournament)
    print(to_json(pairing_dict(rnd)) if json else pairing_text(loaded, rnd))


@helps(N_("The standings: match points, then the tie-breaks, each row with what put it above the next."))
def standings(
    tournament: TournamentArg = None,
    json: JsonOption = False,
    csv: Annotated[bool, typer.Option("--csv", help=N_("Print CSV instead of a table."))] = False,
    xlsx: Annotated[Path | None, typer.Option(
        "--xlsx", metavar="FILE", help=N_("Also write the standings to FILE as an Excel workbook."))] = None,
    db: DbOption = None,
) -> None:
    from scorekeeper.history.tournaments import read_tournament
    from scorekeeper.output.text import to_json
    from scorekeeper.output.tournament import standings_csv, standings_dict, standings_rows, standings_text
    from scorekeeper.output.xlsx import table_xlsx
    from scorekeeper.tournament.pairing import standings_of
    from scorekeeper.tournament.settings import TournamentError

    with reporting():
        with open_store(db, readonly=True) as store:
            loaded = read_tournament(store, tournament)
        rows = standings_of(loaded.state, loaded.results)
        if xlsx is not None:
            try:
                xlsx.write_bytes(table_xlsx({loaded.name: standings_rows(rows)}))
            except OSError as exc:
                raise TournamentError(_("--xlsx {path}: {why}").format(path=xlsx, why=exc.strerror)) from None
    if json:
        print(to_json(standings_dict(loaded, rows)))
    elif csv:
        print(standings_csv(rows), end="")
    else:
        print(standings_text(loaded, rows))


@helps(N_("List the tournaments, newest first."))
def list_(json: JsonOption = False, db: DbOption = None) -> None:
    from scorekeeper.history.tournaments import list_tournaments
    from scorekeeper.output.text import to_json
    from scorekeeper.output.tournament import list_text

    with reporting(), open_store(db, readonly=True) as store:
        found = list_tournaments(store)
    print(to_json({"tournaments": found}) if json else list_text(found))


@helps(N_("Show a tournament: its settings, entrants, every round with its results, and the log of its events."))
def show(tournament: TournamentArg = None, json: JsonOption = False, db: DbOption = None) -> None:
    from scorekeeper.history.tournaments import read_tournament
    from scorekeeper.output.text import to_json
    from scorekeeper.output.tournament import show_dict, show_text

    with reporting(), open_store(db, readonly=True) as store:
        loaded = read_tournament(store, tournament)
    print(to_json(show_dict(loaded)) if json else show_text(loaded))


def _report_event(loaded: "Loaded", event: int, json: bool) -> None:
    from scorekeeper.output.text import to_json
    from scorekeeper.output.tournament import log_rows

    row = next(r for r in log_rows(loaded) if r["id"] == event)
    print(to_json({"tournament": loaded.name, "event": row}) if json else row["text"])


@helps(N_("Enter a late entrant, or bring back one who dropped; paired from the next round."))
def enter(entrant: Annotated[str, typer.Argument(metavar="ENTRANT", help=N_("A player, or a pair as 'Anna+Bruno'."))],
          tournament: TournamentOption = None, json: JsonOption = False, db: DbOption = None) -> None:
    from scorekeeper.history.tournaments import load, record
    from scorekeeper.tournament.events import ENTER, RETURN

    with reporting(), open_store(db) as store:
        with store.read():
            dropped = {e.casefold() for e in load(store, tournament).state.dropped}
        loaded, event = record(store, tournament, RETURN if entrant.strip().casefold() in dropped else ENTER, entrant)
    _report_event(loaded, event, json)


@helps(N_("Drop an entrant: kept in the standings, no longer paired ('enter' brings them back)."))
def drop(entrant: Annotated[str, typer.Argument(metavar="ENTRANT", help=N_("The entrant who leaves."))],
         tournament: TournamentOption = None, json: JsonOption = False, db: DbOption = None) -> None:
    from scorekeeper.history.tournaments import record
    from scorekeeper.tournament.events import DROP

    with reporting(), open_store(db) as store:
        loaded, event = record(store, tournament, DROP, entrant)
    _report_event(loaded, event, json)


@helps(N_("Record a forfeit: the entrant loses the table, the other side wins it (no game points count)."))
def forfeit(table: Annotated[int, typer.Argument(metavar="TABLE", help=N_("The table's number."))],
            entrant: Annotated[str, typer.Argument(metavar="ENTRANT", help=N_("The entrant who forfeits."))],
            round_: Annotated[int, typer.Option(
                "--round", metavar="N", help=N_("The round (default: the latest)."))] = 0,
            tournament: TournamentOption = None, json: JsonOption = False, db: DbOption = None) -> None:
    from scorekeeper.history.tournaments import record
    from scorekeeper.tournament.events import FORFEIT

    with reporting(), open_store(db) as store:
        loaded, event = record(store, tournament, FORFEIT, entrant, round_number=round_, table=table)
    _report_event(loaded, event, json)


@helps(N_("Call time in the latest round: each table still playing finishes the hand in play, and its totals then "
           "are its result."))
def time_(tournament: TournamentArg = None, json: JsonOption = False, db: DbOption = None) -> None:
    from scorekeeper.history.tournaments import record
    from scorekeeper.tournament.events import TIME

    with reporting(), open_store(db) as store:
        loaded, event = record(store, tournament, TIME, "")
    _report_event(loaded, event, json)


@helps(N_("Re-pair by hand: swap two entrants of the latest round, with a reason; their tables get new matches."))
def repair(first: Annotated[str, typer.Argument(metavar="ENTRANT", help=N_("One entrant."))],
           second: Annotated[str, typer.Argument(metavar="ENTRANT", help=N_("The entrant to swap with."))],
           reason: Annotated[str, typer.Option("--reason", metavar="TEXT", help=N_("Why (kept in the log)."))] = "",
           tournament: TournamentOption = None, json: JsonOption = False, db: DbOption = None) -> None:
    from scorekeeper.history.tournament_rounds import repair as repair_round
    from scorekeeper.output.text import to_json
    from scorekeeper.output.tournament import pairing_dict, pairing_text

    with reporting(), open_store(db) as store:
        loaded, rnd = repair_round(store, tournament, first, second, reason)
    print(to_json({**pairing_dict(rnd), "reason": reason.strip()}) if json else pairing_text(loaded, rnd))


@helps(N_("Undo the tournament's latest event (it stays in the log, marked undone)."))
def undo(tournament: TournamentArg = None, json: JsonOption = False, db: DbOption = None) -> None:
    from scorekeeper.history.tournament_rounds import undo as undo_event
    from scorekeeper.output.text import to_json
    from scorekeeper.output.tournament import log_rows

    with reporting(), open_store(db) as store:
        loaded, undone = undo_event(store, tournament)
    row = next(r for r in log_rows(loaded) if r["id"] == undone["id"])
    print(to_json({"tournament": loaded.name, "undone": row}) if json else _("undone: {what}").format(what=row["text"]))


app.command()(new)
app.command()(pair)
app.command()(standings)
app.command("list")(list_)
app.command()(show)
app.command()(enter)
app.command()(drop)
app.command()(forfeit)
app.command("time")(time_)
app.command()(repair)
app.command()(undo)
