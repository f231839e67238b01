"""``match new|add|show|list|undo|edit|claim|rename|abandon|delete|restore|rematch``: run a match and keep
it in the history.

The database, the match logic and the renderers are imported inside each command, so that
``scorekeeper score`` never pays for the history database.
"""

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from scorekeeper._words import visible
from scorekeeper.cli._complete import completing, match_refs, pile_sides, side_names
from scorekeeper.cli._help import helps
from scorekeeper.cli.common import (
    NOT_OK,
    ClaimOption,
    DeclareOption,
    JsonOption,
    MatchLettersOption,
    OptionOption,
    PileOption,
    SweepsOption,
    WithOption,
    chosen_options,
    reporting,
    say,
    typed_hand,
)
from scorekeeper.i18n import N_, _

if TYPE_CHECKING:
    from scorekeeper.history.matches import Entered
    from scorekeeper.history.store import Store

app = typer.Typer(help=N_("Run a match: start it, enter each hand, see the standings and the winner."),
                  no_args_is_help=True)

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


def _report_entered(entered: "Entered", json: bool, verb: str) -> None:
    """``verb`` is "stored" (match add) or "replaced" (match edit)."""
    from scorekeeper.match.hand import wrong_claims
    from scorekeeper.output.sheet import entered_dict, entered_text
    from scorekeeper.output.text import to_json

    print(to_json(entered_dict(entered)) if json else entered_text(entered, verb))
    wrong = wrong_claims(entered.counted.result)
    if entered.stored and wrong:  # stored as counted; a script still learns that the claim was wrong
        say(_("error: the claim of {sides} is not the count; hand {number} was stored as counted, the claim "
              "noted").format(sides=", ".join(wrong), number=entered.number))
        raise typer.Exit(NOT_OK)
    if not entered.stored:
        if verb == "replaced":
            message = _("error: hand {number} not replaced: it does not check out "
                        "(fix it, or give --force to record it with its problems)")
        else:
            message = _("error: hand {number} not stored: it does not check out "
                        "(fix it, or give --force to record it with its problems)")
        say(message.format(number=entered.number))
        raise typer.Exit(NOT_OK)


@helps(N_("Score a hand exactly as 'score' does, store it, and show the standings.\n\n"
           "A side may be named by its team name or by one of its players. A hand that does not check out is "
           "refused (exit 1) unless --force records it with its problems. With --points, the hand is stored from "
           "the points alone, as on a score pad, and shown as unverified everywhere."))
def add(
    match: MatchArg = None,
    hand_file: FileOption = None,
    pile: SidePileOption = None,
    sweeps: SweepsOption = None,
    declare: DeclareOption = None,
    claim: ClaimOption = None,
    with_: WithOption = None,
    italian_suits: MatchLettersOption = None,
    force: ForceOption = False,
    ask: AskOption = None,
    points: Annotated[list[str] | None, typer.Option(
        "--points", metavar="SIDE=N",
        help=N_("Store the hand from each side's points alone, marked unverified (no pile is checked)."))] = None,
    took: Annotated[list[str] | None, typer.Option(
        "--took", metavar="CATEGORY=SIDE",
        help=N_("Store the hand by categories: the side that took each (CATEGORY=SIDE:N for a napola's length or a "
             "count), with --sweeps; no card is checked."))] = None,
    json: JsonOption = False,
    db: DbOption = None,
) -> None:
    from scorekeeper.cli.common import settings
    from scorekeeper.cli.match_prompts import ask_again, ask_hand, command_line, store_the_count
    from scorekeeper.history.matches import add_hand, load_match, with_letters
    from scorekeeper.match.hand import only_claims_wrong

    if points:
        _add_points(match, points, bool(hand_file or pile or sweeps or declare or claim or with_ or force or took),
                    json, db)
        return
    if took:
        _add_ticked(match, took, sweeps or [], bool(hand_file or pile or declare or claim or with_ or force), json, db)
        return
    with reporting():
        spec = typed_hand(hand_file, pile, sweeps, declare, claim, with_, italian_suits, in_match=True)
        letters = settings().suit_letters == "italian"  # not for players: a settings value
        with open_store(db) as store:
            asking = bool(ask or (ask is None and not spec.piles and sys.stdin.isatty()))
            # at a terminal a wrong claim is asked about before the count is stored; a script's is stored
            person = asking or sys.stdin.isatty()
            if asking:
                playing = load_match(store, match)
                spec = ask_hand(with_letters(spec, playing, letters), playing)
            entered = add_hand(store, match, spec, force=force, letters=letters, keep_count=not person)
            while person and not entered.stored:
                shown = only_claims_wrong(entered.counted.result)
                if shown and store_the_count(entered):
                    entered = add_hand(store, match, spec, force=force, letters=letters)
                    break
                if not asking:
                    break
                again = ask_again(spec, entered, shown)
                if again is None:
                    say(_("To enter it later: {command}").format(command=command_line(entered.match.id, spec)))
                    break
                spec = again
                entered = add_hand(store, match, spec, force=force, letters=letters, keep_count=False)
    _report_entered(entered, json, "stored")


