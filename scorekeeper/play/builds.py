"""Cassino builds: declaring one, extending one, and why a capture may not break one up.

A build is the played card laid on table cards for a declared value. The cards must split into
groups that each add up to that value (a 2 on a 5 is a build of 7; an 8 on an 8 is a build of
eights). The builder must keep another card worth that value to take it later. An existing build
may be extended to the same value; where the rule set says so (``raise_builds``), a single build
may also be raised by a card from the hand (3+3 built as 6, raised to 8 with a 2: Britannica,
Cassell's, Chambers, Foster's Hoyle), but a multiple build never changes value (pagat Casino). A
build is taken whole by a card of its value only.
"""

from __future__ import annotations

from scorekeeper.play.capture import MAX_STEPS, Build, CaptureEngine, Table, TooManyCaptures, indexes


def _words(engine: CaptureEngine, mask: int) -> str:
    return engine.describe(mask).replace(" + ", " ")


def multiple(engine: CaptureEngine, build: Build) -> bool:
    """Whether a build holds more than one group of its value ("building sevens": 7 + 5 + 2)."""
    return sum(engine.value[i] for i in indexes(build.mask)) > build.value


def build_problem(engine: CaptureEngine, card: int, table: Table, take: int) -> str | None:
    """Why a capture that touches builds is wrong: it takes part of one, or one of another value."""
    values = engine.capture_values[card]
    for build in table.builds:
        part = take & build.mask
        if part and part != build.mask:
            verb = "is" if part.bit_count() == 1 else "are"
            return (f"{_words(engine, part)} {verb} part of the build {_words(engine, build.mask)} "
                    f"(worth {build.value}): a build is taken whole or not at all")
        if part and build.value not in values:
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
    raised: Build | None = None  # the build whose value this play changes, if any
    for build in table.builds:
        part = onto & build.mask
        if part and part != build.mask:
            return (f"{_words(engine, part)} {'is' if part.bit_count() == 1 else 'are'} part of the build "
                    f"{_words(engine, build.mask)}: a build is built on whole or not at all")
        if part and build.value != value:
            problem = _raise_problem(engine, build, value, raised)
            if problem:
                return problem
            raised = build
    others = holding & ~(1 << card)
    if not any(value in engine.capture_values[i] and not engine.pair_only >> i & 1 for i in indexes(others)):
        held = _words(engine, others) if others else "no other card"
        return f"to build {value} the builder must hold another card that takes {value}; {name}'s player holds {held}"
    table_values = [engine.value[i] for i in indexes(loose)]
    # Raising: the played card joins the raised build's group, which counts as one card of its old value.
    base = raised.value if raised is not None else 0
    if not any(splits([base + own] + table_values, value) for own in engine.capture_values[card]):
        laid = f"the {name}" + (f" and {_words(engine, loose)}" if loose else "")
        if raised is not None:
            laid += f" with the build of {raised.value}"
        counted = base + engine.hand_value[card] + sum(table_values)
        return f"{laid} do not make {value} (together they count {counted}, which is no set of {value}s)"
    return None


def _raise_problem(engine: CaptureEngine, build: Build, value: int, raised: Build | None) -> str | None:
    """Why this build may not be raised to ``value``, or None if it may."""
    shown = _words(engine, build.mask)
    if not engine.spec.raise_builds:
        return (f"the build {shown} was declared as {build.value}; it can only be extended as a build of "
                f"{build.value}, not {value}")
    if multiple(engine, build):
        return (f"the build {shown} is a multiple build of {build.value}s: its value can never change, so it "
                f"cannot become {value}")
    if raised is not None:
        return f"one play raises one build: {_words(engine, raised.mask)} and {shown} cannot both become {value}"
    if value < build.value:
        return f"a build is raised, never lowered: the build {shown} is worth {build.value}, not {value}"
    return None


def trail_problem(engine: CaptureEngine, table: Table, player: int, holding: int) -> str | None:
    """Why this player may not lay a card down: they own a build and hold a card that can capture."""
    if engine.spec.owner_may_trail:
        return None
    owned = [b for b in table.builds if b.owner == player]
    if not owned:
        return None
    able = [i for i in indexes(holding) if engine.can_capture(i, table)]
    if not able:
        return None  # nothing in the hand captures: laying a card down is the only play left
    return (f"a player who owns a build ({_words(engine, owned[0].mask)}, worth {owned[0].value}) may not lay a "
            f"card down while a card of theirs captures: play {_words(engine, sum(1 << i for i in able))} to "
            f"capture, or build (pagat Casino)")


def cards_problem(engine: CaptureEngine, build: Build) -> str | None:
    """Why cards given as a build on the table cannot be one: they make no set of its value."""
    values = [engine.value[i] for i in indexes(build.mask)]
    if build.mask & engine.pair_only:
        courts = _words(engine, build.mask & engine.pair_only)
        return f"courts cannot be built: {courts} only pair with their own rank"
    if len(values) < 2 or not splits(values, build.value):
        return (f"{_words(engine, build.mask)} cannot be a build of {build.value}: a build holds two or more "
                f"cards that make one or more sets of {build.value} (these count {sum(values)})")
    return None


def apply_build(table: Table, card: int, value: int, onto: int, player: int) -> Table:
    """The table after a legal build: the used cards and builds become one build."""
    merged = onto | 1 << card
    kept = tuple(b for b in table.builds if not b.mask & onto)
    return Table(table.loose & ~onto, kept + (Build(value, merged, player),))
