"""The built-in rule sets, and reading rule-set files: schema, extends, errors, safety, cache."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import count

from scorekeeper.errors import InputErrors, RuleSetError, ScorekeeperError
from scorekeeper.rules.builtins import builtin_dir, builtin_ids
from scorekeeper.rules.catalog import load_rules
from scorekeeper.rules.extends import read_rules
from scorekeeper.rules.schema import json_schema

BUILT_IN = ["cassino", "cirulla", "escoba", "hurricane", "kasino", "royal-cassino", "royal-spade-cassino", "sbarazzina",
            "scopa", "scopa-52", "scopa-d-assi", "scopa-quindici", "scopa-undici", "scopone", "scopone-scientifico",
            "spade-cassino", "wall-street"]
SCOPA_FAMILY = ["scopa", "scopone", "scopone-scientifico", "sbarazzina", "scopa-d-assi", "scopa-quindici",
                "scopa-undici", "scopa-52"]

# RULES.md: points of a two-side hand with no sweeps and no tied majority (one side takes all).
SANITY_SUMS = {"scopa": 4, "scopone": 4, "scopone-scientifico": 4, "scopa-d-assi": 4, "scopa-quindici": 4,
               "scopa-undici": 4, "scopa-52": 4, "sbarazzina": 5, "wall-street": 3, "cassino": 11,
               "hurricane": 4, "escoba": 4, "cirulla": 4 + 6 + 5, "kasino": 10, "spade-cassino": 26,
               "royal-cassino": 11, "royal-spade-cassino": 26}


def test_all_seventeen_built_in_ids_exist() -> None:
    assert builtin_ids() == BUILT_IN


@pytest.mark.parametrize("rules_id", BUILT_IN)
def test_built_in_file_is_named_by_its_id_and_names_the_schema(rules_id: str) -> None:
    path = builtin_dir() / f"{rules_id}.yaml"
    assert path.read_text().splitlines()[0] == "# yaml-language-server: $schema=schema.json"
    assert load_rules(rules_id).id == rules_id


@pytest.mark.parametrize("rules_id", BUILT_IN)
def test_sanity_sum_of_a_two_side_hand_without_sweeps(rules_id: str) -> None:
    assert sum(count(rules_id, "A=rest", "B=").totals) == SANITY_SUMS[rules_id]


def test_a_tied_majority_takes_its_points_off_the_sanity_sum() -> None:
    half = "A=d:A2345 h:A2345 s:A2345 c:A2345"  # 20 cards and 5 coins each
    assert sum(count("scopa", half, "B=rest").totals) == 2


@pytest.mark.parametrize("rules_id", SCOPA_FAMILY)
def test_scopa_and_its_variants_offer_re_bello_napola_cappotto(rules_id: str) -> None:
    ids = {c.id for c in load_rules(rules_id).categories}
    assert {"re-bello", "napola", "cappotto"} <= ids


def test_match_settings_of_the_rules_reference() -> None:
    got = {i: (load_rules(i).match.target, load_rules(i).match.finish) for i in BUILT_IN}
    assert got["scopa"] == (11, "count-out-if-tied")
    assert got["wall-street"] == (10, "highest") and load_rules("wall-street").match.playoff == "tied"
    assert got["hurricane"] == (16, "highest") and load_rules("hurricane").match.stake.double_if_loser_below == 8
    stake = load_rules("spade-cassino").match.stake
    assert got["spade-cassino"] == (61, "highest") and stake.margin and stake.double_if_loser_below == 31
    # Escoba to 15 (a Spanish rule book; 21 is an option); Scopone Scientifico to 21 (ludopoli, the
    # scopone championships; 11, seed 003, is an option).
    assert got["cirulla"] == (51, "highest") and got["escoba"] == (15, "highest") and got["kasino"][0] == 16
    assert got["scopone-scientifico"] == (21, "count-out-if-tied")


def test_committed_json_schema_is_up_to_date() -> None:
    committed = json.loads((builtin_dir() / "schema.json").read_text())
    assert committed == json_schema(), "run: scorekeeper rules schema > rulesets/schema.json"


def test_json_schema_is_draft_07_for_yaml_editors() -> None:
    schema = json_schema()
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert "$defs" not in json.dumps(schema)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def errors_of(path: Path) -> list[str]:
    with pytest.raises(ScorekeeperError) as caught:
        read_rules(path)
    return caught.value.messages if isinstance(caught.value, InputErrors) else [str(caught.value)]


MINE = """\
id: mine
name: Mine
deck: italian-40
categories:
  - {id: cards, kind: most}
  - id: coins
    kind: most
    points: many
