"""Reading a rule-set file, resolving ``extends``, and validating it into ``rules.RuleSet``.

Every value keeps the file, line and column it came from (``yamlfile``), so each error reads
``FILE:LINE:COL: path.to.field: message``.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from scorekeeper._yaml import parse_yaml
from scorekeeper.cards import DECKS, Card
from scorekeeper.documents import Mark, MarkedDict, MarkedList
from scorekeeper.errors import InputErrors, NotationError, RuleSetError, unreadable
from scorekeeper.rules.builtins import builtin_path
from scorekeeper.rules.ruleset import CATEGORY_KINDS, RuleSet, Selection


def read_rules(path: Path, _chain: tuple[Path, ...] = ()) -> tuple[RuleSet, list[tuple[str, bytes]]]:
    """Read, merge and validate a rule-set file; also returns every file it was made from."""
    data, sources = _read_merged(path.resolve(), _chain)
    return validate(data, path.stem), sources


def _read_file(path: Path) -> tuple[MarkedDict, bytes]:
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RuleSetError(f"{path}: cannot read the rule set: {unreadable(exc)}") from None
    data = parse_yaml(text, str(path))
    if not isinstance(data, MarkedDict):
        raise RuleSetError(f"{path}:1:1: a rule set must be a mapping of keys to values")
    return data, raw


def _read_merged(path: Path, chain: tuple[Path, ...]) -> tuple[MarkedDict, list[tuple[str, bytes]]]:
    if path in chain:
        raise RuleSetError(f"{path}: extends itself through {' -> '.join(p.stem for p in chain)}")
    data, raw = _read_file(path)
    sources = [(str(path), raw)]
    parent_ref = data.get("extends")
    if parent_ref is None:
        return data, sources
    if not isinstance(parent_ref, str):
        raise RuleSetError(f"{data.where['extends']}: extends: must be a rule-set id or a path")
    parent_path = builtin_path(parent_ref) or (path.parent / parent_ref).resolve()
    if not parent_path.is_file():
        raise RuleSetError(f"{data.where['extends']}: extends: no rule set {parent_ref!r}")
    parent, parent_sources = _read_merged(parent_path.resolve(), (*chain, path))
    return merge(parent, data), sources + parent_sources


_OWN_KEYS = ("id", "name", "description", "extends")


def merge(parent: MarkedDict, child: MarkedDict) -> MarkedDict:
    """The child's keys over the parent's; categories merge by id, keeping the parent's order."""
    out = MarkedDict()
    out.mark, out.where = child.mark, {}
    for key, value in parent.items():
        if key not in _OWN_KEYS:
            out[key], out.where[key] = value, parent.where[key]
    for key, value in child.items():
        if key == "categories" and isinstance(out.get(key), MarkedList) and isinstance(value, MarkedList):
            out[key] = _merge_categories(out[key], value)
        elif isinstance(value, MarkedDict) and isinstance(out.get(key), MarkedDict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
        out.where[key] = child.where[key]
    return out


def _merge_categories(parent: MarkedList, child: MarkedList) -> MarkedList:
    items = list(zip(parent, parent.where))
    index = {item.get("id"): i for i, (item, _) in enumerate(items) if isinstance(item, dict)}
    removed = set()
    for item, where in zip(child, child.where):
        cid = item.get("id") if isinstance(item, MarkedDict) else None
        if cid not in index:
            if isinstance(item, MarkedDict) and item.get("remove"):
                raise RuleSetError(f"{where}: remove: the parent has no category {cid!r}")
            items.append((item, where))
        elif item.get("remove"):
            removed.add(index[cid])
        else:
            items[index[cid]] = (merge(items[index[cid]][0], item), where)
    out = MarkedList(item for i, (item, _) in enumerate(items) if i not in removed)
    out.mark = child.mark
    out.where = [where for i, (_, where) in enumerate(items) if i not in removed]
    return out


# --- validation ---------------------------------------------------------------------------------

_ADAPTERS: dict[type, TypeAdapter[Any]] = {}


def _adapter(cls: type) -> TypeAdapter[Any]:
    if cls not in _ADAPTERS:  # building an adapter is slow; each kind needs one
        _ADAPTERS[cls] = TypeAdapter(cls)
    return _ADAPTERS[cls]


def _locate(data: Any, loc: tuple[Any, ...]) -> Mark | None:
    mark = getattr(data, "mark", None)
    node = data
    for key in loc:
        if isinstance(node, MarkedDict) and key in node:
            mark, node = node.where[key], node[key]
        elif isinstance(node, MarkedList) and isinstance(key, int) and 0 <= key < len(node):
            mark, node = node.where[key], node[key]
        else:
            break
    return mark


def field_path(loc: tuple[Any, ...]) -> str:
    """``('categories', 2, 'points')`` as ``categories[2].points``."""
    out = ""
    for key in loc:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    return out


def _errors(exc: ValidationError, data: Any, prefix: tuple[Any, ...], file: str) -> list[str]:
    lines = []
    for error in exc.errors():
        loc = prefix + tuple(error["loc"])
        mark = _locate(data, loc) or Mark(file, 1, 1)
        lines.append(f"{mark}: {field_path(loc) or '(top)'}: {error['msg']}")
    return lines


def _ranks_as_text(category: Any) -> None:
    # YAML reads an unquoted 7 as a number; ranks are text in the schema.
    for select_key in ("select",):
        select = category.get(select_key)
        if isinstance(select, dict):
            for key in ("ranks", "except_ranks"):
                if isinstance(select.get(key), list):
                    select[key][:] = [str(r) if isinstance(r, int) else r for r in select[key]]
    if isinstance(category.get("start"), int):
        category["start"] = str(category["start"])


def validate(data: MarkedDict, default_id: str) -> RuleSet:
    """A RuleSet from marked data, or every error found, each as ``FILE:LINE:COL: path: msg``."""
    file = data.mark.file
    head = dict(data)
    head.setdefault("id", default_id)
    head.setdefault("name", head["id"])
    categories = head.get("categories")
    if isinstance(categories, list):
        head["categories"] = []
    errors: list[str] = []
    ruleset: RuleSet | None = None
    try:
        ruleset = _adapter(RuleSet).validate_python(head)
    except ValidationError as exc:
        errors += _errors(exc, data, (), file)
    parsed = []
    for i, item in enumerate(categories if isinstance(categories, list) else []):
        parsed.append(_validate_category(data, i, item, errors))
    if ruleset is not None and not errors:
        ruleset = dataclasses.replace(ruleset, categories=tuple(parsed))
        errors += _check_meaning(ruleset, data)
    if errors:
        raise InputErrors(errors)
    assert ruleset is not None
    return ruleset


def _validate_category(data: MarkedDict, i: int, item: Any, errors: list[str]) -> Any:
    where = _locate(data, ("categories", i))
    kinds = ", ".join(CATEGORY_KINDS)
    if not isinstance(item, dict):
        errors.append(f"{where}: categories[{i}]: must be a mapping with a kind")
        return None
    kind = item.get("kind")
    if kind not in CATEGORY_KINDS:
        said = "missing" if kind is None else f"{kind!r} is not a kind"
        errors.append(f"{_locate(data, ('categories', i, 'kind'))}: categories[{i}].kind: {said} (one of {kinds})")
        return None
    _ranks_as_text(item)
    try:
        return _adapter(CATEGORY_KINDS[kind]).validate_python(dict(item))
    except ValidationError as exc:
        errors += _errors(exc, data, ("categories", i), data.mark.file)
        return None


def _check_meaning(ruleset: RuleSet, data: MarkedDict) -> list[str]:
    """What the schema cannot say: cards exist in the deck, ids are unique, ranges make sense."""
    deck = DECKS[ruleset.deck]
    errors = []

    def bad(loc: tuple[Any, ...], message: str) -> None:
        errors.append(f"{_locate(data, loc)}: {field_path(loc)}: {message}")

    def check_card(loc: tuple[Any, ...], text: str) -> None:
        try:
            card = Card.parse(text)
        except NotationError as exc:
            bad(loc, str(exc))
            return
        if card not in deck.index:
            bad(loc, f"{card} is not in the {deck.id} deck: {deck.lacks}")

    seen: set[str] = set()
    for i, category in enumerate(ruleset.categories):
        here = ("categories", i)
        if category.id in seen:
            bad((*here, "id"), f"{category.id!r} is used by an earlier category")
        seen.add(category.id)
        if isinstance(getattr(category, "card", None), str):
            check_card((*here, "card"), category.card)  # type: ignore[union-attr]
        select = getattr(category, "select", None)
        if isinstance(select, Selection):
            for key in ("cards", "except_cards"):
                for j, text in enumerate(getattr(select, key)):
                    check_card((*here, "select", key, j), text)
        for text in getattr(category, "card_points", {}):
            check_card((*here, "card_points", text), text)
        for rank in deck.ranks:
            values = getattr(category, "values", None)
            if values is not None and rank.value not in values:
                bad((*here, "values"), f"no value for rank {rank.value}, which the {deck.id} deck has")
        start = getattr(category, "start", None)
        if start is not None and start not in {r.value for r in deck.ranks}:
            bad((*here, "start"), f"the {deck.id} deck has no rank {start}")
    if ruleset.capture is not None:
        _check_capture(ruleset, bad, check_card)
    if ruleset.sides.min > ruleset.sides.max:
        bad(("sides", "min"), f"{ruleset.sides.min} is more than max {ruleset.sides.max}")
    for j, shape in enumerate(ruleset.sides.teams):
        count, _, size = shape.partition("x")
        if not (count.isdigit() and size.isdigit() and int(count) >= 2 and int(size) >= 2):
            bad(("sides", "teams", j), f"{shape!r} is not a team shape like 2x2 (sides x players)")
        elif not ruleset.sides.min <= int(count) <= ruleset.sides.max:
            bad(("sides", "teams", j), f"{shape!r} has {count} sides, outside {ruleset.sides.min}-{ruleset.sides.max}")
    return errors


def _check_capture(ruleset: RuleSet, bad: Any, check_card: Any) -> None:
    """The capture section: a value for every rank of the deck, known ranks and cards."""
    capture = ruleset.capture
    assert capture is not None
    ranks = [r.value for r in DECKS[ruleset.deck].ranks]
    for rank in ranks:
        if rank not in capture.values:
            bad(("capture", "values"), f"no value for rank {rank}, which the {ruleset.deck} deck has")
    for rank in capture.pair_only:
        if rank not in ranks:
            bad(("capture", "pair_only"), f"the {ruleset.deck} deck has no rank {rank}")
    for key in capture.hand_values:
        if key not in ranks:
            check_card(("capture", "hand_values", key), key)


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft-07) of a rule-set file, as YAML editors read it."""
    from scorekeeper.rules.ruleset import Category

    schema = TypeAdapter(RuleSet).json_schema(ref_template="#/definitions/{model}")
    definitions = schema.pop("$defs", {})
    categories = TypeAdapter(tuple[Category, ...]).json_schema(ref_template="#/definitions/{model}")
    definitions |= categories.pop("$defs", {})
    # A variant that extends another may patch a category by id, or remove one.
    patch = {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"},
                                                                 "remove": {"type": "boolean"}}}
    schema["properties"]["categories"] = {"type": "array", "items": {"anyOf": [*categories["items"]["anyOf"], patch]}}
    required = [k for k in schema.pop("required", []) if k != "id"]
    schema["if"] = {"not": {"required": ["extends"]}}
    schema["then"] = {"required": required}
    schema["title"] = "scorekeeper rule set"
    return {"$schema": "http://json-schema.org/draft-07/schema#", **schema, "definitions": definitions}
