"""Small pieces of English that every layer's messages share."""

from __future__ import annotations

from collections.abc import Iterable


def and_list(names: Iterable[str]) -> str:
    """Names joined as a person writes them.

    >>> and_list(["Anna"]), and_list(["Anna", "Bruno", "Carla"])
    ('Anna', 'Anna, Bruno and Carla')
    """
    items = list(names)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and the word, in the plural when it is not 1.

    >>> plural(1, "sweep"), plural(3, "sweep"), plural(2, "match", "matches")
    ('1 sweep', '3 sweeps', '2 matches')
    """
    return f"{count} {word if count == 1 else many or word + 's'}"
