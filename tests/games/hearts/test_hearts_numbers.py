"""Hearts by numbers (``points``): each seat's points for a hand, no cards; from event lists."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.errors import Forbidden, Unreadable
from companion.games.hearts import numbers
from companion.games.hearts.table.actions import GAME
from companion.games.hearts.table.options import parse_options
from tests.games.hearts.test_hearts_table import ANN, BEN, HOST, Table


def points(hand: int, *values: object, **extra: object) -> tuple[str, dict, dict]:
    return "points", {"hand": hand}, {"points": {str(s): v for s, v in enumerate(values)}, **extra}


def test_points_score_the_hand_as_typed_and_blank_is_zero():
    t = Table()
    t.act(*points(1, 15, "4", 7, ""))
    assert t.totals() == [15, 4, 7, 0]
    assert t.state.hands[0].source == "points"
    assert t.state.open_number == 2
    assert GAME.describe(t.events[-1], ["Ann", "Bob", "Cy", "Dee"]).endswith(
        "hand 1 by points: Ann 15, Bob 4, Cy 7, Dee 0"
    )


@pytest.mark.parametrize(
    "values, message",
    [
        ((15, 4, 7, 2), "add up to 28; a hand's points add up to 26"),
        ((10, 9, 7, 0), "No deal gives these points"),  # nobody has the QS's 13
        ((27, -1, 0, 0), "No deal gives these points"),
    ],
)
def test_points_that_no_deal_gives_are_refused_and_nothing_is_stored(values, message):
    t = Table()
    with pytest.raises(Forbidden, match=message):
        t.act(*points(1, *values))
    assert t.events == [] and t.totals() == [0, 0, 0, 0]


@pytest.mark.parametrize("bad", ["x", "1.5", "12345", [3]])
def test_points_that_are_not_whole_numbers_are_unreadable(bad):
    with pytest.raises(Unreadable, match="Seat 2's points must be a whole number"):
        Table().act(*points(1, 13, bad, 13, 0))


def test_all_twenty_six_to_one_seat_is_the_moon_the_numbers_say():
    t = Table()  # standard: the moon adds 26 to everyone else
    t.act(*points(1, 0, 26, 0, 0))
    assert t.state.hands[0].shooter is not None and t.state.hands[0].shooter.seat == 1
    assert t.totals() == [26, 0, 26, 26]


def test_the_moon_button_names_the_shooter_and_the_choice_goes_to_their_phone():
    t = Table(preset="omnibus")  # moon: the shooter chooses; JD -10
    with pytest.raises(Unreadable, match="Pick who took the J\u2666 in its box"):
        t.act("points", {"hand": 1}, {"moon": 2})
    t.act("points", {"hand": 1}, {"moon": 2, "bonus": 0})
    hand = t.state.hands[0]
    assert hand.shooter is not None and hand.shooter.seat == 2 and hand.choice_required
    t.act("moon", {"hand": 1}, {"choice": "subtract"}, actor=HOST)
    assert t.totals() == [-10, 0, -26, 0]


def test_with_a_bonus_card_sixteen_points_is_not_read_as_a_moon():
    t = Table(preset="omnibus")
    t.act(*points(1, 16, 0, 0, 0))
    assert t.state.hands[0].shooter is None
    assert t.totals() == [16, 0, 0, 0]


def test_a_numbers_hand_is_corrected_by_cards_and_back_in_its_one_slot():
    t = Table()
    t.act(*points(1, 13, 13, 0, 0), actor=ANN)
    t.act(*points(2, 0, 0, 13, 13), actor=BEN)
    t.act("taken", {"hand": 1}, {"taken": {"0": ["QS"], "2": ["2H"]}, "rest": "1"})
    assert t.totals() == [13, 12, 14, 13]
    assert t.state.hands[0].source == "taken"
    t.act(*points(1, 20, 6, 0, 0))
    assert t.totals() == [20, 6, 13, 13]
    assert t.refold() == t.state


def test_the_deal_made_up_for_numbers_gives_every_card_once_and_the_same_points():
    options = parse_options({"players": 5, "preset": "omnibus"}).rules
    taken = numbers.cards_for_points(options, {0: 3, 1: 23, 2: -10, 3: 0, 4: 0})
    cards = Counter(str(c) for seat in taken.values() for c in seat)
    assert all(n == 1 for n in cards.values()) and len(cards) == 15  # 13 hearts, QS, JD
    assert [str(c) for c in taken[2]] == ["JD"]
