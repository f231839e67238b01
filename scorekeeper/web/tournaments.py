"""The tournament pages: the director's page (entrants, pairing, results coming in, late entries and
drops, the log), a QR code per table that joins a phone and opens that table's match, the TV page
for the room, the printable sheets, and the standings as CSV and XLSX.

Every page needs a joined browser and every change a form with the CSRF field (``site.posted``), as
the match pages do. Each handler calls the library once and renders.
"""

from __future__ import annotations

import io
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from scorekeeper.history.seasons import seasons_counting
from scorekeeper.history.tournament_rounds import pair_next, repair, undo
from scorekeeper.history.tournaments import (
    Loaded,
    NoSuchTournament,
    list_tournaments,
    read_tournament,
    record,
    tournament_version,
)
from scorekeeper.output.season import season_sheet
from scorekeeper.output.tournament import (
    log_rows,
    pairing_dict,
    show_dict,
    standings_csv,
    standings_rows,
)
from scorekeeper.output.xlsx import table_xlsx
from scorekeeper.tournament.events import DROP, ENTER, FORFEIT, RETURN, TIME
from scorekeeper.tournament.pairing import standings_of
from scorekeeper.web import pages
from scorekeeper.web._i18n import _
from scorekeeper.web._security import WebError
from scorekeeper.web.site import page, posted, site_of

_KINDS = {"enter": ENTER, "drop": DROP, "return": RETURN, "forfeit": FORFEIT, "time": TIME}  # not for players: paths
_PRINTS = ("pairings", "names", "cards", "standings")  # not for players: the printable sheets' names
_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"  # not for players: a media type


def _read(request: Request) -> Loaded:
    """The tournament the path names (404 when there is none), for a joined browser."""
    site = site_of(request)
    site.keys.require_joined(request)
    try:
        with site.store(readonly=True) as store:
            return read_tournament(store, str(request.path_params["tournament"]))
    except NoSuchTournament as exc:
        raise WebError(404, str(exc)) from None


def _context(loaded: Loaded) -> dict[str, Any]:
    """What the director's page and the TV page show: the tournament, its standings, the latest round."""
    shown = show_dict(loaded)
    headers, rows = standings_rows(standings_of(loaded.state, loaded.results))
    current = shown["rounds"][-1] if shown["rounds"] else None
    for table in current["tables"] if current else []:
        result = loaded.results.get(table["match"])
        table["hands"] = result.hands if result else 0
        table["totals"] = [result.totals.get(name, 0) if result else 0 for name in table["entrants"]]
    # the TV shows the place, the name, the match points and what separated each row from the next
    wanted = {_("group"), _("rank"), _("entrant"), _("match points")}
    columns = [i for i, h in enumerate(headers) if h in wanted] + [len(headers) - 1]
    return {"t": shown, "headers": headers, "rows": rows, "current": current,
            "tv_columns": columns,  # not for players: a template's name
            "done": current is not None and all(t["done"] for t in current["tables"])}


@page
async def listing(request: Request) -> Response:
    """``/t``: the tournaments, newest first."""
    site = site_of(request)
    site.keys.require_joined(request)

    def work() -> Response:
        with site.store(readonly=True) as store:
            found = list_tournaments(store)
        return site.render(request, "tournaments.html", tournaments=found)  # not for players: a template

    return await run_in_threadpool(work)


@page
async def director(request: Request) -> Response:
    """``/t/ID``: the director's page."""
    def work() -> Response:
        loaded = _read(request)
        with site_of(request).store(readonly=True) as store:
            version = tournament_version(store, loaded.id)
        return site_of(request).render(request, "tournament.html", version=version,  # not for players: a template
                                       log=list(reversed(log_rows(loaded))), **_context(loaded))

    return await run_in_threadpool(work)


#: The league table's columns the TV shows: the place, the player, the points and the matches.
_SEASON_TV_COLUMNS = (0, 1, 2, 3)


@page
async def tv(request: Request) -> Response:
    """``/t/ID/tv``: standings and pairings in large type, turning by themselves, for a screen in the room;
    and the league table of each season that counts the tournament (by its name or its days)."""
    def work() -> Response:
        loaded = _read(request)
        with site_of(request).store(readonly=True) as store:
            version = tournament_version(store, loaded.id)
        with site_of(request).store() as store:  # the ratings' cache a season of days reads may be brought up to date
            found = seasons_counting(store, loaded.name, loaded.created)
        seasons = []
        for table in found:
            headers, rows = season_sheet(table)
            seasons.append({"name": table.season.name, "headers": [headers[i] for i in _SEASON_TV_COLUMNS],
                            "rows": [[row[i] for i in _SEASON_TV_COLUMNS] for row in rows]})
        return site_of(request).render(request, "tournament_tv.html", version=version,  # not for players: a template
                                       seasons=seasons, **_context(loaded))

    return await run_in_threadpool(work)


@page
async def version(request: Request) -> Response:
    """``/t/ID/version``: changes with every event of the tournament and every hand at its tables."""
    site = site_of(request)
    site.keys.require_joined(request)
    tournament_id = int(request.path_params["tournament"])

    def work() -> Response:
        try:
            with site.store(readonly=True) as store:
                found = tournament_version(store, tournament_id)
        except NoSuchTournament as exc:
            raise WebError(404, str(exc)) from None
        return JSONResponse({"version": found}, headers={"Cache-Control": "no-store"})  # not for players: a header

    return await run_in_threadpool(work)


