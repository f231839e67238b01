"""The JSON history file: every match with its rule set, every hand ever entered and the trail.

Row ids of one database mean nothing in another, so a file numbers a match's events from 1 and
hands and claims point at those numbers. Exporting, importing into a fresh history and exporting
again gives the same bytes. Reading a file validates it (pydantic) before anything is written,
and the whole import is one transaction: a bad file changes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from scorekeeper._words import visible_json
from scorekeeper.documents import load_json, read_text
from scorekeeper.errors import InputErrors, ScorekeeperError
from scorekeeper.history.matches import match_from_row, refresh_summary
from scorekeeper.history.store import MAX_ID, MatchRow, Store
from scorekeeper.match.settings import MAX_TARGET, name_problem, parse_sides
from scorekeeper.rules.stored import digest, rules_from_data, rules_json

FORMAT = "scorekeeper-history"
VERSION = 1
#: The most points one category may give one side in one hand of an imported match: far more than
#: any game gives, and small enough that no total of a match can outgrow the history's numbers.
MAX_POINTS = 1_000_000
_TIME = r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$"  # as ``store.now`` writes it


def match_record(row: MatchRow, events: list[dict[str, Any]]) -> dict[str, Any]:
    """One match as it appears in the file."""
    local = {e["id"]: n for n, e in enumerate(events, start=1)}
    state = match_from_row(row).state
    return {
        "id": row.id, "uid": row.uid, "name": row.name, "created": row.created,
        "rules": json.loads(row.rules_json),
        "sides": [{"name": name, "players": players} for name, players in row.sides],
        "target": row.target, "finish": row.finish, "with": row.enabled,
        "hands": [{"number": h.number, "sides": h.sides, "typed": h.typed,
                   "categories": [{"id": c[0], "points": c[1]} for c in h.categories],
                   "match_winner": h.match_winner, "problems": h.problems, "forced": h.forced,
                   "added_by": local[h.added_by], "ended_by": local.get(h.ended_by) if h.ended_by else None}
                  for h in sorted(row.hands, key=lambda h: h.added_by)],
        "claims": [{"after": c["after"], "side": c["side"], "added_by": local[c["added_by"]],
                    "ended_by": local.get(c["ended_by"]) if c["ended_by"] else None} for c in row.claims],
        "events": [{"at": e["at"], "kind": e["kind"], "hand": e["hand"], "detail": e["detail"]} for e in events],
        "result": {"totals": state.totals, "finished": state.finished, "winner": state.winner,
                   "stake": state.stake, "reason": state.reason},
    }


def history_document(store: Store, ids: list[int] | None) -> dict[str, Any]:
    """The whole file for these matches (all of them with None)."""
    with store.read():
        rows = list(store.iter_rows(ids))
        events = store.events_by_match()
    return {"format": FORMAT, "version": VERSION,
            "matches": [match_record(row, events.get(row.id, [])) for row in rows]}


def to_text(document: dict[str, Any]) -> str:
    """The file's text: indented JSON with keys in a fixed order, ending in a newline; the characters
    a terminal acts on are written as JSON escapes, so the file can be printed as it is."""
    return visible_json(json.dumps(document, indent=2, ensure_ascii=False)) + "\n"


# --- reading --------------------------------------------------------------------------------------

def _models() -> Any:
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
        kind: Literal["new", "add", "undo", "edit", "claim", "import"]
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
        rules: dict[str, Any]
        sides: list[SideIn]
        target: int = Field(ge=1, le=MAX_TARGET)
        finish: Literal["highest", "count-out", "count-out-if-tied", "claim"]
        with_: list[str] = Field(alias="with")
        hands: list[HandIn]
        claims: list[ClaimIn]
        events: list[EventIn]
        result: dict[str, Any]

    class HistoryIn(Strict):
        format: Literal["scorekeeper-history"]
        version: Literal[1]
        matches: list[MatchIn]

    return HistoryIn


MAX_HISTORY_BYTES = 1 << 30


def read_history(path: Path) -> Any:
    """Read and validate a history file; every problem is reported with its place in the file."""
    from pydantic import ValidationError

    from scorekeeper.rules.validation import field_path

    # Read with a bound (a history of 10^5 hands exports to about 60 MB) and the JSON limits of every
    # file read: nesting, long integers, lone surrogates; a named pipe nobody writes to is not waited on.
    text, name = read_text(path, "history file", limit=MAX_HISTORY_BYTES)
    data = load_json(text, name, long_integers=True)  # each number's range is checked below, with its place
    try:
        return _models().model_validate(data)
    except ValidationError as exc:  # every problem, each with its place; the command shows the first ones
        raise InputErrors([f"{path}: {field_path(tuple(e['loc']))}: {e['msg']}" for e in exc.errors()]) from None


def _check_names(match: Any, where: str, rules: Any) -> None:
    """The names of an imported match obey the rules ``match new`` applies to them."""
    problem = name_problem(match.name)
    if problem:
        raise ScorekeeperError(f"{where}.name: {match.name!r}: {problem}")
    sides = parse_sides(rules, [s.name for s in match.sides], where=f"{where}.sides")
    for n, (side, given) in enumerate(zip(sides, match.sides, strict=True)):
        if side.name != given.name or list(side.players) != given.players:
            raise ScorekeeperError(f"{where}.sides[{n}]: the players {given.players!r} do not make the side "
                                   f"{given.name!r} (a team's name is its players joined by '+')")


def _event(value: int | None, count: int, place: str) -> None:
    if value is not None and value > count:
        raise ScorekeeperError(f"{place}: there is no event {value} (the match has {count})")


def _check(match: Any, where: str, known: set[str]) -> None:
    names = {s.name for s in match.sides}
    count = len(match.events)
    for n, hand in enumerate(match.hands):
        here = f"{where}.hands[{n}]"
        if not set(hand.sides) <= names:
            raise ScorekeeperError(f"{here}.sides: {hand.sides} are not all sides of the match")
        if any(len(c.points) != len(hand.sides) for c in hand.categories):
            raise ScorekeeperError(f"{here}.categories: each needs one number of points per side")
        unknown = [c.id for c in hand.categories if c.id not in known]
        if unknown:
            raise ScorekeeperError(f"{here}.categories: {unknown[0]!r} is not a category of the match's rule set")
        if len(set(hand.sides)) != len(hand.sides):
            raise ScorekeeperError(f"{here}.sides: a side is named twice")
        if hand.match_winner is not None and (len(hand.match_winner) != 2 or hand.match_winner[1] not in hand.sides
                                              or hand.match_winner[0] not in known):
            raise ScorekeeperError(f"{here}.match_winner: must be a category and a side of the hand")
        for key in ("added_by", "ended_by"):
            _event(getattr(hand, key), count, f"{here}.{key}")
    for n, claim in enumerate(match.claims):
        if claim.side not in names:
            raise ScorekeeperError(f"{where}.claims[{n}].side: {claim.side!r} is not a side of the match")
        for key in ("added_by", "ended_by"):
            _event(getattr(claim, key), count, f"{where}.claims[{n}].{key}")


def import_history(store: Store, path: Path) -> list[tuple[int, str]]:
    """Add the file's matches to the history; returns (id, what happened) for each match."""
    document = read_history(path)
    report: list[tuple[int, str]] = []
    with store.write():
        for n, match in enumerate(document.matches):
            where = f"{path}: matches[{n}]"
            rules = rules_from_data(match.rules, f"{where}.rules")
            _check_names(match, where, rules)
            _check(match, where, {c.id for c in rules.categories})
            if store.has_uid(match.uid):
                report.append((match.id, "already in the history"))
                continue
            text = rules_json(rules)
            key = digest(text)
            store.put_rules(rules.id, text, key)
            taken = store.has_id(match.id)
            match_id = store.insert_match(uid=match.uid, name=match.name, created=match.created, rules_key=key,
                                          sides=[[s.name, s.players] for s in match.sides], target=match.target,
                                          finish=match.finish, enabled=match.with_,
                                          match_id=None if taken else match.id)
            ids = [store.insert_event(match_id, e.kind, e.hand, e.detail, at=e.at) for e in match.events]
            for hand in match.hands:
                row = store.insert_hand(match_id, hand.number, {
                    "sides": hand.sides, "typed": hand.typed, "forced": hand.forced, "problems": hand.problems,
                    "categories": [[c.id, c.points] for c in hand.categories],
                    "match_winner": hand.match_winner}, ids[hand.added_by - 1])
                if hand.ended_by is not None:
                    store.end_hand(row, ids[hand.ended_by - 1])
            for claim in match.claims:
                store.insert_claim(match_id, claim.after, claim.side, ids[claim.added_by - 1],
                                   None if claim.ended_by is None else ids[claim.ended_by - 1])
            refresh_summary(store, match_id)
            report.append((match_id, "imported" if not taken else f"imported as {match_id} ({match.id} was taken)"))
    return report
