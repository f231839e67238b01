"""The JSON history file: every match with its rule set, every hand ever entered and the trail.

Row ids of one database mean nothing in another, so a file numbers a match's events from 1 and
hands and claims point at those numbers. Exporting, importing into a fresh history and exporting
again gives the same bytes. Both ways the file is taken a match at a time, so a history of any
size is written and read in the memory of one match. Each match is validated (pydantic) before
it is written, and the whole import is one transaction: a bad file changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, Literal, NamedTuple

from scorekeeper._json import INDENTED, SORTED, dumps
from scorekeeper._marks import MAX_DEPTH, DocumentError
from scorekeeper._words import MAX_SHOWN, visible_json
from scorekeeper.errors import InputErrors
from scorekeeper.history._bulk import iter_rows
from scorekeeper.history._import_checks import (
    check_match,
    check_names,
    check_nesting,
    exported_rules,
    imported_rules,
)
from scorekeeper.history._import_hands import HandChecker, OpenNames, check_numbers
from scorekeeper.history._jsonstream import stream_object, too_deep
from scorekeeper.history.lifecycle import status_from_events
from scorekeeper.history.matches import match_from_row, settings_of, summary_of
from scorekeeper.history.rows import BY_CATEGORIES, POINTS_ONLY, pack_categories
from scorekeeper.history.store import MAX_ID, HandRow, MatchRow, Store
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.match.settings import MAX_TARGET
from scorekeeper.rules.stored import digest, rules_json

FORMAT = "scorekeeper-history"  # not for players: the file's format keyword
VERSION = 1
#: The most points one category may give one side in one hand of an imported match: far more than
#: any game gives, and small enough that no total of a match can outgrow the history's numbers.
MAX_POINTS = 1_000_000
_TIME = r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$"  # as ``store.now`` writes it


def match_record(row: MatchRow) -> dict[str, Any]:
    """One match as it appears in the file (``row`` read with its events)."""
    return _record(row, exported_rules(row.rules_json), _categories)


def _categories(hand: HandRow) -> list[dict[str, Any]]:
    return [{"id": c[0], "points": c[1]} for c in hand.categories]


def _record(row: MatchRow, rules: Any, categories: Callable[[HandRow], Any]) -> dict[str, Any]:
    local = {e["id"]: n for n, e in enumerate(row.events, start=1)}
    state = match_from_row(row).state
    return {
        "id": row.id, "uid": row.uid, "name": row.name, "created": row.created, "rules": rules,
        "sides": [{"name": name, "players": players} for name, players in row.sides],
        "target": row.target, "finish": row.finish, "with": row.enabled,
        "hands": [{"number": h.number, "sides": h.sides, "typed": h.typed, "categories": categories(h),
                   "match_winner": h.match_winner, "problems": h.problems,  # not for players: keys
                   "forced": h.forced, "added_by": local[h.added_by],  # not for players: keys
                   "ended_by": local.get(h.ended_by) if h.ended_by else None}  # not for players: a key
                  for h in sorted(row.hands, key=lambda h: h.added_by)],
        "claims": [{"after": c["after"], "side": c["side"],
                    "added_by": local[c["added_by"]],  # not for players: keys
                    "ended_by": local.get(c["ended_by"]) if c["ended_by"] else None}  # not for players: keys
                   for c in row.claims],
        "events": [{"at": e["at"], "kind": e["kind"], "hand": e["hand"], "detail": e["detail"]} for e in row.events],
        "result": {"totals": state.totals, "finished": state.finished, "winner": state.winner,
                   "stake": state.stake, "reason": state.reason},
    }


def history_document(store: Store, ids: list[int] | None) -> dict[str, Any]:
    """The whole file for these matches (all of them with None), as data (``history_chunks`` writes
    the same file without holding it)."""
    with store.read():
        return {"format": FORMAT, "version": VERSION,
                "matches": [match_record(row) for row in iter_rows(store, ids, events=True, deleted=True)]}


def to_text(document: dict[str, Any]) -> str:
    """The file's text: indented JSON with keys in a fixed order, ending in a newline; the characters
    a terminal acts on are written as JSON escapes, so the file can be printed as it is."""
    return visible_json(dumps(document, INDENTED)) + "\n"


def history_chunks(store: Store, ids: list[int] | None) -> Iterator[str]:
    """The file's text (exactly ``to_text(history_document(...))``), a match at a time, inside a read
    transaction the caller holds. A rule set is decoded once, however many matches carry it."""
    rules: dict[str, Any] = {}
    yield f'{{\n  "format": "{FORMAT}",\n  "version": {VERSION},\n  "matches": ['  # not for players: JSON
    first = True
    for row in iter_rows(store, ids, events=True, deleted=True):  # the file keeps deleted matches, marked so
        data = rules.get(row.rules_json)
        if data is None:
            data = rules[row.rules_json] = exported_rules(row.rules_json)
        # A match stands two levels deep in the file: its lines after the first are indented to match.
        text = dumps(_record(row, data, _categories), INDENTED).replace("\n", "\n    ")
        yield ("\n    " if first else ",\n    ") + visible_json(text)
        first = False
    yield "]\n}\n" if first else "\n  ]\n}\n"


# --- reading --------------------------------------------------------------------------------------

@cache
def _models() -> tuple[Any, Any]:
    """The models of a match and of the whole file, built once per process (building one costs
    more than validating a match with it)."""
    from typing import Annotated

    from pydantic import BaseModel, ConfigDict, Field

    class Strict(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)

    Points = Annotated[int, Field(ge=-MAX_POINTS, le=MAX_POINTS)]
    Number = Annotated[int, Field(ge=1, le=MAX_ID)]  # anything kept in an INTEGER column

    class CategoryIn(Strict):
        id: str
        points: list[Points]

    class HandIn(Strict):
        number: Number
        sides: list[str]
        typed: dict[str, Any]
        categories: list[CategoryIn]
        match_winner: list[str] | None
        problems: list[str]
        forced: bool
        added_by: Number
        ended_by: Number | None

    class ClaimIn(Strict):
        after: int = Field(ge=0, le=MAX_ID)
        side: str
        added_by: Number
        ended_by: Number | None

    class EventIn(Strict):
        at: str = Field(pattern=_TIME)
        kind: Literal["new", "add", "undo", "edit", "claim", "import", "pending", "withdraw", "rename", "abandon",
                      "delete", "restore"]
        hand: Number | None
        detail: dict[str, Any]

    class SideIn(Strict):
        name: str
        players: list[str]

    class MatchIn(Strict):
        id: Number
        uid: str = Field(pattern=r"^[0-9A-Za-z_-]{1,64}$")
        name: str
        created: str = Field(pattern=_TIME)
        rules: dict[str, Any] | str  # the rule set, whole; or a built-in's id or a rule-set file's path
        sides: list[SideIn]
        target: int = Field(ge=1, le=MAX_TARGET)
        finish: Literal["highest", "count-out", "count-out-if-tied", "claim"]  # not for players: ids
        with_: list[str] = Field(alias="with")
        hands: list[HandIn]
        claims: list[ClaimIn]
        events: list[EventIn]
        result: dict[str, Any]

    class HistoryIn(Strict):
        format: Literal["scorekeeper-history"]  # not for players: the format keyword
        version: Literal[1]
        matches: list[MatchIn]

    return MatchIn, HistoryIn


#: Bounds on the file, against a device or an endless pipe given as one, and on one match in it. The
#: file is read a match at a time, so its size costs time, not memory: a history of 10^6 hands
#: exports to about 2.2 GB; the largest match is what is held (10^5 hands in one match: 220 MB).
MAX_HISTORY_BYTES = 1 << 36
MAX_MATCH_CHARS = 1 << 28


def read_history(path: Path) -> Iterator[tuple[int, Any]]:
    """The matches of a history file, each validated, one at a time with its place in the file.

    Every problem is reported with its place: a match that does not validate is not yielded, the
    reading goes on to find the others, and at the end all of them are raised together (the first
    ones, then how many more), as is a file whose own fields are wrong. The file gets the bounds of
    every JSON file read (nesting, lone surrogates; each number's range is checked by the models).
    """
    from pydantic import ValidationError

    from scorekeeper.rules.validation import field_path

    match_model, history_model = _models()
    problems: list[str] = []
    hidden = 0
    head: dict[str, Any] = {}
    for kind, key, value in stream_object(path, N_("history file"), MAX_HISTORY_BYTES, "matches", MAX_MATCH_CHARS):
        if kind == "member":
            head[key] = value
            continue
        head["matches"] = []
        try:
            match = match_model.model_validate(value)
        except ValidationError as exc:
            for error in exc.errors():
                if len(problems) < MAX_SHOWN:
                    problems.append(f"{path}: {field_path(('matches', key, *error['loc']))}: {error['msg']}")
                else:
                    hidden += 1
            continue
        if not problems:
            yield key, match
    try:
        history_model.model_validate(head)
    except ValidationError as exc:
        problems += [f"{path}: {field_path(tuple(e['loc']))}: {e['msg']}" for e in exc.errors()]
    if problems:
        more = ngettext("and {count} more problem", "and {count} more problems", hidden).format(count=hidden)
        raise InputErrors(problems + ([more] if hidden else []))


class Imported(NamedTuple):
    """What became of one match of the file: its id here, a sentence, and ``imported``, ``renumbered``
    (its id was taken: ``old`` is the file's) or ``present`` (already in the history)."""

    id: int
    what: str
    result: str
    old: int


def import_history(store: Store, path: Path) -> list[Imported]:
    """Add the file's matches to the history; returns what became of each match.

    The file is read a match at a time, and the whole import is one write transaction: a bad file,
    even one whose last match is bad, changes nothing.
    """
    report: list[Imported] = []
    known: dict[str, tuple[Any, str, str]] = {}  # a rule set's data -> the rule set, its text and key
    written: set[str] = set()  # the keys of the rule sets stored by this import
    hand_checker, open_names = HandChecker(), OpenNames(store)
    with store.write():
        for n, match in read_history(path):
            where = f"{path}: matches[{n}]"
            seen = dumps(match.rules, SORTED)
            if seen not in known:  # validated once: the same rule set comes in match after match
                if too_deep(match.rules, MAX_DEPTH - 3):
                    raise DocumentError(_("{name}: nested more than {depth} deep; refused").format(
                        name=path, depth=MAX_DEPTH))
                rules = imported_rules(match.rules, path, where)
                text = rules_json(rules)
                known[seen] = (rules, text, digest(text))
            rules, text, key = known[seen]
            check_nesting(match, path)
            check_names(match, where, rules)
            check_match(match, where, {POINTS_ONLY, BY_CATEGORIES, *(c.id for c in rules.categories)})
            check_numbers(match, where)
            if store.has_uid(match.uid):
                report.append(Imported(match.id, _("already in the history"), "present", match.id))
                continue
            if key not in written:  # once per rule set and import
                store.put_rules(rules.id, text, key)
                written.add(key)
            status = status_from_events([(e.kind, e.detail) for e in match.events])
            # The summary is counted before anything is written, so that the match's row is written once,
            # whole. Its hands are numbered here in file order: the ids they get keep that order, and
            # a hand's or claim's end counts only as being there or not.
            hands = sorted((HandRow(n, h.number, h.sides, h.typed,
                                    pack_categories([[c.id, c.points] for c in h.categories]),
                                    h.match_winner, h.problems, h.forced, h.added_by, h.ended_by)
                            for n, h in enumerate(match.hands)), key=lambda h: (h.number, h.id))  # as ``Store.load``
            claims = [{"id": n, "after": c.after, "side": c.side, "added_by": c.added_by,  # not for players: keys
                       "ended_by": c.ended_by} for n, c in enumerate(match.claims)]  # not for players: a key
            sides = [[s.name, s.players] for s in match.sides]
            row = MatchRow(match.id, match.uid, match.name, match.created, text, sides, match.target, match.finish,
                           match.with_, hands, claims, status=status)
            hand_checker.check(match, where, settings_of(row, rules))  # what was typed gives what is stored
            summary = summary_of(row, rules)
            open_names.check(match, where, summary[2], status)
            taken = store.has_id(match.id)
            match_id = store.insert_match(uid=match.uid, name=match.name, created=match.created, rules_key=key,
                                          sides=sides, target=match.target, finish=match.finish, enabled=match.with_,
                                          match_id=None if taken else match.id, summary=summary, status=status)
            open_names.add(match, match_id, summary[2], status)
            ids = store.insert_events(match_id, [(e.at, e.kind, e.hand, e.detail) for e in match.events])
            store.insert_hands(match_id, [
                (h.number, {"sides": h.sides, "typed": h.typed, "forced": h.forced, "problems": h.problems,
                            "categories": [[c.id, c.points] for c in h.categories],
                            "match_winner": h.match_winner},  # not for players: a key
                 ids[h.added_by - 1], None if h.ended_by is None else ids[h.ended_by - 1]) for h in match.hands])
            for claim in match.claims:
                store.insert_claim(match_id, claim.after, claim.side, ids[claim.added_by - 1],
                                   None if claim.ended_by is None else ids[claim.ended_by - 1])
            if taken:
                report.append(Imported(match_id, _("imported as {id} ({old} was taken)").format(
                    id=match_id, old=match.id), "renumbered", match.id))
            else:
                report.append(Imported(match_id, _("imported"), "imported", match.id))
    return report