match: {target: 11}
"""


def test_schema_error_reads_file_line_col_path_message(tmp_path: Path) -> None:
    path = write(tmp_path, "mine.yaml", MINE)
    assert errors_of(path) == [
        f"{path}:8:13: categories[1].points: 'many' must be a whole number"]


def test_every_schema_error_is_reported_together_in_the_order_of_the_file(tmp_path: Path) -> None:
    text = MINE.replace("kind: most\n    points", "kind: mots\n    points").replace("target: 11", "target: 0")
    messages = errors_of(write(tmp_path, "mine.yaml", text))
    assert [m.split(": ", 2)[1] for m in messages] == ["categories[1].kind", "match.target"]
    assert messages[1].endswith("match.target: 0 is too small: it must be 1 or more")
    kinds = "most, card, each, primiera, sequence, set, sweeps, declared"
    assert messages[0].endswith(f"'mots' is not a kind (one of {kinds})")


def test_unknown_key_is_an_error_not_ignored(tmp_path: Path) -> None:
    messages = errors_of(write(tmp_path, "mine.yaml", MINE.replace("points: many", "pionts: 2")))
    assert messages == [f"{tmp_path / 'mine.yaml'}:8:13: categories[1].pionts: unknown key (did you mean points?)"]


def test_card_outside_the_deck_is_an_error_with_the_reason(tmp_path: Path) -> None:
    text = MINE.replace("points: many", "points: 1\n  - {id: jack, kind: card, card: Jd}").replace(
        "italian-40", "wall-street-40")
    assert errors_of(write(tmp_path, "mine.yaml", text)) == [
        f"{tmp_path / 'mine.yaml'}:9:34: categories[2].card: Jd is not in the wall-street-40 deck: "
        "it has no 7s, Jacks or Queens"]


def test_duplicate_keys_are_an_error(tmp_path: Path) -> None:
    messages = errors_of(write(tmp_path, "mine.yaml", MINE.replace("name: Mine", "name: Mine\nname: Again")))
    assert messages == [f"{tmp_path / 'mine.yaml'}:3:1: duplicate key 'name' (first at line 2)"]


def test_yaml_tags_that_build_objects_are_refused(tmp_path: Path) -> None:
    text = MINE.replace("name: Mine", "name: !!python/object/apply:os.system [echo hacked]")
    assert "tag 'tag:yaml.org,2002:python/object/apply:os.system' is not allowed" in errors_of(
        write(tmp_path, "mine.yaml", text))[0]


@pytest.mark.slow
def test_alias_bomb_is_refused_not_expanded(tmp_path: Path) -> None:
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        lines.append(f"{chr(97 + i)}: &{chr(97 + i)} [{', '.join(['*' + chr(96 + i)] * 10)}]")
    messages = errors_of(write(tmp_path, "bomb.yaml", "\n".join(lines) + "\n"))
    assert messages == [f"{tmp_path / 'bomb.yaml'}: more than 20000 values once aliases are expanded; refused"]


def test_oversized_file_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "big.yaml", MINE + "#" * 300_000 + "\n")
    assert errors_of(path) == [f"{path}: the rule set is larger than 256 KiB; refused"]


def test_extends_inherits_and_patches_by_id(tmp_path: Path) -> None:
    path = write(tmp_path, "house.yaml", """\
extends: scopa
name: House Scopa
categories:
  - {id: sweeps, points: 2}
  - {id: cappotto, remove: true}
  - {id: two-of-coins, kind: card, card: 2d}
