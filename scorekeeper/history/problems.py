"""A stored hand's problems in the reader's language.

A hand stored with its problems (forced) keeps them as sentences, in the language of whoever stored
it. A reader in another language (a phone in Spanish, after one in Italian stored the hand) gets them
counted again from what was typed, by the one engine, in their own words; a hand that cannot be
counted again (entered from its points alone, or read without what was typed) keeps its sentences.
"""

from __future__ import annotations

from scorekeeper.errors import ScorekeeperError
from scorekeeper.history.matches import Match
from scorekeeper.i18n import _
from scorekeeper.match.hand import count_for
from scorekeeper.scoring.hand import hand_from_mapping


def hand_problems(match: Match, number: int) -> tuple[str, ...]:
    """The problems of live hand ``number`` of ``match``, in the language in use where they can be
    counted again, else as they were stored."""
    row = match.row.live_hands[number - 1]
    stored = tuple(row.problems)
    if not row.forced or not row.typed or "piles" not in row.typed:  # not for players: a hand-file key
        return stored
    try:
        spec = hand_from_mapping(row.typed, _("hand {number}").format(number=number))
        return tuple(count_for(match.settings, tuple(row.sides), spec).result.problems)
    except ScorekeeperError:  # typed by an older version, in words this one no longer reads
        return stored
