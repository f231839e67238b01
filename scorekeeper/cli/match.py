"""``match new|add|show|list|undo|edit|claim|rename|abandon|delete|restore|rematch``: run a match and keep
it in the history.

The database, the match logic and the renderers are imported inside each command, so that
``scorekeeper score`` never pays for the history database.
"""

from typing import Annotated, NoReturn

import typer

from scorekeeper._words import visible
from scorekeeper.cli._complete import match_refs, side_names
from scorekeeper.cli._help import helps
from scorekeeper.cli._match_options import DbOption as DbOption  # where the other commands found them
from scorekeeper.cli._match_options import LatestArg, match_and
from scorekeeper.cli._match_options import open_store as open_store
from scorekeeper.cli.common import (
    JsonOption,
    OptionOption,
    WithOption,
    chosen_options,
    reporting,
    say,
)
from scorekeeper.cli.match_entry import add, edit
from scorekeeper.i18n import N_, _

app = typer.Typer(help=N_("Run a match: start it, enter each hand, see the standings and the winner."),
                  no_args_is_help=True)


def read_target(text: str | None) -> int | None:
    """The --target option as a whole number (read here, so that '1e20' is one plain error line)."""
    if text is None:
        return None
    from scorekeeper.match.ending import MatchError
    from scorekeeper.match.settings import MAX_TARGET

    word = text.strip()
    if not (word.isascii() and word.isdigit()):
        raise MatchError(_("--target {text}: not a whole number (a target is 1 to {most})").format(
            text=repr(text), most=f"{MAX_TARGET:,}"))
    if len(word.lstrip("0")) > len(str(MAX_TARGET)):  # never turn a 5000-digit word into a number
        raise MatchError(_("--target {text}: the target must be {most} or less (no game is played to more)").format(
            text=word, most=f"{MAX_TARGET:,}"))
    return int(word)


@helps(N_("Start a match: print its id, game, sides, target, ending and options, and the command to enter a "
           "hand."))
def new(
    rules: Annotated[str | None, typer.Option(
        "--rules", "-r", metavar="ID|PATH",
        help=N_("Rule set: a built-in id or a YAML file (default: the settings file's)."))] = None,
    side: Annotated[list[str] | None, typer.Option(
        "--side", metavar="NAME", autocompletion=side_names,
        help=N_("A side: a player, or a team as 'Anna+Bruno'. Repeat for each side, in seating order "
             "(default: the settings file's players)."))] = None,
    name: Annotated[str, typer.Option("--name", help=N_("A name to find the match by."))] = "",
    target: Annotated[str | None, typer.Option(
        "--target", metavar="N", help=N_("Points to reach, 1 to 10,000 (default: the rule set's)."))] = None,
    finish: Annotated[str | None, typer.Option(
        "--finish", metavar="POLICY",
        help=N_("highest, count-out, count-out-if-tied or claim (default: the rule set's)."))] = None,
    with_: WithOption = None,
    option: OptionOption = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q",
        help=N_("Print only the new match's id (for scripts)."))] = False,
    json: JsonOption = False,
    db: DbOption = None,
) -> None:
    from scorekeeper.cli.common import settings as my_settings
    from scorekeeper.history.matches import new_match
    from scorekeeper.match.ending import match_settings
    from scorekeeper.match.settings import seat_players
    from scorekeeper.output.sheet import new_match_dict, new_match_text
    from scorekeeper.output.text import to_json
    from scorekeeper.rules.catalog import load_rules

    with reporting():
        mine = my_settings()
        ruleset = load_rules(rules or mine.rules or _no_default("--rules", _RULES_LINE))
        sides = side or seat_players(ruleset, mine.players) or _no_default("--side", _PLAYERS_LINE)
        settings = match_settings(ruleset, sides, target=read_target(target), finish=finish,
                                  enabled=with_ or (), name=name, options=chosen_options(option))
        with open_store(db) as store:
            started = new_match(store, settings)
    print(started.id if quiet else to_json(new_match_dict(started)) if json else new_match_text(started))


_RULES_LINE = 'rules = "scopa"'  # not for players: a line of the settings file, as typed
_PLAYERS_LINE = 'players = ["Anna", "Bruno"]'  # not for players: a line of the settings file, as typed


def _no_default(option: str, example: str) -> NoReturn:
    from scorekeeper.config import config_path
    from scorekeeper.match.ending import MatchError

    raise MatchError(_("give {option}, or set a default in the settings file {path} (e.g. {example})").format(
        option=option, path=config_path(), example=example))


@helps(N_("Every hand with each category's points, the running totals, and the state of the match."))
def show(match: LatestArg = None, json: JsonOption = False, db: DbOption = None) -> None:
    from scorekeeper.history.matches import load_match
    from scorekeeper.output.sheet import match_dict, sheet
    from scorekeeper.output.text import to_json

    with reporting(), open_store(db, readonly=True) as store:
        loaded = load_match(store, match, latest=True)
    if loaded.chosen:
        say(loaded.chosen)
    print(to_json(match_dict(loaded)) if json else sheet(loaded))


