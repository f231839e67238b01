"""What ``verify`` checks a line against, built once per rule set: the piles on a fast path of
integer masks, the full checks of ``score``, the replay of a record's plays."""

from __future__ import annotations

from typing import Any

from scorekeeper.play.capture import CaptureEngine
from scorekeeper.play.records import read_record
from scorekeeper.play.replay import replay as replay_record
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.scoring.count import Counter
from scorekeeper.scoring.hand import hand_from_mapping

RECORD_ONLY = ("deal", "plays", "teams", "seed", "hand")
_FAST_KEYS = frozenset(("rules", "piles", "sweeps", *RECORD_ONLY))
_INT = {int}


class Checker:
    """What one rule set needs for checking, built on first use."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.counter = Counter(rules)
        self.deck = deck = rules.cards
        self.names = frozenset(str(card) for card in deck.cards)  # canonical: 7d, not 7D or settebello
        self.size = len(deck.cards)
        self.sides = range(rules.sides.min, rules.sides.max + 1)
        self.engine: CaptureEngine | None = None

    def fast(self, data: dict[str, Any]) -> bool:
        """True when the piles and sweeps of a plain line check out; False: take the full path.

        Only canonical tokens (``7d``, as ``simulate`` writes them) are looked up; any other
        notation, a problem, or a key this path does not read sends the line to ``full_check``,
        which finds and words every problem."""
        piles = data.get("piles")
        if type(piles) is not dict or not data.keys() <= _FAST_KEYS or len(piles) not in self.sides:
            return False
        try:
            # Every pile's tokens at once, as a set: when it is the deck's set of card names and
            # there are as many tokens as cards, every card is in exactly one pile. One split and
            # one set for the whole deck, in C: this whole method takes 1.6 times json.loads of a
            # two-side Scopa line, where a dict lookup and an OR per token, pile by pile, took 2.3.
            tokens = " ".join(piles.values()).split()  # TypeError: a pile that is not a string
        except TypeError:
            return False
        if len(tokens) != self.size or set(tokens) != self.names:
            return False
        sweeps = data.get("sweeps")
        if not sweeps:
            return sweeps is None or sweeps == {}
        # The types of all counts in one set, in C (a loop over the sides took 0.3 times json.loads
        # of the line, this 0.15); booleans and floats, equal to integers, go to the full path.
        if type(sweeps) is not dict or not sweeps.keys() <= piles.keys() or set(map(type, sweeps.values())) != _INT:
            return False
        if any(sweeps.values()):
            for side, count in sweeps.items():
                # A sweep takes the table with a card of the hand: two cards in the pile per sweep.
                if count < 0 or (count and (not self.counter.has_sweeps or count * 2 > len(piles[side].split()))):
                    return False
        return True

    def full_check(self, data: dict[str, Any], where: str) -> list[str]:
        """Every problem of a hand line, as ``score`` reports them."""
        hand = {k: v for k, v in data.items() if k not in RECORD_ONLY}
        spec = hand_from_mapping(hand, where)
        return list(self.counter.score(spec.entry(self.deck)).problems)

    def replay(self, data: dict[str, Any], where: str) -> list[str]:
        """Replay a record line; the first illegal play, or what its outcome contradicts."""
        if self.engine is None:
            self.engine = CaptureEngine(self.rules)
        outcome = replay_record(read_record(data, where, self.deck), self.engine)
        if outcome.illegal is not None:
            number, reason = outcome.illegal
            return [f"play {number}: {reason}" if number else reason]
        assert outcome.result is not None
        return outcome.mismatches + list(outcome.result.problems)
