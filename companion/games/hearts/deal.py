"""The deal: deck for the player count, cards per seat, kitty, passes, dealer, opening lead.

Hands are numbered from 1. The pass for hand k is ``cycle[(k - 1) % len(cycle)]``; the
dealer moves one seat left (clockwise) each hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.cards.standard import Card, full_deck
from companion.games.hearts.options import HOUSE_RULE_CYCLES, HeartsOptions

_OFFSETS = {"left": 1, "right": -1, "2nd-left": 2, "2nd-right": -2}
_WORDS = {
    "left": "to the left",
    "right": "to the right",
    "across": "across",
    "2nd-left": "to the second player on the left",
    "2nd-right": "to the second player on the right",
    "scatter": "one to each other player",
}


def removed_cards(options: HeartsOptions) -> list[Card]:
    """Cards taken out before the deal: 2D at 3 players, 2D and 2C at 5 (when removing)."""
    if options.uses_kitty or options.players not in (3, 5):
        return []
    return [Card.parse(c) for c in (("2D",) if options.players == 3 else ("2D", "2C"))]


def deck(options: HeartsOptions) -> list[Card]:
    """The cards in play for these options (52 less any removed cards)."""
    out = set(removed_cards(options))
    return [card for card in full_deck() if card not in out]


def cards_per_seat(options: HeartsOptions) -> int:
    """Cards dealt to each seat: 13 at 4; 17 at 3; 10 at 5; 8 at 6."""
    return len(deck(options)) // options.players


def kitty_size(options: HeartsOptions) -> int:
    """Cards left over after an even deal: 1 at 3 players, 2 at 5, 4 at 6 (kitty only)."""
    return len(deck(options)) - cards_per_seat(options) * options.players


def dealer_for_hand(hand: int, players: int, first_dealer: int = 0) -> int:
    """The dealer of hand ``hand`` (1-based): one seat further left each hand."""
    return (first_dealer + hand - 1) % players


@dataclass(frozen=True)
class Pass:
    """The pass for one hand: ``direction`` (a cycle word), ``cards`` per target."""

    direction: str
    players: int
    count: int

    @property
    def is_hold(self) -> bool:
        return self.direction == "hold" or self.count == 0

    @property
    def offset(self) -> int | None:
        """Seats to the left the cards go (None for hold and scatter)."""
        if self.is_hold or self.direction == "scatter":
            return None
        if self.direction == "across":
            return self.players // 2
        return _OFFSETS[self.direction] % self.players

    def targets(self, seat: int) -> list[int]:
        """Seats that ``seat`` passes to (every other seat for scatter; none for hold)."""
        if self.is_hold:
            return []
        if self.direction == "scatter":
            return [(seat + i) % self.players for i in range(1, self.players)]
        return [(seat + (self.offset or 0)) % self.players]

    def target(self, seat: int) -> int | None:
        """The single seat ``seat`` passes to (None for hold and scatter)."""
        targets = self.targets(seat)
        return targets[0] if len(targets) == 1 else None

    @property
    def cards_each(self) -> int:
        """Cards given to each target seat."""
        if self.direction == "scatter":
            return self.count // (self.players - 1)
        return self.count

    def describe(self) -> str:
        """In words, e.g. "pass 3 cards to the left", "hold (no pass)"."""
        if self.is_hold:
            return "hold (no pass)"
        if self.direction == "scatter":
            return f"scatter: pass {self.cards_each} card(s) to each other player"
        return f"pass {self.count} card{'s' if self.count != 1 else ''} {_WORDS[self.direction]}"


def pass_for_hand(options: HeartsOptions, hand: int) -> Pass:
    """The pass for hand ``hand`` (1-based): ``cycle[(hand - 1) % len(cycle)]``."""
    cycle = options.cycle
    return Pass(cycle[(hand - 1) % len(cycle)], options.players, options.pass_count)


def cycle_is_house_rule(options: HeartsOptions) -> bool:
    """True when the cycle in force is not from the rule texts (6 players)."""
    return options.players in HOUSE_RULE_CYCLES


def opening_lead(options: HeartsOptions, kitty: Iterable[Card] = ()) -> Card | None:
    """The card that must lead the first trick: the lowest club in play and not in the
    kitty (2C; 3C at 5 players with removal). None when the player left of the dealer
    leads any card."""
    if options.first_lead == "left-of-dealer":
        return None
    aside = set(kitty)
    clubs = [c for c in deck(options) if c.suit == "C" and c not in aside]
    return min(clubs, key=lambda c: c.rank_index)


def first_leader(options: HeartsOptions, dealer: int) -> int | None:
    """With 'left-of-dealer', the seat that leads first; else None (the club holder)."""
    return (dealer + 1) % options.players if options.first_lead == "left-of-dealer" else None
