"""Alpha Playing Cards: letter cards (seeds 000 and 003; facts in RULES.md).

Notation: a consonant card is its letter (``T``); a vowel card is its two vowels in
alphabetical order (``A/E``); a wild is ``?``. A card *as played* carries its declared
letter: ``A/E=E``, ``?=R``; a consonant is written plain (``T`` or ``T=T``).

The deck's letter counts and values are not all known. ``DEFAULT_DECK`` is RULES.md's
reconstruction, marked *unverified*; tables can edit it (``Deck.from_dict``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from companion.errors import Unreadable

Kind = Literal["consonant", "vowel", "wild"]
VOWELS = "AEIOU"
CONSONANTS = "BCDFGHJKLMNPQRSTVWXYZ"
SINGLETONS = ("J", "K", "Q", "V", "X", "Z")


@dataclass(frozen=True, order=True)
class AlphaCard:
    """A physical card: ``letters`` is one consonant, two vowels (sorted), or empty (wild)."""

    letters: str

    @property
    def kind(self) -> Kind:
        if not self.letters:
            return "wild"
        return "vowel" if len(self.letters) == 2 else "consonant"

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(self.letters)

    def has(self, letter: str) -> bool:
        """True when this card can be played as ``letter`` without being wild."""
        return letter in self.letters

    def __str__(self) -> str:
        if self.kind == "wild":
            return "?"
        return "/".join(self.letters)

    @classmethod
    def parse(cls, text: str) -> AlphaCard:
        raw = text.strip().upper()
        if raw == "?":
            return cls("")
        if len(raw) == 1 and raw in CONSONANTS:
            return cls(raw)
        parts = raw.split("/")
        if len(parts) == 2 and all(len(p) == 1 and p in VOWELS for p in parts):
            a, b = sorted(parts)
            if a != b:
                return cls(a + b)
        raise Unreadable(
            f"'{text}' is not an Alpha card (a consonant, a vowel pair like A/E, or ?)"
        )


@dataclass(frozen=True)
class PlayedAlpha:
    """A card as played, with the letter it was declared as (None: no declaration given)."""

    card: AlphaCard
    letter: str | None

    def __str__(self) -> str:
        if self.card.kind == "consonant" and self.letter == self.card.letters:
            return str(self.card)
        return f"{self.card}={self.letter}" if self.letter else str(self.card)

    @classmethod
    def parse(cls, text: str) -> PlayedAlpha:
        """Read ``T``, ``A/E=E``, ``?=R``. The declaration is read, not judged: whether it is
        allowed (``A/E=O``) is a rule, checked by the game."""
        raw = text.strip().upper()
        card_text, _, letter = raw.partition("=")
        card = AlphaCard.parse(card_text)
        if letter and (len(letter) != 1 or not letter.isalpha()):
            raise Unreadable(f"'{text}': the declared letter must be one letter A-Z")
        if card.kind == "consonant" and not letter:
            letter = card.letters
        return cls(card, letter or None)


@dataclass(frozen=True)
class Deck:
    """Copies and printed value of every card; ``verified`` is False for a reconstruction."""

    copies: dict[AlphaCard, int]
    values: dict[AlphaCard, int]
    verified: bool = False
    note: str = field(default="")

    @property
    def size(self) -> int:
        return sum(self.copies.values())

    def value(self, card: AlphaCard) -> int:
        return self.values.get(card, 0)

    def cards(self) -> list[AlphaCard]:
        """Every card of the deck, each copy once, in a fixed order."""
        return [card for card in sorted(self.copies) for _ in range(self.copies[card])]

    def to_dict(self) -> dict[str, object]:
        return {
            "verified": self.verified,
            "note": self.note,
            "cards": {str(c): [self.copies[c], self.values.get(c, 0)] for c in sorted(self.copies)},
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Deck:
        cards = data.get("cards")
        if not isinstance(cards, dict) or not cards:
            raise Unreadable("the deck needs a 'cards' object: card -> [copies, value]")
        copies: dict[AlphaCard, int] = {}
        values: dict[AlphaCard, int] = {}
        for text, pair in cards.items():
            card = AlphaCard.parse(str(text))
            if (
                not isinstance(pair, list | tuple)
                or len(pair) != 2
                or not all(isinstance(n, int) and not isinstance(n, bool) for n in pair)
                or not (0 <= pair[0] <= 20 and 0 <= pair[1] <= 20)
            ):
                raise Unreadable(f"deck card {text}: give [copies, value], each 0 to 20")
            copies[card], values[card] = pair[0], pair[1]
        return cls(copies, values, bool(data.get("verified", False)), str(data.get("note", "")))


def _default_deck() -> Deck:
    table: list[tuple[str, int, int]] = []
    table += [(c, 3, v) for c, v in zip("TNSRHD", (1, 1, 1, 1, 4, 2), strict=True)]
    table += [(c, 2, v) for c, v in zip("BCFGLMPWY", (3, 3, 4, 2, 1, 3, 3, 4, 4), strict=True)]
    table += [(c, 1, v) for c, v in zip("JKQVXZ", (8, 5, 10, 4, 8, 10), strict=True)]
    pairs = ["A/E", "A/I", "A/O", "A/U", "E/I", "E/O", "E/U", "I/O", "I/U", "O/U"]
    table += [(p, 3, 1) for p in pairs]
    table += [("?", 2, 0)]
    copies = {AlphaCard.parse(t): n for t, n, _ in table}
    values = {AlphaCard.parse(t): v for t, _, v in table}
    note = "Reconstruction from RULES.md, not checked against a printed deck: check yours."
    return Deck(copies, values, verified=False, note=note)


DEFAULT_DECK = _default_deck()
