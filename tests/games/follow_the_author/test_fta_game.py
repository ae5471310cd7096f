"""Options, round structure, store checks, totals, Cribbage Finish, seals."""

import pytest

from companion.cards.decktet import DECK, parse_card
from companion.errors import Unreadable
from companion.games.follow_the_author import (
    Options,
    PointEvent,
    RoundRecord,
    alpha_dealer,
    check_stores,
    dealer,
    descending,
    first_leader,
    options_from,
    score_round,
    seal,
    standing,
    verify_seal,
)
from companion.games.follow_the_author.game import all_steps
from companion.games.follow_the_author.rounds import LEFT_AFTER_DEAL, parse_hand


def test_default_options():
    assert options_from({}) == Options(8, False, False, 121, 0)


@pytest.mark.parametrize(
    "data, expected",
    [
        ({"preset": "back-and-forth"}, Options(back_and_forth=True)),
        ({"preset": "cribbage-finish", "target": 61}, Options(cribbage_finish=True, target=61)),
        ({"rounds": 4, "first_alpha_dealer": 1}, Options(rounds=4, first_alpha_dealer=1)),
    ],
)
def test_options_from_presets_and_overrides(data, expected):
    assert options_from(data) == expected


@pytest.mark.parametrize(
    "data",
    [
        {"preset": "nope"},
        {"colour": 1},
        {"rounds": 7},
        {"rounds": 0},
        {"rounds": "8"},
        {"back_and_forth": 1},
        {"target": True},
        {"target": 0},
        {"first_alpha_dealer": 2},
    ],
)
def test_options_reject_unreadable(data):
    with pytest.raises(Unreadable):
        options_from(data)


def test_dealers_alternate_and_the_omega_dealer_deals_the_next_alpha():
    options = Options(first_alpha_dealer=1)
    assert [alpha_dealer(r, options) for r in range(4)] == [1, 0, 1, 0]
    for r in range(7):
        assert dealer(r + 1, "alpha", options) == dealer(r, "omega", options)
        assert dealer(r, "omega", options) != dealer(r, "alpha", options)
    assert first_leader(0, "alpha", options) == 0


def test_each_seat_deals_first_equally_often_over_an_even_game():
    deals = [alpha_dealer(r) for r in range(Options().rounds)]
    assert deals.count(0) == deals.count(1)


def test_deal_counts_leave_one_card_at_the_omega_hand():
    assert LEFT_AFTER_DEAL == {"alpha": 23, "omega": 1}
    assert LEFT_AFTER_DEAL["alpha"] - 22 == LEFT_AFTER_DEAL["omega"]


def test_back_and_forth_reverses_only_the_omega_hand():
    options = Options(back_and_forth=True)
    assert (descending("alpha", options), descending("omega", options)) == (False, True)
    assert descending("omega") is False


def test_parse_hand():
    assert parse_hand(" Omega ") == "omega"
    with pytest.raises(Unreadable):
        parse_hand("beta")


def split_deck():
    return list(DECK[:20]), list(DECK[20:40]), list(DECK[40:])


def test_stores_that_account_for_every_card_pass():
    store0, store1, aside = split_deck()
    assert check_stores([store0, store1], aside) == []


def test_store_card_in_both_stores():
    store0, store1, aside = split_deck()
    issues = check_stores([store0, store1 + [store0[0]]], aside)
    assert {i.rule for i in issues} == {"store-twice", "store-count"}
    assert issues[0].card == store0[0]


def test_store_card_that_was_set_aside():
    store0, store1, aside = split_deck()
    [issue] = [i for i in check_stores([store0 + [aside[0]], store1], aside) if i.card]
    assert (issue.rule, issue.card) == ("store-set-aside", aside[0])


def test_store_count_short():
    store0, store1, aside = split_deck()
    [issue] = check_stores([store0[1:], store1], aside)
    assert issue.rule == "store-count" and "44" in issue.message


