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

from functools import reduce

from scorekeeper._words import or_list
from scorekeeper.i18n import _, ngettext
from scorekeeper.play.builds import build_problem
from scorekeeper.play.capture import Capture, CaptureEngine, Table, indexes


def why(engine: CaptureEngine, card: int, table: Table, take: int, *, last: bool = False,
        last_deal: bool = False) -> tuple[Capture | None, str]:
    """The capture ``take`` is, or None and why it is not legal, in a player's words."""
    name = engine.names[card]
    if off := take & ~table.mask:
        return None, ngettext("{cards} is not on the table", "{cards} are not on the table", off.bit_count()).format(
            cards=_both(engine, off))
    options = engine.captures(card, table, last=last, last_deal=last_deal)
    if not take:
        if not options:
            return None, _("the {card} captures nothing here, so it is laid on the table").format(card=name)
        if engine.may_lay(card, table):
            return None, _("the {card} could take {captures}, but in {rules} a player may lay it down instead "
                           "(must-capture off)").format(card=name, captures=_some(engine, options),
                                                        rules=engine.rules.name)
        return None, _("the {card} can take {captures}, and a card that can capture must capture (a player who "
                       "wants to lay a card down must choose one that captures nothing)").format(
            card=name, captures=_some(engine, options))
    for option in options:
        if option.mask == take:
            return option, _legal_words(engine, card, option, table.mask, last, last_deal)
    return None, _illegal_words(engine, card, table, take, options)


def _both(engine: CaptureEngine, mask: int) -> str:
    """Cards joined with "and" (each pair of neighbours, as "3c and 4h and 5d")."""
    return reduce(lambda first, last: _("{first} and {last}").format(first=first, last=last),
                  engine.describe(mask).split(" + "))


def _either(items: list[str]) -> str:
    """Choices joined with "or" (each pair of neighbours, as "7d or 3c + 4h or 2s + 5h")."""
    return reduce(lambda first, last: _("{first} or {last}").format(first=first, last=last), items)


def _some(engine: CaptureEngine, options: list[Capture]) -> str:
    shown = _either([engine.describe(o.mask) for o in options[:4]])
    if len(options) <= 4:
        return shown
    more = len(options) - 4
    return ngettext("{captures} (or {count} more)", "{captures} (or {count} more)", more).format(
        captures=shown, count=more)


def _hinted(problem: str, engine: CaptureEngine, options: list[Capture]) -> str:
    """The problem, and the captures the card may make instead if there are any."""
    if not options:
        return problem
    return _("{problem}; it may take {captures}").format(problem=problem, captures=_some(engine, options))


def _legal_words(engine: CaptureEngine, card: int, capture: Capture, whole: int, last: bool,
                 last_deal: bool = False) -> str:
    name, taken, kind = engine.names[card], engine.describe(capture.mask), capture.kind
    if kind == "pair":
        words = _("the {card} pairs with {cards}").format(card=name, cards=taken)
    elif kind == "sum":
        words = _("{cards} add up to {total}, and {counts}").format(
            cards=taken, total=sum(engine.value[i] for i in indexes(capture.mask)), counts=engine.counts(card))
    elif kind == "total":
        words = _("the {card} and {cards} make {total}").format(card=name, cards=taken, total=engine.spec.total)
    elif kind == "ace":
        words = _("an ace takes the whole table here: {cards}").format(cards=taken)
    elif kind == "build":
        words = _("the {card} takes the build {cards}").format(card=name, cards=taken)
    else:  # combined
        words = _("the {card} takes {cards}, in groups each worth {values}").format(
            card=name, cards=taken, values=or_list(map(str, engine.capture_values[card])))
    if capture.sweep:
        return _("{reason}; it clears the table: a sweep").format(reason=words)
    if capture.mask == whole and last and not engine.spec.last_play_sweeps:
        return _("{reason}; it clears the table, but on the last play of the hand that is no sweep").format(
            reason=words)
    if capture.mask == whole and last_deal and not engine.spec.last_deal_sweeps:
        return _("{reason}; it clears the table, but in {rules} no sweep scores in the last deal of the pack").format(
            reason=words, rules=engine.rules.name)
    if capture.mask == whole and kind == "ace":
        return _("{reason}; clearing the table with an ace scores no sweep in this game").format(reason=words)
    return words