@page
async def change(request: Request) -> Response:
    """``POST /t/ID/pair|undo|repair|enter|drop|return|forfeit|time``: one change, then back to the director's page."""
    site, form = await posted(request)
    ref = str(request.path_params["tournament"])
    action = str(request.path_params["action"])
    if action not in ("pair", "undo", "repair", *_KINDS):  # not for players: paths
        raise WebError(404, _("There is no such page."))

    def work() -> Response:
        with site.writing, site.store() as store:
            if action == "pair":  # not for players: a path
                pair_next(store, ref)
            elif action == "undo":  # not for players: a path
                undo(store, ref)
            elif action == "repair":  # not for players: a path
                repair(store, ref, form.get("entrant", ""), form.get("other", ""), form.get("reason", ""))
            else:
                table = form.get("table", "0")
                record(store, ref, _KINDS[action], form.get("entrant", ""),
                       table=int(table) if table.isdecimal() and len(table) < 6 else 0)
        return RedirectResponse(f"/t/{ref}", status_code=303)

    return await run_in_threadpool(work)


@page
async def table_join(request: Request) -> Response:
    """``/t/ID/table/K/join?token=...``: what a table's QR code opens: join (as ``/join`` does) and go to
    the match of table K in the latest round."""
    joined = await pages.join(request)
    if joined.status_code != 303:
        return joined
    ref, number = str(request.path_params["tournament"]), int(request.path_params["table"])

    def work() -> Response:
        with site_of(request).store(readonly=True) as store:
            state = read_tournament(store, ref).state
        if not state.rounds:
            raise WebError(404, _("No round is paired yet: ask the director."))
        joined.headers["location"] = f"/m/{state.rounds[-1].table(number).match}"
        return joined

    return await run_in_threadpool(work)


@page
async def table_qr(request: Request) -> Response:
    """``/t/ID/table/K/qr.svg``: the QR code of table K's join link (for joined browsers only: it holds the token)."""
    import segno

    site = site_of(request)
    site.keys.require_joined(request)
    ref, number = int(request.path_params["tournament"]), int(request.path_params["table"])
    base = str(request.base_url).rstrip("/")
    link = f"{base}/t/{ref}/table/{number}/join?token={site.keys.token}"  # not for players: a link
    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="svg", scale=5, border=4)  # not for players: segno's words
    return Response(buffer.getvalue(), media_type="image/svg+xml",  # not for players: a media type
                    headers={"Cache-Control": "no-store"})  # not for players: a header


@page
async def printable(request: Request) -> Response:
    """``/t/ID/print/pairings|names|cards|standings``: a sheet to print (print CSS, no buttons)."""
    what = str(request.path_params["what"])
    if what not in _PRINTS:
        raise WebError(404, _("There is no such page."))

    def work() -> Response:
        loaded = _read(request)
        context = _context(loaded)
        by_name = []
        for table in (context["current"] or {}).get("tables", []):
            for side in table["entrants"]:
                for name in side.split("+") if "+" in side and side not in loaded.state.entrants else [side]:
                    by_name.append((name, table["table"], table["entrants"]))
        return site_of(request).render(request, "tournament_print.html", what=what,  # not for players: a template
                                       by_name=sorted(by_name, key=lambda r: r[0].casefold()),
                                       pairing=pairing_dict(loaded.state.rounds[-1]) if loaded.state.rounds else None,
                                       **context)

    return await run_in_threadpool(work)


@page
async def standings_file(request: Request) -> Response:
    """``/t/ID/standings.csv`` and ``.xlsx``: the standings' table as a file."""
    fmt = str(request.path_params["fmt"])
    if fmt not in ("csv", "xlsx"):  # not for players: formats
        raise WebError(404, _("There is no such page."))

    def work() -> Response:
        loaded = _read(request)
        rows = standings_of(loaded.state, loaded.results)
        name = f'attachment; filename="standings-{loaded.id}.{fmt}"'  # not for players: a header's value
        if fmt == "csv":  # not for players: a format
            return Response(standings_csv(rows), media_type="text/csv; charset=utf-8",  # not for players: a type
                            headers={"Content-Disposition": name})  # not for players: a header
        return Response(table_xlsx({loaded.name: standings_rows(rows)}), media_type=_XLSX,
                        headers={"Content-Disposition": name})  # not for players: a header

    return await run_in_threadpool(work)


#: The routes ``web.app`` registers.
ROUTES = [
    Route("/t", listing),
    Route("/t/{tournament:int}", director),  # not for players: a path
    Route("/t/{tournament:int}/tv", tv),  # not for players: a path
    Route("/t/{tournament:int}/version", version),  # not for players: a path
    Route("/t/{tournament:int}/standings.{fmt}", standings_file),  # not for players: a path
    Route("/t/{tournament:int}/print/{what}", printable),  # not for players: a path
    Route("/t/{tournament:int}/table/{table:int}/qr.svg", table_qr),  # not for players: a path
    Route("/t/{tournament:int}/table/{table:int}/join", table_join),  # not for players: a path
    Route("/t/{tournament:int}/{action}", change, methods=["POST"]),  # not for players: a path
]
