""" "The rest go to <name>" in Consonants (issue 23): a claim that ends a hand entered trick by
trick. Unlike Hearts with a kitty (the kitty goes by the first trick there), Consonants' kitty
goes to whoever takes the last trick, and the claimer takes it: so the claimer takes every
card not played, whatever the kitty holds, and the points come out as if every trick had
been entered."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.cards.alpha import DEFAULT_DECK, AlphaCard
from companion.errors import Forbidden
from companion.games.consonants.table.actions import GAME
from companion.games.consonants.table.summary import summary
from companion.games.consonants.table.words import describe
from companion.games.replay import CONSONANTS as REPLAYED
from tests.games.consonants.test_consonants_table import ANN, BEN, DECK_POINTS, WATCHER, Table

TRICKS = [(0, "J K Q V"), (1, "X Z T T")]  # Dee wins the first (V), Cy the second (Z)


def _tricks(t: Table) -> None:
    for i, (leader, cards) in enumerate(TRICKS):
        t.act("trick", {"hand": 1, "trick": i}, {"leader": leader, "cards": cards}, ANN)


def rest(index: int, seat: int) -> tuple[str, dict, dict]:
    return "rest", {"hand": 1, "trick": index}, {"seat": seat}


def test_the_rest_go_to_one_seat_with_the_kitty_and_the_points_add_up():
    t = Table()
    _tricks(t)
    t.act(*rest(2, 1), BEN)
    hand = t.state.hand(1)
    assert hand.rest == 1 and hand.cards_in and len(hand.tricks) == 2
    assert hand.trick_report is not None and hand.trick_report.winners[2:] == (1,) * 16
    played = Counter(AlphaCard.parse(c) for _, cards in TRICKS for c in cards.split())
    # Ben holds every card not played: the cards still in hand and the kitty
    assert Counter(hand.taken[1]) == Counter(DEFAULT_DECK.copies) - played
    assert sorted(map(str, hand.taken[3])) == ["J", "K", "Q", "V"]
    assert sorted(map(str, hand.taken[2])) == ["T", "T", "X", "Z"]
    assert hand.report is not None and sum(hand.report.points.values()) == DECK_POINTS
    assert hand.scores == {0: 0, 1: DECK_POINTS - 122, 2: 42, 3: 80}
    # the same points as the cards entered seat by seat, the last seat "all the rest"
    by_cards = Table()
    by_cards.act("taken", {"hand": 1, "seat": 3}, {"cards": "J K Q V"})
    by_cards.act("taken", {"hand": 1, "seat": 2}, {"cards": "X Z T T"})
    by_cards.act("taken", {"hand": 1, "seat": 0}, {"cards": ""})
    by_cards.act("taken", {"hand": 1, "seat": 1}, {"cards": "", "rest": True})
    assert by_cards.state.hand(1).scores == hand.scores
    assert t.refold() == t.state  # the same from scratch (an import, a reload)
    view = GAME.view(t.state, 0, t.versions)["hands"][0]
    assert view["rest"] == 1 and view["cards_in"] is True
    names = ["Ann", "Ben", "Cy", "Dee"]
    assert "Ben took every trick from trick 3 on, the kitty too." in summary(hand, names).notes
    said = describe(t.events[-1], names)
    assert said is not None and "the rest go to Ben (tricks 3 on)" in said


def test_the_claimer_lays_words_from_its_cards_and_the_hand_closes():
    t = Table()
    _tricks(t)
    t.act(*rest(2, 0), ANN)
    t.act("words", {"hand": 1, "seat": 0}, {"words": "REST"}, ANN)  # R E S T from the rest
    t.close(1)
    assert t.state.open_number == 2
    rest_points = DECK_POINTS - 122
    assert t.totals() == [rest_points - 3, 0, 42, 80]  # REST: R1 S1 T1 do not score


def test_a_claim_needs_a_trick_in_the_next_trick_and_a_player():
    t = Table()
    with pytest.raises(Forbidden) as err:
        t.act(*rest(0, 1))
    assert err.value.field == "rest-early"
    _tricks(t)
    with pytest.raises(Forbidden) as err:
        t.act(*rest(5, 1))
    assert err.value.field == "trick-not-next"
    with pytest.raises(Forbidden):
        t.act(*rest(2, 1), WATCHER)
    assert t.state.hand(1).rest is None


def test_a_trick_entered_where_the_rest_began_overtakes_the_claim_and_undo_takes_it_back():
    t = Table()
    _tricks(t)
    t.act(*rest(2, 1), BEN)
    assert t.state.hand(1).rest == 1
    t.act("trick", {"hand": 1, "trick": 2}, {"leader": 2, "cards": "S S S R"}, ANN)
    hand = t.state.hand(1)
    assert hand.rest is None and not hand.cards_in and len(hand.tricks) == 3
    assert REPLAYED["cons-rest"] is not None  # undo and the history know it
