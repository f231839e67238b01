"""``match add`` and ``match edit``: a hand entered by its piles (typed, or asked for at the
terminal), by points alone or by categories, or typed again over a stored one."""

import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper.cli._complete import match_refs
from scorekeeper.cli._help import helps
from scorekeeper.cli._match_options import (
    AskOption,
    DbOption,
    FileOption,
    ForceOption,
    MatchArg,
    SidePileOption,
    match_and,
    open_store,
)
from scorekeeper.cli.common import (
    NOT_OK,
    ClaimOption,
    DeclareOption,
    JsonOption,
    MatchLettersOption,
    SpanishOption,
    SweepsOption,
    WithOption,
    reporting,
    say,
    typed_hand,
)
from scorekeeper.i18n import N_, _

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.history.matches import Entered
    from scorekeeper.scoring.hand import HandSpec


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
    spanish_suits: SpanishOption = False,
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
    from scorekeeper.cli.match_prompts import ask_hand, ask_letters
    from scorekeeper.history.letters import with_letters
    from scorekeeper.history.matches import add_hand, load_match
    from scorekeeper.match.letters import LettersUnsaid, settled

    if points:
        _add_points(match, points, bool(hand_file or pile or sweeps or declare or claim or with_ or force or took),
                    json, db)
        return
    if took:
        _add_ticked(match, took, sweeps or [], bool(hand_file or pile or declare or claim or with_ or force), json, db)
        return
    with reporting():
        spec = typed_hand(hand_file, pile, sweeps, declare, claim, with_, italian_suits, in_match=True,
                          spanish=spanish_suits)
        letters = settings().suit_letters
        with open_store(db) as store:
            asking = bool(ask or (ask is None and not spec.piles and sys.stdin.isatty()))
            # at a terminal a wrong claim is asked about before the count is stored; a script's is stored
            person = asking or sys.stdin.isatty()
            if asking:
                playing = load_match(store, match)
                unsaid = spec.italian_suits is None
                spec = ask_hand(with_letters(spec, playing, letters), playing)
                if unsaid:  # the prompt read them as the match would; add_hand settles them again
                    spec = replace(spec, italian_suits=None, spanish=False)
            said: list[str] = []  # the letters the player chose at the question, asked once

            def enter(typed: "HandSpec", keep: bool) -> "Entered":
                if said and typed.italian_suits is None:
                    typed = settled(typed, said[0])
                try:
                    return add_hand(store, match, typed, force=force, letters=letters, keep_count=keep)
                except LettersUnsaid as exc:
                    if not person:
                        raise
                    said.append(ask_letters(str(exc)))
                    return add_hand(store, match, settled(typed, said[0]), force=force, letters=letters,
                                    keep_count=keep)

            entered = _until_stored(enter, spec, asking, person)
    _report_entered(entered, json, "stored")


def _until_stored(enter: "Callable[[HandSpec, bool], Entered]",  # not for players: a type
                  spec: "HandSpec", asking: bool, person: bool) -> "Entered":
    """Enter a hand (``enter(spec, keep_count)``) and, for a person at the prompt, offer the count for a
    wrong claim ("Store the count?"), then, when ``asking``, what to correct, until it is stored or
    left out (then the command that enters it later is shown)."""
    from scorekeeper.cli.match_prompts import ask_again, command_line, store_the_count
    from scorekeeper.match.hand import only_claims_wrong

    entered = enter(spec, not person)
    while person and not entered.stored:
        shown = only_claims_wrong(entered.counted.result)
        if shown and store_the_count(entered):
            return enter(spec, True)
        if not asking:
            break
        again = ask_again(spec, entered, shown)
        if again is None:
            say(_("To enter it later: {command}").format(command=command_line(entered.match.id, spec)))
            break
        spec = again
        entered = enter(spec, False)
    return entered


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
    spanish_suits: SpanishOption = False,
    force: ForceOption = False,
    ask: Annotated[bool | None, typer.Option(
        "--ask/--no-ask",  # not for players: the options' names
        help=N_("Ask for each side's pile again, the old one typed in (default: when nothing but the hand is "
             "given and a terminal is attached)."))] = None,
    json: JsonOption = False,
    db: DbOption = None,
) -> None:
    from scorekeeper.cli.common import settings
    from scorekeeper.cli.match_prompts import ask_edit
    from scorekeeper.history.matches import edit_hand, load_match
    from scorekeeper.match.ending import MatchError

    ref, number = match_and(match, hand)
    with reporting():
        if not (number.isascii() and number.isdigit()) or len(number) > 9:
            raise MatchError(_("HAND {text}: not a hand number (1, 2, ...)").format(text=repr(number)))
        spec = typed_hand(hand_file, pile, sweeps, declare, claim, with_, italian_suits, in_match=True,
                          spanish=spanish_suits)
        letters = settings().suit_letters
        nothing_given = not (hand_file or pile or sweeps or declare or claim or with_)
        asking = bool(ask or (ask is None and nothing_given and sys.stdin.isatty()))
        with open_store(db) as store:
            if asking:
                shown = load_match(store, ref, latest=True)
                if 1 <= int(number) <= shown.state.hands:  # else edit_hand says there is no such hand
                    spec = ask_edit(spec, shown, int(number))
            entered = _until_stored(lambda typed, keep: edit_hand(store, ref, int(number), typed, force=force,
                                                                   letters=letters, keep_count=keep),
                                    spec, asking, asking or sys.stdin.isatty())
    if entered.match.chosen:
        say(entered.match.chosen)
    _report_entered(entered, json, "replaced")
