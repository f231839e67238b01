"""Recording matches: start one, add, undo, edit and claim, each one transaction in the history;
and reading them back, one or all, each played out to where it stands.

Each operation reads the match inside its own write transaction, so two processes adding hands to
the same match queue up and both hands count; the match row's summary is rewritten in the same
transaction, so it never disagrees with the hands. A change reads and counts the match once: the
match after it is counted from the points already read plus the new hand, not read again (reading
a match costs several times what counting its points does).
"""

from __future__ import annotations

import gc
import uuid
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from scorekeeper.history._bulk import category_sources, iter_rows
from scorekeeper.history.letters import first_letters, with_letters
from scorekeeper.history.letters import italian_letters as italian_letters  # its home before letters.py
from scorekeeper.history.listing import list_matches as list_matches  # its home before listing.py
from scorekeeper.history.rows import BY_CATEGORIES, POINTS_ONLY, pack_categories
from scorekeeper.history.store import HandRow, MatchRow, Store, StoreError, now
from scorekeeper.i18n import _, ngettext
from scorekeeper.match.ending import (
    Claim,
    HandPoints,
    MatchError,
    MatchSettings,
    MatchState,
    Side,
    state_after,
)
from scorekeeper.match.hand import CountedHand, count_for, kept_from, only_claims_wrong, side_lookup
from scorekeeper.match.letters import LettersUnsaid, letters_doubt
from scorekeeper.rules.stored import digest, rules_from_json, rules_json
from scorekeeper.scoring.hand import HandSpec

if TYPE_CHECKING:
    from dataclasses import dataclass

    from scorekeeper.rules.ruleset import CategoryBase, RuleSet
else:  # frozen dataclasses with no method compiled (see _frozen): less at every start of a history command
    from scorekeeper._frozen import dataclass


@dataclass(frozen=True)
class Match:
    """A recorded match, ready to read: its row, its settings, and where it stands."""

    row: MatchRow
    settings: MatchSettings
    state: MatchState
    chosen: str = ""  # with no match named, which one was taken and why, when that is not obvious

    @property
    def id(self) -> int:
        return self.row.id


@dataclass(frozen=True)
class Entered:
    """What an add or edit did: the counted hand, whether it was stored, and the match after it.

    ``changed`` is the id of the event that stored it (0 if nothing was stored): the match's
    version, as ``match_summary`` reads it."""

    counted: CountedHand
    stored: bool
    match: Match
    number: int
    changed: int = 0


def settings_of(row: MatchRow, rules: RuleSet | None = None) -> MatchSettings:
    """A stored match's settings, with the rule set as it was recorded (``rules``: already read from it)."""
    rules = rules or rules_from_json(row.rules_json, _("match {id}").format(id=row.id))
    sides = tuple(Side(name, tuple(players)) for name, players in row.sides)
    return MatchSettings(rules, sides, row.target, row.finish, rules.match.playoff, rules.match.stake,
                         tuple(row.enabled), row.name)


class _Labels(dict[str, str]):
    """Category labels by id, each read in the language in use when it is asked for, not when the match
    was counted: a match counted for one reader (a phone in Italian) may be shown to another (one in
    Spanish). An id the rule set lacks is its own label."""

    def __init__(self, categories: Iterable[CategoryBase]) -> None:
        super().__init__()
        self._titles = {c.id: c for c in categories}

    def __missing__(self, key: str) -> str:
        category = self._titles.get(key)
        if category is not None:
            return category.title
        if key == BY_CATEGORIES:
            return _("by categories, cards not checked")
        return _("points only (unverified)") if key == POINTS_ONLY else key


def points_of(hand: HandRow, labels: Mapping[str, str]) -> HandPoints:
    """A stored hand's points, packed; ``labels`` names each category as the match's rule set does."""
    winner = (hand.match_winner[0], hand.match_winner[1]) if hand.match_winner else None
    ids, flat = hand.packed
    if len(flat) != len(ids) * len(hand.sides) or not all(isinstance(p, int) for p in flat):
        raise ValueError(_("hand {number}: {count} points for {categories} categories").format(
            number=hand.number, count=len(flat), categories=len(ids)))
    return HandPoints(tuple(hand.sides), None, winner, tuple(hand.problems), hand.forced, packed=(ids, labels, flat))