match: {target: 21}
""")
    rules, sources = read_rules(path)
    assert rules.id == "house" and rules.deck == "italian-40" and rules.match.finish == "count-out-if-tied"
    assert [c.id for c in rules.categories] == [
        "cards", "coins", "settebello", "re-bello", "primiera", "napola", "sweeps", "two-of-coins"]
    assert rules.category("sweeps").points == 2 and rules.match.target == 21
    assert [Path(s).name for s, _ in sources] == ["house.yaml", "scopa.yaml"]


def test_extends_cycle_is_an_error(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "extends: b.yaml\n")
    write(tmp_path, "b.yaml", "extends: a.yaml\n")
    assert "extends itself" in errors_of(tmp_path / "a.yaml")[0]


def test_unknown_rule_set_lists_the_built_in_ids() -> None:
    with pytest.raises(RuleSetError, match=r"unknown rule set 'scopaa' \(built-in: cassino, cirulla"):
        load_rules("scopaa")


@pytest.mark.slow
def test_a_cached_rule_set_loads_without_pydantic_or_yaml(tmp_path: Path) -> None:
    probe = ("import sys; from scorekeeper.rules.catalog import load_rules; load_rules('hurricane'); "
             "print('pydantic' in sys.modules, 'yaml' in sys.modules)")
    env = {"SCOREKEEPER_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    first = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True)
    second = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True)
    assert (first.stdout.split(), second.stdout.split()) == (["True", "True"], ["False", "False"])


def test_editing_a_rule_set_file_is_seen_despite_the_cache(tmp_path: Path) -> None:
    path = write(tmp_path, "mine.yaml", MINE.replace("points: many", "points: 1"))
    assert load_rules(str(path)).category("coins").points == 1
    path.write_text(MINE.replace("points: many", "points: 3"))
    assert load_rules(str(path)).category("coins").points == 3


# --- labels in each language (issue 10: "category labels come from the rule sets in each language") ---

@pytest.mark.parametrize("rules_id", BUILT_IN)
def test_every_category_and_option_of_a_built_in_game_has_an_italian_and_a_spanish_label(rules_id: str) -> None:
    rules = load_rules(rules_id)
    unlabelled = [f"{part.id}: {language}" for part in (*rules.categories, *rules.options)
                  for language in ("it", "es") if not part.labels.get(language)]
    assert not unlabelled


def test_a_category_is_titled_in_the_language_in_use_as_players_call_it() -> None:
    from scorekeeper.i18n import speaking

    scopa, escoba = load_rules("scopa"), load_rules("escoba")
    titles = {}
    for language in ("en", "it", "es"):
        with speaking(language):
            titles[language] = (scopa.category("coins").title, scopa.category("sweeps").title,
                                escoba.category("sevens").title, scopa.options[0].title)
    assert titles["en"] == ("most coins", "sweeps (scope)", "most sevens (setenta)",
                            "a table dealt with three or more Kings is dealt again")
    assert titles["it"][:3] == ("denari", "scope", "più sette (setenta)")
    assert titles["es"][:3] == ("oros", "escobas", "sietes (setenta)")


def test_a_french_pack_variant_relabels_the_coins_in_every_language() -> None:
    from scorekeeper.i18n import speaking

    with speaking("it"):
        assert load_rules("scopa-52").category("coins").title == "quadri"
    with speaking("es"):
        assert load_rules("scopa-52").category("coins").title == "diamantes"


def test_a_label_in_a_language_scorekeeper_does_not_speak_is_refused(tmp_path: Path) -> None:
    text = MINE.replace("{id: cards, kind: most}", "{id: cards, kind: most, labels: {fr: cartes, it: 3}}")
    said = [m.split(": ", 1)[1] for m in errors_of(write(tmp_path, "mine.yaml", text))]
    assert said[:2] == ["categories[0].labels.fr: 'fr' is not allowed here: use it or es",
                        "categories[0].labels.it: 3 must be text (quote it if it looks like a number)"]
