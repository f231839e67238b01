"""``capture``, ``replay``, ``simulate`` and ``verify``: settling plays and checking hands by the play.

Heavy modules are imported inside the commands, so that ``score`` does not pay for them.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from scorekeeper.cli.common import (
    NOT_OK,
    NOT_UNDERSTOOD,
    ItalianOption,
    JsonOption,
    RulesOption,
    reporting,
    say,
)
from scorekeeper.errors import InputErrors, NotationError, unreadable

# How a capture was made, when it is not plain pairing or summing.
_KIND_NOTES = {"total": "makes {total}", "ace": "the ace takes the table", "build": "a build",
               "combined": "several groups"}


def capture(
    table: Annotated[str, typer.Option("--table", "-t", metavar="CARDS",
                                       help="The loose cards on the table, e.g. '3c 7h Kd' (may be empty: '').")],
    card: Annotated[str, typer.Option("--card", "-c", metavar="CARD", help="The card played, e.g. 7d.")],
    take: Annotated[str | None, typer.Option(
        "--take", metavar="CARDS", help="The cards the player took, to check; '' for laying the card down.")] = None,
    build: Annotated[list[str] | None, typer.Option(
        "--build", metavar="VALUE=CARDS", help="A build on the table (Cassino), e.g. 7=5h,2c.")] = None,
    last: Annotated[bool, typer.Option("--last", help="It is the last play of the hand (no sweep).")] = False,
    rules: RulesOption = None,
    italian_suits: ItalianOption = False,
    json: JsonOption = False,
) -> None:
    """Every legal capture of a card on a table (or that it is laid down); --take checks one.

    With --take, says whether that capture is legal and, if not, why. Exit code 0: answered (and the take is legal); 1: the take is not legal; 2: not understood.
    """
    from scorekeeper.output.text import to_json
    from scorekeeper.play.ruling import settle

    with reporting():
        settled = settle(rules or "scopa", table, card, take=take, builds=tuple(build or ()), last=last,
                         italian_suits=italian_suits)
    if json:
        print(to_json(settled.to_dict()))
    else:
        on = " ".join(settled.table) or "an empty table"
        print(f"{settled.card} on {on} ({settled.rules_id}): {settled.counts}")
        if settled.trail:
            print("It captures nothing here: it is laid on the table.")
        else:
            print("It must capture; its legal captures:")
            for option in settled.captures:
                notes = [_KIND_NOTES.get(option.kind, ""), "sweep" if option.sweep else ""]
                shown = ", ".join(n.format(total=settled.total) for n in notes if n)
                print(f"  {' + '.join(option.cards)}" + (f"  ({shown})" if shown else ""))
        if settled.legal is not None:
            print(f"--take {take or chr(39) * 2}: {'legal' if settled.legal else 'not legal'}: {settled.reason}")
    if settled.legal is False:
        raise typer.Exit(NOT_OK)


def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A play-by-play record (YAML, or JSON by .json).")],
    rules: RulesOption = None,
    plays: Annotated[bool, typer.Option("--plays", help="List every play as it was replayed.")] = False,
    json: JsonOption = False,
) -> None:
    """Check a hand play by play: the first illegal play and why, or the piles, sweeps and count.

    Exit code 0: every play is legal and the hand checks out; 1: a play is illegal, or the record's
    own piles, sweeps or claims disagree; 2: the record could not be understood.
    """
    from scorekeeper.documents import read_document
    from scorekeeper.output.text import hand_table, to_json
    from scorekeeper.play.capture import CaptureEngine
    from scorekeeper.play.records import read_record, record_keys
    from scorekeeper.play.replay import replay as run
    from scorekeeper.rules.catalog import load_rules

    with reporting():
        data, source = read_document(file, "record")
        record_keys(data, source)
        ref = rules or data.get("rules") or "scopa"
        if not isinstance(ref, str):
            raise NotationError(f"{source}: rules: must be a rule-set id or path")
        engine = CaptureEngine(load_rules(ref))
        outcome = run(read_record(data, source, engine.deck), engine, log=plays or not json)
    sides = outcome.sides
    where = f"{source}: play {outcome.illegal[0]}" if outcome.illegal and outcome.illegal[0] else source
    if json:
        body: dict[str, Any] = {"legal": outcome.illegal is None, "plays": outcome.plays}
        if outcome.illegal is not None:
            body["illegal"] = {"play": outcome.illegal[0], "reason": outcome.illegal[1]}
        else:
            assert outcome.result is not None
            body["piles"] = {s: " ".join(map(str, engine.deck.cards_in(m))) for s, m in zip(sides, outcome.piles)}
            body["sweeps"] = dict(zip(sides, outcome.sweeps))
            body["last_capture"] = {"side": outcome.taker, "left": [str(c) for c in engine.deck.cards_in(outcome.left)]}
            if outcome.opening:
                body["opening"] = {"side": outcome.dealer,
                                   "cards": [str(c) for c in engine.deck.cards_in(outcome.opening)]}
            body["problems"] = outcome.mismatches
            body["score"] = outcome.result.to_dict()
        if plays:
            body["log"] = outcome.log
        print(to_json(body))
    else:
        if plays:
            print("\n".join(outcome.log))
        if outcome.illegal is not None:
            print(f"{where}: {outcome.illegal[1]}")
        else:
            assert outcome.result is not None
            print(f"{source}: {outcome.plays} plays, every one legal.")
            if outcome.opening and not plays:
                opening = outcome.log[0][3:]
                print(opening[0].upper() + opening[1:] + ".")
            left = " ".join(map(str, engine.deck.cards_in(outcome.left)))
            if outcome.taker and left:
                print(f"{outcome.taker} made the last capture and takes what is left: {left} (no sweep).")
            for side, mask, count in zip(sides, outcome.piles, outcome.sweeps):
                print(f"{side}: {mask.bit_count()} cards, {count} sweep{'s' if count != 1 else ''}")
            for problem in outcome.mismatches:
                print(f"problem: {problem}")
            print()
            print(hand_table(outcome.result))
    if not outcome.ok:
        raise typer.Exit(NOT_OK)


def simulate(
    rules: RulesOption = None,
    hands: Annotated[int, typer.Option("--hands", "-n", min=0, help="How many hands to play.")] = 1,
    seed: Annotated[int, typer.Option("--seed", min=0, help="The same seed gives the same file.")] = 0,
    players: Annotated[int | None, typer.Option(
        "--players", min=2, help="Players at the table (default: the game's smallest table; teams when it has them).")] = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", metavar="FILE", help="Write here, not to standard output.")] = None,
) -> None:
    """Play whole hands with random legal plays, written as JSON Lines of replayable records.

    Each line is a record (deal and plays) with the piles and sweeps it produced; the same seed
    gives the same file."""
    from scorekeeper.play.simulate import json_line
    from scorekeeper.play.simulate import simulate as run
    from scorekeeper.rules.catalog import load_rules

    with reporting():
        ruleset = load_rules(rules or "scopa")
        records = run(ruleset, hands, seed, players)
        try:
            out = sys.stdout if output is None else output.open("w", encoding="utf-8")
        except OSError as exc:
            raise NotationError(f"{output}: cannot write: {unreadable(exc)}") from None
        try:
            for record in records:
                out.write(json_line(record) + "\n")
        finally:
            if output is not None:
                out.close()
    if output is not None:
        say(f"{hands} hand{'s' if hands != 1 else ''} of {ruleset.id} (seed {seed}) written to {output}")


def verify(
    files: Annotated[list[Path], typer.Argument(metavar="FILE...", help="JSON Lines files of hands; - reads standard input.")],
    rules: RulesOption = None,
    replay: Annotated[bool, typer.Option("--replay", help="Also replay every play record, play by play.")] = False,
    json: Annotated[bool, typer.Option(
        "--json", help="Print a JSON object per failing line, then one with the summary (JSON Lines).")] = False,
) -> None:
    """Check every hand of JSON Lines files (piles, or play records), streaming, with a summary.

    Each failing line's problems are printed as they are found. Exit code 0: every hand checks out; 1: some do not; 2: some line or file was not understood.
    """
    from json import dumps

    from scorekeeper.play.verify import Summary, verify_lines

    summary = Summary()
    missing = []
    for path in files:
        name = "<stdin>" if str(path) == "-" else str(path)
        try:
            stream = sys.stdin if str(path) == "-" else path.open(encoding="utf-8")
        except OSError as exc:
            missing.append(f"{path}: cannot read: {unreadable(exc)}")
            say(f"error: {missing[-1]}")
            continue
        with reporting():
            try:
                for result in verify_lines(stream, name, rules=rules, replay=replay):
                    summary.add(result)
                    if result.ok:
                        continue
                    if json:
                        print(dumps({"file": name, "line": result.number, "understood": result.understood,
                                     "problems": list(result.problems)}, ensure_ascii=False))
                    else:
                        for problem in result.problems:
                            print(f"{name} line {result.number}: {problem}")
            except UnicodeDecodeError:
                raise InputErrors([f"{name}: not UTF-8 text"]) from None
            finally:
                if stream is not sys.stdin:
                    stream.close()
    totals = {"hands": summary.hands, "ok": summary.ok, "failed": summary.failed,
              "not_understood": summary.not_understood, "unreadable_files": len(missing)}
    if json:
        print(dumps({"summary": totals}, ensure_ascii=False))
    else:
        print(f"{summary.hands} hand{'s' if summary.hands != 1 else ''} checked: {summary.ok} ok, "
              f"{summary.failed} failed, {summary.not_understood} not understood"
              + (f"; {len(missing)} file{'s' if len(missing) > 1 else ''} unreadable" if missing else ""))
    if missing or summary.not_understood:
        raise typer.Exit(NOT_UNDERSTOOD)
    if summary.failed:
        raise typer.Exit(NOT_OK)
