"""Why a capture is legal or not, in the words a player would use at the table.

>>> from scorekeeper.cards import Card
>>> from scorekeeper.rules.catalog import load_rules
>>> engine = CaptureEngine(load_rules("wall-street"))
>>> deck = engine.deck
>>> table = Table(deck.mask(Card.parse(t) for t in "3c 4h 8d".split()))
>>> why(engine, deck.index[Card.parse("Kh")], table, deck.mask([Card.parse("8d")]))[1]
'the Kh cannot take 8d: 8d counts 8 and the Kh counts 7; it may take 3c + 4h'
"""

from __future__ import annotations

from scorekeeper.play.builds import build_problem
from scorekeeper.play.capture import Capture, CaptureEngine, Table, indexes


def why(engine: CaptureEngine, card: int, table: Table, take: int, *, last: bool = False,
        last_deal: bool = False) -> tuple[Capture | None, str]:
    """The capture ``take`` is, or None and why it is not legal, in a player's words."""
    name = engine.names[card]
    off = take & ~table.mask
    if off:
        verb = "is" if off & (off - 1) == 0 else "are"
        return None, f"{engine.describe(off).replace(' + ', ' and ')} {verb} not on the table"
    options = engine.captures(card, table, last=last, last_deal=last_deal)
    if not take:
        if not options:
            return None, f"the {name} captures nothing here, so it is laid on the table"
        return None, (f"the {name} can take {_some(engine, options)}, and a card that can capture must capture "
                      "(a player who wants to lay a card down must choose one that captures nothing)")
    for option in options:
        if option.mask == take:
            return option, _legal_words(engine, card, option, table.mask, last, last_deal)
    return None, _illegal_words(engine, card, table, take, options)


def _some(engine: CaptureEngine, options: list[Capture]) -> str:
    shown = " or ".join(engine.describe(o.mask) for o in options[:4])
    return shown + (f" (or {len(options) - 4} more)" if len(options) > 4 else "")


def _legal_words(engine: CaptureEngine, card: int, capture: Capture, whole: int, last: bool,
                 last_deal: bool = False) -> str:
    name, taken = engine.names[card], engine.describe(capture.mask)
    worth = " or ".join(map(str, engine.capture_values[card]))
    words = {
        "pair": f"the {name} pairs with {taken}",
        "sum": f"{taken} add up to {sum(engine.value[i] for i in indexes(capture.mask))}, and {engine.counts(card)}",
        "total": f"the {name} and {taken} make {engine.spec.total}",
        "ace": f"an ace takes the whole table here: {taken}",
        "build": f"the {name} takes the build {taken}",
        "combined": f"the {name} takes {taken}, in groups each worth {worth}",
    }[capture.kind]
    if capture.sweep:
        return words + "; it clears the table: a sweep"
    if capture.mask == whole and last and not engine.spec.last_play_sweeps:
        return words + "; it clears the table, but on the last play of the hand that is no sweep"
    if capture.mask == whole and last_deal and not engine.spec.last_deal_sweeps:
        return words + f"; it clears the table, but in {engine.rules.name} no sweep scores in the last deal of the pack"
    if capture.mask == whole and capture.kind == "ace":
        return words + "; clearing the table with an ace scores no sweep in this game"
    return words


def _illegal_words(engine: CaptureEngine, card: int, table: Table, take: int, options: list[Capture]) -> str:
    name, spec, value = engine.names[card], engine.spec, engine.hand_value[card]
    problem = build_problem(engine, card, table, take)
    if problem:
        return problem
    if engine.spec.ace_takes_all == "no-ace-on-table" and engine.aces >> card & 1 and table.mask & engine.aces:
        hint = f"; it may take {_some(engine, options)}" if options else ""
        return (f"an ace takes the whole table only when no ace lies there; with "
                f"{engine.describe(table.mask & engine.aces)} on the table the {name} pairs{hint}")
    if options and options[0].kind == "ace":
        return f"an ace takes the whole table here ({engine.describe(options[0].mask)}), not part of it"
    if not options:
        return f"the {name} captures nothing on this table ({_arithmetic(engine, card, take)}): it must be laid down"
    pairs = engine.pairs(card, table)
    hint = f"; it may take {_some(engine, options)}"
    is_sum = take.bit_count() > 1 and sum(engine.value[i] for i in indexes(take)) == value
    if pairs and spec.pair_first and not (take & pairs) and not spec.combine and is_sum:
        return (f"the {name} pairs with {engine.describe(pairs).replace(' + ', ' or ')} on the table, so it must "
                f"take that card, not {engine.describe(take)} (a card that can pair may not take a sum)")
    pairing = engine.pairing(card)
    if pairing == "one" and (take & pairs).bit_count() > 1:
        court = engine.pair_only >> card & 1
        what = "a court takes one court of its rank" if court else "a card pairs with one equal card"
        return f"{what} only: the {name} takes one of {engine.describe(take & pairs)}, not both"
    if spec.fewest_cards and is_sum and not take & pairs:
        fewest = min(o.mask.bit_count() for o in options if o.kind == "sum")
        if take.bit_count() > fewest:
            return (f"a sum must be taken with the fewest cards in {engine.rules.name}: {engine.describe(take)} "
                    f"are {take.bit_count()} cards, and {fewest} make {value}{hint}")
    if pairing == "all" and pairs & ~take:
        return (f"a card takes every table card of its rank in {engine.rules.name}: the {name} must also take "
                f"{engine.describe(pairs & ~take)}")
    return f"the {name} cannot take {engine.describe(take)}: {_arithmetic(engine, card, take)}{hint}"


def _arithmetic(engine: CaptureEngine, card: int, take: int) -> str:
    counted = sum(engine.value[i] for i in indexes(take))
    if engine.pair_only >> card & 1 or take & engine.pair_only:
        return f"courts ({engine.describe((take | 1 << card) & engine.pair_only)}) only pair with their own rank"
    if engine.spec.total is not None and not engine.spec.sums:
        return f"with the {engine.names[card]} they make {counted + engine.hand_value[card]}, not {engine.spec.total}"
    if take.bit_count() == 1:
        return f"{engine.describe(take)} counts {counted} and {engine.counts(card)}"
    return f"{engine.describe(take)} add up to {counted}, and {engine.counts(card)}"

