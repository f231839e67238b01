"""Fixed schedules: the round robin by the circle method, groups by snake seeding, and the knockout
bracket (seed 1 meets seed 2 in the final at the earliest; the top seeds take the byes).

>>> circle(["A", "B", "C", "D"])
[[('A', 'D'), ('B', 'C')], [('C', 'A'), ('D', 'B')], [('A', 'B'), ('C', 'D')]]
>>> groups_of(["1", "2", "3", "4", "5", "6", "7", "8"], 2)
{'A': ['1', '4', '5', '8'], 'B': ['2', '3', '6', '7']}
>>> bracket(8)
[1, 8, 4, 5, 2, 7, 3, 6]
"""

from __future__ import annotations

import string
from collections.abc import Sequence

Pair = tuple[str | None, str | None]


def circle(entrants: Sequence[str], double: bool = False) -> list[list[Pair]]:
    """The round robin's rounds: the first entrant stays, the others turn one seat each round; an odd
    field gets an empty seat (None: a bye). ``double``: a second leg with the seats swapped."""
    seats: list[str | None] = [*entrants, *([None] if len(entrants) % 2 else [])]
    n = len(seats)
    rounds: list[list[Pair]] = []
    for number in range(n - 1):
        pairs = [(seats[i], seats[n - 1 - i]) for i in range(n // 2)]
        if number % 2:  # the fixed entrant takes the other seat every other round
            pairs[0] = (pairs[0][1], pairs[0][0])
        rounds.append(pairs)
        seats = [seats[0], seats[-1], *seats[1:-1]]
    if double:
        rounds += [[(b, a) for a, b in r] for r in rounds]
    return rounds


def group_name(index: int) -> str:
    """Groups are A, B, C... (then A2, B2... past Z)."""
    letters = string.ascii_uppercase
    return letters[index % 26] + (str(index // 26 + 1) if index >= 26 else "")


def groups_of(entrants: Sequence[str], count: int) -> dict[str, list[str]]:
    """Entrants in seed order dealt into ``count`` groups by snake: 1 to A, 2 to B, ..., back again."""
    groups: dict[str, list[str]] = {group_name(g): [] for g in range(count)}
    for index, entrant in enumerate(entrants):
        lap, place = divmod(index, count)
        groups[group_name(place if lap % 2 == 0 else count - 1 - place)].append(entrant)
    return groups


def bracket(size: int) -> list[int]:
    """The seeds in bracket order for a knockout of ``size`` (a power of two): neighbours meet first."""
    order = [1]
    while len(order) < size:
        order = [x for seed in order for x in (seed, 2 * len(order) + 1 - seed)]
    return order


def bracket_size(count: int) -> int:
    """The smallest power of two that holds ``count`` entrants."""
    size = 1
    while size < count:
        size *= 2
    return size
