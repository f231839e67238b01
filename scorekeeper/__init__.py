"""scorekeeper: keep the score of real games of the Scopa and Cassino families.

The front door for programs: plain calls on plain values. Cards and piles are written as at the
table (``7d``, ``d:A27K``, ``settebello``, ``rest``); rule sets are named by a built-in id
(``scopa``, ``cassino``...) or a path to a YAML file. Every refusal is a ``ScorekeeperError`` whose
message names the bad input and where it was.

>>> import scorekeeper
>>> hand = scorekeeper.score({"Anna": "7d Ad 6h 5c 4s", "Bruno": "rest"}, sweeps={"Anna": 1})
>>> hand.totals, hand.ok
((2, 3), True)

Each call imports what it needs when it is made, so ``import scorekeeper`` stays cheap.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper._version import __version__
from scorekeeper.errors import ScorekeeperError

if TYPE_CHECKING:
    from scorekeeper.history.store import Store
    from scorekeeper.play.replay import Replayed
    from scorekeeper.play.ruling import Ruling
    from scorekeeper.rules.ruleset import RuleSet
    from scorekeeper.scoring.count import Counter, HandEntry, HandResult
    from scorekeeper.scoring.dispute import PrimieraDispute
    from scorekeeper.scoring.hand import HandSpec

__all__ = ["ScorekeeperError", "__version__", "load_rules", "open_history", "replay",  # not for players: names
           "rule_on_capture", "rules_ids", "score", "settle_primiera"]  # not for players: names


def load_rules(ref: str = "scopa") -> RuleSet:
    """A rule set by built-in id or by the path of a YAML file.

    >>> load_rules("hurricane").match.target
    16
    """
    from scorekeeper.rules.catalog import load_rules as load

    return load(str(ref))


def rules_ids() -> list[str]:
    """The ids of the built-in games.

    >>> "scopone-scientifico" in rules_ids()
    True
    """
    from scorekeeper.rules.builtins import builtin_ids

    return builtin_ids()


def _rules(rules: str | RuleSet) -> RuleSet:
    return load_rules(rules) if isinstance(rules, str) else rules


def _hand(piles: Mapping[str, str], facts: Mapping[str, Any], italian_suits: bool) -> HandSpec:
    """A typed hand from plain values, checked as a hand file is."""
    from scorekeeper.scoring.hand import hand_from_mapping

    data = {"piles": dict(piles), "suit_letters": "italian" if italian_suits else "french"}  # not for players: keys
    return hand_from_mapping(data | {key: value for key, value in facts.items() if value}, "hand")


def score(piles: Mapping[str, str], *, rules: str | RuleSet = "scopa", sweeps: Mapping[str, int] | None = None,
          declared: Mapping[str, Mapping[str, int]] | None = None, claims: Mapping[str, int] | None = None,
          enabled: Sequence[str] = (), italian_suits: bool = False) -> HandResult:
    """Check and count one hand: each side's pile (``rest`` for the cards nobody else took), its
    sweeps, declared points, the points the players claim, and optional categories turned on.

    Every problem is in ``result.problems`` (``result.ok`` is True when there is none).

    >>> result = score({"Us": "d:A2345 settebello", "Them": "rest"}, rules="scopa", enabled=["napola"])
    >>> [(c.id, c.points) for c in result.categories if any(c.points)]
    [('cards', (0, 1)), ('coins', (1, 0)), ('settebello', (1, 0)), ('primiera', (0, 1)), ('napola', (5, 0))]
    >>> result.totals
    (7, 2)
    >>> score({"Anna": "7d 7d", "Bruno": "rest"}).problems
    ('pile of Anna: 7d is twice in this pile',)
    """
    load, plain_entry, counter_for = _scoring()
    try:
        # The catalog itself, not this module's load_rules (one import and one str() fewer a hand).
        ruleset = load(rules) if type(rules) is str else _rules(rules)
    except ScorekeeperError:
        # a hand that cannot be read is reported first, as it always was
        _hand(piles, _facts(sweeps, declared, claims, enabled), italian_suits)
        raise
    # Plain values in canonical cards are read straight into a HandEntry (scoring._plain), with the
    # same words in every message; anything else is read as the score command reads a hand, by the
    # same library function (scoring.hand.score_hand).
    plain = None if declared or italian_suits else plain_entry(piles, sweeps, claims, enabled, ruleset)
    if plain is None:
        from scorekeeper.scoring.hand import score_hand

        return score_hand(_hand(piles, _facts(sweeps, declared, claims, enabled), italian_suits), ruleset)
    # The rule set and its Counter are built once per rule set and process (the catalog and
    # counter_for keep them): building a Counter costs several times the count of a hand.
    counter = counter_for(ruleset)
    entry, masks = plain
    return counter.score(entry) if masks is None else counter.score_masks(entry, masks)


@cache
def _scoring() -> tuple[Callable[[str], RuleSet], Callable[..., tuple[HandEntry, tuple[int, ...] | None] | None],
                        Callable[[RuleSet], Counter]]:
    """What ``score`` calls, imported once rather than at every call."""
    from scorekeeper.rules.catalog import load_rules as load
    from scorekeeper.scoring._plain import plain_entry
    from scorekeeper.scoring.count import counter_for

    return load, plain_entry, counter_for


def _facts(sweeps: Mapping[str, int] | None, declared: Mapping[str, Mapping[str, int]] | None,
           claims: Mapping[str, int] | None, enabled: Sequence[str]) -> dict[str, Any]:
    """The facts of a hand under their hand-file keys, for the hand-file reader."""
    return {"sweeps": sweeps, "declared": declared, "claims": claims, "with": list(enabled)}


def settle_primiera(piles: Mapping[str, str], *, rules: str | RuleSet = "scopa",
                    italian_suits: bool = False) -> PrimieraDispute:
    """Settle a primiera: each side's best card per suit, its total or the suits it lacks, the winner.

    >>> dispute = settle_primiera({"Anna": "7c 7d 6s 6h", "Bruno": "rest"})
    >>> dispute.winner, dispute.reason
    (None, 'tie at 78 between Anna and Bruno: nobody scores')
    """
    from scorekeeper.scoring.dispute import settle_primiera as settle

    return settle(_hand(piles, {}, italian_suits), _rules(rules))


def rule_on_capture(table: str, card: str, *, rules: str = "scopa", take: str | None = None,
                    builds: Sequence[str] = (), last: bool = False, italian_suits: bool = False) -> Ruling:
    """Every legal capture of ``card`` on ``table`` and, with ``take``, whether that one is legal.

    >>> ruling = rule_on_capture("3c 4h 7d", "7s", take="3c 4h")
    >>> [c.cards for c in ruling.captures], ruling.legal
    ([('7d',)], False)
    >>> ruling.reason.split(", so ")[0]
    'the 7s pairs with 7d on the table'
    """
    from scorekeeper.play.ruling import rule_on_capture as rule

    return rule(rules, table, card, take=take, builds=tuple(builds), last=last, italian_suits=italian_suits)


def replay(record: Mapping[str, Any] | str | Path, *, rules: str | None = None) -> Replayed:
    """Check a hand play by play, from a record file's path or from its data (a mapping with
    ``deal`` and ``plays``): the first illegal play and why, or the piles, sweeps and count."""
    from scorekeeper.play.replay import replay_data, replay_file

    if isinstance(record, Mapping):
        return replay_data(record, "record", rules)
    return replay_file(record, rules)


def open_history(path: str | Path | None = None) -> Store:
    """The history of matches: the database at ``path``, else ``SCOREKEEPER_DB``, else the user's
    data folder. Use it in a ``with`` block; ``scorekeeper.history.matches`` reads and writes it."""
    from scorekeeper.history.store import Store

    return Store(path)