def _illegal_words(engine: CaptureEngine, card: int, table: Table, take: int, options: list[Capture]) -> str:
    name, spec, value = engine.names[card], engine.spec, engine.hand_value[card]
    if problem := build_problem(engine, card, table, take):
        return problem
    ace_alone = engine.spec.ace_takes_all == "no-ace-on-table"  # not for players: a rule's value
    if ace_alone and engine.aces >> card & 1 and table.mask & engine.aces:
        return _hinted(_("an ace takes the whole table only when no ace lies there; with {aces} on the table the "
                         "{card} pairs").format(aces=engine.describe(table.mask & engine.aces), card=name),
                       engine, options)
    if options and options[0].kind == "ace":
        return _("an ace takes the whole table here ({cards}), not part of it").format(
            cards=engine.describe(options[0].mask))
    if not options:
        return _("the {card} captures nothing on this table ({why}): it must be laid down").format(
            card=name, why=_arithmetic(engine, card, take))
    pairs = table.loose & engine.mates[card]  # the loose cards it pairs with
    is_sum = take.bit_count() > 1 and sum(engine.value[i] for i in indexes(take)) == value
    if pairs and spec.pair_first and not (take & pairs) and not spec.combine and is_sum:
        return _("the {card} pairs with {pairs} on the table, so it must take that card, not {cards} (a card that "
                 "can pair may not take a sum)").format(
            card=name, pairs=_either(engine.describe(pairs).split(" + ")), cards=engine.describe(take))
    pairing = engine.pairing(card)
    if pairing == "one" and (take & pairs).bit_count() > 1:
        if engine.pair_only >> card & 1:
            rule = _("a court takes one court of its rank only: the {card} takes one of {cards}, not both")
        else:
            rule = _("a card pairs with one equal card only: the {card} takes one of {cards}, not both")
        return rule.format(card=name, cards=engine.describe(take & pairs))
    if spec.fewest_cards and is_sum and not take & pairs:
        fewest = min(o.mask.bit_count() for o in options if o.kind == "sum")
        if take.bit_count() > fewest:
            return _hinted(_("a sum must be taken with the fewest cards in {rules}: {cards} are {count} cards, and "
                             "{fewest} make {value}").format(rules=engine.rules.name, cards=engine.describe(take),
                                                             count=take.bit_count(), fewest=fewest, value=value),
                           engine, options)
    if pairing == "all" and pairs & ~take:
        return _("a card takes every table card of its rank in {rules}: the {card} must also take {cards}").format(
            rules=engine.rules.name, card=name, cards=engine.describe(pairs & ~take))
    return _hinted(_("the {card} cannot take {cards}: {why}").format(
        card=name, cards=engine.describe(take), why=_arithmetic(engine, card, take)), engine, options)


def _arithmetic(engine: CaptureEngine, card: int, take: int) -> str:
    counted = sum(engine.value[i] for i in indexes(take))
    if engine.pair_only >> card & 1 or take & engine.pair_only:
        return _("courts ({cards}) only pair with their own rank").format(
            cards=engine.describe((take | 1 << card) & engine.pair_only))
    if engine.spec.total is not None and not engine.spec.sums:
        return _("with the {card} they make {count}, not {total}").format(
            card=engine.names[card], count=counted + engine.hand_value[card], total=engine.spec.total)
    if take.bit_count() == 1:
        return _("{cards} counts {value} and {counts}").format(
            cards=engine.describe(take), value=counted, counts=engine.counts(card))
    return _("{cards} add up to {total}, and {counts}").format(
        cards=engine.describe(take), total=counted, counts=engine.counts(card))
