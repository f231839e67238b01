"""What the history says about each player and each team: matches won, points and categories.

A player is counted in every match they sat in, alone or in a team; a team (two or more players)
is counted under its side name. A match still being played is counted apart (``playing``): matches
played, won and the win rate count finished matches only, while its hands count with all the others
in the figures per hand. A category is "won" in a hand when the side got points for it in
the part of the hand that counted. Sweeps per hand are the sweep categories' points divided by
the points a sweep is worth (with cancelling sweeps, that is the sweeps left after cancelling).

A hand entered from points alone (``match add --points``) says nothing about categories or sweeps:
it counts in the hands and the points per hand, and the sweeps and category shares are taken over
the other hands only (``category_hands``). A hand entered by categories (``match add --took``)
counts in all of them, its cards unchecked; ``by_categories_hands`` says how many there were.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scorekeeper.errors import RuleSetError
from scorekeeper.history.matches import Match, gc_paused, iter_matches
from scorekeeper.history.rows import BY_CATEGORIES, POINTS_ONLY
from scorekeeper.history.store import Store
from scorekeeper.i18n import _
from scorekeeper.rules.builtins import builtin_ids


class Tally:
    """Running figures for one player or team.

    A plain class, not a dataclass: nothing compares or copies it, and the decorator's compiled
    methods would be paid for at every start of ``stats``."""

    __slots__ = ("name", "kind", "matches", "finished", "playing", "won", "hands", "points", "sweeps",
                 "category_hands", "ticked_hands", "categories")  # not for players: slots

    def __init__(self, name: str, kind: str) -> None:
        self.name, self.kind = name, kind
        self.matches = self.finished = self.playing = self.won = self.hands = self.points = self.sweeps = 0
        self.category_hands = 0  # the hands whose categories are known: all but those entered as points only
        self.ticked_hands = 0  # of which entered by categories, no card checked
        self.categories: dict[str, int] = {}

    def as_dict(self, labels: dict[str, str]) -> dict[str, Any]:
        """The figures, with rates, as plain data."""
        per_hand = (lambda n: round(n / self.hands, 3)) if self.hands else (lambda n: 0.0)
        known = self.category_hands
        per_known = (lambda n: round(n / known, 3)) if known else (lambda n: 0.0)
        return {"name": self.name, "kind": self.kind, "matches": self.matches, "finished": self.finished,
                "playing": self.playing, "won": self.won,
                "win_rate": round(self.won / self.finished, 3) if self.finished else None,  # not for players: a key
                "hands": self.hands, "points_per_hand": per_hand(self.points),  # not for players: JSON keys
                "sweeps_per_hand": per_known(self.sweeps),  # not for players: a JSON key
                "points_only_hands": self.hands - known,  # not for players: a JSON key
                "by_categories_hands": self.ticked_hands,  # not for players: a JSON key
                "categories": {cid: {"label": labels[cid], "won": n, "rate": per_known(n)}
                               for cid, n in self.categories.items()}}


def _add(tally: Tally, match: Match, side: str) -> None:
    tally.matches += 1
    if match.state.finished:
        tally.finished += 1
        tally.won += match.state.winner == side
    else:
        tally.playing += 1
    kinds = {c.id: c for c in match.settings.rules.categories}
    for line in match.state.lines:
        if side not in line.points:
            continue
        tally.hands += 1
        tally.points += line.points[side]
        if POINTS_ONLY in line.hand.ids:
            continue  # no category known: points only
        tally.category_hands += 1
        tally.ticked_hands += BY_CATEGORIES in line.hand.ids
        i = line.hand.sides.index(side)
        for category, counted in zip(line.hand.categories, line.counted, strict=True):
            spec = kinds.get(category.id)
            if not counted or spec is None:  # a mark such as BY_CATEGORIES is no category of the game
                continue
            if spec.kind == "sweeps" and spec.points:
                tally.sweeps += category.points[i] // spec.points
            if category.points[i] > 0:
                tally.categories[category.id] = tally.categories.get(category.id, 0) + 1
            else:
                tally.categories.setdefault(category.id, 0)


def player_stats(store: Store, *, side: str | None = None, rules: str | None = None) -> dict[str, Any]:
    """Figures per player and per team, optionally for one name and one rule set; the history is read
    one match at a time, so its size costs time but not memory."""
    with gc_paused():
        return _stats(iter_matches(store), side, rules)


def _stats(matches: Iterable[Match], side: str | None, rules: str | None) -> dict[str, Any]:
    seen_rules: set[str] = set()
    tallies: dict[tuple[str, str], Tally] = {}
    labels: dict[str, str] = {}
    count = 0
    for match in matches:
        if rules is not None and match.settings.rules.id != rules:
            seen_rules.add(match.settings.rules.id)
            continue
        count += 1
        for category in match.settings.rules.categories:
            labels.setdefault(category.id, category.title)
        for s in match.settings.sides:
            names = [(p, "player") for p in s.players] + ([(s.name, "team")] if len(s.players) > 1 else [])
            for name, kind in names:
                if side is not None and name.casefold() != side.casefold():
                    continue
                key = (name.casefold(), kind)
                tally = tallies.setdefault(key, Tally(name, kind))
                _add(tally, match, s.name)
    if rules is not None and not count and rules not in builtin_ids():
        _unknown_rules(rules, seen_rules)
    ordered = sorted(tallies.values(), key=lambda t: (t.kind != "player", -t.won, t.name.casefold()))
    return {"matches": count, "rules": rules, "side": side, "sides": [t.as_dict(labels) for t in ordered]}


def _unknown_rules(rules: str, seen: set[str]) -> None:
    """Refuse a rule-set id that is neither built in nor the id of any match's rule set."""
    known = ", ".join(sorted(seen | set(builtin_ids())))
    raise RuleSetError(_("--rules {name}: no such rule set, built in or in the history (known: {ids})").format(
        name=repr(rules), ids=known))
