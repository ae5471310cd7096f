"""Every legality rule, table-driven in card notation.

A hand is written ``"leader: cards | leader: cards"``, cards in play order clockwise."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.cards.standard import Card
from companion.games.hearts import PRESETS, check_hand, options_from

STD = PRESETS["standard"]


def tricks(text: str) -> list[tuple[int, list[Card]]]:
    result = []
    for part in text.split("|"):
        leader, _, cards = part.partition(":")
        result.append((int(leader), [Card.parse(c) for c in cards.split()]))
    return result


def found(text: str, options=STD, **kw) -> list[tuple[int, int, str]]:
    report = check_hand(options, tricks(text), **kw)
    return [(v.trick, v.seat, v.rule) for v in report.violations]


T0 = "0: 2C 3C 4C 5C"  # seat 3 wins

CASES = [
    # opening lead
    ("0: 3C 4C 5C 2C", {}, [(0, 0, "opening-lead")]),
    (T0, {}, []),
    ("0: 2C 3C 4C 5C | 3: 6D 7D 8D 9D", {"players": 4}, []),
    # wrong leader: seat 3 won the first trick
    (T0 + " | 0: 6D 7D 8D 9D", {}, [(1, 0, "wrong-leader")]),
    # follow suit, shown by a later play
    (T0 + " | 3: 6C 7C 4H 8C | 2: 9C TC JC KC", {}, [(1, 1, "follow-suit")]),
    (T0 + " | 3: 6C 7C 4H 8C | 2: 9D TD JD KD", {}, []),
    # hearts not broken: seat 3 led a heart and later showed a diamond
    (T0 + " | 3: 2H 3H 4H 5H | 2: 2D 3D 4D 5D", {}, [(1, 3, "hearts-not-broken")]),
    (T0 + " | 3: 2H 3H 4H 5H | 2: 2D 3D 4D 5D", {"must_break_hearts": False}, []),
    # a leader with only hearts may lead one
    (T0 + " | 3: 2H 3H 4H 5H | 2: 6H 7H 8H 9H", {}, []),
    # hearts broken by a discard earlier
    (T0 + " | 3: 6C 7C 4H 8C | 2: 2H 3H 5H 6H | 1: 2D 3D 4D 5D", {}, []),
    (T0 + " | 3: 6D 7D 4H 8D | 2: 2H 3H 5H 6H | 1: 2S 3S 4S 5S", {}, []),
    # QS breaks hearts (option)
    (T0 + " | 3: 2S QS 3S 4S | 0: 2H 3H 4H 5H | 3: 2D 3D 4D 5D", {}, [(2, 0, "hearts-not-broken")]),
    (T0 + " | 3: 2S QS 3S 4S | 0: 2H 3H 4H 5H | 3: 2D 3D 4D 5D", {"qs_breaks_hearts": True}, []),
    # only hearts and the QS: may lead a heart (option)
    (T0 + " | 3: 2H 3H 4H 5H | 2: 6H QS 7H 8H", {}, [(1, 3, "hearts-not-broken")]),
    (T0 + " | 3: 2H 3H 4H 5H | 2: 6H QS 7H 8H", {"can_lead_hearts_instead_of_qs": True}, []),
    # no points on the first trick
    ("0: 2C 3C QS 5C | 3: 6D 7D 4D 8D", {}, [(0, 2, "points-on-first-trick")]),
    ("0: 2C 3C QS 5C | 3: 6D 7D 4D 8D", {"no_points_on_first_trick": False}, []),
    ("0: 2C 3C 9H 5C | 3: 6D 7D 4D 8D", {}, [(0, 2, "points-on-first-trick")]),
    # void in clubs holding only hearts and the QS: may discard either
    ("0: 2C 3C QS 5C | 3: 6D 7D 8D 4H", {}, []),
    ("0: 2C 3C 9H 5C | 3: 6D 7D 8D QS", {}, []),
    # duplicate card
    ("0: 2C 3C 2C 5C", {}, [(0, 2, "duplicate-card")]),
    # wrong card count: an earlier trick short, a trick too long
    ("0: 2C 3C 4C | 3: 6D", {}, [(0, 0, "wrong-card-count"), (1, 3, "wrong-leader")]),
    ("0: 2C 3C 4C 5C 6C", {}, [(0, 0, "wrong-card-count")]),
    # 3 players, 2D removed: the 2D is not in the deck
    ("0: 2C 3C 4C | 2: 2D 3D 4D", {"players": 3}, [(1, 2, "duplicate-card")]),
    # 5 players with cards removed: the 3C leads
    ("0: 3C 4C 5C 6C 7C", {"players": 5}, []),
    ("0: 4C 3C 5C 6C 7C", {"players": 5}, [(0, 0, "opening-lead")]),
]


@pytest.mark.parametrize(("text", "changes", "expected"), CASES)
def test_rules(text, changes, expected):
    assert found(text, replace(STD, **changes)) == expected


def test_follow_suit_message_names_seat_card_trick_and_rule():
    report = check_hand(STD, tricks(T0 + " | 3: 6C 7C 4H 8C | 2: 9C TC JC KC"))
    (v,) = report.violations
    assert v.seat == 1  # counted from 0 in the field, from 1 in words (as on the pages)
    assert v.message.startswith("Seat 2 played the 4H on trick 2 but held the KC")
    assert "had to follow clubs" in v.message
    named = check_hand(STD, tricks(T0 + " | 3: 6C 7C 4H 8C | 2: 9C TC JC KC"), names=["A", "Bo"])
    assert named.violations[0].message.startswith("Bo played the 4H")


@pytest.mark.parametrize(
    ("kitty", "lead", "expected"),
    [
        (["2C"], "3C", []),
        ([], "3C", [(0, 0, "opening-lead")]),
        (["5D"], "3C", [(0, 0, "opening-lead")]),
    ],
)
def test_kitty_lead_is_the_lowest_club_outside_it(kitty, lead, expected):
    options = options_from({"players": 3, "odd_deal": "kitty"})
    text = f"0: {lead} 4C 5C | 2: 2C 6C 7C" if "2C" not in kitty else f"0: {lead} 4C 5C"
    assert found(text, options, kitty=[Card.parse(c) for c in kitty] or None) == expected


def test_unknown_kitty_judges_the_lead_when_a_lower_club_shows_up():
    options = options_from({"players": 3, "odd_deal": "kitty"})
    assert found("0: 3C 4C 5C", options) == []
    assert found("0: 3C 4C 5C | 2: 2C 6C 7C", options)[0] == (0, 0, "opening-lead")


@pytest.mark.parametrize(
    ("text", "dealer", "expected"),
    [
        ("1: 5D 6D 7D 8D", 0, []),
        ("2: 5D 6D 7D 8D", 0, [(0, 2, "opening-lead")]),
        ("1: 5H 6H 7H 8H | 0: 2D 3D 4D 5D", 0, [(0, 1, "hearts-not-broken")]),
    ],
)
def test_left_of_dealer_leads_any_card_but_no_heart(text, dealer, expected):
    options = replace(STD, first_lead="left-of-dealer", no_points_on_first_trick=False)
    assert found(text, options, dealer=dealer) == expected


def test_revoke_penalty_gives_the_revoker_26():
    options = replace(STD, revoke_penalty=True)
    report = check_hand(options, tricks(T0 + " | 3: 6C 7C 4H 8C | 2: 9C TC JC KC"))
    assert report.hand_scores == {0: 0, 1: 26, 2: 0, 3: 0}


def test_too_many_tricks_is_a_card_count_problem():
    text = " | ".join(["0: 2C 3C 4C 5C"] + ["3: 6D 7D 8D 9D"] * 0)
    assert found(text) == []
    many = check_hand(options_from({"players": 6}), [(0, [])] * 10)
    assert "wrong-card-count" in {v.rule for v in many.violations}
