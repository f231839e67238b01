"""``rules check`` reports every error of a file in one run, in the order of the file, in a player's words."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import run

BROKEN = """\
id: broken
name: Broken
deck: italian-40
sides: {min: 2, max: "x"}
categories:
  - id: cards
    kind: most
    pointz: 2
  - id: seven
    kind: card
    card: 9z
  - id: prim
    kind: primiera
    optional: maybe
  - id: cards
    kind: most
match:
  finish: higest
"""


def test_every_error_of_a_file_is_reported_in_one_run_in_file_order(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN)
    code, out, err = run("rules", "check", str(path))
    assert code == 2 and out == ""
    assert err.splitlines() == [
        f"error: {path}:4:22: sides.max: 'x' must be a whole number",
        f"error: {path}:8:13: categories[0].pointz: unknown key (did you mean points?)",
        f"error: {path}:11:11: categories[1].card: '9z' is not a card: 'z' is not a suit",
        f"error: {path}:14:15: categories[2].optional: 'maybe' must be true or false",
        f"error: {path}:15:9: categories[3].id: 'cards' is used by an earlier category",
        f"error: {path}:18:3: match.target: missing: this key is required",
        f"error: {path}:18:11: match.finish: 'higest' is not allowed here: use highest, count-out, "
        "count-out-if-tied or claim",
    ]


def test_a_card_of_another_deck_is_found_even_when_the_match_section_is_wrong(tmp_path: Path) -> None:
    path = tmp_path / "mixed.yaml"
    path.write_text("id: mixed\nname: Mixed\ndeck: italian-40\ncategories:\n  - {id: ten, kind: card, card: 10d}\n"
                    "match: {target: eleven}\n")
    code, _, err = run("rules", "check", str(path))
    assert code == 2
    assert err.splitlines() == [
        f"error: {path}:5:33: categories[0].card: 10d is not in the italian-40 deck: it has no 8s, 9s or 10s "
        "(type 8, 9, 10 for J, Q, K)",
        f"error: {path}:6:17: match.target: 'eleven' must be a whole number",
    ]
