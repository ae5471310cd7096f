"""Card-notation helpers for the Consonants tests."""

from __future__ import annotations

from companion.cards.alpha import AlphaCard, PlayedAlpha
from companion.games.consonants import ConsonantsHand, ConsonantsOptions, check, options_from


def played(text: str) -> list[PlayedAlpha]:
    """``"J A/E=E ?=R T"`` -> the cards as played."""
    return [PlayedAlpha.parse(c) for c in text.split()]


def cards(text: str) -> list[AlphaCard]:
    return [AlphaCard.parse(c) for c in text.split()]


def hand(players: int, *tricks: tuple[int, str]) -> ConsonantsHand:
    return ConsonantsHand.of(players, [(lead, played(text)) for lead, text in tricks])


def rules(
    players: int,
    *tricks: tuple[int, str],
    kitty: str | None = None,
    options: ConsonantsOptions | None = None,
    dealer: int | None = None,
) -> list[tuple[int, int, str, str]]:
    """``(trick, seat, card, rule)`` of every violation."""
    opts = options or options_from({"players": players})
    aside = cards(kitty) if kitty is not None else None
    found = check(hand(players, *tricks), opts, aside, dealer)
    return [(v.trick, v.seat, str(v.card), v.rule) for v in found]
