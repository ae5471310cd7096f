"""Points, Flying by Night, words and challenges, the kitty, totals and the game's end."""

from __future__ import annotations

import pytest

from companion.errors import Unreadable
from companion.games.consonants import (
    Challenge,
    can_make,
    check_hand,
    deck_points,
    game_over,
    hand_scores,
    lay_words,
    options_from,
    read_word,
    running_totals,
    score_taken,
    winners,
    word_points,
)

from .helpers import cards, played

FOUR = options_from({"players": 4})
SIX = "J K Q V X Z"


def taken(**seats: str) -> dict[int, list]:
    return {int(k[1:]): cards(v) for k, v in seats.items()}


def test_points_are_consonant_values_singletons_twenty():
    report = score_taken(FOUR, taken(s0="J T H A/E ?", s1="B W", s2="", s3="Z"))
    assert report.points == {0: 20 + 1 + 4, 1: 3 + 4, 2: 0, 3: 20}
    assert report.hand_scores == report.points
    assert report.flying_by_night is None and not report.choice_required


def test_default_deck_gives_out_204_points():
    assert deck_points(FOUR.deck) == 204


@pytest.mark.parametrize(
    ("choice", "scores"),
    [("subtract", {0: -50, 1: 3, 2: 0, 3: 0}), ("add", {0: 0, 1: 53, 2: 50, 3: 50})],
)
def test_flying_by_night(choice, scores):
    report = score_taken(FOUR, taken(s0=SIX + " T", s1="B"), flying_choice=choice)
    assert report.flying_by_night == 0
    assert report.points[0] == 121  # as taken; the flyer scores 0 in hand_scores
    assert report.hand_scores == scores


def test_flying_by_night_without_a_choice_requires_one():
    report = score_taken(FOUR, taken(s0=SIX, s1="B"))
    assert report.choice_required and report.hand_scores is None


def test_five_singletons_is_no_flight():
    report = score_taken(FOUR, taken(s0="J K Q V X", s1="Z"))
    assert report.flying_by_night is None and report.hand_scores == {0: 100, 1: 20, 2: 0, 3: 0}


@pytest.mark.parametrize(
    ("letters", "hand", "ok"),
    [
        ("BOAT", "B O/U A/E T", True),
        ("BOAT", "B A/O A/E T", True),  # A/O must give the O, A/E the A
        ("BOAT", "B A/O A/O T", True),
        ("BOAT", "B A/O T ?", False),  # a wild never makes a letter
        ("BOAT", "B O/U T", False),
        ("TOTE", "T O/U E/I", False),  # the T card is used once
        ("TOTE", "T T O/U E/I", True),
    ],
)
def test_can_make_uses_either_side_never_wilds_each_card_once(letters, hand, ok):
    assert can_make(letters, cards(hand)) is ok


def test_lay_words_shares_no_card_and_refuses_short_words():
    laid, refused = lay_words(["BOAT", "TOAD", "BAT"], cards("B O/U A/E T A/O D"))
    assert laid == ["BOAT"] and refused == ["TOAD", "BAT"]


def test_word_cards_do_not_score():
    report = score_taken(FOUR, taken(s0="B O/U A/E T H"), {0: ["BOAT"]})
    assert report.points[0] == 4  # only the H
    assert report.words == {0: ["BOAT"], 1: [], 2: [], 3: []}


def test_a_word_not_from_own_cards_is_refused_and_scores_nothing_off():
    report = score_taken(FOUR, taken(s0="B O/U T", s1="A/E"), {0: ["BOAT"], 1: ["EAT"]})
    assert [(v.seat, v.rule) for v in report.violations] == [(0, "word-cards"), (1, "word-length")]
    assert report.points[0] == 4 and report.words[0] == []


def test_word_points_use_consonant_values_singletons_twenty():
    assert word_points("BOAT", FOUR.deck) == 4
    assert word_points("JAZZ", FOUR.deck) == 60


def test_a_good_challenge_of_a_valid_word():
    # seat 0's BOAT stands: seat 0 (winner) subtracts 4, challenger seat 1 adds 4
    report = score_taken(
        FOUR,
        taken(s0="B O/U A/E T H", s1="D"),
        {0: ["BOAT"]},
        [Challenge(0, "BOAT", 1)],
        is_word=lambda w: w == "BOAT",
    )
    assert report.challenges[0].as_dict() == {
        "word": "BOAT",
        "seat": 0,
        "challenger": 1,
        "valid": True,
        "points": 4,
    }
    assert report.points == {0: 4, 1: 2, 2: 0, 3: 0}
    assert report.hand_scores == {0: 0, 1: 6, 2: 0, 3: 0}


