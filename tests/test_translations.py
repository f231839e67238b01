"""Every text a player reads exists in Italian and Spanish, with the same placeholders, compiled.

The messages are found the way Babel finds them for translators (``scorekeeper/locale/babel.cfg``),
so a message added to the code without a translation fails here, naming it. To update the
catalogues, see the README's "Translating".
"""

from __future__ import annotations

import ast
import io
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from scorekeeper import i18n
from scorekeeper.errors import ScorekeeperError

PACKAGE = Path(i18n.__file__).parent
LOCALE = PACKAGE / "locale"
TRANSLATED = [code for code in i18n.LANGUAGES if code != "en"]
GETTEXT_CALLS = {"_", "N_", "gettext", "ngettext"}


def code_messages() -> dict[str, str]:
    """Every message id in the code and templates, with the first place it is used."""
    method_map = [("**.py", "python")]
    try:
        import jinja2  # noqa: F401  (the templates' extractor comes with Jinja2)

        method_map.append(("**/templates/**.html", "jinja2"))
    except ImportError:
        pass
    found: dict[str, str] = {}
    for filename, line, message, _, _ in extract_from_dir(str(PACKAGE), method_map=method_map):
        text = message[0] if isinstance(message, tuple) else message  # a counted message: by its singular
        if text:
            found.setdefault(text, f"{filename}:{line}")
    return found


def catalogue(language: str):  # type: ignore[no-untyped-def]
    with (LOCALE / language / "LC_MESSAGES" / "scorekeeper.po").open("rb") as stream:
        return read_po(stream, locale=language)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.slow
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_of_the_code_is_translated(language: str) -> None:
    po = catalogue(language)
    missing = []
    for text, where in sorted(code_messages().items()):
        entry = po.get(text)
        strings = entry.string if entry is not None else None
        if entry is None or entry.fuzzy or not all(strings if isinstance(strings, tuple) else (strings,)):
            missing.append(f"{where}: {text!r}")
    assert not missing, f"{len(missing)} messages have no {language} translation:\n" + "\n".join(missing[:40])


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_translation_keeps_the_placeholders_of_its_message(language: str) -> None:
    wrong = []
    for entry in catalogue(language):
        if not entry.id or not entry.string:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        wanted = set().union(*(fields(t) for t in ids))
        for text in strings:
            if text and fields(text) != wanted:
                wrong.append(f"{entry.id!r} -> {text!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_shipped_catalogue_is_compiled_from_its_po_file(language: str) -> None:
    # Compared message by message (and the plural rule), not byte for byte: the compiled file names
    # the Babel that wrote it, and a newer Babel must not fail a catalogue that says the same.
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(language), use_fuzzy=False)
    compiled.seek(0)
    with open(LOCALE / language / "LC_MESSAGES" / "scorekeeper.mo", "rb") as shipped_file:
        shipped = read_mo(shipped_file)
    wanted = read_mo(compiled)

    def messages(found: Catalog) -> dict[object, object]:
        def kept(text: object) -> object:  # a plural entry's forms come as a list
            return tuple(text) if isinstance(text, list) else text

        return {(entry.context, kept(entry.id)): kept(entry.string) for entry in found if entry.id}

    assert messages(shipped) == messages(wanted), "run: pybabel compile -d scorekeeper/locale -D scorekeeper"
    assert shipped.plural_forms == wanted.plural_forms


@pytest.mark.slow
def test_a_message_is_a_plain_text_so_that_translators_see_it() -> None:
    """``_(f"...")`` or ``_(text)`` would translate nothing: the catalogue holds only literal texts."""
    bad = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fstring in (n for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)):
            for node in ast.walk(fstring):  # Babel reads no call inside an f-string (Python 3.11)
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in GETTEXT_CALLS:
                    bad.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} (inside an f-string)")
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in GETTEXT_CALLS:
                literal = [isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args[:2]]
                if node.func.id != "ngettext":
                    literal = literal[:1]
                if not node.args or not all(literal):
                    bad.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert not bad, "gettext called on something other than a literal text:\n" + "\n".join(bad)


def test_the_language_follows_scorekeeper_lang_then_the_locale() -> None:
    assert i18n.language_from_environment({"SCOREKEEPER_LANG": "es", "LANG": "it_IT.UTF-8"}) == "es"
    assert i18n.language_from_environment({"LANG": "it_IT.UTF-8"}) == "it"
    assert i18n.language_from_environment({"LC_ALL": "C", "LANG": "es_ES.UTF-8"}) == "es"
    assert i18n.language_from_environment({"LANG": "fr_FR.UTF-8"}) is None
    with pytest.raises(ScorekeeperError) as caught:
        i18n.read_language("klingon")
    assert str(caught.value) == "--lang 'klingon': not a language scorekeeper speaks (en, it, es)"


def test_a_language_chosen_for_a_block_does_not_leak() -> None:
    with i18n.speaking("it"):
        assert i18n.current() == "it"
        assert i18n._("history: {path}") == "storico: {path}"
    assert i18n.current() == "en"
    assert i18n._("history: {path}") == "history: {path}"


# --- every text a player reads goes through gettext --------------------------------------------

_WORDS = re.compile(r"[A-Za-z]{2,}[^A-Za-z]+[A-Za-z]{2,}")  # two words at least: a sentence, a label
_SQL = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|PRAGMA|WITH|BEGIN|COMMIT|ROLLBACK)\b")
#: Keyword arguments that are command-line help (typer renders it before the language is chosen).
_HELP_WORDS = {"help", "short_help", "epilog", "metavar"}
#: A line may say why its text is not for players: ``# not for players: a log line``.
_NOT_FOR_PLAYERS = "# not for players"


def _untranslated(path: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        elif isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
        else:
            continue
        parent = parents.get(node)
        if isinstance(parent, (ast.JoinedStr, ast.Expr)) or not _WORDS.search(text) or _SQL.match(text):
            continue  # a part of an f-string, a docstring, a word, a query
        if _NOT_FOR_PLAYERS in lines[node.lineno - 1] or _NOT_FOR_PLAYERS in lines[node.end_lineno - 1]:
            continue
        outer, ok = node, False
        while outer in parents and not ok:
            outer = parents[outer]
            ok = (isinstance(outer, ast.Call) and isinstance(outer.func, ast.Name) and outer.func.id in GETTEXT_CALLS
                  or isinstance(outer, ast.keyword) and outer.arg in _HELP_WORDS)
        if not ok:
            found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {text[:60]!r}")
    return found


@pytest.mark.slow
@pytest.mark.parametrize("module", sorted(str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")))
def test_every_text_a_player_reads_goes_through_gettext(module: str) -> None:
    found = _untranslated(PACKAGE / module)
    assert not found, (f"{len(found)} texts are not passed to _() (or marked '{_NOT_FOR_PLAYERS}: why'):\n"
                       + "\n".join(found[:30]))
