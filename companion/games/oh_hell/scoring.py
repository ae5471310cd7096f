"""Oh Hell scoring: one hand's points per seat, and the winners at the end.

Worked example (RULES.md): 4 players, 5 cards, bids 2, 0, 1, 1 and tricks 2, 1, 1, 1 score
12, 0, 11, 11.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.errors import Unreadable
from companion.games.oh_hell.options import OhHellOptions


def points(bid: int, took: int, scoring: str) -> int:
    """One seat's points for a hand."""
    exact = bid == took
    if scoring == "tricks":
        return took + (10 if exact else 0)
    if scoring == "penalty":
        return 10 + bid if exact else -abs(bid - took)
    return 10 + bid if exact else 0


def score_hand(
    bids: Mapping[int, int], taken: Mapping[int, int], options: OhHellOptions
) -> dict[int, int]:
    """Every seat's points for a hand."""
    return {seat: points(bids[seat], taken[seat], options.scoring) for seat in sorted(bids)}


def read_bid(value: object, cards: int) -> int:
    """A bid as sent: a whole number from 0 to the hand size."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= cards:
        return value
    raise Unreadable(f"A bid this hand is a whole number from 0 to {cards}.", "bid")


def winners(totals: Mapping[int, int]) -> list[int]:
    """Every seat with the highest total (a tie shares the win)."""
    best = max(totals.values())
    return [seat for seat in sorted(totals) if totals[seat] == best]
