"""The deal: cards per seat, the kitty, the pass for each hand, the dealer, the opening lead.

The whole deck is dealt out evenly; what is left over is a face-down kitty (default deck of
74: 3 players 24 each + 2, 4 players 18 + 2, 5 players 14 + 4, 6 players 12 + 2). Hands are
numbered from 1; the pass for hand k is the Hearts cycle for the player count,
``cycle[(k - 1) % len(cycle)]``, with 4 cards (``trickgame.passing``, shared with Hearts).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from companion.cards.alpha import SINGLETONS, AlphaCard
from companion.games.consonants.options import ConsonantsOptions
from companion.games.trickgame.passing import Pass, cycle_is_house_rule
from companion.games.trickgame.passing import dealer_for_hand as dealer_for_hand
from companion.games.trickgame.passing import pass_for_hand as shared_pass_for_hand

__all__ = [
    "SINGLETON_ORDER",
    "cards_per_seat",
    "cycle_is_house_rule_for",
    "dealer_for_hand",
    "first_leader",
    "kitty_size",
    "leftover",
    "opening_card",
    "pass_for_hand",
]

SINGLETON_ORDER = tuple(AlphaCard(letter) for letter in SINGLETONS)
"""J leads the first trick; if it is in the kitty, the next of K, Q, V, X, Z that is not."""


def cards_per_seat(options: ConsonantsOptions) -> int:
    """Cards dealt to each seat: the deck divided evenly (74: 24, 18, 14, 12)."""
    return options.deck.size // options.players


def kitty_size(options: ConsonantsOptions) -> int:
    """Cards left over after the even deal (74: 2, 2, 4, 2 for 3, 4, 5, 6 players)."""
    return options.deck.size - cards_per_seat(options) * options.players


def pass_for_hand(options: ConsonantsOptions, hand: int) -> Pass:
    """The pass for hand ``hand`` (1-based): the Hearts cycle for this player count."""
    return shared_pass_for_hand(options, hand)


def cycle_is_house_rule_for(options: ConsonantsOptions) -> bool:
    """True when the pass cycle in force is a house rule, not from the texts (6 players)."""
    return cycle_is_house_rule(options)


def opening_card(options: ConsonantsOptions, kitty: Iterable[AlphaCard]) -> AlphaCard | None:
    """The card that must lead the first trick, given the kitty: the J, or the first of K,
    Q, V, X, Z with a copy outside the kitty. None when any card may lead (left of dealer,
    or every singleton is in the kitty)."""
    if options.first_lead == "left-of-dealer":
        return None
    aside = Counter(kitty)
    return next(
        (c for c in SINGLETON_ORDER if options.deck.copies.get(c, 0) > aside[c]),
        None,
    )


def first_leader(options: ConsonantsOptions, dealer: int) -> int | None:
    """With 'left-of-dealer', the seat that leads first; else None (the singleton's holder)."""
    if options.first_lead != "left-of-dealer":
        return None
    return (dealer + 1) % options.players


def leftover(options: ConsonantsOptions, played: Iterable[AlphaCard]) -> list[AlphaCard]:
    """The deck's cards not in ``played`` (the kitty once every card of a hand is entered)."""
    rest = Counter(options.deck.copies) - Counter(played)
    return sorted(rest.elements())