def hand_columns(counted: CountedHand, forced: bool) -> dict[str, Any]:
    """A counted hand as the columns the history stores."""
    p = counted.points
    return {"sides": list(p.sides), "typed": counted.typed,
            "categories": [[c.id, list(c.points)] for c in p.categories],
            "match_winner": list(p.match_winner) if p.match_winner else None,  # not for players: keys
            "problems": list(p.problems), "forced": forced}


def match_from_row(row: MatchRow, settings: MatchSettings | None = None) -> Match:
    """A stored match with its live hands and claims counted under its ending policy."""
    settings = settings or settings_of(row)
    labels = _Labels(settings.rules.categories)
    try:
        hands = [points_of(h, labels) for h in row.live_hands]
        claims = [Claim(c["after"], c["side"]) for c in row.live_claims]
        return Match(row, settings, state_after(settings, hands, claims))
    except (ValueError, TypeError, KeyError, IndexError) as exc:  # a row changed behind our back
        raise StoreError(_("match {id}: its stored hands cannot be read ({kind}: {error}); the database may be "
                           "damaged or written by another program").format(
                               id=row.id, kind=exc.__class__.__name__, error=exc)) from None


def _summarised(store: Store, match: Match) -> Match:
    """Rewrite the match row's summary to agree with ``match``; inside the write that changed it."""
    s = match.state
    store.summarise(match.id, s.hands, s.totals, s.finished, s.winner, s.stake)
    return match


def refresh_summary(store: Store, match_id: int) -> Match:
    """Read a match again and rewrite its summary row to agree; inside the write that changed it."""
    return _summarised(store, match_from_row(store.load(match_id)))


def summary_of(row: MatchRow, rules: RuleSet) -> tuple[int, dict[str, int], bool, str | None, int | None]:
    """The summary (as ``Store.summarise`` takes it) of a match about to be written as ``row``,
    ``rules`` being its rule set: counted from what will be written, not read back after (reading
    each match again was a large part of an import's time)."""
    state = match_from_row(row, settings_of(row, rules)).state
    return state.hands, state.totals, state.finished, state.winner, state.stake


def with_hand(store: Store, match: Match, hand_id: int, number: int, columns: dict[str, Any], event: int,
               replaced: int | None = None) -> Match:
    """The match after storing a hand (in place of hand ``replaced``, if given), counted from the rows
    already read (not read again), with its summary rewritten."""
    hands = [h._replace(ended_by=event) if h.id == replaced else h for h in match.row.hands]
    packed = pack_categories(columns["categories"])
    winner, problems, forced = columns["match_winner"], columns["problems"], columns["forced"]  # not for players: keys
    hands.append(HandRow(hand_id, number, columns["sides"], columns["typed"], packed, winner, problems, forced, event,
                         None))
    hands.sort(key=lambda h: (h.number, h.id))
    return _summarised(store, match_from_row(replace(match.row, hands=hands), match.settings))


def choose(store: Store, ref: str | None) -> tuple[int, str]:
    """A match id from an id or a name or, with none, the latest match (the one changed last, playing
    or just finished, as git takes the current branch); and, when the choice is not obvious (it is
    over, or other matches are being played), a sentence saying which was taken. Inside a transaction."""
    if ref is not None:
        return store.find(ref), ""
    latest = store.latest()
    if latest is None:
        return store.find(None), ""  # says there is no match
    match_id, name, finished, playing = latest
    shown = f'{match_id} "{name}"' if name else str(match_id)
    if finished:
        return match_id, _("Taking match {match}, the latest; it is over.").format(match=shown)
    if playing > 1:
        return match_id, ngettext("Taking match {match}, the latest; {count} match is being played.",
                                  "Taking match {match}, the latest; {count} matches are being played.",
                                  playing).format(match=shown, count=playing)
    return match_id, ""


