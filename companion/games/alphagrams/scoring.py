"""AlphaGrams end scoring: points per card, ranking with the longest-word tie-break.

Pure. A card scores 1, +1 when its deck value is 7 or 8, +2 when 9 or more. A word given as
text: a lowercase letter is a wild card; a consonant is its card; a vowel is scored as the
lowest-valued vowel card that carries it (all vowel cards are worth 1 in the default deck).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from string import ascii_lowercase, ascii_uppercase

from companion.cards.alpha import DEFAULT_DECK, VOWELS, AlphaCard, Deck
from companion.errors import Unreadable

WILD = AlphaCard("")


def value_points(value: int) -> int:
    """Points for one card of printed value ``value``."""
    return 1 + (2 if value >= 9 else 1 if value >= 7 else 0)


def card_points(card: AlphaCard, deck: Deck = DEFAULT_DECK) -> int:
    return value_points(deck.value(card))


def letter_card(letter: str, deck: Deck = DEFAULT_DECK) -> AlphaCard:
    """The card a letter of a word stands for (lowercase: the wild)."""
    if len(letter) != 1 or not letter.isascii() or not letter.isalpha():
        raise Unreadable(f"{letter!r:.10} is not a letter A-Z", "words")
    if letter.islower():
        return WILD
    if letter in VOWELS:
        cards = [c for c in deck.copies if c.kind == "vowel" and c.has(letter)]
        return min(cards, key=deck.value) if cards else AlphaCard(letter)
    return AlphaCard(letter)


def word_points(
    word: str, deck: Deck = DEFAULT_DECK, table: Mapping[str, int] | None = None
) -> int:
    """Points for a word written as text (``QUIz``: the z was a wild). ``table``: each
    letter's points for this deck (``points_table``), when many words are scored."""
    known = table if table is not None else {}
    return sum(
        known[ch] if ch in known else card_points(letter_card(ch, deck), deck) for ch in word
    )


def points_table(deck: Deck = DEFAULT_DECK) -> dict[str, int]:
    """Each letter's points (capital: its card; lowercase: a wild), worked out once."""
    letters = ascii_uppercase + ascii_lowercase
    return {ch: card_points(letter_card(ch, deck), deck) for ch in letters}


def seat_points(
    words: Sequence[str], deck: Deck = DEFAULT_DECK, table: Mapping[str, int] | None = None
) -> int:
    known = table if table is not None else points_table(deck)
    return sum(word_points(w, deck, known) for w in words)


def tie_break_key(points: int, words: Sequence[str]) -> tuple[int, tuple[int, ...]]:
    """Sort key (ascending = better): most points, then longest word, then next longest."""
    return (-points, tuple(-len(w) for w in sorted(words, key=len, reverse=True)))


def ranking(words: Mapping[int, Sequence[str]], points: Mapping[int, int]) -> list[int]:
    """Seats, best first. Seats still tied keep seat order."""
    longest = max((len(ws) for ws in words.values()), default=0)

    def key(seat: int) -> tuple[int, tuple[int, ...]]:
        pts, lengths = tie_break_key(points[seat], words.get(seat, ()))
        return pts, lengths + (0,) * (longest - len(lengths))

    return sorted(points, key=lambda seat: (key(seat), seat))


def score(
    words: Mapping[int, Sequence[str]], deck: Deck = DEFAULT_DECK
) -> tuple[dict[int, int], list[int]]:
    """Points per seat and the ranking, from each seat's words as text."""
    table = points_table(deck)
    points = {seat: seat_points(ws, deck, table) for seat, ws in words.items()}
    return points, ranking(words, points)
