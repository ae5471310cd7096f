"""Points from cards taken, Flying by Night, and hand scores.

Points are the values of the consonant cards a seat took (singletons J K Q V X Z 20 each;
vowels and wilds nothing), less the cards in the seat's standing words. Flying by Night is
detected from **who took which cards**: one seat took all six singletons. That seat scores 0
for the hand and chooses: ``subtract`` (-50 to itself) or ``add`` (+50 to every other seat).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from companion.cards.alpha import AlphaCard, Deck
from companion.games.consonants.deal import SINGLETON_ORDER
from companion.games.consonants.letters import card_points

FLYING_POINTS = 50
FLYING_CHOICES = ("add", "subtract")


def points_from_taken(
    taken: Mapping[int, Iterable[AlphaCard]], deck: Deck, players: int
) -> dict[int, int]:
    """Points each seat took, as taken (words and Flying by Night not applied)."""
    return {seat: sum(card_points(c, deck) for c in taken.get(seat, ())) for seat in range(players)}


def deck_points(deck: Deck) -> int:
    """Points in the whole deck: what a hand gives out when no word stands and nobody flies."""
    return sum(card_points(card, deck) for card in deck.cards())


def flying_by_night(taken: Mapping[int, Iterable[AlphaCard]]) -> int | None:
    """The seat that took all six singletons, or None."""
    for seat, cards in taken.items():
        if set(SINGLETON_ORDER) <= set(cards):
            return seat
    return None


@dataclass(frozen=True)
class HandScores:
    """The result of a hand: ``scores`` per seat, or None while the flyer must choose."""

    scores: dict[int, int] | None
    choice_required: bool


def hand_scores(
    points: Mapping[int, int], flyer: int | None, choice: str | None = None
) -> HandScores:
    """Scores for the hand: the points, or with Flying by Night the flyer 0 and -50 to it
    (``subtract``) or +50 to everyone else (``add``). No choice given: choice required."""
    scores = dict(points)
    if flyer is None:
        return HandScores(scores, False)
    if choice not in FLYING_CHOICES:
        return HandScores(None, True)
    scores[flyer] = -FLYING_POINTS if choice == "subtract" else 0
    for seat in scores:
        if seat != flyer and choice == "add":
            scores[seat] += FLYING_POINTS
    return HandScores(scores, False)
