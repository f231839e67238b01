"""What a command imports at start, the help that lists commands without building them, and the
fast paths of scoring, each against the slow path it stands in for (issue 9)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.main import get_command

from scorekeeper.cards import DECKS
from scorekeeper.cli import COMMANDS, app
from scorekeeper.notation import PileText
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.count import Counter, HandEntry

ROOT = Path(__file__).parent.parent
SAMPLES = ROOT / "samples"
HEAVY = ("yaml", "pydantic", "rich", "tabulate")


def _console(*args: str, env: dict[str, str] | None = None) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """Run the console script; its result and the modules it had imported when it ended."""
    code = ("import atexit, sys\n"
            "atexit.register(lambda: print('MODULES', *sorted(sys.modules), file=sys.stderr))\n"
            "from scorekeeper.cli import main\nsys.argv[0] = 'scorekeeper'\nmain()")
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, check=False)
    modules = set(done.stderr.rpartition("MODULES ")[2].split())
    return done, modules


def _env(monkeypatch: pytest.MonkeyPatch, columns: str | None = None) -> dict[str, str]:
    """The environment of this test for the console; with ``columns``, a terminal that wide (a table
    wider than the terminal is wrapped, by tabulate)."""
    import os

    if columns is not None:
        monkeypatch.setenv("COLUMNS", columns)
    return dict(os.environ)


HELP_COLUMNS = "82"  # click's test runner wraps help at 80 columns; a terminal of 82 gives the console as much


def _imported(modules: set[str], top: str) -> bool:
    return any(m == top or m.startswith(top + ".") for m in modules)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_help_lists_each_command_with_the_first_sentence_of_its_own_help(name: str) -> None:
    built = get_command(app).commands[name]  # type: ignore[attr-defined]
    assert COMMANDS[name][3] == built.get_short_help_str(limit=1000)


def test_console_help_is_the_whole_tree_help_and_builds_no_command(monkeypatch: pytest.MonkeyPatch) -> None:
    from conftest import run

    env = _env(monkeypatch, HELP_COLUMNS)
    done, modules = _console("--help", env=env)
    assert done.returncode == 0
    assert done.stdout == run("--help")[1]
    assert all(f"  {name}  " in done.stdout for name in COMMANDS)
    command_modules = {module for module, _, _, _ in COMMANDS.values()}
    assert not modules & command_modules
    assert not _imported(modules, "rich")


def test_help_of_a_group_lists_whole_sentences(monkeypatch: pytest.MonkeyPatch) -> None:
    done, _ = _console("rules", "--help", env=_env(monkeypatch, HELP_COLUMNS))
    assert done.returncode == 0 and "..." not in done.stdout.partition("Commands:")[2]
    assert "  show    One rule set: its categories in count order and its match settings.\n" in done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("group", [name for name, (_, _, is_group, _) in COMMANDS.items() if is_group])
def test_a_group_builds_only_the_command_that_runs(group: str) -> None:
    from scorekeeper import cli

    built = cli._build(group)
    names = list(built.commands)
    assert names and all(isinstance(c, cli._Deferred) for c in built.commands.values())
    first = built.get_command(None, names[0])  # type: ignore[arg-type]
    whole = get_command(app).commands[group].commands[names[0]]  # type: ignore[attr-defined]
    assert not isinstance(first, cli._Deferred) and first is built.commands[names[0]]
    assert [p.opts for p in first.params] == [p.opts for p in whole.params]
    assert all(isinstance(built.commands[n], cli._Deferred) for n in names[1:])


@pytest.mark.slow
@pytest.mark.parametrize("args", [("match", "--help"), ("match", "add", "--help"), ("rules", "show", "--help")])
def test_the_console_help_of_a_group_and_its_commands_is_the_whole_tree_help(
        monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...]) -> None:
    from conftest import run

    done, _ = _console(*args, env=_env(monkeypatch, HELP_COLUMNS))
    assert done.returncode == 0 and done.stdout == run(*args)[1]


def test_a_mistyped_command_of_a_group_is_named_with_the_one_meant() -> None:
    done, _ = _console("match", "ad")
    assert done.returncode == 2 and "No such command 'ad'. Did you mean 'add'?" in done.stderr


def test_a_mistyped_command_is_named_with_the_one_meant() -> None:
    done, _ = _console("scroe")
    assert done.returncode == 2 and "No such command 'scroe'. Did you mean 'score'?" in done.stderr


@pytest.mark.slow
def test_score_with_a_warm_cache_imports_no_yaml_pydantic_rich_or_tabulate(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_CACHE_DIR", str(tmp_path / "cache"))
    env = _env(monkeypatch)
    sample = str(SAMPLES / "wall-street-1-2-0.json")
    first, modules = _console("score", sample, env=env)
    assert first.returncode == 0 and _imported(modules, "yaml")  # the rule set was read and cached
    for extra in ((), ("--json",)):
        done, modules = _console("score", sample, *extra, env=env)
        assert done.returncode == 0
        assert [top for top in HEAVY if _imported(modules, top)] == []
        assert "scorekeeper.cli.match" not in modules and "scorekeeper.cli.play" not in modules


@pytest.mark.slow
def test_a_yaml_hand_imports_yaml_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_CACHE_DIR", str(tmp_path / "cache"))
    env = _env(monkeypatch)
    _console("score", str(SAMPLES / "scopa-2-4.yaml"), env=env)
    done, modules = _console("score", str(SAMPLES / "scopa-2-4.yaml"), env=env)
    assert done.returncode == 0 and "Bruno wins with 84 against 69" in done.stdout
    assert [top for top in HEAVY if _imported(modules, top)] == ["yaml"]


_YAML_UNPATCHED = r"""
import re
compile_ = re.compile
import scorekeeper._yaml as quick
assert re.compile is compile_
print(quick.parse_yaml("piles:\n  Anna: 7d Ad\n", "t.yaml"))
"""


def test_reading_yaml_patches_no_other_module() -> None:
    """PyYAML is imported as it is: ``re.compile`` (once replaced while PyYAML imported, to defer its
    patterns) is the standard one after the import, and a hand file reads."""
    done = subprocess.run([sys.executable, "-c", _YAML_UNPATCHED], capture_output=True, text=True, cwd=ROOT,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:1] == ["{'piles': {'Anna': '7d Ad'}}"]


# Plain values that start with a digit, as cards, numbers, dates and near misses of each are written.
_AFTER_DIGIT = "0123456789_.:-+ bxoeEBXOdhcsAKJQT"
_DIGIT_FIRST = st.one_of(
    st.text(alphabet="0123456789", min_size=1, max_size=6),
    st.builds(str.__add__, st.sampled_from("0123456789"), st.text(alphabet=_AFTER_DIGIT, max_size=10)),
    st.sampled_from(["7d", "7d Ad 6h", "10h", "0b101", "0x1F", "0o17", "1e5", "1.5", "1:30", "190:20:30",
                     "2024-01-02", "2001-12-14t21:59:43.10-05:00", "09", "0", "00", "0789", "1_000", "0b", "0x",
                     "0.", "6.8523015e+5", "\u0661\u0662", "7\u00e9", "7\u0661"]))


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(_DIGIT_FIRST)
def test_a_plain_value_starting_with_a_digit_gets_the_tag_pyyaml_gives_it(value: str) -> None:
    import yaml

    from scorekeeper._yaml import _LOADER

    ours = _LOADER("").resolve(yaml.ScalarNode, value, (True, False))
    assert ours == yaml.SafeLoader("").resolve(yaml.ScalarNode, value, (True, False))
    assert _LOADER("").resolve(yaml.ScalarNode, value, (False, True)) == "tag:yaml.org,2002:str"  # quoted


def test_a_cache_folder_others_may_only_read_is_made_private_and_used(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from scorekeeper.rules import catalog

    cache = tmp_path / "cache"
    (cache / "rules").mkdir(parents=True)
    for folder in (cache, cache / "rules"):
        os.chmod(folder, 0o755)  # as scorekeeper made it before the cache was private
    monkeypatch.setenv("SCOREKEEPER_CACHE_DIR", str(cache))
    catalog._LOADED.clear()
    load_rules("hurricane")
    assert [p.suffix for p in (cache / "rules").iterdir()] == [".json"]
    assert (cache.stat().st_mode & 0o777, (cache / "rules").stat().st_mode & 0o777) == (0o700, 0o700)


# --- the hand's table without tabulate ---------------------------------------------------------------

_ASCII = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=12)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.integers(1, 5).flatmap(lambda n: st.tuples(
    st.lists(_ASCII, min_size=n, max_size=n),
    st.lists(st.lists(st.one_of(_ASCII, st.integers(-50, 500), st.none()), min_size=n, max_size=n), max_size=6))))
def test_an_ascii_table_is_drawn_as_tabulate_draws_it(table: tuple[list[str], list[list[Any]]]) -> None:
    from tabulate import tabulate

    from scorekeeper.output.text import _ascii_table

    heads, rows = table
    assert _ascii_table(heads, rows) == tabulate(rows, headers=heads, tablefmt="simple", disable_numparse=True)


def test_a_table_with_wide_characters_is_left_to_tabulate() -> None:
    from scorekeeper.output.text import _ascii_table

    assert _ascii_table(["side", "points"], [["Žofie", 3]]) is None


# --- reading piles: the fast path gives what read_piles gives --------------------------------------

GAMES = ("scopa", "scopone", "cassino", "cirulla")


@st.composite
def _hands(draw: Any) -> tuple[str, HandEntry]:
    """Piles of a game, most of them splitting the deck exactly, some with a card twice, of
    another deck, missing, two rests, too many sides or a side named twice."""
    game = draw(st.sampled_from(GAMES))
    deck = load_rules(game).cards
    sides = draw(st.sampled_from([("A", "B"), ("A", "B", "C", "D"), ("A", "A"), ("A", "B", "C")]))
    owner = [draw(st.integers(0, len(sides) - 1)) for _ in deck.cards]
    piles = [PileText([c for c, o in zip(deck.cards, owner, strict=True) if o == i]) for i in range(len(sides))]
    fault = draw(st.sampled_from(["none", "none", "twice", "foreign", "missing", "rests", "rebuilt"]))
    if fault == "twice":
        piles[-1].cards.append(piles[0].cards[0] if piles[0].cards else deck.cards[0])
    elif fault == "foreign":
        piles[0].cards.append(DECKS["french-52"].cards[8])  # a nine: no Italian deck has one
    elif fault == "missing" and piles[0].cards:
        piles[0].cards.pop()
    elif fault == "rests":
        piles[0].rest = piles[1].rest = True
    elif fault == "rebuilt":  # equal cards that are not the deck's own objects, as parse_pile builds them
        piles[0].cards[:] = [type(c)(c.rank, c.suit) for c in piles[0].cards]
    if draw(st.booleans()):
        rest = draw(st.integers(0, len(sides) - 1))
        piles[rest] = PileText(piles[rest].cards[: len(piles[rest].cards) // 2], rest=True)
    return game, HandEntry(sides, tuple(piles), sweeps={"A": draw(st.integers(0, 3))})


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(_hands())
def test_piles_read_by_the_fast_path_count_as_read_piles_counts_them(hand: tuple[str, HandEntry]) -> None:
    game, entry = hand
    fast = Counter(load_rules(game))
    slow = Counter(load_rules(game))
    slow._exact_masks = lambda sides, piles: None  # type: ignore[method-assign]
    assert fast.score(entry).to_dict() == slow.score(entry).to_dict()


def test_the_front_door_keeps_counting_after_a_bad_hand() -> None:
    import scorekeeper

    assert scorekeeper.score({"Anna": "7d 7d", "Bruno": "rest"}).problems == ("pile of Anna: 7d is twice in this pile",)
    assert scorekeeper.score({"Anna": "7d Ad 6h 5c 4s", "Bruno": "rest"}, sweeps={"Anna": 1}).totals == (2, 3)


def test_primiera_table_holds_the_best_value_of_every_subset_of_a_suit() -> None:
    from itertools import combinations

    from scorekeeper.scoring.primiera import _best_values

    values = (16, 12, 13, 14, 15, 18, 21, 10, 10, 10)  # the primiera values of A 2 3 4 5 6 7 J Q K
    table = _best_values(values)
    for size in range(1, 4):
        for held in combinations(range(10), size):
            assert table[sum(1 << i for i in held)] == max(values[i] for i in held)
    assert table[0] == 0 and len(table) == 1024


@pytest.mark.slow
def test_sample_totals_are_unchanged_through_the_console(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_CACHE_DIR", str(tmp_path / "cache"))
    done, _ = _console("score", str(SAMPLES / "scopa-2-4.yaml"), "--json", env=_env(monkeypatch))
    assert json.loads(done.stdout)["totals"] == {"Anna": 2, "Bruno": 4}


# --- help in the language chosen (issue 10) -----------------------------------------------------------

WIDE = "200"  # help is drawn 100 columns wide (cli._root_typer): the lines looked for are shorter


@pytest.mark.slow
def test_lang_it_gives_the_help_of_score_in_italian(monkeypatch: pytest.MonkeyPatch) -> None:
    done, _ = _console("--lang", "it", "score", "--help", env=_env(monkeypatch, WIDE))
    assert done.returncode == 0
    assert "  -s, --sweeps SIDE=N        Le scope fatte da un giocatore o da una squadra.\n" in done.stdout
    assert done.stdout.startswith("Uso: scorekeeper score [OPTIONS] [HAND_FILE]\n\n  Conta una mano: ")


def test_scorekeeper_lang_es_gives_the_help_of_a_match_command_in_spanish(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_LANG", "es")
    done, _ = _console("match", "list", "--help", env=_env(monkeypatch, WIDE))
    assert done.returncode == 0
    assert "  --offset N     Sáltate primero las N partidas más recientes.  [default: 0; x>=0]\n" in done.stdout
    assert "\nOpciones:\n" in done.stdout


def test_the_command_list_of_the_root_help_is_in_the_language_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    done, modules = _console("--lang", "es", "--help", env=_env(monkeypatch, WIDE))
    assert done.returncode == 0 and "\nComandos:\n" in done.stdout
    # the column is as wide as the longest command's name
    assert re.search(r"\n  stats +Por jugador y por equipo: partidas jugadas y ganadas,", done.stdout)
    assert not modules & {module for module, _, _, _ in COMMANDS.values()}


def test_a_help_page_drawn_in_italian_is_drawn_in_english_again_in_the_same_process() -> None:
    from conftest import run

    from scorekeeper.i18n import use

    try:
        italian = run("--lang", "it", "rules", "show", "--help")[1]
    finally:
        use("en")
    english = run("rules", "show", "--help")[1]
    assert "Un regolamento: le sue categorie" in italian and "Opzioni:" in italian
    assert "One rule set: its categories in count order and its match settings." in english
    assert "Options:" in english and "Opzioni" not in english


def test_english_help_loads_no_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    from conftest import run

    from scorekeeper import i18n

    monkeypatch.setattr(i18n, "_LOADED", {})
    for name in ("SCOREKEEPER_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert run("score", "--help")[0] == 0
    assert i18n._LOADED == {}


# --- the history's columns: JSON encoded by json's C encoder made once ----------------------------------

_COLUMN_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=12)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(_COLUMN_VALUES)
def test_a_column_is_encoded_as_the_compact_json_encoder_encodes_it(value: Any) -> None:
    from scorekeeper.history.store import _COMPACT, dumps

    assert dumps(value) == _COMPACT.encode(value)


def test_a_column_that_is_not_json_is_refused_as_the_encoder_refuses_it() -> None:
    from scorekeeper.history.store import dumps

    with pytest.raises(TypeError, match="Object of type set is not JSON serializable"):
        dumps({"a": {1}})
