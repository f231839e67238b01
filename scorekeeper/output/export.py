"""The history as files a club can keep: CSV, JSON, a Markdown score sheet and printable HTML.

Matches are read in bulk and counted once each. Files are written atomically: the text goes to
a temporary file in the same folder, is flushed to disk, and is renamed over the old file, so a
crash leaves either the old file or the new one.
"""

from __future__ import annotations

import csv
import io
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from scorekeeper.errors import ScorekeeperError
from scorekeeper.history.matches import Match, gc_paused, match_ids, read_matches
from scorekeeper.history.store import Store
from scorekeeper.output.sheet import line_notes, outcome, title

FORMATS = ("csv", "json", "md", "html")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")


def export_matches(store: Store, refs: Sequence[str] | None, fmt: str, output: Path | None = None) -> str:
    """The matches named by id or name (every match with None) as the text of a format; with
    ``output``, that text is also written there, atomically."""
    if fmt not in FORMATS:
        raise ScorekeeperError(f"--format {fmt!r}: not a format (one of {', '.join(FORMATS)})")
    ids = None if refs is None else match_ids(store, refs)
    with gc_paused():
        if fmt == "json":
            from scorekeeper.history.archive import history_document, to_text

            text = to_text(history_document(store, ids))
        elif fmt == "csv":
            text = to_csv(read_matches(store, ids))
        elif fmt == "md":
            text = to_markdown(read_matches(store, ids))
        else:
            from scorekeeper.output.html import to_html

            text = to_html(read_matches(store, ids))
    if output is not None:
        write_atomically(output, text)
    return text


def safe_cell(value: object) -> object:
    """A text cell a spreadsheet would run as a formula, made plain text by a leading quote."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


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
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")  # RFC 4180; it also makes a lone \r get quoted
    writer.writerow(["match", "name", "rules", "hand", "side", *columns, "hand points", "total", "forced", "note"])
    position = {cid: n for n, cid in enumerate(columns)}
    for match in all_matches:
        head = [match.id, safe_cell(match.settings.name), match.settings.rules.id]
        safe_sides = {side: safe_cell(side) for side in match.settings.side_names}
        for line in match.state.lines:
            hand = line.hand
            note = safe_cell(line.note)
            forced = "yes" if hand.forced else ""
            places = [position[cid] for cid in hand.ids]
            for side, points in zip(hand.sides, hand.by_side(), strict=True):
                cells: list[object] = [""] * len(columns)
                for place, point, counted in zip(places, points, line.counted, strict=True):
                    if counted:
                        cells[place] = point
                writer.writerow([*head, line.number, safe_sides[side], *cells, line.points.get(side, ""),
                                 line.totals[side], forced, note])
    return out.getvalue()


def _md(text: object) -> str:
    return str(text).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def to_markdown(all_matches: list[Match]) -> str:
    """A score sheet per match: each hand's points and running totals, categories, and the result."""
    parts = []
    for match in all_matches:
        names = match.settings.side_names
        lines = [f"## {_md(title(match))}", "", f"{_md(' vs '.join(names))}, started {match.row.created}", ""]
        lines.append("| Hand | " + " | ".join(_md(n) for n in names) + " | Categories |")
        lines.append("|---:|" + "---:|" * len(names) + "---|")
        for line in match.state.lines:
            cells = [f"+{line.points[n]} = {line.totals[n]}" if n in line.points else f"{line.totals[n]}"
                     for n in names]
            lines.append(f"| {line.number} | " + " | ".join(cells) + f" | {_md(line_notes(line))} |")
        if not match.state.lines:
            lines.append("| - | " + " | ".join("0" for _ in names) + " | no hands yet |")
        lines += ["", f"**{_md(outcome(match))}**", ""]
        parts.append("\n".join(lines))
    return "# Score sheets\n\n" + "\n".join(parts) if parts else "# Score sheets\n\nNo matches.\n"


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves the old file or the new, never half."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise ScorekeeperError(f"-o {path}: the folder {folder} does not exist")
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise ScorekeeperError(f"-o {path}: cannot write in {folder}: {exc.strerror}") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
        directory = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(directory)  # the rename itself must reach the disk too
        finally:
            os.close(directory)
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        raise ScorekeeperError(f"-o {path}: cannot write the file: {exc.strerror}") from None
