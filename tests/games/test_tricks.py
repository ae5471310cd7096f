"""The game-agnostic trick bookkeeping, on standard cards in card notation."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from companion.cards.standard import Card
from companion.games.tricks import Hand, seat_name


def high_of_lead(cards: Sequence[Card]) -> int:
    led = cards[0].suit
    return max(range(len(cards)), key=lambda i: (cards[i].suit == led, cards[i].rank_index))


def hand(players: int, *tricks: tuple[int, str]) -> Hand[Card]:
    return Hand.of(
        players, [(lead, [Card.parse(c) for c in text.split()]) for lead, text in tricks]
    )


def test_seats_follow_clockwise_from_the_leader():
    h = hand(4, (2, "2C KC AC 3C"))
    assert [p.seat for p in h.plays()] == [2, 3, 0, 1]
    assert h.tricks[0].card_of(0, 4) == Card.parse("AC")
    assert h.winners(high_of_lead) == [0]
    assert [str(c) for c in h.taken(high_of_lead)[0]] == ["2C", "KC", "AC", "3C"]
    assert h.tricks_taken(high_of_lead) == {0: 1, 1: 0, 2: 0, 3: 0}


def test_an_incomplete_last_trick_has_no_winner_and_no_violation():
    h = hand(4, (0, "2C KC AC 3C"), (2, "5D"))
    assert h.winners(high_of_lead) == [2]
    assert h.count_violations() == []
    assert h.leader_violations(high_of_lead) == []


@pytest.mark.parametrize(
    ("tricks", "bad"),
    [
        ([(0, "2C KC AC"), (2, "5D")], [0]),
        ([(0, "2C KC AC 3C 4C")], [0]),
        ([(0, "2C KC AC 3C 4C"), (2, "5D")], [0]),
        ([(0, "2C KC AC 3C"), (2, "")], []),
        ([(0, "2C KC AC 3C"), (2, ""), (2, "5D")], [1]),
    ],
)
def test_wrong_card_count(tricks, bad):
    found = hand(4, *tricks).count_violations()
    assert [v.trick for v in found] == bad
    assert all(v.rule == "wrong-card-count" for v in found)


def test_wrong_leader_names_the_winner():
    h = hand(4, (0, "2C KC AC 3C"), (1, "5D"))
    (v,) = h.leader_violations(high_of_lead, names=["Ann", "Bob", "Cy", "Di"])
    assert (v.trick, v.seat, str(v.card), v.rule) == (1, 1, "5D", "wrong-leader")
    assert "Bob led trick 2" in v.message and "Cy won trick 1" in v.message


def test_held_is_what_the_seat_plays_from_that_trick_on():
    h = hand(4, (0, "2C KC AC 3C"), (2, "5D 6D 7D 8D"))
    assert [str(c) for c in h.held(3, 0)] == ["3C", "6D"]
    assert [str(c) for c in h.held(3, 1)] == ["6D"]


def test_revoke_is_shown_by_a_later_play():
    h = hand(4, (0, "2C KC AH 3C"), (1, "5D 8C 7D 6D"))
    same_suit = lambda lead, card: lead.suit == card.suit  # noqa: E731
    ((play, evidence),) = h.revokes(same_suit)
    assert (play.trick, play.seat, str(play.card)) == (0, 2, "AH")
    assert (evidence.trick, str(evidence.card)) == (1, "8C")


def test_duplicates_count_the_set_aside_cards_and_deck_copies():
    h = hand(4, (0, "2C KC AC 2C"))
    assert [(v.trick, v.seat) for v in h.duplicate_violations()] == [(0, 3)]
    kitty = [Card.parse("KC")]
    assert [v.seat for v in h.duplicate_violations(set_aside=kitty)] == [1, 3]
    assert h.duplicate_violations(copies=lambda c: 2) == []
    (v,) = hand(4, (0, "2D")).duplicate_violations(copies=lambda c: 0)
    assert "not in the deck" in v.message


def test_seat_names_count_from_one_as_the_pages_do():
    assert seat_name(0) == "Seat 1"
    assert seat_name(2) == "Seat 3"
    assert seat_name(1, {1: "Bob"}) == "Bob"
    assert seat_name(3, ["A", "B"]) == "Seat 4"
