"""Legality in card notation: every rule id, with the evidence a seat's later plays give."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.cards.alpha import Deck
from companion.games.consonants import check, options_from

from .helpers import cards, hand, rules

TINY = {"players": 3, "pass_count": 0}
FIRST = (0, "J K Q V")  # the V (seat 3) takes it and leads next


def tiny(deck: dict[str, list[int]], **more: object):
    """A small edited deck (3 players, no pass), so a whole hand fits in a test."""
    return options_from({**TINY, "deck": {"cards": deck}, **more})


def test_legal_opening_and_following_give_no_violation():
    assert rules(4, (0, "J A/E=E ?=R T"), kitty="B O/U") == []


@pytest.mark.parametrize(
    ("tricks", "kitty", "expected"),
    [
        ([(0, "T B C D")], None, [(0, 0, "T", "opening-lead")]),
        ([(0, "T B C D")], "B O/U", [(0, 0, "T", "opening-lead")]),
        ([(0, "K B C D")], "J B", []),  # J in the kitty: the K leads
        ([(0, "K B C D")], "B O/U", [(0, 0, "K", "opening-lead")]),
        ([(0, "Q B C D")], "J K", []),  # J and K in the kitty: the Q leads
        ([(0, "K B C D")], None, []),  # kitty unknown, J not seen: K may lead
        # J is played later, so it was not in the kitty: the K lead was wrong
        ([(0, "K X Z V"), (2, "T R S J")], None, [(0, 0, "K", "opening-lead")]),
    ],
)
def test_opening_lead(tricks, kitty, expected):
    assert rules(4, *tricks, kitty=kitty) == expected


def test_opening_lead_left_of_dealer():
    options = options_from({"players": 4, "first_lead": "left-of-dealer"})
    assert rules(4, (2, "T B C D"), options=options, dealer=1) == []
    assert rules(4, (3, "T B C D"), options=options, dealer=1) == [(0, 3, "T", "opening-lead")]
    assert rules(4, (3, "T B C D"), options=options) == []  # dealer unknown: not judged


def test_opening_lead_kitty_derived_from_a_complete_hand():
    options = tiny({c: [1, 2] for c in "JKBCDFG"})  # 7 cards: 2 each, kitty 1
    assert rules(3, (0, "K B C"), (0, "D F G"), options=options) == []
    found = rules(3, (0, "B K C"), (1, "D F G"), options=options)
    assert found == [(0, 0, "B", "opening-lead")]
    message = check(hand(3, (0, "B K C"), (1, "D F G")), options)[0].message
    assert "the K leads it (the J is in the kitty)" in message


def test_wrong_leader():
    found = rules(4, FIRST, (1, "T R S H"))
    assert found == [(1, 1, "T", "wrong-leader")]


def test_follow_letter_with_a_card_played_later():
    found = rules(4, FIRST, (3, "T B A/E=E R"), (3, "S C T D"))
    assert found == [(1, 1, "A/E=E", "follow-letter")]


def test_follow_letter_with_the_other_side_of_the_card_itself():
    found = rules(4, FIRST, (3, "E/O=E B A/E=A C"))
    assert found == [(1, 1, "A/E=A", "follow-letter")]


def test_following_with_a_wild_is_following():
    assert rules(4, FIRST, (3, "T B ?=T R"), (3, "S C T D")) == []


def test_play_higher_with_a_card_played_later():
    found = rules(4, FIRST, (3, "P C B R"), (2, "S D F W"))
    assert found == [(1, 1, "B", "play-higher")]


def test_play_higher_with_the_other_side_of_the_card_itself():
    found = rules(4, FIRST, (3, "P C O/U=O B"))
    assert found == [(1, 1, "O/U=O", "play-higher")]


def test_play_higher_counts_every_letter_on_the_table_not_only_the_lead():
    # seat 1 played the C below the R on the table and held the S (played later)
    found = rules(4, FIRST, (3, "P R C B"), (0, "T S D H"))
    assert found == [(1, 1, "C", "play-higher")]
    # the R it held is above the P led but below the S on the table: no duplicate duty
    assert rules(4, FIRST, (3, "P S C B"), (0, "T R D H")) == []


def test_a_wild_is_never_counted_as_able_to_follow_or_reach():
    assert rules(4, FIRST, (3, "T B C D"), (3, "S ?=S ?=A H")) == []


def test_a_hand_of_only_wilds_must_play_one_as_the_letter_led():
    options = tiny({"J": [1, 8], "B": [2, 3], "?": [2, 0], "T": [1, 1]})
    found = rules(3, (0, "J ?=B B"), (0, "T ?=A B"), options=options)
    assert found == [(0, 1, "?=B", "follow-letter"), (1, 1, "?=A", "follow-letter")]
    assert rules(3, (0, "J ?=J B"), (0, "T ?=T B"), options=options) == []


def test_a_wild_only_holding_is_not_judged_while_the_hand_is_not_all_entered():
    options = tiny({"J": [1, 8], "B": [2, 3], "?": [2, 0], "T": [1, 1]})
    assert rules(3, (0, "J ?=B B"), options=options) == []


@pytest.mark.parametrize(
    ("card", "seat"),
    [("A/E=O", 1), ("?", 2), ("T=R", 3), ("A/E", 1)],
)
def test_bad_declaration(card, seat):
    trick = ["J", "B", "C", "D"]
    trick[seat] = card
    assert rules(4, (0, " ".join(trick))) == [(0, seat, card, "bad-declaration")]


def test_duplicate_card_in_tricks_and_against_the_kitty():
    found = rules(4, FIRST, (3, "J R S H"))
    assert found == [(1, 3, "J", "duplicate-card")]
    assert rules(4, (0, "J B C D"), kitty="J O/U") == [(0, 0, "J", "duplicate-card")]
    assert rules(4, (0, "J T T T"), (1, "T=T R S H"))[0] == (1, 1, "T", "duplicate-card")


def test_duplicate_card_inside_the_kitty():
    assert rules(4, (0, "J B C D"), kitty="K K") == [(0, -1, "K", "duplicate-card")]


def test_a_card_not_in_an_edited_deck_is_a_duplicate():
    options = options_from({"players": 4})
    deck = Deck({**options.deck.copies, cards("Z")[0]: 0}, options.deck.values)
    edited = replace(options, deck=deck)
    assert rules(4, (0, "J Z C D"), options=edited) == [(0, 1, "Z", "duplicate-card")]


def test_wrong_card_count():
    assert rules(4, (0, "J K Q"), (2, "T R S H")) == [(0, 0, "None", "wrong-card-count")]
    assert rules(4, (0, "J B C D T"))[0][3] == "wrong-card-count"
    assert rules(4, (0, "J B C")) == []  # the last trick may be in progress


def test_too_many_tricks_is_a_wrong_card_count():
    options = tiny({"J": [1, 8], "B": [2, 3], "?": [2, 0], "T": [1, 1]})
    found = rules(3, (0, "J ?=J B"), (0, "T ?=T B"), (0, "B B B"), options=options)
    assert (2, 0, "B", "wrong-card-count") in found


def test_messages_name_trick_seat_card_and_rule_with_player_names():
    h = hand(4, FIRST, (3, "T B A/E=E R"), (3, "S C T D"))
    (violation,) = check(h, options_from({"players": 4}), names={1: "Ana"})
    message = violation.message
    assert "Ana" in message and "trick 2" in message and "A/E=E" in message
    assert "rule: follow the letter led" in message
    assert violation.as_dict()["trick"] == 1 and violation.as_dict()["seat"] == 1


def test_opening_lead_messages_while_the_kitty_is_unknown():
    options = options_from({"players": 4})
    (plain,) = check(hand(4, (0, "T B C D")), options)
    assert plain.seat == 0
    assert "Seat 1 led the T to the first trick, but the J leads it" in plain.message
    (late,) = check(hand(4, (0, "K X Z V"), (2, "T R S J")), options)
    assert "the J was dealt" in late.message and "rule: opening lead" in late.message