def _add_points(match: str | None, points: list[str], other: bool, json: bool, db: Path | None) -> None:
    """``match add --points``: a hand from points alone."""
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.history.points_only import add_points_hand
    from scorekeeper.output.sheet import points_entered_dict, points_entered_text
    from scorekeeper.output.text import to_json

    with reporting():
        if other:
            raise ScorekeeperError(_("--points stores a hand from points alone: it cannot be given with piles, "
                                     "sweeps, declarations, claims, --with, --file or --force"))
        with open_store(db) as store:
            entered = add_points_hand(store, match, points)
    print(to_json(points_entered_dict(entered)) if json else points_entered_text(entered))


def _add_ticked(match: str | None, took: list[str], sweeps: list[str], other: bool, json: bool,
                db: Path | None) -> None:
    """``match add --took``: a hand by categories."""
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.history.by_categories import add_ticked_hand
    from scorekeeper.output.sheet import points_entered_dict, ticked_entered_text
    from scorekeeper.output.text import to_json

    with reporting():
        if other:
            raise ScorekeeperError(_("--took stores a hand by categories: it cannot be given with piles, "
                                     "declarations, claims, --with, --file or --force"))
        with open_store(db) as store:
            entered = add_ticked_hand(store, match, took=took, sweeps=sweeps)
    shown = {**points_entered_dict(entered), "by_categories": True}  # not for players: a key
    print(to_json(shown) if json else ticked_entered_text(entered))


def _match_and(first: str, second: str | None) -> tuple[str | None, str]:
    """``[MATCH] THING``: with one argument it is the thing, and the match is the latest."""
    return (None, first) if second is None else (first, second)


@helps(N_("Replace a hand with a newly typed one; everything after it is counted again, the winner too."))
def edit(
    match: Annotated[str, typer.Argument(
        metavar="[MATCH] HAND", help=N_("Match id or name (default: the latest match), then the hand's number."),
        autocompletion=match_refs)],
    hand: Annotated[str | None, typer.Argument(metavar="", help="", show_default=False)] = None,
    hand_file: FileOption = None,
    pile: SidePileOption = None,
    sweeps: SweepsOption = None,
    declare: DeclareOption = None,
    claim: ClaimOption = None,
    with_: WithOption = None,
    italian_suits: MatchLettersOption = None,
    force: ForceOption = False,
    json: JsonOption = False,
    db: DbOption = None,
) -> None:
    from scorekeeper.cli.common import settings
    from scorekeeper.history.matches import edit_hand
    from scorekeeper.match.ending import MatchError

    ref, number = _match_and(match, hand)
    with reporting():
        if not (number.isascii() and number.isdigit()) or len(number) > 9:
            raise MatchError(_("HAND {text}: not a hand number (1, 2, ...)").format(text=repr(number)))
        spec = typed_hand(hand_file, pile, sweeps, declare, claim, with_, italian_suits, in_match=True)
        letters = settings().suit_letters == "italian"  # not for players: a settings value
        with open_store(db) as store:
            entered = edit_hand(store, ref, int(number), spec, force=force, letters=letters)
    if entered.match.chosen:
        say(entered.match.chosen)
    _report_entered(entered, json, "replaced")


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

    ref, claimer = _match_and(match, side)
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
