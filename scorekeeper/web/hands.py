"""Entering a hand: the page of tiles, storing a new hand, replacing one, and the live count.

The live count is the server's: the page sends what has been tapped so far and shows the
library's count of it (the last side taking the rest), so the one place that counts stays the
library, and the phones never disagree with ``match show``.
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from scorekeeper.errors import ScorekeeperError
from scorekeeper.history.matches import Entered, Match, add_hand, edit_hand, load_match
from scorekeeper.history.pending import propose_hand
from scorekeeper.match.hand import count_for
from scorekeeper.match.letters import in_french
from scorekeeper.web import forms, views
from scorekeeper.web._i18n import _
from scorekeeper.web._security import WebError, device_of
from scorekeeper.web._ticks_form import tick_form
from scorekeeper.web.site import page, posted, refusal_of, site_of


def _edit_number(request: Request, form: dict[str, str] | None = None) -> int | None:
    text = (form or {}).get("edit") or request.query_params.get("edit")
    if not text:
        return None
    errors: list[str] = []
    number = forms.read_whole(text, _("hand to edit"), 10**9, errors)
    if number is None:
        raise WebError(400, *errors or [_("hand to edit: missing")])
    return number


def _playing(match: Match, edit: int | None) -> tuple[str, ...]:
    """The sides that play the hand being entered: the next hand's, or those of the hand being edited."""
    if edit is None:
        return match.state.next_sides
    if not 1 <= edit <= match.state.hands:
        raise WebError(404, _("Match {id} has no hand {n}.").format(id=match.id, n=edit))
    return match.state.lines[edit - 1].hand.sides


def _sides(match: Match, edit: int | None, form: dict[str, str] | None) -> list[dict[str, Any]]:
    """Each side of the hand with what its fields hold: the form sent back, the hand being edited, or fresh."""
    playing = _playing(match, edit)
    typed: dict[str, Any] = match.row.live_hands[edit - 1].typed if edit is not None and form is None else {}
    declared = typed.get("declared", {})
    sides = []
    for i, name in enumerate(playing):
        if form is not None:
            pile, sweeps = form.get(f"pile_{i}", ""), form.get(f"sweeps_{i}", "0")
            said = {cid: form.get(f"declared_{i}_{cid}", "0") for cid, _title in views.declared_ids(match)}
        elif edit is not None:  # the form reads French letters, as its tiles write them: a pile typed otherwise is
            # shown in them (typed with --spanish-suits, "o:7" would be read as no suit at all)
            letters = str(typed.get("suit_letters", "french"))  # not for players: a hand-file key and value
            pile = in_french(typed.get("piles", {}).get(name, ""), match.settings.rules.cards, letters)
            sweeps = str(typed.get("sweeps", {}).get(name, 0))
            said = {cid: str(declared.get(name, {}).get(cid, 0)) for cid, _title in views.declared_ids(match)}
        else:
            pile, sweeps = ("rest" if i == len(playing) - 1 else ""), "0"
            said = {cid: "0" for cid, _title in views.declared_ids(match)}
        sides.append({"index": i, "name": name, "pile": pile, "sweeps": sweeps, "declared": said})
    return sides


def _hand_page(request: Request, match: Match, edit: int | None, *, status: int = 200,
               form: dict[str, str] | None = None, errors: list[str] | None = None,
               entered: Entered | None = None) -> Response:
    site = site_of(request)
    counted = entered.counted.result.to_dict() if entered is not None else None
    number = edit if edit is not None else match.state.hands + 1
    return site.render(request, "hand.html", status,  # not for players: a template
                       match=views.heading(match), edit=edit, number=number,
                       sides=_sides(match, edit, form), declared=views.declared_ids(match),
                       deck=views.deck_rows(match.settings.rules.cards), errors=errors or [], counted=counted,
                       force=bool(form and form.get("force")), confirm=bool(form and form.get("confirm")),
                       by=(form or {}).get("by", ""), ticks=tick_form(match, form) if edit is None else None)


def hand_page_with(request: Request, match: Match, *, status: int, form: dict[str, str],
                   errors: list[str]) -> Response:
    """The page of the match's next hand, with a refused form as it was sent and why (``web.ticks``)."""
    return _hand_page(request, match, None, status=status, form=form, errors=errors)


@page
async def hand_page(request: Request) -> Response:
    """The tiles of the deck, a side picker, sweeps and declarations, and the live count."""
    site = site_of(request)
    site.keys.require_joined(request)
    ref = str(request.path_params["match"])
    edit = _edit_number(request)

    def work() -> Response:
        with site.store(readonly=True) as store:
            match = load_match(store, ref)
        if edit is None and match.state.finished:
            raise WebError(409, _("Match {id} is over: {why}. Undo or edit a hand to change that.").format(
                id=match.id, why=match.state.reason))
        return _hand_page(request, match, edit)

    return await run_in_threadpool(work)


@page
async def store_hand(request: Request) -> Response:
    """Store the hand (``add_hand``), or with ``edit`` replace that hand (``edit_hand``); a hand that does
    not check out comes back with its problems (422), a stale one is refused (409)."""
    site, form = await posted(request)
    ref = str(request.path_params["match"])
    edit = _edit_number(request, form)
    to_confirm = edit is None and bool(form.get("confirm"))
    device = device_of(request)

    def work() -> Response:
        try:
            spec = forms.hand_spec(form)
            number = forms.hand_number(form)
            force = bool(form.get("force"))
            with site.writing, site.store() as store:
                if to_confirm:
                    entered = propose_hand(store, ref, spec, by=form.get("by", ""), device=device, force=force,
                                           expected_number=number)
                elif edit is None:
                    entered = add_hand(store, ref, spec, force=force, expected_number=number)
                else:
                    entered = edit_hand(store, ref, edit, spec, force=force)
        except ScorekeeperError as exc:  # the page comes back with the form as sent, outside the queue of writes
            status, messages = refusal_of(exc)
            with site.store(readonly=True) as store:
                match = load_match(store, ref)
            return _hand_page(request, match, edit, status=status, form=form, errors=messages)
        if to_confirm and entered.changed:  # kept waiting for the other side
            return RedirectResponse(f"/m/{entered.match.id}#pending-{entered.changed}", status_code=303)
        if not entered.stored:
            problems = list(entered.counted.result.problems)
            return _hand_page(request, entered.match, edit, status=422, form=form, errors=problems, entered=entered)
        site.remember(entered.changed, entered.match)
        return RedirectResponse(f"/m/{entered.match.id}#hand-{entered.number}", status_code=303)

    return await site.writing.run(work)  # in the writers' threads, not the readers'


@page
async def preview(request: Request) -> Response:
    """The library's count of the hand tapped so far, as JSON for the page's live count."""
    site, form = await posted(request)
    ref = str(request.path_params["match"])
    edit = _edit_number(request, form)

    def work() -> Response:
        with site.store(readonly=True) as store:
            match = load_match(store, ref)
        try:
            result = count_for(match.settings, _playing(match, edit), forms.hand_spec(form)).result
        except ScorekeeperError as exc:
            return JSONResponse({"ok": False, "problems": refusal_of(exc)[1]})
        return JSONResponse(result.to_dict())

    return await run_in_threadpool(work)
