"""A hand given to the front door as plain values (``scorekeeper.score``), read without the
hand-file reader when nothing in it is unusual.

``plain_entry`` makes the same ``HandEntry`` that ``hand_from_mapping`` and ``HandSpec.entry`` make
of such a hand, with the same words for where each fact was given, or returns None at anything
unusual: a token that is not a card's canonical text (a suit group, a mark, a word, a bad token),
Italian suit letters, declarations, a side written as a team, a count that is not a plain whole
number, a mapping that is not a plain dict (one read from a file knows where its keys stood). The
caller then takes the full path, which reads and words everything; ``tests/test_scoring_fast_paths.py``
checks that both paths agree on random hands.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from scorekeeper._marks import MAX_DIGITS
from scorekeeper.cards import Deck
from scorekeeper.notation import REST, PileText
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.scoring._result import HandEntry, fact_name
from scorekeeper.scoring.piles import exact_masks, token_reader

#: Where the front door's facts are said to come from in messages, as ``score`` names them.
SOURCE = "hand"  # not for players: the front door's name for its hand in messages, as before
_TOO_LARGE = 10**MAX_DIGITS


def plain_entry(piles: Mapping[str, str], sweeps: Mapping[str, int] | None, claims: Mapping[str, int] | None,
                enabled: Sequence[str], rules: RuleSet) -> tuple[HandEntry, tuple[int, ...] | None] | None:
    """The typed hand of plain pile texts in canonical tokens (or ``rest``) and plain counts, or None;
    with it, the piles as masks when they hold every card of the deck once (``Counter.score_masks``
    counts them), else None (``Counter.score`` reads the piles and words what is wrong)."""
    if type(piles) is not dict or not piles:
        return None
    # A side written as a team (Anna+Bruno) has its shape checked on the full way (scoring.sides).
    if any(type(side) is not str or type(text) is not str or "+" in side for side, text in piles.items()):
        return None
    masks = exact_masks(piles.values(), rules, token_reader(rules.cards))
    read: tuple[PileText, ...] = ()  # exact piles need no PileText: the masks say it all, no card is marked
    if masks is None:
        texts = canonical_piles(piles.values(), rules.cards)
        if texts is None:
            return None
        read = tuple(texts)
    on = list(enabled)
    if any(type(cid) is not str for cid in on):
        return None
    places = [("with", cid) for cid in on]
    typed_sweeps = _counts(sweeps, "sweeps", places)
    typed_claims = _counts(claims, "claims", places)
    if typed_sweeps is None or typed_claims is None or not (typed_sweeps.keys() | typed_claims.keys()) <= piles.keys():
        return None  # a count under a team's player is put under the team by the full path (scoring.hand.with_teams)
    return HandEntry(tuple(piles), read, typed_sweeps, {}, typed_claims, tuple(on), _Places(places)), masks


class _Places(Mapping[tuple[str, str], str]):
    """Where the front door's facts were given (``hand: sweeps of Anna``), worded only when a message
    needs it, not for every fact of every hand beforehand (a translated phrase and a format each)."""

    __slots__ = ("_keys",)

    def __init__(self, keys: list[tuple[str, str]]) -> None:
        self._keys = keys

    def __getitem__(self, key: tuple[str, str]) -> str:
        if key not in self._keys:
            raise KeyError(key)
        return f"{SOURCE}: {fact_name(*key)}"

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(dict.fromkeys(self._keys))

    def __len__(self) -> int:
        return len(dict.fromkeys(self._keys))


def canonical_piles(texts: Iterable[str], deck: Deck) -> list[PileText] | None:
    """Piles written in canonical tokens (``7d Ad 10h``) or ``rest``, looked up instead of read token
    by token; None at any other text (a suit group, a mark, a word, a bad token), which ``parse_pile``
    reads or words."""
    canonical = deck.by_text
    piles = []
    for text in texts:
        tokens = text.split()
        if tokens == [REST]:
            piles.append(PileText(rest=True))
            continue
        try:
            piles.append(PileText(list(map(canonical.__getitem__, tokens))))
        except KeyError:
            return None
    return piles


def _counts(value: Any, key: str, places: list[tuple[str, str]]) -> dict[str, int] | None:
    """Counts by side as ``hand_from_mapping`` reads them, or None for anything it would look into."""
    if not value:
        return {}
    if type(value) is not dict:
        return None
    for name, number in value.items():
        if type(name) is not str or type(number) is not int or not 0 <= number < _TOO_LARGE:
            return None
        places.append((key, name))
    return dict(value)
