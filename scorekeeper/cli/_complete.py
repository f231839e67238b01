"""Shell completion (typer's, installed with ``scorekeeper --install-completion``) of the names a player
types: matches by id or name, sides and players.

The callbacks run only when the shell asks for a completion: they read the history then, read-only,
and a history that cannot be read completes nothing (a completion never prints an error into the
line being typed). Each answer is a value with its help (zsh and fish show it beside the value).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from typer.models import OptionInfo

if TYPE_CHECKING:
    from scorekeeper.history.store import Store

#: How many of the newest matches completion offers (a shell shows a screen of them at most).
RECENT = 50


@contextmanager
def _history(ctx: typer.Context) -> Iterator[Store | None]:
    """The history named by --db (if typed before the word completed) or the default, read-only; None
    when it cannot be opened."""
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.history.store import Store

    db = ctx.params.get("db")
    store = None
    with suppress(ScorekeeperError, OSError):
        store = Store(Path(db) if db else None, readonly=True)
    if store is None:
        yield None
        return
    with store:
        yield store


def _recent(ctx: typer.Context) -> list[dict[str, Any]]:
    """The newest matches' summaries (empty if the history cannot be read)."""
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.history.listing import list_matches

    with _history(ctx) as store, suppress(ScorekeeperError, OSError):
        if store is not None:
            return list_matches(store, limit=RECENT)[0]
    return []


def match_refs(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """Match ids and names that start with what is typed, newest first, each with its game and sides."""
    from scorekeeper.i18n import _

    found: dict[str, str] = {}
    for row in _recent(ctx):
        state = _("playing") if not row["finished"] else _("over")
        about = _("{rules}: {sides} ({state})").format(rules=row["rules"], sides=" vs ".join(row["sides"]),
                                                       state=state)
        for ref in (str(row["id"]), row["name"]):
            if ref and ref.casefold().startswith(incomplete.casefold()):
                found.setdefault(ref, about)
    return list(found.items())


def side_names(ctx: typer.Context, incomplete: str) -> list[str]:
    """Sides and players of the newest matches that start with what is typed (for ``match new --side``)."""
    names: dict[str, None] = {}
    for row in _recent(ctx):
        for side in row["sides"]:
            for name in (side, *side.split("+")):
                if name.casefold().startswith(incomplete.casefold()):
                    names.setdefault(name)
    return list(names)


def pile_sides(ctx: typer.Context, incomplete: str) -> list[str]:
    """``SIDE=`` for each side of the match named (or being played); after the '=', ``SIDE=rest``."""
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.history.matches import load_match

    sides: tuple[str, ...] = ()
    with _history(ctx) as store, suppress(ScorekeeperError, OSError):
        if store is not None:
            sides = load_match(store, ctx.params.get("match")).settings.side_names
    name, equals, cards = incomplete.partition("=")
    if equals:
        return [f"{name}=rest"] if "rest".startswith(cards.casefold()) and name in sides else []
    return [f"{side}=" for side in sides if side.casefold().startswith(name.casefold())]


def completing(option: Any, callback: Any) -> OptionInfo:
    """The option of an ``Annotated[..., typer.Option(...)]`` alias (from cli.common), completed by
    ``callback``: the alias stays the one place its names and help are written."""
    from copy import copy

    info = copy(next(m for m in option.__metadata__ if isinstance(m, OptionInfo)))
    info.autocompletion = callback
    return info
