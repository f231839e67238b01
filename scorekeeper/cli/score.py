"""``score`` and ``primiera``: count and check one hand, settle a primiera dispute."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from scorekeeper.cli.common import (
    NOT_OK,
    ClaimOption,
    DeclareOption,
    ItalianOption,
    JsonOption,
    PileOption,
    RulesOption,
    SweepsOption,
    WithOption,
    reporting,
    typed_hand,
)
from scorekeeper.errors import InputErrors
from scorekeeper.output.text import hand_table, to_json
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.count import Counter, HandResult
from scorekeeper.scoring.hand import HandSpec, with_options

DEFAULT_RULES = "scopa"


def score_spec(spec: HandSpec) -> HandResult:
    """Load the spec's rule set and count the hand."""
    rules = load_rules(spec.rules or DEFAULT_RULES)
    return Counter(rules).score(spec.entry(rules.cards))


def score(
    hand_file: Annotated[Path | None, typer.Argument(
        metavar="[HAND_FILE]", help="A hand file (YAML or JSON; - reads standard input); options add to it.", show_default=False)] = None,
    rules: RulesOption = None,
    pile: PileOption = None,
    sweeps: SweepsOption = None,
    declare: DeclareOption = None,
    claim: ClaimOption = None,
    with_: WithOption = None,
    italian_suits: ItalianOption = False,
    json: JsonOption = False,
) -> None:
    """Count one hand: every category for every side, the totals, and every problem found.

    Exit code 0: the hand checks out; 1: it does not (a problem or a wrong claim); 2: the input
    could not be understood.
    """
    with reporting():
        result = score_spec(typed_hand(hand_file, pile, sweeps, declare, claim, with_, italian_suits, rules))
    print(to_json(result.to_dict()) if json else hand_table(result))
    if not result.ok:
        raise typer.Exit(NOT_OK)


def primiera(
    pile: PileOption = None,
    rules: RulesOption = None,
    italian_suits: ItalianOption = False,
    json: JsonOption = False,
) -> None:
    """Settle a primiera: each side's best card per suit, its total or the suits it lacks, and who wins."""
    from scorekeeper.rules.ruleset import PrimieraCategory
    from scorekeeper.scoring.primiera import PrimieraScorer, explain_primiera

    with reporting():
        spec = with_options(HandSpec(), piles=pile or (), rules=rules, italian_suits=italian_suits or None)
        ruleset = load_rules(spec.rules or DEFAULT_RULES)
        entry = spec.entry(ruleset.cards)
        category = next((c for c in ruleset.categories if isinstance(c, PrimieraCategory)),
                        PrimieraCategory(id="primiera", kind="primiera"))
        scorer = PrimieraScorer(category, ruleset.cards)
        deck = ruleset.cards
        foreign = [f"pile of {side}: {card} is not in the {deck.id} deck: {deck.lacks}"
                   for side, p in zip(entry.sides, entry.piles) for card in p.cards if card not in deck.index]
        if foreign:
            raise InputErrors(foreign)
        masks = tuple(deck.mask(p.cards) for p in entry.piles)
        scored = scorer.score(masks, (0,) * len(masks), (0,) * len(masks))
        sides = scorer.sides(masks)
        explained = explain_primiera(sides, scored.taker, entry.sides)
    winner = None if scored.taker is None else entry.sides[scored.taker]
    if json:
        print(to_json({"sides": explained.detail, "winner": winner, "reason": explained.note}))
        return
    for side, raw in zip(entry.sides, sides):
        best = "  ".join(f"{card} {scorer.values[card.rank]}" for card in raw.best.values())
        result = (f"= {raw.total}" if raw.eligible
                  else f"cannot win: no {', '.join(s.english for s in raw.missing)}")
        print(f"{side}: {best}  {result}".replace("   ", "  "))
    print(explained.note[0].upper() + explained.note[1:] + ".")