@helps(N_("The recorded matches, newest first, a page at a time, and how many more there are."))
def list_(
    playing: Annotated[bool, typer.Option("--playing", help=N_("Only the matches still being played."))] = False,
    limit: Annotated[int, typer.Option(
        "--limit", "-n", metavar="N", min=0, help=N_("Show at most N matches (0: all of them)."))] = 20,
    offset: Annotated[int, typer.Option(
        "--offset", metavar="N", min=0, help=N_("Skip the N newest matches first."))] = 0,
    json: JsonOption = False,
    db: DbOption = None,
) -> None:
    from scorekeeper.history.listing import list_matches
    from scorekeeper.output.listing import matches_table
    from scorekeeper.output.text import to_json

    with reporting(), open_store(db, readonly=True) as store:
        rows, total = list_matches(store, playing_only=playing, limit=limit or None, offset=offset)
    print(to_json(rows) if json else matches_table(rows, total=total, offset=offset))


@helps(N_("Withdraw the last hand (or claim) of a match; it stays in the history's trail."))
def undo(match: LatestArg = None, json: JsonOption = False, db: DbOption = None) -> None:
    from scorekeeper.history.matches import undo as undo_last
    from scorekeeper.output.sheet import standings, undone_dict
    from scorekeeper.output.text import to_json

    with reporting(), open_store(db) as store:
        undone = undo_last(store, match)
    if undone.match.chosen:
        say(undone.match.chosen)
    if json:
        print(to_json(undone_dict(undone)))
        return
    print(visible(_("Withdrew {what} of match {id}.").format(what=undone.what, id=undone.match.id)))
    print(standings(undone.match))


@helps(N_("A side claims to have reached the target: a true claim wins the match, a false one loses it."))
def claim(
    match: Annotated[str, typer.Argument(
        metavar="[MATCH] SIDE", help=N_("Match id or name (default: the latest match), then the side (or one of its "
        "players) that claims."), autocompletion=match_refs)],
    side: Annotated[str | None, typer.Argument(metavar="", help="", show_default=False)] = None,
    json: JsonOption = False,
    db: DbOption = None,
) -> None:
    from scorekeeper.history.matches import add_claim
    from scorekeeper.output.sheet import match_dict, standings
    from scorekeeper.output.text import to_json

    ref, claimer = match_and(match, side)
    with reporting(), open_store(db) as store:
        after = add_claim(store, ref, claimer)
    if after.chosen:
        say(after.chosen)
    print(to_json(match_dict(after)) if json else standings(after))


@helps(N_("Give a match a new name; no two matches being played may share one."))
def rename(
    match: Annotated[str, typer.Argument(
        metavar="MATCH", help=N_("Match id or name."), autocompletion=match_refs)],
    name: Annotated[str, typer.Argument(metavar="NEW", help=N_("The new name ('' for none)."))],
    db: DbOption = None,
) -> None:
    from scorekeeper.history.lifecycle import rename_match

    with reporting(), open_store(db) as store:
        after = rename_match(store, match, name)
    if after.row.name:
        print(visible(_('Match {id} is now called "{name}".').format(id=after.id, name=after.row.name)))
    else:
        print(_("Match {id} has no name now.").format(id=after.id))


@helps(N_("Give up a match being played: it keeps its hands and stays listed, marked abandoned."))
def abandon(match: LatestArg = None, db: DbOption = None) -> None:
    from scorekeeper.history.lifecycle import abandon_match
    from scorekeeper.output.sheet import outcome

    with reporting(), open_store(db) as store:
        after = abandon_match(store, match)
    if after.chosen:
        say(after.chosen)
    print(visible(_("Match {id}: {outcome}").format(id=after.id, outcome=outcome(after))))


@helps(N_("Hide a match from the list, the sheets, the exports and the stats; 'match restore' brings it back."))
def delete(
    match: Annotated[str, typer.Argument(
        metavar="MATCH", help=N_("Match id or name."), autocompletion=match_refs)],
    db: DbOption = None,
) -> None:
    from scorekeeper.history.lifecycle import delete_match

    with reporting(), open_store(db) as store:
        after = delete_match(store, match)
    print(_("Match {id} deleted: the history keeps it, hidden; 'scorekeeper match restore {id}' brings it "
            "back.").format(id=after.id))


@helps(N_("Bring back a deleted or abandoned match as it was."))
def restore(
    match: Annotated[str, typer.Argument(
        metavar="MATCH", help=N_("Match id or name."), autocompletion=match_refs)],
    db: DbOption = None,
) -> None:
    from scorekeeper.history.lifecycle import restore_match
    from scorekeeper.output.sheet import outcome

    with reporting(), open_store(db) as store:
        after = restore_match(store, match)
    print(visible(_("Match {id} restored. {outcome}").format(id=after.id, outcome=outcome(after))))


@helps(N_("Start a new match of the same game with the same sides, target, ending and options; print it."))
def rematch(
    match: LatestArg = None,
    name: Annotated[str, typer.Option("--name", help=N_("A name to find the new match by."))] = "",
    json: JsonOption = False,
    db: DbOption = None,
) -> None:
    from scorekeeper.history.lifecycle import rematch as start_rematch
    from scorekeeper.output.sheet import new_match_dict, new_match_text
    from scorekeeper.output.text import to_json

    with reporting(), open_store(db) as store:
        started = start_rematch(store, match, name)
    if started.chosen:
        say(started.chosen)
    print(to_json(new_match_dict(started)) if json else new_match_text(started))


app.command()(new)
app.command()(add)
app.command()(show)
app.command("list")(list_)
app.command()(undo)
app.command()(edit)
app.command()(claim)
app.command()(rename)
app.command()(abandon)
app.command()(delete)
app.command()(restore)
app.command()(rematch)
