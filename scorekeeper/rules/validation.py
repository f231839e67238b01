"""Validating a rule set's data into ``RuleSet``: every error found, each as ``FILE:LINE:COL: path: message``.

Pydantic checks the shapes and types; ``_check_meaning`` then checks what the types cannot say
(every card is in the deck, ids are unique, team shapes fit the sides).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from pydantic import TypeAdapter, ValidationError

from scorekeeper.cards import DECKS, Card
from scorekeeper.documents import Mark, MarkedDict, MarkedList
from scorekeeper.errors import InputErrors, NotationError, RuleSetError
from scorekeeper.i18n import _, translated
from scorekeeper.rules._messages import in_words
from scorekeeper.rules.options import apply_options, choices_of, field_value, owner_of, shown_value
from scorekeeper.rules.ruleset import CATEGORY_KINDS, PARTS, RuleOption, RuleSet, Selection

_ADAPTERS: dict[type, TypeAdapter[Any]] = {}


def _adapter(cls: type) -> TypeAdapter[Any]:
    if cls not in _ADAPTERS:  # building an adapter is slow; each kind needs one
        _ADAPTERS[cls] = TypeAdapter(cls)
    return _ADAPTERS[cls]


def _locate(data: Any, loc: tuple[Any, ...]) -> Mark | None:
    mark = getattr(data, "mark", None)
    node = data
    for key in loc:
        in_dict = isinstance(node, MarkedDict) and key in node
        in_list = isinstance(node, MarkedList) and isinstance(key, int) and 0 <= key < len(node)
        if not (in_dict or in_list):
            break
        mark, node = node.where[key], node[key]
    return mark


def field_path(loc: tuple[Any, ...]) -> str:
    """``('categories', 2, 'points')`` as ``categories[2].points``."""
    out = ""
    for key in loc:
        if key == "[key]":  # not for players: pydantic's mark of a bad key, which the path already ends with
            continue
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    return out


def _errors(exc: ValidationError, data: Any, prefix: tuple[Any, ...], file: str, top: type) -> list[str]:
    lines = []
    for error in exc.errors():
        loc = prefix + tuple(error["loc"])
        mark = _locate(data, loc) or Mark(file, 1, 1)
        owner = next((PARTS[k] for k in reversed(loc[:-1]) if isinstance(k, str) and k in PARTS), top)
        keys = [f.name for f in dataclasses.fields(owner)] if dataclasses.is_dataclass(owner) else []
        lines.append(f"{mark}: {field_path(loc) or '(top)'}: {in_words(error, keys)}")
    return lines


def _ranks_as_text(category: Any) -> None:
    # YAML reads an unquoted 7 as a number; ranks are text in the schema.
    select = category.get("select")
    if isinstance(select, dict):
        for key in ("ranks", "except_ranks"):  # not for players: keys
            if isinstance(select.get(key), list):
                select[key][:] = [str(r) if isinstance(r, int) else r for r in select[key]]
    if isinstance(category.get("start"), int):
        category["start"] = str(category["start"])


def validate(data: MarkedDict, default_id: str) -> RuleSet:
    """A RuleSet from marked data, or every error found, each as ``FILE:LINE:COL: path: msg``.

    Every error of the file is found in one run: a part that fails its shape is left out, and the
    meaning of the parts that passed is still checked, so fixing one error never uncovers another
    that was there all along. Errors come in the order of the file.
    """
    file = data.mark.file
    head = dict(data)
    head.setdefault("id", default_id)
    head.setdefault("name", head["id"])
    categories = head.get("categories")
    if isinstance(categories, list):
        head["categories"] = []
    errors: list[str] = []
    ruleset: RuleSet | None = None
    failed: set[str] = set()
    try:
        ruleset = _adapter(RuleSet).validate_python(head)
    except ValidationError as exc:
        errors += _errors(exc, data, (), file, RuleSet)
        failed = {str(e["loc"][0]) for e in exc.errors() if e["loc"]}
        ruleset = _partial(head, failed)
    parsed = []
    for i, item in enumerate(categories if isinstance(categories, list) else []):
        parsed.append(_validate_category(data, i, item, errors))
    if ruleset is not None:
        whole = not errors
        ruleset = dataclasses.replace(ruleset, categories=tuple(c for c in parsed if c is not None))
        errors += _check_meaning(ruleset, data, [(i, c) for i, c in enumerate(parsed) if c is not None],
                                 deck_known="deck" not in failed, whole=whole)
    if errors:
        raise InputErrors(sorted(errors, key=_position))
    assert ruleset is not None
    return ruleset


def _position(message: str) -> tuple[int, int]:
    """Where a message points, for putting messages in the order of the file."""
    parts = message.split(": ", 1)[0].rsplit(":", 2)
    try:
        return int(parts[1]), int(parts[2])
    except (IndexError, ValueError):
        return 0, 0


#: Stand-ins for a required part whose shape failed, so the rest can still be checked for meaning.
_STAND_INS: dict[str, Any] = {"deck": "italian-40", "match": {"target": 1}}


def _partial(head: dict[str, Any], failed: set[str]) -> RuleSet | None:
    """The rule set without its failed parts (required ones stood in for), or None if even that fails."""
    rest = {k: v for k, v in head.items() if k not in failed}
    for key in failed & _STAND_INS.keys():
        rest[key] = _STAND_INS[key]
    try:
        partial: RuleSet = _adapter(RuleSet).validate_python(rest)
        return partial
    except ValidationError:
        return None


def _validate_category(data: MarkedDict, i: int, item: Any, errors: list[str]) -> Any:
    where = _locate(data, ("categories", i))
    kinds = ", ".join(CATEGORY_KINDS)
    if not isinstance(item, dict):
        errors.append(_("{where}: {path}: must be a mapping with a kind").format(where=where, path=f"categories[{i}]"))
        return None
    kind = item.get("kind")
    if not isinstance(kind, str) or kind not in CATEGORY_KINDS:
        place, path = _locate(data, ("categories", i, "kind")), f"categories[{i}].kind"  # not for players: a path
        errors.append(_("{where}: {path}: missing (one of {kinds})").format(where=place, path=path, kinds=kinds)
                      if kind is None else _("{where}: {path}: {kind} is not a kind (one of {kinds})").format(
                          where=place, path=path, kind=repr(kind), kinds=kinds))
        return None
    _ranks_as_text(item)
    try:
        return _adapter(CATEGORY_KINDS[kind]).validate_python(dict(item))
    except ValidationError as exc:
        errors += _errors(exc, data, ("categories", i), data.mark.file, CATEGORY_KINDS[kind])
        return None


def _check_meaning(ruleset: RuleSet, data: MarkedDict, categories: list[tuple[int, Any]], *,
                   deck_known: bool = True, whole: bool = True) -> list[str]:
    """What the schema cannot say: cards exist in the deck, ids are unique, ranges make sense.

    ``categories`` are the ones that passed, with their places in the file; without ``deck_known``
    the cards are not checked against a deck, and unless the file is ``whole`` the options are not
    tried (their fields may be in a part that failed)."""
    deck = DECKS[ruleset.deck]
    errors = []

    def bad(loc: tuple[Any, ...], message: str, path: str | None = None) -> None:
        errors.append(f"{_locate(data, loc)}: {path or field_path(loc)}: {message}")

    def check_card(loc: tuple[Any, ...], text: str) -> None:
        try:
            card = Card.parse(text)
        except NotationError as exc:
            bad(loc, str(exc))
            return
        if deck_known and card not in deck.index:
            bad(loc, _("{card} is not in the {deck} deck: {why}").format(card=card, deck=deck.id,
                                                                          why=translated(deck.lacks)))

    seen: set[str] = set()
    raw = data.get("categories")
    for i, item in enumerate(raw if isinstance(raw, list) else []):  # every id, even of a category that failed
        cid = item.get("id") if isinstance(item, dict) else None
        if not isinstance(cid, str):
            continue
        if cid in seen:
            bad(("categories", i, "id"), _("{id} is used by an earlier category").format(id=repr(cid)))
        seen.add(cid)
    for i, category in categories:
        here = ("categories", i)
        if isinstance(getattr(category, "card", None), str):
            check_card((*here, "card"), category.card)
        select = getattr(category, "select", None)
        if isinstance(select, Selection):
            for key in ("cards", "except_cards"):  # not for players: keys
                for j, text in enumerate(getattr(select, key)):
                    check_card((*here, "select", key, j), text)
        for text in getattr(category, "card_points", {}):  # not for players: a key
            check_card((*here, "card_points", text), text)  # not for players: a key
        for rank in deck.ranks if deck_known else ():
            values = getattr(category, "values", None)
            if values is not None and rank.value not in values:
                bad((*here, "values"), _("no value for rank {rank}, which the {deck} deck has").format(
                    rank=rank.value, deck=deck.id))
        for word in (getattr(category, "tie_break", None) or "").split():  # not for players: a rank or a card
            if not deck_known or word in {r.value for r in deck.ranks}:
                continue
            check_card((*here, "tie_break"), word)  # not for players: a key
        start = getattr(category, "start", None)
        if deck_known and start is not None and start not in {r.value for r in deck.ranks}:
            bad((*here, "start"), _("the {deck} deck has no rank {rank}").format(deck=deck.id, rank=start))
    if ruleset.capture is not None and deck_known:
        _check_capture(ruleset, bad, check_card)
    if whole:
        _check_options(ruleset, bad)
    if ruleset.sides.min > ruleset.sides.max:
        bad(("sides", "min"), _("{min} is more than max {max}").format(min=ruleset.sides.min, max=ruleset.sides.max))
    for j, shape in enumerate(ruleset.sides.teams):
        count, _x, size = shape.partition("x")
        if not (count.isdigit() and size.isdigit() and int(count) >= 2 and int(size) >= 2):
            bad(("sides", "teams", j), _("{shape} is not a team shape like 2x2 (sides x players)").format(
                shape=repr(shape)))
        elif not ruleset.sides.min <= int(count) <= ruleset.sides.max:
            bad(("sides", "teams", j), _("{shape} has {count} sides, outside {min}-{max}").format(
                shape=repr(shape), count=count, min=ruleset.sides.min, max=ruleset.sides.max))
    return errors


def _check_capture(ruleset: RuleSet, bad: Any, check_card: Any) -> None:
    """The capture section: a value for every rank of the deck, known ranks and cards."""
    capture = ruleset.capture
    assert capture is not None
    ranks = [r.value for r in DECKS[ruleset.deck].ranks]
    for rank in ranks:
        if rank not in capture.values:
            bad(("capture", "values"), _("no value for rank {rank}, which the {deck} deck has").format(
                rank=rank, deck=ruleset.deck))
    for rank in capture.pair_only:
        if rank not in ranks:
            bad(("capture", "pair_only"),  # not for players: a key
                _("the {deck} deck has no rank {rank}").format(deck=ruleset.deck, rank=rank))
    for key in capture.hand_values:
        if key not in ranks:
            check_card(("capture", "hand_values", key), key)  # not for players: a key


def _check_options(ruleset: RuleSet, bad: Any) -> None:
    """Each option names a field that exists, and every choice is a value that field can hold.

    An option may come from a parent rule set, so a message names it by its id (``options[target]``),
    not by its place in the merged list, which is its place in no one file.
    """
    def said(i: int, option: RuleOption, key: str, message: str, j: int | None = None) -> None:
        loc = ("options", i, key) if j is None else ("options", i, key, j)
        bad(loc, message, f"options[{option.id}].{key}" + ("" if j is None else f"[{j}]"))

    seen: set[str] = set()
    for i, option in enumerate(ruleset.options):
        if option.id in seen:
            said(i, option, "id", _("{id} is used by an earlier option").format(id=repr(option.id)))
        seen.add(option.id)
        try:
            current = field_value(ruleset, option.field)
        except RuleSetError as exc:
            said(i, option, "field", str(exc))
            continue
        choices = choices_of(ruleset, option)
        if not choices:
            said(i, option, "field",
                 _("{field} is not a switch: list the values it may take").format(field=option.field))
            continue
        if current not in choices or not any(type(c) is type(current) for c in choices):
            said(i, option, "choices", _("the rule set's own value {value} (the default) is not a choice").format(
                value=shown_value(current)))
        for j, choice in enumerate(choices):
            try:
                _revalidate(apply_options(ruleset, {option.id: choice}), option.field)
            except (RuleSetError, ValidationError, TypeError) as exc:
                why = in_words(exc.errors()[0]) if isinstance(exc, ValidationError) else str(exc)
                said(i, option, "choices", _("{value} does not fit {field}: {why}").format(
                    value=shown_value(choice), field=option.field, why=why), j)


def _revalidate(ruleset: RuleSet, path: str) -> None:
    """Run pydantic over the part of ``ruleset`` that holds the field at ``path``."""
    owner = owner_of(ruleset, path)
    _adapter(type(owner)).validate_python(dataclasses.asdict(owner))
