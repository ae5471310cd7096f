"""What a Hearts phone is told about the hand it enters, pure: the hand panel (dealer, pass said
per seat, opening lead, standings), trick entry (the revoke named with its rule, who won the
last trick and so leads next, the trick being entered) and the sheet's reason the game goes
on or ends. Folded from the actions the pages send (``tests.games.shell``); no app, no
database. These were checked through Flask's test client in ``tests/web/test_hearts_table.py``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.games.hearts.table.actions import GAME, revokes
from companion.games.hearts.table.options import parse_options
from companion.games.hearts.table.panels import Display
from companion.games.hearts.table.words import named
from companion.games.protocol import Actor
from tests.games.hearts.reference import Table as RefTable
from tests.games.hearts.reference import play, points
from tests.games.hearts.test_hearts_moves import HEARTS, NAMES, REVOKE_TRICKS, UNDOABLE
from tests.games.hearts.test_hearts_moves import Table as FourSeats
from tests.games.shell import Shell

SIX = (*NAMES, "Eve", "Fay")


class Table(FourSeats):
    """``test_hearts_moves``' table at any number of seats (four unless told)."""

    def __init__(self, phones: frozenset[int] = frozenset(), players: int = 4,
                 **options: Any) -> None:  # fmt: skip
        names = SIX[:players]
        self.shell = Shell(GAME, parse_options({"players": players, **options}), players, names)
        self.phones = phones
        self.host = Actor("Host", None, True, phones, names)

    def score(self, hand: int, taken: dict[int, str], rest: int | None = None,
              sun: int | None = None, **kw: Any) -> Any:  # fmt: skip
        seats = range(self.shell.players)
        data = {"taken": {str(s): taken.get(s, "") for s in seats}, "rest": rest, "sun": sun}
        return self.act("taken", {"hand": hand}, data, **kw)


def shown(t: Table, seat: int | None = None) -> Display:
    actor = t.host if seat is None else t.phone(seat)
    return Display(t.state, list(t.shell.names), actor, t.shell.versions)


def test_the_pass_is_said_per_hand_and_personalised_per_seat() -> None:
    t = Table(phones=frozenset({1}))
    expected = [
        "Pass 3 cards to Cy, on your left.",
        "Pass 3 cards to Ann, on your right.",
        "Pass 3 cards to Dee, across from you.",
        "Hold: no pass this hand.",
        "Pass 3 cards to Cy, on your left.",
    ]
    for hand, line in enumerate(expected, start=1):
        ben, host = shown(t, 1), shown(t)
        assert t.state.open_number == hand
        assert NAMES[ben.dealer(hand)] == NAMES[(hand - 1) % 4]
        assert ben.pass_line(hand).text == line
        assert ben.lead_line(hand) == "The 2♣ leads."
        everyone = host.pass_line(hand).text
        assert everyone.startswith("Everyone passes") or line.startswith("Hold")
        assert not ben.pass_line(hand).house_rule
        t.score(hand, {0: "QS"}, rest=1)
    assert shown(t, 1).standings() == [("Cy", 0), ("Dee", 0), ("Ann", 65), ("Ben", 65)]
    assert t.state.options.rules.target == 100


def test_once_the_first_trick_is_in_the_pass_is_said_as_done() -> None:
    """The pass line is for before the play: once trick 1 is entered it says what was passed,
    on every phone (the panel keeps it small), and an undo of that trick asks for it again."""
    t = Table(phones=frozenset({1}))
    t.trick(0, 0, "2C 3C 4C 5C")
    ben, host = shown(t, 1).pass_line(1), shown(t).pass_line(1)
    assert (ben.text, ben.done) == ("Passed 3 cards to Cy, on your left.", True)
    assert host.text == "Everyone passed 3 cards to the left."
    t.shell.undo(t.host, UNDOABLE)
    assert shown(t, 1).pass_line(1).text == "Pass 3 cards to Cy, on your left."
    for hand in (1, 2, 3):
        t.score(hand, {0: "QS"}, rest=1)
    t.trick(0, 0, "2C 3C 4C 5C", hand=4)
    assert shown(t, 1).pass_line(4).text == "Held: there was no pass this hand."


@pytest.mark.parametrize(
    "players, fields, line, lead",
    [
        (4, {"pass_cycle": "left,right,across,scatter"}, "Scatter: pass one card to each player.",
         "The 2♣ leads."),
        (3, {"pass_count": "4", "pass_cycle": "left,right,scatter"},
         "Scatter: pass 2 cards to each player.", "The 2♣ leads."),
        (5, {}, "Everyone passes 3 cards to the left.", "The 3♣ leads."),
        (3, {"odd_deal": "kitty"}, "Everyone passes", "lowest club not in the kitty"),
        (4, {"first_lead": "left-of-dealer"}, "Everyone passes", "Ben (left of the dealer) leads"),
    ],
)  # fmt: skip
def test_pass_and_lead_for_other_tables(players: int, fields: dict, line: str, lead: str) -> None:
    t = Table(players=players, **fields)
    if line.startswith("Scatter"):  # scatter is the last hand of the cycle: play up to it
        for hand in range(1, len(fields["pass_cycle"].split(","))):
            t.score(hand, {0: "QS"}, rest=1)
    d, hand = shown(t), t.state.open_number
    assert line in d.pass_line(hand).text
    assert lead in d.lead_line(hand)


