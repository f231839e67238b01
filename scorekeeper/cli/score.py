"""``score`` and ``primiera``: count and check one hand, settle a primiera dispute."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper._words import visible_lines
from scorekeeper.cards import suit_names
from scorekeeper.cli._help import helps
from scorekeeper.cli.common import (
    NOT_OK,
    ClaimOption,
    DeclareOption,
    ItalianOption,
    JsonOption,
    OptionOption,
    PileOption,
    RulesOption,
    SpanishOption,
    SweepsOption,
    WithOption,
    reporting,
    typed_hand,
)
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.output.text import hand_table, to_json
from scorekeeper.scoring.hand import score_hand

if TYPE_CHECKING:
    from scorekeeper.scoring.dispute import PrimieraDispute


@helps(N_("Count one hand: every category for every side, the totals, and every problem found.\n\n"
           "Exit code 0: the hand checks out; 1: it does not (a problem or a wrong claim); 2: the input could not "
           "be understood."))
def score(
    hand_file: Annotated[Path | None, typer.Argument(
        metavar="[HAND_FILE]", help=N_("A hand file (YAML or JSON; - reads standard input); options add to it."),
        show_default=False)] = None,
    rules: RulesOption = None,
    pile: PileOption = None,
    sweeps: SweepsOption = None,
    declare: DeclareOption = None,
    claim: ClaimOption = None,
    with_: WithOption = None,
    option: OptionOption = None,
    italian_suits: ItalianOption = False,
    spanish_suits: SpanishOption = False,
    json: JsonOption = False,
) -> None:
    with reporting():
        result = score_hand(typed_hand(hand_file, pile, sweeps, declare, claim, with_, italian_suits, rules,
                                       needs_piles=True, options=option, spanish=spanish_suits))
    print(to_json(result.to_dict()) if json else hand_table(result))
    if not result.ok:
        raise typer.Exit(NOT_OK)


@helps(N_("Settle a primiera: each side's best card per suit, its total or the suits it lacks, and who wins.\n\n"
           "The piles may show only the cards that matter; 'rest' takes every card nobody listed. Exit code 0: "
           "settled; 1: the piles have a problem (a card twice, a card of another deck); 2: the input could not "
           "be understood."))
def primiera(
    pile: PileOption = None,
    rules: RulesOption = None,
    italian_suits: ItalianOption = False,
    spanish_suits: SpanishOption = False,
    json: JsonOption = False,
) -> None:
    from scorekeeper.scoring.dispute import settle_primiera

    with reporting():
        dispute = settle_primiera(typed_hand(None, pile, italian_suits=italian_suits, rules=rules, needs_piles=True,
                                             spanish=spanish_suits))
    print(to_json(dispute.to_dict()) if json else _primiera_text(dispute))
    if not dispute.ok:
        raise typer.Exit(NOT_OK)


def _primiera_text(dispute: "PrimieraDispute") -> str:
    lines = []
    for side, held in zip(dispute.sides, dispute.by_side, strict=True):
        best = "  ".join(f"{card} {dispute.values[card.rank]}" for card in held.best.values())
        verdict = f"= {held.total}" if held.eligible else _("cannot win: no {suits}").format(
            suits=suit_names(held.missing, dispute.rules.deck))  # swords in an Italian pack, spades in a French one
        lines.append(f"{side}: {best}  {verdict}" if best else f"{side}: {verdict}")
    lines.append(dispute.reason[0].upper() + dispute.reason[1:] + ".")
    if dispute.problems:
        count = len(dispute.problems)
        lines.append(ngettext("{count} problem:", "{count} problems:", count).format(count=count))
        lines += [f"  - {problem}" for problem in dispute.problems]
    return visible_lines("\n".join(lines))  # the sides' names are the input's: an escape in one is shown
