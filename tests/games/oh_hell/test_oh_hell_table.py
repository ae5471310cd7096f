"""Oh Hell at a table, pure: trumps, bids in turn with the hook, hand sizes, the end."""

from __future__ import annotations

import pytest

from companion.errors import Forbidden
from companion.games.oh_hell.options import OhHellOptions
from companion.games.oh_hell.table.actions import GAME
from companion.games.protocol import Action
from tests.games.shell import HOST, Shell


def table(options: OhHellOptions | None = None) -> Shell:
    options = options or OhHellOptions()
    return Shell(GAME, options, options.players, ["Ann", "Bob", "Cy", "Dee"][: options.players])


def act(t: Shell, kind: str, target: dict, data: dict) -> None:
    t.act(Action(kind, target, t.version(kind, target), data), HOST)


def play_hand(t: Shell, hand: int, bids: dict[int, int], taken: dict[int, int]) -> None:
    act(t, "trump", {"hand": hand}, {"suit": "H"})
    for seat, bid in bids.items():
        act(t, "bid", {"hand": hand, "seat": seat}, {"bid": bid})
    act(t, "tricks", {"hand": hand}, {"taken": {str(s): n for s, n in taken.items()}})


def test_the_worked_example_with_five_cards():
    t = table(OhHellOptions(schedule=5))
    # seat 0 deals: bids from seat 1 round to the dealer, 2, 0, 1 then the dealer's 1
    play_hand(t, 1, {1: 2, 2: 0, 3: 1, 0: 1}, {1: 2, 2: 1, 3: 1, 0: 1})
    hand = GAME.view(t.state, None, t.versions)["hands"][0]
    assert hand["scores"] == {"0": 11, "1": 12, "2": 0, "3": 11}
    assert hand["trump"] == "H" and hand["cards"] == 5


def test_the_hook_refuses_the_dealers_bid_that_makes_the_total():
    t = table(OhHellOptions(schedule=5))
    act(t, "trump", {"hand": 1}, {"suit": "none"})
    for seat, bid in {1: 2, 2: 0, 3: 1}.items():
        act(t, "bid", {"hand": 1, "seat": seat}, {"bid": bid})
    with pytest.raises(Forbidden, match="The hook") as refused:
        act(t, "bid", {"hand": 1, "seat": 0}, {"bid": 2})
    assert refused.value.field == "hook"
    act(t, "bid", {"hand": 1, "seat": 0}, {"bid": 1})


def test_without_the_hook_the_dealer_may_make_the_total():
    t = table(OhHellOptions(schedule=5, hook=False))
    for seat, bid in {1: 2, 2: 0, 3: 1, 0: 2}.items():
        act(t, "bid", {"hand": 1, "seat": seat}, {"bid": bid})


def test_hand_sizes_go_down_and_the_dealer_moves_left():
    t = table(OhHellOptions(players=5))
    play_hand(t, 1, {1: 1, 2: 1, 3: 1, 4: 1, 0: 0}, {1: 2, 2: 2, 3: 2, 4: 2, 0: 2})
    view = GAME.view(t.state, None, t.versions)
    assert (view["hand"], view["cards"], view["dealer"], view["bidding"]) == (2, 9, 1, 2)
    assert view["trump"] is None


def test_tricks_need_the_trump_suit_first():
    t = table(OhHellOptions(schedule=2))
    for seat, bid in {1: 1, 2: 0, 3: 0, 0: 0}.items():
        act(t, "bid", {"hand": 1, "seat": seat}, {"bid": bid})
    with pytest.raises(Forbidden, match="trump suit"):
        act(t, "tricks", {"hand": 1}, {"taken": {"0": 1, "1": 1, "2": 0, "3": 0}})


def test_the_game_ends_after_the_last_hand_and_ties_share():
    t = table(OhHellOptions(players=3, schedule="up"))
    for hand in range(1, 11):
        dealer = (hand - 1) % 3
        order = [(dealer + k) % 3 for k in (1, 2, 3)]
        taken = {order[0]: hand, order[1]: 0, order[2]: 0}
        play_hand(t, hand, {order[0]: 0, order[1]: 0, order[2]: 0}, taken)
    sheet = GAME.sheet(t.state)
    assert sheet.finished
    assert sheet.winners == tuple(s for s in range(3) if sheet.totals[s] == max(sheet.totals))
    with pytest.raises(Forbidden, match="game is over"):
        act(t, "trump", {"hand": 11}, {"suit": "S"})


def test_a_trick_that_trumps_is_won_by_the_trump():
    t = table(OhHellOptions(schedule=1))
    act(t, "trump", {"hand": 1}, {"suit": "D"})
    for seat, bid in {1: 1, 2: 0, 3: 0, 0: 1}.items():
        act(t, "bid", {"hand": 1, "seat": seat}, {"bid": bid})
    act(t, "trick", {"hand": 1, "trick": 0}, {"leader": 1, "cards": ["AS", "2D", "KS", "QS"]})
    hand = GAME.view(t.state, None, t.versions)["hands"][0]
    assert hand["taken"] == {"0": 0, "1": 0, "2": 1, "3": 0}


def test_the_hand_in_words_says_exact_or_missed():
    t = table(OhHellOptions(schedule=5))
    play_hand(t, 1, {1: 2, 2: 0, 3: 1, 0: 1}, {1: 2, 2: 1, 3: 1, 0: 1})
    lines = GAME.rules.hand_words(t.state, t.state.hand(1), ["Ann", "Bob", "Cy", "Dee"])
    assert lines[1] == "Bob bid 2, took 2: exact, +12."
    assert lines[2] == "Cy bid 0, took 1: missed, +0."


def test_the_dealers_phone_is_not_offered_the_hooked_bid_and_is_told_why():
    from companion.games.trickgame.bidforms import Panel

    t = table(OhHellOptions(schedule=5))
    act(t, "trump", {"hand": 1}, {"suit": "S"})
    for seat, bid in {1: 2, 2: 0, 3: 1}.items():
        act(t, "bid", {"hand": 1, "seat": seat}, {"bid": bid})
    names = ("Ann", "Bob", "Cy", "Dee")
    panel = Panel(t.state, names, 0, False, frozenset(range(4)), t.versions)
    assert [v for v, _ in panel.bid_choices()] == ["0", "1", "3", "4", "5"]
    assert panel.bid_notes() == [
        "The hook: Ann deals and may not bid 2, since the bids would add up to the 5 cards "
        "and nobody would miss."
    ]
