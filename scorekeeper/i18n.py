"""Messages in the players' language: English, Italian or Spanish, from gettext catalogues.

Every text a player reads goes through ``_`` (or ``ngettext`` for counted words) at the moment it
is made, never at import, so the language chosen for a command or a web request applies to all
of it. The catalogues live in ``scorekeeper/locale/LANG/LC_MESSAGES/scorekeeper.mo``, compiled
with Babel from the ``.po`` files beside them; English is the text of the code itself.

>>> use("it"); _("history: {path}").format(path="partite.db")
'storico: partite.db'
>>> use("en"); _("history: {path}").format(path="matches.db")
'history: matches.db'
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # gettext and importlib.resources are imported when a catalogue is first needed
    import gettext as _gettext

#: The languages with a catalogue, by code, each named in its own words.
LANGUAGES: dict[str, str] = {"en": "English", "it": "Italiano", "es": "Español"}  # not for players: own names
DOMAIN = "scorekeeper"

# A context variable, not a global: the web pages serve several players, each in their language,
# from one process; the command line sets it once.
_ACTIVE: ContextVar[tuple[str, _gettext.NullTranslations | None]] = ContextVar(
    "scorekeeper_language", default=("en", None))  # not for players: the variable's name
_LOADED: dict[str, _gettext.NullTranslations] = {}
#: What ``read_language`` raises. ``scorekeeper.errors`` sets its root error here when it is imported
#: (importing the package does that first): the errors speak through this module, so it cannot import them.
language_error: type[Exception] = ValueError


def _catalogue(language: str) -> _gettext.NullTranslations:
    import gettext as _gettext
    from importlib.resources import files

    if language not in _LOADED:
        path = files("scorekeeper") / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}.mo"  # not for players: a path
        try:
            with path.open("rb") as stream:
                _LOADED[language] = _gettext.GNUTranslations(stream)
        except FileNotFoundError:  # English, or a catalogue not built: the code's own words
            _LOADED[language] = _gettext.NullTranslations()
    return _LOADED[language]


def read_language(text: str, where: str = "--lang") -> str:
    """A language code from what a player typed (``it``, ``IT``, ``it_IT.UTF-8``, ``italiano``)."""
    word = text.strip().lower().replace("-", "_").split(".")[0].split("_")[0]
    for code, name in LANGUAGES.items():
        if word in (code, name.lower(), name.lower().replace("ñ", "n")):
            return code
    shown = text[:20] + ("..." if len(text) > 20 else "")
    raise language_error(_("{where} {text}: not a language scorekeeper speaks ({languages})").format(
        where=where, text=repr(shown), languages=", ".join(LANGUAGES)))


def use(language: str) -> None:
    """Speak ``language`` (a code of ``LANGUAGES``) from now on, in this context."""
    _ACTIVE.set((language, None if language == "en" else _catalogue(language)))


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Speak ``language`` within the block only (a web request)."""
    token = _ACTIVE.set((language, None if language == "en" else _catalogue(language)))
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def current() -> str:
    """The code of the language in use."""
    return _ACTIVE.get()[0]


def choose_language(flag: str | None = None, configured: str | None = None,
                    environ: Mapping[str, str] = os.environ) -> str:
    """The language to speak: ``flag`` (--lang), else ``SCOREKEEPER_LANG``, else the settings
    file's, else the locale's if we speak it, else English."""
    if flag:
        return read_language(flag)
    if environ.get("SCOREKEEPER_LANG"):  # not for players: a variable
        return read_language(environ["SCOREKEEPER_LANG"], "SCOREKEEPER_LANG")  # not for players: a variable
    return configured or language_from_environment(environ) or "en"


def language_from_environment(environ: Mapping[str, str] = os.environ) -> str | None:
    """``SCOREKEEPER_LANG``, else the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``) if we speak it."""
    chosen = environ.get("SCOREKEEPER_LANG")  # not for players: a variable
    if chosen:
        return read_language(chosen, "SCOREKEEPER_LANG")  # not for players: a variable
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):  # not for players: variables
        value = environ.get(name)
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            word = value.lower().split("_")[0].split(".")[0]
            return word if word in LANGUAGES else None
    return None


def _(message: str) -> str:
    """``message`` in the language in use."""
    active = _ACTIVE.get()[1]
    return message if active is None else active.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted message for ``count`` in the language in use."""
    active = _ACTIVE.get()[1]
    if active is None:
        return singular if count == 1 else plural
    return active.ngettext(singular, plural, count)


def translated(message: str) -> str:
    """A text marked with ``N_`` where it was defined (a constant, a label), in the language in use.

    Babel found it where ``N_`` marks it; ``_`` itself is kept for literal texts, so that a test can
    tell that every message reaches the catalogue."""
    active = _ACTIVE.get()[1]
    return message if active is None else active.gettext(message)


def N_(message: str) -> str:  # noqa: N802 - the name gettext tools look for
    """Mark a text for translation where it is defined; ``_`` translates it where it is shown."""
    return message
