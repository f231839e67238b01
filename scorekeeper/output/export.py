"""The history as files a club can keep: CSV, JSON, a Markdown score sheet and printable HTML.

Matches are read, counted and written one at a time, so an export of any size needs the memory of
one match (the CSV columns come first, from a query over the hands). Files are written atomically: the text goes to
a temporary file in the same folder, is flushed to disk, and is renamed over the old file, so a
crash leaves either the old file or the new one.
"""

from __future__ import annotations

import csv
import errno
import io
import os
import stat
import tempfile
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import suppress
from pathlib import Path
from typing import TextIO

from scorekeeper._words import visible
from scorekeeper.errors import ScorekeeperError
from scorekeeper.history.matches import Match, category_columns, each_match, gc_paused, match_ids
from scorekeeper.history.rows import BY_CATEGORIES, POINTS_ONLY
from scorekeeper.history.store import Store
from scorekeeper.i18n import _
from scorekeeper.output.sheet import line_notes, outcome, title

FORMATS = ("csv", "json", "md", "html")
# A cell starting with one of these is run as a formula (or, for the controls, may be read as one
# once the spreadsheet trims it); so is one whose first visible character is one of the first
# four, written wide (U+FF1D and its kin) or after spaces and invisible marks.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")
_FORMULA_SIGNS = frozenset("=+-@")
# Temporary files of an unfinished export carry this in their names.
_TEMP_MARK = ".scorekeeper-export-"  # not for players: a file name


def export_matches(store: Store, refs: Sequence[str] | None, fmt: str, output: Path | None = None,
                   stream: TextIO | None = None, club: str = "") -> str | None:
    """The matches named by id or name (every match with None) in a format: written to ``output``
    atomically, or to ``stream``, a match at a time; with neither, returned as text. ``club`` names
    whose evening the HTML sheet is (its title)."""
    if fmt not in FORMATS:
        raise ScorekeeperError(_("--format {format}: not a format (one of {formats})").format(
            format=repr(fmt), formats=", ".join(FORMATS)))
    ids = None if refs is None else match_ids(store, refs)
    with gc_paused():
        chunks = export_chunks(store, ids, fmt, club)
        if output is not None:
            write_atomically(output, chunks)
        elif stream is not None:
            _spool(chunks, stream)
        else:
            return "".join(chunks)
    return None


def export_chunks(store: Store, ids: list[int] | None, fmt: str, club: str = "") -> Iterator[str]:
    """The text of an export, in pieces of about a match each, read in one read transaction (``club``:
    whose evening the HTML sheet is titled with)."""
    with store.read():
        if fmt == "json":
            from scorekeeper.history.archive import history_chunks

            yield from history_chunks(store, ids)
        elif fmt == "csv":
            yield from csv_chunks(category_columns(store, ids), each_match(store, ids))
        elif fmt == "md":
            yield from markdown_chunks(each_match(store, ids))
        else:
            from scorekeeper.history.evening import evening
            from scorekeeper.output.html import html_chunks

            yield from html_chunks(each_match(store, ids, typed=True), evening(store, ids), club)


#: Standard output holds back this much before the first write, so that an export that fails early
#: (a damaged history) prints only its error, as a small one always does.
_HOLD = 1 << 20


def _spool(chunks: Iterable[str], stream: TextIO) -> None:
    held: list[str] = []
    size = 0
    for chunk in chunks:
        if size < _HOLD:
            held.append(chunk)
            size += len(chunk)
            if size < _HOLD:
                continue
            chunk = "".join(held)
            held.clear()
        stream.write(chunk)
    stream.write("".join(held))


def safe_cell(value: object) -> object:
    """A text cell a spreadsheet would run as a formula, made plain text by a leading quote.

    >>> safe_cell("=1+2"), safe_cell(" =1+2"), safe_cell("\uff1dSUM(A1)"), safe_cell("Anna"), safe_cell(-3)
    ("'=1+2", "' =1+2", "'\uff1dSUM(A1)", 'Anna', -3)
    """
    if not isinstance(value, str) or not value:
        return value
    first = value[0]
    if first.isascii() and first.isalnum():  # nearly every cell: a name, an id, a word
        return value
    if value.startswith(_FORMULA_START) or _hides_a_formula(value):
        return "'" + value
    return value


