"""Bidding in turn and trick play with trumps, shared by Spades and Oh Hell."""

from __future__ import annotations

from companion.cards.standard import Card
from companion.games.trickgame.bids import bid_order, hook_value, hooked, next_bidder
from companion.games.trickgame.trumps import Rules, check, winner_with
from companion.games.tricks import Hand


def cards(text):
    return [Card.parse(c) for c in text.split()]


def hand(*tricks):
    return Hand.of(4, [(leader, cards(text)) for leader, text in tricks])


def test_bids_go_round_from_the_dealers_left():
    assert bid_order(3, 4) == [0, 1, 2, 3]
    assert bid_order(1, 5) == [2, 3, 4, 0, 1]
    assert next_bidder(1, 4, {2: 3, 3: 1}) == 0
    assert next_bidder(1, 4, {0: 1, 1: 2, 2: 3, 3: 1}) is None


def test_the_hook():
    # 5 cards, bids 2, 0, 1 so far: the dealer may not bid 2
    assert hook_value(5, {0: 2, 1: 0, 2: 1}) == 2
    assert hooked(5, {0: 2, 1: 0, 2: 1}, 2)
    assert not hooked(5, {0: 2, 1: 0, 2: 1}, 1)
    assert hook_value(5, {0: 4, 1: 2, 2: 1}) is None


def test_the_highest_trump_wins_else_the_suit_led():
    assert winner_with("S")(cards("AH 2S KH 3S")) == 3
    assert winner_with("S")(cards("AH KD KH QH")) == 0
    assert winner_with(None)(cards("9C AS TC 2C")) == 2


SPADES = Rules(trump="S", trumps_broken_to_lead=True, tricks=13, first_leader=1)


def test_a_clean_start_has_no_violation():
    tricks = hand((1, "2C AC 3C 4C"), (2, "KD 2S 5D 6D"), (3, "AS 3S 4S 5S"))
    assert check(tricks, SPADES) == []


def test_leading_spades_before_they_are_broken_is_named():
    # Bob leads the ace of spades on trick 1 and later shows a club he held
    tricks = hand((1, "AS 2S 3S 4S"), (1, "KC 2C 3C 4C"))
    found = check(tricks, SPADES)
    assert [v.rule for v in found] == ["trumps-not-broken"]
    assert "held the KC" in found[0].message


def test_a_leader_with_only_spades_may_lead_them():
    tricks = hand((1, "AS 2S 3S 4S"), (1, "KS 2C 3C 4C"))
    assert [v.rule for v in check(tricks, SPADES)] == []


def test_not_following_suit_is_named():
    tricks = hand((1, "2C 5D 3C 4C"), (0, "AD 9D 6C 7D"))
    found = check(tricks, SPADES)
    assert [(v.rule, v.seat, str(v.card)) for v in found] == [("follow-suit", 2, "5D")]


def test_the_wrong_seat_leading_is_named():
    found = check(hand((0, "2C 5C 3C 4C")), SPADES)
    assert [v.rule for v in found] == ["opening-lead"]
    found = check(hand((1, "2C 5C 3C 4C"), (1, "2D 3D 4D 5D")), SPADES)
    assert [v.rule for v in found] == ["wrong-leader"]


def test_no_trumps_has_no_lead_rule():
    oh_hell = Rules(trump=None, trumps_broken_to_lead=False, tricks=5, first_leader=1)
    assert check(hand((1, "AS 2S 3S 4S"), (1, "KC 2C 3C 4C")), oh_hell) == []


def test_a_card_entered_twice_is_named():
    found = check(hand((1, "2C AC 3C 4C"), (2, "2C 5C 6C 7C")), SPADES)
    assert "duplicate-card" in [v.rule for v in found]
