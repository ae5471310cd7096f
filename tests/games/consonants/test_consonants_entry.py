"""What a Consonants phone is told about the hand, pure: the hand panel (dealer, cards each and
the kitty, the pass said per seat, the opening lead), whose cards are still awaited and which
consonants nobody has entered, a whole hand by tricks on a deck corrected on the deck screen,
and a hand's summary after Flying by Night. Folded from the actions the pages send
(``tests.games.shell``); no app, no database. These were checked through Flask's test client in
``tests/web/test_consonants_table.py``."""

from __future__ import annotations

import pytest

from companion.cards.alpha import DEFAULT_DECK, Deck
from companion.games.consonants.table import summary
from companion.games.consonants.table.panels import Display
from companion.games.protocol import Actor
from tests.games.consonants.test_consonants_moves import DECK_POINTS, FLY, HAND, TABLE
from tests.games.consonants.test_consonants_moves import Table as FourNames

SIX = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay")
SMALL = {"J": 1, "K": 1, "Q": 1, "V": 1, "X": 1, "Z": 1, "T": 3, "S": 2, "A/E": 2, "A/I": 1}


class Table(FourNames):
    """``test_consonants_moves``' table, with a name for each of up to six seats."""

    def __init__(self, players: int = 4, phones: frozenset[int] = frozenset(), **options):
        super().__init__(players, phones, **options)
        self.names = self.shell.names = SIX[:players]
        self.host = Actor("Host", None, True, phones, self.names)


def shown(t: Table, seat: int | None = None) -> Display:
    actor = t.host if seat is None else t.phone(seat)
    return Display(t.state, t.names, actor, t.shell.versions)


@pytest.mark.parametrize(("players", "each", "kitty"), [(3, 24, 2), (4, 18, 2), (5, 14, 4),
                                                        (6, 12, 2)])  # fmt: skip
def test_hand_panel_names_dealer_cards_kitty_pass_and_leader(players, each, kitty):
    t = Table(players=players)
    d = shown(t)
    assert t.state.current.number == 1 and t.names[d.dealer(1)] == "Ann"
    assert (d.cards_per_seat, d.kitty) == (each, kitty)
    assert d.pass_line(1).text == "Everyone passes 4 cards to the left."
    assert d.lead_line(1).startswith("The J leads the first trick")
    assert d.house_rule == (players == 6)
    assert d.pass_line(1).house_rule == (players == 6)


def test_the_pass_is_personal_on_each_phone_and_follows_the_hearts_cycle():
    t = Table(phones=frozenset({1}))
    assert shown(t, 1).pass_line(1).text == "Pass 4 cards to Cy, on your left."
    assert shown(t).pass_line(1).text == "Everyone passes 4 cards to the left."
    t.enter()
    t.close()
    assert t.state.current.number == 2
    ben = shown(t, 1)
    assert t.names[ben.dealer(2)] == "Ben"
    assert ben.pass_line(2).text == "Pass 4 cards to Ann, on your right."


def test_once_the_first_trick_is_in_the_pass_is_said_as_done():
    """As in Hearts: the pass is for before the play; once trick 1 is in it is past, and the
    6-player cycle's house-rule note goes with it."""
    t = Table(phones=frozenset({1}))
    t.trick(0, 0, "J K Q V")
    ben = shown(t, 1).pass_line(1)
    assert (ben.text, ben.done) == ("Passed 4 cards to Cy, on your left.", True)
    assert shown(t).pass_line(1).text == "Everyone passed 4 cards to the left."


def test_missing_cards_are_named_until_every_card_is_in():
    t = Table()
    for seat, cards in HAND.items():
        t.taken(seat, cards)
    hand = t.state.current
    assert hand.source == "cards" and sorted(hand.entered) == [0, 1, 2]  # waiting for Dee
    t.taken(3, "T T")
    hand = t.state.current
    assert sorted(hand.entered) == [0, 1, 2, 3]
    missing = [str(c) for c in hand.missing]
    assert missing.count("W") == 2 and "T" not in missing and "J" not in missing
    assert not hand.cards_in


def small_deck() -> dict:
    cards = {str(c): [SMALL.get(str(c), 0), DEFAULT_DECK.value(c)] for c in DEFAULT_DECK.copies}
    return Deck.from_dict({"cards": cards}).to_dict()


def test_a_whole_hand_by_tricks_on_a_corrected_deck_the_kitty_goes_to_the_last_trick():
    t = Table(players=3)
    t.shell.store("alpha-deck", small_deck(), None, "deck", 1)  # the deck screen's event
    assert t.state.deck.size == 14
    assert (shown(t).cards_per_seat, shown(t).kitty) == (4, 2)
    for k, (leader, cards) in enumerate(
        [(0, "J K Q"), (2, "V T T"), (2, "T S S"), (2, "A/E=E A/I=I A/E=E")]
    ):
        t.trick(k, leader, cards)
    d, hand = shown(t), t.state.current
    assert d.trick_rows(hand)[-1] == (4, "Cy", "A/E=E A/I=I A/E=E", "Ann")  # I beats E
    assert d.trick_problems(hand) == [] and not hand.report.violations
    assert d.points(hand, 0) == 40  # the kitty's X and Z, 20 each
    assert d.points(hand, 2) == 85
    t.close()
    assert t.totals() == [40, 0, 85]
    found = summary.latest(t.state, t.names)
    assert found is not None and "Ann took the last trick and the kitty." in found.notes


def test_flying_by_night_subtract_is_summed_up_and_marked():
    t = Table()
    t.enter(FLY)
    waiting = summary.fly_line(t.state.current, t.names)
    assert waiting == "Ann was Flying by Night (all six singletons): waiting for Ann's choice."
    t.act("fly", {"hand": 1}, {"choice": "subtract"})
    t.close()
    found = summary.latest(t.state, t.names)
    assert found is not None and found.number == 1
    assert (
        found.notes[0] == "Ann was Flying by Night (all six singletons) and chose \u221250 for Ann."
    )
    assert found.points is not None and found.points[0] == ("Ann", -50)
    assert found.marks == ("fly",)
    assert summary.row_marks(t.state) == [("fly",)]
    assert ("fly", "Flying by Night (all six singletons)") in summary.LEGEND
    rest = DECK_POINTS - 122  # Ben and Cy took a T and an N, 1 point each
    assert t.totals() == [-50, 1, 1, rest]
    assert list(TABLE.sheet(t.state).totals) == t.totals()
