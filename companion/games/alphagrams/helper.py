""" "What could we have made?": the best words for some Alpha cards, via the anagram helper.

Pure. Consonant cards give their letter, vowel cards either side, wilds any letter.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from companion.cards.alpha import AlphaCard, Deck
from companion.errors import Unreadable
from companion.games.alphagrams.moves import TableWord
from companion.games.alphagrams.scoring import card_points, letter_card
from companion.words.anagram import Hit
from companion.words.helper import anagrams
from companion.words.lexicon import Lexicon

# what the helper page takes: enough for any hand and pool, and a bounded search
MAX_TYPED = 80
MAX_CARDS = 20
MAX_WILDS = 4


def rack(cards: Iterable[AlphaCard]) -> tuple[str, list[str], int]:
    """(letters of consonant cards, vowel cards as two-letter choices, number of wilds)."""
    letters, choices, wilds = [], [], 0
    for card in cards:
        if card.kind == "wild":
            wilds += 1
        elif card.kind == "vowel":
            choices.append(card.letters)
        else:
            letters.append(card.letters)
    return "".join(letters), choices, wilds


def typed_rack(raw: str) -> tuple[str, list[str], int]:
    """Cards typed for the helper page: ``A/E``, ``?``, or runs of letters (``TEAMS``)."""
    if len(raw) > MAX_TYPED:
        raise Unreadable(f"That is too long: at most {MAX_TYPED} characters of cards.", "cards")
    letters, choices, wilds = [], [], 0
    for token in raw.replace(",", " ").split():
        if token == "?":
            wilds += 1
        elif "/" in token:
            choices.append(AlphaCard.parse(token).letters)
        elif token.isascii() and token.isalpha():
            letters.append(token.upper())
        else:
            raise Unreadable(f"'{token[:12]}' is not a card: type letters, A/E or ?.", "cards")
    if wilds > MAX_WILDS:
        raise Unreadable(f"At most {MAX_WILDS} wilds.", "cards")
    if len("".join(letters)) + len(choices) + wilds > MAX_CARDS:
        raise Unreadable(f"At most {MAX_CARDS} cards at a time.", "cards")
    return "".join(letters), choices, wilds


def what_could_we_have_made(
    lexicon: Lexicon,
    cards: Iterable[AlphaCard],
    *,
    min_length: int = 3,
    min_zipf: float | None = None,
    order: str = "long",
    limit: int = 20,
) -> list[Hit]:
    """The best words the cards could make (longest first by default), wilds in lowercase."""
    letters, choices, wilds = rack(cards)
    return anagrams(
        lexicon,
        letters,
        wilds,
        choices,
        min_length=min_length,
        min_zipf=min_zipf,
        order=order,
        limit=limit,
    )


@dataclass(frozen=True)
class Steal:
    """A word that takes ``taken`` (a word on the table, of ``seat``) with pool cards; wild
    letters in lowercase; ``points``: the word's cards at the deck's values."""

    shown: str
    taken: str
    seat: int
    points: int


def steals(lexicon: Lexicon, words: Sequence[TableWord], pool: Sequence[AlphaCard], deck: Deck,
           *, min_zipf: float | None = None, limit: int = 30) -> list[Steal]:  # fmt: skip
    """Every word that could take a word on the table with cards of the pool (all the word's
    letters and at least one pool card), longest first, then most points."""
    letters, choices, wilds = rack(pool)
    found = []
    for w in words:
        base = w.text.upper()
        hits = anagrams(lexicon, base + letters, wilds, choices, min_length=len(base) + 1,
                        min_zipf=min_zipf, order="long", limit=None)  # fmt: skip
        for h in hits:
            extra = Counter(h.shown) - Counter(base)
            if Counter(base) - Counter(h.shown):
                continue  # a letter of the word taken would come from a wild: not a steal
            points = sum(card_points(c.card, deck) for c in w.cards) + sum(
                card_points(letter_card(ch, deck), deck) * n for ch, n in extra.items()
            )
            found.append(Steal(h.shown, base, w.seat, points))
    found.sort(key=lambda s: (-len(s.shown), -s.points, s.shown))
    return found[:limit]