def test_six_players_mark_the_cycle_as_a_house_rule() -> None:
    assert shown(Table(players=6)).pass_line(1).house_rule
    assert shown(Table(players=6)).house_rule
    assert not shown(Table(players=5)).pass_line(1).house_rule


def test_a_revoke_in_the_tricks_is_named_with_its_rule_and_undo_takes_it_back() -> None:
    t = Table(entry="tricks")
    for i, (leader, cards) in enumerate(REVOKE_TRICKS):
        t.trick(i, leader, cards)
    d, hand = shown(t), t.state.current
    said = [named(x.message, NAMES) for x in hand.report.violations]
    assert (
        "Dee played the 5D on trick 1 but held the 7C: had to follow clubs (rule: follow suit)."
        in said
    )
    assert [x.seat for x in revokes(hand)] == [3]  # the revoke to record: Dee's
    assert d.trick_index(hand, {}) == 2  # "Hand 1, trick 3 of 13"
    assert NAMES[d.next_leader(hand)] == "Ben"  # "Ben won trick 2"
    assert d.leader_of(hand, 2) == d.next_leader(hand)  # the next trick's leader
    assert d.leader_of(hand, 1) == hand.report.winners[0]  # trick 2 again: trick 1's winner
    # trick 1 again: the hand's first leader (whoever holds the 2C, unknown to the app), not
    # the winner of the last trick entered
    assert d.leader_of(hand, 0) is None and d.next_leader(hand) is not None
    # a refused form's cards stay on the grid, played elsewhere or not, to be tapped off
    played = [c for c in d.played(hand, 1)]
    grid = {str(c) for suit in d.cards_left(hand, 1, str(played[0])) for c in suit}
    assert str(played[0]) in grid and str(played[1]) not in grid
    t.shell.undo(t.host, UNDOABLE)  # correct the entry instead
    hand = t.state.current
    assert not [x for x in hand.report.violations if "had to follow clubs" in x.message]
    assert revokes(hand) == []


def test_a_whole_hand_by_tricks_scores_from_the_tricks_and_the_winner_leads_next() -> None:
    ref = RefTable(players=4)
    game = play(ref, random.Random(7))
    t = Table(entry="tricks", moon_policy="add")
    for i, (leader, cards) in enumerate(game.tricks):
        d, hand = shown(t), t.state.current
        assert hand.number == 1 and d.trick_index(hand, {}) == i
        if i:
            assert d.next_leader(hand) == leader
        t.trick(i, leader, " ".join(map(str, cards)))
    expected = points(ref, game)
    if max(expected) == 26:  # a moon: 26 to everyone else
        expected = [0 if p == 26 else 26 for p in expected]
    assert t.totals() == expected
    assert t.state.open_number == 2


def test_the_sheet_says_why_the_game_goes_on_or_ends() -> None:
    t = Table(target="20", exact_target_resets_to="0")
    t.score(1, {0: "QS " + " ".join(HEARTS[:7])}, rest=1)
    assert GAME.sheet(t.state).reason == ""
    t.score(2, {1: "QS " + " ".join(HEARTS[:8])}, rest=2)
    assert GAME.sheet(t.state).reason == "tied for lowest: play another hand"
    t.score(3, {0: "2H"}, rest=1)
    sheet = GAME.sheet(t.state)
    assert sheet.finished and NAMES[sheet.winners[0]] == "Dee"
    ends = Table(target="13", tie_continues="no")
    ends.score(1, {0: "QS"}, rest=1)
    sheet = GAME.sheet(ends.state)
    assert [NAMES[s] for s in sheet.winners] == ["Cy", "Dee"]
    assert named(sheet.reason, NAMES) == "Ann reached 13; Ben reached 13"


def test_a_seat_that_revokes_on_two_tricks_is_offered_one_revoke_to_record() -> None:
    from types import SimpleNamespace as Seen

    broke = [
        Seen(rule="follow-suit", seat=0, trick=2),
        Seen(rule="hearts-broken", seat=3, trick=2),
        Seen(rule="follow-suit", seat=0, trick=3),
        Seen(rule="follow-suit", seat=2, trick=4),
    ]
    hand = Seen(report=Seen(violations=broke))
    assert [(x.seat, x.trick) for x in revokes(hand)] == [(0, 2), (2, 4)]  # type: ignore[arg-type]


def test_a_rule_message_names_players_and_shows_cards_as_faces() -> None:
    from companion.games.hearts.table.words import said

    text = "Seat 4 played the 5D on trick 1 but held the 10C and TS: had to follow (JSON, QS)."
    assert said(text, NAMES) == (
        f"{NAMES[3]} played the 5\u2666 on trick 1 but held the 10\u2663 and 10\u2660: had to "
        "follow (JSON, Q\u2660)."
    )
