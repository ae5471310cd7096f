from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards.alpha import DEFAULT_DECK, Deck
from companion.games.alphagrams.scoring import ranking, score, value_points, word_points

CASES = json.loads(
    (Path(__file__).parents[2] / "data" / "alphagrams" / "score_cases.json").read_text()
)


@pytest.mark.parametrize(
    ("value", "points"), [(0, 1), (1, 1), (6, 1), (7, 2), (8, 2), (9, 3), (10, 3)]
)
def test_card_points_by_value(value, points):
    assert value_points(value) == points


@pytest.mark.parametrize(
    ("word", "points"),
    [("TEAM", 4), ("QUIZ", 8), ("QUIz", 6), ("JINX", 6), ("jinx", 4), ("ZAX", 6), ("HHH", 3)],
)
def test_word_points(word, points):
    assert word_points(word) == points


def test_vowel_values_come_from_the_deck():
    data = DEFAULT_DECK.to_dict()
    cards = dict(data["cards"])  # type: ignore[call-overload]
    cards.update({"A/E": [3, 8], "A/I": [3, 8], "A/O": [3, 8], "A/U": [3, 8]})
    deck = Deck.from_dict({"cards": cards})
    assert word_points("TEAM", deck) == 5  # A: every A card is worth 8 -> +1
    assert word_points("TEaM", deck) == 4  # a wild scores as the wild


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden_scores(case):
    words = {int(s): ws for s, ws in case["words"].items()}
    points, order = score(words)
    assert {str(s): p for s, p in points.items()} == case["points"]
    assert order == case["ranking"]


def test_tie_broken_by_longest_then_next_longest():
    words = {0: ["CAT", "DOG", "EEL"], 1: ["TEAM", "HEN"], 2: ["TEAM", "ANT"]}
    points = {0: 9, 1: 9, 2: 9}
    assert ranking(words, points) == [1, 2, 0]  # 1 and 2 still tied: seat order
    words[2] = ["TEAM", "ANTS"]
    assert ranking(words, points) == [2, 1, 0]


def test_a_second_word_beats_none_in_a_tie():
    assert ranking({0: ["QUIZZES"], 1: ["QUIZZES", "A"]}, {0: 10, 1: 10}) == [1, 0]


@settings(deadline=None)
@given(
    st.dictionaries(
        st.integers(0, 4),
        st.lists(st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZabc", min_size=1, max_size=9), max_size=4),
        min_size=1,
    )
)
def test_ranking_is_a_permutation_sorted_by_points(words):
    points, order = score(words)
    assert sorted(order) == sorted(words)
    assert [points[s] for s in order] == sorted(points.values(), reverse=True)
    assert all(points[s] >= sum(len(w) for w in words[s]) for s in words)
