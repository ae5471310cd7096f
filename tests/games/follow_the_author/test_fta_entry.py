"""What a Follow the Author phone is told, pure: who deals and leads each hand and which way
titles go, the plays picker (the cards offered, refusals, in-play points, the end of a hand),
Ace leads flagged from later plays, the round's summary in words and the stores that do not
add up. Folded from the actions the pages send (``tests.games.shell``), read with the
``Panels`` the pages draw from; no app, no database. These were checked through Flask's test
client in ``tests/web/test_fta_table.py``."""

from __future__ import annotations

import pytest

from companion.errors import Forbidden
from companion.games.follow_the_author.table.actions import GAME
from companion.games.follow_the_author.table.panels import Panels
from companion.games.protocol import Actor
from tests.games.follow_the_author.test_fta_moves import (
    ALPHA_TEN,
    ANN,
    ANN_STORE,
    ASIDE,
    BEN,
    BEN_STORE,
    HOST,
    NAMES,
    Table,
)


def panels(t: Table, actor: Actor = HOST) -> Panels:
    return Panels(t.state, t.shell.versions, NAMES, actor)


def offered(t: Table, hand: str) -> list[str]:
    """The picker's cards in the order the page lists them: titled cards, then Aces."""
    titled, aces = panels(t).picker(hand)
    return [c.title for c in [*titled, *aces]]


def end(t: Table, hand: str = "alpha") -> None:
    t.act(ANN, "end", {"round": 1, "hand": hand})


# who deals and leads, and which way titles go


def test_each_hand_names_its_dealer_leader_and_the_cards_dealt() -> None:
    t = Table()
    f = panels(t)
    assert f.round.number == 1 and t.state.options.game.rounds == 8
    assert (NAMES[f.dealer("alpha")], NAMES[f.leader("alpha")]) == ("Ann", "Ben")
    assert f.left_over("alpha") == 23  # "Deal 11 cards to each player; the other 23 wait"
    t.points(1, "alpha", 2, 0)
    t.seal(ANN, 1, "Moons", "Waves")
    t.seal(BEN, 1, "Suns", "Knots")
    f = panels(t)
    assert f.round.phase == "omega"
    assert (NAMES[f.dealer("omega")], NAMES[f.leader("omega")]) == ("Ben", "Ann")
    assert f.left_over("omega") == 1  # "the one card left over goes aside"
    assert not f.descending("omega")  # forwards


def test_first_dealer_and_back_and_forth() -> None:
    t = Table(first_dealer=1, back_and_forth=1)
    f = panels(t)
    assert (NAMES[f.dealer("alpha")], NAMES[f.leader("alpha")]) == ("Ben", "Ann")
    assert not f.descending("alpha")
    t.points(1, "alpha", 0, 0)
    t.seal(ANN, 1, "Moons", "Waves")
    t.seal(BEN, 1, "Suns", "Knots")
    assert panels(t).descending("omega")  # backwards
    assert t.state.options.game.back_and_forth


# plays, card by card


def test_picker_offers_only_legal_cards_and_counts_in_play_points() -> None:
    t = Table(enter_plays=1)
    assert len(offered(t, "alpha")) == 39  # a lead: anything but an Ace (10 cards held)
    t.play(1, "alpha", 1, "Merchant")
    cards = offered(t, "alpha")
    assert "Author" not in cards and "Market" not in cards and "Merchant" not in cards
    assert cards[:3] == ["Mill", "Mountain", "Origin"]
    assert "Ace of Leaves" in cards and "Ace of Knots" in cards and "Ace of Moons" not in cards
    with pytest.raises(Forbidden, match="Author does not come after Merchant"):
        t.play(1, "alpha", 0, "Author")
    t.play(1, "alpha", 0, "Pact")  # 9 on 9: same rank
    t.play(1, "alpha", 1, "Sailor")
    assert "Ann: same rank as the previous card: +1 (Pact)" in panels(t).point_lines("alpha")
    t.play(1, "alpha", 0, "Sea")
    t.play(1, "alpha", 1, "Window")  # Crown 12, Court 11
    t.play(1, "alpha", 0, "Ace of Knots")
    h = panels(t).hand_state("alpha")
    assert h.current[-1].card.is_ace  # "Ben chooses: end the sequence"
    cards = offered(t, "alpha")
    assert "Ace of Moons" not in cards  # never an Ace on an Ace
    assert "Author" in cards  # free of order after an Ace
    end(t)
    assert panels(t).hand_state("alpha").sequences[-1].ended_by_ace  # "(ended on the Ace)"
    with pytest.raises(Forbidden):
        t.play(1, "alpha", 0, "Sea")  # played already
    for seat, card in [(0, "Harvest"), (1, "Huntress"), (0, "Island")]:
        t.play(1, "alpha", seat, card)
    assert "Ann: run of 3: +3 (Island)" in panels(t).point_lines("alpha")
    assert t.totals() == [4, 0]


def test_a_hand_of_plays_ends_when_a_player_is_out() -> None:
    t = Table(enter_plays=1)
    for card in ALPHA_TEN:
        t.play(1, "alpha", 0, card)
    lines = panels(t).point_lines("alpha")
    assert "Ann: same rank as the previous card: +1 (Cave)" in lines
    assert "Ann: same rank as the previous 2 cards: +2 (Chance Meeting)" in lines
    assert "Ann: first out: +1 (Consul)" in lines
    f = panels(t, ANN)
    h = f.hand_state("alpha")
    assert h.complete and h.first_out == 0  # "Ann went out first": no picker any more
    assert f.round.phase == "seal" and f.may_seal(0)  # the seal form instead
    assert t.totals() == [4, 0]
    with pytest.raises(Forbidden):
        t.play(1, "alpha", 1, "Desert")  # the hand is over


