"""The web application: its routes, the headers every answer carries, and the last guard.

``create_app`` builds it for a history and a join token; ``from_environment`` is the factory that
``scorekeeper serve`` hands to uvicorn (the command line and the pages never import each other).
No failure shows a traceback: a bug answers 500 with one line in the log, naming the error's type.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Collection
from pathlib import Path

from starlette.applications import Starlette
from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scorekeeper.web import hands, pages, ratings, ticks, tools, tournaments
from scorekeeper.web._i18n import _
from scorekeeper.web._security import Keys, host_name
from scorekeeper.web.site import HERE, Site, site_of

#: The environment variable through which ``scorekeeper serve`` gives the factory the join token.
TOKEN_VARIABLE = "SCOREKEEPER_SERVE_TOKEN"  # not for players: a variable
#: The variable through which it gives the host names and addresses the server answers under (commas between).
HOSTS_VARIABLE = "SCOREKEEPER_SERVE_HOSTS"  # not for players: a variable
#: The names of this machine that a browser on it may use.
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")  # not for players: addresses
LOG = logging.getLogger("scorekeeper.web")  # not for players: a logger
_POLICY = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
           "form-action 'self'; frame-ancestors 'none'; base-uri 'none'")  # not for players: a header's value
HEADERS = {
    "Content-Security-Policy": _POLICY,  # not for players: a header
    "X-Content-Type-Options": "nosniff",  # not for players: a header
    # no-referrer would make browsers send "Origin: null"
    "Referrer-Policy": "same-origin",  # not for players: a header
    "X-Frame-Options": "DENY",  # not for players: a header
}


class Guard:
    """The outermost layer: refuses a request under a host name the server does not answer to (a page
    elsewhere whose name was made to point here, DNS rebinding), adds the security headers, and turns
    any escaped exception into one log line."""

    def __init__(self, app: ASGIApp, hosts: Collection[str] | None = None) -> None:
        self.app = app
        self.hosts = None if hosts is None else frozenset(h.strip("[]").lower().rstrip(".") for h in hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.hosts is not None and host_name(Headers(scope=scope).get("host", "")) not in self.hosts:
            refused = Response(_("This server answers only at the address that 'scorekeeper serve' printed: "
                                 "open the join link it printed."), 421,
                               media_type="text/plain", headers=HEADERS)  # not for players: a media type
            await refused(scope, receive, send)
            return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":  # not for players: an ASGI event
                started = True
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except Exception as exc:  # the 500 page is already sent by the handler below; never a traceback
            LOG.error("internal error answering %s %s: %s",  # not for players: a log line
                      scope.get("method"), scope.get("path"), type(exc).__name__)
            if not started:
                answer = Response(_("scorekeeper failed: internal error."), 500,
                                  media_type="text/plain")  # not for players: a media type
                await answer(scope, receive, sending)


async def _http_error(request: Request, exc: Exception) -> Response:
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    words = {404: _("There is no such page."), 405: _("That page does not take this kind of request.")}
    return site_of(request).refusal(request, status, [words.get(status, _("The request was refused."))])


async def _bug(request: Request, exc: Exception) -> Response:
    message = _("scorekeeper failed: internal error ({kind}). This is a bug in scorekeeper, not a mistake of "
                "yours; nothing was changed by the failed request.").format(kind=type(exc).__name__)
    return site_of(request).render(request, "error.html", 500,  # not for players: a template
                                   status=500, messages=[message])


def create_app(db: Path | None, token: str, hosts: Collection[str] | None = None) -> ASGIApp:
    """The web application over the history at ``db`` (None: the default one), joined with ``token``,
    answering only under the host names or addresses ``hosts`` (None: any, as in tests)."""
    routes = [
        Route("/", pages.home),
        Route("/join", pages.join),
        Route("/lang", pages.language),
        Route("/matches", pages.create, methods=["POST"]),
        Route("/m/{match:int}", pages.sheet),  # not for players: a path
        Route("/m/{match:int}/version", pages.version),  # not for players: a path
        Route("/m/{match:int}/undo", pages.undo_last, methods=["POST"]),  # not for players: a path
        Route("/m/{match:int}/redo", pages.redo_last, methods=["POST"]),  # not for players: a path
        Route("/m/{match:int}/pending/{pending:int}/{answer}",  # not for players: a path
              pages.pending_answer, methods=["POST"]),
        Route("/m/{match:int}/export/{fmt}", pages.export),  # not for players: a path
        Route("/m/{match:int}/hand", hands.hand_page),  # not for players: a path
        Route("/m/{match:int}/hands", hands.store_hand, methods=["POST"]),  # not for players: a path
        Route("/m/{match:int}/preview", hands.preview, methods=["POST"]),  # not for players: a path
        Route("/m/{match:int}/ticks", ticks.store_ticked, methods=["POST"]),  # not for players: a path
        Route("/primiera", tools.primiera),
        Route("/capture", tools.capture),
        *tournaments.ROUTES,
        Route("/ratings", ratings.ratings),
        Route("/p/{name}", ratings.player),  # not for players: a path
        Route("/s/{name}", ratings.season),  # not for players: a path
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: _http_error, Exception: _bug})
    app.state.site = Site(db, Keys(token))
    return Guard(app, hosts)


def from_environment() -> ASGIApp:
    """The application ``scorekeeper serve`` runs: the token from its variable, the history from $SCOREKEEPER_DB."""
    token = os.environ.get(TOKEN_VARIABLE, "")
    if len(token) < 16:
        raise RuntimeError(f"{TOKEN_VARIABLE} must hold the join token "
                           "(start the server with 'scorekeeper serve')")  # not for players: who runs it by hand
    hosts = [h for h in os.environ.get(HOSTS_VARIABLE, "").split(",") if h] or list(LOOPBACK_NAMES)
    return create_app(None, token, hosts)
