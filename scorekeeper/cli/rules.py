"""``rules list | show | check | schema``: the rule sets, built-in and the user's own."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from scorekeeper.cli.common import NOT_OK, JsonOption, reporting, say
from scorekeeper.errors import InputErrors
from scorekeeper.output.text import table, to_json
from scorekeeper.rules.builtins import builtin_ids
from scorekeeper.rules.catalog import load_rules
from scorekeeper.rules.ruleset import RuleSet

app = typer.Typer(help="List, show and check rule sets; print their JSON Schema.", no_args_is_help=True)


def _sides(rules: RuleSet) -> str:
    span = str(rules.sides.min) if rules.sides.min == rules.sides.max else f"{rules.sides.min}-{rules.sides.max}"
    return span + (f" (teams {', '.join(rules.sides.teams)})" if rules.sides.teams else "")


@app.command("list")
def list_(json: JsonOption = False) -> None:
    """The built-in rule sets: id, game, deck, sides, target and ending."""
    with reporting():
        sets = [load_rules(i) for i in builtin_ids()]
    if json:
        print(to_json([{"id": r.id, "name": r.name, "deck": r.deck, "sides": [r.sides.min, r.sides.max],
                        "target": r.match.target, "finish": r.match.finish} for r in sets]))
        return
    print(table(["id", "game", "deck", "sides", "target", "ending"],
                [[r.id, r.name, r.deck, _sides(r), r.match.target, r.match.finish] for r in sets]))


def _describe(category: object) -> str:
    spec = vars(category)
    skip = {"id", "label", "points", "optional", "win_match", "note", "kind"}
    parts = []
    for key, value in spec.items():
        if key in skip or value in ((), {}, None, False):
            continue
        if key == "ties" and value == "nobody":
            continue
        if hasattr(value, "__dataclass_fields__"):
            value = ", ".join(f"{k}={'/'.join(v)}" for k, v in vars(value).items() if v) or "all cards"
        parts.append(f"{key}: {value}")
    return "; ".join(parts)


@app.command()
def show(ref: Annotated[str, typer.Argument(metavar="ID|PATH", help="A built-in id or a YAML file.")],
         json: JsonOption = False) -> None:
    """One rule set: its categories in count order and its match settings."""
    import dataclasses

    with reporting():
        rules = load_rules(ref)
    if json:
        print(to_json(dataclasses.asdict(rules)))
        return
    print(f"{rules.name} ({rules.id})" + (f", extends {rules.extends}" if rules.extends else ""))
    if rules.description:
        print(rules.description)
    print(f"deck {rules.deck}; sides {_sides(rules)}")
    rows = [[c.id, c.title, c.kind, c.points, "optional" if c.optional else "",
             "wins the match" if c.win_match else "", _describe(c)] for c in rules.categories]
    print()
    print(table(["id", "category", "kind", "points", "", "", "detail"], rows))
    stake = rules.match.stake
    extras = []
    if stake.margin:
        extras.append("stake is the margin")
    if stake.double_if_loser_below:
        extras.append(f"doubled if the loser has under {stake.double_if_loser_below}")
    print(f"\nmatch: to {rules.match.target}, ending {rules.match.finish}, playoff {rules.match.playoff}"
          + (f"; {'; '.join(extras)}" if extras else ""))
    if rules.capture is not None and rules.capture.note:
        print(f"captures: {rules.capture.note}")
    for note in rules.notes:
        print(f"note: {note}")


@app.command()
def check(file: Annotated[Path, typer.Argument(help="A rule-set YAML file.")]) -> None:
    """Validate a rule-set file; every error is printed as FILE:LINE:COL: path: message."""
    from scorekeeper.rules.validation import read_rules

    try:
        with reporting():
            if not file.is_file():
                raise InputErrors([f"{file}: no such file"])
            rules, _ = read_rules(file)
    except typer.Exit:
        raise
    print(f"ok: {file} ({rules.id}: {len(rules.categories)} categories, deck {rules.deck})")


@app.command()
def schema() -> None:
    """Print the JSON Schema (draft-07) of rule-set files, for YAML editors."""
    from scorekeeper.rules.validation import json_schema

    print(to_json(json_schema()))


_ = (NOT_OK, say)
