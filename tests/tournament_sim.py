"""A tournament run without the history: rounds paired by the library, each table's match result
chosen by the test (shared by the tournament tests)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scorekeeper.tournament.events import Event, Round, Tournament, replay
from scorekeeper.tournament.pairing import next_round
from scorekeeper.tournament.results import MatchResult
from scorekeeper.tournament.settings import Settings

#: (round, table, the two side names) -> the two sides' points, the higher winning (equal: a draw).
Scorer = Callable[[int, int, Sequence[str]], tuple[int, int]]


class Sim:
    def __init__(self, settings: Settings, entrants: Sequence[str]) -> None:
        self.settings = settings
        self.events = [Event(1, "", "new", {"entrants": list(entrants)})]
        self.results: dict[int, MatchResult] = {}
        self.matches = 0

    @property
    def state(self) -> Tournament:
        return replay("T", self.settings, self.events)

    def add(self, kind: str, **detail: object) -> None:
        self.events.append(Event(len(self.events) + 1, "", kind, detail))

    def pair(self) -> Round:
        rnd = next_round(self.state, self.results)
        data = rnd.as_json()
        for table in data["tables"]:
            self.matches += 1
            table["match"] = self.matches
        self.add("round", **data)
        return self.state.rounds[-1]

    def score(self, scorer: Scorer) -> None:
        rnd = self.state.rounds[-1]
        for table in rnd.tables:
            names = ["+".join(s) for s in table.sides]
            a, b = scorer(rnd.number, table.number, names)
            winner = names[0] if a > b else names[1] if b > a else None
            self.results[table.match] = MatchResult(3, {names[0]: a, names[1]: b}, True, winner)

    def play(self, rounds: int, scorer: Scorer) -> None:
        for _ in range(rounds):
            self.pair()
            self.score(scorer)


def first_wins(_round: int, _table: int, _names: Sequence[str]) -> tuple[int, int]:
    return 11, 5
