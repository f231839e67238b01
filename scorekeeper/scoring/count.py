"""A hand in, every category's points and every problem out.

``HandEntry`` is what was typed at the table; ``Counter`` holds a rule set's scorers and turns an
entry (or ready-made bitmasks) into a ``HandResult``. Every check runs, and every problem found is
reported, before anyone reads a total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, NamedTuple

from scorekeeper._words import or_list
from scorekeeper.cards import CardSet, Deck
from scorekeeper.errors import HandError, InputErrors
from scorekeeper.i18n import _, ngettext
from scorekeeper.notation import PileText
from scorekeeper.rules.ruleset import (
    CardCategory,
    Category,
    DeclaredCategory,
    EachCategory,
    MostCategory,
    PrimieraCategory,
    RuleSet,
    SequenceCategory,
    SetCategory,
    SweepsCategory,
)
from scorekeeper.scoring.bounds import count_problems, most_declared, most_sweeps
from scorekeeper.scoring.categories import (
    CardScorer,
    DeclaredScorer,
    EachScorer,
    Explained,
    MostScorer,
    Scored,
    Scorer,
    SequenceScorer,
    SetScorer,
    SweepsScorer,
)
from scorekeeper.scoring.piles import read_piles
from scorekeeper.scoring.primiera import PrimieraScorer

#: The scorer of each category kind: a new kind is a schema class in rules.py, a scorer, and a line here.
SCORERS: dict[type, type[Scorer]] = {
    MostCategory: MostScorer, CardCategory: CardScorer, EachCategory: EachScorer,
    PrimieraCategory: PrimieraScorer, SequenceCategory: SequenceScorer, SetCategory: SetScorer,
    SweepsCategory: SweepsScorer, DeclaredCategory: DeclaredScorer,
}


def build_scorer(category: Category, deck: Deck) -> Scorer:
    """The scorer for one category of a rule set."""
    return SCORERS[type(category)](category, deck)


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


@dataclass(frozen=True)
class HandEntry:
    """One hand as typed: piles in side order, and the counts no pile shows.

    ``where`` says how to name a fact in a message when it was given somewhere worth pointing at:
    ``("sweeps", "Anna") -> "--sweeps Anna"`` or ``"hand.yaml:7:10: sweeps of Anna"``; keys are a
    hand-file key and the side (``"Anna:bussata"`` for a declaration, the category id for ``with``).
    Without one, the hand's own words are used (``sweeps of Anna``).
    """

    sides: tuple[str, ...]
    piles: tuple[PileText, ...]
    sweeps: Mapping[str, int] = field(default_factory=dict)
    declared: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    claims: Mapping[str, int] = field(default_factory=dict)
    enabled: tuple[str, ...] = ()
    where: Mapping[tuple[str, str], str] = field(default_factory=dict)

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


@dataclass(slots=True)
class HandResult:
    """The count of one hand: categories in count order, totals, and the problems found."""

    rules: RuleSet
    sides: tuple[str, ...]
    masks: tuple[int, ...]
    sweeps: tuple[int, ...]
    categories: tuple[CategoryResult, ...]
    totals: tuple[int, ...]
    problems: tuple[str, ...]
    claims: Mapping[str, int]
    match_winner: str | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def piles(self) -> tuple[CardSet, ...]:
        """Each side's pile as a card set."""
        deck = self.rules.cards
        return tuple(deck.cardset(mask) for mask in self.masks)

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


_COUNTERS: dict[int, tuple[RuleSet, Counter]] = {}  # the rule set is kept, so its id is not reused


def counter_for(rules: RuleSet) -> Counter:
    """The Counter of a rule set, built once per rule set and process.

    Building one costs about 0.3 ms (the primiera table above all), several times the count of a
    hand; a program scoring hand after hand under one rule set builds it once.
    """
    known = _COUNTERS.get(id(rules))
    if known is None or known[0] is not rules:
        if len(_COUNTERS) >= 64:
            _COUNTERS.clear()
        known = _COUNTERS[id(rules)] = (rules, Counter(rules))
    return known[1]


