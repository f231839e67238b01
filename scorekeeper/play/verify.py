"""Checking JSON Lines files of hands, in chunks of lines, in flat memory, on one core or several.

A line is a hand (``piles``, ``sweeps`` and the other keys of a hand file) or a play record (see
``records``), which may carry the piles and sweeps its plays gave. A record's plays are replayed
(unless ``replay=False``) and must agree with its piles and sweeps. Piles alone are checked on a
fast path (see ``_checker.Checker.fast``); anything unusual (another notation, claims, declared points, a
problem) goes through the same checks as ``score``, so a failing line reads as ``score`` puts it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from json import dumps
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper._words import cut_short
from scorekeeper.documents import DocumentError, load_json
from scorekeeper.errors import InputErrors, ScorekeeperError
from scorekeeper.i18n import _, ngettext
from scorekeeper.play._checker import Checker
from scorekeeper.play._chunks import MAX_LINE, Chunk, chunk_bytes, read_chunks
from scorekeeper.play._parallel import available_cores, in_order
from scorekeeper.play._text import shown
from scorekeeper.play.records import record_rules

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # dataclasses that compile at most their __init__ (see scorekeeper._frozen)
    from scorekeeper._frozen import dataclass


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
    """A file that could not be opened, or read on; the message names it and says why."""

    message: str


@dataclass(frozen=True)
class Batch:
    """Consecutive lines of one file: the number of each line that checks out, or its verdict."""

    source: str
    verdicts: tuple[int | LineResult, ...]
    not_replayed: tuple[int, ...] = ()  # lines whose plays were skipped

    @property
    def failing(self) -> Iterator[LineResult]:
        """The lines that do not check out, in order."""
        return (v for v in self.verdicts if type(v) is not int)  # type: ignore[misc]


@dataclass()
class Summary:
    """Counts over everything verified so far; ``replay`` says whether plays were replayed."""

    replay: bool = True
    hands: int = 0
    ok: int = 0
    failed: int = 0
    not_understood: int = 0
    unreadable_files: int = 0
    not_replayed: int = 0

    def add(self, result: Batch | Unreadable) -> None:
        if isinstance(result, Unreadable):
            self.unreadable_files += 1
            return
        failing = list(result.failing)
        self.hands += len(result.verdicts)
        self.ok += len(result.verdicts) - len(failing)
        self.not_replayed += len(result.not_replayed)
        for line in failing:
            self.failed += line.understood
            self.not_understood += not line.understood

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of the summary: the counts, and whether plays were replayed."""
        return {"hands": self.hands, "ok": self.ok, "failed": self.failed,
                "not_understood": self.not_understood,  # not for players: a JSON key
                "unreadable_files": self.unreadable_files,  # not for players: a JSON key
                "replay": self.replay, "not_replayed": self.not_replayed}  # not for players: a JSON key

    def text(self) -> str:
        """The summary in one line, saying when plays were not replayed."""
        # Each clause is a whole statement, translated whole; "; " between them is the same in every language.
        clauses = [ngettext("{count} hand checked: {ok} ok, {failed} failed, {unknown} not understood",
                            "{count} hands checked: {ok} ok, {failed} failed, {unknown} not understood",
                            self.hands).format(count=self.hands, ok=self.ok, failed=self.failed,
                                               unknown=self.not_understood)]
        if self.unreadable_files:
            clauses.append(ngettext("{count} file unreadable", "{count} files unreadable",
                                    self.unreadable_files).format(count=self.unreadable_files))
        if not self.replay:
            clauses.append(ngettext("plays not replayed (--no-replay): {count} record checked by their piles only",
                                    "plays not replayed (--no-replay): {count} records checked by their piles only",
                                    self.not_replayed).format(count=self.not_replayed))
        return "; ".join(clauses)


#: Rule sets (with options) kept built at once by one reader of lines: enough for any real file.
MAX_CHECKERS = 64


