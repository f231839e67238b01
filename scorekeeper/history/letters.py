"""Which suit letters a match's hands are read in: as typed, else as the match remembers (its latest
hand with piles, else, for a rematch, the match before's, kept in its first event), else the
settings'. The doubt when nothing says it is ``match.letters``'."""

from __future__ import annotations

from typing import Protocol

from scorekeeper.history.rows import MatchRow
from scorekeeper.history.store import Store
from scorekeeper.match.letters import LETTERS, settled
from scorekeeper.scoring.hand import HandSpec


class Match(Protocol):
    """What is read here of a ``history.matches.Match`` (named so, not imported: that module imports this one)."""

    @property
    def id(self) -> int: ...

    @property
    def row(self) -> MatchRow: ...


def remembered_letters(match: Match) -> str | None:
    """The suit letters (french, italian, spanish) of the match's latest hand with piles (a match
    remembers them, so they need not be given with every hand); None before any such hand."""
    for hand in reversed(match.row.live_hands):
        if "piles" in hand.typed:  # not for players: a hand-file key (a points-only hand has none)
            return str(hand.typed.get("suit_letters", "french"))  # not for players: a hand-file key and value
    return None


def italian_letters(match: Match) -> bool | None:
    """Whether the match's hands are typed with letters other than French; None before any hand with piles."""
    letters = remembered_letters(match)
    return None if letters is None else letters != "french"


def first_letters(store: Store, match: Match) -> str | None:
    """The letters the match remembers: its hands', else those a rematch took from the match before
    (kept in its first event); None if neither says. Inside a transaction."""
    letters = remembered_letters(match)
    if letters is not None:
        return letters
    trail = store.events(match.id)
    said = trail[0]["detail"].get("suit_letters") if trail else None  # not for players: a key
    return said if said in LETTERS else None


def with_letters(spec: HandSpec, match: Match, letters: bool | str | None = None,
                 remembered: str | None = None) -> HandSpec:
    """The hand with its suit letters settled: as typed, else as the match remembers (``remembered``:
    ``first_letters``, already read), else ``letters`` (the settings': a name, or True for Italian)."""
    if spec.italian_suits is not None:
        return spec
    chosen = remembered or remembered_letters(match)
    if chosen is None:
        chosen = "italian" if letters is True else letters if isinstance(letters, str) else "french"
    return settled(spec, chosen)
