"""A tournament as the events that made it: entries, drops and returns, pairings, forfeits,
re-pairings and undos. Nothing is overwritten: an undo is one more event, and ``replay`` leaves out
what an undo (itself not undone) names. Each ``check_*`` refuses an event the state does not allow,
before it is stored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.i18n import _
from scorekeeper.tournament.settings import GROUPS_KNOCKOUT, ROUND_ROBIN, Settings, TournamentError, check_name

NEW, ENTER, DROP, RETURN, ROUND, FORFEIT, REPAIR, UNDO, TIME = (
    "new", "enter", "drop", "return", "round", "forfeit", "repair", "undo", "time")


@dataclass(frozen=True)
class Table:
    """A table of a round: its sides (each the entrants playing together), its match in the history,
    and in a knockout its stage (1 the first) and the game of the tie."""

    number: int
    sides: tuple[tuple[str, ...], ...]
    match: int = 0
    group: str = ""
    stage: int = 0
    tie: int = 0
    game: int = 0

    @property
    def entrants(self) -> tuple[str, ...]:
        return tuple(e for side in self.sides for e in side)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"table": self.number, "sides": [list(s) for s in self.sides], "match": self.match}
        if self.group:
            data["group"] = self.group
        if self.stage:
            data["stage"], data["tie"], data["game"] = self.stage, self.tie, self.game
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Table:
        return cls(int(data["table"]), tuple(tuple(s) for s in data["sides"]), int(data.get("match", 0)),
                   str(data.get("group", "")), int(data.get("stage", 0)), int(data.get("tie", 0)),
                   int(data.get("game", 0)))


@dataclass(frozen=True)
class Round:
    """A paired round: its tables and who sits out with a bye."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()

    def table(self, number: int) -> Table:
        for table in self.tables:
            if table.number == number:
                return table
        raise TournamentError(_("round {round} has no table {table} (tables 1 to {last})").format(
            round=self.number, table=number, last=len(self.tables)))

    def as_json(self) -> dict[str, Any]:
        return {"round": self.number, "tables": [t.as_json() for t in self.tables], "bye": list(self.byes)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Round:
        return cls(int(data["round"]), tuple(Table.from_json(t) for t in data["tables"]), tuple(data.get("bye", ())))


@dataclass(frozen=True)
class Event:
    """One stored event: its id (the order), when, what kind, and what it says."""

    id: int
    at: str
    kind: str
    detail: Mapping[str, Any]
    undone: bool = False


@dataclass
class Tournament:
    """Where a tournament stands after its events (results come from its tables' matches)."""

    name: str
    settings: Settings
    entrants: list[str] = field(default_factory=list)  # in seed order: as entered
    dropped: set[str] = field(default_factory=set)
    rounds: list[Round] = field(default_factory=list)
    forfeits: dict[tuple[int, int], str] = field(default_factory=dict)  # (round, table) -> who forfeited
    # time called: per match of a table still playing then, the hands it ends after (the hand in play finished)
    limits: dict[int, int] = field(default_factory=dict)

    def hand_limit(self, match: int) -> int | None:
        """How many hands of a table's match count: the tournament's fixed number, or where time was called."""
        found = [n for n in (self.settings.hands, self.limits.get(match)) if n]
        return min(found) if found else None
    log: list[Event] = field(default_factory=list)

    @property
    def active(self) -> list[str]:
        """The entrants still playing, in seed order."""
        return [e for e in self.entrants if e not in self.dropped]

    def find(self, name: str) -> str:
        """An entrant by name, in any letter case."""
        folded = name.casefold()
        for entrant in self.entrants:
            if entrant.casefold() == folded:
                return entrant
        raise TournamentError(_("entrant {name}: not in tournament {tournament}").format(
            name=repr(name), tournament=repr(self.name)))

    def last_undoable(self) -> Event:
        """The latest event an undo takes back (the tournament's start is not one)."""
        for event in reversed(self.log):
            if not event.undone and event.kind not in (NEW, UNDO):
                return event
        raise TournamentError(_("tournament {name}: nothing to undo").format(name=repr(self.name)))

    def check_enter(self, name: str) -> None:
        check_name(name, {e.casefold(): e for e in self.entrants})
        if self.settings.format in (ROUND_ROBIN, GROUPS_KNOCKOUT) and self.rounds:
            raise TournamentError(_("entrant {name}: the schedule is fixed once round 1 is paired; no late "
                                    "entry").format(name=repr(name)))
        if ("+" in name) != ("+" in self.entrants[0]):
            raise TournamentError(_("entrants are all players or all pairs; {name} is not like {first}").format(
                name=repr(name), first=repr(self.entrants[0])))

    def check_drop(self, name: str) -> str:
        entrant = self.find(name)
        if entrant in self.dropped:
            raise TournamentError(_("entrant {name}: already dropped").format(name=repr(entrant)))
        return entrant

    def check_return(self, name: str) -> str:
        entrant = self.find(name)
        if entrant not in self.dropped:
            raise TournamentError(_("entrant {name}: still playing, nothing to come back from").format(
                name=repr(entrant)))
        return entrant

    def check_forfeit(self, round_number: int, table_number: int, name: str) -> str:
        table = self.round(round_number).table(table_number)
        entrant = self.find(name)
        if entrant not in table.entrants:
            raise TournamentError(_("entrant {name}: not at table {table} of round {round}").format(
                name=repr(entrant), table=table_number, round=round_number))
        if (round_number, table_number) in self.forfeits:
            raise TournamentError(_("table {table} of round {round}: already forfeited").format(
                table=table_number, round=round_number))
        return entrant

    def round(self, number: int) -> Round:
        if not 1 <= number <= len(self.rounds):
            raise TournamentError(_("round {round}: not paired (rounds paired: {count})").format(
                round=number, count=len(self.rounds)))
        return self.rounds[number - 1]


def replay(name: str, settings: Settings, events: Sequence[Event]) -> Tournament:
    """The tournament its events make, oldest first; an undone event is kept in the log, marked."""
    undone: set[int] = set()
    for event in reversed(events):  # a later undo decides first: undoing an undo brings its event back
        if event.id not in undone and event.kind == UNDO:
            undone.add(int(event.detail["of"]))
    state = Tournament(name, settings)
    for event in events:
        off = event.id in undone
        state.log.append(Event(event.id, event.at, event.kind, event.detail, off))
        if not off:
            _apply(state, event)
    return state


def _apply(state: Tournament, event: Event) -> None:
    detail = event.detail
    if event.kind == NEW:
        state.entrants.extend(detail["entrants"])
    elif event.kind == ENTER:
        state.entrants.append(detail["entrant"])
    elif event.kind == DROP:
        state.dropped.add(detail["entrant"])
    elif event.kind == RETURN:
        state.dropped.discard(detail["entrant"])
    elif event.kind == ROUND:
        state.rounds.append(Round.from_json(detail))
    elif event.kind == REPAIR:
        state.rounds[int(detail["round"]) - 1] = Round.from_json(detail)
    elif event.kind == TIME:
        state.limits.update({int(match): int(limit) for match, limit in detail["limits"].items()})
    elif event.kind == FORFEIT:
        state.forfeits[(int(detail["round"]), int(detail["table"]))] = detail["entrant"]
