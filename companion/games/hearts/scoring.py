"""Points from cards taken, moon/sun detection from who took which cards, hand scores.

The moon is detected from **who took which cards**, never from point totals: one seat (one
team when scores are pooled) took every heart and the QS. The sun (option): one seat took
every trick. The bonus card (JD/TD) counts on top, for whoever took it, moon or not.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from companion.cards.standard import Card
from companion.games.hearts.deal import cards_per_seat, deck
from companion.games.hearts.options import HeartsOptions
from companion.games.protocol import JSON

QS = Card.parse("QS")
MOON_POINTS = 26
SUN_POINTS = 52


def is_penalty(card: Card) -> bool:
    """Hearts and the QS are penalty cards."""
    return card.suit == "H" or card == QS


def bonus_card(options: HeartsOptions) -> Card | None:
    return Card.parse(options.bonus_card) if options.bonus_card else None


def card_points(card: Card, options: HeartsOptions) -> int:
    """1 per heart, 13 for the QS, ``bonus_points`` for the bonus card, else 0."""
    if card.suit == "H":
        return 1
    if card == QS:
        return 13
    return options.bonus_points if card == bonus_card(options) else 0


def penalty_cards(options: HeartsOptions) -> list[Card]:
    """Every heart and the QS (none is ever removed from the deck)."""
    return [card for card in deck(options) if is_penalty(card)]


def scoring_cards(options: HeartsOptions) -> list[Card]:
    """Penalty cards plus the bonus card when one is in use."""
    bonus = bonus_card(options)
    return penalty_cards(options) + ([bonus] if bonus else [])


def points_from_taken(
    taken: Mapping[int, Iterable[Card]], options: HeartsOptions
) -> dict[int, int]:
    """Points each seat took, as taken (before any moon)."""
    return {
        seat: sum(card_points(c, options) for c in taken.get(seat, ()))
        for seat in range(options.players)
    }


def teams(options: HeartsOptions) -> list[tuple[int, ...]]:
    """Partners sit opposite: seat s is with s + players/2. Without partners, one each."""
    n = options.players
    if not options.partnership:
        return [(seat,) for seat in range(n)]
    half = n // 2
    return [(seat, seat + half) for seat in range(half)]


def units(options: HeartsOptions) -> list[tuple[int, ...]]:
    """Who scores together in a hand: teams when pooled, else each seat alone."""
    return (
        teams(options)
        if options.partnership == "pooled"
        else [(s,) for s in range(options.players)]
    )


@dataclass(frozen=True)
class Shooter:
    """Who shot the moon or sun: ``seat`` (the first seat of a pooled team), ``seats``."""

    seat: int
    kind: str
    seats: tuple[int, ...]

    @property
    def value(self) -> int:
        return SUN_POINTS if self.kind == "sun" else MOON_POINTS

    def as_dict(self) -> dict[str, JSON]:
        return {"seat": self.seat, "kind": self.kind}


def find_shooter(
    taken: Mapping[int, Iterable[Card]],
    options: HeartsOptions,
    tricks_taken: Mapping[int, int] | None = None,
) -> Shooter | None:
    """The sun (option; one seat took every trick), else the moon (one seat, or a pooled
    team, took every penalty card). Decided from cards and tricks taken, never totals."""
    if options.shoot_the_sun and tricks_taken:
        every = cards_per_seat(options)
        for unit in units(options):  # a pooled team's sun is the team's, as its moon is
            if sum(tricks_taken.get(seat, 0) for seat in unit) == every:
                solo = next((s for s in unit if tricks_taken.get(s, 0) == every), unit[0])
                return Shooter(solo, "sun", unit)
    needed = set(penalty_cards(options))
    for unit in units(options):
        held = {card for seat in unit for card in taken.get(seat, ())}
        if needed <= held:
            return Shooter(unit[0], "moon", unit)
    return None
