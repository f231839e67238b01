"""``rules list | show | check | schema``: the rule sets, built-in and the user's own."""

from pathlib import Path
from typing import Annotated

import typer

from scorekeeper._words import visible
from scorekeeper.cli._help import helps
from scorekeeper.cli.common import NOT_UNDERSTOOD, JsonOption, reporting
from scorekeeper.i18n import N_, ngettext
from scorekeeper.output.text import to_json

app = typer.Typer(help=N_("List, show and check rule sets; print their JSON Schema."), no_args_is_help=True)


@app.command("list")
@helps(N_("The built-in rule sets: id, game, deck, sides, target and ending."))
def list_(json: JsonOption = False) -> None:
    from scorekeeper.output.ruleset import catalogue_dicts, catalogue_text
    from scorekeeper.rules.catalog import builtin_rules

    with reporting():
        sets = builtin_rules()
    print(to_json(catalogue_dicts(sets)) if json else catalogue_text(sets))


@app.command()
@helps(N_("One rule set: its categories in count order and its match settings."))
def show(ref: Annotated[str, typer.Argument(metavar="ID|PATH", help=N_("A built-in id or a YAML file."))],
         json: JsonOption = False) -> None:
    from scorekeeper.output.ruleset import ruleset_dict, ruleset_text
    from scorekeeper.rules.catalog import load_rules

    with reporting():
        rules = load_rules(ref)
    print(to_json(ruleset_dict(rules)) if json else ruleset_text(rules))


@app.command()
@helps(N_("Validate a rule-set file; every error is printed as FILE:LINE:COL: path: message."))
def check(file: Annotated[Path, typer.Argument(help=N_("A rule-set YAML file."))], json: JsonOption = False) -> None:
    from scorekeeper.errors import InputErrors, ScorekeeperError
    from scorekeeper.rules.catalog import check_rules

    if json:  # the errors too are JSON, on standard output: {"ok": false, "errors": [...]}
        try:
            rules = check_rules(file)
        except ScorekeeperError as exc:
            errors = exc.messages if isinstance(exc, InputErrors) else [str(exc)]
            print(to_json({"file": str(file), "ok": False, "errors": errors}))
            raise typer.Exit(NOT_UNDERSTOOD) from None
        print(to_json({"file": str(file), "ok": True, "id": rules.id, "name": rules.name, "deck": rules.deck,
                       "categories": [c.id for c in rules.categories]}))
        return
    with reporting():
        rules = check_rules(file)
    count = len(rules.categories)
    print(visible(ngettext("ok: {file} ({id}: {count} category, deck {deck})",
                           "ok: {file} ({id}: {count} categories, deck {deck})", count).format(
        file=file, id=rules.id, count=count, deck=rules.deck)))


@app.command()
@helps(N_("Print the JSON Schema (draft-07) of rule-set files, for YAML editors."))
def schema() -> None:
    from scorekeeper.rules.schema import json_schema

    print(to_json(json_schema()))