def _hides_a_formula(text: str) -> bool:
    """Whether the first character that shows, after spaces and invisible ones, is a formula sign in
    any width (a spreadsheet may trim the spaces, or read the wide sign as the narrow one)."""
    import unicodedata

    for char in text:
        if char.isspace() or unicodedata.category(char) in ("Cc", "Cf", "Zs"):
            continue
        return unicodedata.normalize("NFKC", char)[:1] in _FORMULA_SIGNS or char == "\u2212"
    return False


def to_csv(all_matches: list[Match]) -> str:
    """One row per hand per side: each category's points, the hand's points and the running total."""
    columns: dict[str, None] = {}
    for match in all_matches:
        for spec in match.settings.rules.categories:
            if not spec.optional or spec.id in match.settings.enabled:
                columns.setdefault(spec.id)
        for line in match.state.lines:  # an optional category turned on for one hand only
            for cid in line.hand.ids:
                columns.setdefault(cid)
    return "".join(csv_chunks(list(columns), all_matches))


def csv_chunks(columns: list[str], matches: Iterable[Match]) -> Iterator[str]:
    """The CSV text, the header then a piece per match; ``columns`` are the category ids, as
    ``history.matches.category_columns`` finds them."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")  # RFC 4180; it also makes a lone \r get quoted
    # Every text cell goes through safe_cell: names, ids, category headers and notes may all come
    # from a rule set or a history file someone else wrote. Numbers cannot start a formula.
    writer.writerow([safe_cell(cell) for cell in
                     ["match", "name", "rules", "hand", "side", *columns, "hand points",  # not for players: CSV columns
                      "total", "forced", "note"]])
    position = {cid: n for n, cid in enumerate(columns)}
    for match in matches:
        head = [match.id, safe_cell(match.settings.name), safe_cell(match.settings.rules.id)]
        safe_sides = {side: safe_cell(side) for side in match.settings.side_names}
        for line in match.state.lines:
            hand = line.hand
            unverified = (_("unverified: entered as points only") if POINTS_ONLY in hand.ids
                          else _("by categories, cards not checked") if BY_CATEGORIES in hand.ids else "")
            note = safe_cell("; ".join(n for n in (line.note, unverified) if n))
            forced = "yes" if hand.forced else ""
            places = [position[cid] for cid in hand.ids]
            for side, points in zip(hand.sides, hand.by_side(), strict=True):
                cells: list[object] = [""] * len(columns)
                for place, point, counted in zip(places, points, line.counted, strict=True):
                    if counted:
                        cells[place] = point
                writer.writerow([*head, line.number, safe_sides[side], *cells, line.points.get(side, ""),
                                 line.totals[side], forced, note])
        yield out.getvalue()
        out.seek(0)
        out.truncate()
    yield out.getvalue()


_MD_ESCAPES = str.maketrans({"\\": "\\\\", "|": "\\|", "[": "\\[", "]": "\\]", "&": "&amp;", "<": "&lt;",
                             ">": "&gt;", "\n": " ", "\r": " ",
                             # code spans, emphasis and strike-through: a name is shown as typed
                             "`": "\\`", "*": "\\*", "_": "\\_", "~": "\\~"})


def _md(text: object) -> str:
    """Text as one Markdown table cell or line, to be shown as written: HTML (``<script>``, ``<img
    onerror=...>``), links and table pipes are escaped, and so are the characters a terminal acts on.

    >>> print(_md("<b>A|B</b> [x](javascript:y)"))
    &lt;b&gt;A\\|B&lt;/b&gt; \\[x\\](javascript:y)
    >>> print(_md("`Anna` *B*"))
    \\`Anna\\` \\*B\\*
    """
    return visible(str(text).translate(_MD_ESCAPES))


def to_markdown(all_matches: list[Match]) -> str:
    """A score sheet per match: each hand's points and running totals, categories, and the result."""
    return "".join(markdown_chunks(all_matches))


def markdown_chunks(matches: Iterable[Match]) -> Iterator[str]:
    """The Markdown score sheets, a piece per match."""
    first = True
    for match in matches:
        yield ("# " + _("Score sheets") + "\n\n" if first else "\n") + _sheet(match)
        first = False
    if first:
        yield "# " + _("Score sheets") + "\n\n" + _("No matches.") + "\n"