class _Verifier:
    """Checks lines one at a time, keeping one checker per rule set met."""

    def __init__(self, source: str, rules: str | None, replay: bool,
                 options: Mapping[str, object] | None = None) -> None:
        self.source, self.rules, self.replay, self.options = source, rules, replay, options
        self.checkers: dict[str, Checker] = {}
        self.line_where = _("{source} line {number}")  # made once: it names every line that needs its place
        self.not_replayed: list[int] = []  # numbers of the records whose plays were skipped

    def check(self, number: int, line: str) -> int | LineResult | None:
        """The line's number when it checks out, else its verdict; None for a blank line. Never
        raises on what the line holds."""
        if not line or line.isspace():
            return None
        source = self.source
        try:  # named by the file alone: a line's own name is made only for a line that needs it
            data = load_json(line.rstrip("\r\n"), source)  # a column past the end names the end, not line 2
        except DocumentError as exc:
            return LineResult(number, (_json_problem(str(exc), source),), False, source)
        if type(data) is not dict:
            return LineResult(number, (_("a line must be a JSON object: a hand (piles) or a play record"),), False,
                              source)
        try:
            ref = self.rules or data.get("rules") or "scopa"
            own = data.get("options")
            if not self.rules and type(ref) is str and not _plain_id(ref):
                ref = f"{source}\0{ref}"  # a file's path is read from the line's file's folder: one checker per file
            key = ref if own is None else f"{ref}\0{dumps(own, sort_keys=True)}"
            checker = self.checkers.get(key) if type(ref) is str else None
            if checker is None:
                if not isinstance(ref, str):
                    raise InputErrors([_("rules: must be a rule-set id or path, not {value}").format(value=repr(ref))])
                if len(self.checkers) >= MAX_CHECKERS:  # a file of lines that each choose other options
                    self.checkers.clear()
                checker = self.checkers[key] = Checker(record_rules(
                    data, self.line_where.format(source=source, number=number), self.rules, self.options,
                    named_in=source))
            if "plays" in data or "deal" in data:
                if self.replay or "piles" not in data:
                    where = self.line_where.format(source=source, number=number)
                    problems = [_local(p, where) for p in checker.replay(data, where)]
                    return LineResult(number, _shown(problems), source=source) if problems else number
                self.not_replayed.append(number)
            if checker.fast(data):
                return number
            problems = checker.full_check(data, self.line_where.format(source=source, number=number))
        except ScorekeeperError as exc:
            where = self.line_where.format(source=source, number=number)
            messages = exc.messages if isinstance(exc, InputErrors) else [str(exc)]
            return LineResult(number, _shown(_local(m, where) for m in messages), False, source)
        return LineResult(number, _shown(problems), source=source) if problems else number


def _plain_id(ref: str) -> bool:
    """A reference that is read the same from any file (a built-in's id), as opposed to a path."""
    return "/" not in ref and "\\" not in ref and not ref.endswith((".yaml", ".yml", ".json"))


def verify_lines(lines: Iterable[str | bytes], source: str, *, rules: str | None = None,
                 replay: bool = True, options: Mapping[str, object] | None = None) -> Iterator[LineResult]:
    """Check each non-blank line; yields one result per hand, never holding more than one line.

    A line's problems are at most MAX_SHOWN (then how many more), with control characters
    written as escapes; no line, however it is made, raises."""
    verifier = _Verifier(source, rules, replay, options)
    for number, line in enumerate(lines, start=1):
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError:
                yield LineResult(number, (_("not UTF-8 text"),), False, source)
                continue
        if (verdict := verifier.check(number, line)) is not None:
            yield LineResult(verdict, source=source) if isinstance(verdict, int) else verdict
            verifier.not_replayed.clear()  # counted by verify_batches' batches only; kept from growing here


def _shown(problems: Iterable[str]) -> tuple[str, ...]:
    return tuple(shown(p) for p in cut_short(list(problems)))


def _json_problem(message: str, where: str) -> str:
    # load_json names the place as WHERE:LINE:COLUMN; within one line, the column is what helps.
    said = _("{where}: not valid JSON: {why}").partition("{where}")[2].partition("{why}")[0]  # as load_json says it
    at = re.match(r":\d+:(\d+)" + re.escape(said), message[len(where):]) if message.startswith(where) else None
    if at is not None:
        return _("not valid JSON at column {column}: {why}").format(column=at.group(1),
                                                                   why=message[len(where) + at.end():])
    return shown(_local(message, where))


