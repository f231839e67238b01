"""``capture``, ``replay``, ``simulate`` and ``verify``: ruling on captures and checking hands by the play.

Heavy modules are imported inside the commands, so that ``score`` does not pay for them.
"""

from pathlib import Path
from typing import Annotated

import typer

from scorekeeper.cli._help import helps
from scorekeeper.cli.common import (
    NOT_OK,
    NOT_UNDERSTOOD,
    ItalianOption,
    JsonOption,
    OptionOption,
    RulesOption,
    chosen_options,
    reporting,
    say,
)
from scorekeeper.i18n import N_, _, ngettext, translated

JobsOption = Annotated[int | None, typer.Option(
    "--jobs", "-j", min=1, metavar="N",
    help=N_("Worker processes (default: the cores available); the output is the same for any N."))]

# How a capture was made, when it is not plain pairing or summing.
_KIND_NOTES = {"total": N_("makes {total}"), "ace": N_("the ace takes the table"), "build": N_("a build"),
               "combined": N_("several groups")}


@helps(N_("Every legal capture of a card on a table (or that it is laid down); --take checks one.\n\n"
           "With --take, says whether that capture is legal and, if not, why. Exit code 0: answered (and the take "
           "is legal); 1: the take is not legal; 2: not understood."))
def capture(
    table: Annotated[str, typer.Option("--table", "-t", metavar="CARDS",
                                       help=N_("The loose cards on the table, e.g. '3c 7h Kd' (may be empty: '')."))],
    card: Annotated[str, typer.Option("--card", "-c", metavar="CARD", help=N_("The card played, e.g. 7d."))],
    take: Annotated[str | None, typer.Option(
        "--take", metavar="CARDS",
        help=N_("The cards the player took, to check; '' for laying the card down."))] = None,
    build: Annotated[list[str] | None, typer.Option(
        "--build", metavar="VALUE=CARDS", help=N_("A build on the table (Cassino), e.g. 7=5h,2c."))] = None,
    last: Annotated[bool, typer.Option("--last", help=N_("It is the last play of the hand (no sweep)."))] = False,
    last_deal: Annotated[bool, typer.Option(
        "--last-deal",  # not for players: an option's name
        help=N_("It is a play of the last deal of the pack (Kasino: no sweep)."))] = False,
    rules: RulesOption = None,
    option: OptionOption = None,
    italian_suits: ItalianOption = False,
    json: JsonOption = False,
) -> None:
    from scorekeeper.output.text import to_json
    from scorekeeper.play.ruling import Labels, rule_on_capture

    with reporting():
        ruling = rule_on_capture(rules or "scopa", table, card, take=take, builds=tuple(build or ()), last=last,
                                 last_deal=last_deal, italian_suits=italian_suits, options=chosen_options(option),
                                 labels=Labels(table="--table", card="--card", build="--build", take="--take",
                                               option="--option"))
    if json:
        print(to_json(ruling.to_dict()))
    else:
        on = " ".join(ruling.table) or _("an empty table")
        print(_("{card} on {table} ({rules}): {counts}").format(card=ruling.card, table=on, rules=ruling.rules_id,
                                                                counts=ruling.counts))
        if ruling.trail:
            print(_("It captures nothing here: it is laid on the table."))
        elif ruling.must_capture:
            print(_("It must capture; its legal captures:"))
        else:
            print(_("It may capture or be laid on the table; its legal captures:"))
        for legal in ruling.captures:
            notes = [translated(_KIND_NOTES[legal.kind]) if legal.kind in _KIND_NOTES else "",
                     _("sweep") if legal.sweep else ""]
            shown = ", ".join(n.format(total=ruling.total) for n in notes if n)
            print(f"  {' + '.join(legal.cards)}" + (f"  ({shown})" if shown else ""))
        if ruling.legal is not None:
            taken = take or chr(39) * 2
            print(_("--take {cards}: legal: {reason}").format(cards=taken, reason=ruling.reason) if ruling.legal
                  else _("--take {cards}: not legal: {reason}").format(cards=taken, reason=ruling.reason))
    if ruling.legal is False:
        raise typer.Exit(NOT_OK)


@helps(N_("Check a hand play by play: the first illegal play and why, or the piles, sweeps and count.\n\n"
           "Exit code 0: every play is legal and the hand checks out; 1: a play is illegal, or the record's own "
           "piles, sweeps or claims disagree; 2: the record could not be understood."))
