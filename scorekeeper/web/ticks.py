"""A hand entered on the phone by categories, as on a score pad: a tap for the side that took each
category, the sweeps counted, no card (``match.by_categories`` counts and checks it; this page only
reads the form, ``_ticks_form``, and shows the answer)."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from scorekeeper.errors import ScorekeeperError
from scorekeeper.history.by_categories import add_ticked_hand
from scorekeeper.history.matches import load_match
from scorekeeper.web import forms
from scorekeeper.web._ticks_form import read_ticks
from scorekeeper.web.hands import hand_page_with
from scorekeeper.web.site import page, posted, refusal_of


@page
async def store_ticked(request: Request) -> Response:
    """Store the next hand from the ticks (``add_ticked_hand``); refused ticks bring the hand page back
    with the form as sent and every problem."""
    site, form = await posted(request)
    ref = str(request.path_params["match"])

    def work() -> Response:
        try:
            number = forms.hand_number(form)
            with site.writing, site.store() as store:
                match = load_match(store, ref)
                entered = add_ticked_hand(store, ref, read_ticks(form, match), expected_number=number)
        except ScorekeeperError as exc:
            status, messages = refusal_of(exc)
            with site.store(readonly=True) as store:
                match = load_match(store, ref)
            return hand_page_with(request, match, status=status, form=form, errors=messages)
        site.remember(entered.changed, entered.match)
        return RedirectResponse(f"/m/{entered.match.id}#hand-{entered.number}", status_code=303)

    return await run_in_threadpool(work)