def _sheet(match: Match) -> str:
    names = match.settings.side_names
    started = _("{sides}, started {time}").format(sides=_md(" vs ".join(names)), time=_md(match.row.created))
    lines = [f"## {_md(title(match))}", "", started, ""]
    heads = [_md(_("Hand")), *(_md(n) for n in names), _md(_("Categories"))]
    lines.append("| " + " | ".join(heads) + " |")
    lines.append("|---:|" + "---:|" * len(names) + "---|")
    for line in match.state.lines:
        cells = [f"+{line.points[n]} = {line.totals[n]}" if n in line.points else f"{line.totals[n]}"
                 for n in names]
        lines.append(f"| {line.number} | " + " | ".join(cells) + f" | {_md(line_notes(line))} |")
    if not match.state.lines:
        lines.append("| - | " + " | ".join("0" for _name in names) + " | " + _md(_("no hands yet")) + " |")
    lines += ["", f"**{_md(outcome(match))}**", ""]
    return "\n".join(lines)


def write_atomically(path: Path, text: str | bytes | Iterable[str]) -> None:
    """Replace ``path`` with ``text`` (or its pieces, written as they come; or the bytes of a
    binary file such as a workbook) so that a crash leaves the old file or the new, never half.

    The new file keeps the mode of the one it replaces (or, for a new file, has the mode any
    program's new file gets: 0666 less the umask). Its text is first written to a temporary file
    in the same folder whose name says what it is; that file is removed on any failure, and one
    left by an export that was killed is removed by the next export to the same file.
    """
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise ScorekeeperError(_("-o {path}: the folder {folder} does not exist").format(path=path, folder=folder))
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    except OSError as exc:
        raise ScorekeeperError(_("-o {path}: cannot write the file: {why}").format(
            path=path, why=exc.strerror)) from None
    _remove_stale_temps(folder, path.name)
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{path.name}{_TEMP_MARK}{os.getpid()}-", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise ScorekeeperError(_("-o {path}: cannot write in {folder}: {why}").format(
            path=path, folder=folder, why=_why(exc))) from None
    done = False
    try:
        with os.fdopen(handle, "wb") as out:  # text as UTF-8, its line ends as they are
            os.fchmod(out.fileno(), mode)
            chunks: Iterable[str | bytes] = [text] if isinstance(text, str | bytes) else text
            for chunk in chunks:
                out.write(chunk if isinstance(chunk, bytes) else chunk.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
        done = True
        directory = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(directory)  # the rename itself must reach the disk too
        finally:
            os.close(directory)
    except OSError as exc:
        if done:  # the file is whole; only making its new name durable failed
            raise ScorekeeperError(_("-o {path}: written, but the folder could not be synced: {why}").format(
                path=path, why=exc.strerror)) from None
        raise ScorekeeperError(_("-o {path}: cannot write the file: {why}").format(path=path, why=_why(exc))) from None
    finally:
        if not done:
            with suppress(OSError):
                os.unlink(temp)


def _why(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return _("the disk is full; nothing was lost: the file is as it was before, and no part of it was written")
    if exc.errno == errno.EDQUOT:
        return _("the disk quota is used up; nothing was lost: the file is as it was before")
    return exc.strerror or str(exc)


def _umask() -> int:
    """The process's umask (read by setting it and setting it back: there is no other portable way)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _remove_stale_temps(folder: Path, name: str) -> None:
    """Remove the temporary files that exports to ``name`` killed before they finished left behind:
    those whose process is gone, or that are over a day old."""
    prefix = f".{name}{_TEMP_MARK}"
    try:
        entries = [e for e in os.scandir(folder) if e.name.startswith(prefix) and e.name.endswith(".tmp")]
    except OSError:
        return
    for entry in entries:
        pid_text = entry.name[len(prefix):].partition("-")[0]
        try:
            stale = time.time() - entry.stat(follow_symlinks=False).st_mtime > 86_400 or not _alive(int(pid_text))
            if stale and entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
        except (OSError, ValueError):
            continue


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process: it exists
    return True
