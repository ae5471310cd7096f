"""Oh Hell: the schedule, the scoring options and bids, worked by hand from RULES.md."""

from __future__ import annotations

import pytest

from companion.errors import Unreadable
from companion.games.oh_hell.options import OhHellOptions, options_from, schedule
from companion.games.oh_hell.scoring import points, read_bid, score_hand, winners


def test_the_worked_example():
    result = score_hand({0: 2, 1: 0, 2: 1, 3: 1}, {0: 2, 1: 1, 2: 1, 3: 1}, OhHellOptions())
    assert result == {0: 12, 1: 0, 2: 11, 3: 11}


@pytest.mark.parametrize(
    ("scoring", "bid", "took", "want"),
    [("exact", 3, 3, 13), ("exact", 3, 2, 0), ("exact", 0, 0, 10),
     ("tricks", 3, 3, 13), ("tricks", 3, 5, 5), ("tricks", 0, 0, 10),
     ("penalty", 3, 3, 13), ("penalty", 3, 5, -2), ("penalty", 2, 0, -2)],
)  # fmt: skip
def test_each_scoring(scoring, bid, took, want):
    assert points(bid, took, scoring) == want


@pytest.mark.parametrize(
    ("players", "kind", "sizes"),
    [(4, "down-up", [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
     (6, "down", [8, 7, 6, 5, 4, 3, 2, 1]),
     (7, "up", [1, 2, 3, 4, 5, 6, 7]),
     (7, "up-down", [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]),
     (3, 5, [5] * 19)],
)  # fmt: skip
def test_the_hand_sizes(players, kind, sizes):
    assert schedule(OhHellOptions(players=players, schedule=kind)) == sizes


def test_the_default_schedule_is_19_hands_at_three_to_five():
    for players in (3, 4, 5):
        assert len(schedule(OhHellOptions(players=players))) == 19


def test_bids_run_from_nothing_to_the_hand_size():
    assert read_bid("0", 5) == 0
    assert read_bid(5, 5) == 5
    with pytest.raises(Unreadable, match="from 0 to 5"):
        read_bid(6, 5)


def test_ties_share_the_win():
    assert winners({0: 50, 1: 62, 2: 62}) == [1, 2]


def test_options_refuse_in_words():
    assert options_from({"players": 5, "schedule": "3"}).schedule == 3
    with pytest.raises(Unreadable, match="3 to 7 players"):
        options_from({"players": 8})
    with pytest.raises(Unreadable, match="from 1 to 13"):
        options_from({"players": 4, "schedule": 14})
    with pytest.raises(Unreadable, match="'scoring'"):
        options_from({"scoring": "golf"})