@pytest.mark.parametrize(("failed_score", "points0"), [(True, 8), (False, 4)])
def test_a_failed_word_was_never_laid(failed_score, points0):
    options = options_from({"players": 4, "failed_words_score": failed_score})
    report = score_taken(
        options,
        taken(s0="B O/U A/E T H", s1="D"),
        {0: ["BOTA"]},
        [Challenge(0, "BOTA", 1)],
        is_word=lambda w: False,
    )
    assert report.challenges[0].valid is False
    assert report.words[0] == []
    assert report.points == {0: points0, 1: 2, 2: 0, 3: 0}
    # challenger seat 1 wins: -4; seat 0 loses: +4
    assert report.hand_scores == {0: points0 + 4, 1: -2, 2: 0, 3: 0}


def test_challenges_of_unlaid_or_own_words_are_refused():
    report = score_taken(
        FOUR,
        taken(s0="B O/U A/E T"),
        {0: ["BOAT"]},
        [Challenge(0, "BOAT", 0), Challenge(0, "TOAD", 1), Challenge(0, "BOAT", 2)]
        + [Challenge(0, "BOAT", 2)],
        is_word=lambda w: True,
    )
    assert [v.rule for v in report.violations] == ["challenge"] * 3
    assert len(report.challenges) == 1


def test_a_challenge_without_a_lexicon_is_unreadable():
    with pytest.raises(Unreadable):
        score_taken(FOUR, taken(s0="B O/U A/E T"), {0: ["BOAT"]}, [Challenge(0, "BOAT", 1)])


def test_card_count_against_the_deck():
    report = score_taken(FOUR, taken(s0="J", s1="J T T", s2="T T"))
    assert [(v.seat, str(v.card), v.rule) for v in report.violations] == [
        (1, "J", "duplicate-card"),
        (2, "T", "duplicate-card"),
    ]


def test_read_word():
    assert read_word(" boat ") == "BOAT"
    with pytest.raises(Unreadable):
        read_word("BO4T")
    with pytest.raises(Unreadable):
        read_word(7)


def test_the_kitty_goes_to_the_last_tricks_winner():
    options = options_from(
        {"players": 3, "pass_count": 0, "deck": {"cards": {c: [1, 2] for c in "JKBCDFG"}}}
    )
    tricks = [(0, played("K B C")), (0, played("D F G"))]
    report = check_hand(options, tricks)
    assert report.complete and report.winners == (0, 2)
    assert [str(c) for c in report.taken[2]] == ["D", "F", "G", "J"]
    assert report.points == {0: 24, 1: 0, 2: 26}
    with_kitty = check_hand(options, tricks, kitty=cards("J"))
    assert with_kitty.taken == report.taken


def test_flying_by_night_from_tricks_with_the_kitty():
    options = options_from(
        {"players": 3, "pass_count": 0, "deck": {"cards": {c: [1, 2] for c in "JKQVXZB"}}}
    )
    tricks = [(0, played("J B K")), (2, played("Z Q V"))]
    report = check_hand(options, tricks)
    assert report.taken[2] and report.flying_by_night == 2 and report.choice_required
    done = check_hand(options, tricks, flying_choice="subtract")
    assert done.hand_scores == {0: 0, 1: 0, 2: -50}
    added = check_hand(options, tricks, flying_choice="add")
    assert added.hand_scores == {0: 50, 1: 50, 2: 0}


def test_hand_scores_without_flight_are_the_points():
    assert hand_scores({0: 5, 1: 7}, None).scores == {0: 5, 1: 7}


def test_totals_game_end_and_lowest_wins():
    totals = running_totals([{0: 100, 1: 20, 2: 0}, {0: 60, 1: 10, 2: 10}], 3)
    assert totals == [{0: 100, 1: 20, 2: 0}, {0: 160, 1: 30, 2: 10}]
    options = options_from({"players": 3})
    assert not game_over(totals[0], options) and game_over(totals[1], options)
    assert game_over({0: 150, 1: 0, 2: 0}, options)
    assert not game_over(totals[1], options_from({"players": 3, "target": 200}))
    assert winners(totals[1]) == [2] and winners({0: 5, 1: 5, 2: 9}) == [0, 1]