def _local(message: str, where: str) -> str:
    # Messages from the hand reader start with the place; the caller already names the line.
    return message[len(where) + 2:] if message.startswith(where + ": ") else message


def verify_batches(paths: Iterable[str | Path], *, rules: str | None = None, replay: bool = True,
                   jobs: int | None = 1, options: Mapping[str, object] | None = None) -> Iterator[Batch | Unreadable]:
    """The verdicts on every line of each file (``-`` is standard input), a block of lines at a
    time, checked by ``jobs`` processes (None: one per core); the batches come in the order of the
    lines whatever ``jobs`` is. A file that cannot be opened is reported and skipped.

    A file stops being read at a line longer than MAX_LINE bytes or one that is not UTF-8 text
    (reported as unreadable, with the line's number): it is not a file of hands."""
    stopped: set[int] = set()  # files read no further: blocks of theirs already read are dropped
    chosen = tuple(sorted((options or {}).items()))
    jobs = available_cores() if jobs is None else jobs
    # With workers, a block of a file travels as its place, and each worker reads its blocks there
    # (no bytes through the pool's pipe).
    tasks = ((chunk, rules, replay, chosen) for chunk in read_chunks(paths, stopped, by_place=jobs > 1))
    for file, batch, stop in in_order(_check_chunk, tasks, jobs, setup=_fresh):
        if file in stopped:
            continue
        if batch.verdicts:
            yield batch
        if stop:
            stopped.add(file)
            yield Unreadable(stop)


#: Per process, for one run (cleared as it starts): the rule sets met stay built from block to block.
_verifiers: dict[tuple[str | None, bool, tuple[tuple[str, object], ...]], _Verifier] = {}


def _fresh() -> None:
    _verifiers.clear()


def _check_chunk(task: tuple[Chunk, str | None, bool, tuple[tuple[str, object], ...]]) -> tuple[int, Batch, str]:
    chunk, rules, replay, chosen = task
    verifier = _verifiers.get((rules, replay, chosen))
    if verifier is None:
        verifier = _verifiers[rules, replay, chosen] = _Verifier(chunk.source, rules, replay, dict(chosen))
    verifier.source, check, stop = chunk.source, verifier.check, chunk.stop
    data = chunk_bytes(chunk)
    if data is None:  # the file was replaced or cut since its lines were counted
        return chunk.file, Batch(chunk.source, ()), _(
            "{source} line {number}: the file changed while it was being read; the rest of it is not read").format(
            source=chunk.source, number=chunk.first)
    try:
        text = data.decode("utf-8")  # the whole block at once, not line by line
    except UnicodeDecodeError as exc:
        number = chunk.first + data.count(b"\n", 0, exc.start)
        stop = _("{source} line {number}: not UTF-8 text; the rest of the file is not read").format(
            source=chunk.source, number=number)
        text = data[:data.rfind(b"\n", 0, exc.start) + 1].decode("utf-8")
    lines = text.split("\n")
    if text.endswith("\n") or not text:
        lines.pop()  # after the last line's end
    long = max(map(len, lines), default=0) > MAX_LINE  # in C, not a loop over the lines
    for number, line in enumerate(lines if long else (), start=chunk.first):
        if len(line) > MAX_LINE and len(line.encode("utf-8")) > MAX_LINE:
            stop = _("{source} line {number}: longer than {size} KiB; refused, and the rest of the file is not "
                     "read").format(source=chunk.source, number=number, size=MAX_LINE // 1024)
            del lines[number - chunk.first:]
            break
    verdicts = [v for v in map(check, range(chunk.first, chunk.first + len(lines)), lines) if v is not None]
    skipped = tuple(verifier.not_replayed)
    verifier.not_replayed.clear()
    return chunk.file, Batch(chunk.source, tuple(verdicts), skipped), stop
