"""Small pieces of language that every layer's messages share: lists, counted words, safe text."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache

from scorekeeper.i18n import _, current, ngettext, translated

#: The most problems shown for one piece of input; the rest are counted ("and 3 more problems").
MAX_SHOWN = 20


def and_list(names: Iterable[str]) -> str:
    """Names joined as a person writes them, in the language in use.

    >>> and_list(["Anna"]), and_list(["Anna", "Bruno", "Carla"])
    ('Anna', 'Anna, Bruno and Carla')
    """
    items = list(names)
    if len(items) == 1:
        return items[0]
    template = _("{first} and {last}")
    if current() == "es" and _compiled(_SPANISH_E, re.IGNORECASE).match(items[-1]):
        # Spanish writes "e" for "y" before an i sound (Ana e Isabel), but not before a diphthong (y hielo).
        template = template.replace(" y {last}", " e {last}")  # not for players: Spanish grammar, no new text
    return template.format(first=", ".join(items[:-1]), last=items[-1])


_SPANISH_E = r"h?[ií](?![aeoáéó])"


def or_list(names: Iterable[str]) -> str:
    """Choices joined as a person writes them, in the language in use.

    >>> or_list(["highest"]), or_list(["one", "all", "none"])
    ('highest', 'one, all or none')
    """
    items = list(names)
    if len(items) == 1:
        return items[0]
    template = _("{first} or {last}")
    if current() == "es" and _compiled(_SPANISH_U, re.IGNORECASE).match(items[-1]):
        # Spanish writes "u" for "o" before an o sound (siete u ocho).
        template = template.replace(" o {last}", " u {last}")  # not for players: Spanish grammar, no new text
    return template.format(first=", ".join(items[:-1]), last=items[-1])


_SPANISH_U = r"h?[oó]"


@cache
def _compiled(pattern: str, flags: int = 0) -> re.Pattern[str]:
    # The patterns of this module are compiled when first used, not at import: most commands print
    # only plain ASCII and never need them.
    return re.compile(pattern, flags)


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and the word, in the plural when it is not 1, in the language in use: ``word`` and
    ``many`` are texts marked with ``N_`` where they are written (Italian and Spanish, like English,
    have one form for 1 and another for the rest). A whole counted sentence is better written with
    ``ngettext``.

    >>> plural(1, "sweep"), plural(3, "sweep"), plural(2, "match", "matches")
    ('1 sweep', '3 sweeps', '2 matches')
    """
    return f"{count} {translated(word if count == 1 else many or word + 's')}"


# How a list already cut short ends, in each language: "and 5 more problems" is found again in the
# language the list was cut in, which is the language in use.
_MORE: dict[str, re.Pattern[str]] = {}


def _more_pattern() -> re.Pattern[str]:
    language = current()
    if language not in _MORE:
        forms = {ngettext("and {count} more problem", "and {count} more problems", n) for n in (1, 2)}
        _MORE[language] = re.compile("|".join(re.escape(f).replace(re.escape("{count}"), r"(\d{1,9})")
                                              for f in sorted(forms)))
    return _MORE[language]


def _more(hidden: int) -> str:
    return ngettext("and {count} more problem", "and {count} more problems", hidden).format(count=hidden)


def cut_short(problems: Sequence[str], limit: int = MAX_SHOWN) -> list[str]:
    """The first ``limit`` problems, then how many more there are; a list already cut short (a
    record's plays, then the line it is on) is cut again with its count kept.

    >>> cut_short(["a", "b", "c"], 2), cut_short(["a", "b", "c", "d"], 2), cut_short(["a"], 2)
    (['a', 'b', 'and 1 more problem'], ['a', 'b', 'and 2 more problems'], ['a'])
    >>> cut_short([*"abcd", "and 5 more problems"], 3)
    ['a', 'b', 'c', 'and 6 more problems']
    """
    more = _more_pattern().fullmatch(problems[-1]) if problems else None
    hidden = int(next(g for g in more.groups() if g)) if more else 0
    listed = problems[:-1] if more else problems
    if len(listed) <= limit and not hidden:
        return list(problems)
    hidden += max(0, len(listed) - limit)
    return [*listed[:limit], _more(hidden)]


# Characters a terminal may act on instead of showing: the C0 and C1 controls (ESC starts CSI
# sequences, BEL rings, CR rewrites the line) and DEL; the bidirectional marks, embeddings,
# overrides and isolates (U+202E turns the rest of a line around); the line and paragraph
# separators; and lone surrogates, which cannot even be encoded.
_CONTROL_CLASS = ("\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
                  "\ud800-\udfff")
_UNSAFE = f"[\n{_CONTROL_CLASS}]"
_UNSAFE_IN_LINES = f"[{_CONTROL_CLASS}]"
_UNSAFE_IN_JSON = "[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
_SHORT = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escape(found: re.Match[str]) -> str:
    char = found[0]
    code = ord(char)
    return _SHORT.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def visible(text: str) -> str:
    """Text as a terminal may show it on one line: control and bidirectional characters written
    as escapes (``\\x1b``, ``\\u202e``), everything else as it is.

    >>> visible("Anna"), visible("Ann\\x1b[2Ja"), visible("\\u202eanna"), visible("two\\nlines")
    ('Anna', 'Ann\\\\x1b[2Ja', '\\\\u202eanna', 'two\\\\nlines')
    """
    if text.isascii() and text.isprintable():  # nearly every name: no regular expression at all
        return text
    return _compiled(_UNSAFE).sub(_escape, text)


def visible_html(text: str) -> str:
    """Text from a match or its rule set as HTML: markup characters escaped, and the characters a
    terminal acts on (ESC, BEL, bidi controls) written as escapes, as in every other output, since a
    page may be printed to a terminal (``export --format html`` with no ``-o``).

    >>> visible_html("<b>Anna\\x07</b>")
    '&lt;b&gt;Anna\\\\x07&lt;/b&gt;'
    """
    from html import escape

    return escape(visible(text))


def visible_lines(text: str) -> str:
    """Like ``visible``, but line breaks stay: for a whole message, table or score sheet.

    >>> visible_lines("Anna\\nBruno\\a")
    'Anna\\nBruno\\\\x07'
    """
    if text.isascii() and text.replace("\n", "").isprintable():  # in ASCII, exactly the characters kept
        return text
    unsafe = _compiled(_UNSAFE_IN_LINES)
    return text if unsafe.search(text) is None else unsafe.sub(_escape, text)


def visible_json(text: str) -> str:
    """JSON text (from ``json.dumps``, which already escapes C0 controls) with the other characters
    a terminal acts on written as JSON escapes: the same data, safe to print.

    >>> visible_json('{"name": "\\u202eanna"}')
    '{"name": "\\\\u202eanna"}'
    """
    if text.isascii() and "\x7f" not in text:
        return text
    return _compiled(_UNSAFE_IN_JSON).sub(lambda found: f"\\u{ord(found[0]):04x}", text)
