"""Hand files, play records and rule files as plain data that remembers where each value stood.

YAML (or JSON, by a ``.json``/``.jsonl`` suffix) is read into dicts and lists; those read from YAML
are ``MarkedDict``/``MarkedList`` and know the ``FILE:LINE:COL`` of each of their values, so every
later error can say where the bad value was. ``-`` reads standard input.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from scorekeeper._marks import DocumentError, Mark, MarkedDict, MarkedList
from scorekeeper.errors import NotationError, unreadable

__all__ = ["DocumentError", "Mark", "MarkedDict", "MarkedList", "check_keys", "parse_text", "read_document", "where_of"]


def where_of(data: Any, key: Any, default: str) -> str:
    """Where a key of parsed YAML stood (``FILE:LINE:COL``), or ``default`` for plain data."""
    marks = getattr(data, "where", None)
    return str(marks[key]) if isinstance(marks, (dict, list)) and _has(marks, key) else default


def _has(marks: Any, key: Any) -> bool:
    return key in marks if isinstance(marks, dict) else isinstance(key, int) and 0 <= key < len(marks)


def check_keys(data: Any, source: str, keys: Iterable[str], what: str, needs: str) -> None:
    """Refuse data that is not a mapping, or that has a key outside ``keys``, naming where."""
    if not isinstance(data, Mapping):
        raise NotationError(f"{source}: a {what} must be a mapping with {needs}")
    allowed = tuple(keys)
    unknown = [k for k in data if k not in allowed]
    if unknown:
        raise NotationError(f"{where_of(data, unknown[0], source)}: unknown key {unknown[0]!r} "
                            f"(a {what} has: {', '.join(allowed)})")


def parse_text(text: str, name: str) -> Any:
    """The data of a document's text: JSON when ``name`` ends in ``.json`` or ``.jsonl``, else YAML."""
    if name.endswith((".json", ".jsonl")):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise DocumentError(f"{name}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    from scorekeeper._yaml import parse_yaml  # PyYAML only when a YAML file is read

    return parse_yaml(text, name)


def read_document(path: str | Path, what: str) -> tuple[Any, str]:
    """The data of a file (``-``: standard input) and the name to give it in errors."""
    name = "<stdin>" if str(path) == "-" else str(path)
    try:
        text = sys.stdin.read() if str(path) == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DocumentError(f"{name}: cannot read the {what}: {unreadable(exc)}") from None
    return parse_text(text, name), name
