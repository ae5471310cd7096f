"""The one-walk in-play points and legality (issue 20, bounded work) give exactly what the
plain definitions give: every run length tried, every later play searched. The plain versions
are kept here as the reference, and Hypothesis compares them over random plays (cards may
repeat, Excuses and Aces included, which a real deal never has but the API may be sent)."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards.decktet import DECK, DecktetCard
from companion.games.follow_the_author import inplay
from companion.games.follow_the_author.play import (
    Play,
    PlayedSequence,
    check_hand,
    flatten,
    judge,
)


def plain_run_points(cards: Sequence[DecktetCard]) -> int:
    best = 0
    for length in range(3, len(cards) + 1):
        ranks = [c.rank for c in cards[-length:]]
        known = [r for r in ranks if r is not None]
        if len(known) == len(ranks) and len(set(known)) == len(known):
            if max(known) - min(known) == len(known) - 1:
                best = length
    return best


def plain_same_rank(cards: Sequence[DecktetCard]) -> int:
    last, count = cards[-1], 0
    for card in reversed(cards[:-1]):
        if last.rank is None or card.rank != last.rank:
            break
        count += 1
    return count


def plain_check(sequences: Sequence[PlayedSequence], descending: bool) -> list[object]:
    plays = flatten(sequences)
    found, index = [], 0
    for sequence in sequences:
        previous = None
        for play in sequence.plays:
            later = any(p.seat == play.seat and not p.card.is_ace for p in plays[index + 1 :])
            broken = judge(previous, play.card, descending=descending, holds_non_ace=later)
            if broken:
                found.append((index, play.seat, play.card, *broken))
            previous, index = play.card, index + 1
    return found


cards = st.lists(st.sampled_from(DECK), min_size=1, max_size=30)
plays = st.lists(st.builds(Play, st.integers(0, 1), st.sampled_from(DECK)), max_size=12)
hands = st.lists(st.builds(PlayedSequence, plays.map(tuple), st.booleans()), max_size=4)


@settings(max_examples=300, deadline=None)
@given(cards)
def test_run_and_same_rank_points_match_the_plain_definitions(played):
    assert inplay.run_points(played) == plain_run_points(played)
    assert inplay.same_rank_points(played) == plain_same_rank(played)


@settings(max_examples=200, deadline=None)
@given(cards, st.lists(st.integers(0, 1), min_size=30, max_size=30))
def test_sequence_events_match_the_plain_definitions(played, seats):
    events = inplay.sequence_events(played, seats, start=3)
    expected = []
    for i in range(1, len(played)):
        same, run = plain_same_rank(played[: i + 1]), plain_run_points(played[: i + 1])
        if same:
            expected.append(inplay.PointEvent(3 + i, seats[i], "same-rank", same))
        if run:
            expected.append(inplay.PointEvent(3 + i, seats[i], "run", run))
    assert events == expected


@settings(max_examples=200, deadline=None)
@given(hands, st.booleans())
def test_check_hand_matches_the_plain_definition(sequences, descending):
    found = check_hand(sequences, descending=descending)
    assert [(v.play, v.seat, v.card, v.rule, v.message) for v in found] == plain_check(
        sequences, descending
    )


def test_a_long_run_is_found_whole():
    """Ace to Crown in any order is one run of 12: the walk back reaches all of them."""
    by_rank = {c.rank: c for c in DECK if c.rank is not None}
    order = [by_rank[r] for r in (5, 4, 6, 3, 7, 2, 8, 1, 9, 10, 11, 12)]
    assert inplay.run_points(order) == 12 == plain_run_points(order)
