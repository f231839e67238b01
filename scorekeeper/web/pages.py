"""The matches: joining, the list, a new match, the sheet, undo, export and the live version."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from scorekeeper._words import and_list
from scorekeeper.errors import ScorekeeperError
from scorekeeper.history.matches import current_match, list_matches, match_summary, start_match, undo
from scorekeeper.history.pending import confirm_hand, waiting_hands, withdraw_pending
from scorekeeper.history.redo import redo, withdrawn_hand
from scorekeeper.output.chart import COLOURS, chart
from scorekeeper.output.export import export_matches
from scorekeeper.web import forms, views
from scorekeeper.web._i18n import LANGUAGE_COOKIE, LANGUAGES, _
from scorekeeper.web._security import SESSION_COOKIE, TOKEN_COOKIE, WebError, device_of, new_session
from scorekeeper.web.site import page, posted, refusal_of, site_of

_COOKIE_AGE = 7 * 24 * 3600
# The chart's width on the sheet: a phone's (390 px) less the page's margins, so that it is drawn at
# its own size and its labels are the 12 px and more they are made at, not shrunk to fit.
_CHART = 360
_LISTED = 100  # matches on the first page, newest first
# The hands whose categories the sheet shows; older hands take one line each (``?all=1`` shows them
# all). Drawing every category of a long match took most of the sheet's time (bench_web).
DETAILED = 10
_EXPORTS = {"csv": "text/csv; charset=utf-8", "json": "application/json",  # not for players: media types
            "html": "text/html; charset=utf-8", "md": "text/markdown; charset=utf-8"}  # not for players: media types


@page
async def join(request: Request) -> Response:
    """``/join?token=...``: keep the token in a cookie and go to the matches (the token leaves the address bar)."""
    site = site_of(request)
    if not site.keys.token_ok(request.query_params.get("token", "")):
        raise WebError(403, _("This join link is not the one the server printed (it changes each time "
                              "'scorekeeper serve' starts): scan the QR code again."))
    response = RedirectResponse("/", status_code=303)
    for name, value in ((TOKEN_COOKIE, site.keys.token),
                        (SESSION_COOKIE, request.cookies.get(SESSION_COOKIE) or new_session())):
        response.set_cookie(name, value, max_age=_COOKIE_AGE, httponly=True, samesite="strict",
                            secure=request.url.scheme == "https")  # not for players: a scheme
    return response


@page
async def language(request: Request) -> Response:
    """``/lang?to=it&back=/m/3``: answer in that language from now on (a cookie), and go back."""
    code = request.query_params.get("to", "")
    if code not in LANGUAGES:
        raise WebError(400, _("There is no language {code} here ({known}).").format(
            code=repr(code[:10]), known=", ".join(LANGUAGES)))
    back = request.query_params.get("back", "/")
    response = RedirectResponse(back if back.startswith("/") and not back.startswith("//") else "/", status_code=303)
    response.set_cookie(LANGUAGE_COOKIE, code, max_age=365 * 24 * 3600, httponly=True, samesite="strict")
    return response


def _matches_page(request: Request, status: int = 200, errors: list[str] | None = None,
                  form: dict[str, str] | None = None) -> Response:
    site = site_of(request)
    with site.store(readonly=True) as store:
        rows, total = list_matches(store, limit=_LISTED)
    return site.render(request, "matches.html", status,  # not for players: a template
                       matches=rows, more=total - len(rows),
                       rules=forms.rules_choice(), games=dict(forms.rules_choice()), teams=forms.team_games(),
                       finishes=views.finish_choices(),
                       errors=errors or [], form=form or {}, max_sides=forms.MAX_SIDES)


@page
async def home(request: Request) -> Response:
    """The matches, newest first, and the form to start one."""
    site_of(request).keys.require_joined(request)
    return await run_in_threadpool(_matches_page, request)


@page
async def create(request: Request) -> Response:
    """Start a match from the form; its sheet comes next."""
    site, form = await posted(request)

    def work() -> Response:
        try:
            settings = forms.new_match(form)
            with site.writing, site.store() as store:
                match_id = start_match(store, settings)
        except ScorekeeperError as exc:
            status, messages = refusal_of(exc)
            offered = forms.offered_teams(form)
            if offered is None:
                return _matches_page(request, 400 if status == 409 else status, messages, form)
            # one player a box for a game played by teams: the form comes back with the teams filled in
            teams = [offered[f"side_{i}"] for i in range(1, forms.MAX_SIDES + 1) if offered[f"side_{i}"]]
            offer = _("{game} is played by teams: the form now offers {teams} (partners sit opposite); "
                      "start the match if that is right.").format(
                          game=dict(forms.rules_choice())[form["rules"].strip()], teams=and_list(teams))
            try:  # what else the form has wrong is said at once, not after the teams are taken
                forms.new_match(offered)
            except ScorekeeperError as other:
                return _matches_page(request, 400, [offer, *refusal_of(other)[1]], offered)
            return _matches_page(request, 400, [offer], offered)
        return RedirectResponse(f"/m/{match_id}", status_code=303)

    return await site.writing.run(work)  # in the writers' threads, not the readers'


@page
async def sheet(request: Request) -> Response:
    """Every hand's points and running totals, the categories of the last few hands (``?all=1``: of every
    hand; ``?hand=3``: of hand 3 too), the chart and the state."""
    site = site_of(request)
    site.keys.require_joined(request)
    match_id = int(request.path_params["match"])
    every = request.query_params.get("all") == "1"
    asked = request.query_params.get("hand", "")
    opened = int(asked) if asked.isdecimal() and len(asked) <= 6 else None  # anything else opens no hand

    def work() -> Response:
        with site.store(readonly=True) as store:
            changed, match = current_match(store, match_id, site.cached(match_id))
            waiting = waiting_hands(store, match_id)
        site.remember(changed, match)
        return site.render(request, "sheet.html",  # not for players: a template
                           match=views.sheet(match, None if every else DETAILED, opened), chart=chart(match, _CHART),
                           colours=COLOURS, version=str(changed),
                           pending=views.pending(match, waiting, device_of(request)),
                           every=every, detailed=DETAILED, opened=opened,
                           withdrawn=withdrawn_hand(match, changed))

    return await run_in_threadpool(work)


@page
async def version(request: Request) -> Response:
    """A match's version, which changes whenever a hand is stored, edited or withdrawn (the pages poll it)."""
    site = site_of(request)
    site.keys.require_joined(request)
    match_id = int(request.path_params["match"])

    def work() -> Response:
        with site.store(readonly=True) as store:  # the match's summary row only: no hand is read
            row = match_summary(store, match_id)
        return JSONResponse({"version": str(row["changed"]), "hands": row["hands"]},
                            headers={"Cache-Control": "no-store"})  # not for players: a header

    return await run_in_threadpool(work)


