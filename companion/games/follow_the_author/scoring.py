"""Round-end scoring: every category of the seed's table, each with a one-line explanation.

Per seat: a danger suit equal to the scoring suit means no danger suit. Cards with neither
suit (the Excuse excepted) count for Sagaciousness and are set aside; cards with both suits
are discarded. The rest score, in the table's order (``CATEGORIES``). Ties score nothing in
Sagaciousness, Most Scoring Cards, Most Danger Cards, Longest Run and Sociability.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.cards.decktet import DecktetCard

CATEGORIES: tuple[str, ...] = (
    "sagaciousness",
    "excuse",
    "most_scoring",
    "most_danger",
    "pairs",
    "longest_run",
    "sociability",
    "vulnerability",
)
TITLES = {
    "sagaciousness": "Sagaciousness",
    "excuse": "Excuse",
    "most_scoring": "Most Scoring Cards",
    "most_danger": "Most Danger Cards",
    "pairs": "Pairs",
    "longest_run": "Longest Run",
    "sociability": "Sociability",
    "vulnerability": "Vulnerability",
}
Pair = tuple[int, int]


@dataclass(frozen=True)
class SortedStore:
    """One seat's store after the discards: what each category looks at."""

    neither: int
    scoring: tuple[DecktetCard, ...]
    danger: tuple[DecktetCard, ...]
    excuse: bool
    neither_cards: tuple[DecktetCard, ...] = ()


@dataclass(frozen=True)
class CategoryResult:
    """``cards``: for each seat, the cards that counted in this category (the ones counted,
    or the ones that scored)."""

    name: str
    points: Pair
    line: str
    cards: tuple[tuple[DecktetCard, ...], tuple[DecktetCard, ...]] = ((), ())


@dataclass(frozen=True)
class RoundScore:
    """``suits``: each seat's scoring suit and danger suit (None: no danger suit)."""

    categories: tuple[CategoryResult, ...]
    suits: tuple[tuple[str, str | None], ...] = ()

    @property
    def points(self) -> Pair:
        return (
            sum(c.points[0] for c in self.categories),
            sum(c.points[1] for c in self.categories),
        )

    def breakdown(self, seat: int) -> dict[str, int]:
        return {c.name: c.points[seat] for c in self.categories}

    def lines(self) -> list[str]:
        return [c.line for c in self.categories]


def effective_danger(scoring: str, danger: str | None) -> str | None:
    """A danger suit equal to the scoring suit means no danger suit this round."""
    return None if danger == scoring else danger


def counts_for(card: DecktetCard, scoring: str, danger: str | None) -> bool:
    """Does ``card`` count for a seat with these suits at the round's end: the Excuse, or a
    card of the scoring suit or the danger suit but not of both (those are discarded)."""
    danger = effective_danger(scoring, danger)
    if card.is_excuse:
        return True
    scores, endangers = card.has_suit(scoring), danger is not None and card.has_suit(danger)
    return scores != endangers


def sort_store(
    store: Sequence[DecktetCard], scoring: str, danger: str | None, others: int = 0
) -> SortedStore:
    """``others``: cards of neither suit counted by the player but not listed (a store entered
    by the cards that count and a count of the rest)."""
    danger = effective_danger(scoring, danger)

    def in_danger(card: DecktetCard) -> bool:
        return danger is not None and card.has_suit(danger)

    neither = tuple(
        c for c in store if not c.is_excuse and not c.has_suit(scoring) and not in_danger(c)
    )
    return SortedStore(
        neither=len(neither) + others,
        neither_cards=neither,
        scoring=tuple(c for c in store if c.has_suit(scoring) and not in_danger(c)),
        danger=tuple(c for c in store if in_danger(c) and not c.has_suit(scoring)),
        excuse=any(c.is_excuse for c in store),
    )


def highest_number(cards: Sequence[DecktetCard]) -> int:
    """The highest rank 2-9 among ``cards``; 0 if none."""
    return max((c.rank for c in cards if c.rank is not None and 2 <= c.rank <= 9), default=0)


def pair_count(cards: Sequence[DecktetCard]) -> int:
    """Pairs of equal rank (every two cards of a rank make a pair)."""
    counts = Counter(c.rank for c in cards if c.rank is not None)
    return sum(n * (n - 1) // 2 for n in counts.values())


def run_ranks(cards: Sequence[DecktetCard]) -> list[int]:
    """The ranks of the longest run of consecutive ranks (3 or more; else none); the lowest
    such run when two are as long."""
    ranks, best, start = sorted({c.rank for c in cards if c.rank is not None}), 0, 0
    found: list[int] = []
    for i, rank in enumerate(ranks):
        if not (i and rank == ranks[i - 1] + 1):
            start = i
        if i - start + 1 > best:
            best, found = i - start + 1, ranks[start : i + 1]
    return found if best >= 3 else []


def longest_run(cards: Sequence[DecktetCard]) -> int:
    """Cards in the longest run of consecutive ranks (3 or more; else 0)."""
    return len(run_ranks(cards))


def pair_cards(cards: Sequence[DecktetCard]) -> tuple[DecktetCard, ...]:
    """The cards that make pairs: those sharing their rank with another card."""
    counts = Counter(c.rank for c in cards if c.rank is not None)
    return tuple(c for c in cards if c.rank is not None and counts[c.rank] > 1)


def _leader(counts: Pair, fewest: bool = False) -> int | None:
    """The seat with the most (or fewest); None on a tie."""
    if counts[0] == counts[1]:
        return None
    return int((counts[1] > counts[0]) != fewest)


def _most(counts: Pair, award: Callable[[int], int], fewest: bool = False) -> Pair:
    seat = _leader(counts, fewest)
    if seat is None:
        return (0, 0)
    return (award(seat), 0) if seat == 0 else (0, award(seat))
