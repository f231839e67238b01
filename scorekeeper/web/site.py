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
from scorekeeper.history.matches import Match
from scorekeeper.history.store import HistoryBusy, NoSuchMatch, Store, StoreError
from scorekeeper.match.settings import MatchError
from scorekeeper.web._i18n import LANGUAGES, _, current, install, language_of, speaking
from scorekeeper.web._security import SESSION_COOKIE, Keys, WebError, read_form
from scorekeeper.web._turns import WriteTurns, busy_words

HERE = Path(__file__).resolve().parent
Handler = Callable[[Request], Awaitable[Response]]
_SHEETS = 64  # matches whose last counted state is kept


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
        # under contention (bench_web.py shows the tail it gave); other processes (the
        # command line) still queue in SQLite as before. Each waits a few seconds at most, in threads
        # apart from the reads' (``_turns``).
        self.writing = WriteTurns()
        # The match each sheet was last drawn from, by match id and language, with its version (its latest
        # event): a sheet shown right after a hand is stored here is drawn from the match that add_hand
        # counted, after one cheap read of the version, not read and counted again. By language, since
        # the sentences a count makes (why a match ended, a hand's notes) are in its reader's language.
        self._sheets: dict[tuple[int, str], tuple[int, Match]] = {}
        self._sheets_lock = threading.Lock()
        self.env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True,
                               extensions=["jinja2.ext.i18n"],  # not for players: Jinja's extension
                               undefined=StrictUndefined, finalize=_shown)
        install(self.env)

    def store(self, *, readonly: bool = False) -> Store:
        """The history, opened for one request (about a millisecond; a connection is never shared by threads);
        to write, it waits for another program's lock only until the request's deadline."""
        store = Store(self.db, readonly=readonly)
        return store if readonly else self.writing.bound(store)

    def cached(self, match_id: int) -> tuple[int, Match] | None:
        """The match last counted for ``match_id`` in the language in use, and its version, if any."""
        with self._sheets_lock:
            return self._sheets.get((match_id, current()))

    def remember(self, changed: int, match: Match) -> None:
        """Keep a match counted in the language in use at its version (a newer one replaces it; a few dozen
        matches at most)."""
        key = (match.id, current())
        with self._sheets_lock:
            known = self._sheets.get(key)
            if known is not None and known[0] >= changed:
                return
            if len(self._sheets) >= _SHEETS and key not in self._sheets:
                del self._sheets[next(iter(self._sheets))]  # the one kept longest
            self._sheets[key] = (changed, match)

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
        return self.render(request, "error.html", status, status=status,  # not for players: a template
                           messages=messages)


def refusal_of(exc: Exception) -> tuple[int, list[str]]:
    """The status and the messages for a refused request."""
    if isinstance(exc, WebError):
        return exc.status, list(exc.messages)
    if isinstance(exc, InputErrors):
        return 400, [visible_lines(m) for m in cut_short(exc.messages)]
    if isinstance(exc, MatchError):
        return 409, [visible_lines(str(exc))]
    if isinstance(exc, NoSuchMatch):
        return 404, [visible_lines(str(exc))]
    if isinstance(exc, HistoryBusy):
        return 503, [busy_words()]
    if isinstance(exc, StoreError):
        return 503, [_("The history cannot be used: {why}").format(why=visible_lines(str(exc)))]
    return 400, [visible_lines(str(exc))]


def site_of(request: Request) -> Site:
    """The site serving this request."""
    site: Site = request.app.state.site
    return site


async def posted(request: Request) -> tuple[Site, dict[str, str]]:
    """The site and the form a POST sent, its token checked: every handler of a form reads it so,
    so that none can act on a form without the check."""
    site = site_of(request)
    form = await read_form(request)
    site.keys.require_form(request, form)
    return site, form


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
