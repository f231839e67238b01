"""Pydantic's complaints about a rule-set file, said as a player who edits YAML would say them.

Pydantic speaks of its own types ("Input should be a valid boolean, unable to interpret input",
"Field required", "Unexpected keyword argument"); a rule-set author thinks of keys and values.
Each error type it raises for our dataclasses gets a sentence here; an unknown type keeps
pydantic's words rather than being lost.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from typing import Any

from scorekeeper._words import or_list
from scorekeeper.i18n import N_, _, translated

_TRUE_OR_FALSE = N_("must be true or false")
_WHOLE_NUMBER = N_("must be a whole number")
_MAPPING = N_("must be a mapping of keys to values")
_LIST = N_("must be a list, like [a, b]")
# pydantic's error types (not for players), each with what a player is told
_SHAPES = {
    "bool_type": _TRUE_OR_FALSE, "bool_parsing": _TRUE_OR_FALSE,  # not for players: error types
    "int_type": _WHOLE_NUMBER, "int_parsing": _WHOLE_NUMBER,  # not for players: error types
    "int_from_float": _WHOLE_NUMBER, "list_type": _LIST, "tuple_type": _LIST,  # not for players: error types
    "string_type": N_("must be text (quote it if it looks like a number)"),  # not for players: an error type
    "dict_type": _MAPPING, "dataclass_type": _MAPPING, "model_type": _MAPPING,  # not for players: error types
    "dataclass_args_type": _MAPPING,  # not for players: an error type
    "none_required": N_("must be empty"),  # not for players: an error type
}
_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'")


def _choices(expected: str) -> str:
    """pydantic's "'a', 'b' or 'c'" as "a, b or c", in the language in use."""
    found = _QUOTED.findall(expected)
    return or_list(found) if found else expected.replace("'", "")


def in_words(error: Any, known_keys: Iterable[str] = ()) -> str:
    """One pydantic error dict as a sentence; ``known_keys`` are the keys the mapping may have."""
    kind, ctx, given = error["type"], error.get("ctx") or {}, error.get("input")
    if kind in _SHAPES:
        shown = repr(given) if isinstance(given, str | int | float | bool) else ""
        problem = translated(_SHAPES[kind])
        return _("{value} {problem}").format(value=shown, problem=problem) if shown and len(shown) <= 40 else problem
    if kind in ("missing", "missing_keyword_argument"):  # not for players: error types
        return _("missing: this key is required")
    if kind in ("unexpected_keyword_argument", "extra_forbidden"):  # not for players: error types
        name = str(error["loc"][-1]) if error["loc"] else ""
        near = difflib.get_close_matches(name, list(known_keys), n=1)
        if near:
            return _("unknown key (did you mean {key}?)").format(key=near[0])
        if known_keys:
            return _("unknown key (known: {keys})").format(keys=", ".join(sorted(known_keys)))
        return _("unknown key")
    if kind == "literal_error":  # not for players: an error type
        return _("{value} is not allowed here: use {choices}").format(
            value=repr(given), choices=_choices(str(ctx.get("expected", ""))))
    if kind == "greater_than_equal":  # not for players: an error type
        return _("{value} is too small: it must be {bound} or more").format(value=repr(given), bound=ctx.get("ge"))
    if kind == "greater_than":  # not for players: an error type
        return _("{value} is too small: it must be more than {bound}").format(value=repr(given), bound=ctx.get("gt"))
    if kind in ("union_tag_invalid", "union_tag_not_found"):  # not for players: error types
        return _("unknown kind")
    return str(error["msg"])  # pydantic's own words, for an error type not met before
