"""Hands waiting for the other side's confirmation before they are stored.

A hand sent "to confirm" is counted and checked as ``add_hand`` would, then kept as a ``pending``
event in the match's trail: nothing is stored in the hands yet, and nothing is lost. A player of
another side confirms it (the hand is then added, its ``add`` event naming the pending one in
``of``), or anyone withdraws it (a ``withdraw`` event naming it). Each step is one write
transaction, so two phones confirming at once store the hand once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.history.matches import Entered, Match, match_from_row, store_next_hand
from scorekeeper.history.store import Store
from scorekeeper.i18n import _
from scorekeeper.match.ending import MatchError
from scorekeeper.match.hand import CountedHand, count_for, side_lookup
from scorekeeper.scoring.hand import HandSpec, hand_from_mapping

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # frozen dataclasses with no method compiled (see _frozen): a quicker start
    from scorekeeper._frozen import dataclass

PENDING, WITHDRAW = "pending", "withdraw"
_CLOSING = ("add", WITHDRAW)


@dataclass(frozen=True)
class Pending:
    """A hand waiting for confirmation: its event id, the number it is meant to be, and who sent it."""

    id: int
    number: int
    by: str
    at: str
    typed: dict[str, Any]
    forced: bool
    device: str


def _pending(event: dict[str, Any]) -> Pending:
    d = event["detail"]
    return Pending(event["id"], int(event["hand"] or 0), str(d.get("by", "")), event["at"], dict(d.get("typed", {})),
                   bool(d.get("forced")), str(d.get("device", "")))


def pending_in(store: Store, match_id: int) -> list[Pending]:
    """The match's hands waiting for confirmation, oldest first; inside a transaction the caller holds."""
    return [_pending(e) for e in store.open_events(match_id, PENDING, _CLOSING)]


def waiting_hands(store: Store, match_id: int) -> list[Pending]:
    """The match's hands waiting for confirmation, in a read of their own."""
    with store.read():
        return pending_in(store, match_id)


def _side(match: Match, name: str) -> str:
    side = side_lookup(match.settings).get(name.strip().casefold())
    if side is None:
        raise MatchError(_("{name}: no such side in match {id} (sides: {sides})").format(
            name=repr(name[:40]), id=match.id, sides=", ".join(match.settings.side_names)))
    return side


def _waiting(store: Store, match: Match, pending_id: int) -> Pending:
    for pending in pending_in(store, match.id):
        if pending.id == pending_id:
            return pending
    raise MatchError(_("match {id}: that hand is no longer waiting for confirmation (it was confirmed or "
                       "withdrawn already)").format(id=match.id))


def propose_hand(store: Store, ref: str | None, spec: HandSpec, *, by: str, device: str = "",
                 force: bool = False, expected_number: int | None = None) -> Entered:
    """Count a hand and, if it checks out (or is forced), keep it waiting for a player of another side
    to confirm it. ``by`` is the sender's side; ``device`` (optional) tells the sender's phone, which
    may not confirm. The result is never ``stored``; its ``changed`` is the pending event's id."""
    with store.write():
        match = match_from_row(store.load(store.find(ref)))
        number = match.state.hands + 1
        if expected_number is not None and expected_number != number:
            raise MatchError(_("hand {number} of match {id} was not stored: the next hand is {next} (another "
                               "player may have entered this one already)").format(number=expected_number,
                                                                                  id=match.id, next=number))
        if match.state.finished:
            raise MatchError(_("match {id} is over ({why}); undo or edit a hand to change that").format(
                id=match.id, why=match.state.reason))
        side = _side(match, by)
        counted = count_for(match.settings, match.state.next_sides, spec)
        if not counted.result.ok and not force:
            return Entered(counted, False, match, number)
        detail = {"by": side, "typed": counted.typed, "forced": not counted.result.ok, "device": device}
        event = store.insert_event(match.id, PENDING, number, detail)
    return Entered(counted, False, match, number, event)


def confirm_hand(store: Store, ref: str | None, pending_id: int, *, by: str, device: str = "") -> Entered:
    """A player of another side confirms a waiting hand: it is stored as ``add_hand`` stores it (refused,
    and kept waiting, if another hand took its number meanwhile)."""
    with store.write():
        match = match_from_row(store.load(store.find(ref)))
        pending = _waiting(store, match, pending_id)
        side = _side(match, by)
        if side == pending.by:
            raise MatchError(_("hand {number} was sent by {side}: a player of another side confirms it").format(
                number=pending.number, side=side))
        if device and device == pending.device:
            raise MatchError(_("hand {number} was sent from this phone: confirm it on the phone of a player of "
                               "another side").format(number=pending.number))
        spec = hand_from_mapping(pending.typed, _("hand {number} waiting for confirmation").format(
            number=pending.number))
        return store_next_hand(store, match, spec, force=pending.forced, expected_number=pending.number,
                    detail={"of": pending.id, "confirmed_by": side})  # not for players: a JSON key


def withdraw_pending(store: Store, ref: str | None, pending_id: int, *, device: str = "") -> Pending:
    """Withdraw a waiting hand (the sender changed their mind, or the other side disputes it); it stays in
    the trail. With ``device`` (a phone), only the phone that sent it may, unless another hand took its
    place meanwhile; the command line (no device) always may."""
    with store.write():
        match = match_from_row(store.load(store.find(ref)))
        pending = _waiting(store, match, pending_id)
        stale = pending.number != match.state.hands + 1 or match.state.finished
        if device and pending.device and device != pending.device and not stale:
            raise MatchError(_("hand {number} was sent from another phone: only that phone withdraws it (a player "
                               "who disputes it asks its sender, or does not confirm it)").format(
                                   number=pending.number))
        store.insert_event(match.id, WITHDRAW, pending.number, {"of": pending.id})
    return pending


def pending_count(match: Match, pending: Pending) -> CountedHand | None:
    """A waiting hand counted as confirming it would store it, so the other side sees its points and not
    only its piles; None once another hand took its number (it can only be withdrawn then)."""
    if pending.number != match.state.hands + 1 or match.state.finished:
        return None
    spec = hand_from_mapping(pending.typed, _("hand {number} waiting for confirmation").format(number=pending.number))
    return count_for(match.settings, match.state.next_sides, spec)
