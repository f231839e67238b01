"""Settling a primiera dispute at the table, from the piles the players show.

The piles are read exactly as a count reads them (``read_piles``), with one difference: players
settling a primiera often show only the cards that matter, so cards in no pile are not a problem.
A 'rest' pile still takes every card nobody listed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scorekeeper.cards import Rank
from scorekeeper.i18n import N_, translated
from scorekeeper.rules.ruleset import PrimieraCategory, RuleSet
from scorekeeper.scoring.hand import HandSpec, hand_rules
from scorekeeper.scoring.piles import read_piles
from scorekeeper.scoring.primiera import PrimieraScorer, PrimieraSide, explain_primiera

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # frozen dataclasses with only __init__ compiled, for a quicker start-up (see scorekeeper._frozen)
    from scorekeeper._frozen import dataclass

#: Said instead of a verdict while the piles have problems.
NO_VERDICT = N_("no verdict until the piles are right")


@dataclass(frozen=True, kw_only=False)
class PrimieraDispute:
    """Each side's primiera, who wins and why, and whatever is wrong with the piles shown."""

    rules: RuleSet
    sides: tuple[str, ...]
    by_side: tuple[PrimieraSide, ...]  # in side order
    values: Mapping[Rank, int]  # the value of each rank in this rule set's primiera
    winner: str | None
    reason: str
    detail: dict[str, Any]
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        """The dispute as plain data for JSON."""
        return {"sides": self.detail, "winner": self.winner, "reason": self.reason,
                "problems": list(self.problems), "ok": self.ok}


def settle_primiera(spec: HandSpec, rules: RuleSet | None = None) -> PrimieraDispute:
    """Settle a primiera from the piles of a typed hand, under ``rules``, else the rule set it
    names, else scopa; a rule set that scores no primiera is settled by the usual table."""
    ruleset = rules if rules is not None else hand_rules(spec)
    entry = spec.entry(ruleset.cards)
    read = read_piles(ruleset, entry.sides, entry.piles, whole_deck=False)
    category = next((c for c in ruleset.categories if isinstance(c, PrimieraCategory)),
                    PrimieraCategory(id="primiera", kind="primiera"))
    scorer = PrimieraScorer(category, ruleset.cards)
    by_side = scorer.sides(read.masks)
    taker = None if read.problems else scorer.score(read.masks, (), ()).taker
    explained = explain_primiera(by_side, taker, entry.sides, ruleset.cards)
    return PrimieraDispute(
        ruleset, entry.sides, by_side, scorer.values,
        winner=None if taker is None else entry.sides[taker],
        reason=translated(NO_VERDICT) if read.problems else explained.note,
        detail=explained.detail, problems=read.problems)
