"""A tournament's rounds in the history: pairing the next one (each table's match started in the same
write transaction as the round's event, so a round is stored whole or not at all), re-pairing two
entrants of the latest round with a reason, and undoing the latest event.

A table's match is an ordinary match, named after the tournament, the round and the table, played
with ``match add`` or a phone like any other. A match a re-pairing or an undo leaves behind is
abandoned, not deleted: its hands stay in the history, and an undo of that change restores it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from scorekeeper.history.matches import insert_new_match
from scorekeeper.history.rows import ABANDONED
from scorekeeper.history.store import Store
from scorekeeper.history.tournaments import Loaded, insert_event, load, tournament_rules
from scorekeeper.i18n import _
from scorekeeper.match.settings import MAX_TARGET, match_settings
from scorekeeper.tournament.events import REPAIR, ROUND, UNDO, Round, Table
from scorekeeper.tournament.pairing import next_round
from scorekeeper.tournament.results import side_name
from scorekeeper.tournament.settings import TournamentError

if TYPE_CHECKING:
    from scorekeeper.rules.ruleset import RuleSet


def _start_tables(store: Store, loaded: Loaded, rules: RuleSet, rnd: Round) -> Round:
    """The round with a new match for each table (inside the write transaction)."""
    settings = loaded.state.settings
    # with a fixed number of hands the table's result is read after them, so its match has no target to stop at
    target = MAX_TARGET if settings.hands else settings.target
    tables = []
    for table in rnd.tables:
        name = _("{tournament}, round {round}, table {table}").format(
            tournament=loaded.name, round=rnd.number, table=table.number)
        match = match_settings(rules, [side_name(s) for s in table.sides], target=target, name=name)
        where = "tournament pair"  # not for players: a command
        tables.append(replace(table, match=insert_new_match(store, match, where)))
    return replace(rnd, tables=tuple(tables))


def pair_next(store: Store, ref: str | None) -> tuple[Loaded, Round]:
    """Pair the next round and start its tables' matches; the tournament after it and the round."""
    rules = tournament_rules(store, ref)
    with store.write():
        loaded = load(store, ref)
        rnd = _start_tables(store, loaded, rules, next_round(loaded.state, loaded.results))
        insert_event(store, loaded.id, ROUND, rnd.as_json())
        return load(store, str(loaded.id)), rnd


def _abandon(store: Store, match_id: int, why: str) -> None:
    if store.status(match_id) == "" and not store.summary(match_id)["finished"]:
        store.insert_event(match_id, "abandon", None, {"why": why})
        store.set_status(match_id, ABANDONED)


def _restore(store: Store, match_id: int) -> None:
    if store.status(match_id) == ABANDONED:
        store.insert_event(match_id, "restore", None, {"was": ABANDONED})
        store.set_status(match_id, "")


def repair(store: Store, ref: str | None, first: str, second: str, reason: str) -> tuple[Loaded, Round]:
    """Swap two entrants' seats in the latest round (before either table has a hand), with a reason;
    their tables get new matches and the old ones are abandoned."""
    if not reason.strip():
        raise TournamentError(_("a re-pairing needs a reason (--reason)"))
    rules = tournament_rules(store, ref)
    with store.write():
        loaded = load(store, ref)
        state = loaded.state
        rnd = state.round(len(state.rounds))
        a, b = state.find(first), state.find(second)
        if a == b:
            raise TournamentError(_("entrant {name}: a re-pairing swaps two different entrants").format(name=repr(a)))
        seated = {e for t in rnd.tables for e in t.entrants} | set(rnd.byes)
        for name in (a, b):
            if name not in seated:
                raise TournamentError(_("entrant {name}: not in round {round}").format(
                    name=repr(name), round=rnd.number))
        touched = [t for t in rnd.tables if a in t.entrants or b in t.entrants]
        for table in touched:
            if loaded.results.get(table.match) is not None and loaded.results[table.match].hands:
                raise TournamentError(_("table {table} of round {round} has hands already: undo them first").format(
                    table=table.number, round=rnd.number))
        swap = {a: b, b: a}
        moved = tuple(Table(t.number, tuple(tuple(swap.get(e, e) for e in s) for s in t.sides), 0, t.group, t.stage,
                            t.tie, t.game) for t in touched)
        for table in touched:  # first, so that the new matches may take their names
            _abandon(store, table.match, reason)
        fresh = _start_tables(store, loaded, rules, Round(rnd.number, moved))
        new = {t.number: t for t in fresh.tables}
        tables = tuple(new.get(t.number, t) for t in rnd.tables)
        repaired = Round(rnd.number, tables, tuple(swap.get(e, e) for e in rnd.byes))
        insert_event(store, loaded.id, REPAIR, {**repaired.as_json(), "reason": reason.strip(),
                                                 "swap": [a, b], "was": [t.match for t in touched]})
        return load(store, str(loaded.id)), repaired


def undo(store: Store, ref: str | None) -> tuple[Loaded, dict[str, Any]]:
    """Take back the tournament's latest event (a pairing's open matches are abandoned, a re-pairing's
    abandoned matches restored); the tournament after it and the event undone."""
    with store.write():
        loaded = load(store, ref)
        event = loaded.state.last_undoable()
        if event.kind in (ROUND, REPAIR):
            for table in event.detail["tables"]:
                _abandon(store, int(table["match"]), "tournament undo")  # not for players: a command
        if event.kind == REPAIR:
            for match_id in event.detail.get("was", ()):
                _restore(store, int(match_id))
        insert_event(store, loaded.id, UNDO, {"of": event.id, "kind": event.kind})
        return load(store, str(loaded.id)), {"id": event.id, "kind": event.kind, "detail": dict(event.detail)}
