"""Reading a rule-set file and the files it ``extends``: the child's keys over its parent's.

A variant names its parent by built-in id or by a path relative to itself, in its folder or one the
user allowed (``places``), and keeps the parent's id, never the path; categories and options
merge by id (a child's entry with ``remove: true`` drops the parent's), keeping the parent's order. Every
value keeps the file, line and column it came from, so later errors can point at it.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from scorekeeper._yaml import parse_yaml
from scorekeeper.documents import DocumentError, MarkedDict, MarkedList, read_text
from scorekeeper.errors import RuleSetError
from scorekeeper.i18n import N_, _
from scorekeeper.rules.builtins import builtin_path
from scorekeeper.rules.places import plain_name, rule_file
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.rules.validation import validate

#: A variant of a variant of a game is common; a chain longer than this is a mistake or an attack.
MAX_PARENTS = 16


def read_rules(path: Path, _chain: tuple[Path, ...] = (), *,
               named_at: str | None = None) -> tuple[RuleSet, list[tuple[str, bytes]]]:
    """Read, merge and validate a rule-set file; also returns every file it was made from.

    ``named_at``: the place in another file that names this one; a file there that is not a rule
    set is refused without a word of it quoted, as every parent is (see ``places``)."""
    data, sources = read_merged(path.resolve(), _chain, named_at)
    return validate(data, path.stem), sources


#: The keys a rule set may have at its top: a file named by another with any other key is no rule set.
_RULE_SET_KEYS = frozenset(field.name for field in dataclasses.fields(RuleSet))


def _read_file(path: Path, named_at: str | None) -> tuple[MarkedDict, bytes]:
    try:
        text, _name = read_text(path, N_("rule set"))
    except DocumentError as exc:  # too large, unreadable, not UTF-8: said without its content
        raise RuleSetError(str(exc)) from None
    raw = text.encode("utf-8")
    try:
        data = parse_yaml(text, str(path))
    except DocumentError:
        if named_at is None:  # a file the user named: every detail helps them mend it
            raise
        data = None
    if named_at is not None and not (isinstance(data, MarkedDict) and data.keys() <= _RULE_SET_KEYS):
        # Someone else's file names it: what is not a rule set is not quoted (it may be any file of theirs).
        raise RuleSetError(_("{where}: {file} is not a rule set; refused (scorekeeper rules check {file} says "
                             "why)").format(where=named_at, file=path))
    if not isinstance(data, MarkedDict):
        raise RuleSetError(_("{where}: a rule set must be a mapping of keys to values").format(where=f"{path}:1:1"))
    return data, raw


def read_merged(path: Path, chain: tuple[Path, ...],
                named_at: str | None = None) -> tuple[MarkedDict, list[tuple[str, bytes]]]:
    if path in chain:
        raise RuleSetError(_("{path}: extends itself through {chain}").format(
            path=path, chain=" -> ".join(p.stem for p in chain)))
    if len(chain) >= MAX_PARENTS:
        raise RuleSetError(_("{path}: more than {count} rule sets extend one another; refused").format(
            path=path, count=MAX_PARENTS))
    data, raw = _read_file(path, named_at)
    sources = [(str(path), raw)]
    parent_ref = data.get("extends")
    if parent_ref is None:
        return data, sources
    where = str(data.where["extends"])
    if not isinstance(parent_ref, str):
        raise RuleSetError(_("{where}: extends: must be a rule-set id or a path").format(where=where))
    builtin = builtin_path(parent_ref)
    parent_path = builtin if builtin is not None else rule_file(parent_ref, path, where, "extends")
    parent, parent_sources = read_merged(parent_path, (*chain, path), f"{where}: extends")
    merged = merge(parent, data)
    if builtin is None:
        # A rule set keeps its parent's id, not the path it was found by: the path means nothing
        # where the rule set travels (an export imported elsewhere), and may say where the files are.
        own_id = parent.get("id")
        merged["extends"] = own_id if isinstance(own_id, str) and plain_name(own_id) else parent_path.stem
    return merged, sources + parent_sources


_OWN_KEYS = ("id", "name", "description", "extends")


def merge(parent: MarkedDict, child: MarkedDict) -> MarkedDict:
    """The child's keys over the parent's; categories and options merge by id, in the parent's order."""
    out = MarkedDict()
    out.mark, out.where = child.mark, {}
    for key, value in parent.items():
        if key not in _OWN_KEYS:
            out[key], out.where[key] = value, parent.where[key]
    for key, value in child.items():
        if key in _BY_ID and isinstance(out.get(key), MarkedList) and isinstance(value, MarkedList):
            out[key] = _merge_by_id(out[key], value, _BY_ID[key])
        elif isinstance(value, MarkedDict) and isinstance(out.get(key), MarkedDict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
        out.where[key] = child.where[key]
    return out


#: The lists whose entries a child changes one by one, by id, and what an entry is called.
_BY_ID = {"categories": "category", "options": "option"}


def _merge_by_id(parent: MarkedList, child: MarkedList, what: str) -> MarkedList:
    items = list(zip(parent, parent.where, strict=True))
    # Only text ids are matched: an id given as a list or a mapping is kept as a new entry, and
    # the rule set's check then says where it is and what an id must be.
    index = {item.get("id"): i for i, (item, _) in enumerate(items) if isinstance(item, dict)
             and isinstance(item.get("id"), str)}
    removed = set()
    for item, where in zip(child, child.where, strict=True):
        cid = item.get("id") if isinstance(item, MarkedDict) and isinstance(item.get("id"), str) else None
        if cid not in index:
            if isinstance(item, MarkedDict) and item.get("remove"):
                message = (_("{where}: remove: the parent has no category {id}") if what == "category"
                           else _("{where}: remove: the parent has no option {id}"))
                raise RuleSetError(message.format(where=where, id=repr(item.get("id"))))
            items.append((item, where))
        elif item.get("remove"):
            removed.add(index[cid])
        else:
            items[index[cid]] = (merge(items[index[cid]][0], item), where)
    out = MarkedList(item for i, (item, _) in enumerate(items) if i not in removed)
    out.mark = child.mark
    out.where = [where for i, (_, where) in enumerate(items) if i not in removed]
    return out
