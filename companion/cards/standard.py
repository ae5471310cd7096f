"""The standard 52-card deck (RULES.md, "Seats and notation").

Notation: rank ``2``-``9``, ``T`` (``10`` accepted), ``J``, ``Q``, ``K``, ``A``, then the suit
``C D H S``: ``QS``, ``TH``, ``2C``. Input is case-insensitive and may carry spaces around;
``str(card)`` is the canonical form. Aces are high.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import Unreadable

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


@dataclass(frozen=True, order=True)
class Card:
    """A standard card. Ordered by suit (C, D, H, S), then rank (2 low, A high)."""

    suit_index: int
    rank_index: int

    @property
    def rank(self) -> str:
        return RANKS[self.rank_index]

    @property
    def suit(self) -> str:
        return SUITS[self.suit_index]

    @property
    def suit_name(self) -> str:
        return SUIT_NAMES[self.suit]

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @classmethod
    def of(cls, rank: str, suit: str) -> Card:
        return cls(SUITS.index(suit), RANKS.index(rank))

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read ``QS``, ``qs``, ``10H`` (= ``TH``). Anything else raises ``Unreadable``."""
        if not isinstance(text, str):
            raise Unreadable(f"{text!r:.40} is not a card (write it like QS, TH or 2C)")
        raw = text.strip().upper()
        if raw[:2] == "10":
            raw = "T" + raw[2:]
        if len(raw) == 2 and raw[0] in RANKS and raw[1] in SUITS:
            return cls.of(raw[0], raw[1])
        raise Unreadable(f"'{text:.40}' is not a card (write it like QS, TH or 2C)")


def full_deck() -> list[Card]:
    """All 52 cards, clubs first, 2 to ace within a suit."""
    return [Card(s, r) for s in range(len(SUITS)) for r in range(len(RANKS))]


def parse_cards(texts: object, field: str = "cards") -> list[Card]:
    """Read a list of card strings; ``Unreadable`` names the field and the bad value."""
    if not isinstance(texts, list | tuple):
        raise Unreadable(f"field '{field}' must be a list of cards, not {texts!r:.80}", field)
    cards = []
    for text in texts:
        try:
            cards.append(Card.parse(text))
        except Unreadable as exc:
            raise Unreadable(f"field '{field}': {exc.message}", field) from None
    return cards
