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

from scorekeeper.i18n import _, ngettext
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
            return ngettext("{cards} is part of the build {build} (worth {value}): a build is taken whole or not "
                            "at all",
                            "{cards} are part of the build {build} (worth {value}): a build is taken whole or not "
                            "at all", part.bit_count()).format(
                cards=_words(engine, part), build=_words(engine, build.mask), value=build.value)
        if part and build.value not in values:
            return _("the build {build} was declared as {value}: only a card worth {value} takes it, and "
                     "{counts}").format(build=_words(engine, build.mask), value=build.value, counts=engine.counts(card))
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
                raise TooManyCaptures(MAX_STEPS, "steps")
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
        return _("{rules} has no builds: a card captures or is laid down").format(rules=engine.rules.name)
    if not onto:
        return _("a build is made on table cards: say which cards the {card} is laid on").format(card=name)
    if off := onto & ~table.mask:
        return ngettext("{cards} is not on the table", "{cards} are not on the table", off.bit_count()).format(
            cards=_words(engine, off))
    if courts := (onto | 1 << card) & engine.pair_only:
        return _("courts cannot be built: {cards} only pair with their own rank").format(cards=_words(engine, courts))
    loose = onto & table.loose
    raised: Build | None = None  # the build whose value this play changes, if any
    for build in table.builds:
        part = onto & build.mask
        if part and part != build.mask:
            return ngettext("{cards} is part of the build {build}: a build is built on whole or not at all",
                            "{cards} are part of the build {build}: a build is built on whole or not at all",
                            part.bit_count()).format(cards=_words(engine, part), build=_words(engine, build.mask))
        if part and build.value != value:
            if problem := _raise_problem(engine, build, value, raised):
                return problem
            raised = build
    others = holding & ~(1 << card)
    if not any(value in engine.capture_values[i] and not engine.pair_only >> i & 1 for i in indexes(others)):
        if not others:
            return _("to build {value} the builder must hold another card that takes {value}; {card}'s player holds "
                     "no other card").format(value=value, card=name)
        return _("to build {value} the builder must hold another card that takes {value}; {card}'s player holds "
                 "{cards}").format(value=value, card=name, cards=_words(engine, others))
    table_values = [engine.value[i] for i in indexes(loose)]
    # Raising: the played card joins the raised build's group, which counts as one card of its old value.
    base = raised.value if raised is not None else 0
    if not any(splits([base + own] + table_values, value) for own in engine.capture_values[card]):
        counted = base + engine.hand_value[card] + sum(table_values)
        if loose and raised is not None:
            problem = _("the {card} and {cards} with the build of {build} do not make {value} (together they count "
                        "{count}, which is no set of {value}s)")
        elif loose:
            problem = _("the {card} and {cards} do not make {value} (together they count {count}, which is no set of "
                        "{value}s)")
        elif raised is not None:
            problem = _("the {card} with the build of {build} do not make {value} (together they count {count}, which "
                        "is no set of {value}s)")
        else:
            problem = _("the {card} do not make {value} (together they count {count}, which is no set of {value}s)")
        return problem.format(card=name, cards=_words(engine, loose), build=base, value=value, count=counted)
    return None


def _raise_problem(engine: CaptureEngine, build: Build, value: int, raised: Build | None) -> str | None:
    """Why this build may not be raised to ``value``, or None if it may."""
    shown = _words(engine, build.mask)
    if not engine.spec.raise_builds:
        return _("the build {build} was declared as {value}; it can only be extended as a build of {value}, not "
                 "{new}").format(build=shown, value=build.value, new=value)
    if multiple(engine, build):
        return _("the build {build} is a multiple build of {value}s: its value can never change, so it cannot "
                 "become {new}").format(build=shown, value=build.value, new=value)
    if raised is not None:
        return _("one play raises one build: {other} and {build} cannot both become {new}").format(
            other=_words(engine, raised.mask), build=shown, new=value)
    if value < build.value:
        return _("a build is raised, never lowered: the build {build} is worth {value}, not {new}").format(
            build=shown, value=build.value, new=value)
    return None


def trail_problem(engine: CaptureEngine, table: Table, player: int, holding: int) -> str | None:
    """Why this player may not lay a card down: they own a build and hold a card that can capture."""
    owned = [b for b in table.builds if b.owner == player]
    if engine.spec.owner_may_trail or not owned:
        return None
    able = [i for i in indexes(holding) if engine.can_capture(i, table)]
    if not able:
        return None  # nothing in the hand captures: laying a card down is the only play left
    return _("a player who owns a build ({build}, worth {value}) may not lay a card down while a card of theirs "
             "captures: play {cards} to capture, or build (pagat Casino)").format(
        build=_words(engine, owned[0].mask), value=owned[0].value, cards=_words(engine, sum(1 << i for i in able)))


def cards_problem(engine: CaptureEngine, build: Build) -> str | None:
    """Why cards given as a build on the table cannot be one: they make no set of its value."""
    values = [engine.value[i] for i in indexes(build.mask)]
    if build.mask & engine.pair_only:
        courts = _words(engine, build.mask & engine.pair_only)
        return _("courts cannot be built: {cards} only pair with their own rank").format(cards=courts)
    if len(values) < 2 or not splits(values, build.value):
        return _("{cards} cannot be a build of {value}: a build holds two or more cards that make one or more sets "
                 "of {value} (these count {count})").format(
            cards=_words(engine, build.mask), value=build.value, count=sum(values))
    return None


def apply_build(table: Table, card: int, value: int, onto: int, player: int) -> Table:
    """The table after a legal build: the used cards and builds become one build."""
    merged = onto | 1 << card
    kept = tuple(b for b in table.builds if not b.mask & onto)
    return Table(table.loose & ~onto, kept + (Build(value, merged, player),))