def _chosen(store: Store, ref: str | None) -> Match:
    """``choose``'s match, read and counted, with its sentence; inside a transaction."""
    match_id, note = choose(store, ref)
    return replace(match_from_row(store.load(match_id)), chosen=note)


def match_ids(store: Store, refs: Iterable[str]) -> list[int]:
    """Match ids from references (ids or names)."""
    with store.read():
        return [store.find(ref) for ref in refs]


def load_match(store: Store, ref: str | None, *, latest: bool = False) -> Match:
    """A match by id or name, counted to where it stands; with none, the one being played (or, with
    ``latest``, the latest match: see ``choose``)."""
    with store.read():
        if latest:
            return _chosen(store, ref)
        return match_from_row(store.load(store.find(ref)))


def iter_matches(store: Store, ids: list[int] | None = None) -> Iterator[Match]:
    """The chosen matches (all with None) in id order, each counted to where it stands, one at a time
    (a history of any size is read in the memory of one match), in one read transaction.

    A job over many matches runs faster under ``gc_paused``.
    """
    with store.read():
        yield from each_match(store, ids)


def each_match(store: Store, ids: list[int] | None = None, *, typed: bool = False) -> Iterator[Match]:
    """As ``iter_matches``, inside a read transaction the caller holds; with ``typed``, what each hand's
    players typed too (the HTML sheet counts a forced hand again to say its problems in its reader's words)."""
    for row in iter_rows(store, ids, live_only=True, typed=typed):
        yield match_from_row(row)


def category_columns(store: Store, ids: list[int] | None = None) -> list[str]:
    """The categories the chosen matches give points in, in the order a pass over every match would
    meet them (each match's rule set, then its hands): the columns of a CSV export. Read without
    going through every hand, inside a read transaction the caller holds."""
    columns: dict[str, None] = {}
    for _first, kind, value in category_sources(store, ids):
        if kind == "rules":
            text, enabled = value
            for spec in rules_from_json(text).categories:
                if not spec.optional or spec.id in enabled:
                    columns.setdefault(spec.id)
        else:
            columns.update(dict.fromkeys(value))
    return list(columns)


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for a job over a whole history (an export, the stats).

    Such a job makes millions of small objects and no reference cycles, and the collector would
    walk them all again and again (tests/benchmarks/README.md has what pausing it saves).
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def name_taken(store: Store, name: str, where: str, but: int | None = None) -> None:
    """Refuse a name an open match (other than ``but``) already has in any letter case: names find
    matches, so two open ones must not share one. Inside a transaction."""
    other = store.open_named(name, but) if name else None
    if other is not None:
        raise MatchError(_("{where} {name}: match {id} \"{other}\" is still being played under that name; "
                           "choose another name, or rename, abandon or finish that match first").format(
            where=where, name=repr(name), id=other[0], other=other[1]))


def start_match(store: Store, settings: MatchSettings) -> int:
    """Record a new match; returns its id."""
    with store.write():
        return insert_new_match(store, settings)


def insert_new_match(store: Store, settings: MatchSettings, where: str = "--name") -> int:
    """Record a new match inside a write transaction already begun (a tournament's round starts all
    its tables' matches in one); returns its id."""
    text = rules_json(settings.rules)
    key = digest(text)
    created = now()
    name_taken(store, settings.name, where)
    store.put_rules(settings.rules.id, text, key)
    match_id = store.insert_match(uid=uuid.uuid4().hex, name=settings.name, created=created, rules_key=key,
                                  sides=[[s.name, list(s.players)] for s in settings.sides],
                                  target=settings.target, finish=settings.finish, enabled=list(settings.enabled))
    store.insert_event(match_id, "new", at=created)
    return match_id


def new_match(store: Store, settings: MatchSettings) -> Match:
    """Record a new match and return it, read back as ``match show`` reads it."""
    match_id = start_match(store, settings)
    with store.read():
        return match_from_row(store.load(match_id))


