"""Recording matches: start one, add, undo, edit and claim, each one transaction in the history.

Each operation reads the match inside its own write transaction, so two processes adding hands to
the same match queue up and both hands count; the match row's summary is rewritten in the same
transaction, so it never disagrees with the hands.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.history.store import HandRow, MatchRow, Store, StoreError, dumps, now
from scorekeeper.match.ending import (
    Claim,
    HandPoints,
    MatchError,
    MatchSettings,
    MatchState,
    Side,
    settle,
)
from scorekeeper.match.hand import CountedHand, count_for
from scorekeeper.rules.stored import digest, rules_from_json, rules_json
from scorekeeper.scoring.hand import HandSpec


@dataclass(frozen=True)
class Match:
    """A recorded match, ready to read: its row, settings, and its state replayed."""

    row: MatchRow
    settings: MatchSettings
    state: MatchState

    @property
    def id(self) -> int:
        return self.row.id


@dataclass(frozen=True)
class Entered:
    """What an add or edit did: the counted hand, whether it was stored, and the match after it."""

    counted: CountedHand
    stored: bool
    match: Match
    number: int


def settings_of(row: MatchRow) -> MatchSettings:
    """A stored match's settings, with the rule set as it was recorded."""
    rules = rules_from_json(row.rules_json, f"match {row.id}")
    sides = tuple(Side(name, tuple(players)) for name, players in row.sides)
    return MatchSettings(rules, sides, row.target, row.finish, rules.match.playoff, rules.match.stake,
                         tuple(row.enabled), row.name)


class _Labels(dict[str, str]):
    """Category labels by id; an id the rule set lacks is its own label."""

    def __missing__(self, key: str) -> str:
        return key


def points_of(hand: HandRow, labels: Mapping[str, str]) -> HandPoints:
    """A stored hand's points, packed; ``labels`` names each category as the match's rule set does."""
    winner = (hand.match_winner[0], hand.match_winner[1]) if hand.match_winner else None
    ids, flat = hand.packed
    if len(flat) != len(ids) * len(hand.sides) or not all(isinstance(p, int) for p in flat):
        raise ValueError(f"hand {hand.number}: {len(flat)} points for {len(ids)} categories")
    return HandPoints(tuple(hand.sides), None, winner, tuple(hand.problems), hand.forced, packed=(ids, labels, flat))


def hand_columns(counted: CountedHand, forced: bool) -> dict[str, Any]:
    """A counted hand as the columns the history stores."""
    p = counted.points
    return {"sides": list(p.sides), "typed": counted.typed,
            "categories": [[c.id, list(c.points)] for c in p.categories],
            "match_winner": list(p.match_winner) if p.match_winner else None,
            "problems": list(p.problems), "forced": forced}


def replay(row: MatchRow) -> Match:
    """Settle a stored match from its live hands and claims."""
    settings = settings_of(row)
    labels = _Labels({c.id: c.title for c in settings.rules.categories})
    try:
        hands = [points_of(h, labels) for h in row.live_hands]
        claims = [Claim(c["after"], c["side"]) for c in row.live_claims]
        return Match(row, settings, settle(settings, hands, claims))
    except (ValueError, TypeError, KeyError, IndexError) as exc:  # a row changed behind our back
        raise StoreError(f"match {row.id}: its stored hands cannot be read ({exc.__class__.__name__}: {exc}); "
                         f"the database may be damaged or written by another program") from None


def start_match(store: Store, settings: MatchSettings) -> int:
    """Record a new match; returns its id."""
    text = rules_json(settings.rules)
    key = digest(text)
    created = now()
    with store.write() as db:
        store.put_rules(settings.rules.id, text, key)
        cursor = db.execute(
            "INSERT INTO matches (uid, name, created, rules, sides, target, finish, enabled, totals) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (uuid.uuid4().hex, settings.name, created, key, dumps([[s.name, list(s.players)] for s in settings.sides]),
             settings.target, settings.finish, dumps(list(settings.enabled)),
             dumps(dict.fromkeys(settings.side_names, 0))))
        match_id = int(cursor.lastrowid or 0)
        store.event(match_id, "new", at=created)
    return match_id


def load_match(store: Store, ref: str | None) -> Match:
    """A match by id or name (or the one being played), replayed."""
    with store.read():
        return replay(store.load(store.find(ref)))


def _summarise(store: Store, match: Match) -> None:
    s = match.state
    store.summarise(match.id, s.hands, s.totals, s.finished, s.winner, s.stake)


