"""What ``verify`` checks a line against, built once per rule set: the piles through the one
partition check (``scoring.piles.exact_masks``), the full checks of ``score``, the replay of a
record's plays on the one ``Game``."""

from __future__ import annotations

from typing import Any

from scorekeeper.i18n import _
from scorekeeper.play.capture import CaptureEngine
from scorekeeper.play.records import read_record, record_enabled
from scorekeeper.play.replay import replay as replay_record
from scorekeeper.play.replay import replayed_entry
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.scoring.count import Counter
from scorekeeper.scoring.hand import hand_from_mapping
from scorekeeper.scoring.piles import exact_masks, token_reader

RECORD_ONLY = ("deal", "plays", "teams", "seed", "hand", "matta")
_FAST_KEYS = frozenset(("rules", "piles", "sweeps", *RECORD_ONLY))
_INT = {int}


class Checker:
    """What one rule set needs for checking, built on first use."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.counter = Counter(rules)
        self.deck = deck = rules.cards
        self.engines: dict[tuple[str, ...], CaptureEngine] = {}  # by the optional categories turned on
        self.read_pile = token_reader(deck)

    def fast(self, data: dict[str, Any]) -> bool:
        """True when the piles and sweeps of a plain line check out; False: take the full path.

        Only canonical tokens (``7d``, as ``simulate`` writes them) are looked up; any other
        notation, a problem, or a key this path does not read sends the line to ``full_check``,
        which finds and words every problem."""
        piles = data.get("piles")
        if type(piles) is not dict or not data.keys() <= _FAST_KEYS:
            return False
        try:
            masks = exact_masks(piles.values(), self.rules, self.read_pile)
        except AttributeError:  # a pile that is not text
            return False
        if masks is None:
            return False
        sweeps = data.get("sweeps")
        if not sweeps:
            return sweeps is None or sweeps == {}
        # Booleans and floats, equal to integers, go to the full path: the counts' types in one set.
        if type(sweeps) is not dict or not sweeps.keys() <= piles.keys() or set(map(type, sweeps.values())) != _INT:
            return False
        if not any(sweeps.values()):
            return True
        fit, held = self.counter.sweeps_fit, dict(zip(piles, masks, strict=True))
        return all(fit(count, held[side].bit_count()) for side, count in sweeps.items())

    def full_check(self, data: dict[str, Any], where: str) -> list[str]:
        """Every problem of a hand line, as ``score`` reports them."""
        hand = {k: v for k, v in data.items() if k not in RECORD_ONLY}
        spec = hand_from_mapping(hand, where)
        return list(self.counter.score(spec.entry(self.deck)).problems)

    def ready(self, enabled: tuple[str, ...] = ()) -> CaptureEngine:
        """The rule set's engine with these optional categories on (an optional sweeps category
        decides whether clearing the table sweeps), built at its first use (a file of piles lines never needs one)."""
        engine = self.engines.get(enabled)
        if engine is None:
            engine = self.engines[enabled] = CaptureEngine(self.rules, enabled)
        return engine

    def replay(self, data: dict[str, Any], where: str) -> list[str]:
        """Replay a record line; the first illegal play, or what its outcome contradicts."""
        outcome = replay_record(read_record(data, where, self.deck), self.ready(record_enabled(data)), count=False)
        if outcome.illegal is not None:
            number, reason = outcome.illegal
            return [_("play {number}: {problem}").format(number=number, problem=reason) if number else reason]
        entry = replayed_entry(outcome.record, outcome.sides, outcome.sweeps)
        return outcome.mismatches + list(self.counter.problems_of(entry, outcome.piles))
