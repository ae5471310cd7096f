"""Cards as letters: what a play counts as, declarations, who takes a trick, follow/higher.

- A consonant card is played as its own letter; a vowel card as either of its two sides
  (declared: ``A/E=E``); a wild as any letter A-Z (declared: ``?=R``).
- The greatest declared letter takes the trick (alphabetical: vowels and consonants alike).
  Cards are compared in play order: a later card takes over only when it is strictly greater
  than the card winning so far: a greater letter, or the same vowel on a vowel card whose
  other side is greater (A/U=A beats A/O=A). Every other tie (two T cards, ``?=T`` and
  ``T``, two A/U played as A) stays with the card played first.
- "Can follow" and "can play higher" count either side of a vowel card, never a wild.
"""

from __future__ import annotations

from collections.abc import Sequence
from string import ascii_uppercase

from companion.cards.alpha import CONSONANTS, SINGLETONS, AlphaCard, Deck, PlayedAlpha

SINGLETON_POINTS = 20


def declared(play: PlayedAlpha) -> str | None:
    """The letter a play counts as, or None when its declaration is missing or impossible
    (such a play never takes a trick over a declared one)."""
    card = play.card
    if card.kind == "consonant":
        return card.letters
    letter = play.letter
    if letter is None or letter not in ascii_uppercase:
        return None
    return letter if card.kind == "wild" or card.has(letter) else None


def other_side(play: PlayedAlpha) -> str:
    """The side of a vowel card not declared ('' for consonants, wilds, bad declarations)."""
    letter = declared(play)
    if play.card.kind != "vowel" or letter is None:
        return ""
    return play.card.letters.replace(letter, "")


def declaration_problem(play: PlayedAlpha) -> str | None:
    """Why a play's declaration is wrong, in a few words, or None when it is fine."""
    card, letter = play.card, play.letter
    if card.kind == "consonant":
        return None if letter == card.letters else f"a {card} is played as {card}, not {letter}"
    if letter is None:
        example = f"{card}={card.letters[0]}" if card.kind == "vowel" else "?=R"
        return f"the {card} needs a declared letter (write {example})"
    if card.kind == "vowel" and not card.has(letter):
        return f"the {card} has no {letter} side"
    if letter not in ascii_uppercase:
        return f"{letter} is not a letter A-Z"
    return None


def beats(new: PlayedAlpha, best: PlayedAlpha) -> bool:
    """Does ``new``, played later, take the trick from ``best``, winning so far?"""
    mine, theirs = declared(new), declared(best)
    if mine is None:
        return False
    if theirs is None or mine != theirs:
        return theirs is None or mine > theirs
    both_vowel_cards = new.card.kind == best.card.kind == "vowel"
    return both_vowel_cards and other_side(new) > other_side(best)


def trick_winner(cards: Sequence[PlayedAlpha]) -> int:
    """Position (0-based) of the card that takes the trick."""
    best = 0
    for position in range(1, len(cards)):
        if beats(cards[position], cards[best]):
            best = position
    return best


def can_follow(card: AlphaCard, letter: str) -> bool:
    """A card (not a wild) with ``letter`` on it, on either side of a vowel card."""
    return card.kind != "wild" and card.has(letter)


def can_reach(card: AlphaCard, letter: str) -> bool:
    """A card (not a wild) with a side alphabetically >= ``letter``."""
    return card.kind != "wild" and any(side >= letter for side in card.sides)


def best_side(card: AlphaCard, letter: str) -> str:
    """How to play ``card`` to follow or reach ``letter``: the side that does (else the
    greatest side), as a played card, e.g. ``A/U=U``."""
    sides = [s for s in card.sides if s == letter] or [s for s in card.sides if s >= letter]
    side = (sides or sorted(card.sides, reverse=True) or ["?"])[0]
    return str(PlayedAlpha(card, side))


def card_points(card: AlphaCard, deck: Deck) -> int:
    """Consonant cards score their printed value, singletons 20; vowels and wilds 0."""
    if card.kind != "consonant":
        return 0
    return SINGLETON_POINTS if card.letters in SINGLETONS else deck.value(card)


def letter_points(letter: str, deck: Deck) -> int:
    """Points of one letter of a word: the value of the consonant card with that letter."""
    return card_points(AlphaCard(letter), deck) if len(letter) == 1 and letter in CONSONANTS else 0
