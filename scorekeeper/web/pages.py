"""The matches: joining, the list, a new match, the sheet, undo, export and the live version."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from scorekeeper.errors import ScorekeeperError
from scorekeeper.history.matches import list_matches, load_match, start_match, undo
from scorekeeper.match.settings import FINISHES, MatchError
from scorekeeper.output.export import export_matches
from scorekeeper.output.html import COLOURS, chart
from scorekeeper.web import forms, views
from scorekeeper.web._i18n import LANGUAGE_COOKIE, LANGUAGES, _
from scorekeeper.web._security import SESSION_COOKIE, TOKEN_COOKIE, WebError, new_session, read_form
from scorekeeper.web.site import page, refusal_of, site_of

_COOKIE_AGE = 7 * 24 * 3600
_LISTED = 100  # matches on the first page, newest first
_EXPORTS = {"csv": "text/csv; charset=utf-8", "json": "application/json", "html": "text/html; charset=utf-8",
            "md": "text/markdown; charset=utf-8"}


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
        response.set_cookie(name, value, max_age=_COOKIE_AGE, httponly=True, samesite="strict")
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
    return site.render(request, "matches.html", status, matches=rows, more=total - len(rows),
                       rules=forms.rules_choice(), finishes=FINISHES, errors=errors or [], form=form or {},
                       max_sides=forms.MAX_SIDES)


@page
async def home(request: Request) -> Response:
    """The matches, newest first, and the form to start one."""
    site_of(request).keys.require_joined(request)
    return await run_in_threadpool(_matches_page, request)


@page
async def create(request: Request) -> Response:
    """Start a match from the form; its sheet comes next."""
    site = site_of(request)
    form = await read_form(request)
    site.keys.require_form(request, form)

    def work() -> Response:
        try:
            settings = forms.new_match(form)
            with site.writing, site.store() as store:
                match_id = start_match(store, settings)
        except ScorekeeperError as exc:
            status, messages = refusal_of(exc)
            return _matches_page(request, 400 if status == 409 else status, messages, form)
        return RedirectResponse(f"/m/{match_id}", status_code=303)

    return await run_in_threadpool(work)


@page
async def sheet(request: Request) -> Response:
    """Every hand with each category's points, the running totals, the chart and the state."""
    site = site_of(request)
    site.keys.require_joined(request)
    ref = str(request.path_params["match"])

    def work() -> Response:
        with site.store(readonly=True) as store:
            match = load_match(store, ref)
        view = views.sheet(match)
        state = match.state
        return site.render(request, "sheet.html", match=view, chart=chart(match), colours=COLOURS,
                           version=views.version(state.hands, state.totals, state.finished, state.winner))

    return await run_in_threadpool(work)


@page
async def version(request: Request) -> Response:
    """A match's version, which changes whenever a hand is stored, edited or withdrawn (the pages poll it)."""
    site = site_of(request)
    site.keys.require_joined(request)
    match_id = int(request.path_params["match"])

    def work() -> Response:
        with site.store(readonly=True) as store:  # the summaries only: no hand is read
            rows, _total = list_matches(store, limit=None)
        row = next((r for r in rows if r["id"] == match_id), None)
        if row is None:
            raise WebError(404, _("There is no match {id}.").format(id=match_id))
        code = views.version(row["hands"], row["totals"], row["finished"], row["winner"])
        return JSONResponse({"version": code, "hands": row["hands"]},
                            headers={"Cache-Control": "no-store"})

    return await run_in_threadpool(work)


@page
async def undo_last(request: Request) -> Response:
    """Withdraw the last hand (it stays in the history's trail); the form says which hand it saw last."""
    site = site_of(request)
    form = await read_form(request)
    site.keys.require_form(request, form)
    ref = str(request.path_params["match"])
    seen = forms.hand_number(form)

    def work() -> Response:
        with site.writing, site.store() as store:
            now = load_match(store, ref).state.hands
            if now != seen:  # a narrow check: two phones pressing undo together may still withdraw two hands
                raise MatchError(_("Nothing was withdrawn: the match has {now} hands now, not {seen}; "
                                   "look at the sheet again.").format(now=now, seen=seen))
            undo(store, ref)
        return RedirectResponse(f"/m/{ref}", status_code=303)

    return await run_in_threadpool(work)


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
        return Response(text, media_type=_EXPORTS[fmt],
                        headers={"Content-Disposition": f'attachment; filename="match-{ref}.{fmt}"'})

    return await run_in_threadpool(work)