def test_back_and_forth_omega_picker_goes_backwards() -> None:
    t = Table(enter_plays=1, back_and_forth=1)
    for card in ALPHA_TEN:
        t.play(1, "alpha", 0, card)
    t.seal(ANN, 1, "Moons", "Waves")
    t.seal(BEN, 1, "Suns", "Knots")
    cards = offered(t, "omega")
    assert cards[:3] == ["Window", "Windfall", "Watchman"]
    assert "Author" not in cards  # played in the alpha hand
    t.play(1, "omega", 1, "Mill")
    assert offered(t, "omega")[:3] == ["Merchant", "Market", "Lunatic"]
    with pytest.raises(Forbidden, match="Sea does not come before Mill"):
        t.play(1, "omega", 0, "Sea")


def test_an_ace_lead_shown_illegal_by_a_later_play_is_flagged() -> None:
    t = Table(enter_plays=1)
    for card in ["Author", "Bard", "Battle", "Betrayal"]:
        t.play(1, "alpha", 1, card)
    end(t)
    aces = [c for c in offered(t, "alpha") if c.startswith("Ace of")]
    assert aces == ["Ace of Moons", "Ace of Suns", "Ace of Waves", "Ace of Leaves",
                    "Ace of Wyrms", "Ace of Knots"]  # fmt: skip  # Ben holds 6: 6 unplayed
    t.play(1, "alpha", 1, "Ace of Moons")
    assert panels(t).violations("alpha") == []
    t.play(1, "alpha", 1, "Castle")  # Ben had a non-Ace after all
    flag = ("ace-lead", "Play 5, Ben: Ace of Moons was led while other cards were in hand.")
    assert flag in panels(t).violations("alpha")
    f = panels(t)
    r = f.round_number(1)
    assert r is not None and flag in f.violations("alpha", r)  # the round page says so too


# the round's end in words


def test_round_end_categories_with_a_line_each() -> None:
    t = Table()
    t.full_round(1)
    f = panels(t)
    assert f.round.number == 2 and t.totals() == [-3, 3]
    r = f.round_number(1)
    assert r is not None and r.points == (-3, 3)  # "Round 1: Ann -3, Ben 3"; "Round total"
    said = f.summary(r)
    assert len(said) == 8  # every category, on the round page too
    lines = [c.line for c in said]
    for line in (
        "Cards with neither suit: Ann 0, Ben 0; a tie scores nothing.",
        "The Excuse is worth 2; Ann scores 2.",
        "Cards in the scoring suit: Ann 3, Ben 2; Ann scores 3.",
        "Personalities in the scoring suit: Ann 1, Ben 1; a tie scores nothing.",
    ):
        assert line in lines
    danger = (
        "Cards in the danger suit: Ann 3, Ben 1; Ann loses 11 (the cards plus their highest number"
    )
    assert any(x.startswith(danger) for x in lines)
    cards = [c for x in said for c in x.cards]
    for words in (
        "Ann's Moons: Ace of Moons, Journey (3) and Huntress (Crown)",
        "Ben's Suns: Bard (Crown) and Desert (2)",
        "Ann's danger suit, Knots: Battle (4), Soldier (5) and Betrayal (8)",
        "Ann: Excuse",
    ):
        assert words in cards
    assert f.in_play(r) == [
        "Alpha hand, in play: Ann 3, Ben 1",
        "Omega hand, in play: Ann 0, Ben 2",
    ]
    assert [c.title for c in r.stores[0] or ()] == ANN_STORE


def test_stores_that_do_not_add_up_are_named_and_not_scored() -> None:
    t = Table()
    t.to_stores()
    t.store(1, 0, ANN_STORE)
    t.store(1, 1, BEN_STORE)
    t.aside(1, ASIDE[:-2])
    f = panels(t)
    [issue] = [i for i in f.round.issues if i.rule == "store-count"]
    assert "43 in all, but a round accounts for all 45" in issue.message
    assert [c.title for c in f.neither()] == ASIDE[-2:]  # "In no list: ..."
    assert t.totals() == [3, 3] and GAME.sheet(t.state).complete_rounds == 0
    t.aside(1, ASIDE, version=1)
    assert not [i for i in panels(t).round_number(1).issues if i.rule == "store-count"]
    assert t.totals() == [-3, 3]


# the reveal: both players' word, typed or tapped


@pytest.mark.parametrize("second", ["points", "ready"])
def test_reveal_when_both_players_say_the_omega_hand_is_over(second: str) -> None:
    t = Table()
    t.sealed_for_omega()
    t.points(1, "omega", 2, 1)
    assert not t.view()["revealed"]
    if second == "points":
        t.points(1, "omega", 2, 1, actor=BEN, version=1)
    else:
        t.ready(BEN, 1, 1)
    assert t.view()["revealed"] and t.kinds().count("fta-reveal") == 1
    t.open_all(1)
    seals = t.view()["seals"]
    assert seals[0]["scoring"] == "Wyrms" and seals[1]["danger"] == "Wyrms"
    history = t.history()
    assert "round 1: the omega hand is over (both players said the hand is over)" in history
    assert "a reveal is final" in history
