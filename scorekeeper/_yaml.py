"""Plain YAML with a place for every value (see ``documents``): each mapping and list remembers the
file, line and column of its items. Only plain YAML is read: text, numbers, truth values and null
(a date is read as its text), no other tags, no duplicate keys, no merge keys, integers of at most
MAX_DIGITS digits, a bounded size, and a bounded number of values and depth once aliases are
expanded (so an alias bomb or an alias inside itself is refused, not expanded). Imported only when
a YAML file is read."""

from __future__ import annotations

from typing import Any, NoReturn

import yaml

from scorekeeper._marks import MAX_BYTES, MAX_DEPTH, MAX_DIGITS, DocumentError, Mark, MarkedDict, MarkedList
from scorekeeper.i18n import _

MAX_NODES = 20_000
_PLAIN_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}  # not for players: YAML tags
_INT, _TIMESTAMP = "tag:yaml.org,2002:int", "tag:yaml.org,2002:timestamp"  # not for players: YAML tags
_SCALAR_TAGS = {_INT, "tag:yaml.org,2002:str", "tag:yaml.org,2002:float",  # not for players: YAML tags
                "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"}  # not for players: YAML tags
_MERGE = "tag:yaml.org,2002:merge"  # not for players: a YAML tag

_DIGITS, _OCTAL = frozenset("0123456789"), frozenset("01234567")
_STR = "tag:yaml.org,2002:str"  # not for players: a YAML tag


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """PyYAML's safe loader (libyaml's when there is one), deciding two common kinds of plain value
    without its regular expressions: a card or a number of digits.

    A plain value starting with a digit may be a float, an integer or a date, and PyYAML tries the
    three patterns in turn for every card (``7d``) and count (``2``) of a hand file. In YAML 1.1 as
    PyYAML reads it, a digit followed by a letter is text (a number goes on with digits, ``_``,
    ``.`` or ``:``, or is ``0b``/``0x``), and digits alone are an integer unless they start with
    ``0`` and hold an 8 or a 9 (``09`` is text); anything else is
    left to PyYAML (tests/test_startup.py checks both against it)."""

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        if kind is yaml.ScalarNode and implicit[0] and value and value[0] in _DIGITS:
            second = value[1:2]
            if second.isalpha() and not (value[0] == "0" and second in ("b", "x")):
                return _STR
            if value.isdigit() and value.isascii():
                return _INT if value[0] != "0" or set(value) <= _OCTAL else _STR
        return super().resolve(kind, value, implicit)


_LOADER = _Loader


def _shown(text: str) -> str:
    return f"{text[:20]!r}{'...' if len(text) > 20 else ''}"


def _mark(node: yaml.Node, file: str) -> Mark:
    return Mark(file, node.start_mark.line + 1, node.start_mark.column + 1)


