from __future__ import annotations

import pytest

from companion.cards.standard import Card, full_deck, parse_cards
from companion.errors import Unreadable


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("QS", "QS"), ("qs", "QS"), ("10H", "TH"), ("10h", "TH"), (" 2c ", "2C"), ("Ad", "AD")],
)
def test_parse_gives_the_canonical_form(text, canonical):
    assert str(Card.parse(text)) == canonical
    assert Card.parse(str(Card.parse(text))) == Card.parse(text)


@pytest.mark.parametrize("text", ["1H", "11H", "QX", "", "Q", "QSS", "10", 12, None])
def test_unreadable(text):
    with pytest.raises(Unreadable):
        Card.parse(text)


def test_deck_and_order():
    deck = full_deck()
    assert len(set(deck)) == 52
    assert str(deck[0]) == "2C" and str(deck[-1]) == "AS"
    assert Card.parse("AH") > Card.parse("KH")


def test_parse_cards_names_the_field():
    with pytest.raises(Unreadable, match="kitty.*1H"):
        parse_cards(["2C", "1H"], "kitty")
