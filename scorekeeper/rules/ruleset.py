"""What a rule set is: plain frozen dataclasses, with no pydantic import.

The dataclasses are also the YAML schema: ``rulefile`` validates a file into them with pydantic,
which is only imported when a file has to be read; ``catalog`` finds and caches rule sets.
"""

from __future__ import annotations

import dataclasses
from dataclasses import field
from typing import TYPE_CHECKING, Annotated, Any, Literal

from scorekeeper.cards import DECKS, Deck
from scorekeeper.errors import RuleSetError
from scorekeeper.i18n import _, current

if TYPE_CHECKING:
    from collections.abc import Sequence
    from dataclasses import dataclass
else:  # the same frozen dataclasses, made in a sixth of the time (see scorekeeper._frozen)
    from scorekeeper._frozen import made_once as dataclass

SuitLetter = Literal["d", "h", "s", "c"]
RankText = Literal["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DeckId = Literal["italian-40", "wall-street-40", "french-52"]  # not for players: file-format words
Finish = Literal["highest", "count-out", "count-out-if-tied", "claim"]  # not for players: file-format words
#: The languages a rule set may give labels in besides English (its ``label``).
LabelLanguage = Literal["it", "es"]


class AtLeast:
    """A lower bound that pydantic applies when it validates; rules.py itself never imports pydantic."""

    def __init__(self, bound: int) -> None:
        self.bound = bound

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        schema = handler(source)
        schema["ge"] = self.bound
        return schema


Count = Annotated[int, AtLeast(0)]
Positive = Annotated[int, AtLeast(1)]

# Unknown keys are errors: a typo in a rule set must not be silently ignored.
_STRICT = {"extra": "forbid"}

PRIMIERA_VALUES: dict[RankText, int] = {
    "7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12,
    "J": 10, "Q": 10, "K": 10, "8": 10, "9": 10, "10": 10,
}


@dataclass(frozen=True, kw_only=True)
class Selection:
    """Cards chosen by suit and rank (both must match when both are given), plus named cards,
    less the exceptions. An empty selection is the whole deck."""

    __pydantic_config__ = _STRICT
    suits: tuple[SuitLetter, ...] = ()
    ranks: tuple[RankText, ...] = ()
    cards: tuple[str, ...] = ()
    except_suits: tuple[SuitLetter, ...] = ()
    except_ranks: tuple[RankText, ...] = ()
    except_cards: tuple[str, ...] = ()


def in_language(labels: dict[LabelLanguage, str], label: str, default: str) -> str:
    """The label for the language in use: from ``labels`` (Italian, Spanish), else the English
    ``label``, else ``default`` (the id)."""
    language = current()
    for code, text in labels.items():
        if code == language and text:
            return text
    return label or default


@dataclass(frozen=True, kw_only=True)
class CategoryBase:
    """What every category has: an id, a label (in English, and in ``labels`` by language), its
    points, and two switches."""

    id: str
    label: str = ""
    labels: dict[LabelLanguage, str] = field(default_factory=dict)
    points: Count = 1
    optional: bool = False
    win_match: bool = False
    note: str = ""

    @property
    def title(self) -> str:
        """The label in the language in use, else the English one, else the id."""
        return in_language(self.labels, self.label, self.id)


@dataclass(frozen=True, kw_only=True)
class MostCategory(CategoryBase):
    """The side with strictly more of the selection than every other side scores."""

    __pydantic_config__ = _STRICT
    kind: Literal["most"]
    select: Selection = Selection()
    # carry: a tie scores nobody, and the points go to whoever wins the category in the next hand
    # of the match (Finnish Kasino, per Finnish Wikipedia: a tied point "stays in the pack").
    ties: Literal["nobody", "split", "carry"] = "nobody"
    # Settles a tie among the leaders before ``ties`` applies: ranks and cards, in turn, as "6 A" (most
    # sixes, then most aces) or "7d" (whoever holds it). Escoba's sevens, per some Spanish sources.
    tie_break: str | None = None


@dataclass(frozen=True, kw_only=True)
class CardCategory(CategoryBase):
    """The side holding one named card scores."""

    __pydantic_config__ = _STRICT
    kind: Literal["card"]
    card: str


@dataclass(frozen=True, kw_only=True)
class EachCategory(CategoryBase):
    """Points for every card of the selection; ``card_points`` gives some cards other points."""

    __pydantic_config__ = _STRICT
    kind: Literal["each"]
    select: Selection
    card_points: dict[str, Count] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class PrimieraCategory(CategoryBase):
    """Best card of each suit by ``values``, summed; a side lacking a suit cannot win."""

    __pydantic_config__ = _STRICT
    kind: Literal["primiera"]
    values: dict[RankText, Count] = field(default_factory=lambda: dict(PRIMIERA_VALUES))


@dataclass(frozen=True, kw_only=True)
class SequenceCategory(CategoryBase):
    """An unbroken run in one suit from ``start``: ``points`` per card once ``min_length`` is met."""

    __pydantic_config__ = _STRICT
    kind: Literal["sequence"]
    suit: SuitLetter
    start: RankText = "A"
    min_length: Positive = 3
    cap: Positive | None = None
    # A run through the whole suit wins the match (napoleone: the napola of all ten coins).
    whole_run_wins: bool = False


@dataclass(frozen=True, kw_only=True)
class SetCategory(CategoryBase):
    """The side holding every card of the selection scores."""

    __pydantic_config__ = _STRICT
    kind: Literal["set"]
    select: Selection


@dataclass(frozen=True, kw_only=True)
class SweepsCategory(CategoryBase):
    """Points per sweep, typed in as a count; with ``cancel`` only the difference scores."""

    __pydantic_config__ = _STRICT
    kind: Literal["sweeps"]
    cancel: bool = False
    # Once any side's match total has reached this, sweeps score nothing (Finnish Kasino: 10).
    stop_at: Positive | None = None


@dataclass(frozen=True, kw_only=True)
class DeclaredCategory(CategoryBase):
    """Points for things no pile shows, typed in as a count per side."""

    __pydantic_config__ = _STRICT
    kind: Literal["declared"]


Category = (MostCategory | CardCategory | EachCategory | PrimieraCategory | SequenceCategory
            | SetCategory | SweepsCategory | DeclaredCategory)
CATEGORY_KINDS: dict[str, type[CategoryBase]] = {
    "most": MostCategory, "card": CardCategory, "each": EachCategory, "primiera": PrimieraCategory,
    "sequence": SequenceCategory, "set": SetCategory, "sweeps": SweepsCategory,
    "declared": DeclaredCategory,
}


@dataclass(frozen=True, kw_only=True)
class Sides:
    """How many sides a hand has, and the team shapes a match may use (``2x2``: two teams of two)."""

    __pydantic_config__ = _STRICT
    min: Positive = 2
    max: Positive = 2
    teams: tuple[str, ...] = ()
    singles: bool = True


@dataclass(frozen=True, kw_only=True)
class Stake:
    """What a won match is worth: 1, or the margin; doubled when the loser stays below a mark."""

    __pydantic_config__ = _STRICT
    double_if_loser_below: Positive | None = None
    margin: bool = False


@dataclass(frozen=True, kw_only=True)
class MatchRules:
    """Target, ending policy, who plays an extra hand after a tie, and the stake."""

    __pydantic_config__ = _STRICT
    target: Positive
    finish: Finish = "highest"
    playoff: Literal["all", "tied"] = "all"
    stake: Stake = Stake()


@dataclass(frozen=True, kw_only=True)
class DealRules:
    """How many cards each player gets per round, and how many go face up to the table first."""

    __pydantic_config__ = _STRICT
    hand: Positive = 3
    table: Count = 4
    # A dealt table holding ``redeal_at`` or more cards of ``redeal_rank`` is void and dealt again
    # (Scopa: three Kings, which no card but a King can take; Cirulla: two aces; Wall Street: three tens).
    redeal: bool = False
    redeal_rank: RankText = "K"
    redeal_at: Positive = 3
    # A dealt table whose cards total this or less is void and dealt again (0: never; a Scopone
    # tournament rule deals again at 10 or less).
    redeal_total: Count = 0


@dataclass(frozen=True, kw_only=True)
class CaptureRules:
    """How a played card takes table cards, read by the one capture engine (``capture.py``).

    ``values`` give each rank's worth in sums and totals; ``hand_values`` (by rank or card) a
    played card's worth when it differs from its worth on the table (Finnish Kasino).
    """

    __pydantic_config__ = _STRICT
    values: dict[RankText, Count]
    hand_values: dict[str, Count] = field(default_factory=dict)
    pair_only: tuple[RankText, ...] = ()
    pairing: Literal["one", "all", "none"] = "one"
    pair_first: bool = True
    sums: bool = True
    combine: bool = False
    total: Positive | None = None
    total_pair_first: bool = False
    ace_takes_all: Literal["never", "no-ace-on-table", "always"] = "never"  # not for players: file-format words
    ace_sweep_counts: bool = True
    builds: bool = False
    last_play_sweeps: bool = False
    opening_total: Positive | None = None
    # Escoba: a table of twice the opening total is taken (two sweeps) only if it splits into two such groups.
    opening_split: bool = False
    # Cirulla: a table dealt totalling this or less also goes to the dealer, for ``opening_low_sweeps``
    # sweeps (0: no such rule); ``opening_wild`` (the matta) counts any value the dealer chooses there.
    opening_low: Count = 0
    opening_low_sweeps: Count = 3
    opening_wild: str | None = None
    # The matta, once named as a rank in its holder's declaration (a record's ``matta``), is played
    # as a card of that rank: it takes, is taken, pairs and sums as one (Cirulla after Parlett).
    wild_as_named: bool = False
    # A played card of a rank listed here may count this value instead of its own (Royal
    # Cassino's ace: 1 or 14, as its player chooses).
    choice_values: dict[RankText, Count] = field(default_factory=dict)
    # A sum capture must use the fewest cards that make the sum (a Scopone and Cirulla house rule).
    fewest_cards: bool = False
    # A card that can capture must capture; False: its player may lay it down instead (some
    # Hurricane and Escoba sources).
    must_capture: bool = True
    # How many table cards of its rank a court (a ``pair_only`` card) takes; None: as ``pairing``.
    court_takes: Literal["one", "all"] | None = None
    # False: clearing the table in the last deal of the pack is no sweep (Finnish Kasino).
    last_deal_sweeps: bool = True
    # A single build may be raised to a higher value by a card from the hand (Cassino); a
    # multiple build ("building sevens") never changes value.
    raise_builds: bool = False
    # False: a player who owns a build on the table may not trail while a card of theirs can
    # capture (pagat Casino).
    owner_may_trail: bool = True
    deal: DealRules = DealRules()
    note: str = ""


OptionValue = bool | int | str | None


@dataclass(frozen=True, kw_only=True)
class RuleOption:
    """A point where the sources disagree, named so that a match can choose: a handle on one field.

    The option's default is the value its field has in the rule set, so the two cannot disagree;
    ``source`` says whose rule that default follows.
    """

    __pydantic_config__ = _STRICT
    id: str
    field: str
    label: str = ""
    labels: dict[LabelLanguage, str] = dataclasses.field(default_factory=dict)
    choices: tuple[OptionValue, ...] = ()
    source: str = ""
    note: str = ""

    @property
    def title(self) -> str:
        """The label in the language in use, else the English one, else the id."""
        return in_language(self.labels, self.label, self.id)


@dataclass(frozen=True, kw_only=True)
class RuleSet:
    """One game: its deck, sides, categories in count order, and match settings."""

    __pydantic_config__ = _STRICT
    id: str
    name: str
    description: str = ""
    extends: str | None = None
    deck: DeckId
    sides: Sides = Sides()
    categories: tuple[Category, ...]
    match: MatchRules
    notes: tuple[str, ...] = ()
    capture: CaptureRules | None = None
    options: tuple[RuleOption, ...] = ()

    @property
    def cards(self) -> Deck:
        return DECKS[self.deck]

    def category(self, category_id: str) -> Category:
        """The category with this id; unknown ids name the ones that exist."""
        for category in self.categories:
            if category.id == category_id:
                return category
        known = ", ".join(c.id for c in self.categories)
        raise RuleSetError(_("{rules} has no category {category} (it has: {known})").format(
            rules=self.id, category=repr(category_id), known=known))

    @property
    def optional_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.categories if c.optional)

    def counts_sweeps(self, enabled: Sequence[str] = ()) -> bool:
        """Whether sweeps score in a hand with these optional categories on: the one answer the
        count, the capture engine and ``verify`` all read (Spade Cassino's sweeps only when agreed)."""
        return any(c.kind == "sweeps" and (not c.optional or c.id in enabled) for c in self.categories)


#: The nested parts of a rule set, by the key that holds them (a category is found by its kind):
#: what rebuilds a part from plain data, and what names the keys a part may have.
PARTS: dict[str, type] = {"sides": Sides, "match": MatchRules, "stake": Stake, "capture": CaptureRules,
                          "deal": DealRules, "select": Selection, "options": RuleOption}
