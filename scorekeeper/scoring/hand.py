"""A hand as typed, from a hand file (YAML or JSON) or from command-line options.

A hand file holds one mapping::

    rules: scopa                 # optional: a built-in id or a path; --rules wins over it
    suit_letters: french         # or italian (D C S B); never guessed
    with: [napola]               # optional categories turned on
    piles:                       # side -> cards, in the order the sides sit
      Anna: 7d Ad 6h 5c 4s*      # '*' marks a sweep card lying face up
      Bruno: rest                # every card nobody else listed
    sweeps: {Anna: 1}
    declared: {Anna: {bussata: 1}}
    claims: {Anna: 4, Bruno: 1}  # the points the players counted, to be checked

The same facts come from ``--pile SIDE=CARDS``, ``--sweeps SIDE=N``, ``--declare SIDE:CATEGORY=N``,
``--claim SIDE=POINTS`` and ``--with CATEGORY``; options given with a file add to it or replace
what it says for a side.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from scorekeeper.cards import Deck
from scorekeeper.documents import check_keys, read_document, where_of
from scorekeeper.errors import InputErrors, NotationError
from scorekeeper.notation import parse_pile
from scorekeeper.scoring.count import HandEntry

_KEYS = ("rules", "suit_letters", "with", "piles", "sweeps", "declared", "claims")


@dataclass(frozen=True)
class HandSpec:
    """The facts of a hand before its deck is known: pile texts, counts, and where each came from."""

    piles: dict[str, tuple[str, str]] = field(default_factory=dict)  # side -> (text, where)
    sweeps: dict[str, int] = field(default_factory=dict)
    declared: dict[str, dict[str, int]] = field(default_factory=dict)
    claims: dict[str, int] = field(default_factory=dict)
    enabled: tuple[str, ...] = ()
    rules: str | None = None
    italian_suits: bool = False

    def entry(self, deck: Deck) -> HandEntry:
        """Read every pile in this deck; all bad tokens of all piles are reported together."""
        errors: list[str] = []
        piles = []
        for text, where in self.piles.values():
            try:
                piles.append(parse_pile(text, deck, where=where, italian_suits=self.italian_suits))
            except InputErrors as exc:
                errors += exc.messages
        if errors:
            raise InputErrors(errors)
        if not piles:
            raise NotationError("no piles: give a hand file or --pile SIDE=CARDS for each side")
        return HandEntry(tuple(self.piles), tuple(piles), self.sweeps, self.declared, self.claims, self.enabled)


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise NotationError(f"{where}: {value!r} is not a count (a whole number, 0 or more)")
    return value


def hand_from_mapping(data: Any, source: str) -> HandSpec:
    """A HandSpec from a parsed hand file or JSON line; ``source`` names it in errors."""
    check_keys(data, source, _KEYS, "hand", "at least 'piles'")
    piles_data = data.get("piles")
    if not isinstance(piles_data, Mapping) or not piles_data:
        raise NotationError(f"{where_of(data, 'piles', source)}: piles: give each side's cards, like 'Anna: 7d Ad 6h'")
    piles = {}
    for side, text in piles_data.items():
        where = where_of(piles_data, side, source)
        if isinstance(text, list):
            text = " ".join(map(str, text))
        if not isinstance(text, str):
            raise NotationError(f"{where}: piles.{side}: must be cards as text, like '7d Ad 6h'")
        piles[str(side)] = (text, f"{where}: pile of {side}")

    def counts(key: str, value: Any) -> dict[str, int]:
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            raise NotationError(f"{where_of(data, key, source)}: {key}: must map each side to a number")
        return {str(s): _count(n, f"{where_of(value, s, source)}: {key}.{s}") for s, n in value.items()}

    declared_data = data.get("declared") or {}
    if not isinstance(declared_data, Mapping):
        raise NotationError(f"{where_of(data, 'declared', source)}: declared: must map each side to its declarations")
    declared = {str(s): counts(f"declared.{s}", d) for s, d in declared_data.items()}
    enabled = data.get("with") or []
    if isinstance(enabled, str):
        enabled = [enabled]
    if not isinstance(enabled, list) or not all(isinstance(e, str) for e in enabled):
        raise NotationError(f"{where_of(data, 'with', source)}: with: must list category ids")
    rules = data.get("rules")
    if rules is not None and not isinstance(rules, str):
        raise NotationError(f"{where_of(data, 'rules', source)}: rules: must be a rule-set id or path")
    letters = data.get("suit_letters", "french")
    if letters not in ("french", "italian"):
        raise NotationError(f"{where_of(data, 'suit_letters', source)}: suit_letters: {letters!r} is not french or italian")
    return HandSpec(piles, counts("sweeps", data.get("sweeps")), declared, counts("claims", data.get("claims")),
                    tuple(enabled), rules, letters == "italian")


def read_hand_file(path: str | Path) -> HandSpec:
    """A hand file: JSON by its ``.json`` suffix, YAML otherwise; ``-`` is standard input."""
    data, name = read_document(path, "hand file")
    return hand_from_mapping(data, name)


def _split(option: str, text: str, sep: str, shape: str) -> tuple[str, str]:
    left, found, right = text.partition(sep)
    if not found or not left.strip():
        raise NotationError(f"{option} {text!r}: write {shape}")
    return left.strip(), right.strip()


def _number(option: str, text: str, value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise NotationError(f"{option} {text!r}: {value!r} is not a whole number") from None
    return _count(number, f"{option} {text!r}")


def with_options(spec: HandSpec, *, piles: Iterable[str] = (), sweeps: Iterable[str] = (),
                 declare: Iterable[str] = (), claims: Iterable[str] = (), enabled: Iterable[str] = (),
                 rules: str | None = None, italian_suits: bool | None = None) -> HandSpec:
    """The spec with command-line options laid over it."""
    new_piles = dict(spec.piles)
    for text in piles:
        side, cards = _split("--pile", text, "=", "SIDE=CARDS, like Anna='7d Ad 6h'")
        new_piles[side] = (cards, f"--pile {side}")
    new_sweeps = dict(spec.sweeps)
    for text in sweeps:
        side, value = _split("--sweeps", text, "=", "SIDE=N, like Anna=2")
        new_sweeps[side] = _number("--sweeps", text, value)
    new_claims = dict(spec.claims)
    for text in claims:
        side, value = _split("--claim", text, "=", "SIDE=POINTS, like Anna=4")
        new_claims[side] = _number("--claim", text, value)
    new_declared = {s: dict(d) for s, d in spec.declared.items()}
    for text in declare:
        left, value = _split("--declare", text, "=", "SIDE:CATEGORY=N, like Anna:bussata=1")
        side, category = _split("--declare", left, ":", "SIDE:CATEGORY=N, like Anna:bussata=1")
        new_declared.setdefault(side, {})[category] = _number("--declare", text, value)
    return replace(spec, piles=new_piles, sweeps=new_sweeps, claims=new_claims, declared=new_declared,
                   enabled=tuple(dict.fromkeys((*spec.enabled, *enabled))), rules=rules or spec.rules,
                   italian_suits=spec.italian_suits if italian_suits is None else italian_suits)