def add_hand(store: Store, ref: str | None, spec: HandSpec, *, force: bool = False,
             expected_number: int | None = None, letters: bool | str | None = None, keep_count: bool = True) -> Entered:
    """Count a hand and, if it checks out (or is forced), store it as the match's next hand.

    A hand whose only fault is a wrong claim is stored as counted, the claim kept with it and its
    problem noted (``keep_count``; False leaves it unstored, for a prompt to ask first): players
    who miscounted should not have to type the hand again without their claim.

    ``expected_number`` is the number the caller means the hand to be: checked inside the write, so
    two phones sending the same hand at once store it once and the second is told so. Suit letters
    not said (``spec.italian_suits`` None) are read as ``with_letters`` settles them; when nothing
    settles them and the typed letters fit the Italian reading better, ``LettersUnsaid`` is raised
    (``match.letters``).
    """
    with store.write():
        match = match_from_row(store.load(store.find(ref)))
        first = first_letters(store, match)
        if spec.italian_suits is None and letters is None and first is None:
            doubt = letters_doubt(spec, match.settings.rules)
            if doubt is not None:
                raise LettersUnsaid(doubt)
        spec = with_letters(spec, match, letters, first)
        return store_next_hand(store, match, spec, force=force, expected_number=expected_number,
                               keep_count=keep_count)


def _forced(counted: CountedHand, keep_count: bool) -> bool:
    """Whether a counted hand needs --force to be stored: it does not check out, and it is not a hand
    whose only fault is a wrong claim with the count kept."""
    return not counted.result.ok and not (keep_count and only_claims_wrong(counted.result))


def store_next_hand(store: Store, match: Match, spec: HandSpec, *, force: bool, expected_number: int | None,
                    detail: dict[str, Any] | None = None, keep_count: bool = True) -> Entered:
    """``add_hand`` for a match read inside the write transaction the caller holds."""
    number = match.state.hands + 1
    if expected_number is not None and expected_number != number:
        raise MatchError(_("hand {number} of match {id} was not stored: the next hand is {next} (another player "
                           "may have entered this one already)").format(number=expected_number, id=match.id,
                                                                       next=number))
    if match.state.finished:
        raise MatchError(_("match {id} is over ({why}); undo or edit a hand to change that").format(
            id=match.id, why=match.state.reason))
    counted = count_for(match.settings, match.state.next_sides, spec)
    forced = _forced(counted, keep_count)
    if forced and not force:
        return Entered(counted, False, match, number)
    event = store.insert_event(match.id, "add", number, {**({"forced": True} if forced else {}), **(detail or {})})
    columns = hand_columns(counted, forced)
    hand_id = store.insert_hand(match.id, number, columns, event)
    return Entered(counted, True, with_hand(store, match, hand_id, number, columns, event), number, event)


def edit_hand(store: Store, ref: str | None, number: int, spec: HandSpec, *, force: bool = False,
              letters: bool | str | None = None, keep_count: bool = True) -> Entered:
    """Replace hand ``number`` with a newly typed one and count the match again from there (with no
    match named, in the latest: see ``choose``). What the new hand does not say keeps its old value
    (``match.hand.kept_from``); suit letters said by neither are settled, and a wrong claim kept, as
    ``add_hand`` does."""
    with store.write():
        match = _chosen(store, ref)
        if not 1 <= number <= match.state.hands:
            raise MatchError(_("match {id} has no hand {number} (it has {count})").format(
                id=match.id, number=number, count=match.state.hands))
        old = match.row.live_hands[number - 1]
        spec = kept_from(spec, old.typed, match.settings, _("hand {number} as stored").format(number=number))
        spec = with_letters(spec, match, letters, first_letters(store, match))
        counted = count_for(match.settings, tuple(old.sides), spec)
        forced = _forced(counted, keep_count)
        if forced and not force:
            return Entered(counted, False, match, number)
        event = store.insert_event(match.id, "edit", number)
        store.end_hand(old.id, event)
        columns = hand_columns(counted, forced)
        hand_id = store.insert_hand(match.id, number, columns, event)
        after = with_hand(store, match, hand_id, number, columns, event, replaced=old.id)
    return Entered(counted, True, replace(after, chosen=match.chosen), number, event)


