"""Store checks at the end of a round: every card accounted for exactly once.

Rule ids: ``store-twice`` (a card in both stores, or twice in one), ``store-set-aside`` (a
card that was set aside is also in a store), ``store-count`` (the stores and the set-aside
cards do not add up to the 45 cards of the deck).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from companion.cards.decktet import DecktetCard
from companion.games.follow_the_author.rounds import DECK_SIZE


@dataclass(frozen=True)
class StoreIssue:
    rule: str
    card: DecktetCard | None
    message: str


def check_stores(
    stores: Sequence[Sequence[DecktetCard]], set_aside: Sequence[DecktetCard] = ()
) -> list[StoreIssue]:
    """Problems with the stores entered for a round (empty when all is well)."""
    counts = Counter(c for store in stores for c in store)
    issues = [
        StoreIssue("store-twice", card, f"{card} is entered {n} times across the stores.")
        for card, n in counts.items()
        if n > 1
    ]
    aside = set(set_aside)
    issues += [
        StoreIssue("store-set-aside", card, f"{card} was set aside, so it cannot be in a store.")
        for card in counts
        if card in aside
    ]
    total = sum(counts.values()) + len(aside)
    if total != DECK_SIZE:
        message = (
            f"The stores hold {sum(counts.values())} cards and {len(aside)} were set aside: "
            f"{total} in all, but a round accounts for all {DECK_SIZE}."
        )
        issues.append(StoreIssue("store-count", None, message))
    return issues