class _Builder:
    """Turns a composed YAML node tree into Marked values, counting nodes as aliases expand."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.nodes = 0
        self.open: set[int] = set()  # the collections being built: the path from the top to here
        self.scalars = yaml.constructor.SafeConstructor()

    def build(self, node: yaml.Node) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise DocumentError(_("{file}: more than {count} values once aliases are expanded; refused").format(
                file=self.file, count=MAX_NODES))
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node)
        # An alias may stand for a value that holds it, or aliases nest values deeper than the text shows.
        if id(node) in self.open:
            raise DocumentError(_("{where}: an alias stands for a value that holds it; refused").format(
                where=_mark(node, self.file)))
        if len(self.open) >= MAX_DEPTH:
            raise DocumentError(_("{where}: nested more than {depth} deep once aliases are expanded; refused")
                                .format(where=_mark(node, self.file), depth=MAX_DEPTH))
        self.open.add(id(node))
        try:
            if isinstance(node, yaml.MappingNode):
                return self._mapping(node)
            self._plain(node)
            items = MarkedList(self.build(item) for item in node.value)
            items.mark, items.where = _mark(node, self.file), [_mark(i, self.file) for i in node.value]
            return items
        finally:
            self.open.discard(id(node))

    def _scalar(self, node: yaml.ScalarNode) -> Any:
        """A plain scalar: text, a number, a truth value or null. A date stays text (YAML 1.2 has no
        dates); a number longer than MAX_DIGITS, a value its tag cannot read, and any other tag are refused."""
        tag = node.tag
        if tag in (_STR, _TIMESTAMP):  # most values: text as written, read without the constructor
            return node.value
        where = _mark(node, self.file)
        if tag not in _SCALAR_TAGS:
            raise DocumentError(_("{where}: tag {tag} is not allowed").format(where=where, tag=repr(tag)))
        text = node.value
        if tag == _INT and len(text.lstrip("+-").replace("_", "")) > 2 * MAX_DIGITS:
            raise DocumentError(_("{where}: the number {number} is too large").format(where=where, number=_shown(text)))
        try:
            value = self.scalars.construct_object(node)
        except yaml.YAMLError:
            raise DocumentError(_("{where}: tag {tag} is not allowed").format(where=where, tag=repr(tag))) from None
        except (ValueError, TypeError, KeyError, AttributeError, OverflowError):  # '!!int x', '!!bool maybe'
            raise DocumentError(_("{where}: {text} is not a valid {kind}").format(
                where=where, text=_shown(text), kind=tag.rpartition(":")[2])) from None
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**MAX_DIGITS:
            raise DocumentError(_("{where}: the number {number} is too large").format(where=where, number=_shown(text)))
        return value

    def _plain(self, node: yaml.Node) -> None:
        if node.tag not in _PLAIN_TAGS:
            raise DocumentError(_("{where}: tag {tag} is not allowed").format(where=_mark(node, self.file),
                                                                               tag=repr(node.tag)))

    def _mapping(self, node: yaml.MappingNode) -> MarkedDict:
        self._plain(node)
        out = MarkedDict()
        out.mark, out.where = _mark(node, self.file), {}
        for key_node, value_node in node.value:
            here = _mark(key_node, self.file)
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == _MERGE:
                raise DocumentError(_("{where}: only plain keys are allowed (no merge keys or complex keys)")
                                    .format(where=here))
            key = key_node.value  # the key as written: 7 stays "7"
            if key in out:
                raise DocumentError(_("{where}: duplicate key {key} (first at line {line})").format(
                    where=here, key=repr(key), line=out.where[key].line))
            out[key] = self.build(value_node)
            out.where[key] = _mark(value_node, self.file)
        return out


def _check_depth(text: str, file: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH before anything recursive sees it.

    libyaml's event parser keeps its own stack, so reading the events is safe at any depth; building
    the node tree from them is recursive, and a file nested 30,000 deep would overflow the C stack.
    """
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_LOADER):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    _too_deep(event.start_mark, file)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError as exc:
        # PyYAML 6.0.3 and later stop at 1,000 levels themselves, and for ``[[[[...`` their scanner,
        # reading ahead, gets there before this loop sees the 65th: the same refusal, in our words.
        if "nesting depth" in str(getattr(exc, "problem", "")):  # not for players: PyYAML's words
            _too_deep(getattr(exc, "problem_mark", None), file)  # not for players: an attribute
        raise


def _too_deep(mark: Any, file: str) -> NoReturn:
    where = f"{file}:{mark.line + 1}:{mark.column + 1}" if mark is not None else file
    raise DocumentError(_("{name}: nested more than {depth} deep; refused").format(name=where, depth=MAX_DEPTH))


def parse_yaml(text: str, file: str) -> Any:
    """Plain data with marks from YAML text (JSON is YAML too)."""
    if len(text.encode()) > MAX_BYTES:
        raise DocumentError(_("{file}: larger than {size} KiB; refused").format(file=file, size=MAX_BYTES // 1024))
    try:
        _check_depth(text, file)
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)  # not for players: an attribute
        where = f"{file}:{mark.line + 1}:{mark.column + 1}" if mark else file
        raise DocumentError(_("{where}: not valid YAML: {why}").format(
            where=where, why=getattr(exc, "problem", None) or exc)) from None
    return None if node is None else _Builder(file).build(node)
