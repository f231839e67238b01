"""Rule-set options: where the sources disagree, a named choice with the default of the best source."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.errors import InputErrors, RuleSetError
from scorekeeper.rules.catalog import builtin_rules, check_rules, load_rules
from scorekeeper.rules.options import apply_options, choices_of, option_values
from tests.conftest import run

VARIANT = """\
extends: scopone
id: house-scopone
name: House Scopone
categories:
  - id: cards
    points: 2
options:
  - id: low-table-redeal
    remove: true
  - id: three-kings
    remove: true
  - id: napoleone
    remove: true
  - id: fewest-cards
    remove: true
  - id: target
    label: points to reach
    field: match.target
    choices: [11, 21]
    source: Parlett
  - id: last-sweep
    label: a sweep on the last play counts
    field: capture.last_play_sweeps
  - id: card-ties
    field: categories.cards.ties
    choices: [nobody, split]
"""

# A hand where the cards are shared 20-20: under "split" both sides share the 2 points of most cards.
TIED_CARDS = "d:A234567JQK c:A234567JQ h:K"


@pytest.fixture
def variant(tmp_path: Path) -> Path:
    path = tmp_path / "house-scopone.yaml"
    path.write_text(VARIANT)
    return path


def test_an_options_default_is_the_value_of_its_field(variant: Path) -> None:
    rules = load_rules(str(variant))
    assert option_values(rules) == {"target": 11, "last-sweep": False, "card-ties": "nobody"}
    assert choices_of(rules, rules.options[1]) == (False, True)


def test_choosing_an_option_sets_its_field_and_nothing_else(variant: Path) -> None:
    rules = load_rules(str(variant))
    chosen = apply_options(rules, {"target": "21", "last-sweep": "on", "card-ties": "split"})
    assert chosen.match.target == 21
    assert chosen.capture is not None and chosen.capture.last_play_sweeps is True
    assert chosen.category("cards").ties == "split"  # type: ignore[union-attr]
    assert chosen.category("coins") == rules.category("coins")
    assert rules.match.target == 11  # the loaded rule set is not changed


@pytest.mark.slow
@pytest.mark.parametrize(("chosen", "message"), [
    ({"target": "16"}, "option target: '16' is not one of its choices: 11, 21"),
    ({"target": "many"}, "option target: 'many' is not a whole number (choices: 11, 21)"),
    ({"last-sweep": "maybe"}, "option last-sweep: 'maybe' is not on or off (choices: off, on)"),
    ({"nope": "on"}, "option nope: house-scopone has no option 'nope' (its options: target, last-sweep, card-ties)"),
])
def test_a_bad_choice_names_the_option_and_its_choices(variant: Path, chosen: dict[str, str], message: str) -> None:
    with pytest.raises(RuleSetError) as caught:
        apply_options(load_rules(str(variant)), chosen)
    assert str(caught.value) == message


def test_options_are_inherited_and_may_be_removed_by_id(variant: Path) -> None:
    child = variant.parent / "child.yaml"
    child.write_text("extends: house-scopone.yaml\nid: child\noptions:\n  - id: last-sweep\n    remove: true\n"
                     "  - id: card-ties\n    field: categories.cards.ties\n    choices: [nobody, split]\n"
                     "    source: the club\n")
    rules = check_rules(child)
    assert [o.id for o in rules.options] == ["target", "card-ties"]
    assert rules.options[1].source == "the club"


def test_rules_check_reports_every_bad_option_with_its_place(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("extends: scopa\nid: bad\noptions:\n"
                    "  - id: a\n    field: capture.nothing\n"
                    "  - id: b\n    field: match.finish\n    choices: [count-out, whatever]\n"
                    "  - id: c\n    field: match.target\n")
    with pytest.raises(InputErrors) as caught:
        check_rules(path)
    assert caught.value.messages == [
        f"{path}:5:12: options[a].field: capture.nothing: no field 'nothing' there",
        f"{path}:8:14: options[b].choices: the rule set's own value count-out-if-tied (the default) is not a choice",
        f"{path}:8:26: options[b].choices[1]: whatever does not fit match.finish: 'whatever' is not allowed "
        "here: use highest, count-out, count-out-if-tied or claim",
        f"{path}:10:12: options[c].field: match.target is not a switch: list the values it may take",
    ]


def test_rules_show_lists_each_option_with_its_value_choices_and_source(variant: Path) -> None:
    code, out, _ = run("rules", "show", str(variant))
    assert code == 0
    rows = [line.split() for line in out.splitlines()]
    assert ["target", "points", "to", "reach", "11", "21", "Parlett"] in rows
    assert ["card-ties", "card-ties", "nobody", "split"] in rows


def test_score_applies_an_option_from_the_command_line_and_from_the_hand_file(variant: Path) -> None:
    base = ("score", "-r", str(variant), "--pile", f"A+B={TIED_CARDS}", "--pile", "C+D=rest", "--json")

    def most_cards(*extra: str) -> list[int]:
        code, out, _ = run(*base, *extra)
        assert code == 0
        cards = next(c for c in json.loads(out)["categories"] if c["id"] == "cards")
        return list(cards["points"].values())

    assert most_cards() == [0, 0]  # Parlett: a tie on cards scores nobody
    assert most_cards("--option", "card-ties=split") == [1, 1]
    hand = variant.parent / "hand.yaml"
    hand.write_text(f"rules: {variant}\noptions: {{card-ties: split}}\npiles:\n  A+B: {TIED_CARDS}\n  C+D: rest\n")
    code, out, _ = run("score", str(hand), "--json")
    cards = next(c for c in json.loads(out)["categories"] if c["id"] == "cards")
    assert code == 0 and cards["points"] == {"A+B": 1, "C+D": 1}


def test_a_bad_option_names_where_it_was_given(variant: Path) -> None:
    code, _, err = run("score", "-r", str(variant), "--pile", f"A+B={TIED_CARDS}", "--pile", "C+D=rest",
                       "--option", "card-ties=both")
    assert code == 2
    assert err.strip() == "error: --option card-ties: 'both' is not one of its choices: nobody, split"
    hand = variant.parent / "hand.yaml"
    hand.write_text(f"rules: {variant}\noptions:\n  target: 99\npiles:\n  A+B: {TIED_CARDS}\n  C+D: rest\n")
    code, _, err = run("score", str(hand))
    assert code == 2
    assert err.strip() == f"error: {hand}:3:11: options.target: '99' is not one of its choices: 11, 21"


def test_a_match_keeps_the_options_it_was_started_with(variant: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "history.db")
    code, _, err = run("match", "new", "-r", str(variant), "--side", "A+B", "--side", "C+D",
                       "--option", "target=21", "--db", db)
    assert code == 0, err
    code, out, _ = run("match", "show", "--db", db)
    assert "to 21" in out.splitlines()[0]
    hand = tmp_path / "hand.yaml"
    hand.write_text(f"options: {{target: 11}}\npiles:\n  A+B: {TIED_CARDS}\n  C+D: rest\n")
    code, _, err = run("match", "add", "-f", str(hand), "--db", db)
    assert code == 2
    assert err.strip() == (f"error: {hand}:1:19: options.target: a match's options are chosen when it starts "
                           "(match new --option); this hand cannot change them")


@pytest.mark.parametrize("rules", builtin_rules(), ids=lambda r: r.id)
def test_every_choice_of_every_built_in_option_gives_a_rule_set_that_counts(rules: object) -> None:
    from scorekeeper.rules.ruleset import RuleSet

    assert isinstance(rules, RuleSet)
    for option in rules.options:
        assert option.source, f"{rules.id}: option {option.id} names no source for its default"
        for choice in choices_of(rules, option):
            chosen = apply_options(rules, {option.id: choice})
            assert option_values(chosen)[option.id] == choice
