"""Options, deal facts, the pass for each hand (Hearts cycles) and the opening card."""

from __future__ import annotations

import pytest

from companion.cards.alpha import AlphaCard
from companion.errors import Unreadable
from companion.games.consonants import (
    PRESETS,
    cards_per_seat,
    cycle_is_house_rule_for,
    dealer_for_hand,
    first_leader,
    kitty_size,
    opening_card,
    options_from,
    pass_for_hand,
)
from companion.games.trickgame.passing import DEFAULT_CYCLES

from .helpers import cards


@pytest.mark.parametrize(
    ("players", "each", "kitty"), [(3, 24, 2), (4, 18, 2), (5, 14, 4), (6, 12, 2)]
)
def test_deal_facts(players, each, kitty):
    options = options_from({"players": players})
    assert (cards_per_seat(options), kitty_size(options)) == (each, kitty)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_pass_four_cards_by_the_hearts_cycle(players):
    options = options_from({"players": players})
    cycle = DEFAULT_CYCLES[players]
    for hand in range(1, 2 * len(cycle) + 1):
        p = pass_for_hand(options, hand)
        assert p.direction == cycle[(hand - 1) % len(cycle)]
        assert p.count == 4
    assert cycle_is_house_rule_for(options) is (players == 6)


def test_pass_targets():
    p = pass_for_hand(options_from({"players": 4}), 3)
    assert p.direction == "across" and p.target(1) == 3
    assert pass_for_hand(options_from({"players": 3}), 2).target(0) == 2


def test_dealer_and_left_of_dealer_lead():
    assert [dealer_for_hand(k, 4, 1) for k in (1, 2, 4)] == [1, 2, 0]
    options = options_from({"players": 4, "first_lead": "left-of-dealer"})
    assert first_leader(options, 3) == 0 and opening_card(options, []) is None
    assert first_leader(options_from({"players": 4}), 3) is None


@pytest.mark.parametrize(
    ("kitty", "card"),
    [("B O/U", "J"), ("J B", "K"), ("J K", "Q"), ("J K Q V", "X"), ("K Q", "J")],
)
def test_opening_card(kitty, card):
    options = options_from({"players": 5})
    assert opening_card(options, cards(kitty)) == AlphaCard.parse(card)


@pytest.mark.parametrize(
    "data",
    [
        {"players": 2},
        {"players": "4"},
        {"preset": "omnibus"},
        {"first_lead": "low-club"},
        {"failed_words_score": 1},
        {"colour": "red"},
        {"pass_cycle": ["left", "sideways"]},
        {"players": 3, "pass_cycle": ["across"]},
        {"deck": []},
        {"deck": {"cards": {"1": [1, 1]}}},
        {"deck": {"cards": {"T": [1, 1]}}},
        {"target": 0},
    ],
)
def test_unreadable_options(data):
    with pytest.raises(Unreadable):
        options_from(data)


def test_options_round_trip_and_defaults():
    options = options_from({"players": 5, "target": 100, "pass_cycle": ["left", "right"]})
    assert options_from(options.as_dict()) == options
    standard = PRESETS["standard"]
    assert (standard.players, standard.target, standard.pass_count) == (4, 150, 4)
    assert standard.first_lead == "singleton" and standard.failed_words_score
    assert hash(standard) == hash(options_from({}))
