"""Editing a stored hand (``match edit``, the edit page): what the new hand does not say keeps its old
value (each side's pile, the sweeps, the declarations, the optional categories, the suit letters),
what it says replaces the old wholly, and a claim is never carried over (``match.hand.kept_from``).

Numbers from RULES.md: Cirulla for two sides plays 18 cards a side, at most 21 sweeps with the dealt
table's 3, and is dealt 6 hands of 3, one bussata (3 points) a dealt hand at most.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.errors import HandError, InputErrors
from scorekeeper.match.ending import MatchSettings, match_settings
from scorekeeper.match.hand import count_for, kept_from
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.hand import HandSpec

STORED = "hand 1 as stored"


def cirulla() -> MatchSettings:
    return match_settings(load_rules("cirulla"), ["Anna+Bruno", "Carla+Dario"])


def stored(**more: Any) -> dict[str, Any]:
    """A hand as the history keeps what was typed (``typed_record``)."""
    return {"piles": {"Anna+Bruno": "d:A234567 rest", "Carla+Dario": "s:A"}, "sweeps": {"Anna+Bruno": 3},
            "declared": {"Carla+Dario": {"bussata": 1}}, "claims": {"Anna+Bruno": 30}, **more}


def test_a_new_pile_for_one_side_keeps_the_other_pile_the_sweeps_and_the_declarations():
    # Carla's pile is typed again by her name, in another case: it replaces her team's stored pile
    kept = kept_from(HandSpec(piles={"carla": ("s:A2", "--pile carla")}), stored(), cirulla(), STORED)
    assert kept.piles == {"Anna+Bruno": ("d:A234567 rest", "hand 1 as stored: pile of Anna+Bruno"),
                          "Carla+Dario": ("s:A2", "--pile carla")}
    assert (kept.sweeps, kept.declared, kept.claims) == ({"Anna+Bruno": 3}, {"Carla+Dario": {"bussata": 1}}, {})
    counted = count_for(cirulla(), ("Anna+Bruno", "Carla+Dario"), kept)
    # cards, coins, settebello, primiera 1 each; piccola A-7 capped at 6; grande 5; 3 sweeps; a bussata 3
    assert counted.result.totals == (1 + 1 + 1 + 1 + 6 + 5 + 3, 3)


def test_sweeps_or_declarations_typed_again_replace_the_stored_ones_for_every_side():
    new = HandSpec(piles={"Anna": ("d:A234567 rest", "--pile Anna")}, sweeps={"Carla+Dario": 1},
                   declared={"Anna+Bruno": {"decino": 1}})
    kept = kept_from(new, stored(), cirulla(), STORED)
    assert (kept.sweeps, kept.declared) == ({"Carla+Dario": 1}, {"Anna+Bruno": {"decino": 1}})


def test_the_optional_categories_stored_and_new_are_both_counted():
    settings = match_settings(load_rules("scopa"), ["Anna", "Bruno"])
    typed = {"piles": {"Anna": "d:A23 rest", "Bruno": "s:A"}, "with": ["napola"]}
    kept = kept_from(HandSpec(piles={"Bruno": ("s:A2", "--pile Bruno")}, enabled=("cappotto",)), typed,
                     settings, STORED)
    assert kept.enabled == ("napola", "cappotto")


@pytest.mark.parametrize(("letters", "said", "read"), [
    ("spanish", (None, False), (True, True)),  # not said: read as stored
    ("italian", (None, False), (True, False)),
    ("spanish", (True, False), (True, False)),  # said anew: Italian now
    ("italian", (False, False), (False, False)),  # said anew: French
])
def test_suit_letters_not_said_again_are_read_as_stored(letters: str, said: tuple[bool | None, bool],
                                                        read: tuple[bool, bool]):
    new = HandSpec(piles={"Carla": ("e:A", "--pile Carla")}, italian_suits=said[0], spanish=said[1])
    kept = kept_from(new, stored(suit_letters=letters), cirulla(), STORED)
    assert (kept.italian_suits, kept.spanish) == read


def test_a_hand_stored_from_points_or_by_categories_keeps_nothing():
    new = HandSpec(piles={"Carla": ("s:A", "--pile Carla")})
    assert kept_from(new, {"points": {"Anna+Bruno": 3}}, cirulla(), STORED) is new


def test_a_kept_fact_that_no_longer_passes_is_named_as_the_stored_hands():
    # a history written before a bound was tightened: the refusal says the number came from the stored hand
    typed = stored(sweeps={"Anna+Bruno": 30}, declared={"Carla+Dario": {"bussata": 9}})
    kept = kept_from(HandSpec(piles={"Carla": ("s:A2", "--pile Carla")}), typed, cirulla(), STORED)
    with pytest.raises(InputErrors) as caught:
        count_for(cirulla(), ("Anna+Bruno", "Carla+Dario"), kept)
    sweeps, declared = caught.value.messages
    assert sweeps.startswith("hand 1 as stored: sweeps of Anna+Bruno: 30 sweeps is more than any hand allows "
                             "(at most 21")
    assert declared.startswith("hand 1 as stored: declared Carla+Dario:bussata: 9 declarations is more than any hand "
                               "allows (at most 6")


def test_a_new_claim_is_checked_anew_against_the_kept_piles():
    new = HandSpec(piles={"Anna": ("d:A234567 rest", "--pile Anna")}, claims={"Anna+Bruno": 99})
    counted = count_for(cirulla(), ("Anna+Bruno", "Carla+Dario"), kept_from(new, stored(), cirulla(), STORED))
    assert counted.result.problems[0].startswith("claim of Anna+Bruno: 99, but the count gives 18 ")


def test_a_new_pile_for_a_side_the_match_does_not_have_is_refused():
    with pytest.raises(HandError) as caught:
        count_for(cirulla(), ("Anna+Bruno", "Carla+Dario"),
                  kept_from(HandSpec(piles={"Ezio": ("s:A", "--pile Ezio")}), stored(), cirulla(), STORED))
    assert str(caught.value) == "pile of 'Ezio': no such side in this match (sides: Anna+Bruno, Carla+Dario)"


def test_what_the_history_keeps_of_a_typed_hand_names_the_sides_as_the_match_does_and_reads_back():
    settings = cirulla()
    typed = HandSpec(piles={"anna": ("o:1,2,3,4,5,6,7 rest", "--pile anna"), "Carla": ("e:1", "--pile Carla")},
                     sweeps={"bruno": 3}, declared={"Carla": {"bussata": 1}, "Anna": {}}, claims={"Anna": 18},
                     italian_suits=True, spanish=True)
    record = count_for(settings, settings.side_names, typed).typed
    assert record == {"piles": {"Anna+Bruno": "o:1,2,3,4,5,6,7 rest", "Carla+Dario": "e:1"},
                      "sweeps": {"Anna+Bruno": 3}, "declared": {"Carla+Dario": {"bussata": 1}},
                      "claims": {"Anna+Bruno": 18}, "suit_letters": "spanish"}
    again = kept_from(HandSpec(piles={"Dario": ("e:1,2", "--pile Dario")}, italian_suits=None), record, settings,
                      STORED)
    assert count_for(settings, settings.side_names, again).result.totals == (1 + 1 + 1 + 1 + 6 + 5 + 3, 3)


def test_the_optional_categories_a_hand_was_counted_with_are_kept_in_its_record():
    settings = match_settings(load_rules("scopa"), ["Anna", "Bruno"], enabled=("napola",))
    typed = HandSpec(piles={"Anna": ("d:A2345 rest", "--pile Anna"), "Bruno": ("s:A", "--pile Bruno")})
    record = count_for(settings, ("Anna", "Bruno"), typed).typed
    assert record == {"piles": {"Anna": "d:A2345 rest", "Bruno": "s:A"}, "with": ["napola"]}