class Counter:
    """A rule set made ready to count: one scorer per category, built once."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.deck = rules.cards
        self.scorers = tuple(build_scorer(c, self.deck) for c in rules.categories)
        self.has_sweeps = any(isinstance(c, SweepsCategory) for c in rules.categories)
        self._declared = {c.id for c in rules.categories if isinstance(c, DeclaredCategory)}
        self._active: dict[tuple[str, ...], tuple[tuple[Scorer, str, bool], ...]] = {}
        self._limits: dict[int, tuple[int, int]] = {}  # most sweeps and declarations a side, by sides
        # The bit of each of the deck's own card objects, by identity: hashing a Card runs three
        # Python-level __hash__ calls (the dataclass's, then each enum member's), and read_piles
        # hashes cards 120 times a two-side hand: 60% of Counter.score's time. The deck keeps
        # these objects alive, so no other object can share their id.
        self._bits = {id(card): 1 << i for i, card in enumerate(self.deck.cards)}

    def max_points(self, n_sides: int, *, enabled: Sequence[str] = ()) -> int:
        """The most a hand can give, leaving out sweeps and declared points (they have no bound)."""
        return sum(s.max_points(n_sides) for s in self.scorers
                   if not isinstance(s.spec, (SweepsCategory, DeclaredCategory))
                   and (not s.spec.optional or s.spec.id in enabled))

    def check_names(self, entry: HandEntry) -> None:
        """Refuse (as input not understood) counts for unknown sides or categories."""
        known = entry.sides
        for key, mapping in (("sweeps", entry.sweeps), ("claims", entry.claims), ("declared", entry.declared)):
            for side in mapping:
                if side not in known:
                    raise HandError(_("{fact}: no pile has that side (sides: {sides})").format(
                        fact=entry.name_of(key, side), sides=", ".join(entry.sides)))
        for side, counts in entry.declared.items():
            for cid in counts:
                if cid not in self._declared:
                    self.rules.category(cid)  # raises for an unknown id
                    raise HandError(_("{fact}: {id} is not a declared category of {rules}").format(
                        fact=entry.name_of("declared", f"{side}:{cid}"), id=repr(cid), rules=self.rules.id))
        if not entry.enabled:
            return
        optional = self.rules.optional_ids
        for cid in entry.enabled:
            if cid not in optional:
                self.rules.category(cid)
                raise HandError(always_counted(entry.name_of("with", cid), cid, self.rules.id, optional))

    def score(self, entry: HandEntry) -> HandResult:
        """Check and count a typed hand."""
        self.check_names(entry)
        if entry.sweeps or entry.declared:  # counts no hand of this game can have: refused, never forced
            self._check_bounds(entry)
        masks = self._exact_masks(entry.sides, entry.piles)
        if masks is not None:
            problems: list[str] = []
        else:
            read = read_piles(self.rules, entry.sides, entry.piles)
            masks = read.masks
            problems = list(read.problems)
        sweeps = self._sweeps(entry, masks, problems)
        declared = {cid: tuple(entry.declared.get(s, {}).get(cid, 0) for s in entry.sides)
                    for cid in self._declared} if entry.declared else {}
        return self.count(entry.sides, masks, sweeps, declared, entry.enabled, entry.claims, problems)

    def _check_bounds(self, entry: HandEntry) -> None:
        n = len(entry.sides)
        limits = self._limits.get(n)
        if limits is None:  # kept per number of sides: working them out took a sixth of a hand's count
            limits = self._limits[n] = (most_sweeps(self.rules, n), most_declared(self.rules, n))
        if (max(entry.sweeps.values(), default=0) > limits[0]
                or any(c > limits[1] for counts in entry.declared.values() for c in counts.values())):
            raise InputErrors(count_problems(self.rules, n, entry.sweeps, entry.declared, entry.name_of))

    def _exact_masks(self, sides: tuple[str, ...], piles: Sequence[PileText]) -> tuple[int, ...] | None:
        """The piles as masks when nothing is wrong with them (the usual hand), else None, and then
        ``read_piles`` finds and words every problem: a fast path, not a second set of rules.

        It takes a sixth of read_piles' time for a two-side hand (8 µs against 49 µs on a loaded
        machine); with it Counter.score runs 2.2 times as fast (bench_score prints both).
        """
        rules = self.rules
        if not rules.sides.min <= len(sides) <= rules.sides.max or len(set(sides)) != len(sides):
            return None
        bits = self._bits
        masks = []
        placed = 0
        rest = None
        for i, pile in enumerate(piles):
            cards = pile.cards
            try:
                mask = sum(map(bits.__getitem__, map(id, cards)))
            except KeyError:  # cards built elsewhere (parse_pile builds its own): looked up by value
                try:
                    mask = sum(1 << self.deck.index[card] for card in cards)
                except KeyError:  # a card of another deck
                    return None
            # A sum of distinct bits has one bit per term; a card given twice carries and has fewer.
            if mask.bit_count() != len(cards) or mask & placed:
                return None
            if pile.rest:
                if rest is not None:
                    return None
                rest = i
            placed |= mask
            masks.append(mask)
        unplaced = self.deck.full & ~placed
        if rest is not None:
            masks[rest] |= unplaced
        elif unplaced:
            return None
        return tuple(masks)

    def _sweeps(self, entry: HandEntry, masks: Sequence[int], problems: list[str]) -> tuple[int, ...]:
        counts = []
        # Sweeps typed while the game's sweeps category is optional and off would vanish from the
        # count without a word (Spade Cassino's count only when the players agree, per Bicycle).
        counted = any(isinstance(s.spec, SweepsCategory) for s, _cid, _wins in self.active(entry.enabled))
        optional = next((s.spec.id for s in self.scorers if isinstance(s.spec, SweepsCategory)), "")
        for side, pile, mask in zip(entry.sides, entry.piles, masks, strict=True):
            marked = len(set(pile.marked)) if pile.marked else 0
            typed = entry.sweeps.get(side)
            if typed is not None and marked and typed != marked:
                typed_text = ngettext("{count} sweep typed", "{count} sweeps typed", typed).format(count=typed)
                problems.append(ngettext("pile of {side}: {count} card marked as sweeps but {typed}",
                                         "pile of {side}: {count} cards marked as sweeps but {typed}",
                                         marked).format(side=side, count=marked, typed=typed_text))
            count = typed if typed is not None else marked
            held = mask.bit_count()
            if count * 2 > held:
                problems.append(_("{side}: {count} sweeps need at least {cards} cards (each a capturing and a "
                                  "captured card); the pile has {held}").format(side=side, count=count,
                                                                                 cards=count * 2, held=held))
            if count and not self.has_sweeps:
                problems.append(_("{side}: {rules} does not score sweeps, yet {count} were typed").format(
                    side=side, rules=self.rules.id, count=count))
            elif count and not counted:
                problems.append(ngettext(
                    "{side}: {count} sweep typed, but {id} is an optional category of {rules}, not turned on "
                    "(--with {id})",
                    "{side}: {count} sweeps typed, but {id} is an optional category of {rules}, not turned on "
                    "(--with {id})", count).format(side=side, count=count, id=optional, rules=self.rules.id))
            counts.append(count)
        return tuple(counts)

    def active(self, enabled: Sequence[str] = ()) -> tuple[tuple[Scorer, str, bool], ...]:
        """The scorers that count in a hand with these optional categories on, in count order."""
        # Kept per set of optional categories: choosing them anew takes 1.7 µs a hand, about 7% of
        # Counter.count's 22 µs for a two-side scopa hand (bench_score's goal is 20 µs).
        key = tuple(enabled)
        found = self._active.get(key)
        if found is None:
            found = tuple((s, s.spec.id, s.wins_match) for s in self.scorers
                          if not s.spec.optional or s.spec.id in key)
            self._active[key] = found
        return found

    def count(self, sides: tuple[str, ...], masks: Sequence[int], sweeps: tuple[int, ...],
              declared: Mapping[str, tuple[int, ...]], enabled: Sequence[str] = (),
              claims: Mapping[str, int] | None = None, problems: list[str] | None = None) -> HandResult:
        """Count piles already held as bitmasks (the fast path for bulk checks)."""
        piles = tuple(masks)
        zeros = (0,) * len(sides)
        active = self.active(enabled)
        # The categories are scored first and added up afterwards, column by column in C: adding
        # each category's points to running totals as they came took a quarter of this method.
        if declared:
            scores = [scorer.score(piles, sweeps, declared.get(cid, zeros)) for scorer, cid, _ in active]
        else:
            scores = [scorer.score(piles, sweeps, zeros) for scorer, _, _ in active]
        totals = [sum(column) for column in zip(*[scored.points for scored in scores], strict=True)] or list(zeros)
        results = [CategoryResult(scorer, scored) for (scorer, _, _), scored in zip(active, scores, strict=True)]
        winner = None
        for (scorer, _cid, win_match), scored in zip(active, scores, strict=True):
            taker = scorer.match_taker(scored) if win_match else None
            if taker is not None:
                winner = sides[taker]
                break
        problems = problems if problems is not None else []
        if claims:
            for side, claimed in claims.items():
                i = sides.index(side)
                if claimed != totals[i]:
                    problems.append(_claim_problem(side, i, claimed, totals[i], results, sides))
        return HandResult(self.rules, sides, piles, sweeps, tuple(results), tuple(totals), tuple(problems),
                          dict(claims) if claims else {}, winner)



def _claim_problem(side: str, i: int, claimed: int, got: int, results: Sequence[CategoryResult],
                   sides: Sequence[str]) -> str:
    """Why a claim is wrong: the smallest set of categories that makes up the difference."""
    gap = got - claimed
    if gap > 0:
        pool = [(r.label, r.points[i]) for r in results if r.points[i] > 0]
    else:
        pool = [(r.label, r.scorer.max_points(len(sides)) - r.points[i]) for r in results
                if r.points[i] < r.scorer.max_points(len(sides)) and r.scorer.spec.kind not in ("sweeps", "declared")]
    own = ", ".join(f"{r.label} {r.points[i]}" for r in results if r.points[i]) or _("nothing")
    message = _("claim of {side}: {claimed}, but the count gives {got} ({own})").format(
        side=side, claimed=claimed, got=got, own=own)
    fits = _subsets_summing(pool, abs(gap))
    if fits:
        options = "+".join(fits[0])
        for fit in fits[1:4]:  # each joined to the last with "or": "a or b or c"
            options = or_list([options, "+".join(fit)])
        if gap > 0:
            why = _("the difference of {gap} is {options} (not counted in the claim?)")
        else:
            why = _("the difference of {gap} is {options} (claimed but not won?)")
        message += "; " + why.format(gap=abs(gap), options=options)
    if gap < 0:
        lost = [f"{r.label}: {r.explain(sides).note}" for r in results
                if r.points[i] == 0 and r.scorer.spec.kind not in ("sweeps", "declared", "each")]
        if lost:
            message += "; " + "; ".join(lost)
    return message


def always_counted(fact: str, category_id: str, rules_id: str, optional: Sequence[str]) -> str:
    """Why ``--with`` cannot turn on a category that is not optional: it is always counted."""
    if not optional:
        return _("{fact}: {id} is always counted in {rules}; optional ones: none").format(
            fact=fact, id=repr(category_id), rules=rules_id)
    return _("{fact}: {id} is always counted in {rules}; optional ones: {ids}").format(
        fact=fact, id=repr(category_id), rules=rules_id, ids=", ".join(optional))


def _subsets_summing(pool: Sequence[tuple[str, int]], target: int) -> list[tuple[str, ...]]:
    for size in range(1, min(len(pool), 4) + 1):
        fits = [tuple(name for name, _ in combo) for combo in combinations(pool, size)
                if sum(p for _, p in combo) == target]
        if fits:
            return fits
    return []
