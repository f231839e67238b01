"""``players list | alias | merge | rename | unalias``: one person under every name they were typed as."""

from typing import Annotated

import typer

from scorekeeper.cli._help import helps
from scorekeeper.cli.common import NOT_OK, JsonOption, reporting, say
from scorekeeper.cli.match import DbOption, open_store
from scorekeeper.i18n import N_, _

app = typer.Typer(help=N_("Players: list them, give one more names, merge a name typed two ways, rename."),
                  no_args_is_help=True)

NameArg = Annotated[str, typer.Argument(metavar="NAME", help=N_("A player's name (any letter case) or alias."))]
NamesArg = Annotated[list[str], typer.Argument(metavar="OTHER...", help=N_("The other names."))]


def _refused(exc: Exception) -> typer.Exit:
    say(_("error: {message}").format(message=exc))
    return typer.Exit(NOT_OK)


@app.command("list")
@helps(N_("Every player: the name shown, their other names, the matches they sat in."))
def list_(json: JsonOption = False, db: DbOption = None) -> None:
    from scorekeeper.history.players import list_players
    from scorekeeper.output.text import table, to_json

    with reporting(), open_store(db, readonly=True) as store:
        lines = list_players(store)
    if json:
        print(to_json([{"name": p.name, "aliases": list(p.aliases), "matches": p.matches}  # not for players: keys
                       for p in lines]))
        return
    print(table([_("player"), _("also"), _("matches")], [[p.name, ", ".join(p.aliases), p.matches] for p in lines])
          if lines else _("No players yet."))


@app.command()
@helps(N_("Make names typed another way one player with NAME: their matches count as NAME's."))
def merge(name: NameArg, others: NamesArg, db: DbOption = None) -> None:
    from scorekeeper.history.players import PlayerConflict, merge

    with reporting(), open_store(db) as store:
        try:
            shown = merge(store, name, others)
        except PlayerConflict as exc:
            raise _refused(exc) from None
    say(_("{others}: now counted as {name}.").format(others=", ".join(others), name=shown))


@app.command()
@helps(N_("Give NAME more names (a nickname, a spelling), even before they are used in a match."))
def alias(name: NameArg, others: NamesArg, db: DbOption = None) -> None:
    from scorekeeper.history.players import PlayerConflict, alias

    with reporting(), open_store(db) as store:
        try:
            alias(store, name, others)
        except PlayerConflict as exc:
            raise _refused(exc) from None
    say(_("{others}: now counted as {name}.").format(others=", ".join(others), name=name))


@app.command()
@helps(N_("Show a player under a new name; the old one stays an alias, so their history stays theirs."))
def rename(name: NameArg, new: Annotated[str, typer.Argument(metavar="NEW", help=N_("The new name."))],
           db: DbOption = None) -> None:
    from scorekeeper.history.players import PlayerConflict, rename

    with reporting(), open_store(db) as store:
        try:
            rename(store, name, new)
        except PlayerConflict as exc:
            raise _refused(exc) from None
    say(_("{old} is now shown as {new}.").format(old=name, new=new))


@app.command()
@helps(N_("Let aliases be players of their own again (undoes a merge or an alias)."))
def unalias(names: Annotated[list[str], typer.Argument(metavar="ALIAS...", help=N_("The aliases."))],
            db: DbOption = None) -> None:
    from scorekeeper.history.players import unalias

    with reporting(), open_store(db) as store:
        unalias(store, names)
    say(_("{names}: players of their own again.").format(names=", ".join(names)))
