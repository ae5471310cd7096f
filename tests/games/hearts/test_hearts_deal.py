"""Options, presets, passes, dealer, deck sizes, kitty and opening lead."""

from __future__ import annotations

from dataclasses import fields

import pytest

from companion.errors import Unreadable
from companion.games.hearts import (
    DEFAULT_CYCLES,
    OPTION_HELP,
    OTHER_CYCLES,
    PRESET_HELP,
    PRESETS,
    HeartsOptions,
    cards_per_seat,
    cycle_is_house_rule,
    dealer_for_hand,
    deck,
    kitty_size,
    opening_lead,
    options_from,
    pass_for_hand,
)


def test_every_option_and_preset_has_a_description():
    assert set(OPTION_HELP) == {f.name for f in fields(HeartsOptions)}
    assert set(PRESET_HELP) == set(PRESETS) == {"standard", "pagat", "omnibus"}
    assert all(text.endswith(".") and len(text) > 20 for text in OPTION_HELP.values())


def test_presets():
    assert PRESETS["standard"].no_points_on_first_trick
    assert PRESETS["standard"].moon_policy == "choose-if-74"
    assert not PRESETS["pagat"].no_points_on_first_trick
    assert PRESETS["pagat"].moon_policy == "choose"
    assert PRESETS["omnibus"].bonus_card == "JD" and PRESETS["omnibus"].bonus_points == -10
    assert options_from(None) == PRESETS["standard"]
    assert options_from({"preset": "omnibus", "bonus_card": "TD"}).bonus_card == "TD"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"preset": "nope"}, "unknown preset"),
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"players": 7}, "3 to 6"),
        ({"players": "4"}, "whole number"),
        ({"shoot_the_sun": 1}, "true or false"),
        ({"moon_policy": "never"}, "moon_policy"),
        ({"pass_cycle": ["left", "up"]}, "'up'"),
        ({"players": 5, "pass_cycle": ["across"]}, "across"),
        ({"pass_cycle": ["2nd-left"]}, "2nd-left"),
        ({"players": 3, "pass_cycle": ["scatter"]}, "scatter"),
        ({"players": 3, "partnership": "pooled"}, "even"),
    ],
)
def test_unreadable_options_name_the_problem(data, words):
    with pytest.raises(Unreadable, match=words):
        options_from(data)


@pytest.mark.parametrize(
    ("data", "hand", "direction", "seat", "targets", "words"),
    [
        ({}, 1, "left", 0, [1], "pass 3 cards to the left"),
        ({}, 2, "right", 0, [3], "pass 3 cards to the right"),
        ({}, 3, "across", 1, [3], "pass 3 cards across"),
        ({}, 4, "hold", 0, [], "hold (no pass)"),
        ({}, 5, "left", 3, [0], "pass 3 cards to the left"),
        ({"players": 5}, 3, "hold", 0, [], "hold (no pass)"),
        ({"players": 6}, 3, "2nd-left", 5, [1], "second player on the left"),
        ({"players": 6}, 4, "2nd-right", 0, [4], "second player on the right"),
        ({"players": 6}, 5, "across", 1, [4], "across"),
        (
            {"pass_cycle": ["left", "right", "across", "scatter"]},
            4,
            "scatter",
            0,
            [1, 2, 3],
            "1 card",
        ),
        (
            {"players": 3, "pass_count": 4, "pass_cycle": ["scatter"]},
            1,
            "scatter",
            2,
            [0, 1],
            "2 card",
        ),
        ({"pass_count": 0}, 1, "left", 0, [], "hold"),
    ],
)
def test_pass_for_hand(data, hand, direction, seat, targets, words):
    p = pass_for_hand(options_from(data), hand)
    assert p.direction == direction
    assert p.targets(seat) == targets
    assert words in p.describe()


def test_default_cycles_and_house_rule():
    assert DEFAULT_CYCLES[4] == ("left", "right", "across", "hold")
    assert DEFAULT_CYCLES[3] == DEFAULT_CYCLES[5] == ("left", "right", "hold")
    assert cycle_is_house_rule(options_from({"players": 6}))
    assert not cycle_is_house_rule(options_from({"players": 5}))
    for players, cycles in OTHER_CYCLES.items():
        for cycle in cycles:
            count = 4 if players == 3 and "scatter" in cycle else 3
            options_from({"players": players, "pass_cycle": list(cycle), "pass_count": count})


def test_dealer_moves_left():
    assert [dealer_for_hand(k, 4) for k in range(1, 6)] == [0, 1, 2, 3, 0]
    assert dealer_for_hand(1, 5, first_dealer=3) == 3


@pytest.mark.parametrize(
    ("data", "each", "kitty", "deck_size", "lead"),
    [
        ({}, 13, 0, 52, "2C"),
        ({"players": 3}, 17, 0, 51, "2C"),
        ({"players": 3, "odd_deal": "kitty"}, 17, 1, 52, "2C"),
        ({"players": 5}, 10, 0, 50, "3C"),
        ({"players": 5, "odd_deal": "kitty"}, 10, 2, 52, "2C"),
        ({"players": 6}, 8, 4, 52, "2C"),
        ({"players": 6, "odd_deal": "remove"}, 8, 4, 52, "2C"),
    ],
)
def test_deck_sizes_and_opening_lead(data, each, kitty, deck_size, lead):
    options = options_from(data)
    assert (cards_per_seat(options), kitty_size(options), len(deck(options))) == (
        each,
        kitty,
        deck_size,
    )
    assert str(opening_lead(options)) == lead


def test_opening_lead_skips_kitty_clubs_and_left_of_dealer_has_none():
    from companion.cards.standard import Card

    options = options_from({"players": 6})
    assert str(opening_lead(options, [Card.parse("2C"), Card.parse("3C")])) == "4C"
    assert opening_lead(options_from({"first_lead": "left-of-dealer"})) is None
