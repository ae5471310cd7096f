"""The extended Decktet: 45 cards (facts in RULES.md, "Follow the Author").

Notation: a card is its title without "The" (``Author``, ``Chance Meeting``, ``Excuse``), or
``Ace of Moons`` for an Ace. Parsing accepts a leading "The", any case and any spacing
(``the chance meeting``, ``LightKeeper``); a suit may be singular (``Ace of Moon``).

Ranks: Ace 1, numbers 2-9, Pawn 10, Court 11, Crown 12. The Excuse has no rank and no suit.
Types: ``P`` personality, ``L`` place, ``E`` event; the Windfall is taken as an event.

Alphabetical order (``title_key``) is by title without "The", ignoring case and spaces.
Aces have no title and stand outside that order (their key is ``None``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.errors import Unreadable

SUITS: tuple[str, ...] = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")
PAWN, COURT, CROWN = 10, 11, 12
RANK_NAMES = {1: "Ace", PAWN: "Pawn", COURT: "Court", CROWN: "Crown"}


@dataclass(frozen=True)
class DecktetCard:
    """One card. ``rank`` is None only for the Excuse; ``types`` is a string of P/L/E."""

    title: str
    rank: int | None
    suits: tuple[str, ...]
    types: str = ""

    @property
    def is_ace(self) -> bool:
        return self.rank == 1

    @property
    def is_excuse(self) -> bool:
        return self.rank is None

    @property
    def rank_name(self) -> str:
        if self.rank is None:
            return "-"
        return RANK_NAMES.get(self.rank, str(self.rank))

    @property
    def title_key(self) -> str | None:
        """The alphabetical key; None for an Ace (Aces stand outside the order)."""
        return None if self.is_ace else _squash(self.title)

    def has_suit(self, suit: str) -> bool:
        return suit in self.suits

    def is_type(self, letter: str) -> bool:
        return letter in self.types

    def __str__(self) -> str:
        return self.title

    @classmethod
    def parse(cls, text: str) -> DecktetCard:
        return parse_card(text)


def _squash(text: str) -> str:
    return "".join(text.split()).casefold()


def _card(title: str, rank: int | None, suits: str, types: str) -> DecktetCard:
    return DecktetCard(title, rank, tuple(suits.split()), types)


ACES = tuple(DecktetCard(f"Ace of {suit}", 1, (suit,)) for suit in SUITS)
TITLED = (
    _card("Author", 2, "Moons Knots", "P"),
    _card("Desert", 2, "Suns Wyrms", "L"),
    _card("Origin", 2, "Waves Leaves", "LE"),
    _card("Journey", 3, "Moons Waves", "E"),
    _card("Painter", 3, "Suns Knots", "P"),
    _card("Savage", 3, "Leaves Wyrms", "P"),
    _card("Mountain", 4, "Moons Suns", "L"),
    _card("Sailor", 4, "Waves Leaves", "P"),
    _card("Battle", 4, "Wyrms Knots", "E"),
    _card("Forest", 5, "Moons Leaves", "L"),
    _card("Discovery", 5, "Suns Waves", "E"),
    _card("Soldier", 5, "Wyrms Knots", "P"),
    _card("Lunatic", 6, "Moons Waves", "P"),
    _card("Penitent", 6, "Suns Wyrms", "P"),
    _card("Market", 6, "Leaves Knots", "LE"),
    _card("Chance Meeting", 7, "Moons Leaves", "E"),
    _card("Castle", 7, "Suns Knots", "L"),
    _card("Cave", 7, "Waves Wyrms", "L"),
    _card("Diplomat", 8, "Moons Suns", "P"),
    _card("Mill", 8, "Waves Leaves", "L"),
    _card("Betrayal", 8, "Wyrms Knots", "E"),
    _card("Pact", 9, "Moons Suns", "E"),
    _card("Darkness", 9, "Waves Wyrms", "L"),
    _card("Merchant", 9, "Leaves Knots", "P"),
    _card("Harvest", PAWN, "Moons Suns Leaves", "E"),
    _card("Watchman", PAWN, "Moons Wyrms Knots", "P"),
    _card("Light Keeper", PAWN, "Suns Waves Knots", "P"),
    _card("Borderland", PAWN, "Waves Leaves Wyrms", "L"),
    _card("Consul", COURT, "Moons Waves Knots", "P"),
    _card("Rite", COURT, "Moons Leaves Wyrms", "E"),
    _card("Island", COURT, "Suns Waves Wyrms", "L"),
    _card("Window", COURT, "Suns Leaves Knots", "L"),
    _card("Huntress", CROWN, "Moons", "P"),
    _card("Bard", CROWN, "Suns", "P"),
    _card("Sea", CROWN, "Waves", "L"),
    _card("End", CROWN, "Leaves", "LE"),
    _card("Calamity", CROWN, "Wyrms", "E"),
    _card("Windfall", CROWN, "Knots", "E"),
    DecktetCard("Excuse", None, ()),
)
DECK: tuple[DecktetCard, ...] = ACES + TITLED
EXCUSE = TITLED[-1]
_BY_KEY = {_squash(card.title): card for card in DECK}


def parse_suit(text: str) -> str:
    """``moons``, ``Moon``, `` WYRMS `` -> the suit's name; Unreadable otherwise."""
    key = _squash(text) if isinstance(text, str) else ""
    for suit in SUITS:
        if key in (suit.casefold(), suit[:-1].casefold()):
            return suit
    raise Unreadable(f"'{text}' is not a Decktet suit ({', '.join(SUITS)})")


def parse_card(text: str) -> DecktetCard:
    """A card from its title (``Author``, ``The Author``, ``chance meeting``, ``Ace of Moons``)."""
    if not isinstance(text, str):
        raise Unreadable(f"{text!r:.40} is not a Decktet card name")
    key = _squash(text)
    if key.startswith("the") and key not in _BY_KEY:  # no title begins with "the"
        key = key[3:]
    if key.startswith("aceof") and key not in _BY_KEY:
        return _ace(text, key[5:])
    card = _BY_KEY.get(key)
    if card is None:
        raise Unreadable(f"'{text:.40}' is not a card of the extended Decktet")
    return card


def _ace(text: str, suit_text: str) -> DecktetCard:
    try:
        suit = parse_suit(suit_text)
    except Unreadable:
        raise Unreadable(f"'{text:.40}' is not a card of the extended Decktet") from None
    return ACES[SUITS.index(suit)]


def alphabetical(cards: Iterable[DecktetCard]) -> list[DecktetCard]:
    """The titled cards in alphabetical order (Aces left out: they have no place in it)."""
    return sorted((c for c in cards if not c.is_ace), key=lambda c: c.title_key or "")
