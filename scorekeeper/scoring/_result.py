"""What a count takes and gives back: a hand as typed (``HandEntry``) and its count (``HandResult``).

They live apart from ``count`` so that each module stays readable; ``count`` is where they are
used and where the rest of the package imports them from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper.cards import CardSet
from scorekeeper.i18n import _
from scorekeeper.notation import PileText
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.scoring.categories import Explained, Scored, Scorer

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # a dataclass that compiles no method (see scorekeeper._frozen)
    from scorekeeper._frozen import dataclass

#: No facts: the default of a hand's counts, read-only since every hand without them shares it.
NONE: Mapping[Any, Any] = MappingProxyType({})


def fact_name(key: str, name: str) -> str:
    """How a hand names one of its facts, by the hand-file key it is given under.

    >>> fact_name("sweeps", "Anna"), fact_name("declared", "Anna:bussata"), fact_name("with", "napola")
    ('sweeps of Anna', 'declared Anna:bussata', 'optional category napola')
    """
    if key == "sweeps":
        return _("sweeps of {side}").format(side=name)
    if key == "claims":
        return _("claim of {side}").format(side=name)
    if key == "declared":
        return _("declared {side}").format(side=name)
    if key == "with":
        return _("optional category {id}").format(id=name)
    raise KeyError(key)


class HandEntry(NamedTuple):
    """One hand as typed: piles in side order, and the counts no pile shows.

    ``where`` says how to name a fact in a message when it was given somewhere worth pointing at:
    ``("sweeps", "Anna") -> "--sweeps Anna"`` or ``"hand.yaml:7:10: sweeps of Anna"``; keys are a
    hand-file key and the side (``"Anna:bussata"`` for a declaration, the category id for ``with``).
    Without one, the hand's own words are used (``sweeps of Anna``).
    """

    # A NamedTuple, immutable as a frozen dataclass, and quicker to make for every hand (a frozen
    # dataclass's __init__ sets each field through object.__setattr__).
    sides: tuple[str, ...]
    piles: tuple[PileText, ...]
    sweeps: Mapping[str, int] = NONE
    declared: Mapping[str, Mapping[str, int]] = NONE
    claims: Mapping[str, int] = NONE
    enabled: tuple[str, ...] = ()
    where: Mapping[tuple[str, str], str] = NONE

    def name_of(self, key: str, name: str) -> str:
        """How to name one fact in a message: where it was given, or the hand's words for it."""
        return self.where.get((key, name)) or fact_name(key, name)


class CategoryResult(NamedTuple):
    """One category of one hand."""

    scorer: Scorer
    scored: Scored

    @property
    def id(self) -> str:
        return str(self.scorer.spec.id)

    @property
    def label(self) -> str:
        return str(self.scorer.spec.title)

    @property
    def points(self) -> tuple[int, ...]:
        return self.scored.points

    def explain(self, sides: Sequence[str]) -> Explained:
        return self.scorer.explain(self.scored, sides)


def categories_of(scorers: Sequence[Scorer], scores: Sequence[Scored]) -> tuple[CategoryResult, ...]:
    """Each scorer beside its outcome."""
    # tuple.__new__ rather than CategoryResult(...): the NamedTuple's own __new__ is a Python function.
    return tuple(map(tuple.__new__, (CategoryResult,) * len(scorers), zip(scorers, scores, strict=True)))


@dataclass()
class HandResult:
    """The count of one hand: categories in count order, totals, and the problems found."""

    rules: RuleSet
    sides: tuple[str, ...]
    masks: tuple[int, ...]
    sweeps: tuple[int, ...]
    scorers: tuple[Scorer, ...]  # the categories counted, in count order
    scores: tuple[Scored, ...]  # the outcome of each
    totals: tuple[int, ...]
    problems: tuple[str, ...]
    claims: Mapping[str, int]
    match_winner: str | None = None
    _categories: tuple[CategoryResult, ...] | None = field(default=None, repr=False, compare=False)

    # Written here rather than compiled at every start with three other methods (see
    # scorekeeper._frozen): every count makes one.
    def __init__(self, rules: RuleSet, sides: tuple[str, ...], masks: tuple[int, ...], sweeps: tuple[int, ...],
                 scorers: tuple[Scorer, ...], scores: tuple[Scored, ...], totals: tuple[int, ...],
                 problems: tuple[str, ...], claims: Mapping[str, int], match_winner: str | None = None,
                 _categories: tuple[CategoryResult, ...] | None = None) -> None:
        self.rules, self.sides, self.masks, self.sweeps = rules, sides, masks, sweeps
        self.scorers, self.scores, self.totals, self.problems = scorers, scores, totals, problems
        self.claims, self.match_winner, self._categories = claims, match_winner, _categories

    @property
    def categories(self) -> tuple[CategoryResult, ...]:
        """Each category's scorer and outcome, in count order."""
        # Made when first read rather than by every count: verify and the bulk checks read only the totals and problems.
        if self._categories is None:
            self._categories = categories_of(self.scorers, self.scores)
        return self._categories

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def piles(self) -> tuple[CardSet, ...]:
        """Each side's pile as a card set."""
        return tuple(map(self.rules.cards.cardset, self.masks))

    def to_dict(self) -> dict[str, Any]:
        """The whole result as plain data for JSON."""
        categories = []
        for result in self.categories:
            explained = result.explain(self.sides)
            categories.append({"id": result.id, "label": result.label, "kind": result.scorer.spec.kind,
                               "points": dict(zip(self.sides, result.points, strict=True)), "note": explained.note,
                               "detail": explained.detail})
        return {
            "rules": self.rules.id, "sides": list(self.sides),
            "piles": {s: str(p) for s, p in zip(self.sides, self.piles, strict=True)},
            "sweeps": dict(zip(self.sides, self.sweeps, strict=True)),
            "categories": categories, "totals": dict(zip(self.sides, self.totals, strict=True)),
            "claims": dict(self.claims), "match_winner": self.match_winner,  # not for players: JSON keys
            "problems": list(self.problems), "ok": self.ok,
        }
