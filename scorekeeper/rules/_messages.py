"""Pydantic's complaints about a rule-set file, said as a player who edits YAML would say them.

Pydantic speaks of its own types ("Input should be a valid boolean, unable to interpret input",
"Field required", "Unexpected keyword argument"); a rule-set author thinks of keys and values.
Each error type it raises for our dataclasses gets a sentence here; an unknown type keeps
pydantic's words rather than being lost.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

_SHAPES = {
    "bool_type": "must be true or false", "bool_parsing": "must be true or false",
    "int_type": "must be a whole number", "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number", "string_type": "must be text (quote it if it looks like a number)",
    "dict_type": "must be a mapping of keys to values", "list_type": "must be a list, like [a, b]",
    "tuple_type": "must be a list, like [a, b]", "dataclass_type": "must be a mapping of keys to values",
    "dataclass_args_type": "must be a mapping of keys to values", "model_type": "must be a mapping of keys to values",
    "none_required": "must be empty",
}


def _choices(expected: str) -> str:
    """pydantic's "'a', 'b' or 'c'" as "a, b or c"."""
    return expected.replace("'", "")


def in_words(error: Any, known_keys: Iterable[str] = ()) -> str:
    """One pydantic error dict as a sentence; ``known_keys`` are the keys the mapping may have."""
    kind, ctx, given = error["type"], error.get("ctx") or {}, error.get("input")
    if kind in _SHAPES:
        shown = repr(given) if isinstance(given, str | int | float | bool) else ""
        return f"{shown} {_SHAPES[kind]}".strip() if shown and len(shown) <= 40 else _SHAPES[kind]
    if kind == "missing" or kind == "missing_keyword_argument":
        return "missing: this key is required"
    if kind in ("unexpected_keyword_argument", "extra_forbidden"):
        name = str(error["loc"][-1]) if error["loc"] else ""
        near = difflib.get_close_matches(name, list(known_keys), n=1)
        return "unknown key" + (f" (did you mean {near[0]}?)" if near else
                                f" (known: {', '.join(sorted(known_keys))})" if known_keys else "")
    if kind == "literal_error":
        return f"{given!r} is not allowed here: use {_choices(str(ctx.get('expected', '')))}"
    if kind in ("greater_than_equal", "greater_than"):
        bound = ctx.get("ge", ctx.get("gt"))
        return f"{given!r} is too small: it must be {bound} or more" if kind == "greater_than_equal" else \
            f"{given!r} is too small: it must be more than {bound}"
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        return "unknown kind"
    return str(error["msg"])
