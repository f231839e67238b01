"""Which matches are rated together: a game family and a team shape.

A family is a rule set's own id, or for a variant the id it extends, one step up: Scopa d'Assi and
Scopa 52 are Scopa, Scopone Scientifico is Scopone, Royal and Spade Cassino are Cassino. Scopone is
its own family although its file extends Scopa: it is the game that starts the family, not a
variant of a hand's count. A shape is the number of players of each side, ``1v1`` or ``2v2``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath

#: Pools are named ``family/shape`` (``scopa/1v1``), as the cache and the JSON rows show them.
SEPARATOR = "/"


def family_of(rules_id: str, extends: str | None) -> str:
    """The family of a rule set: its id, or the id (or file name) of the rule set it extends.

    >>> family_of("scopa-d-assi", "scopa"), family_of("scopone", "scopa"), family_of("mine", "./base.yaml")
    ('scopa', 'scopone', 'base')
    """
    if not extends or rules_id in _OWN_FAMILIES:
        return rules_id
    return PurePath(extends).stem if extends.endswith((".yaml", ".yml", ".json")) else extends


#: Built-in rule sets that extend another but start a family of their own (two teams of two).
_OWN_FAMILIES = frozenset({"scopone"})


def shape_of(sizes: Sequence[int]) -> str:
    """The team shape: players per side, larger sides first.

    >>> shape_of([1, 1]), shape_of([2, 2]), shape_of([1, 1, 1])
    ('1v1', '2v2', '1v1v1')
    """
    return "v".join(str(n) for n in sorted(sizes, reverse=True))


def pool_name(family: str, shape: str) -> str:
    """The name of a pool: ``scopa/1v1``."""
    return f"{family}{SEPARATOR}{shape}"


def split_pool(pool: str) -> tuple[str, str]:
    """A pool's family and shape."""
    family, _sep, shape = pool.rpartition(SEPARATOR)
    return family, shape
