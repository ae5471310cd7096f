"""Bidding in turn, as Spades and Oh Hell bid: from the dealer's left, clockwise, the dealer
last. A bid is a number of tricks; a game may add words for its own bids (Spades' nil).

Pure: standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping


def bid_order(dealer: int, players: int) -> list[int]:
    """The seats in the order they bid: the dealer's left first, the dealer last."""
    return [(dealer + step) % players for step in range(1, players + 1)]


def next_bidder(dealer: int, players: int, bids: Mapping[int, object]) -> int | None:
    """The seat whose bid is awaited, or None once every seat has bid."""
    return next((seat for seat in bid_order(dealer, players) if seat not in bids), None)


def hooked(cards: int, bids: Mapping[int, int], bid: int) -> bool:
    """Whether ``bid``, the last bid of the hand, makes the bids add up to the hand size
    exactly (the hook forbids it: someone must miss)."""
    return sum(bids.values()) + bid == cards


def hook_value(cards: int, bids: Mapping[int, int]) -> int | None:
    """The one bid the last bidder may not make, or None when no bid in 0..cards would make
    the total come out exactly."""
    value = cards - sum(bids.values())
    return value if 0 <= value <= cards else None
