"""The phone's form of a hand by categories read and shown (``web.ticks`` stores it): the rows of
categories to tick, the sweeps, and the ticks a form sent."""

from __future__ import annotations

from typing import Any

from scorekeeper.errors import InputErrors
from scorekeeper.history.matches import Match
from scorekeeper.match.by_categories import Ticks, tickable
from scorekeeper.web import forms
from scorekeeper.web._i18n import _

#: How each kind of category is ticked: one side takes it, one side takes a run of some length, or
#: each side takes a count.
_SHAPE = {"sequence": "run", "each": "count", "declared": "count"}  # not for players: category kinds
_SWEEPS = "tick_sweeps_{}"  # not for players: the sweeps field of each side


def tick_form(match: Match, form: dict[str, str] | None = None) -> dict[str, Any]:
    """What the page's form of ticks shows: ``rows`` (``tick_rows``), each side's ``sweeps``, and whether
    it is this form that was sent back (``sent``: then it is shown open)."""
    sent = form or {}
    return {"rows": tick_rows(match, form), "sent": "tick_sweeps_0" in sent,  # not for players: keys
            "sweeps": [sent.get(_SWEEPS.format(i), "0") for i in range(len(match.state.next_sides))]}


def tick_rows(match: Match, form: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """The categories the hand can be ticked in, each with its shape and what the form holds."""
    sent = form or {}
    rows = []
    for spec in tickable(match.settings):
        shape = _SHAPE.get(spec.kind, "one")
        rows.append({"id": spec.id, "title": spec.title, "shape": shape, "taker": sent.get(f"took_{spec.id}", ""),
                     "length": sent.get(f"length_{spec.id}", str(getattr(spec, "min_length", ""))),  # not for players
                     "counts": [sent.get(f"count_{spec.id}_{i}", "0") for i in range(len(match.state.next_sides))]})
    return rows


def read_ticks(form: dict[str, str], match: Match) -> Ticks:
    """The ticks a form sent, for the match's next hand; every bad field reported together."""
    playing = match.state.next_sides
    errors: list[str] = []
    took: dict[str, dict[str, int]] = {}
    for row in tick_rows(match, form):
        cid = row["id"]
        if row["shape"] == "count":
            for i, side in enumerate(playing):
                n = forms.read_whole(row["counts"][i] or "0", f"{row['title']}, {side}", 999, errors)
                if n:
                    took.setdefault(cid, {})[side] = n
            continue
        taker = row["taker"]
        if not taker:
            continue  # nobody took it: a tie, or nobody had it
        if taker not in playing:
            errors.append(_("{category}: {side} does not play this hand").format(category=row["title"], side=taker))
            continue
        length = forms.read_whole(row["length"], row["title"], 999, errors) if row["shape"] == "run" else 1
        took[cid] = {taker: length or 0}
    sweeps = {}
    for i, side in enumerate(playing):
        n = forms.read_whole(form.get(_SWEEPS.format(i), "0") or "0", _("sweeps of {side}").format(side=side),
                             999, errors)
        if n:
            sweeps[side] = n
    if errors:
        raise InputErrors(errors)
    return Ticks(took, sweeps)