@dataclass(frozen=True)
class Undone:
    """What an undo withdrew: a sentence for the player, ``hand`` or ``claim``, the hand's number or
    the claiming side, and the match after it."""

    what: str
    withdrawn: str
    number: int | None
    side: str | None
    match: Match


def undo(store: Store, ref: str | None, *, expected_last: int | None = None) -> Undone:
    """Withdraw the last hand or claim entered (with no match named, of the latest: see ``choose``);
    it stays in the trail.

    ``expected_last`` is the number of hands the caller saw: checked inside the write, so two phones
    pressing undo together withdraw one hand, and the second is told so.
    """
    with store.write():
        match = _chosen(store, ref)
        if expected_last is not None and expected_last != match.state.hands:
            raise MatchError(_("Nothing was withdrawn: the match has {now} hands now, not {seen}; look at the sheet "
                               "again.").format(now=match.state.hands, seen=expected_last))
        hands, claims = match.row.live_hands, match.row.live_claims
        last_hand = hands[-1] if hands else None
        last_claim = claims[-1] if claims else None
        if last_hand is None and last_claim is None:
            raise MatchError(_("match {id} has nothing to undo").format(id=match.id))
        claim_at = last_claim["added_by"] if last_claim else 0  # not for players: a key
        if last_claim is not None and (last_hand is None or claim_at > last_hand.added_by):
            event = store.insert_event(match.id, "undo", None, {"withdrawn": "claim", "side": last_claim["side"]})
            store.end_claim(last_claim["id"], event)
            what = _("the claim of {side}").format(side=last_claim["side"])
            undone: tuple[str, int | None, str | None] = ("claim", None, last_claim["side"])
        else:
            assert last_hand is not None
            event = store.insert_event(match.id, "undo", last_hand.number, {"withdrawn": "hand"})
            store.end_hand(last_hand.id, event)
            what = _("hand {number}").format(number=last_hand.number)
            undone = ("hand", last_hand.number, None)
        after = replace(refresh_summary(store, match.id), chosen=match.chosen)
    return Undone(what, *undone, after)


def add_claim(store: Store, ref: str | None, side_name: str) -> Match:
    """A side claims to have reached the target (policy ``claim``): a true claim wins, a false one loses.
    With no match named, the latest (see ``choose``)."""
    with store.write():
        match = _chosen(store, ref)
        if match.settings.finish != "claim":
            raise MatchError(_("match {id} ends by '{finish}', not by claims (start it with --finish claim)").format(
                id=match.id, finish=match.settings.finish))
        if match.state.finished:
            raise MatchError(_("match {id} is over ({why})").format(id=match.id, why=match.state.reason))
        side = side_lookup(match.settings).get(side_name.strip().casefold())
        if side is None:
            raise MatchError(_("claim by {name}: no such side in match {id} (sides: {sides})").format(
                name=repr(side_name), id=match.id, sides=", ".join(match.settings.side_names)))
        event = store.insert_event(match.id, "claim", None, {"side": side})
        store.insert_claim(match.id, match.state.hands, side, event)
        return replace(refresh_summary(store, match.id), chosen=match.chosen)


def match_summary(store: Store, match_id: int) -> dict[str, Any]:
    """A match's summary (hands, totals, result) and its version, ``changed``: the id of its latest
    event, which any change moves. No hand is read: what a phone polls."""
    with store.read():
        return store.summary(match_id)


def current_match(store: Store, match_id: int, cached: tuple[int, Match] | None = None) -> tuple[int, Match]:
    """A match and its version in one read: ``cached`` (a version and the match at it) while the
    version is unchanged, else the match read and counted again."""
    with store.read():
        changed = store.summary(match_id)["changed"]
        if cached is not None and cached[0] == changed:
            return cached
        return changed, match_from_row(store.load(match_id))
