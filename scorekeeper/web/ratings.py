"""The club's pages: the ratings list, a player's page with the rating over time, a season's table.

They only read the history (the ratings' cache is rewritten when the history has moved on), so
they are plain GET pages; the figures are the library's (``history.ratings``, ``history.seasons``),
the same as the ``ratings``, ``player`` and ``season`` commands print.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from scorekeeper.history.ratings import player_page, ratings_list
from scorekeeper.history.seasons import list_seasons, season_table
from scorekeeper.output.ratings import rating_chart
from scorekeeper.output.season import season_csv, season_html, season_sheet, season_xlsx
from scorekeeper.ratings.pools import split_pool
from scorekeeper.web._i18n import _
from scorekeeper.web._security import MAX_FIELD, WebError
from scorekeeper.web.site import page, site_of

_CSV = "text/csv; charset=utf-8"  # not for players: a media type
_HTML = "text/html; charset=utf-8"  # not for players: a media type
_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"  # not for players: a media type


def _name(request: Request, key: str) -> str:
    name = request.path_params[key]
    if not name.strip() or len(name) > MAX_FIELD:
        raise WebError(400, _("A name is empty or too long."))
    return str(name)


@page
async def ratings(request: Request) -> Response:
    """``/ratings``: each pool's players, best first, and the seasons."""
    site = site_of(request)
    site.keys.require_joined(request)

    def work() -> Response:
        with site.store() as store:
            rows = ratings_list(store)
            seasons = list_seasons(store)
        pools: dict[str, list[tuple[int, object]]] = {}
        for row in rows:
            pools.setdefault(row.rating.pool, []).append((len(pools.get(row.rating.pool, [])) + 1, row))
        return site.render(request, "ratings.html",  # not for players: a template
                           pools=[(split_pool(p), lines) for p, lines in pools.items()], seasons=seasons)

    return await run_in_threadpool(work)


@page
async def player(request: Request) -> Response:
    """``/p/NAME``: a player's page, with the rating over time as a chart."""
    site = site_of(request)
    site.keys.require_joined(request)
    name = _name(request, "name")

    def work() -> Response:
        with site.store() as store:
            found = player_page(store, name)
        return site.render(request, "player.html", page=found,  # not for players: a template
                           chart=rating_chart(found.profile.rating), split=split_pool)

    return await run_in_threadpool(work)


@page
async def season(request: Request) -> Response:
    """``/s/NAME``: a season's league table (``?tv=1``: large, for the screen on the wall;
    ``?format=csv``, ``xlsx`` or ``html``: the export)."""
    site = site_of(request)
    site.keys.require_joined(request)
    name = _name(request, "name")
    wanted = request.query_params.get("format", "")
    if wanted not in ("", "csv", "xlsx", "html"):
        raise WebError(400, _("A season exports as csv, xlsx or html."))

    def work() -> Response:
        with site.store() as store:
            table = season_table(store, name)
        if wanted == "csv":
            return Response(season_csv(table), media_type=_CSV, headers={
                "Content-Disposition": 'attachment; filename="season.csv"'})  # not for players: a header
        if wanted == "xlsx":
            return Response(season_xlsx(table), media_type=_XLSX, headers={
                "Content-Disposition": 'attachment; filename="season.xlsx"'})  # not for players: a header
        if wanted == "html":
            return Response(season_html(table), media_type=_HTML)
        headers, rows = season_sheet(table)
        return site.render(request, "season.html", table=table, headers=headers,  # not for players: a template
                           rows=rows, tv=request.query_params.get("tv") == "1")

    return await run_in_threadpool(work)
