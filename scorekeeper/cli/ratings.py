"""``ratings`` and ``player``: who is strongest in each game, and one player's page."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper.cli._help import helps
from scorekeeper.cli.common import JsonOption, reporting
from scorekeeper.cli.match import DbOption, open_store
from scorekeeper.i18n import N_, _

if TYPE_CHECKING:
    from scorekeeper.history.store import Store


def open_keeping(db: Path | None) -> "Store":
    """The history, opened to write so that the ratings worked out are kept for the next command;
    one that can only be read (a copy on read-only media) is read as it is, the ratings worked out
    in memory each time."""
    from scorekeeper.history.store import StoreError

    try:
        return open_store(db)
    except StoreError as refused:
        try:
            return open_store(db, readonly=True)
        except StoreError:
            raise refused from None


@helps(N_("Ratings per game family and team shape (openskill, Plackett-Luce), best first; '?' marks a provisional "
          "one."))
def ratings(
    rules: Annotated[str | None, typer.Option(
        "--rules", "-r", metavar="ID", help=N_("Only matches under this rule set, rated apart."))] = None,
    family: Annotated[str | None, typer.Option(
        "--family", metavar="NAME", help=N_("Only this game family (scopa, scopone, escoba, cassino...)."))] = None,
    json: JsonOption = False,
    db: DbOption = None,
) -> None:
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.history.ratings import ratings_list
    from scorekeeper.output.ratings import ratings_dict, ratings_text
    from scorekeeper.output.text import to_json

    with reporting():
        if rules is not None and family is not None:
            raise ScorekeeperError(_("give --rules or --family, not both"))
        with open_keeping(db) as store:
            rows = ratings_list(store, rules=rules, family=family)
    print(to_json(ratings_dict(rows)) if json else ratings_text(rows))


@helps(N_("One player's page: matches and win rate by game, the rating over time, head to head, best partners."))
def player(
    name: Annotated[str, typer.Argument(metavar="NAME", help=N_("The player's name, or any alias of theirs."))],
    json: JsonOption = False,
    db: DbOption = None,
) -> None:
    from scorekeeper.history.ratings import player_page
    from scorekeeper.output.ratings import player_dict, player_text
    from scorekeeper.output.text import to_json

    with reporting(), open_keeping(db) as store:
        page = player_page(store, name)
    print(to_json(player_dict(page)) if json else player_text(page))
