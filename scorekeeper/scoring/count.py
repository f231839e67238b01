"""A hand in, every category's points and every problem out.

``HandEntry`` is what was typed at the table; ``Counter`` holds a rule set's scorers and turns an
entry (or ready-made bitmasks) into a ``HandResult``. Every check runs, and every problem found is
reported, before anyone reads a total.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter
from typing import NamedTuple

from scorekeeper.cards import CODES, Deck
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
from scorekeeper.scoring._claims import claim_problem
from scorekeeper.scoring._result import CategoryResult, HandEntry, HandResult, categories_of, fact_name
from scorekeeper.scoring._tallies import DeclaredScorer, SequenceScorer, SweepsScorer
from scorekeeper.scoring.bounds import count_problems, fewest_cards, most_declared, most_sweeps
from scorekeeper.scoring.categories import CardScorer, EachScorer, MostScorer, Points, Scored, Scorer, SetScorer
from scorekeeper.scoring.piles import exact_masks, read_piles
from scorekeeper.scoring.primiera import PrimieraScorer

__all__ = ["SCORERS", "CategoryResult", "Counter", "HandEntry", "HandResult", "always_counted",  # not for players
           "build_scorer", "counter_for", "fact_name"]  # not for players: names

#: The scorer of each category kind: a new kind is a schema class in rules.py, a scorer, and a line here.
SCORERS: dict[type, type[Scorer]] = {
    MostCategory: MostScorer, CardCategory: CardScorer, EachCategory: EachScorer,
    PrimieraCategory: PrimieraScorer, SequenceCategory: SequenceScorer, SetCategory: SetScorer,
    SweepsCategory: SweepsScorer, DeclaredCategory: DeclaredScorer,
}


def build_scorer(category: Category, deck: Deck) -> Scorer:
    """The scorer for one category of a rule set."""
    return SCORERS[type(category)](category, deck)


_CODE = attrgetter("code")
#: The pile of a hand read straight to masks (``Counter.score_masks``): no card marked.
_UNMARKED = PileText()

_COUNTERS: dict[int, tuple[RuleSet, Counter]] = {}  # the rule set is kept, so its id is not reused


def counter_for(rules: RuleSet) -> Counter:
    """The Counter of a rule set, built once per rule set and process.

    Building one (the primiera table above all) costs several times the count of a hand; a
    program scoring hand after hand under one rule set builds it once.
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
        self._declared = {c.id for c in rules.categories if isinstance(c, DeclaredCategory)}
        self._plans: dict[tuple[str, ...], _Plan] = {}
        self._limits: dict[int, tuple[int, int]] = {}  # most sweeps and declarations a side, by sides
        self._sweeps_on: dict[tuple[str, ...], bool] = {}  # whether sweeps count, by optional categories on
        # The bit of each card of the deck by its code (0 for a card of another deck), for ``_read_pile``.
        bits = {card.code: 1 << i for i, card in enumerate(self.deck.cards)}
        self._bit_of_code = [bits.get(code, 0) for code in range(CODES)]

    def max_points(self, n_sides: int, *, enabled: Sequence[str] = ()) -> int:
        """The most a hand can give, leaving out sweeps and declared points (they have no bound)."""
        return sum(s.max_points(n_sides) for s in self.scorers
                   if not isinstance(s.spec, (SweepsCategory, DeclaredCategory))
                   and (not s.spec.optional or s.spec.id in enabled))

    def check_names(self, entry: HandEntry) -> None:
        """Refuse (as input not understood) counts for unknown sides or categories."""
        for key, mapping in (("sweeps", entry.sweeps), ("claims", entry.claims), ("declared", entry.declared)):
            for side in mapping:
                if side not in entry.sides:
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
        self._check_facts(entry)
        masks = self._exact_masks(entry.sides, entry.piles)
        if masks is not None:
            return self._counted(entry, masks, [])
        read = read_piles(self.rules, entry.sides, entry.piles)
        return self._counted(entry, read.masks, list(read.problems))

    def score_masks(self, entry: HandEntry, masks: tuple[int, ...]) -> HandResult:
        """Check and count a hand whose piles are already read as masks that hold every card of the
        deck once, none marked (``entry.piles`` may then be empty): what ``score`` does once it has
        read the piles. The front door's plain piles and replayed hands come this way."""
        self._check_facts(entry)
        return self._counted(entry, masks, [])

    def problems_of(self, entry: HandEntry, masks: tuple[int, ...]) -> tuple[str, ...]:
        """The problems ``score_masks`` finds in the hand: only a claim needs the categories counted
        (its total is compared), so without one they are not (``verify`` of replayed records)."""
        if entry.claims:
            return self.score_masks(entry, masks).problems
        self._check_facts(entry)
        problems: list[str] = []
        self._sweeps(entry, masks, problems)
        return tuple(problems)

    def _check_facts(self, entry: HandEntry) -> None:
        self.check_names(entry)
        if entry.sweeps or entry.declared:  # counts no hand of this game can have: refused, never forced
            self._check_bounds(entry)

    def _counted(self, entry: HandEntry, masks: tuple[int, ...], problems: list[str]) -> HandResult:
        sweeps = self._sweeps(entry, masks, problems)
        declared = {cid: tuple(entry.declared.get(s, {}).get(cid, 0) for s in entry.sides)
                    for cid in self._declared} if entry.declared else {}
        return self.count(entry.sides, masks, sweeps, declared, entry.enabled, entry.claims, problems)

    def _check_bounds(self, entry: HandEntry) -> None:
        n = len(entry.sides)
        limits = self._limits.get(n)
        if limits is None:  # kept per number of sides, not worked out for every hand
            limits = self._limits[n] = (most_sweeps(self.rules, n), most_declared(self.rules, n))
        sweeps, declared = entry.sweeps, entry.declared
        if (sweeps and max(sweeps.values()) > limits[0]
                or declared and any(c > limits[1] for counts in declared.values() for c in counts.values())):
            raise InputErrors(count_problems(self.rules, n, entry.sweeps, entry.declared, entry.name_of))

    def _exact_masks(self, sides: tuple[str, ...], piles: Sequence[PileText]) -> tuple[int, ...] | None:
        """The piles as masks when nothing is wrong with them (the usual hand), else None, and then
        ``read_piles`` finds and words every problem."""
        if len(set(sides)) != len(sides):
            return None
        return exact_masks(piles, self.rules, self._read_pile)

    def _read_pile(self, pile: PileText) -> tuple[int, int, bool]:
        """A pile's cards to bits by their codes (a C call each, no Card hashed), for ``exact_masks``."""
        cards = pile.cards
        return sum(map(self._bit_of_code.__getitem__, map(_CODE, cards))), len(cards), pile.rest

    def _sweeps(self, entry: HandEntry, masks: Sequence[int], problems: list[str]) -> tuple[int, ...]:
        counts = []
        typed_sweeps = entry.sweeps
        for side, pile, mask in zip(entry.sides, entry.piles or (_UNMARKED,) * len(masks), masks, strict=True):
            typed = typed_sweeps.get(side)
            # Only a side whose sweeps could be wrong is looked at closely (its words made).
            if pile.marked or typed and not self.sweeps_fit(typed, mask.bit_count(), entry.enabled):
                typed = self._side_sweeps(entry, side, pile, mask, typed, problems)
            counts.append(typed or 0)
        return tuple(counts)

    def sweeps_fit(self, count: int, held: int, enabled: tuple[str, ...] = ()) -> bool:
        """Whether a side may have made ``count`` sweeps with ``held`` cards in its pile: sweeps score
        in this game with these optional categories on, and the pile holds the cards they took
        (``bounds.fewest_cards``). The one sweeps check: ``verify`` and the replay ask it too."""
        if not count:
            return True
        counted = self._sweeps_on.get(enabled)
        if counted is None:
            counted = self._sweeps_on[enabled] = self.rules.counts_sweeps(enabled)
        # Two cards a sweep fit whatever the game; only a pile short of them asks about the dealt table.
        return counted and count > 0 and (count * 2 <= held or fewest_cards(self.rules, count) <= held)

    def _side_sweeps(self, entry: HandEntry, side: str, pile: PileText, mask: int, typed: int | None,
                     problems: list[str]) -> int:
        """The sweeps of one side, typed or marked, with whatever is wrong with them."""
        marked = len(set(pile.marked))
        if typed is not None and marked and typed != marked:
            typed_text = ngettext("{count} sweep typed", "{count} sweeps typed", typed).format(count=typed)
            problems.append(ngettext("pile of {side}: {count} card marked as sweeps but {typed}",
                                     "pile of {side}: {count} cards marked as sweeps but {typed}",
                                     marked).format(side=side, count=marked, typed=typed_text))
        count = typed if typed is not None else marked
        held, needed = mask.bit_count(), fewest_cards(self.rules, count)
        if needed > held:
            problems.append(ngettext("{side}: {count} sweep needs at least {cards} cards (each a capturing and a "
                                     "captured card); the pile has {held}",
                                     "{side}: {count} sweeps need at least {cards} cards (each a capturing and a "
                                     "captured card); the pile has {held}", count).format(
                side=side, count=count, cards=needed, held=held))
        # Sweeps typed while the game's sweeps category is optional and off would vanish from the
        # count without a word (Spade Cassino's count only when the players agree, per Bicycle).
        sweeps_id = next((s.spec.id for s in self.scorers if isinstance(s.spec, SweepsCategory)), None)
        if count and sweeps_id is None:
            problems.append(_("{side}: {rules} does not score sweeps, yet {count} were typed").format(
                side=side, rules=self.rules.id, count=count))
        elif count and not self.rules.counts_sweeps(entry.enabled):
            problems.append(ngettext(
                "{side}: {count} sweep typed, but {id} is an optional category of {rules}, not turned on "
                "(--with {id})",
                "{side}: {count} sweeps typed, but {id} is an optional category of {rules}, not turned on "
                "(--with {id})", count).format(side=side, count=count, id=sweeps_id, rules=self.rules.id))
        return count

    def _plan(self, enabled: tuple[str, ...]) -> _Plan:
        # Kept per set of optional categories, not chosen anew for every hand.
        plan = self._plans.get(enabled)
        if plan is None:
            active = tuple(s for s in self.scorers if not s.spec.optional or s.spec.id in enabled)
            plan = self._plans[enabled] = _Plan(active, tuple(s.score for s in active),
                                                tuple(s.spec.id for s in active),
                                                tuple(i for i, s in enumerate(active) if s.wins_match))
        return plan

    def count(self, sides: tuple[str, ...], masks: Sequence[int], sweeps: tuple[int, ...],
              declared: Mapping[str, tuple[int, ...]], enabled: Sequence[str] = (),
              claims: Mapping[str, int] | None = None, problems: list[str] | None = None) -> HandResult:
        """Count piles already held as bitmasks (the fast path for bulk checks)."""
        plan = self._plan(tuple(enabled))
        piles = tuple(masks)
        sweeps = tuple(sweeps)  # a key of the sweeps scorer's outcomes
        zeros = (0,) * len(sides)
        if declared:
            scores = [score(piles, sweeps, declared.get(cid, zeros))
                      for score, cid in zip(plan.methods, plan.ids, strict=True)]
        else:
            scores = [score(piles, sweeps, zeros) for score in plan.methods]
        if len(sides) == 2:  # the usual hand: added up pair by pair, not zipped
            first = second = 0
            for (mine, theirs), _raw, _taker in scores:
                first += mine
                second += theirs
            totals: tuple[int, ...] = (first, second)
        else:  # column by column in C
            totals = tuple(map(sum, zip(*[scored.points for scored in scores], strict=True))) if scores else zeros
        winner = None
        for i in plan.winners:
            taker = plan.scorers[i].match_taker(scores[i])
            if taker is not None:
                winner = sides[taker]
                break
        problems = problems if problems is not None else []
        if claims:
            for side, claimed in claims.items():
                i = sides.index(side)
                if claimed != totals[i]:
                    problems.append(claim_problem(side, i, claimed, totals[i], categories_of(plan.scorers, scores),
                                                  sides))
        return HandResult(self.rules, sides, piles, sweeps, plan.scorers, tuple(scores), totals, tuple(problems),
                          dict(claims) if claims else {}, winner)


class _Plan(NamedTuple):
    """The categories counted with some optional ones on, in count order, laid out once for
    ``Counter.count`` so that a count loops over nothing but the scorers' methods."""

    scorers: tuple[Scorer, ...]
    methods: tuple[Callable[[Points, Points, Points], Scored], ...]  # each scorer's score, bound once
    ids: tuple[str, ...]
    winners: tuple[int, ...]  # the places of the categories whose taking can win the match


def always_counted(fact: str, category_id: str, rules_id: str, optional: Sequence[str]) -> str:
    """Why ``--with`` cannot turn on a category that is not optional: it is always counted."""
    text = (_("{fact}: {id} is always counted in {rules}; optional ones: {ids}") if optional
            else _("{fact}: {id} is always counted in {rules}; optional ones: none"))
    return text.format(fact=fact, id=repr(category_id), rules=rules_id, ids=", ".join(optional))
