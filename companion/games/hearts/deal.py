"""The deal: deck for the player count, cards per seat, kitty, passes, dealer, opening lead.

Hands are numbered from 1. The pass for hand k is ``cycle[(k - 1) % len(cycle)]``; the
dealer moves one seat left (clockwise) each hand (both shared with Consonants, in
``trickgame.passing``).
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.cards.standard import Card, full_deck
from companion.games.hearts.options import HeartsOptions
from companion.games.trickgame.passing import Pass as Pass
from companion.games.trickgame.passing import cycle_is_house_rule as cycle_is_house_rule
from companion.games.trickgame.passing import dealer_for_hand as dealer_for_hand
from companion.games.trickgame.passing import pass_for_hand as pass_for_hand


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
