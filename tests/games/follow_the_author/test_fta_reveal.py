"""When the sealed choices are revealed (the ruling in ``follow_the_author.reveal``), and the
Ace lead judged from how many cards a player holds. Engine only, no app."""

import pytest

from companion.cards.decktet import ACES, DECK, parse_card
from companion.games.follow_the_author import (
    Play,
    PlayedSequence,
    check_hand,
    legal_next,
    must_hold_non_ace,
    reveal_due,
    waiting_for,
)


@pytest.mark.parametrize(
    "out, agreed, due",
    [
        (None, (), False),
        (None, (0,), False),  # one phone's typed points (0 and 0 or any) are one seat's word
        (None, (1,), False),
        (None, (0, 1), True),  # both seats said the hand is over
        (None, [1, 0, 1], True),  # the same seat twice counts once
        (0, (), True),  # entered play by play: a seat played its last card
        (1, (0,), True),
    ],
)
def test_reveal_needs_a_seat_out_or_both_seats_word(out, agreed, due):
    assert reveal_due(out=out, agreed=agreed) is due


def test_waiting_for_names_the_seats_still_to_agree():
    assert waiting_for(()) == [0, 1]
    assert waiting_for({1}) == [0]
    assert waiting_for({0, 1}) == []


def test_a_player_holding_more_cards_than_unseen_aces_holds_a_non_ace():
    assert must_hold_non_ace(7, DECK)  # 6 Aces in the deck
    assert not must_hold_non_ace(6, DECK)
    assert not must_hold_non_ace(None, DECK)
    assert must_hold_non_ace(1, [c for c in DECK if not c.is_ace])
    assert not must_hold_non_ace(1, ACES[:1])


def test_legal_next_offers_no_ace_lead_to_a_player_who_must_hold_something_else():
    assert not [c for c in legal_next([], holding=10) if c.is_ace]
    assert len(legal_next([], holding=10)) == 39
    assert set(ACES) <= legal_next([], holding=6)
    gone = set(ACES[:3])  # three Aces played already: only three could be held
    assert not [c for c in legal_next([], holding=4, unavailable=gone) if c.is_ace]
    assert set(ACES[3:]) <= legal_next([], holding=3, unavailable=gone)
    assert set(ACES) <= legal_next([])  # nothing known: any lead


def test_holding_does_not_change_what_may_follow_a_card():
    author = parse_card("Author")
    assert legal_next([author], holding=10) == legal_next([author])


def test_a_lead_allowed_by_the_count_is_flagged_when_a_later_play_shows_a_non_ace():
    moons, castle = parse_card("Ace of Moons"), parse_card("Castle")
    hand = [PlayedSequence((Play(1, moons), Play(1, castle)))]
    found = check_hand(hand)
    assert [(v.play, v.seat, v.rule) for v in found] == [(0, 1, "ace-lead")]
    assert found[0].message == "Ace of Moons was led while other cards were in hand."