def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_("A play-by-play record (YAML, or JSON by .json)."))],
    rules: RulesOption = None,
    option: OptionOption = None,
    plays: Annotated[bool, typer.Option("--plays", help=N_("List every play as it was replayed."))] = False,
    json: JsonOption = False,
) -> None:
    from scorekeeper.output.text import hand_table, to_json
    from scorekeeper.play._text import shown
    from scorekeeper.play.replay import replay_file

    with reporting():
        outcome = replay_file(file, rules, log=plays, options=chosen_options(option))
    if json:
        print(to_json(outcome.to_dict(log=plays)))
    else:
        if plays:
            print("\n".join(outcome.log))
        if outcome.illegal is not None:
            print(f"{outcome.where}: {outcome.illegal[1]}")
        elif outcome.result is not None:
            print(ngettext("{source}: {count} play, every one legal.", "{source}: {count} plays, every one legal.",
                           outcome.plays).format(source=outcome.record.source, count=outcome.plays))
            if outcome.opening_note and not plays:
                print(outcome.opening_note[0].upper() + outcome.opening_note[1:] + ".")
            left = " ".join(outcome.cards(outcome.left))
            if outcome.taker and left:
                print(_("{side} made the last capture and takes what is left: {cards} (no sweep).").format(
                    side=shown(outcome.taker), cards=left))
            for (side, pile), count in zip(outcome.side_piles.items(), outcome.sweeps, strict=True):
                print(ngettext("{side}: {cards} cards, {count} sweep", "{side}: {cards} cards, {count} sweeps",
                               count).format(side=shown(side), cards=len(pile), count=count))
            for problem in outcome.mismatches:
                print(_("problem: {problem}").format(problem=problem))
            print()
            # The sides' names come from the record: a terminal escape in one is shown, not obeyed.
            print("\n".join(shown(line) for line in hand_table(outcome.result).splitlines()))
    if not outcome.ok:
        raise typer.Exit(NOT_OK)


@helps(N_("Play whole hands with random legal plays, written as JSON Lines of replayable records.\n\n"
           "Each line is a record (deal and plays) with the piles and sweeps it produced; the same seed gives the "
           "same file, whatever --jobs is."))
def simulate(
    rules: RulesOption = None,
    hands: Annotated[int, typer.Option("--hands", "-n", min=0, help=N_("How many hands to play."))] = 1,
    seed: Annotated[int, typer.Option("--seed", min=0, help=N_("The same seed gives the same file."))] = 0,
    players: Annotated[int | None, typer.Option(
        "--players", min=2,
        help=N_("Players at the table (default: the game's smallest table; teams when it has them)."))] = None,
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", metavar="FILE", help=N_("Write here, not to standard output."))] = None,
    jobs: JobsOption = None,
) -> None:
    from scorekeeper.play.simulate import write_simulated

    with reporting():
        played = write_simulated(output, rules or "scopa", hands, seed, players, jobs=jobs)
    if output is not None:
        say(ngettext("{count} hand of {rules} (seed {seed}) written to {file}",
                     "{count} hands of {rules} (seed {seed}) written to {file}", hands).format(
            count=hands, rules=played.id, seed=seed, file=output))


@helps(N_("Check every hand of JSON Lines files (piles, or play records), streaming, with a summary.\n\n"
           "Each failing line's problems are printed as they are found, in the order of the lines whatever --jobs "
           "is. Exit code 0: every hand checks out; 1: some do not; 2: some line or file was not understood."))
def verify(
    files: Annotated[list[Path], typer.Argument(
        metavar="FILE...", help=N_("JSON Lines files of hands; - reads standard input."))],
    rules: RulesOption = None,
    option: OptionOption = None,
    replay: Annotated[bool, typer.Option(
        "--replay/--no-replay",  # not for players: an option's names
        help=N_("Replay the plays of every play record (the default); --no-replay checks its piles only, "
             "and the summary says so."))] = True,
    json: Annotated[bool, typer.Option(
        "--json", help=N_("Print a JSON object per failing line, then one with the summary (JSON Lines)."))] = False,
    jobs: JobsOption = None,
) -> None:
    from json import dumps

    from scorekeeper.play.verify import Summary, Unreadable, verify_batches

    summary = Summary(replay=replay)
    with reporting():
        for batch in verify_batches(files, rules=rules, replay=replay, jobs=jobs, options=chosen_options(option)):
            summary.add(batch)
            if isinstance(batch, Unreadable):
                say(_("error: {message}").format(message=batch.message))
                continue
            for result in batch.failing:
                if json:
                    print(dumps(result.to_dict(), ensure_ascii=False))
                else:
                    for problem in result.problems:
                        print(_("{source} line {number}: {problem}").format(source=result.source,
                                                                            number=result.number, problem=problem))
    if json:
        print(dumps({"summary": summary.to_dict()}, ensure_ascii=False))
    else:
        print(summary.text())
    if summary.unreadable_files or summary.not_understood:
        raise typer.Exit(NOT_UNDERSTOOD)
    if summary.failed:
        raise typer.Exit(NOT_OK)
