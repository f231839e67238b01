"""Ruling on one capture at the table: every legal capture of a card, and whether a given take is one.

>>> ruling = rule_on_capture("wall-street", "3c 4h 8d", "Kh", take="3c 4h")
>>> [c.cards for c in ruling.captures], ruling.legal
([('3c', '4h')], True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.errors import InputErrors, NotationError, ScorekeeperError
from scorekeeper.i18n import N_, _, translated
from scorekeeper.notation import CardReader
from scorekeeper.play._reasons import why
from scorekeeper.play._text import shown
from scorekeeper.play.builds import cards_problem
from scorekeeper.play.capture import Build, CaptureEngine, Table
from scorekeeper.rules.catalog import load_rules
from scorekeeper.rules.options import apply_options
from scorekeeper.rules.ruleset import RuleSet


@dataclass(frozen=True)
class LegalCapture:
    """One legal capture in canonical card texts, lowest value first."""

    cards: tuple[str, ...]
    sweep: bool
    kind: str


@dataclass(frozen=True)
class Ruling:
    """The answer to "what may this card take here?", and to "was that take legal?"."""

    rules_id: str
    rules_name: str
    card: str
    table: tuple[str, ...]
    counts: str
    captures: tuple[LegalCapture, ...]
    legal: bool | None = None
    reason: str | None = None
    total: int | None = None  # the fifteen or eleven of the game, if it has one
    must_capture: bool = True  # False: a card that can capture may be laid down all the same

    @property
    def trail(self) -> bool:
        """True when the card captures nothing here and is laid on the table."""
        return not self.captures

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of the ``capture`` command."""
        out: dict[str, Any] = {"captures": [{"cards": list(c.cards), "sweep": c.sweep} for c in self.captures],
                               "trail": self.trail}
        if self.legal is not None:
            out["legal"], out["reason"] = self.legal, self.reason
        return out


@dataclass(frozen=True)
class Labels:
    """What the messages call each part of the question; a command passes its option names."""

    table: str = N_("table")
    card: str = N_("card played")
    build: str = N_("build")
    take: str = N_("take")
    option: str = N_("option")


PLAIN_LABELS = Labels()


def rule_on_capture(rules: str | RuleSet, table: str, card: str, *, take: str | None = None,
                    builds: tuple[str, ...] = (), last: bool = False, last_deal: bool = False,
                    italian_suits: bool = False, labels: Labels = PLAIN_LABELS,
                    options: Mapping[str, object] | None = None) -> Ruling:
    """Every legal capture of ``card`` on ``table`` and, with ``take``, whether that one is legal.

    ``builds`` are Cassino builds on the table, each written ``VALUE=CARDS`` (``7=5h,2c``). Every
    problem of the question is reported at once, each message starting with the part it is in.
    ``last`` marks the last play of the hand, ``last_deal`` a play of the last deal of the pack;
    ``options`` are the rule set's options chosen for the question (``rules show`` lists them).
    """
    ruleset = load_rules(rules) if isinstance(rules, str) else rules
    if labels is PLAIN_LABELS:
        labels = Labels(translated(labels.table), translated(labels.card), translated(labels.build),
                        translated(labels.take), translated(labels.option))
    if options:
        ruleset = apply_options(ruleset, options, {key: f"{labels.option} {key}" for key in options})
    engine = CaptureEngine(ruleset)
    last_deal = last_deal or last
    reader = CardReader(engine.deck, italian_suits=italian_suits)
    errors: list[str] = []

    def read(text: str, where: str) -> int | None:
        """The cards' mask, or None with the problems added to ``errors``."""
        try:
            return reader.mask(text, where)
        except InputErrors as exc:
            errors.extend(exc.messages)
        except ScorekeeperError as exc:
            errors.append(str(exc))
        return None

    loose = read(table, labels.table) or 0
    table_builds = []
    top = max((v for i, vs in enumerate(engine.capture_values) if not engine.pair_only >> i & 1 for v in vs),
              default=0)
    for text in builds:
        value, _equals, cards = (part.strip() for part in text.partition("="))
        if not (value.isascii() and value.isdigit()) or not cards:  # "²".isdigit(), and int() refuses it
            errors.append(_("{label} {text}: write VALUE=CARDS, like 7=5h,2c").format(
                label=labels.build, text=_quoted(text)))
        elif len(value) > 3 or not 1 <= int(value) <= top:
            errors.append(_("{label} {text}: no card takes a build of {value} in {rules} (a build is worth 1 to "
                            "{top})").format(label=labels.build, text=_quoted(text), value=_cut(value),
                                             rules=engine.rules.name, top=top))
        elif not engine.spec.builds:
            errors.append(_("{label} {text}: {rules} has no builds").format(
                label=labels.build, text=_quoted(text), rules=engine.rules.name))
        else:
            build = Build(int(value), read(cards, f"{labels.build} {shown(text)}") or 0, -1)
            problem = cards_problem(engine, build) if build.mask else None
            if problem:
                errors.append(f"{labels.build} {_quoted(text)}: {problem}")
            table_builds.append(build)
    played = read(card, labels.card)
    if played is not None and played.bit_count() != 1:
        errors.append(_("{label} {text}: give exactly one card").format(label=labels.card, text=_quoted(card)))
    if errors or played is None:
        raise InputErrors(errors)
    seen = loose
    for build in table_builds:
        if seen & build.mask:
            raise NotationError(_("{table}/{build}: {cards} listed twice").format(
                table=labels.table, build=labels.build, cards=engine.describe(seen & build.mask)))
        seen |= build.mask
    if played & seen:
        raise NotationError(_("{label} {text}: the {card} is already on the table").format(
            label=labels.card, text=_quoted(card), card=engine.describe(played)))
    index = played.bit_length() - 1
    where = Table(loose, tuple(table_builds))
    legal_captures = tuple(LegalCapture(tuple(engine.describe(c.mask).split(" + ")), c.sweep, c.kind)
                           for c in engine.captures(index, where, last=last, last_deal=last_deal))
    legal = reason = None
    if take is not None:
        capture, reason = why(engine, index, where, reader.mask(take, labels.take), last=last, last_deal=last_deal)
        legal = capture is not None or (not take.strip() and engine.may_lay(index, where))
    return Ruling(engine.rules.id, engine.rules.name, engine.names[index],
                  tuple(engine.describe(seen).split(" + ")) if seen else (), engine.counts(index), legal_captures,
                  legal, reason, engine.spec.total, engine.spec.must_capture)


def _cut(text: str, most: int = 40) -> str:
    """A long text someone typed, cut short for a message."""
    return text if len(text) <= most else text[:most] + "..."


def _quoted(text: str) -> str:
    return repr(_cut(text))
