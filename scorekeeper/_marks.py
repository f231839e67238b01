"""The place of every value read from a file, the error for a file that cannot be read as data, and
the limits of what is read."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.errors import ScorekeeperError

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # a frozen dataclass with only __init__ compiled: less at the start of every command reading a file
    from scorekeeper._frozen import dataclass

#: The most a hand file, record or rule file may hold; a real one is a few KiB.
MAX_BYTES = 256 * 1024
#: The deepest nesting of lists and mappings read: a rule set nests 5 deep, hands and records 3.
MAX_DEPTH = 64
#: The longest integer read (a count, a target, an id): a game never needs more digits.
MAX_DIGITS = 15


class DocumentError(ScorekeeperError, ValueError):
    """A file that is not plain, reasonable YAML or JSON."""


@dataclass(frozen=True)
class Mark:
    """A place in a file, 1-based."""

    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


class MarkedDict(dict[str, Any]):
    """A mapping that remembers where it and each of its values stood."""

    mark: Mark
    where: dict[str, Mark]


class MarkedList(list[Any]):
    """A sequence that remembers where it and each of its items stood."""

    mark: Mark
    where: list[Mark]
