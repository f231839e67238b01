"""The pages speak the players' language through the project's catalogues (``scorekeeper.i18n``).

Each request is answered in the language its browser chose on the page (a cookie), else the first
one of its Accept-Language that scorekeeper speaks, else English. The templates get ``_`` and
``ngettext`` in Jinja's new style (``_('Hand %(n)s', n=3)``); the Python code uses ``_`` with
``str.format`` placeholders, as the rest of the project does.
"""

from __future__ import annotations

from jinja2 import Environment
from starlette.requests import Request

from scorekeeper.i18n import LANGUAGES, _, current, ngettext, speaking

__all__ = ["LANGUAGES", "LANGUAGE_COOKIE", "_", "current", "install", "language_of",  # not for players: names
           "ngettext", "speaking"]

LANGUAGE_COOKIE = "sk_lang"  # not for players: a cookie's name


def install(env: Environment) -> None:
    """Give the templates ``_``, ``gettext`` and ``ngettext``, looked up in the language of each request."""
    env.install_gettext_callables(gettext=_, ngettext=ngettext, newstyle=True)  # type: ignore[attr-defined]


def language_of(request: Request) -> str:
    """The language to answer in: the page's switch (cookie), else the browser's preference, else English."""
    chosen = request.cookies.get(LANGUAGE_COOKIE, "")
    if chosen in LANGUAGES:
        return chosen
    ranked: list[tuple[float, int, str]] = []
    accepted = request.headers.get("accept-language", "")  # not for players: a header's name
    for order, part in enumerate(accepted.split(",")[:20]):
        code, _semi, rest = part.strip().partition(";")
        weight = 1.0
        if rest.strip().startswith("q="):
            try:
                weight = float(rest.strip()[2:])
            except ValueError:
                continue
        word = code.strip().lower().split("-")[0]
        if word in LANGUAGES and weight > 0:
            ranked.append((-weight, order, word))
    return min(ranked)[2] if ranked else "en"
