"""The most sweeps and declarations one side can have in a hand of a game: typed counts above them
are refused outright (even ``match add --force`` must not store them).

A hand's cards, but for those dealt face up to the table, are all played, and every side plays as
many: with equal sides, a side of one or of two players plays (deck - table) / sides cards. A play
sweeps the table at most once, and the dealt table may give the dealer a few sweeps more (Cirulla
and Escoba: a table of 15 or 30; Cirulla: of 9 or less). A declaration (Cirulla's bussata and decino)
is made on a dealt hand, so a side makes each at most once per hand of cards it is dealt.

>>> from scorekeeper.rules.catalog import load_rules
>>> most_sweeps(load_rules("scopa"), 2), most_sweeps(load_rules("cirulla"), 2), most_declared(load_rules("cirulla"), 2)
(18, 21, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from scorekeeper.i18n import ngettext
from scorekeeper.rules.ruleset import RuleSet


def plays(rules: RuleSet, sides: int) -> int:
    """How many cards one side plays in a hand of ``sides`` sides (rounded up, to be safe)."""
    table = rules.capture.deal.table if rules.capture is not None else 0
    return -(-(len(rules.cards.cards) - table) // max(1, sides))


def opening_sweeps(rules: RuleSet) -> int:
    """The most sweeps the dealt table can give the dealer before anyone plays."""
    capture = rules.capture
    if capture is None:
        return 0
    best = 0
    if capture.opening_total:  # each group of the total is one sweep: four cards of the highest value at most
        best = capture.deal.table * max(capture.values.values(), default=0) // capture.opening_total
    if capture.opening_low:
        best = max(best, capture.opening_low_sweeps)
    return best


def fewest_cards(rules: RuleSet, sweeps: int) -> int:
    """The fewest cards a pile holding ``sweeps`` sweeps can have: two a sweep (the card played and
    one taken), but the dealt table the dealer takes gives its sweeps (Cirulla: three for a table
    of 9 or less) for the table's cards alone."""
    opening = opening_sweeps(rules)
    if not opening or rules.capture is None:
        return 2 * sweeps
    return min(2 * sweeps, rules.capture.deal.table + 2 * max(0, sweeps - opening))


def most_sweeps(rules: RuleSet, sides: int) -> int:
    """The most sweeps one side can make in a hand: one per card it plays, plus the dealt table's."""
    return plays(rules, sides) + opening_sweeps(rules)


def dealt_hands(rules: RuleSet, sides: int) -> tuple[int, int]:
    """How many hands of cards one side is dealt in a hand, and their size (1 if the game does not say)."""
    size = rules.capture.deal.hand if rules.capture is not None else 1
    return -(-plays(rules, sides) // size), size


def most_declared(rules: RuleSet, sides: int) -> int:
    """The most times one side can declare one category in a hand: once per hand of cards it is dealt."""
    return dealt_hands(rules, sides)[0]


def count_problems(rules: RuleSet, sides: int, sweeps: Mapping[str, int],
                   declared: Mapping[str, Mapping[str, int]], name_of: Callable[[str, str], str]) -> list[str]:
    """Why typed sweeps or declarations cannot be (one message each), for a hand of ``sides`` sides;
    ``name_of(key, name)`` says where a fact was given (``HandEntry.name_of``)."""
    found = []
    most = most_sweeps(rules, sides)
    for side, count in sweeps.items():
        if count > most:
            found.append(_sweeps_message(rules, sides).format(
                place=name_of("sweeps", side), count=count, most=most, rules=rules.id, sides=sides,
                plays=plays(rules, sides), bonus=opening_sweeps(rules)))
    top = most_declared(rules, sides)
    hands, size = dealt_hands(rules, sides)
    for side, counts in declared.items():
        for cid, count in counts.items():
            if count <= top:
                continue
            if size == 1:
                text = ngettext(
                    "{place}: {count} declarations is more than any hand allows (at most {most}: in a hand of "
                    "{rules} with {sides} side, a side is dealt {cards} cards and declares {id} at most once a card)",
                    "{place}: {count} declarations is more than any hand allows (at most {most}: in a hand of "
                    "{rules} with {sides} sides, a side is dealt {cards} cards and declares {id} at most once a card)",
                    sides)
            else:
                text = ngettext(
                    "{place}: {count} declarations is more than any hand allows (at most {most}: in a hand of "
                    "{rules} with {sides} side, a side is dealt {hands} hands of {size} cards and declares {id} "
                    "at most once a dealt hand)",
                    "{place}: {count} declarations is more than any hand allows (at most {most}: in a hand of "
                    "{rules} with {sides} sides, a side is dealt {hands} hands of {size} cards and declares {id} "
                    "at most once a dealt hand)", sides)
            found.append(text.format(place=name_of("declared", f"{side}:{cid}"), count=count, most=top,
                                     rules=rules.id, sides=sides, cards=plays(rules, sides), id=cid, hands=hands,
                                     size=size))
    return found


def _sweeps_message(rules: RuleSet, sides: int) -> str:
    if opening_sweeps(rules):
        return ngettext(
            "{place}: {count} sweeps is more than any hand allows (at most {most}: in a hand of {rules} with "
            "{sides} side, a side plays {plays} cards, each sweeping at most once, and the dealt table may give "
            "the dealer {bonus} more)",
            "{place}: {count} sweeps is more than any hand allows (at most {most}: in a hand of {rules} with "
            "{sides} sides, a side plays {plays} cards, each sweeping at most once, and the dealt table may give "
            "the dealer {bonus} more)", sides)
    return ngettext(
        "{place}: {count} sweeps is more than any hand allows (at most {most}: in a hand of {rules} with "
        "{sides} side, a side plays {plays} cards, each sweeping at most once)",
        "{place}: {count} sweeps is more than any hand allows (at most {most}: in a hand of {rules} with "
        "{sides} sides, a side plays {plays} cards, each sweeping at most once)", sides)
