"""AlphaGrams moves and table words (values), and the card checks of a move.

Pure. A move names every card of the new word in order, each with its declared letter
(``A/E=E``, ``?=R``, consonants plain) and where it came from: ``hand``, ``pool`` or ``word``
(a card of the word being stolen or protected).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from companion.cards.alpha import AlphaCard, PlayedAlpha
from companion.errors import Unreadable

SOURCES = ("hand", "pool", "word")


@dataclass(frozen=True)
class TableWord:
    """A word on the table in front of ``seat``: its cards as played, in order."""

    seat: int
    cards: tuple[PlayedAlpha, ...]

    @property
    def text(self) -> str:
        """The word, a wild's letter in lowercase (``QUIz``)."""
        return "".join(_letter(p) for p in self.cards)


def spoken(text: str) -> str:
    """A word as players say it: in capitals, its wild cards named (``HIDe``: "HIDE (wild
    E)"); the stored text keeps a wild's letter in lowercase."""
    wilds = [ch.upper() for ch in text if ch.islower()]
    return text.upper() + (f" (wild {', '.join(wilds)})" if wilds else "")


def _letter(played: PlayedAlpha) -> str:
    letter = played.letter or "?"
    return letter.lower() if played.card.kind == "wild" else letter.upper()


@dataclass(frozen=True)
class Move:
    """A word made by ``seat``: ``cards`` in word order, ``sources`` one per card; ``steal`` is
    the index in ``state.words`` of the word anagrammed (None: a new word); ``discard`` an
    extra card from hand to the pool; ``overrule``: the table waived the inflection ruling."""

    seat: int
    cards: tuple[PlayedAlpha, ...]
    sources: tuple[str, ...]
    steal: int | None = None
    discard: AlphaCard | None = None
    overrule: bool = False

    @property
    def text(self) -> str:
        return TableWord(self.seat, self.cards).text

    def from_(self, source: str) -> list[PlayedAlpha]:
        return [c for c, s in zip(self.cards, self.sources, strict=True) if s == source]

    @classmethod
    def parse(
        cls,
        seat: int,
        cards: Sequence[str],
        sources: Sequence[str],
        steal: int | None = None,
        discard: str | None = None,
        overrule: bool = False,
    ) -> Move:
        """Read card texts (``T``, ``A/E=E``, ``?=R``) and their sources."""
        played = tuple(PlayedAlpha.parse(c) for c in cards)
        if len(sources) != len(played) or any(s not in SOURCES for s in sources):
            raise Unreadable("give one source (hand, pool or word) for every card", "sources")
        lost = AlphaCard.parse(discard) if discard else None
        return cls(seat, played, tuple(sources), steal, lost, overrule)


def declaration_problem(played: PlayedAlpha) -> str | None:
    """Why a card cannot be played as its declared letter (None when it can)."""
    letter, card = played.letter, played.card
    if letter is None or len(letter) != 1 or not letter.isalpha():
        return f"{card} needs a declared letter"
    if card.kind != "wild" and not card.has(letter.upper()):
        return f"{card} cannot be played as {letter.upper()}"
    return None


def missing_from(pool: Sequence[AlphaCard], wanted: Sequence[AlphaCard]) -> list[AlphaCard]:
    """Cards in ``wanted`` that ``pool`` does not hold (counting copies)."""
    return list((Counter(wanted) - Counter(pool)).elements())


def remove(pool: Sequence[AlphaCard], taken: Sequence[AlphaCard]) -> tuple[AlphaCard, ...]:
    """``pool`` without ``taken`` (one copy each), order kept."""
    left = Counter(taken)
    out = []
    for card in pool:
        if left[card]:
            left[card] -= 1
        else:
            out.append(card)
    return tuple(out)
