"""Hypothesis properties: random legal hands break no rule; round-end points are symmetric."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards.decktet import DECK, SUITS
from companion.games.follow_the_author import (
    CATEGORIES,
    Play,
    PlayedSequence,
    check_hand,
    hand_events,
    legal_next,
    score_round,
)
from companion.games.follow_the_author.rounds import TO_PLAY


def play_random_hand(data, deck, desc):
    """Deal 10 cards each and play legal cards, closing sequences when nobody can go on
    (or, at random, after an Ace or when the other player chooses to stop)."""
    hands = [set(deck[:TO_PLAY]), set(deck[TO_PLAY : 2 * TO_PLAY])]
    sequences, current, turn = [], [], 0
    while hands[0] and hands[1]:
        last = current[-1] if current else None
        ended_by_ace = last is not None and last.card.is_ace and data.draw(st.booleans())
        seat, allowed = _who_can_play(current, hands, turn, desc)
        if ended_by_ace or seat is None or (current and data.draw(st.integers(0, 9)) == 0):
            sequences.append(PlayedSequence(tuple(current), ended_by_ace))
            current, turn = [], (last.seat if last else turn)
            continue
        card = data.draw(st.sampled_from(sorted(allowed, key=str)))
        hands[seat].discard(card)
        current.append(Play(seat, card))
        turn = 1 - seat
    if current:
        sequences.append(PlayedSequence(tuple(current)))
    return sequences


def _who_can_play(current, hands, turn, desc):
    for seat in (turn, 1 - turn):
        allowed = legal_next([p.card for p in current], hand=hands[seat], descending=desc)
        if allowed:
            return seat, allowed
    return None, frozenset()


@settings(max_examples=150, deadline=None)
@given(deck=st.permutations(DECK), desc=st.booleans(), data=st.data())
def test_any_legal_hand_gives_no_violations(deck, desc, data):
    sequences = play_random_hand(data, deck, desc)
    assert check_hand(sequences, descending=desc) == []
    events = hand_events(sequences, first_out=0)
    assert all(e.points > 0 for e in events)


@settings(max_examples=200, deadline=None)
@given(
    deck=st.permutations(DECK),
    cut=st.tuples(st.integers(0, 45), st.integers(0, 45)),
    scoring=st.tuples(st.sampled_from(SUITS), st.sampled_from(SUITS)),
    danger=st.tuples(st.sampled_from(SUITS), st.sampled_from(SUITS)),
)
def test_round_points_are_symmetric_when_stores_and_suits_swap(deck, cut, scoring, danger):
    low, high = sorted(cut)
    store0, store1 = deck[:low], deck[low:high]
    result = score_round([store0, store1], scoring, danger)
    swapped = score_round([store1, store0], scoring[::-1], danger[::-1])
    assert result.breakdown(0) == swapped.breakdown(1)
    assert result.breakdown(1) == swapped.breakdown(0)
    assert result.points == swapped.points[::-1]
    assert tuple(result.breakdown(0)) == CATEGORIES
