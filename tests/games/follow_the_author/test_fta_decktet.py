"""The extended Decktet vocabulary: the 45 cards, parse/format, and the alphabetical order."""

from pathlib import Path

import pytest

from companion.cards.decktet import (
    ACES,
    DECK,
    EXCUSE,
    SUITS,
    DecktetCard,
    alphabetical,
    parse_card,
    parse_suit,
)
from companion.errors import Unreadable

REFERENCE = Path(__file__).parents[2] / "data" / "follow_the_author" / "ordering_reference.txt"
RANKS = {"Pawn": 10, "Court": 11, "Crown": 12, "-": None}


def reference_rows() -> list[tuple[str, int | None, tuple[str, ...]]]:
    rows = []
    for line in REFERENCE.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        title, rank, suits = (part.strip() for part in line.split("|"))
        rank_value = RANKS[rank] if rank in RANKS else int(rank)
        rows.append((title, rank_value, tuple(suits.split()) if suits != "-" else ()))
    return rows


def test_the_deck_has_45_distinct_cards():
    assert len(DECK) == 45
    assert len({str(c) for c in DECK}) == 45


def test_alphabetical_order_reproduces_the_seed_reference():
    titles = [title.removeprefix("The ") for title, _, _ in reference_rows()]
    assert [str(c) for c in alphabetical(DECK)] == titles
    assert len(titles) == 39  # every card but the six Aces


@pytest.mark.parametrize("row", reference_rows(), ids=lambda r: r[0])
def test_rank_and_suits_match_the_seed_reference(row):
    title, rank, suits = row
    card = parse_card(title)
    assert (card.rank, card.suits) == (rank, suits)


def test_alphabetical_order_is_shuffle_proof():
    assert alphabetical(reversed(DECK)) == alphabetical(DECK)


def test_aces_stand_outside_the_order():
    assert all(ace.title_key is None for ace in ACES)
    assert not any(c.is_ace for c in alphabetical(DECK))
    assert [a.suits[0] for a in ACES] == list(SUITS)


def test_excuse_has_no_rank_and_no_suit():
    assert EXCUSE.rank is None and EXCUSE.suits == () and EXCUSE.is_excuse
    assert EXCUSE.rank_name == "-"


@pytest.mark.parametrize(
    "text, title",
    [
        ("Author", "Author"),
        ("The Author", "Author"),
        ("the author", "Author"),
        ("chance meeting", "Chance Meeting"),
        ("The Chance Meeting", "Chance Meeting"),
        ("ChanceMeeting", "Chance Meeting"),
        ("  LIGHT   keeper ", "Light Keeper"),
        ("Ace of Moons", "Ace of Moons"),
        ("ace of moon", "Ace of Moons"),
        ("The Ace of Knots", "Ace of Knots"),
        ("EXCUSE", "Excuse"),
        ("the end", "End"),
        ("Theend", "End"),
    ],
)
def test_parse_accepts_the_usual_spellings(text, title):
    assert str(parse_card(text)) == title


@pytest.mark.parametrize("text", ["", "The", "1H", "Ace of Stars", "Ace", "Authors", "QS"])
def test_parse_rejects_what_is_not_a_card(text):
    with pytest.raises(Unreadable):
        parse_card(text)


@pytest.mark.parametrize("value", [None, 3, ["Author"]])
def test_parse_rejects_non_text(value):
    with pytest.raises(Unreadable):
        parse_card(value)


def test_format_then_parse_gives_the_same_card():
    assert all(DecktetCard.parse(str(card)) == card for card in DECK)


@pytest.mark.parametrize(
    "text, suit", [("moons", "Moons"), ("Wyrm", "Wyrms"), (" KNOTS ", "Knots")]
)
def test_parse_suit(text, suit):
    assert parse_suit(text) == suit


def test_parse_suit_rejects_unknown():
    with pytest.raises(Unreadable):
        parse_suit("Stars")


@pytest.mark.parametrize(
    "title, types",
    [("Origin", "LE"), ("Market", "LE"), ("End", "LE"), ("Windfall", "E"), ("Author", "P")],
)
def test_types(title, types):
    assert parse_card(title).types == types


def test_each_number_rank_has_three_cards_covering_all_six_suits():
    for rank in range(2, 10):
        cards = [c for c in DECK if c.rank == rank]
        assert sorted(s for c in cards for s in c.suits) == sorted(SUITS)
