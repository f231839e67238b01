"""Cassino builds: declaring one, extending one, and why a capture may not break one up.

A build is the played card laid on table cards for a declared value. The cards must split into
groups that each add up to that value (a 2 on a 5 is a build of 7; an 8 on an 8 is a build of
eights). The builder must keep another card worth that value to take it later. An existing build
may be extended only to the same value, and is taken whole by a card of that value only.
"""

from __future__ import annotations

from scorekeeper.play.capture import MAX_STEPS, Build, CaptureEngine, Table, TooManyCaptures


def _words(engine: CaptureEngine, mask: int) -> str:
    return engine.describe(mask).replace(" + ", " ")


def build_problem(engine: CaptureEngine, card: int, table: Table, take: int) -> str | None:
    """Why a capture that touches builds is wrong: it takes part of one, or one of another value."""
    value = engine.hand_value[card]
    for build in table.builds:
        part = take & build.mask
        if part and part != build.mask:
            verb = "is" if part.bit_count() == 1 else "are"
            return (f"{_words(engine, part)} {verb} part of the build {_words(engine, build.mask)} "
                    f"(worth {build.value}): a build is taken whole or not at all")
        if part and build.value != value:
            return (f"the build {_words(engine, build.mask)} was declared as {build.value}: only a card worth "
                    f"{build.value} takes it, and {engine.counts(card)}")
    return None


def splits(values: list[int], target: int) -> bool:
    """Whether the values split into groups that each add up to ``target``.

    >>> splits([2, 5], 7), splits([8, 8], 8), splits([3, 4, 7], 7), splits([5, 2], 2)
    (True, True, True, False)

    The search is bounded like the capture engine's: a build no table could hold is refused.
    """
    if target <= 0 or not values or sum(values) % target:
        return False
    failed: set[tuple[int, ...]] = set()  # what is left to split, known not to split
    steps = 0

    def fill(items: tuple[int, ...]) -> bool:
        if not items:
            return True
        if items in failed:
            return False
        first, others = items[0], items[1:]  # the largest value, in a group with some of the others

        def pick(start: int, need: int, chosen: int) -> bool:
            nonlocal steps
            steps += 1
            if steps > MAX_STEPS:
                raise TooManyCaptures(MAX_STEPS, "combinations tried")
            if need == 0 and fill(tuple(v for i, v in enumerate(others) if not chosen >> i & 1)):
                return True
            return any(others[j] <= need and pick(j + 1, need - others[j], chosen | 1 << j)
                       for j in range(start, len(others)))

        if first <= target and pick(0, target - first, 0):
            return True
        failed.add(items)
        return False

    return fill(tuple(sorted(values, reverse=True)))


def build_error(engine: CaptureEngine, card: int, table: Table, holding: int, value: int, onto: int) -> str | None:
    """Why laying ``card`` on ``onto`` as a build of ``value`` is not allowed, or None if it is."""
    name = engine.names[card]
    if not engine.spec.builds:
        return f"{engine.rules.name} has no builds: a card captures or is laid down"
    if not onto:
        return f"a build is made on table cards: say which cards the {name} is laid on"
    off = onto & ~table.mask
    if off:
        return f"{_words(engine, off)} {'is' if off.bit_count() == 1 else 'are'} not on the table"
    courts = (onto | 1 << card) & engine.pair_only
    if courts:
        return f"courts cannot be built: {_words(engine, courts)} only pair with their own rank"
    loose = onto & table.loose
    for build in table.builds:
        part = onto & build.mask
        if part and part != build.mask:
            return (f"{_words(engine, part)} {'is' if part.bit_count() == 1 else 'are'} part of the build "
                    f"{_words(engine, build.mask)}: a build is built on whole or not at all")
        if part and build.value != value:
            return (f"the build {_words(engine, build.mask)} was declared as {build.value}; it can only be "
                    f"extended as a build of {build.value}, not {value}")
    others = holding & ~(1 << card)
    if not any(engine.hand_value[i] == value and not engine.pair_only >> i & 1
               for i in range(len(engine.names)) if others >> i & 1):
        held = _words(engine, others) if others else "no other card"
        return f"to build {value} the builder must hold another card that takes {value}; {name}'s player holds {held}"
    values = [engine.hand_value[card]] + [engine.value[i] for i in range(len(engine.names)) if loose >> i & 1]
    if not splits(values, value):
        laid = f"the {name}" + (f" and {_words(engine, loose)}" if loose else "")
        return f"{laid} do not make {value} (together they count {sum(values)}, which is no set of {value}s)"
    return None


def apply_build(table: Table, card: int, value: int, onto: int, player: int) -> Table:
    """The table after a legal build: the used cards and builds become one build."""
    merged = onto | 1 << card
    kept = tuple(b for b in table.builds if not b.mask & onto)
    return Table(table.loose & ~onto, kept + (Build(value, merged, player),))
