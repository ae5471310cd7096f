"""Spades at a table, pure: bids in turn, tricks as numbers or cards, the sheet by teams."""

from __future__ import annotations

import pytest

from companion.errors import Forbidden, NotAllowed
from companion.games.protocol import Action, Actor
from companion.games.spades.options import SpadesOptions
from companion.games.spades.table.actions import GAME
from tests.games.shell import HOST, Shell

ANN, BOB, CY, DEE = (Actor(n, s, phones=frozenset(range(4))) for s, n in enumerate("ABCD"))


def table(options: SpadesOptions | None = None) -> Shell:
    return Shell(GAME, options or SpadesOptions(), 4, ["Ann", "Bob", "Cy", "Dee"])


def act(t: Shell, kind: str, target: dict, data: dict, actor: Actor = HOST) -> None:
    t.act(Action(kind, target, t.version(kind, target), data), actor)


def bids(t: Shell, hand: int, values: dict[int, object]) -> None:
    for seat, bid in values.items():
        act(t, "bid", {"hand": hand, "seat": seat}, {"bid": bid})


def test_the_worked_example_through_the_table():
    t = table()
    # hand 1: seat 0 deals, so Bob (1) bids first and Ann (0) last
    bids(t, 1, {1: 3, 2: "nil", 3: 2, 0: 4})
    act(t, "tricks", {"hand": 1}, {"taken": {"0": 5, "1": 4, "2": 0, "3": 4}})
    view = GAME.view(t.state, None, t.versions)
    hand = view["hands"][0]
    assert hand["scores"] == {"0": 141, "1": 53}
    assert hand["bags"] == {"0": 1, "1": 3}
    assert view["bags"] == {"0": 1, "1": 3}
    sheet = GAME.sheet(t.state)
    assert sheet.rows == ((141, 53, 141, 53),)
    assert view["hand"] == 2 and view["dealer"] == 1 and view["bidding"] == 2


def test_a_bid_out_of_turn_is_refused_naming_the_seat_awaited():
    t = table()
    with pytest.raises(Forbidden, match="Seat 2's turn") as refused:
        act(t, "bid", {"hand": 1, "seat": 2}, {"bid": 3})
    assert refused.value.field == "not-your-turn-to-bid"


def test_a_phone_bids_for_its_own_seat_only():
    t = table()
    with pytest.raises(NotAllowed):
        act(t, "bid", {"hand": 1, "seat": 1}, {"bid": 3}, CY)
    act(t, "bid", {"hand": 1, "seat": 1}, {"bid": 3}, BOB)


def test_tricks_wait_for_every_bid_and_must_add_up():
    t = table()
    bids(t, 1, {1: 3, 2: 3})
    with pytest.raises(Forbidden, match="Every bid comes first"):
        act(t, "tricks", {"hand": 1}, {"taken": {"0": 4, "1": 3, "2": 3, "3": 3}})
    bids(t, 1, {3: 3, 0: 3})
    with pytest.raises(Forbidden, match="add up to 12, not 13"):
        act(t, "tricks", {"hand": 1}, {"taken": {"0": 3, "1": 3, "2": 3, "3": 3}})


def test_a_correction_of_an_earlier_hand_recomputes_the_bags_after_it():
    t = table()
    bids(t, 1, {1: 3, 2: 3, 3: 3, 0: 3})
    act(t, "tricks", {"hand": 1}, {"taken": {"0": 4, "1": 3, "2": 3, "3": 3}})
    bids(t, 2, {2: 3, 3: 3, 0: 3, 1: 3})
    act(t, "tricks", {"hand": 2}, {"taken": {"0": 4, "1": 3, "2": 3, "3": 3}})
    assert GAME.view(t.state, None, t.versions)["bags"] == {"0": 2, "1": 0}
    act(t, "tricks", {"hand": 1}, {"taken": {"0": 3, "1": 4, "2": 3, "3": 3}})
    assert GAME.view(t.state, None, t.versions)["bags"] == {"0": 1, "1": 1}
    # the totals kept in the hands follow the correction: hand 1 now 60 / 61, hand 2 61 / 60
    assert t.state.totals() == (121, 121, 121, 121)
    assert t.state.totals(before=2) == (60, 61, 60, 61)
    assert GAME.sheet(t.state).totals == (121, 121, 121, 121)


def test_partners_win_together_at_the_target():
    t = table(SpadesOptions(target=100))
    bids(t, 1, {1: 3, 2: 5, 3: 2, 0: 5})
    act(t, "tricks", {"hand": 1}, {"taken": {"0": 5, "1": 3, "2": 5, "3": 0}})
    sheet = GAME.sheet(t.state)
    assert sheet.finished and sheet.winners == (0, 2)
    with pytest.raises(Forbidden, match="game is over"):
        act(t, "bid", {"hand": 2, "seat": 2}, {"bid": 3})


