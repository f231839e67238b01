"""Text taken from other people's files, made safe to print.

>>> shown("Anna"), shown("A\\x1b[2Jnna"), shown("tab\\there")
('Anna', 'A\\\\x1b[2Jnna', 'tab\\\\there')
"""

from __future__ import annotations


def shown(text: str) -> str:
    """A name or card text as it may be printed: control characters (a terminal escape, a newline,
    a lone surrogate, a right-to-left mark) written as escapes, so a message stays one plain line."""
    if text.isprintable():
        return text
    escape = "unicode_escape"  # not for players: a codec
    return "".join(c if c.isprintable() else c.encode(escape, "backslashreplace").decode("ascii") for c in text)
