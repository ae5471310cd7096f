"""Spades scoring from bids and tricks, worked by hand from RULES.md."""

from __future__ import annotations

import pytest

from companion.errors import Unreadable
from companion.games.spades.options import SpadesOptions, options_from
from companion.games.spades.scoring import (
    blind_nil_allowed,
    read_bid,
    score_hand,
    team_hand,
    winners,
)

DEFAULT = SpadesOptions()


def seats(*values):
    return dict(enumerate(values))


def test_the_worked_example():
    # Ann 4, Bob 3, Cy nil, Dee 2; tricks 5, 4, 0, 4
    result = score_hand(seats(4, 3, "nil", 2), seats(5, 4, 0, 4), (0, 0), DEFAULT)
    assert result.points == (141, 53)
    assert result.bags == (1, 3)
    assert result.teams[0].nils == ((2, True),)


def test_a_set_contract_loses_ten_a_trick():
    # team 0 bid 4 + 5 = 9 and took 8; team 1 bid 2 + 1 = 3 and took 5
    result = score_hand(seats(4, 2, 5, 1), seats(4, 3, 4, 2), (0, 0), DEFAULT)
    assert result.points == (-90, 32)
    assert result.teams[0].made is False
    assert result.bags == (0, 2)


def test_a_failed_nil_loses_100_and_its_tricks_are_bags():
    # Cy bid nil and took 2; Ann bid 4 and took 4: contract made, 2 bags from the nil
    result = score_hand(seats(4, 3, "nil", 3), seats(4, 4, 2, 3), (0, 0), DEFAULT)
    assert result.teams[0].points == 40 + 2 - 100
    assert result.bags[0] == 2


def test_the_nil_bidders_tricks_can_count_toward_the_contract():
    counted = SpadesOptions(nil_tricks_count=True)
    # Ann bid 5 and took 4, Cy (nil) took 1: made only when the nil's trick counts
    assert team_hand(0, seats(5, 3, "nil", 3), seats(4, 4, 1, 4), DEFAULT).made is False
    hand = team_hand(0, seats(5, 3, "nil", 3), seats(4, 4, 1, 4), counted)
    assert (hand.made, hand.points) == (True, 50 - 100)


def test_blind_nil_is_worth_200():
    result = score_hand(seats(5, 3, "blind-nil", 3), seats(6, 4, 0, 3), (0, 0), DEFAULT)
    assert result.points[0] == 50 + 1 + 200


def test_ten_bags_cost_100_and_come_off():
    # team 1 carries 8 bags and adds 3 (bid 2 + 3, took 8): 11 bags, one penalty, 1 left
    result = score_hand(seats(3, 2, 2, 3), seats(3, 5, 2, 3), (0, 8), DEFAULT)
    assert result.points[1] == 50 + 3 - 100
    assert result.bags[1] == 1
    assert result.penalties == (0, 1)


def test_bags_without_the_penalty_just_add_up():
    result = score_hand(seats(3, 2, 2, 3), seats(3, 5, 2, 3), (0, 8), SpadesOptions(bags=False))
    assert result.points[1] == 53
    assert result.bags[1] == 11


@pytest.mark.parametrize(
    ("sent", "bid"), [(4, 4), ("13", 13), ("nil", "nil"), (" Nil ", "nil"), (0, "nil"),
                      ("blind-nil", "blind-nil")],
)  # fmt: skip
def test_bids_read(sent, bid):
    assert read_bid(sent) == bid


@pytest.mark.parametrize("sent", [14, -1, True, "x", None, 2.5])
def test_bad_bids_are_refused_in_words(sent):
    with pytest.raises(Unreadable, match="1 to 13, nil or blind nil"):
        read_bid(sent)


def test_blind_nil_only_when_allowed_and_100_behind():
    allowed = SpadesOptions(blind_nil=True)
    assert blind_nil_allowed(0, (100, 200), allowed)
    assert not blind_nil_allowed(0, (101, 200), allowed)
    assert not blind_nil_allowed(0, (0, 200), DEFAULT)


@pytest.mark.parametrize(
    ("totals", "won"),
    [((499, 480), None), ((500, 480), [0]), ((510, 530), [1]), ((520, 520), None),
     ((-200, 300), None)],
)  # fmt: skip
def test_the_game_ends_at_the_target(totals, won):
    assert winners(totals, DEFAULT) == won


def test_a_team_at_the_losing_line_loses():
    assert winners((-200, 150), SpadesOptions(lose_at=-200)) == [1]
    assert winners((-199, 150), SpadesOptions(lose_at=-200)) is None


def test_options_read_with_defaults_and_refuse_in_words():
    assert options_from({}) == DEFAULT
    assert options_from({"target": 300, "bags": False}).target == 300
    assert options_from({"bags": "no", "lose_at": "", "target": "300"}).bags is False
    with pytest.raises(Unreadable, match="four players"):
        options_from({"players": 5})
    with pytest.raises(Unreadable, match="'target'"):
        options_from({"target": "lots"})
