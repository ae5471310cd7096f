"""In-play points: same rank, runs (the seed's example), finish first."""

import pytest

from companion.cards.decktet import parse_card
from companion.games.follow_the_author import Play, PlayedSequence, hand_events, points_by_seat
from companion.games.follow_the_author.inplay import run_points, same_rank_points


def cards(*titles):
    return [parse_card(t) for t in titles]


def test_seed_example_9_court_8_then_a_pawn_scores_4():
    # 9, Court, 8 in alphabetical order: Darkness (9), Island (11), Mill (8); then a Pawn.
    sequence = cards("Darkness", "Island", "Mill", "Watchman")
    assert run_points(sequence) == 4


@pytest.mark.parametrize(
    "titles, points",
    [
        (("Author", "Desert"), 1),  # 2, 2
        (("Author", "Desert", "Origin"), 2),  # 2, 2, 2
        (("Battle", "Mountain"), 1),  # 4, 4
        (("Author", "Bard"), 0),
        (("Desert", "Excuse"), 0),
        (("Excuse", "Bard"), 0),
        (("Consul", "Excuse", "Rite"), 0),  # the Excuse breaks the chain
        (("Harvest", "Light Keeper"), 1),  # Pawns
    ],
)
def test_same_rank(titles, points):
    assert same_rank_points(cards(*titles)) == points


@pytest.mark.parametrize(
    "titles, points",
    [
        (("Author", "Journey", "Mountain"), 3),  # 2 3 4
        (("Journey", "Author", "Mountain"), 3),  # any order
        (("Author", "Mountain"), 0),  # only two cards
        (("Author", "Mountain", "Journey", "Forest"), 4),  # 2 4 3 5
        (("Mountain", "Author", "Forest", "Journey"), 4),  # last 3 fail, last 4 succeed
        (("Author", "Journey", "Excuse", "Mountain"), 0),
        (("Ace of Moons", "Author", "Journey"), 3),  # Ace is 1
        (("Author", "Desert", "Journey"), 0),  # a pair is no run
        (("Merchant", "Harvest", "Rite", "Sea"), 4),  # 9 Pawn Court Crown
        (("Window", "Sea", "Ace of Waves"), 0),  # Crown is not next to Ace
    ],
)
def test_runs(titles, points):
    assert run_points(cards(*titles)) == points


def sequence(*plays):
    return PlayedSequence(tuple(Play(int(p[0]), parse_card(p[2:])) for p in plays))


def test_events_name_the_play_over_the_whole_hand_and_the_seat_that_played():
    hand = [
        sequence("1:Bard", "0:Castle"),
        sequence("0:Darkness", "1:Island", "0:Mill", "1:Watchman"),
        sequence("1:Author", "0:Desert"),
    ]
    events = hand_events(hand, first_out=0)
    got = [(e.play, e.seat, e.kind, e.points) for e in events]
    assert got == [(5, 1, "run", 4), (7, 0, "same-rank", 1), (7, 0, "finish-first", 1)]
    assert points_by_seat(events) == {0: 2, 1: 4}


def test_sequences_do_not_carry_rank_or_runs_across():
    hand = [sequence("0:Author", "1:Journey"), sequence("0:Mountain", "1:Pact")]
    assert hand_events(hand) == []


def test_finish_first_without_first_out_scores_nothing():
    assert points_by_seat(hand_events([sequence("0:Author", "1:Desert")])) == {0: 0, 1: 1}