@page
async def undo_last(request: Request) -> Response:
    """Withdraw the last hand (it stays in the history's trail); the form says which hand it saw last."""
    site, form = await posted(request)
    ref = str(request.path_params["match"])
    seen = forms.hand_number(form)

    def work() -> Response:
        with site.writing, site.store() as store:
            undo(store, ref, expected_last=seen)  # checked inside the write: two undos together withdraw one hand
        return RedirectResponse(f"/m/{ref}#withdrawn", status_code=303)

    return await site.writing.run(work)  # in the writers' threads, not the readers'


@page
async def redo_last(request: Request) -> Response:
    """Put back the hand the last undo withdrew, as it was counted, if nothing changed since (``redo``)."""
    site, form = await posted(request)
    ref = str(request.path_params["match"])
    number = forms.hand_number(form)

    def work() -> Response:
        with site.writing, site.store() as store:
            redone = redo(store, ref, number)
        site.remember(redone.changed, redone.match)
        return RedirectResponse(f"/m/{redone.match.id}#hand-{redone.number}", status_code=303)

    return await site.writing.run(work)  # in the writers' threads, not the readers'


@page
async def export(request: Request) -> Response:
    """The match as a file: CSV, JSON, Markdown or printable HTML, exactly as ``scorekeeper export`` writes it."""
    site = site_of(request)
    site.keys.require_joined(request)
    ref, fmt = str(request.path_params["match"]), str(request.path_params["fmt"])
    if fmt not in _EXPORTS:
        raise WebError(404, _("There is no export as {fmt} (csv, json, md, html).").format(fmt=repr(fmt[:20])))

    def work() -> Response:
        with site.store(readonly=True) as store:
            text = export_matches(store, [ref], fmt) or ""
        disposition = f'attachment; filename="match-{ref}.{fmt}"'  # not for players: a header's value
        return Response(text, media_type=_EXPORTS[fmt],
                        headers={"Content-Disposition": disposition})  # not for players: a header

    return await run_in_threadpool(work)


@page
async def pending_answer(request: Request) -> Response:
    """Confirm a hand waiting for confirmation (a player of another side, on their phone), or withdraw it."""
    site, form = await posted(request)
    ref, answer = str(request.path_params["match"]), str(request.path_params["answer"])
    pending_id = int(request.path_params["pending"])
    if answer not in ("confirm", "withdraw"):
        raise WebError(404, _("There is no such page."))
    device = device_of(request)

    def work() -> Response:
        with site.writing, site.store() as store:
            if answer == "withdraw":
                withdraw_pending(store, ref, pending_id, device=device)
                return RedirectResponse(f"/m/{ref}", status_code=303)
            entered = confirm_hand(store, ref, pending_id, by=form.get("by", ""), device=device)
        if not entered.stored:
            raise WebError(422, *entered.counted.result.problems)
        site.remember(entered.changed, entered.match)
        return RedirectResponse(f"/m/{entered.match.id}#hand-{entered.number}", status_code=303)

    return await site.writing.run(work)  # in the writers' threads, not the readers'
