"""The table as dealt, before anyone plays: a table the rules void (a misdeal), or one the dealer takes.

Both are read from the rule set's ``capture`` section, so replay and simulate agree on them:

- a misdeal (``capture.deal.redeal``): the table holds too many cards of one rank, and the cards
  are dealt again (Scopa's three Kings, Cirulla's two aces, Wall Street's three tens);
- an opening (``capture.opening_total``, ``opening_low``): the table makes 15 or 30 (Escoba,
  Cirulla) or, in Cirulla, 9 or less, and the dealer takes it at once for some sweeps.
"""

from __future__ import annotations

from typing import NamedTuple

from scorekeeper.cards import Rank
from scorekeeper.i18n import N_, _, translated
from scorekeeper.play.builds import splits
from scorekeeper.play.capture import CaptureEngine, indexes

_RANK_NAMES = {"A": N_("aces"), "J": N_("Jacks"), "Q": N_("Queens"), "K": N_("Kings"), "10": N_("tens")}


def misdeal(engine: CaptureEngine, table: int) -> str | None:
    """Why the rules void this dealt table (a mask), or None when it is played."""
    deal = engine.spec.deal
    if deal.redeal_total and table.bit_count() == deal.table and deal.table:
        total = sum(engine.value[i] for i in indexes(table))
        if total <= deal.redeal_total:
            return _("the table dealt ({cards}) totals {total}: in {rules} a table of {most} or less is dealt "
                     "again").format(cards=engine.text(table), total=total, rules=engine.rules.name,
                                     most=deal.redeal_total)
    if not deal.redeal or (table & engine.redeal).bit_count() < deal.redeal_at:
        return None
    rank = Rank(deal.redeal_rank)
    found = indexes(table & engine.redeal)
    named = translated(_RANK_NAMES[rank.value]) if rank.value in _RANK_NAMES else f"{rank.value}s"
    return _("the table dealt holds {count} {ranks} ({cards}): in {rules} {most} or more is a misdeal, and the cards "
             "are dealt again").format(count=len(found), ranks=named, cards=" ".join(engine.names[i] for i in found),
                                       rules=engine.rules.name, most=deal.redeal_at)


class Opening(NamedTuple):
    """The dealer taking the dealt table: the sweeps it scores, the total it made, the wild card's value."""

    sweeps: int
    total: int
    wild: tuple[str, int] | None


def opening(engine: CaptureEngine, table: int) -> Opening | None:
    """Whether the dealer takes this dealt table at once, and for how many sweeps; None: it is played."""
    spec = engine.spec
    every, low = spec.opening_total, spec.opening_low
    if not table or not (every or low):
        return None
    wild = engine.wild if engine.wild is not None and table >> engine.wild & 1 else None  # the matta, if on this table
    values = [engine.value[i] for i in indexes(table) if i != wild]
    # The matta counts whatever its holder chooses, 1 up to the highest card (Cirulla, Gazzetta di Santa).
    choices = range(1, max(spec.values.values()) + 1) if wild is not None else (None,)
    best: Opening | None = None
    for choice in choices:
        cards = values + ([choice] if choice is not None else [])
        total = sum(cards)
        if low and total <= low:
            sweeps = spec.opening_low_sweeps
        elif every and total % every == 0:
            sweeps = total // every
            if spec.opening_split and sweeps > 1 and not splits(cards, every):
                continue  # Escoba: a table of 30 that is not two fifteens is played
        else:
            continue
        if best is None or sweeps > best.sweeps:
            named = None if wild is None or choice is None else (engine.names[wild], choice)
            best = Opening(sweeps, total, named)
    return best
