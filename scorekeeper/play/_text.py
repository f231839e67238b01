"""Text taken from other people's files, made safe to print, and long lists of problems cut short.

>>> shown("Anna"), shown("A\\x1b[2Jnna"), shown("tab\\there")
('Anna', 'A\\\\x1b[2Jnna', 'tab\\\\there')
>>> capped(["a", "b", "c"], 2), capped([*"abcd", "and 5 more problems"], 3)
(['a', 'b', 'and 1 more problem'], ['a', 'b', 'c', 'and 6 more problems'])
"""

from __future__ import annotations

import re

#: The most problems reported for one hand (one record, one line); the rest are counted.
MAX_PROBLEMS = 20


def shown(text: str) -> str:
    """A name or card text as it may be printed: control characters (a terminal escape, a newline,
    a lone surrogate, a right-to-left mark) written as escapes, so a message stays one plain line."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape", "backslashreplace").decode("ascii")
                   for c in text)


_MORE = re.compile(r"and (\d{1,9}) more problems?")


def capped(problems: list[str], limit: int = MAX_PROBLEMS) -> list[str]:
    """The first ``limit`` problems, then how many more there are; a list already cut short (a
    record's plays, then the line it is on) is cut again with its count kept."""
    more = _MORE.fullmatch(problems[-1]) if problems else None
    hidden = int(more.group(1)) if more else 0
    shown_ = problems[:-1] if more else problems
    if len(shown_) <= limit and not hidden:
        return problems
    hidden += max(0, len(shown_) - limit)
    return [*shown_[:limit], f"and {hidden} more problem{'s' if hidden != 1 else ''}"]
