"""Asking for a hand at the terminal, side by side, for ``match add``: a pile that does not read is
asked again, the sweeps and declarations are asked and can be corrected, a wrong claim can give way to
the count (the claim noted), and what was typed is never lost.

Answers are read by ``_lines.LineReader``: line editing, history and Tab completion at a terminal.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from scorekeeper.cli._lines import LineReader
from scorekeeper.cli.common import say
from scorekeeper.i18n import _

if TYPE_CHECKING:
    from scorekeeper.history.matches import Entered, Match
    from scorekeeper.match.ending import MatchSettings
    from scorekeeper.rules.ruleset import RuleSet
    from scorekeeper.scoring.hand import HandSpec

#: Typed for a side that took no card (an empty answer is taken for a slip of the finger).
NOTHING = "-"

_READER: tuple[object, LineReader] | None = None
V = TypeVar("V")


def _reader() -> LineReader:
    """One reader for the whole of a ``match add``, so that the history outlives one question."""
    global _READER
    if _READER is None or _READER[0] is not sys.stdin:  # a test runs several commands in one process
        _READER = (sys.stdin, LineReader())
    return _READER[1]


def card_words(rules: RuleSet, italian_suits: bool, spanish: bool = False) -> list[str]:
    """What Tab offers at a pile's question: the deck's cards, its suit groups, and 'rest'."""
    from scorekeeper.cards import suit_letters

    letters = {suit: letter for letter, suit in suit_letters(italian_suits, spanish).items()
               if len(letter) == 1 and letter.isascii()}
    cards = rules.cards.cards
    groups = [f"{letters[suit]}:" for suit in dict.fromkeys(c.suit for c in cards)]
    return ["rest", *(c.rank.value + letters[c.suit] for c in cards), *groups]


def ask_pile(side: str, rules: RuleSet, italian_suits: bool, default: str | None = None,
             typed: str | None = None, spanish: bool = False) -> str:
    """Ask for one side's pile until it reads ('-' for a side that took nothing); ``typed``: the pile
    it had, typed in to be mended (``match edit``)."""
    from scorekeeper.errors import InputErrors
    from scorekeeper.notation import parse_pile

    words = card_words(rules, italian_suits, spanish)
    while True:
        text = _reader().ask(_("Pile of {side}").format(side=side), default=default, kind="pile", words=words,
                             typed=typed)
        typed = None  # asked again after a mistake: the Up arrow brings back what was typed
        if not text:
            say(_("Type the cards {side} took (like 7d Ad h:6), 'rest' for every card no other pile lists, "
                  "or - if {side} took none.").format(side=side))
            continue
        text = "" if text == NOTHING else text
        try:
            parse_pile(text, rules.cards, where=_("pile of {side}").format(side=side), italian_suits=italian_suits,
                       spanish=spanish)
            return text
        except InputErrors as exc:
            for message in exc.messages:
                say(_("error: {message}").format(message=message))


def _ask_count(question: str, where: str, most: int, default: int) -> int:
    """A count (sweeps, declarations) from 0 to ``most``, asked until it is one."""
    while True:
        count = _reader().ask(question, default=str(default), kind="count")
        if count.isascii() and count.isdigit():
            if len(count) <= 4 and int(count) <= most:
                return int(count)
            say(_("error: {where}: {count} is more than any hand allows (at most {most})").format(
                where=where, count=count, most=most))
        else:
            say(_("error: {where}: {count} is not a whole number, 0 or more").format(where=where, count=repr(count)))


def _ask_sweeps(side: str, rules: RuleSet, default: int) -> int:
    return _ask_count(_("Sweeps of {side}").format(side=side), _("sweeps of {side}").format(side=side),
                      len(rules.cards.cards) // 2, default)  # a sweep takes two cards at least


def _ask_declared(side: str, category: str, rules: RuleSet, default: int) -> int:
    return _ask_count(_("Declarations of {category} by {side}").format(category=category, side=side),
                      _("declared of {side}").format(side=side), len(rules.cards.cards), default)


def _counted_kinds(settings: MatchSettings, spec: HandSpec) -> tuple[bool, list[str]]:
    """Whether the hand counts sweeps, and the ids of the declared categories it counts."""
    enabled = (*settings.enabled, *spec.enabled)
    rules = settings.rules
    declared = [c.id for c in rules.categories if c.kind == "declared" and (not c.optional or c.id in enabled)]
    return rules.counts_sweeps(enabled), declared


def _same_piles(typed: Mapping[str, object], spec: HandSpec, rules: RuleSet) -> bool:
    """Whether ``spec``'s piles are a stored hand's (``typed``), card for card, whatever their order."""
    from scorekeeper.errors import InputErrors
    from scorekeeper.notation import parse_pile

    before = typed.get("piles")
    if not isinstance(before, dict) or set(before) != set(spec.piles):
        return False

    def cards(text: object, letters: object) -> tuple[bool, list[str]] | None:
        try:
            pile = parse_pile(str(text), rules.cards, italian_suits=letters in ("italian", "spanish"),
                              spanish=letters == "spanish")
        except InputErrors:
            return None
        return pile.rest, sorted(str(c) for c in pile.cards)

    now = "spanish" if spec.spanish else "italian" if spec.italian_suits else "french"  # not for players: names
    return all(cards(before[side], typed.get("suit_letters")) == cards(text, now)  # not for players: a key
               for side, (text, _where) in spec.piles.items())


def ask_letters(why: str) -> str:
    """Which suit letters the hand was typed in, when nothing said it (``match.letters``): french,
    italian or spanish, asked until one of them."""
    say(_("error: {message}").format(message=why))
    choices = {"f": "french", "i": "italian", "s": "spanish"}  # not for players: the letters the question shows
    while True:
        answer = _reader().ask(_("Is c clubs (f: French letters), coppe (i: Italian D C S B) or copas (s: Spanish "
                                 "O C E B)?"), kind="letters").strip().casefold()
        if answer in choices:
            return choices[answer]


def _yes(question: str) -> bool:
    """A yes-or-no question; Enter is no."""
    answer = _reader().ask(question + " " + _("(y/N)"), kind="yes").casefold()
    return answer in {"y", "yes", _("y"), _("yes")}


def ask_hand(spec: HandSpec, match: Match) -> HandSpec:
    """Ask for each playing side's pile, sweeps and declarations; the last side's pile is 'rest' unless
    another side took it; the piles of the hand before are stored again only if confirmed."""
    from scorekeeper.match.hand import side_lookup
    from scorekeeper.notation import REST_WORDS

    settings = match.settings
    rules = settings.rules
    names = side_lookup(settings)
    piles, sweeps = dict(spec.piles), _by_side(spec.sweeps, names)
    declared = {side: dict(d) for side, d in _by_side(spec.declared, names).items()}
    typed_sweeps, typed_declared = set(sweeps), {side: set(d) for side, d in declared.items()}
    has_sweeps, declarations = _counted_kinds(settings, spec)
    say(_("Hand {number} of match {id} ({rules}); 'rest' takes every card not yet listed.").format(
        number=match.state.hands + 1, id=match.id, rules=rules.name))
    previous = match.row.live_hands[-1] if match.row.live_hands else None
    playing = match.state.next_sides
    while True:
        for i, side in enumerate(playing):
            rest_taken = any(text.strip().casefold() in REST_WORDS for s, (text, _w) in piles.items() if s != side)
            last = i == len(playing) - 1 and not rest_taken
            piles[side] = (ask_pile(side, rules, bool(spec.italian_suits), "rest" if last else None,
                                    spanish=spec.spanish),
                           _("pile of {side}").format(side=side))
            if has_sweeps and side not in typed_sweeps:
                sweeps[side] = _ask_sweeps(side, rules, sweeps.get(side, 0))
            for cid in declarations:
                if cid not in typed_declared.get(side, ()):
                    own = declared.setdefault(side, {})
                    own[cid] = _ask_declared(side, cid, rules, own.get(cid, 0))
        asked = replace(spec, piles=piles, sweeps=sweeps, declared=declared)
        if previous is None or not _same_piles(previous.typed, asked, rules):
            return asked
        if _yes(_("These are the piles of hand {number} again. Store them as a new hand?").format(
                number=previous.number)):
            return asked
        say(_("Type the piles of this hand (the Up arrow brings back what was typed)."))


def store_the_count(entered: Entered) -> bool:
    """After a hand whose only fault is a wrong claim: show the count and ask whether to store it
    (Enter is yes), the claim kept with it and noted."""
    from scorekeeper.output.text import hand_table

    say(hand_table(entered.counted.result))
    answer = _reader().ask(_("Store the count?") + " " + _("[Y/n]"), kind="yes").strip().casefold()
    return answer in {"", "y", "yes", _("y"), _("yes")}


def ask_edit(spec: HandSpec, match: Match, number: int) -> HandSpec:
    """Ask for each side's pile of hand ``number`` again, its old pile typed in to be mended, then the
    sweeps and declarations, the old ones offered; what the command line gave is not asked."""
    from scorekeeper.match.hand import kept_from, side_lookup
    from scorekeeper.scoring.hand import HandSpec

    settings = match.settings
    rules = settings.rules
    row = match.row.live_hands[number - 1]
    old = kept_from(HandSpec(italian_suits=None), row.typed, settings, "")
    letters = bool(old.italian_suits if spec.italian_suits is None else spec.italian_suits)
    spanish = old.spanish if spec.italian_suits is None else spec.spanish
    names = side_lookup(settings)
    given_piles, given_sweeps = _by_side(spec.piles, names), _by_side(spec.sweeps, names)
    given_declared = {side: dict(d) for side, d in _by_side(spec.declared, names).items()}
    has_sweeps, declarations = _counted_kinds(settings, spec)
    say(_("Hand {number} of match {id} ({rules}): Enter keeps what it had.").format(
        number=number, id=match.id, rules=rules.name))
    piles, sweeps, declared = dict(given_piles), dict(given_sweeps), {s: dict(d) for s, d in given_declared.items()}
    for side in row.sides:
        if side not in given_piles:
            before = old.piles.get(side, (None, ""))[0]
            text = ask_pile(side, rules, letters, typed=before if before is None else before or NOTHING,
                            spanish=spanish)
            piles[side] = (text, _("pile of {side}").format(side=side))
        if has_sweeps and side not in given_sweeps:
            sweeps[side] = _ask_sweeps(side, rules, old.sweeps.get(side, 0))
        for cid in declarations:
            if cid not in given_declared.get(side, {}):
                declared.setdefault(side, {})[cid] = _ask_declared(side, cid, rules,
                                                                   old.declared.get(side, {}).get(cid, 0))
    return replace(spec, piles=piles, sweeps=sweeps, declared=declared, italian_suits=letters, spanish=spanish)


def ask_again(spec: HandSpec, entered: Entered, shown: bool = False) -> HandSpec | None:
    """After a refused hand: retype one side's pile, the sweeps or a declaration, keeping the rest
    (None: give up); ``shown``: its count is on the screen already."""
    from scorekeeper.match.hand import side_lookup
    from scorekeeper.output.text import hand_table

    settings = entered.match.settings
    if not shown:
        say(hand_table(entered.counted.result))
    has_sweeps, declarations = _counted_kinds(settings, spec)
    playing = entered.match.state.next_sides
    names = side_lookup(settings)
    facts = (["sweeps"] if has_sweeps else []) + declarations
    while True:
        name = _reader().ask(_("Correct what? A side's name retypes its pile; {facts} asks again "
                               "(Enter: leave the hand out)").format(facts=" / ".join(facts) or "-"),
                             kind="what", words=[*names.values(), *facts]).strip()
        if not name:
            return None
        side = names.get(name.casefold())
        if side is not None and side in playing:
            text = ask_pile(side, settings.rules, bool(spec.italian_suits), spanish=spec.spanish)
            return replace(spec, piles={**spec.piles, side: (text, _("pile of {side}").format(side=side))})
        if name.casefold() in facts:
            return _correct(spec, name.casefold(), playing, settings.rules, names)
        say(_("error: {name} does not play this hand (it is played by {sides})").format(
            name=repr(name), sides=", ".join(playing)))


def _correct(spec: HandSpec, fact: str, playing: Iterable[str], rules: RuleSet,
             names: Mapping[str, str]) -> HandSpec:
    """The spec with the sweeps (``fact`` 'sweeps') or one declared category asked again for each side."""
    if fact == "sweeps":
        sweeps = _by_side(spec.sweeps, names)
        for side in playing:
            sweeps[side] = _ask_sweeps(side, rules, sweeps.get(side, 0))
        return replace(spec, sweeps=sweeps)
    declared = {side: dict(d) for side, d in _by_side(spec.declared, names).items()}
    for side in playing:
        own = declared.setdefault(side, {})
        own[fact] = _ask_declared(side, fact, rules, own.get(fact, 0))
    return replace(spec, declared=declared)


def _by_side(counts: Mapping[str, V], names: Mapping[str, str]) -> dict[str, V]:
    """Counts keyed by the sides' own names (an option may name a side by a player, in any letter case)."""
    return {names.get(name.strip().casefold(), name): value for name, value in counts.items()}


def command_line(match_id: int, spec: HandSpec) -> str:
    """The 'match add' command that enters this hand again."""
    import shlex

    args = ["scorekeeper", "match", "add", str(match_id)]
    args += [a for side, (text, _where) in spec.piles.items() for a in ("--pile", f"{side}={text}")]
    args += [a for side, n in spec.sweeps.items() if n for a in ("--sweeps", f"{side}={n}")]
    args += [a for side, n in spec.claims.items() for a in ("--claim", f"{side}={n}")]
    args += [a for side, d in spec.declared.items() for cid, n in d.items() if n
             for a in ("--declare", f"{side}:{cid}={n}")]
    args += [a for cid in spec.enabled for a in ("--with", cid)]
    if spec.italian_suits:
        args.append("--spanish-suits" if spec.spanish else "--italian-suits")  # not for players: options
    return " ".join(shlex.quote(a) for a in args)