def test_blind_nil_only_for_a_team_100_behind():
    t = table(SpadesOptions(blind_nil=True))
    with pytest.raises(Forbidden, match="100 points behind"):
        act(t, "bid", {"hand": 1, "seat": 1}, {"bid": "blind-nil"})


RANKS = "AKQJT98765432"


def whole_hand() -> list[tuple[int, list[str]]]:
    """Bob holds every club, Cy every diamond, Dee every heart, Ann every spade: Bob leads a
    club, Ann trumps it and then leads spades (all she holds) to the end."""
    first = (1, [f"{RANKS[0]}C", f"{RANKS[0]}D", f"{RANKS[0]}H", f"{RANKS[0]}S"])
    rest = [(0, [f"{r}S", f"{r}C", f"{r}D", f"{r}H"]) for r in RANKS[1:]]
    return [first, *rest]


def test_a_hand_entered_trick_by_trick_is_scored_from_its_winners():
    t = table()
    bids(t, 1, {1: 1, 2: 4, 3: 1, 0: 2})
    for i, (leader, cards) in enumerate(whole_hand()):
        act(t, "trick", {"hand": 1, "trick": i}, {"leader": leader, "cards": cards})
    hand = GAME.view(t.state, None, t.versions)["hands"][0]
    assert hand["source"] == "tricks"
    assert hand["taken"] == {"0": 13, "1": 0, "2": 0, "3": 0}
    assert hand["scores"] == {"0": 60 + 7, "1": -20}
    assert hand["violations"] == []


def test_a_trick_led_by_the_wrong_seat_is_refused_a_revoke_is_named():
    t = table()
    bids(t, 1, {1: 1, 2: 4, 3: 1, 0: 6})
    with pytest.raises(Forbidden, match="left of the dealer"):
        act(t, "trick", {"hand": 1, "trick": 0}, {"leader": 2, "cards": "2C AC 3C 4C".split()})
    act(t, "trick", {"hand": 1, "trick": 0}, {"leader": 1, "cards": "2C 5D 3C 4C".split()})
    act(t, "trick", {"hand": 1, "trick": 1}, {"leader": 0, "cards": "AD 9D 6C 7D".split()})
    found = GAME.view(t.state, None, t.versions)["hands"][0]["violations"]
    assert [(v["rule"], v["seat"], v["card"]) for v in found] == [("follow-suit", 2, "5D")]


def test_each_phone_says_its_own_tricks_and_the_hand_scores_when_they_add_up():
    t = table()
    bids(t, 1, {1: 3, 2: "nil", 3: 2, 0: 4})
    for actor, n in ((ANN, 5), (BOB, 4), (CY, 0)):
        act(t, "took", {"hand": 1, "seat": actor.seat}, {"tricks": n}, actor)
    assert t.state.hand(1).scored is False
    with pytest.raises(Forbidden, match="add up to 12, but the hand has 13"):
        act(t, "took", {"hand": 1, "seat": 3}, {"tricks": 3}, DEE)
    with pytest.raises(NotAllowed):
        act(t, "took", {"hand": 1, "seat": 3}, {"tricks": 4}, ANN)
    act(t, "took", {"hand": 1, "seat": 3}, {"tricks": 4}, DEE)
    hand = GAME.view(t.state, None, t.versions)["hands"][0]
    assert hand["source"] == "seats" and hand["scores"] == {"0": 141, "1": 53}


def test_the_hand_in_words_says_contract_nil_bags_and_points():
    t = table()
    bids(t, 1, {1: 3, 2: "nil", 3: 2, 0: 4})
    act(t, "tricks", {"hand": 1}, {"taken": {"0": 5, "1": 4, "2": 0, "3": 4}})
    names = ["Ann", "Bob", "Cy", "Dee"]
    lines = GAME.rules.hand_words(t.state, t.state.hand(1), names)
    assert lines == [
        "Ann and Cy bid 4 + nil, took 5, contract made, Cy's nil made, bags now 1: +141.",
        "Bob and Dee bid 3 + 2, took 8, contract made, bags now 3: +53.",
    ]


def test_blind_nil_is_offered_only_where_the_table_and_the_score_allow_it():
    from companion.games.trickgame.bidforms import Panel

    names = ("Ann", "Bob", "Cy", "Dee")
    plain = Panel(table().state, names, 1, False, frozenset(range(4)), {})
    assert "blind-nil" not in [v for v, _ in plain.bid_choices()] and plain.bid_notes() == []
    allowed = table(SpadesOptions(blind_nil=True))
    panel = Panel(allowed.state, names, 1, False, frozenset(range(4)), {})
    assert "blind-nil" not in [v for v, _ in panel.bid_choices()]
    assert panel.bid_notes() == ["Blind nil is only for a team at least 100 points behind."]
