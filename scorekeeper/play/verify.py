"""Checking a JSON Lines file of hands, one line at a time, in flat memory.

A line is a hand (``piles``, ``sweeps`` and the other keys of a hand file) or a play record (see
``records``), which may carry the piles and sweeps its plays gave. Piles are checked on a fast
path: canonical card tokens are looked up, the piles must split the deck, and each side's sweeps
must fit its pile. Anything unusual (another notation, claims, declared points, a problem) goes
through the same checks as ``score``, so a failing line reads exactly as ``score`` would put it.
With ``replay``, records are also replayed play by play.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, cast

from scorekeeper._words import cut_short
from scorekeeper.documents import DocumentError, load_json, open_bytes
from scorekeeper.errors import InputErrors, ScorekeeperError, unreadable
from scorekeeper.play._text import shown
from scorekeeper.play.capture import CaptureEngine
from scorekeeper.play.records import read_record
from scorekeeper.play.replay import replay as replay_record
from scorekeeper.rules.catalog import load_rules
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.scoring.count import Counter
from scorekeeper.scoring.hand import hand_from_mapping

_RECORD_ONLY = ("deal", "plays", "teams", "seed", "hand")
#: The longest line read, as the longest hand file: a simulated 52-card record is about 3 KiB.
MAX_LINE = 256 * 1024
_FAST_KEYS = frozenset(("rules", "piles", "sweeps", *_RECORD_ONLY))


@dataclass(frozen=True)
class LineResult:
    """The verdict on one line: its number, its problems, and whether it was understood at all."""

    number: int
    problems: tuple[str, ...] = ()
    understood: bool = True
    source: str = ""  # the file, as the problems are reported against it

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of a failing line in ``verify --json``."""
        return {"file": self.source, "line": self.number, "understood": self.understood,
                "problems": list(self.problems)}


@dataclass(frozen=True)
class Unreadable:
    """A file that could not be opened; the message names it and says why."""

    message: str


@dataclass
class Summary:
    """Counts over everything verified so far."""

    hands: int = 0
    ok: int = 0
    failed: int = 0
    not_understood: int = 0
    unreadable_files: int = 0

    def add(self, result: LineResult | Unreadable) -> None:
        if isinstance(result, Unreadable):
            self.unreadable_files += 1
            return
        self.hands += 1
        if result.ok:
            self.ok += 1
        elif result.understood:
            self.failed += 1
        else:
            self.not_understood += 1

    def to_dict(self) -> dict[str, int]:
        return {"hands": self.hands, "ok": self.ok, "failed": self.failed, "not_understood": self.not_understood,
                "unreadable_files": self.unreadable_files}


