"""Asking for a hand at the terminal, side by side, for ``match add``: a pile that does not read is
asked again, a refused hand can have one pile retyped, and what was typed is never lost."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from scorekeeper._words import visible
from scorekeeper.cli.common import say
from scorekeeper.i18n import _

if TYPE_CHECKING:
    from scorekeeper.history.matches import Entered, Match
    from scorekeeper.rules.ruleset import RuleSet
    from scorekeeper.scoring.hand import HandSpec


def ask_pile(side: str, rules: RuleSet, italian_suits: bool) -> str:
    """Ask for one side's pile until it reads."""
    from scorekeeper.errors import InputErrors
    from scorekeeper.notation import parse_pile

    while True:
        text = typer.prompt(_("Pile of {side}").format(side=visible(side)), err=True)
        try:
            parse_pile(text, rules.cards, where=_("pile of {side}").format(side=side), italian_suits=italian_suits)
            return str(text)
        except InputErrors as exc:
            for message in exc.messages:
                say(_("error: {message}").format(message=message))


def ask_hand(spec: HandSpec, match: Match) -> HandSpec:
    """Ask for each playing side's pile (and sweeps); a pile that does not read is asked again."""
    from dataclasses import replace

    rules = match.settings.rules
    piles, sweeps = dict(spec.piles), dict(spec.sweeps)
    has_sweeps = any(c.kind == "sweeps" for c in rules.categories)
    say(_("Hand {number} of match {id} ({rules}); 'rest' takes every card not yet listed.").format(
        number=match.state.hands + 1, id=match.id, rules=rules.name))
    for side in match.state.next_sides:
        piles[side] = (ask_pile(side, rules, spec.italian_suits), _("pile of {side}").format(side=side))
        while has_sweeps and side not in sweeps:
            count = typer.prompt(_("Sweeps of {side}").format(side=visible(side)), default="0", err=True).strip()
            most = len(rules.cards.cards) // 2  # a sweep takes two cards at least
            if count.isascii() and count.isdigit():
                if len(count) <= 4 and int(count) <= most:
                    sweeps[side] = int(count)
                else:
                    say(_("error: sweeps of {side}: {count} is more than any hand allows (at most {most})").format(
                        side=side, count=count, most=most))
            else:
                say(_("error: sweeps of {side}: {count} is not a whole number, 0 or more").format(
                    side=side, count=repr(count)))
    return replace(spec, piles=piles, sweeps=sweeps)


def ask_again(spec: HandSpec, entered: Entered) -> HandSpec | None:
    """After a refused hand: retype one side's pile, keeping the others (None: give up)."""
    from dataclasses import replace

    from scorekeeper.match.hand import side_lookup
    from scorekeeper.output.text import hand_table

    settings = entered.match.settings
    say(hand_table(entered.counted.result))
    while True:
        name = typer.prompt(_("Retype the pile of which side? (Enter: leave the hand out)"), default="",
                            show_default=False, err=True).strip()
        if not name:
            return None
        side = side_lookup(settings).get(name.casefold())
        if side is not None and side in entered.match.state.next_sides:
            text = ask_pile(side, settings.rules, spec.italian_suits)
            return replace(spec, piles={**spec.piles, side: (text, _("pile of {side}").format(side=side))})
        say(_("error: {name} does not play this hand (it is played by {sides})").format(
            name=repr(name), sides=", ".join(entered.match.state.next_sides)))


def command_line(match_id: int, spec: HandSpec) -> str:
    """The 'match add' command that enters this hand again."""
    import shlex

    args = ["scorekeeper", "match", "add", str(match_id)]
    args += [a for side, (text, _where) in spec.piles.items() for a in ("--pile", f"{side}={text}")]
    args += [a for side, n in spec.sweeps.items() if n for a in ("--sweeps", f"{side}={n}")]
    args += [a for side, n in spec.claims.items() for a in ("--claim", f"{side}={n}")]
    args += [a for side, d in spec.declared.items() for cid, n in d.items() for a in ("--declare", f"{side}:{cid}={n}")]
    args += [a for cid in spec.enabled for a in ("--with", cid)]
    if spec.italian_suits:
        args.append("--italian-suits")  # not for players: an option
    return " ".join(shlex.quote(a) for a in args)
