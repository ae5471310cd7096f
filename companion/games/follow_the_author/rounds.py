"""Round structure: two hands a round (alpha, then omega), who deals and who leads.

The alpha dealer alternates: after each round, the seat that dealt the omega hand (the
alpha hand's non-dealer) deals the next alpha hand. Each hand deals 11 cards to each seat;
after the alpha hand 23 cards wait for the omega hand, which leaves one card over.
"""

from __future__ import annotations

from typing import Literal

from companion.errors import Unreadable
from companion.games.follow_the_author.options import DEFAULT, Options

Hand = Literal["alpha", "omega"]
HANDS: tuple[Hand, ...] = ("alpha", "omega")
SEATS = 2
HAND_SIZE = 11
DECK_SIZE = 45
LEFT_AFTER_DEAL: dict[Hand, int] = {"alpha": DECK_SIZE - 2 * HAND_SIZE, "omega": 1}
TO_PLAY = HAND_SIZE - 1  # one card of each hand goes face down to the opponent's store


def other(seat: int) -> int:
    return 1 - seat


def parse_hand(text: object) -> Hand:
    """``"alpha"`` or ``"omega"`` in any case."""
    value = text.strip().casefold() if isinstance(text, str) else None
    for hand in HANDS:
        if value == hand:
            return hand
    raise Unreadable(f'field \'hand\' must be "alpha" or "omega", not {text!r:.40}', "hand")


def alpha_dealer(round_index: int, options: Options = DEFAULT) -> int:
    """The seat dealing the alpha hand of round ``round_index`` (0-based)."""
    return options.first_alpha_dealer if round_index % 2 == 0 else other(options.first_alpha_dealer)


def dealer(round_index: int, hand: Hand, options: Options = DEFAULT) -> int:
    """The alpha hand's non-dealer deals the omega hand."""
    first = alpha_dealer(round_index, options)
    return first if hand == "alpha" else other(first)


def first_leader(round_index: int, hand: Hand, options: Options = DEFAULT) -> int:
    """Play begins with the non-dealer."""
    return other(dealer(round_index, hand, options))


def descending(hand: Hand, options: Options = DEFAULT) -> bool:
    """True when titles must go backwards (the omega hand under *Back and Forth*)."""
    return options.back_and_forth and hand == "omega"