class _Checker:
    """What one rule set needs for checking, built on first use."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.counter = Counter(rules)
        deck = rules.cards
        self.deck = deck
        self.bits = {text: deck.bit(card) for text, card in deck.by_text.items()}
        self.full = deck.full
        self.engine: CaptureEngine | None = None

    def fast(self, data: dict[str, Any]) -> bool:
        """True when the piles and sweeps of a plain line check out; False: take the full path."""
        # Masks of canonical tokens, no HandResult: 10,000 simulated Scopa lines in 0.4 s, 3.4 s by full_check.
        piles = data.get("piles")
        if not isinstance(piles, dict) or not data.keys() <= _FAST_KEYS:
            return False
        sides = self.rules.sides
        if not sides.min <= len(piles) <= sides.max:
            return False
        bits = self.bits
        seen = 0
        held = {}
        for side, text in piles.items():
            if not isinstance(text, str):
                return False
            mask = 0
            tokens = text.split()
            for token in tokens:
                bit = bits.get(token)
                if bit is None:
                    return False
                mask |= bit
            if mask & seen or mask.bit_count() != len(tokens):
                return False
            seen |= mask
            held[side] = len(tokens)
        if seen != self.full:
            return False
        sweeps = data.get("sweeps") or {}
        if not isinstance(sweeps, dict):
            return False
        for side, count in sweeps.items():
            if type(count) is not int or count < 0 or side not in held or count * 2 > held[side] \
                    or (count and not self.counter.has_sweeps):
                return False
        return True

    def full_check(self, data: dict[str, Any], where: str) -> list[str]:
        """Every problem of a hand line, as ``score`` reports them."""
        hand = {k: v for k, v in data.items() if k not in _RECORD_ONLY}
        spec = hand_from_mapping(hand, where)
        return list(self.counter.score(spec.entry(self.deck)).problems)

    def replay(self, data: dict[str, Any], where: str) -> list[str]:
        """Replay a record line; the first illegal play, or what its outcome contradicts."""
        if self.engine is None:
            self.engine = CaptureEngine(self.rules)
        outcome = replay_record(read_record(data, where, self.deck), self.engine)
        if outcome.illegal is not None:
            number, reason = outcome.illegal
            return [f"play {number}: {reason}" if number else reason]
        assert outcome.result is not None
        return outcome.mismatches + list(outcome.result.problems)


class _Verifier:
    """Checks lines one at a time, keeping one checker per rule set met."""

    def __init__(self, source: str, rules: str | None, replay: bool) -> None:
        self.source, self.rules, self.replay = source, rules, replay
        self.checkers: dict[str, _Checker] = {}

    def check(self, number: int, line: str) -> LineResult | None:
        """The verdict on one line (None for a blank one); never raises on what the line holds."""
        if not line or line.isspace():
            return None
        source = self.source
        where = f"{source} line {number}"
        try:
            data = load_json(line.rstrip("\r\n"), where)  # a column past the end names the end, not line 2
        except DocumentError as exc:
            return LineResult(number, (_json_problem(str(exc), where),), False, source)
        if not isinstance(data, dict):
            return LineResult(number, ("a line must be a JSON object: a hand (piles) or a play record",), False,
                              source)
        try:
            ref = self.rules or data.get("rules") or "scopa"
            if not isinstance(ref, str):
                raise InputErrors([f"rules: must be a rule-set id or path, not {ref!r}"])
            checker = self.checkers.get(ref)
            if checker is None:
                checker = self.checkers[ref] = _Checker(load_rules(ref))
            if ("plays" in data or "deal" in data) and (self.replay or "piles" not in data):
                problems = checker.replay(data, where)
            elif checker.fast(data):
                return LineResult(number, source=source)
            else:
                problems = checker.full_check(data, where)
        except InputErrors as exc:
            return LineResult(number, _shown(_local(m, where) for m in exc.messages), False, source)
        except ScorekeeperError as exc:
            return LineResult(number, _shown([_local(str(exc), where)]), False, source)
        return LineResult(number, _shown(problems), source=source)


def verify_lines(lines: Iterable[str | bytes], source: str, *, rules: str | None = None,
                 replay: bool = False) -> Iterator[LineResult]:
    """Check each non-blank line; yields one result per hand, never holding more than one line.

    A line's problems are at most MAX_SHOWN (then how many more), with control characters
    written as escapes; no line, however it is made, raises."""
    verifier = _Verifier(source, rules, replay)
    for number, line in enumerate(lines, start=1):
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError:
                yield LineResult(number, ("not UTF-8 text",), False, source)
                continue
        result = verifier.check(number, line)
        if result is not None:
            yield result


def _shown(problems: Iterable[str]) -> tuple[str, ...]:
    return tuple(shown(p) for p in cut_short(list(problems)))


def _json_problem(message: str, where: str) -> str:
    # load_json names the place as WHERE:LINE:COLUMN; within one line, the column is what helps.
    at = re.match(r":\d+:(\d+): not valid JSON: ", message[len(where):]) if message.startswith(where) else None
    if at is not None:
        return f"not valid JSON at column {at.group(1)}: {message[len(where) + at.end():]}"
    return shown(_local(message, where))


def _local(message: str, where: str) -> str:
    # Messages from the hand reader start with the place; the caller already names the line.
    return message[len(where) + 2:] if message.startswith(where + ": ") else message


def verify_files(paths: Iterable[str | Path], *, rules: str | None = None,
                 replay: bool = False) -> Iterator[LineResult | Unreadable]:
    """Check every line of each JSON Lines file in turn (``-`` is standard input); a file that
    cannot be opened is reported and skipped. Add the results to a ``Summary`` for the totals.

    A file stops being read at a line longer than MAX_LINE bytes or one that is not UTF-8 text
    (reported as unreadable, with the line's number): it is not a file of hands."""
    for path in paths:
        stdin = str(path) == "-"
        name = "<stdin>" if stdin else shown(str(path))
        try:
            stream: BinaryIO = _stdin() if stdin else open_bytes(path)  # closed in finally
        except OSError as exc:
            yield Unreadable(f"{name}: cannot read: {unreadable(exc)}")
            continue
        verifier = _Verifier(name, rules, replay)
        try:
            number = 0
            while line := stream.readline(MAX_LINE + 1):
                number += 1
                if len(line) > MAX_LINE and not line.endswith(b"\n"):
                    yield Unreadable(f"{name} line {number}: longer than {MAX_LINE // 1024} KiB; refused, and the "
                                     "rest of the file is not read")
                    break
                try:
                    text = line.decode("utf-8")
                except UnicodeDecodeError:
                    yield Unreadable(f"{name} line {number}: not UTF-8 text; the rest of the file is not read")
                    break
                result = verifier.check(number, text)
                if result is not None:
                    yield result
        except OSError as exc:
            yield Unreadable(f"{name}: cannot read: {unreadable(exc)}")
        finally:
            if not stdin:
                stream.close()


def _stdin() -> BinaryIO:
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is not None:
        return cast(BinaryIO, buffer)
    return io.BytesIO(sys.stdin.read().encode("utf-8", "surrogateescape"))  # a text stream put in its place
