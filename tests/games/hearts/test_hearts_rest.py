""" "The rest go to <name>" (issue 23): a claim that ends a hand entered trick by trick. Every
card not played in the tricks entered goes to one seat; the hand is scored from the cards as
usual; the claim races on the version of the trick it starts at."""

from __future__ import annotations

import pytest

from companion.errors import Forbidden
from companion.games.hearts.table import UNDOABLE
from companion.games.hearts.table.actions import GAME
from companion.games.hearts.table.options import parse_options
from companion.games.hearts.table.summary import summary
from companion.games.plan import StaleTarget, plan
from companion.games.protocol import Action
from companion.games.replay import HEARTS as REPLAYED
from tests.games.hearts.test_hearts_table import BEN, HOST, Table, trick
from tests.games.shell import Shell

# a hand played legally (the same as the browser's tap count): (leader, cards in play order)
HAND = [
    (2, ["2C", "7C", "9C", "KC"]),
    (1, ["TS", "7S", "3S", "JS"]),
    (0, ["4C", "6C", "8C", "3C"]),
    (2, ["5S", "KS", "QS", "8S"]),
    (3, ["7D", "AD", "7H", "QD"]),
    (0, ["5C", "JC", "5D", "TC"]),
    (1, ["5H", "AH", "QH", "8H"]),
    (2, ["3D", "JD", "4D", "KH"]),
    (3, ["KD", "TD", "9H", "2D"]),
    (3, ["AC", "QC", "2S", "TH"]),
    (3, ["8D", "2H", "6H", "9D"]),
    (2, ["4S", "9S", "3H", "AS"]),
    (1, ["6S", "JH", "6D", "4H"]),
]


def rest(hand: int, index: int, seat: int) -> tuple[str, dict, dict]:
    return "rest", {"hand": hand, "trick": index}, {"seat": seat}


def nine_tricks(t: Table) -> None:
    for i, (leader, cards) in enumerate(HAND[:9]):
        t.act(*trick(1, i, leader, cards), BEN)


def test_the_rest_go_to_one_seat_and_the_hand_is_scored_from_the_cards():
    t = Table(moon_policy="add")
    nine_tricks(t)
    t.act(*rest(1, 9, 3), BEN)
    # nine tricks: Ann 1, Ben 0, Cy 4, Dee 15; the six hearts still out go to Dee
    assert t.totals() == [1, 0, 4, 21]
    hand = t.state.hand(1)
    assert hand.rest == 3 and len(hand.tricks) == 9 and t.state.open_number == 2
    assert hand.report.winners[9:] == (3, 3, 3, 3)
    assert t.refold() == t.state  # the same from scratch (an import, a reload)
    view = GAME.view(t.state, 0, t.versions)["hands"][0]
    assert view["scores"] == {"0": 1, "1": 0, "2": 4, "3": 21}


def test_a_claim_of_everything_is_a_moon_and_the_shooter_is_asked():
    t = Table(preset="pagat")
    t.act(*trick(1, 0, 0, ["2C", "3C", "4C", "5C"]))  # Dee wins, nothing in it
    t.act(*rest(1, 1, 1))
    hand = t.state.hand(1)
    assert hand.choice_required and hand.shooter is not None and hand.shooter.seats == (1,)
    t.act("moon", {"hand": 1}, {"choice": "subtract"}, BEN)
    assert t.totals() == [0, -26, 0, 0]


def test_every_trick_to_one_seat_is_the_sun():
    t = Table(shoot_the_sun="yes", moon_policy="add")
    t.act(*trick(1, 0, 0, ["2C", "AC", "4C", "5C"]))  # Ben wins the first trick
    t.act(*rest(1, 1, 1))
    assert t.totals() == [52, 0, 52, 52]


def test_a_claim_and_a_trick_on_the_same_trick_race_on_one_version():
    t = Table()
    nine_tricks(t)
    seen = t.version("rest", {"hand": 1, "trick": 9})
    assert seen == t.version("trick", {"hand": 1, "trick": 9}) == 0
    t.act(*trick(1, 9, *HAND[9]), BEN)  # another phone saves trick 10 first
    with pytest.raises(StaleTarget) as stale:
        plan(GAME, t.state, t.versions, [Action(*rest(1, 9, 3)[:2], seen, {"seat": 3})], HOST)
    assert stale.value.current == {"leader": 3, "cards": ["AC", "QC", "2S", "TH"]}
    assert t.state.hand(1).rest is None and t.state.open_number == 1

    # the other way round: the claim first, then the trick is stale, the claim beside it
    u = Table()
    nine_tricks(u)
    u.act(*rest(1, 9, 3), BEN)
    with pytest.raises(StaleTarget) as late:
        plan(GAME, u.state, u.versions, [Action(*trick(1, 9, *HAND[9])[:2], 0, {})], HOST)
    assert late.value.current == {"rest": 3}


@pytest.mark.parametrize(
    ("index", "options", "words"),
    [
        (0, {}, "Enter the first trick before"),
        (3, {}, "The rest start at trick 2, the next one, not trick 4"),
        (1, {"players": 3, "odd_deal": "kitty"}, "With a kitty, enter the tricks to the end"),
    ],
)
def test_a_claim_too_early_or_not_at_the_next_trick_is_refused(index, options, words):
    t = Table(**options)
    if index:
        cards = ["2C", "3C", "4C"] if options else ["2C", "3C", "4C", "5C"]
        t.act(*trick(1, 0, 0, cards))
    with pytest.raises(Forbidden, match=words):
        t.act(*rest(1, index, 1))
    assert t.state.open_number == 1 and t.state.hand(1).rest is None


def test_undo_takes_the_claim_back_and_the_hand_goes_on():
    shell = Shell(GAME, parse_options({"players": 4}), 4)
    for i, (leader, cards) in enumerate(HAND[:9]):
        shell.act(Action(*trick(1, i, leader, cards)[:2], 0, trick(1, i, leader, cards)[2]), HOST)
    shell.act(Action("rest", {"hand": 1, "trick": 9}, 0, {"seat": 3}), HOST)
    assert shell.state.open_number == 2
    assert "hearts-rest" in UNDOABLE and REPLAYED["hearts-rest"] is not None
    shell.undo(HOST, UNDOABLE)
    assert shell.state.open_number == 1 and shell.state.hand(1).rest is None
    # the trick the claim stood on is at its next version: trick 10 is entered on it
    version = shell.version("trick", {"hand": 1, "trick": 9})
    assert version == 2
    shell.act(Action(*trick(1, 9, *HAND[9])[:2], version, trick(1, 9, *HAND[9])[2]), HOST)
    assert len(shell.state.hand(1).tricks) == 10


def test_the_history_says_who_took_the_rest():
    t = Table()
    nine_tricks(t)
    t.act(*rest(1, 9, 3))
    event = t.events[-1]
    assert event.kind == "hearts-rest" and event.slot == "h1t9"
    line = GAME.describe(event, ["Ann", "Ben", "Cy", "Dee"])
    assert line is not None and "the rest go to Dee (tricks 10 on)" in line


def test_the_hands_summary_says_who_took_the_rest():
    t = Table()
    nine_tricks(t)
    t.act(*rest(1, 9, 3))
    said = summary(t.state, t.state.hand(1), ["Ann", "Ben", "Cy", "Dee"])
    assert "Dee took every trick from trick 10 on." in said.notes