def round_with(alpha=(), omega=(), stores=None):
    score = None
    if stores is not None:
        cards = [[parse_card(t) for t in s] for s in stores]
        score = score_round(cards, ("Moons", "Knots"), ("Wyrms", "Suns"))
    return RoundRecord(tuple(alpha), tuple(omega), score)


def test_totals_and_winner_after_the_last_round():
    records = [round_with([PointEvent(1, 0, "run", 3)], stores=[["Excuse"], []])] * 2
    result = standing(records, Options(rounds=2))
    assert result.totals == (10, 0) and result.over and result.winner == 0


def test_not_over_before_the_last_round_is_scored():
    records = [round_with(stores=[["Excuse"], []]), round_with([PointEvent(1, 0, "run", 3)])]
    result = standing(records, Options(rounds=2))
    assert not result.over and result.winner is None and result.totals == (5, 0)


def test_equal_totals_are_a_draw():
    records = [round_with(stores=[["Excuse"], []]), round_with(stores=[[], ["Excuse"]])]
    result = standing(records, Options(rounds=2))
    assert result.over and result.winner is None and result.totals == (2, 2)


def test_cribbage_finish_in_play_points_count_as_they_happen():
    alpha = [PointEvent(2, 1, "run", 3), PointEvent(4, 0, "same-rank", 2)]
    result = standing(
        [round_with(alpha, stores=[["Excuse"], []])], Options(cribbage_finish=True, target=3)
    )
    assert result.winner == 1 and result.totals == (0, 3)
    assert result.decided_by is not None and result.decided_by.label == "alpha hand: run"


def test_cribbage_finish_round_end_in_table_order():
    # seat 0: Excuse (2) comes before Most Scoring; seat 1's Sagaciousness comes first of all
    stores = [["Excuse", "Huntress", "Sailor", "Cave"], ["Windfall"]]
    result = standing([round_with(stores=stores)], Options(cribbage_finish=True, target=2))
    assert result.winner == 0 and result.decided_by.label == "Excuse"
    assert result.totals == (2, 1)


def test_cribbage_finish_alpha_dealer_first_within_a_category():
    # both seats reach the target in the same category: the alpha dealer counts first
    stores = [["Harvest", "Watchman"], ["Consul", "Window"]]
    record = RoundRecord(
        score=score_round(
            [[parse_card(t) for t in s] for s in stores], ("Moons", "Knots"), ("Moons", "Knots")
        )
    )
    first = standing([record], Options(cribbage_finish=True, target=3))
    second = standing([record], Options(cribbage_finish=True, target=3, first_alpha_dealer=1))
    assert (first.winner, second.winner) == (0, 1)


def test_cribbage_finish_ignores_the_round_count():
    records = [round_with(stores=[["Excuse"], []])] * 10
    result = standing(records, Options(cribbage_finish=True, target=121, rounds=2))
    assert not result.over and result.totals == (20, 0)


def test_steps_of_a_round_follow_the_table_order():
    steps = all_steps([round_with(stores=[["Excuse", "Huntress"], ["Bard"]])])
    assert [s.label for s in steps] == [
        "Excuse",
        "Most Scoring Cards",
        "Most Danger Cards",
        "Sociability",
    ]


def test_seal_verifies_the_same_choice_and_nothing_else():
    mark = seal("Moons", "n0nce", "round 1 seat 0 scoring")
    assert len(mark) == 16
    assert verify_seal("moons", "n0nce", mark, "round 1 seat 0 scoring")
    assert not verify_seal("Suns", "n0nce", mark, "round 1 seat 0 scoring")
    assert not verify_seal("Moons", "other", mark, "round 1 seat 0 scoring")
    assert not verify_seal("Moons", "n0nce", mark, "round 1 seat 0 danger")


def test_seal_depends_on_the_nonce():
    assert seal("Moons", "a") != seal("Moons", "b")
