"""``match list``: a page of the matches' summary rows, without the match logic (its modules
cost ``match list`` a third of its start-up when it was in ``history.matches``)."""

from __future__ import annotations

from typing import Any

from scorekeeper.history._bulk import summaries
from scorekeeper.history.store import MAX_ID, Store, StoreError
from scorekeeper.i18n import _

#: How many matches ``match list`` shows when not told: a screen's worth.
PAGE = 20


def list_matches(store: Store, *, playing_only: bool = False, limit: int | None = PAGE,
                 offset: int = 0) -> tuple[list[dict[str, Any]], int]:
    """A page of the matches' summaries, newest first (``limit`` None: all from ``offset``), and how
    many matches there are in all."""
    if limit is not None and limit < 0 or offset < 0:
        raise StoreError(_("--limit {limit}, --offset {offset}: neither can be negative").format(
            limit=limit, offset=offset))
    with store.read():
        return summaries(store, playing_only=playing_only, limit=None if limit is None else min(limit, MAX_ID),
                         offset=min(offset, MAX_ID))
