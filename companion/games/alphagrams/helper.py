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
from companion.games.alphagrams.scoring import card_points, points_table
from companion.words.anagram import Hit, readings
from companion.words.helper import anagrams, extensions, longest, mark_wilds
from companion.words.lexicon import Lexicon

# what the helper page takes: enough for any hand and pool, and a bounded search
MAX_TYPED = 80
MAX_CARDS = 20
MAX_WILDS = 4
# searches of the list for the cards typed: each way to read the vowel cards is one, made
# longer by each wild (bounded work: one worker answers every phone, DESIGN.md)
MAX_SEARCHES = 128
# the steal helper's work: for each word on the table, a search of the list for the pool's
# consonants and one per way to read its vowel cards, each made longer by the wilds (about
# 40 microseconds a unit here; the page itself takes about 10 ms more); past this it says so
# instead of searching
MAX_STEAL_WORK = 256


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
    if (ways := readings(choices)) * (wilds + 1) > MAX_SEARCHES:
        raise Unreadable(
            f"These {len(choices)} vowel cards can be read {ways:,} ways, too many to look "
            f"through with {wilds} wild{'' if wilds == 1 else 's'}: type fewer vowel cards "
            "(or fewer kinds of them, or fewer wilds).",
            "cards",
        )
    return "".join(letters), choices, wilds


def steal_work(words: int, ways: int, wilds: int) -> int:
    """The steal helper's work in units (see ``MAX_STEAL_WORK``)."""
    return words * (4 + ways) * (wilds + 1) * (wilds + 2) // 2


def steal_searches(words: Sequence[TableWord], pool: Sequence[AlphaCard]) -> str | None:
    """Why the steal helper does not search, in words (None: it does). Each word on the table
    is one search per way to read the pool's vowel cards, each longer with more wilds."""
    _, choices, wilds = rack(pool)
    if steal_work(len(words), readings(choices), wilds) <= MAX_STEAL_WORK:
        return None
    return (
        f"Too many steals to look for here: {len(words)} word{'' if len(words) == 1 else 's'} "
        f"on the table, and a pool of "
        f"{len(choices)} vowel cards and {wilds} wilds that can be read "
        f"{readings(choices):,} ways. The helper looks for steals with fewer."
    )


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


def steals(
    lexicon: Lexicon,
    words: Sequence[TableWord],
    pool: Sequence[AlphaCard],
    deck: Deck,
    *,
    min_zipf: float | None = None,
    limit: int = 30,
) -> list[Steal]:
    """Every word that could take a word on the table with cards of the pool (all the word's
    letters and at least one pool card), longest first, then most points.

    The words are found with bit masks; only those long enough to be among the first
    ``limit`` are picked out, marked and scored (the order is by length first)."""
    letters, choices, wilds = rack(pool)
    masks = [
        extensions(lexicon, w.text.upper(), letters, wilds, choices, min_zipf=min_zipf)
        for w in words
    ]
    found = zip(words, longest(lexicon, masks, limit), strict=True)
    table = points_table(deck)
    scored = [
        _steal(word, w, (letters, wilds, choices), deck, table)
        for w, kept in found
        for word in kept
    ]
    scored.sort(key=lambda s: (-len(s.shown), -s.points, s.shown))
    return scored[:limit]


def _steal(
    word: str, w: TableWord, pool: tuple[str, int, Sequence[str]], deck: Deck, table: dict[str, int]
) -> Steal:
    """``word`` as a steal of ``w``: marked, and scored with ``table`` (``points_table``)."""
    letters, wilds, choices = pool
    base = w.text.upper()
    shown = mark_wilds(word, base + letters, wilds, choices)
    extra = Counter(shown) - Counter(base)
    points = sum(card_points(c.card, deck) for c in w.cards) + sum(
        table[ch] * n for ch, n in extra.items()
    )
    return Steal(shown, base, w.seat, points)
