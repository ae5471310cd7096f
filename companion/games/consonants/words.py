"""Words laid after a hand, and challenges.

After the hand a seat may lay words of 4 or more letters made from the cards it took: a
vowel card gives either of its letters, a wild gives none, and each card goes into one word
at most. Cards in a standing word do not score. Any other seat may challenge a word; the
table's lexicon judges (``is_word``). The winner of the challenge subtracts the word's points
(its consonant values, singletons 20) and the loser adds them. A word that fails was never
laid: its cards score as usual (option ``failed_words_score`` off: they score nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from string import ascii_uppercase

from companion.cards.alpha import AlphaCard, Deck
from companion.errors import Unreadable
from companion.games.consonants.letters import can_follow, letter_points
from companion.games.protocol import JSON

MIN_WORD = 4


def read_word(text: object, field: str = "words") -> str:
    """A word as letters A-Z (case-insensitive); ``Unreadable`` names the field otherwise."""
    word = text.strip().upper() if isinstance(text, str) else None
    if not word or any(ch not in ascii_uppercase for ch in word):
        raise Unreadable(f"field '{field}': {text!r:.40} is not a word of letters A-Z", field)
    return word


def can_make(letters: str, cards: Sequence[AlphaCard]) -> bool:
    """Can ``letters`` be spelt with ``cards``, one card per letter, never a wild?"""
    return _Spelling(cards).add(letters)


class _Spelling:
    """Letters matched to cards, one card each, grown a word at a time (Kuhn's augmenting
    paths): a word fits beside the letters already matched exactly when each of its letters
    finds a path, so no word is matched again from scratch."""

    def __init__(self, cards: Sequence[AlphaCard]) -> None:
        self.cards = cards
        self.letters: list[str] = []
        self.owner: dict[int, int] = {}  # card index -> letter index
        self.fits: dict[str, list[int]] = {}  # letter -> the cards that carry it

    def add(self, word: str) -> bool:
        """Match ``word`` too, or (when it does not fit) leave everything as it was."""
        if len(self.letters) + len(word) > len(self.cards):
            return False
        before, size = dict(self.owner), len(self.letters)
        for letter in word:
            self.letters.append(letter)
            if not self._place(len(self.letters) - 1, set()):
                self.owner, self.letters[size:] = before, []
                return False
        return True

    def _place(self, i: int, seen: set[int]) -> bool:
        for j in self._cards_for(self.letters[i]):
            if j in seen:
                continue
            seen.add(j)
            if j not in self.owner or self._place(self.owner[j], seen):
                self.owner[j] = i
                return True
        return False

    def _cards_for(self, letter: str) -> list[int]:
        if letter not in self.fits:
            self.fits[letter] = [j for j, c in enumerate(self.cards) if can_follow(c, letter)]
        return self.fits[letter]


def lay_words(words: Sequence[str], cards: Sequence[AlphaCard]) -> tuple[list[str], list[str]]:
    """Split ``words`` into those laid (in order, sharing no card) and those that cannot be
    (too short, or not makeable from ``cards`` beside the words already laid)."""
    laid: list[str] = []
    refused: list[str] = []
    spelling = _Spelling(cards)
    for word in words:
        if len(word) >= MIN_WORD and spelling.add(word):
            laid.append(word)
        else:
            refused.append(word)
    return laid, refused


def word_points(word: str, deck: Deck) -> int:
    """A word's points: its consonants' card values (singletons 20); vowels nothing."""
    return sum(letter_points(letter, deck) for letter in word)


@dataclass(frozen=True)
class Challenge:
    """``challenger`` disputes ``word`` laid by ``seat``."""

    seat: int
    word: str
    challenger: int


@dataclass(frozen=True)
class ChallengeResult:
    """How a challenge went: ``valid`` (the word stands, its owner wins) and the points."""

    word: str
    seat: int
    challenger: int
    valid: bool
    points: int

    @property
    def winner(self) -> int:
        return self.seat if self.valid else self.challenger

    @property
    def loser(self) -> int:
        return self.challenger if self.valid else self.seat

    def as_dict(self) -> dict[str, JSON]:
        return {
            "word": self.word,
            "seat": self.seat,
            "challenger": self.challenger,
            "valid": self.valid,
            "points": self.points,
        }


def settle(challenge: Challenge, valid: bool, deck: Deck) -> ChallengeResult:
    """The result of one challenge, once the lexicon has judged the word."""
    points = word_points(challenge.word, deck)
    return ChallengeResult(challenge.word, challenge.seat, challenge.challenger, valid, points)


def challenge_deltas(results: Sequence[ChallengeResult], players: int) -> dict[int, int]:
    """Score changes from challenges: the winner -points, the loser +points."""
    deltas = {seat: 0 for seat in range(players)}
    for result in results:
        deltas[result.winner] -= result.points
        deltas[result.loser] += result.points
    return deltas