def add_hand(store: Store, ref: str | None, spec: HandSpec, *, force: bool = False) -> Entered:
    """Count a hand and, if it checks out (or is forced), store it as the match's next hand."""
    with store.write():
        match = replay(store.load(store.find(ref)))
        if match.state.finished:
            raise MatchError(f"match {match.id} is over ({match.state.reason}); undo or edit a hand to change that")
        counted = count_for(match.settings, match.state.next_sides, spec)
        number = match.state.hands + 1
        if not counted.result.ok and not force:
            return Entered(counted, False, match, number)
        event = store.event(match.id, "add", number, {"forced": True} if force and not counted.result.ok else None)
        store.insert_hand(match.id, number, hand_columns(counted, force and not counted.result.ok), event)
        after = replay(store.load(match.id))
        _summarise(store, after)
    return Entered(counted, True, after, number)


def edit_hand(store: Store, ref: str, number: int, spec: HandSpec, *, force: bool = False) -> Entered:
    """Replace hand ``number`` with a newly typed one and settle the match again."""
    with store.write():
        match = replay(store.load(store.find(ref)))
        if not 1 <= number <= match.state.hands:
            raise MatchError(f"match {match.id} has no hand {number} (it has {match.state.hands})")
        old = match.row.live_hands[number - 1]
        counted = count_for(match.settings, tuple(old.sides), spec)
        if not counted.result.ok and not force:
            return Entered(counted, False, match, number)
        event = store.event(match.id, "edit", number)
        store.db.execute("UPDATE hands SET ended_by = ? WHERE id = ?", (event, old.id))
        store.insert_hand(match.id, number, hand_columns(counted, force and not counted.result.ok), event)
        after = replay(store.load(match.id))
        _summarise(store, after)
    return Entered(counted, True, after, number)


def undo(store: Store, ref: str | None) -> tuple[str, Match]:
    """Withdraw the last hand or claim entered; it stays in the trail. Returns what was withdrawn."""
    with store.write():
        match = replay(store.load(store.find(ref)))
        hands, claims = match.row.live_hands, match.row.live_claims
        last_hand = hands[-1] if hands else None
        last_claim = claims[-1] if claims else None
        if last_hand is None and last_claim is None:
            raise MatchError(f"match {match.id} has nothing to undo")
        if last_claim is not None and (last_hand is None or last_claim["added_by"] > last_hand.added_by):
            event = store.event(match.id, "undo", None, {"withdrawn": "claim", "side": last_claim["side"]})
            store.db.execute("UPDATE claims SET ended_by = ? WHERE id = ?", (event, last_claim["id"]))
            what = f"the claim of {last_claim['side']}"
        else:
            assert last_hand is not None
            event = store.event(match.id, "undo", last_hand.number, {"withdrawn": "hand"})
            store.db.execute("UPDATE hands SET ended_by = ? WHERE id = ?", (event, last_hand.id))
            what = f"hand {last_hand.number}"
        after = replay(store.load(match.id))
        _summarise(store, after)
    return what, after


def claim(store: Store, ref: str | None, side_name: str) -> Match:
    """A side claims to have reached the target (policy ``claim``): a true claim wins, a false one loses."""
    from scorekeeper.match.hand import side_lookup

    with store.write():
        match = replay(store.load(store.find(ref)))
        if match.settings.finish != "claim":
            raise MatchError(f"match {match.id} ends by '{match.settings.finish}', not by claims "
                             f"(start it with --finish claim)")
        if match.state.finished:
            raise MatchError(f"match {match.id} is over ({match.state.reason})")
        side = side_lookup(match.settings).get(side_name.strip().casefold())
        if side is None:
            raise MatchError(f"claim by {side_name!r}: no such side in match {match.id} "
                             f"(sides: {', '.join(match.settings.side_names)})")
        event = store.event(match.id, "claim", None, {"side": side})
        store.db.execute("INSERT INTO claims (match_id, after, side, added_by) VALUES (?, ?, ?, ?)",
                         (match.id, match.state.hands, side, event))
        after = replay(store.load(match.id))
        _summarise(store, after)
    return after


def list_matches(store: Store, *, playing_only: bool = False) -> list[dict[str, Any]]:
    """Every match's summary row, newest first."""
    import json

    sql = ("SELECT m.id, m.name, m.created, r.rules_id, m.sides, m.target, m.finish, m.hands, m.totals, "
           "m.finished, m.winner, m.stake FROM matches m JOIN rulesets r ON r.digest = m.rules")
    if playing_only:
        sql += " WHERE m.finished = 0"
    with store.read() as db:
        rows = db.execute(sql + " ORDER BY m.id DESC").fetchall()
    return [{"id": r[0], "name": r[1], "created": r[2], "rules": r[3], "sides": [s[0] for s in json.loads(r[4])],
             "target": r[5], "finish": r[6], "hands": r[7], "totals": json.loads(r[8]), "finished": bool(r[9]),
             "winner": r[10], "stake": r[11]} for r in rows]
