"""What every page shares: the templates, the keys, the history, and how a refusal is answered."""

from __future__ import annotations

import threading
from collections.abc import Awaitable, Callable
from functools import wraps
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from scorekeeper._words import cut_short, visible_lines
from scorekeeper.errors import InputErrors, ScorekeeperError
from scorekeeper.history.store import Store, StoreError
from scorekeeper.match.settings import MatchError
from scorekeeper.web._i18n import LANGUAGES, _, install, language_of, speaking
from scorekeeper.web._security import SESSION_COOKIE, Keys, WebError

HERE = Path(__file__).resolve().parent
Handler = Callable[[Request], Awaitable[Response]]


def _shown(value: Any) -> Any:
    """Every text a template prints, with control and bidirectional characters as visible escapes
    (markup the code made, such as the chart, is left as it is)."""
    return visible_lines(value) if isinstance(value, str) and not isinstance(value, Markup) else value


class Site:
    """The templates, the join token and CSRF key, and the history database of one server."""

    def __init__(self, db: Path | None, keys: Keys) -> None:
        self.db = db
        self.keys = keys
        # The pages' own writes queue here rather than in SQLite's busy handler, whose sleeps grow
        # under contention (bench_web: a p99 of seconds with twenty phones); other processes (the
        # command line) still queue in SQLite as before.
        self.writing = threading.Lock()
        self.env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True,
                               extensions=["jinja2.ext.i18n"], undefined=StrictUndefined, finalize=_shown)
        install(self.env)

    def store(self, *, readonly: bool = False) -> Store:
        """The history, opened for one request (about a millisecond; a connection is never shared by threads)."""
        return Store(self.db, readonly=readonly)

    def render(self, request: Request, name: str, code: int = 200, **context: Any) -> HTMLResponse:
        """A page from its template, with this browser's CSRF field value."""
        session = request.cookies.get(SESSION_COOKIE, "")
        html = self.env.get_template(name).render(csrf=self.keys.csrf_for(session) if session else "",
                                                  languages=LANGUAGES, language=language_of(request),
                                                  path=request.url.path, **context)
        return HTMLResponse(html, status_code=code)

    def refusal(self, request: Request, status: int, messages: list[str]) -> Response:
        """A 4xx (or 503) answer: JSON for the scripts' endpoints, else a page saying what was wrong."""
        if request.url.path.endswith(("/preview", "/version")):
            return JSONResponse({"ok": False, "problems": messages}, status_code=status)
        return self.render(request, "error.html", status, status=status, messages=messages)


def refusal_of(exc: Exception) -> tuple[int, list[str]]:
    """The status and the messages for a refused request."""
    if isinstance(exc, WebError):
        return exc.status, list(exc.messages)
    if isinstance(exc, InputErrors):
        return 400, [visible_lines(m) for m in cut_short(exc.messages)]
    if isinstance(exc, MatchError):
        return 409, [visible_lines(str(exc))]
    if isinstance(exc, StoreError) and "there is no such match" in str(exc):  # the store has no kind of its own for it
        return 404, [visible_lines(str(exc))]
    if isinstance(exc, StoreError):
        return 503, [_("The history cannot be used: {why}").format(why=visible_lines(str(exc)))]
    return 400, [visible_lines(str(exc))]


def site_of(request: Request) -> Site:
    """The site serving this request."""
    site: Site = request.app.state.site
    return site


def page(handler: Handler) -> Handler:
    """A handler whose refusals (``WebError``, the library's errors) become a page with their status."""

    @wraps(handler)
    async def guarded(request: Request) -> Response:
        with speaking(language_of(request)):  # the worker threads the handler uses inherit it
            try:
                return await handler(request)
            except (WebError, ScorekeeperError) as exc:
                return site_of(request).refusal(request, *refusal_of(exc))

    return guarded
