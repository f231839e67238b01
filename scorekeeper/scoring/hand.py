"""A hand as typed, from a hand file (YAML or JSON) or laid together by a caller, and its count.

A hand file holds one mapping::

    rules: scopa                 # optional: a built-in id, or a path in the file's folder; a rule set
                                 # given with it wins
    suit_letters: french         # or italian (D C S B) or spanish (O C E B); never guessed
    with: [napola]               # optional categories turned on
    options: {fewest-cards: on}  # the rule set's options chosen for this hand (see 'rules show')
    piles:                       # side -> cards, in the order the sides sit
      Anna: 7d Ad 6h 5c 4s*      # '*' marks a sweep card lying face up
      Bruno: rest                # every card nobody else listed
    sweeps: {Anna: 1}
    declared: {Anna: {bussata: 1}}
    claims: {Anna: 4, Bruno: 1}  # the points the players counted, to be checked

The command line gives the same facts as options (read in ``cli.common``); options given with a
file add to it or replace what it says for a side. Every fact remembers where it was given, so a
message can point there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.cards import Deck
from scorekeeper.documents import MAX_DIGITS, check_keys, read_document, where_of
from scorekeeper.errors import HandError, InputErrors, NotationError
from scorekeeper.i18n import N_, _
from scorekeeper.notation import parse_pile
from scorekeeper.rules.catalog import load_rules, named_rules
from scorekeeper.rules.options import apply_options
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.scoring.count import HandEntry, HandResult, counter_for, fact_name
from scorekeeper.scoring.sides import team_names

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # frozen dataclasses with only __init__ compiled, for a quicker start-up (see scorekeeper._frozen)
    from scorekeeper._frozen import dataclass

#: The rule set of a hand that names none.
DEFAULT_RULES = "scopa"
_KEYS = ("rules", "suit_letters", "with", "options", "piles", "sweeps", "declared", "claims")  # not for players: keys


@dataclass(frozen=True, kw_only=False)
class HandSpec:
    """The facts of a hand before its deck is known: pile texts, counts, and where each came from.

    A pile's place names it in messages (``--pile Anna``, ``hand.yaml:3:9: pile of Anna``); the
    other facts' places are in ``where``, keyed as ``HandEntry.where`` explains.
    """

    piles: dict[str, tuple[str, str]] = field(default_factory=dict)  # side -> (text, where)
    sweeps: dict[str, int] = field(default_factory=dict)
    declared: dict[str, dict[str, int]] = field(default_factory=dict)
    claims: dict[str, int] = field(default_factory=dict)
    enabled: tuple[str, ...] = ()
    rules: str | None = None
    italian_suits: bool | None = False  # None: not said, read as the match's hands were (history.matches)
    where: dict[tuple[str, str], str] = field(default_factory=dict)
    options: dict[str, object] = field(default_factory=dict)
    # Spanish letters (O C E B, the courts 10 11 12); italian_suits is True with them too, since
    # neither reads "7c" as the canonical seven of clubs
    spanish: bool = False
    # The file whose ``rules:`` named the rule set, and the place there: what it names is read from
    # its folder (``catalog.named_rules``). None when the rule set came from the caller.
    rules_file: tuple[str, str] | None = None

    def entry(self, deck: Deck) -> HandEntry:
        """Read every pile in this deck; all bad tokens of all piles are reported together."""
        errors: list[str] = []
        piles = []
        for text, where in self.piles.values():
            try:
                piles.append(parse_pile(text, deck, where=where, italian_suits=bool(self.italian_suits),
                                        spanish=self.spanish))
            except InputErrors as exc:
                errors += exc.messages
        if errors:
            raise InputErrors(errors)
        if not piles:
            raise NotationError(_("no piles: a hand needs a pile for each side"))
        return HandEntry(tuple(self.piles), tuple(piles), self.sweeps, self.declared, self.claims, self.enabled,
                         self.where)


def score_hand(spec: HandSpec, rules: RuleSet | None = None) -> HandResult:
    """Check and count a typed hand under ``rules``, else the rule set it names, else scopa."""
    ruleset = rules if rules is not None else hand_rules(spec)
    ruleset = chosen_options(ruleset, spec.options, spec.where)
    spec = with_teams(spec, ruleset)
    return counter_for(ruleset).score(spec.entry(ruleset.cards))


def hand_rules(spec: HandSpec) -> RuleSet:
    """The rule set a hand names (its file's ``rules:`` as ``catalog.named_rules`` reads it), else Scopa."""
    if spec.rules and spec.rules_file is not None:
        return named_rules(spec.rules, *spec.rules_file)
    return load_rules(spec.rules or DEFAULT_RULES)


def with_teams(spec: HandSpec, rules: RuleSet) -> HandSpec:
    """The hand with its sides checked as teams, if any side is written as one (``scoring.sides``), and
    every count given under a team's player, or in another letter case, put under that team, as a
    match does."""
    names = team_names(rules, list(spec.piles))
    if all(name in spec.piles for facts in (spec.sweeps, spec.claims, spec.declared) for name in facts):
        return spec  # the usual hand: every count under a pile's own name
    where = dict(spec.where)

    def moved(facts: Mapping[str, Any], key: str) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, value in facts.items():
            side = name if name in spec.piles else names.get(name.strip().casefold(), name)
            if side in out:
                raise HandError(_("{fact}: {side} is already given in this hand (name a team once, by its "
                                  "name or by one of its players)").format(
                    fact=where.get((key, name)) or fact_name(key, name), side=repr(side)))
            out[side] = value
            if side != name:
                _move_places(where, key, name, side)
        return out

    return replace(spec, sweeps=moved(spec.sweeps, "sweeps"), claims=moved(spec.claims, "claims"),
                   declared=moved(spec.declared, "declared"), where=where)


def _move_places(where: dict[tuple[str, str], str], key: str, name: str, side: str) -> None:
    """Keep where a fact was typed when it moves from a player's name to the team's."""
    if (key, name) in where:
        where[(key, side)] = where.pop((key, name))
    if key == "declared":
        for fact in list(where):
            if fact[0] == "declared" and fact[1].startswith(f"{name}:"):
                where[("declared", side + fact[1][len(name):])] = where.pop(fact)


def chosen_options(rules: RuleSet, chosen: Mapping[str, object], where: Mapping[tuple[str, str], str]) -> RuleSet:
    """``rules`` with the hand's options applied; a bad one is named with where it was given."""
    places = {key: place for (fact, key), place in where.items() if fact == "option"}
    return apply_options(rules, chosen, places) if chosen else rules


def read_count(value: Any, where: str) -> int:
    """A count as a hand gives it (sweeps, declarations, claimed points): a whole number, 0 or more,
    of at most MAX_DIGITS digits (as any number read from a file)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise NotationError(_("{where}: {value} is not a count (a whole number, 0 or more)").format(
            where=where, value=repr(value)))
    if value >= 10**MAX_DIGITS:
        raise NotationError(_("{where}: {digits}... is too large for a count").format(
            where=where, digits=str(value)[:20]))
    return value


def hand_from_mapping(data: Any, source: str) -> HandSpec:
    """A HandSpec from a parsed hand file or JSON line; ``source`` names it in errors."""
    check_keys(data, source, _KEYS, N_("hand"), N_("at least 'piles'"))
    piles_data = data.get("piles")
    if not isinstance(piles_data, Mapping) or not piles_data:
        raise NotationError(_("{where}: piles: give each side's cards, like 'Anna: 7d Ad 6h'").format(
            where=where_of(data, "piles", source)))
    piles = {}
    for side, text in piles_data.items():
        where = where_of(piles_data, side, source)
        if isinstance(text, list):
            text = " ".join(map(str, text))
        if not isinstance(text, str):
            raise NotationError(_("{where}: piles.{side}: must be cards as text, like '7d Ad 6h'").format(
                where=where, side=side))
        piles[str(side)] = (text, _("{where}: pile of {side}").format(where=where, side=side))

    places: dict[tuple[str, str], str] = {}

    def counts(key: str, value: Any, fact: str, prefix: str = "") -> dict[str, int]:
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            raise NotationError(_("{where}: {key}: must map each side to a number").format(
                where=where_of(data, key, source), key=key))
        out = {}
        for name, number in value.items():
            at = where_of(value, name, source)
            out[str(name)] = read_count(number, f"{at}: {key}.{name}")
            places[(fact, f"{prefix}{name}")] = f"{at}: {fact_name(fact, f'{prefix}{name}')}"
        return out

    declared_data = data.get("declared") or {}
    if not isinstance(declared_data, Mapping):
        raise NotationError(_("{where}: declared: must map each side to its declarations").format(
            where=where_of(data, "declared", source)))
    declared = {}
    for side, by_category in declared_data.items():
        places[("declared", str(side))] = f"{where_of(declared_data, side, source)}: {fact_name('declared', str(side))}"
        if by_category is not None and not isinstance(by_category, Mapping):  # named at its side, not the file
            raise NotationError(_("{where}: declared.{side}: must map each declared category to a number").format(
                where=where_of(declared_data, side, source), side=side))
        declared[str(side)] = counts(f"declared.{side}", by_category, "declared", f"{side}:")
    enabled = data.get("with") or []
    if isinstance(enabled, str):
        enabled = [enabled]
    if not isinstance(enabled, list) or not all(isinstance(e, str) for e in enabled):
        raise NotationError(_("{where}: with: must list category ids").format(where=where_of(data, "with", source)))
    for i, cid in enumerate(enabled):
        places[("with", cid)] = f"{where_of(enabled, i, where_of(data, 'with', source))}: {fact_name('with', cid)}"
    rules = data.get("rules")
    if rules is not None and not isinstance(rules, str):
        raise NotationError(_("{where}: rules: must be a rule-set id or path").format(
            where=where_of(data, "rules", source)))
    letters = data.get("suit_letters", "french")  # not for players: a hand-file key
    if letters not in ("french", "italian", "spanish"):
        raise NotationError(_("{where}: suit_letters: {letters} is not french, italian or spanish").format(
            where=where_of(data, "suit_letters", source), letters=repr(letters)))  # not for players: a key
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        raise NotationError(_("{where}: options: must map option ids to values").format(
            where=where_of(data, "options", source)))
    for option_id, value in options.items():
        if not isinstance(value, bool | int | str) or isinstance(value, int) and value >= 10**MAX_DIGITS:
            raise NotationError(_("{where}: options.{id}: must be on, off, a number or a word").format(
                where=where_of(options, option_id, source), id=option_id))
        places[("option", str(option_id))] = f"{where_of(options, option_id, source)}: options.{option_id}"
    sweeps = counts("sweeps", data.get("sweeps"), "sweeps")
    claims = counts("claims", data.get("claims"), "claims")
    return HandSpec(piles, sweeps, declared, claims, tuple(enabled), rules, letters != "french", places,
                    {str(k): v for k, v in options.items()}, letters == "spanish")


def read_hand_file(path: str | Path) -> HandSpec:
    """A hand file: JSON by its ``.json`` suffix, YAML otherwise; ``-`` is standard input."""
    data, name = read_document(path, N_("hand file"))
    spec = hand_from_mapping(data, name)
    return replace(spec, rules_file=(name, where_of(data, "rules", name))) if spec.rules else spec
